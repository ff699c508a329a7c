"""Pure Helios rules on one player's board: payments, irradiation yields, final scoring.

A board is ``tiles`` (61 ints: ``-1`` none, ``0..4`` land colour, ``5..8`` special tile kind),
``res`` (61 * 5 resource counts: ``res[hex * 5 + colour]``) and ``temples`` (61 ints 0/1).
"""

from __future__ import annotations

from heliopolis.games.helios.components import (
    BLACK,  # fmt: skip
    BLUE,
    COLOURS,
    CREATED_LAND,
    DATA,
    FREE_FIELDS,
    RESOURCES_SP,
    TEMPLES_SP,
    Cost,
    P,
)

NB = DATA.nbrs
SPECIAL_BASE = 5


def holdings(res: list[int]) -> list[int]:
    """Resources held per colour (the sum over hexes of ``res[hex * 5 + colour]``)."""
    return [sum(res[c::5]) for c in range(5)]


def normalize(cost: Cost, held: list[int]) -> tuple[list[int], int, int]:
    """HE-PAY-3 (strict, HE-AMB-3): ``(specific needs, one-of needs, any needs)`` for a building or
    person; a specific colour the player holds none of becomes 2 of any colour."""
    spec = [0] * 5
    anyn = cost.any
    for c, n in enumerate(cost.specific):
        if n:
            if held[c]:
                spec[c] = n
            else:
                anyn += 2 * n
    one = 0
    if cost.one_of:
        if any(held[c] for c in cost.one_of):
            one = 1
        else:
            anyn += 2
    return spec, one, anyn


def affordable_needs(needs: tuple[tuple[int, int], ...], anyn: int, one_of: tuple[int, ...], held: list[int],
                     total: int, bb: int) -> bool:  # fmt: skip
    """``feasible(held, *normalize(cost, held))`` without building the lists (the legality hot path): the
    specific colours as ``(colour, count)`` pairs of the needed ones, and the holdings' total and black +
    blue given (what ``legality`` keeps per cost and per call)."""
    for c, n in needs:
        h = held[c]
        if h:
            if h < n:
                return False
            total -= n
            if c == BLACK or c == BLUE:
                bb -= n
        else:
            anyn += 2 * n
    one = 0
    if one_of:
        for c in one_of:
            if held[c]:
                one = 1
                break
        if not one:
            anyn += 2
    if one and bb < one:
        return False
    return total - one >= anyn


def feasible(held: list[int], spec: list[int], one: int, anyn: int) -> bool:
    """HE-PAY-5: every requirement met at once by distinct resources (one-of = black or blue)."""
    total = 0
    for c in range(5):
        x = held[c] - spec[c]
        if x < 0:
            return False
        total += x
    if one and held[BLACK] - spec[BLACK] + held[BLUE] - spec[BLUE] < one:
        return False
    return total - one >= anyn


def assign(c: int, spec: list[int], one: int, anyn: int) -> tuple[list[int], int, int] | None:
    """The requirement a paid resource of colour c meets (most restrictive first), or ``None``."""
    if spec[c]:
        s = spec[:]
        s[c] -= 1
        return s, one, anyn
    if one and c in (BLACK, BLUE):
        return spec, one - 1, anyn
    if anyn:
        return spec, one, anyn - 1
    return None


def tile_count(tiles: list[int]) -> int:
    return sum(1 for t in tiles if t >= 0)


def adjacent_tiles(tiles: list[int], h: int) -> int:
    return sum(1 for n in NB[h] if n >= 0 and tiles[n] >= 0)


def temple_vp(tiles: list[int], h: int, council: bool) -> int:
    """HE-IRR-4: 1 for the temple's tile + 1 per adjacent land/special tile (+3 with the Rat)."""
    return 1 + adjacent_tiles(tiles, h) + (3 if council else 0)


def reached_corners(tiles: list[int]) -> int:
    """HE-FIELD-3: corner fields with at least one adjacent tile."""
    k = 0
    for c in DATA.corners:
        for n in NB[c]:
            if n >= 0 and tiles[n] >= 0:
                k += 1
                break
    return k


def special_vp(tiles: list[int], res: list[int], temples: list[int], h: int) -> int:
    """HE-SPEC-1..4 for the special tile on hex h."""
    kind = tiles[h] - SPECIAL_BASE
    near = [n for n in NB[h] if n >= 0]
    if kind == FREE_FIELDS:
        return sum(1 for n in near if tiles[n] < 0)
    group = [h] + [n for n in near if tiles[n] >= 0]
    if kind == CREATED_LAND:
        return 2 * len(group)
    if kind == RESOURCES_SP:
        return 2 * sum(sum(res[g * 5 : (g + 1) * 5]) for g in group)
    assert kind == TEMPLES_SP
    return 4 * sum(temples[g] for g in group)


def final_breakdown(tiles: list[int], res: list[int], temples: list[int], buildings: int, active: int,
                    mana: int, sun_range: int) -> dict[str, int]:  # fmt: skip
    """HE-END-2 (a)-(f) for one player: VP per category (the bag is added by the caller)."""

    def has(pid: str) -> bool:
        return bool(active >> P[pid] & 1)

    corners = reached_corners(tiles) * (DATA.corner_vp_explorer if has("explorer") else DATA.corner_vp)
    specials = 0
    for h in range(len(tiles)):
        if tiles[h] >= SPECIAL_BASE:
            specials += special_vp(tiles, res, temples, h)
    built = 0
    for i in range(len(DATA.buildings)):
        if buildings >> i & 1:
            built += DATA.buildings[i].vp
    n_res = sum(res)
    persons = 0
    if has("architect"):
        persons += 3 * (sum(temples) + bin(buildings).count("1"))
    if has("prophetess"):
        persons += 2 * tile_count(tiles)
    if has("inventor"):
        persons += 5 * sum(1 for t in tiles if t >= SPECIAL_BASE)
    if has("cartographer"):
        persons += min(15, 3 * len({t for t in tiles if 0 <= t < SPECIAL_BASE}))
    if has("priestess"):
        persons += 12
    if has("princess"):
        persons += 2 * sun_range
    if has("treasurer"):
        persons += 2 * n_res
    mana_vp = mana * (3 if has("treasurer") else 1)
    return {"corners": corners, "specials": specials, "buildings": built, "persons": persons, "mana": mana_vp}


assert len(COLOURS) == 5

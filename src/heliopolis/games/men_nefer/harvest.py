"""The Harvest (MN-SCORE-1..9), trade-agreement conditions (MN-TA), queens'-pyramid tiles (MN-QP),
the end and the tie-break (MN-END).

The scoring functions read the state without changing it (``harvest_points``), so heuristics can
preview a Harvest; ``_harvest`` applies the steps in order for every player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import DATA, GP_SEAL, NUM_HOUSES, WARE_SPACES
from heliopolis.games.men_nefer.perform import (
    CAT_DUAT,
    CAT_GP,
    CAT_QUEENS,
    CAT_SARC,
    CAT_SUN,
    CAT_TA,
    NCAT,
)
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

ROW_LEN: Final = len(DATA.papyrus_slot_cost)
PRIEST_W: Final = (DATA.rooms + 1) * 2


def _best_seal(seals: list[int]) -> tuple[int, ...]:
    out, best = [], 0
    for v in seals:
        best = max(best, v)
        out.append(best)
    return tuple(out)


SUN_SEAL: Final = _best_seal(list(DATA.obelisk_seal))  # highest seal reached or passed, per position
GP_BEST: Final = _best_seal([n if k == GP_SEAL else 0 for k, n in DATA.gp_feature])


# -- counts used by conditions and queens' tiles ---------------------------------------------------
def heart_value(s: MenNeferState, p: int) -> int:
    return s.heart[p] - DATA.heart_start  # MN-CONC-2 / MN-AMB-16: steps moved


def feather_value(s: MenNeferState, p: int) -> int:
    return DATA.feather_start - s.feather[p]


def sarcophagi(s: MenNeferState, p: int) -> int:
    return s.graves.count(p)


def sphinxes(s: MenNeferState, p: int) -> int:
    return s.pedestals.count(p)


def baskets(s: MenNeferState, p: int) -> int:
    return s.temple.count(p)


def ware_count(s: MenNeferState, p: int) -> int:
    return sum(1 for w in s.wares[p * WARE_SPACES : (p + 1) * WARE_SPACES] if w >= 0)


def ware_kinds(s: MenNeferState, p: int) -> int:
    """MN-AMB-44: either face counts."""
    return len({DATA.ware_kind[w] for w in s.wares[p * WARE_SPACES : (p + 1) * WARE_SPACES] if w >= 0})


def fulfilled(s: MenNeferState, p: int) -> int:
    return sum(1 for t in s.ta[p * DATA.ta_slots : (p + 1) * DATA.ta_slots] if t >= 0 and t & 1)


def priestess_rooms(s: MenNeferState, p: int) -> list[int]:
    out = []
    for room in range(1, DATA.rooms + 1):
        out += [room] * (s.priest[p * PRIEST_W + room * 2] + s.priest[p * PRIEST_W + room * 2 + 1])
    return out


def rooms_met(s: MenNeferState, p: int, rooms: tuple[int, ...]) -> bool:
    """MN-TA-9 / MN-AMB-45: a distinct priestess in each listed room or deeper (greedy, deepest first)."""
    have = sorted(priestess_rooms(s, p), reverse=True)
    need = sorted(rooms, reverse=True)
    return len(have) >= len(need) and all(h >= r for h, r in zip(have, need))


# the agreements' condition kinds as small ints (compared per open agreement at every Harvest and
# in every heuristic evaluation)
CONDITIONS: Final = ("sarcophagi", "sphinxes", "obelisk", "eyes", "feather", "priestesses", "wares",
                     "different_wares", "rooms", "boats_out", "fulfilled", "fishing", "two_scarabs",
                     "hieroglyph", "baskets", "papyri", "great_pyramid", "heart")  # fmt: skip
C_SARC: Final = CONDITIONS.index("sarcophagi")
C_SPHINX: Final = CONDITIONS.index("sphinxes")
C_OBELISK: Final = CONDITIONS.index("obelisk")
C_EYES: Final = CONDITIONS.index("eyes")
C_FEATHER: Final = CONDITIONS.index("feather")
C_PRIESTESSES: Final = CONDITIONS.index("priestesses")
C_WARES: Final = CONDITIONS.index("wares")
C_KINDS: Final = CONDITIONS.index("different_wares")
C_ROOMS: Final = CONDITIONS.index("rooms")
C_BOATS_OUT: Final = CONDITIONS.index("boats_out")
C_FULFILLED: Final = CONDITIONS.index("fulfilled")
C_FISHING: Final = CONDITIONS.index("fishing")
C_SCARABS: Final = CONDITIONS.index("two_scarabs")
C_GLYPH: Final = CONDITIONS.index("hieroglyph")
C_BASKETS: Final = CONDITIONS.index("baskets")
C_PAPYRI: Final = CONDITIONS.index("papyri")
C_GP: Final = CONDITIONS.index("great_pyramid")
C_HEART: Final = CONDITIONS.index("heart")
TA_CONDITION: Final = tuple(CONDITIONS.index(k) if k in CONDITIONS else -1 for k in DATA.ta_kind)


def condition_met(s: MenNeferState, p: int, t: int) -> bool:
    kind, n = TA_CONDITION[t], DATA.ta_n[t]
    nb = DATA.boats
    if kind == C_SARC:
        return sarcophagi(s, p) >= n
    if kind == C_SPHINX:
        return sphinxes(s, p) >= n
    if kind == C_OBELISK:
        return s.sun[p] >= n
    if kind == C_EYES:
        return sum(s.qp_eyes[p * DATA.queens : (p + 1) * DATA.queens]) >= n
    if kind == C_FEATHER:
        return feather_value(s, p) >= n
    if kind == C_PRIESTESSES:
        return len(priestess_rooms(s, p)) >= n
    if kind == C_WARES:
        return ware_count(s, p) >= n
    if kind == C_KINDS:
        return ware_kinds(s, p) >= n
    if kind == C_ROOMS:
        return rooms_met(s, p, DATA.ta_rooms[t])
    if kind == C_BOATS_OUT:
        return sum(1 for b in range(nb) if s.boats[p * nb + b] != 0) >= n
    if kind == C_FULFILLED:
        return fulfilled(s, p) >= n
    if kind == C_FISHING:
        return sum(DATA.loc_fishing[s.boats[p * nb + b]] for b in range(nb)) >= n
    if kind == C_SCARABS:
        sc = s.scarab[p * NUM_HOUSES : (p + 1) * NUM_HOUSES]
        named = DATA.ta_named[t]
        if s.opt.two_scarabs_named and named:  # MN-AMB-46 alternative
            houses, m = named
            return sum(sc[h] for h in houses) >= m
        top = sorted(sc, reverse=True)
        return top[0] + top[1] >= n  # MN-TA-13: the best two
    if kind == C_GLYPH:
        return s.glyph[p] >= n
    if kind == C_BASKETS:
        return baskets(s, p) >= n
    if kind == C_PAPYRI:
        return s.rolled[p] >= n
    if kind == C_GP:
        return s.gp[p] >= n
    if kind == C_HEART:
        return heart_value(s, p) >= n
    raise AssertionError(f"unknown condition {DATA.ta_kind[t]}")  # pragma: no cover - validated at load


def _fulfilled_pairs(s: MenNeferState, p: int) -> int:
    return fulfilled(s, p) // 2  # MN-AMB-32: pairs


def _rolled_pairs(s: MenNeferState, p: int) -> int:
    return s.rolled[p] // 2


# MN-QP-1..6: what the queens' tiles QT1..QT6 count (the loader checks the tile ids)
QUEENS_COUNTS: Final = (baskets, sarcophagi, sphinxes, ware_kinds, _fulfilled_pairs, _rolled_pairs)


def queens_count(s: MenNeferState, p: int, tile: int) -> int:
    return QUEENS_COUNTS[tile](s, p)


def papyrus_steps(s: MenNeferState, p: int) -> int:
    """MN-SCORE-2: 1 step per papyrus in the row plus 1 per completed drawing between neighbours."""
    row = s.row
    steps = 0
    last = -1
    for i in range(p * ROW_LEN, (p + 1) * ROW_LEN):
        x = row[i]
        if x >= 0:
            steps += 1
            if last >= 0 and DATA.papyrus_right[last] == DATA.papyrus_left[x]:
                steps += 1
            last = x
    return steps


def _duat(heart: int, feather: int) -> int:
    lo, hi = min(heart, feather), max(heart, feather)
    k = sum(1 for x in DATA.scales if lo < x < hi)
    return k if heart > feather else -k  # MN-CONC-3: the same space has not passed


DUAT: Final = tuple(tuple(_duat(h, f) for f in range(DATA.duat_last + 1)) for h in range(DATA.duat_last + 1))


def duat_points(heart: int, feather: int) -> int:
    """MN-SCORE-3: scale symbols strictly between the markers; +1 each once passed, else -1 each."""
    return DUAT[heart][feather]


def flips(s: MenNeferState, p: int) -> list[int]:
    """MN-SCORE-4 / MN-AMB-10: board slots of open agreements fulfilled now, to a fixed point."""
    w = DATA.ta_slots
    board = s.ta[p * w : (p + 1) * w]
    done: list[int] = []
    saved = s.ta  # a copy-on-write field (state.FIELDS): a copy is marked, then the list put back
    s.ta = saved[:]
    try:
        changed = True
        while changed:
            changed = False
            for i, t in enumerate(board):
                if t >= 0 and not t & 1 and i not in done and condition_met(s, p, t >> 1):
                    done.append(i)
                    s.ta[p * w + i] = t | 1  # visible to "fulfilled" conditions in this step
                    changed = True
    finally:
        s.ta = saved
    return done


def agreement_points(s: MenNeferState, p: int, flipped: list[int]) -> int:
    w = DATA.ta_slots
    total = 0
    for i, t in enumerate(s.ta[p * w : (p + 1) * w]):
        if t >= 0 and (t & 1 or i in flipped):
            total += DATA.ta_value[t >> 1]
    return total


def sarcophagus_points(s: MenNeferState, p: int) -> int:
    """MN-SCORE-5: each placed sarcophagus scores its two mastaba tiles' PP, every Harvest."""
    total = 0
    for g, owner in enumerate(s.graves):
        if owner == p:
            h, v = DATA.grave_mastabas[g]
            total += DATA.mastaba_pp[s.mastaba[h]] + DATA.mastaba_pp[s.mastaba[v]]
    return total


def queens_points(s: MenNeferState, p: int) -> int:
    """MN-SCORE-8: per pyramid, its tile's count times the player's eyes beside it."""
    q = DATA.queens
    eyes = s.qp_eyes
    total = 0
    for i in range(q):
        if eyes[p * q + i]:  # a pyramid without the player's eyes scores nothing: its count is not needed
            total += queens_count(s, p, s.qtiles[i]) * eyes[p * q + i]
    return total


def harvest_points(s: MenNeferState, p: int) -> dict[str, int]:
    """The PP a Harvest now would give p, per step, without changing the state."""
    steps = papyrus_steps(s, p)
    feather = max(0, s.feather[p] - steps)
    return {
        "duat": max(-s.pp[p], duat_points(s.heart[p], feather)),
        "agreements": agreement_points(s, p, flips(s, p)),
        "sarcophagi": sarcophagus_points(s, p),
        "sun_disc": SUN_SEAL[s.sun[p]],
        "great_pyramid": GP_BEST[s.gp[p]],
        "queens": queens_points(s, p),
    }


PP_MIN: Final = DATA.pp_min


def _add(s: MenNeferState, p: int, cat: int, n: int) -> None:
    low = PP_MIN - s.pp[p]  # MN-GEN-3: never below 0
    if n < low:
        n = low
    s.pp[p] += n
    s.pp_cat[p * NCAT + cat] += n


@T.auto("harvest")
def _harvest(s: MenNeferState, task: Task) -> None:
    """MN-SCORE-1: papyrus, Duat, agreements, sarcophagi, sun disc, Great Pyramid, queens'."""
    before = s.pp[:]
    own_field(s, "rolled")  # copy on write (state.FIELDS "c", core.state)
    own_field(s, "row")
    own_field(s, "ta")
    for p in range(s.n):
        k = len(s.used) // s.n
        assert s.used[p * k : (p + 1) * k] == [DATA.options_per_era] * k, "MN-FLOW-3: each option 3 times"
        steps = papyrus_steps(s, p)  # MN-SCORE-2: score and roll up
        s.feather[p] = max(0, s.feather[p] - steps)
        s.rolled[p] += ROW_LEN - s.row[p * ROW_LEN : (p + 1) * ROW_LEN].count(-1)
        s.row[p * ROW_LEN : (p + 1) * ROW_LEN] = [-1] * ROW_LEN
        _add(s, p, CAT_DUAT, duat_points(s.heart[p], s.feather[p]))  # MN-SCORE-3
        w = DATA.ta_slots
        for i in flips(s, p):  # MN-SCORE-4: flip, then score every fulfilled agreement
            s.ta[p * w + i] |= 1
        _add(s, p, CAT_TA, agreement_points(s, p, []))
        _add(s, p, CAT_SARC, sarcophagus_points(s, p))  # MN-SCORE-5
        _add(s, p, CAT_SUN, SUN_SEAL[s.sun[p]])  # MN-SCORE-6
        _add(s, p, CAT_GP, GP_BEST[s.gp[p]])  # MN-SCORE-7
        _add(s, p, CAT_QUEENS, queens_points(s, p))  # MN-SCORE-8
    s.harvest_log = s.harvest_log + [(s.era, tuple(before), tuple(s.pp))]  # copy-on-write field (state.FIELDS)
    if s.era >= DATA.eras:
        s.over = True  # MN-FLOW-4 / MN-END-1: no further scoring
    else:
        s.todo.append(("flood",))


def tie_value(s: MenNeferState, p: int) -> int:
    """MN-END-3 / MN-AMB-16: the values under heart and feather (= steps moved)."""
    return heart_value(s, p) + feather_value(s, p)


def winners(s: MenNeferState) -> list[int]:
    """MN-END-2..4: most PP; then the purest heart; still tied: shared victory."""
    best = max(s.pp)
    tied = [p for p in range(s.n) if s.pp[p] == best]
    top = max(tie_value(s, p) for p in tied)
    return [p for p in tied if tie_value(s, p) == top]

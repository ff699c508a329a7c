"""The formal sun model (HE-SUN-2..14, HE-AMB-14): free hexes, dead ends, the coast, shortcuts.

Pure functions of one player's board: ``tiles`` is a list of 61 ints (``-1`` = no tile). An *edge*
is ``tile_hex * 6 + direction`` (HE-SUN-4). A sun position is identified by its *anchor* edge
(HE-SUN-6). Nothing here is cached: the functions are cheap enough for a 61-hex board.
"""

from __future__ import annotations

from dataclasses import dataclass

from heliopolis.games.helios.components import DATA

NB = DATA.nbrs
HEXQ = tuple(q for q, _ in DATA.hexes)
LIGHT = DATA.light
YELLOW = DATA.yellow


def outer_free(tiles: list[int]) -> set[int]:
    """HE-SUN-2: free hexes connected to the dark border through free hexes."""
    seen = {i for i in range(len(tiles)) if not LIGHT[i] and tiles[i] < 0}
    stack = list(seen)
    while stack:
        h = stack.pop()
        for n in NB[h]:
            if n >= 0 and n not in seen and tiles[n] < 0:
                seen.add(n)
                stack.append(n)
    return seen


def dead_ends(free: set[int]) -> set[int]:
    """HE-SUN-3: iterative pruning of hexes with at most one remaining free neighbour."""
    alive = set(free)
    changed = True
    while changed:
        changed = False
        for h in list(alive):
            if LIGHT[h] and sum(1 for n in NB[h] if n in alive) <= 1:  # HE-AMB-15: dark never
                alive.discard(h)
                changed = True
    return free - alive


def enclosed(tiles: list[int], sun: int) -> bool:
    """HE-LAND-2e / HE-AMB-18: the sun's hex is cut off from the dark border."""
    return sun not in outer_free(tiles)


def placements(tiles: list[int], sun: int) -> list[int]:
    """HE-LAND-2: hexes where a tile may be created (light, empty, adjacent, not the sun, no enclosure)."""
    out = []
    for h in range(len(tiles)):
        if not LIGHT[h] or tiles[h] >= 0 or h == sun:
            continue
        if not any(n >= 0 and tiles[n] >= 0 for n in NB[h]):
            continue
        tiles[h] = 99
        bad = enclosed(tiles, sun)
        tiles[h] = -1
        if not bad:
            out.append(h)
    return out


def crossing(a: int, b: int) -> int:
    """HE-SUN-10: change of the lap counter X for a step from hex a to hex b."""
    if b in YELLOW and a not in YELLOW and HEXQ[a] < 0:
        return 1
    if a in YELLOW and b not in YELLOW and HEXQ[b] < 0:
        return -1
    return 0


@dataclass
class Coast:
    """The cyclic coast (HE-SUN-4): ``hexes[i]`` of position i; ``pos_of_edge`` maps every outer
    boundary edge (dead-end edges included, HE-SUN-7) to the position it belongs to."""

    hexes: list[int]
    pos_of_edge: dict[int, int]
    dead: set[int]
    free: set[int]
    dead_edges: set[int]


def coast(tiles: list[int]) -> Coast:
    free = outer_free(tiles)
    dead = dead_ends(free)
    start = None
    for t in range(len(tiles)):
        if tiles[t] >= 0:
            for i in range(6):
                if NB[t][i] in free:
                    start = t * 6 + i
                    break
        if start is not None:
            break
    assert start is not None
    edges = []
    e = start
    while True:
        edges.append(e)
        t, i = divmod(e, 6)
        j = (i + 1) % 6
        n = NB[t][j]
        e = n * 6 + (i - 1) % 6 if n >= 0 and tiles[n] >= 0 else t * 6 + j  # HE-SUN-4 successor rule
        if e == start:
            break
        if len(edges) > 61 * 6:
            raise AssertionError("boundary walk does not close")
    # Every successor faces the same free hex or one adjacent to it, so the walk never leaves the
    # outer free region; the assertion guards that argument.
    assert all(NB[x // 6][x % 6] in free for x in edges)
    runs: list[list] = []
    for x in edges:
        h = NB[x // 6][x % 6]
        if runs and runs[-1][0] == h:
            runs[-1][1].append(x)
        else:
            runs.append([h, [x]])
    if len(runs) > 1 and runs[0][0] == runs[-1][0]:
        runs[0][1][:0] = runs.pop()[1]
    # delete dead-end runs; their edges join the run before them (which merges with the one after)
    k = next((i for i, r in enumerate(runs) if r[0] not in dead), None)
    assert k is not None, "the coast has no hex outside dead ends"
    runs = runs[k:] + runs[:k]
    kept: list[list] = []
    dead_edges: set[int] = set()
    for h, es in runs:
        if h in dead:
            kept[-1][1].extend(es)
            dead_edges.update(es)
        elif kept and kept[-1][0] == h:
            kept[-1][1].extend(es)
        else:
            kept.append([h, list(es)])
    if len(kept) > 1 and kept[0][0] == kept[-1][0]:
        kept[0][1][:0] = kept.pop()[1]
    pos_of_edge = {x: i for i, (_, es) in enumerate(kept) for x in es}
    return Coast([h for h, _ in kept], pos_of_edge, dead, free, dead_edges)


def steps_from(c: Coast, p: int) -> list[tuple[int, int]]:
    """HE-SUN-5: ``(k, hex)`` for every legal step from position p (smallest k per hex)."""
    n = len(c.hexes)
    hp = c.hexes[p]
    out = []
    seen = set()
    acc = 0
    for k in range(1, n):
        a, b = c.hexes[(p + k - 1) % n], c.hexes[(p + k) % n]
        acc += crossing(a, b)
        if b in seen or b not in NB[hp]:
            continue
        if acc + crossing(b, hp) == 0:
            seen.add(b)
            out.append((k, b))
    return out


def dead_path(c: Coast, sun: int) -> list[int]:
    """HE-SUN-7: the hexes from the sun (inside a dead end) out to the attachment hex, exclusive
    of the sun's hex, inclusive of the attachment hex."""
    prev = {sun: -1}
    queue = [sun]
    while queue:
        h = queue.pop(0)
        if h not in c.dead:
            path = []
            while h != sun:
                path.append(h)
                h = prev[h]
            return path[::-1]
        for nb in NB[h]:
            if nb >= 0 and nb in c.free and nb not in prev:
                prev[nb] = h
                queue.append(nb)
    raise AssertionError("dead end without attachment")


def edge_to(tiles: list[int], h: int) -> int:
    """Some boundary edge (tile, side) facing hex h (an anchor for a sun resting on h)."""
    for d, n in enumerate(NB[h]):
        if n >= 0 and tiles[n] >= 0:
            return n * 6 + (d + 3) % 6
    raise AssertionError("the sun's hex touches no tile")

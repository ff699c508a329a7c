"""The formal sun model (HE-SUN-2..14, HE-AMB-14): free hexes, dead ends, the coast, shortcuts.

Pure functions of one player's board: ``tiles`` is a list of 61 ints (``-1`` = no tile). An *edge*
is ``tile_hex * 6 + direction`` (HE-SUN-4). A sun position is identified by its *anchor* edge
(HE-SUN-6). ``coast_cached`` memoises on the board (search bots revisit boards constantly);
the rules keep each seat's coast and placement candidates with its board (``legality.geo``).
"""

from __future__ import annotations

from typing import Final

from heliopolis.games.helios.components import DATA

NB: Final[tuple[tuple[int, ...], ...]] = DATA.nbrs
HEXQ: Final = tuple(q for q, _ in DATA.hexes)
LIGHT: Final[tuple[bool, ...]] = DATA.light
YELLOW: Final[frozenset[int]] = DATA.yellow
NBV: Final = tuple(tuple(x for x in nb if x >= 0) for nb in NB)  # on-board neighbours only
DARK: Final = tuple(i for i in range(len(NB)) if not LIGHT[i])
LIGHTS: Final = tuple(i for i in range(len(NB)) if LIGHT[i])
# Per edge ``tile * 6 + direction`` (HE-SUN-4): the hex it faces, the neighbour round its corner, and
# its successor on the coast when that neighbour holds a tile (``PIVOT``) or not (``TURN``).
EDGE_FACING: Final = tuple(NB[e // 6][e % 6] for e in range(len(NB) * 6))
EDGE_CORNER: Final = tuple(NB[e // 6][(e % 6 + 1) % 6] for e in range(len(NB) * 6))
EDGE_PIVOT: Final = tuple(EDGE_CORNER[e] * 6 + (e % 6 - 1) % 6 if EDGE_CORNER[e] >= 0 else -1
                          for e in range(len(NB) * 6))  # fmt: skip
EDGE_TURN: Final = tuple(e // 6 * 6 + (e % 6 + 1) % 6 for e in range(len(NB) * 6))
# memo size (a full memo is simply cleared): a few kB per coast; more entries save few coasts
# (random playouts: 4.6 coasts worked out per game with 4096, 5.2 with 1024, 10 with none) and
# cost the cyclic GC a walk over each
_COAST_MAX: Final = 1024
coast_memo: dict[int, Coast] = {}  # by occupancy() (coast_cached; read it, never change it)


def outer_free(tiles: list[int]) -> set[int]:
    """HE-SUN-2: free hexes connected to the dark border through free hexes."""
    seen = _outer_free_mask(tiles)
    return {h for h in range(len(seen)) if seen[h]}


def _outer_free_mask(tiles: list[int]) -> list[bool]:
    """``outer_free`` as one flag per hex."""
    seen = [False] * len(tiles)
    stack = [i for i in DARK if tiles[i] < 0]
    for i in stack:
        seen[i] = True
    while stack:
        h = stack.pop()
        for n in NBV[h]:
            if not seen[n] and tiles[n] < 0:
                seen[n] = True
                stack.append(n)
    return seen


def dead_ends(free: set[int]) -> set[int]:
    """HE-SUN-3: iterative pruning of hexes with at most one remaining free neighbour (dark hexes
    never, HE-AMB-15)."""
    alive = [False] * len(NB)
    for h in free:
        alive[h] = True
    return _dead_ends_mask(alive)


def _dead_ends_mask(free: list[bool]) -> set[int]:
    """``dead_ends`` of the free hexes flagged in ``free``. The fixed point is unique, so hexes are
    pruned from a work list, each neighbour's count of remaining free neighbours kept up to date."""
    alive = free[:]
    count = [0] * len(NB)
    stack = []
    for h in LIGHTS:
        if alive[h]:
            k = 0
            for n in NBV[h]:
                if alive[n]:
                    k += 1
            count[h] = k
            if k <= 1:
                stack.append(h)
    dead: set[int] = set()
    while stack:
        h = stack.pop()
        if not alive[h]:
            continue
        alive[h] = False
        dead.add(h)
        for n in NBV[h]:
            if alive[n] and LIGHT[n]:
                count[n] -= 1
                if count[n] <= 1:
                    stack.append(n)
    return dead


def enclosed(tiles: list[int], sun: int) -> bool:
    """HE-LAND-2e / HE-AMB-18: the sun's hex is cut off from the dark border."""
    return sun not in outer_free(tiles)


def placements(tiles: list[int], sun: int) -> list[int]:
    """HE-LAND-2: hexes where a tile may be created (light, empty, adjacent, not the sun, no enclosure).
    The rules keep the board's candidates between calls (``legality.placements_of``)."""
    return _placements(tiles, sun)


def _placements(tiles: list[int], sun: int) -> list[int]:
    """Equivalent to filling each candidate and asking ``enclosed``, but cheap: a candidate whose
    free neighbours form one unbroken arc around it cannot cut any free region in two (a path
    through it can go round along the arc), so only the others are filled and flood-filled, from
    the sun outwards until a free dark hex is reached (``_reaches_border``)."""
    cands, arcs = placement_candidates(tiles)
    return placements_among(tiles, sun, cands, arcs)


def placement_candidates(tiles: list[int]) -> tuple[list[int], list[int]]:
    """The light empty hexes next to a tile (ascending) and, per hex (indexed by hex), 0 if it is
    no candidate, 1 if its free neighbours form one arc (``_one_arc``), 2 if not: what
    ``placements`` needs of the board whatever the sun's hex."""
    cands = []
    arcs = [0] * len(tiles)
    for h in LIGHTS:
        if tiles[h] < 0:
            for x in NBV[h]:
                if tiles[x] >= 0:
                    cands.append(h)
                    arcs[h] = 1 if _one_arc(tiles, h) else 2
                    break
    return cands, arcs


def placements_among(tiles: list[int], sun: int, cands: list[int], arcs: list[int],
                     free: list[bool] | None = None) -> list[int]:  # fmt: skip
    """``placements`` from the board's ``placement_candidates`` (and its outer free hexes,
    ``_outer_free_mask``, when known)."""
    if tiles[sun] >= 0:
        return []  # (a tile on the sun's hex: enclosed whatever is placed)
    if not cands or not (free[sun] if free is not None else _reaches_border(tiles, sun, -1)):
        return []  # (none, or the sun is already enclosed)
    out = []
    for h in cands:
        if h != sun and (arcs[h] == 1 or _reaches_border(tiles, sun, h)):
            out.append(h)
    return out


def _arc_count(mask: int) -> int:
    """Runs of set bits in the 6-bit ring ``mask`` (bit d: the neighbour in direction d is free)."""
    return sum(1 for d in range(6) if mask >> d & 1 and not mask >> (d - 1) % 6 & 1)


# per 6-bit ring of free neighbours: whether they form at most one run
ONE_ARC: Final = tuple(_arc_count(m) <= 1 for m in range(64))


def _one_arc(tiles: list[int], h: int) -> bool:
    """Whether the free neighbours of the light hex h form at most one run around it (a light hex
    has all six neighbours on the board, and consecutive ones are adjacent to each other)."""
    nb = NB[h]
    return ONE_ARC[(tiles[nb[0]] < 0) | (tiles[nb[1]] < 0) << 1 | (tiles[nb[2]] < 0) << 2
                   | (tiles[nb[3]] < 0) << 3 | (tiles[nb[4]] < 0) << 4 | (tiles[nb[5]] < 0) << 5]  # fmt: skip


def _reaches_border(tiles: list[int], sun: int, blocked: int) -> bool:
    """Whether the sun's hex connects to a free dark hex through free hexes other than ``blocked``."""
    if not LIGHT[sun]:
        return True
    seen = [False] * len(tiles)
    seen[sun] = True
    if blocked >= 0:
        seen[blocked] = True
    stack = [sun]
    while stack:
        v = stack.pop()
        for w in NBV[v]:
            if not seen[w] and tiles[w] < 0:
                if not LIGHT[w]:
                    return True
                seen[w] = True
                stack.append(w)
    return False


def _crossing(a: int, b: int) -> int:
    if b in YELLOW and a not in YELLOW and HEXQ[a] < 0:
        return 1
    if a in YELLOW and b not in YELLOW and HEXQ[b] < 0:
        return -1
    return 0


# HE-SUN-10 for every pair of hexes, worked out once: CROSSING[a * 61 + b]
CROSSING: Final = tuple(_crossing(a, b) for a in range(len(NB)) for b in range(len(NB)))
_N: Final = len(NB)


def crossing(a: int, b: int) -> int:
    """HE-SUN-10: change of the lap counter X for a step from hex a to hex b."""
    return CROSSING[a * _N + b]


class Coast:
    """The cyclic coast (HE-SUN-4): ``hexes[i]`` of position i; ``pos_of_edge`` maps every outer
    boundary edge (dead-end edges included, HE-SUN-7) to the position it belongs to, ``anchors[i]``
    is the anchor edge of position i (its smallest edge outside the dead ends, HE-SUN-6), ``free``
    flags the outer free hexes. A coast is shared by every state with the same board
    (``coast_cached``): read it, never change it; the steps from each position are worked out once,
    on demand."""

    def __init__(self, hexes: list[int], pos_of_edge: dict[int, int], dead: set[int], free: list[bool],
                 dead_edges: set[int], anchors: list[int]) -> None:  # fmt: skip
        self.hexes = hexes
        self.pos_of_edge = pos_of_edge
        self.dead = dead
        self.free = free
        self.dead_edges = dead_edges
        self.anchors = anchors
        # per position: its steps and their hexes, ascending (few containers per coast: the memo
        # holds many coasts, and the cyclic GC walks every container they hold)
        self._pos: dict[int, tuple[list[tuple[int, int]], list[int]]] = {}
        self._pre: list[int] = []  # (``laps``)
        self._at: dict[int, list[int]] = {}

    def laps(self) -> tuple[list[int], dict[int, list[int]]]:
        """``pre[i]``: the lap counter's change (HE-SUN-10) walking from position 0 to position i
        (``pre[n]``: once round, back to 0), and the positions of each coast hex, ascending;
        worked out on first use."""
        pre = self._pre
        if not pre:
            hexes = self.hexes
            at = self._at
            acc = 0
            a = hexes[0]
            pre.append(0)
            at[a] = [0]
            for i in range(1, len(hexes)):
                b = hexes[i]
                acc += CROSSING[a * _N + b]
                pre.append(acc)
                q = at.get(b)
                if q is None:
                    at[b] = [i]
                else:
                    q.append(i)
                a = b
            pre.append(acc + CROSSING[a * _N + hexes[0]])
        return pre, self._at

    def _at_pos(self, pos: int) -> tuple[list[tuple[int, int]], list[int]]:
        r = self._pos.get(pos)
        if r is None:
            steps = steps_from(self, pos)
            r = (steps, sorted([hx for _, hx in steps]))
            self._pos[pos] = r
        return r

    def steps(self, pos: int) -> list[tuple[int, int]]:
        """``steps_from(self, pos)``, remembered (callers must not change the list)."""
        return self._at_pos(pos)[0]

    def targets(self, pos: int) -> list[tuple[int, int]]:
        """``(hex, k)`` of ``steps(pos)``."""
        return [(hx, k) for k, hx in self._at_pos(pos)[0]]

    def step_hexes(self, pos: int) -> list[int]:
        """The hexes of ``steps(pos)``, ascending, remembered (callers must not change the list)."""
        return self._at_pos(pos)[1]

    def edge_of(self, pos: int) -> int:
        """The anchor edge of position ``pos``: its smallest edge outside the dead ends (HE-SUN-6)."""
        return self.anchors[pos]

    def __repr__(self) -> str:
        return f"Coast(hexes={self.hexes!r}, dead={sorted(self.dead)!r})"


def occupancy(tiles: list[int]) -> int:
    """The hexes holding a tile as bits (bit h: hex h): all a coast depends on."""
    bits = 0
    for h in range(len(tiles)):
        if tiles[h] >= 0:
            bits |= 1 << h
    return bits


def coast_cached(tiles: list[int], bits: int = -1, free: list[bool] | None = None,
                 dead: set[int] | None = None) -> Coast:  # fmt: skip
    """``coast(tiles)`` memoised on the hexes holding a tile (``occupancy``, passed as ``bits``
    when the caller knows it); the result is shared, so callers must not mutate it (the rules
    only read it). Public callers (``HeliosState.coast``) get a fresh ``coast``. ``free`` and
    ``dead``: the board's ``_outer_free_mask`` and ``_dead_ends_mask`` when the caller knows them."""
    if bits < 0:
        bits = occupancy(tiles)
    c = coast_memo.get(bits)
    if c is None:
        if len(coast_memo) >= _COAST_MAX:
            coast_memo.clear()
        c = coast(tiles, free, dead)
        coast_memo[bits] = c
    return c


def coast(tiles: list[int], free: list[bool] | None = None, dead: set[int] | None = None) -> Coast:
    """The coast of a board; ``free`` and ``dead`` are its ``_outer_free_mask`` and
    ``_dead_ends_mask`` if already known (read only)."""
    if free is None:
        free = _outer_free_mask(tiles)
    if dead is None:
        dead = _dead_ends_mask(free)
    start = -1
    for t in range(len(tiles)):
        if tiles[t] >= 0:
            nb = NB[t]
            for i in range(6):
                if nb[i] >= 0 and free[nb[i]]:
                    start = t * 6 + i
                    break
        if start >= 0:
            break
    assert start >= 0
    # HE-SUN-4 successor rule, edge by edge. Every successor faces the same free hex or one
    # adjacent to it, so the walk never leaves the outer free region (checked below).
    corner = EDGE_CORNER
    pivot = EDGE_PIVOT
    turn = EDGE_TURN
    edges: list[int] = []
    e = start
    limit = len(tiles) * 6
    while True:
        edges.append(e)
        n = corner[e]
        e = pivot[e] if n >= 0 and tiles[n] >= 0 else turn[e]
        if e == start:
            break
        if len(edges) > limit:
            raise AssertionError("boundary walk does not close")
    facing = EDGE_FACING
    faced = [facing[e] for e in edges]
    for h in faced:
        if h < 0 or not free[h]:
            raise AssertionError("the boundary walk left the outer free hexes")
    # Runs of edges facing the same hex, cyclically. The coast starts at the first run (from the
    # run holding the walk's first edge on) outside the dead ends; a dead-end run's edges join the
    # run before it (which merges with the one after it when both face the same hex).
    m = len(edges)
    first = 0
    if faced[0] in dead or faced[m - 1] == faced[0]:
        if faced[0] not in dead:  # the first run began before the walk's first edge
            while first > -m + 1 and faced[first - 1] == faced[0]:
                first -= 1
        else:
            first = -1
            for i in range(1, m):
                if faced[i] != faced[i - 1] and faced[i] not in dead:
                    first = i
                    break
            assert first >= 0, "the coast has no hex outside dead ends"
    if first:
        edges = edges[first:] + edges[:first]
        faced = faced[first:] + faced[:first]
    hexes: list[int] = []
    anchors: list[int] = []
    pos_of_edge: dict[int, int] = {}
    dead_edges: set[int] = set()
    pos = -1
    last = -1  # (hexes[pos])
    for i in range(m):
        h = faced[i]
        e = edges[i]
        if h == last:
            if e < anchors[pos]:
                anchors[pos] = e
        elif dead and h in dead:
            dead_edges.add(e)
        else:
            pos += 1
            hexes.append(h)
            anchors.append(e)
            last = h
        pos_of_edge[e] = pos
    if pos > 0 and hexes[0] == hexes[pos]:  # the last run and the first are one
        for e, q in pos_of_edge.items():
            if q == pos:
                pos_of_edge[e] = 0
                if e not in dead_edges and e < anchors[0]:
                    anchors[0] = e
        hexes.pop()
        anchors.pop()
    return Coast(hexes, pos_of_edge, dead, free, dead_edges, anchors)


def steps_from(c: Coast, p: int) -> list[tuple[int, int]]:
    """HE-SUN-5: ``(k, hex)`` for every legal step from position p (smallest k per hex), ascending:
    a step goes to a neighbour of the sun's hex k positions further along the coast if the lap
    counter's change on the way there and back is 0. Only the neighbours' positions are tried,
    the change read off the coast's running sums (``Coast.laps``)."""
    hexes = c.hexes
    n = len(hexes)
    hp = hexes[p]
    pre, at = c.laps()
    base = pre[p]
    loop = pre[n] - base
    out = []
    for b in NB[hp]:
        qs = at.get(b)  # (b = -1, off the board, is no coast hex)
        if qs is None:
            continue
        back = CROSSING[b * _N + hp]
        best = 0
        for q in qs:
            if q > p:
                k = q - p
                acc = pre[q] - base
            else:
                k = q - p + n
                acc = loop + pre[q]
            if acc + back == 0 and (best == 0 or k < best):
                best = k
        if best:
            out.append((best, b))
    out.sort()
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
            if nb >= 0 and c.free[nb] and nb not in prev:
                prev[nb] = h
                queue.append(nb)
    raise AssertionError("dead end without attachment")


def edge_to(tiles: list[int], h: int) -> int:
    """Some boundary edge (tile, side) facing hex h (an anchor for a sun resting on h)."""
    for d, n in enumerate(NB[h]):
        if n >= 0 and tiles[n] >= 0:
            return n * 6 + (d + 3) % 6
    raise AssertionError("the sun's hex touches no tile")

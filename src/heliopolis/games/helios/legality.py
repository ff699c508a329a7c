"""The legal actions of each decision phase of Helios (``legal(state)``) and the tests they share
with the rules (what a seat can pay for, where a resource may go, where the sun may step).

Every list is ascending (the protocol's order). ``HeliosState.legal_actions`` keeps the result
until the state changes, so the rules' own checks (``apply_action`` validation) never recompute it.

What the tests ask again and again is kept per seat between actions instead of recomputed: the
resources held per colour (``held_by``, updated by the rules on every write, ``rules.add_res``) and
the board's geometry (``geo``: the hexes holding a tile, the coast, the placements for the sun's
hex), kept with the ``tiles`` list it describes and dropped when a tile is added.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Final

from heliopolis.games.helios import actions as A
from heliopolis.games.helios import scoring as SC
from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import BLACK, BLUE, DATA, LAND, NUM_HEXES
from heliopolis.games.helios.phases import (
    BOUGHT,
    CITADEL,
    PH_ACTION,
    PH_BONUS,
    PH_GAIN,
    PH_HOME,
    PH_PAY,
    PH_PERSON,
    PH_PLACE,
    PH_PUT,
    PH_SLOT,
    PH_SUN,
    PH_TAKE,
    PH_TRADE,
)

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

HOME_ACTIONS: Final = [A.HOME + c for c in DATA.start_colours]  # HE-SETUP-6
GAIN_ACTIONS: Final = [A.GAIN + c for c in range(5)]
SLOT_ACTIONS: Final = [A.SLOT + i for i in range(3)]  # HE-ACT-3
BONUS_ACTIONS: Final = [A.FORGO] + [A.DO + i for i in range(3)]  # HE-ACT-8
# HE-ACT-2: the take actions per set of non-empty columns (bit i: column i)
TAKE_ACTIONS: Final = [[A.TAKE + i for i in range(3) if m >> i & 1] for m in range(8)]
# (cost as (specific per colour, any, one-of colours), buy mana) per building / person, read once
# (needs as (colour, count) of the specific colours, any, one-of colours)
BUILDING_COSTS: Final = [(tuple((c, n) for c, n in enumerate(b.cost.specific) if n), b.cost.any, b.cost.one_of)
                         for b in DATA.buildings]  # fmt: skip
PERSON_COSTS: Final = [(tuple((c, n) for c, n in enumerate(pr.cost.specific) if n), pr.cost.any, pr.cost.one_of)
                       for pr in DATA.persons]  # fmt: skip
PERSON_BUY_MANA: Final = [pr.buy_mana for pr in DATA.persons]
# the fewest resources a cost can be paid with (a colour not held costs 2 of any instead)
BUILDING_MIN: Final = [sum(b.cost.specific) + b.cost.any + (1 if b.cost.one_of else 0) for b in DATA.buildings]
PERSON_MIN: Final = [sum(pr.cost.specific) + pr.cost.any + (1 if pr.cost.one_of else 0) for pr in DATA.persons]
NUM_BUILDINGS: Final = len(DATA.buildings)
# HE-LAND-1: the land tiles (face-up per stack, bit i) and special tiles (left per kind, bit k) to take
LAND_SOURCES: Final = [[A.LAND + i for i in range(6) if m >> i & 1] for m in range(64)]
SPECIAL_SOURCES: Final = [[A.SPECIAL + k for k in range(4) if m >> k & 1] for m in range(16)]
# per total of resources held (capped at the dearest): the buildings that total can reach, ascending
_DEAREST: Final = max(BUILDING_MIN)
BUILDINGS_WITHIN: Final = [tuple(i for i in range(NUM_BUILDINGS) if BUILDING_MIN[i] <= t) for t in range(_DEAREST + 1)]
NUM_PERSONS: Final = len(DATA.persons)


def held_by(s: HeliosState, p: int) -> list[int]:
    """``scoring.holdings`` of seat p, kept with the resource list it was counted from and updated
    by the rules' writes (``rules.add_res``); counted afresh when that list was replaced (by a
    scenario set up by hand). Read it, never change it."""
    r = s.res[p]
    if s.held_src[p] is not r:
        s.held_cache[p] = SC.holdings(r)
        s.held_src[p] = r
    return s.held_cache[p]


class Geo:
    """The geometry of one seat's board, for one ``tiles`` list: the hexes holding a tile (ascending,
    and as bits: ``sun.occupancy``), the outer free hexes and the dead ends among them
    (``sun._outer_free_mask``, ``sun._dead_ends_mask``), the coast, the placement candidates and
    the placements for the last sun hex asked, each worked out on first use or carried over from
    the board before the last tile (``after_tile``). Shared by clones as long as they share the
    list (``rules.own_board``). Read it, never change what it holds."""

    __slots__ = ("tiles", "occupied", "bits", "free", "dead", "dead_base", "cut", "coast", "cands", "arcs", "place_sun",
                 "places")  # fmt: skip

    def __init__(self, tiles: list[int], occupied: list[int], bits: int) -> None:
        self.tiles = tiles
        self.occupied = occupied
        self.bits = bits
        self.free: list[bool] | None = None  # sun._outer_free_mask
        self.dead: set[int] | None = None  # sun._dead_ends_mask (known only with free)
        self.dead_base: set[int] | None = None  # an earlier board's dead ends, and the hexes cut since
        self.cut: list[int] = []  # (``dead_of``)
        self.coast: S.Coast | None = None
        self.cands: list[int] | None = None  # sun.placement_candidates
        self.arcs: list[int] = []  # per hex: 0 no candidate, 1 one arc, 2 more
        self.place_sun = -1
        self.places: list[int] = []

    def moved_to(self, tiles: list[int]) -> Geo:
        """The same geometry for a copy of the board (copy-on-write)."""
        g = Geo(tiles, self.occupied, self.bits)
        g.free = self.free
        g.dead = self.dead
        g.dead_base = self.dead_base
        g.cut = self.cut
        g.coast = self.coast
        g.cands = self.cands
        g.arcs = self.arcs
        g.place_sun = self.place_sun
        g.places = self.places
        return g

    def after_tile(self, h: int) -> Geo:
        """The geometry of this board once a tile is on the (light, empty) hex h; ``self.tiles``
        already holds it. Only h's neighbourhood changes: h leaves the candidates, its empty light
        neighbours join them and get their arcs worked out again. If h was outer free and its free
        neighbours form one arc, no free region is cut in two (a path through h goes round along
        the arc): the outer free hexes stay the same but h, and the dead ends only grow, pruned
        from h's neighbours when asked (``dead_of``); otherwise both are worked out afresh."""
        t = self.tiles
        occupied = self.occupied[:]
        bisect.insort(occupied, h)
        g = Geo(t, occupied, self.bits | 1 << h)
        free0 = self.free
        if free0 is not None:
            if not free0[h]:  # (a tile in an enclosed pocket: the outer free hexes stay as they are)
                g.free = free0
                g.dead = self.dead
                g.dead_base = self.dead_base
                g.cut = self.cut
            elif S._one_arc(t, h):
                free = free0[:]
                free[h] = False
                g.free = free
                if self.dead is not None:
                    g.dead_base = self.dead
                    g.cut = [h]
                elif self.cut:
                    g.dead_base = self.dead_base
                    g.cut = [*self.cut, h]
        cands = self.cands
        if cands is not None:
            arcs = self.arcs[:]
            new = cands[:]
            if arcs[h]:
                new.remove(h)
                arcs[h] = 0
            grown = False
            for n in S.NBV[h]:
                if S.LIGHT[n] and t[n] < 0:
                    if not arcs[n]:
                        new.append(n)
                        grown = True
                    nb = S.NB[n]  # (sun._one_arc, inline)
                    arcs[n] = 1 if S.ONE_ARC[(t[nb[0]] < 0) | (t[nb[1]] < 0) << 1 | (t[nb[2]] < 0) << 2
                                             | (t[nb[3]] < 0) << 3 | (t[nb[4]] < 0) << 4 | (t[nb[5]] < 0) << 5] else 2  # fmt: skip
            if grown:
                new.sort()
            g.cands = new
            g.arcs = arcs
        return g


def _prune(free: list[bool], dead0: set[int], cut: list[int]) -> set[int]:
    """``sun._dead_ends_mask(free)`` for ``free`` = the outer free hexes whose dead ends were
    ``dead0`` but the hexes ``cut`` (each cut without splitting a free region): removing hexes
    only lowers neighbour counts, so the old live hexes stay live unless pruned starting from the
    cut hexes' neighbours (the fixed point is unique)."""
    dead = dead0.difference(cut)
    stack = [n for h in cut for n in S.NBV[h] if S.LIGHT[n] and free[n] and n not in dead]
    while stack:
        x = stack.pop()
        if x in dead:
            continue
        k = 0
        for y in S.NBV[x]:
            if free[y] and y not in dead:
                k += 1
        if k <= 1:
            dead.add(x)
            for y in S.NBV[x]:
                if S.LIGHT[y] and free[y] and y not in dead:
                    stack.append(y)
    return dead


def dead_of(g: Geo) -> set[int] | None:
    """The dead ends of a board whose outer free hexes are known (``Geo.free``), if they can be
    worked out from an earlier board's (``_prune``); else ``None`` (``sun.coast`` works them out)."""
    if g.dead is None and g.cut and g.free is not None and g.dead_base is not None:
        g.dead = _prune(g.free, g.dead_base, g.cut)
    return g.dead


def geo(s: HeliosState, p: int) -> Geo:
    t = s.tiles[p]
    g = s.geo[p]
    if g is None or g.tiles is not t:
        g = Geo(t, [h for h in range(NUM_HEXES) if t[h] >= 0], S.occupancy(t))
        s.geo[p] = g
    return g


def coast_of(s: HeliosState, p: int) -> S.Coast:
    """``sun.coast_cached`` of seat p's board, kept with its geometry (with its free hexes and dead
    ends, which later boards carry over)."""
    g = geo(s, p)
    c = g.coast
    if c is None:
        c = S.coast_memo.get(g.bits)
        if c is None:
            c = S.coast_cached(g.tiles, g.bits, g.free, dead_of(g))
        g.coast = c
        g.free = c.free
        g.dead = c.dead
        g.dead_base = None
        g.cut = []
    return c


def placements_of(s: HeliosState, p: int) -> list[int]:
    """``sun.placements`` of seat p's board and sun, kept with its geometry (read it, never
    change it)."""
    g = geo(s, p)
    sun = s.sun[p]
    if g.place_sun != sun:
        cands = g.cands
        if cands is None:
            cands, g.arcs = S.placement_candidates(g.tiles)
            g.cands = cands
        g.places = S.placements_among(g.tiles, sun, cands, g.arcs, g.free)
        g.place_sun = sun
    return g.places


def has(s: HeliosState, p: int, b: int) -> bool:
    return bool(s.buildings[p] >> b & 1)


def slot_count(s: HeliosState, p: int, sl: int) -> int:
    """Action tiles on slot ``sl`` of seat p's board (coloured and grey)."""
    t = s.slots[p]
    i = sl * 3
    return t[i] + t[i + 1] + t[i + 2] + t[9 + i] + t[10 + i] + t[11 + i]


def legal(s: HeliosState) -> list[int]:
    ph = s.phase
    p = s.actor
    if ph == PH_TAKE:  # (the phases in the order of how often they come)
        c = s.columns
        return TAKE_ACTIONS[(1 if c[0] else 0) | (2 if c[1] else 0) | (4 if c[2] else 0)][:]  # HE-ACT-2
    if ph == PH_ACTION:
        return [A.FORGO] + action_options(s, p, s.sym)
    if ph == PH_SUN:
        return sun_options(s, p)
    if ph == PH_PAY:
        return pay_options(s, p)
    if ph == PH_PLACE:
        return [A.PLACE + h for h in placements_of(s, p)]
    if ph == PH_PERSON:
        return person_options(s, p) + [A.PASS]
    if ph == PH_SLOT:
        return SLOT_ACTIONS[:]
    if ph == PH_BONUS:
        return BONUS_ACTIONS[:]
    if ph == PH_GAIN:
        return GAIN_ACTIONS[:]
    if ph == PH_PUT:
        return [A.PUT + h for h in put_targets(s, p)]
    if ph == PH_TRADE:
        return [A.TRADE + k for k in range(min(3, s.mana[p]) + 1)]  # HE-BLD-T9
    if ph == PH_HOME:
        return HOME_ACTIONS[:]
    return []


def put_targets(s: HeliosState, p: int) -> list[int]:
    """HE-REF-6 / HE-PERS-6 / HE-AMB-10: own tile, no temple, fewer than 2 resources."""
    r = s.res[p]
    tm = s.temples[p]
    out = []
    for h in geo(s, p).occupied:
        if not tm[h]:
            i = h * 5
            if r[i] + r[i + 1] + r[i + 2] + r[i + 3] + r[i + 4] < 2:
                out.append(h)
    return out


def temple_cost(s: HeliosState, p: int) -> int:
    """HE-TMP-2: the n-th temple costs n resources; with the Zitadelle always 1."""
    return 1 if has(s, p, CITADEL) else s.temples[p].count(1) + 1


def action_options(s: HeliosState, p: int, sym: int) -> list[int]:
    if sym == LAND:  # HE-LAND-1/4: a source only if some hex can take it
        if not placements_of(s, p):
            return []
        fu = s.face_up
        sp = s.special
        return (LAND_SOURCES[(fu[0] >= 0) | (fu[1] >= 0) << 1 | (fu[2] >= 0) << 2 | (fu[3] >= 0) << 3
                             | (fu[4] >= 0) << 4 | (fu[5] >= 0) << 5]
                + SPECIAL_SOURCES[(sp[0] > 0) | (sp[1] > 0) << 1 | (sp[2] > 0) << 2 | (sp[3] > 0) << 3])  # fmt: skip
    # build (HE-BLD-1): temples and buildings the player can pay for
    held = held_by(s, p)
    total = held[0] + held[1] + held[2] + held[3] + held[4]
    tm = s.temples[p]
    if total >= (1 if s.buildings[p] >> CITADEL & 1 else tm.count(1) + 1):  # HE-TMP-5 (temple_cost)
        out = [A.TEMPLE + h for h in geo(s, p).occupied if not tm[h]]
    else:
        out = []
    built = s.buildings[p]
    bb = held[BLACK] + held[BLUE]
    for i in BUILDINGS_WITHIN[total if total < _DEAREST else _DEAREST]:
        if not built >> i & 1:
            needs, anyn, one_of = BUILDING_COSTS[i]
            if SC.affordable_needs(needs, anyn, one_of, held, total, bb):  # HE-BLD-2/6
                out.append(A.BUILD + i)
    return out  # ascending: TEMPLE < BUILD


def pay_options(s: HeliosState, p: int) -> list[int]:
    """HE-PAY-5: the resources whose payment leaves the rest of the cost payable. A resource of
    colour c meets the most restrictive requirement it can (``scoring.assign``); what is left is
    payable (``scoring.feasible``) under the same three conditions for every colour, checked once,
    and one per colour (worked out here from the surpluses, without building the lists)."""
    pay = s.pay
    assert pay is not None
    _, _, spec, one, anyn = pay
    held = held_by(s, p)
    total = 0
    for c in range(5):
        dc = held[c] - spec[c]
        if dc < 0:
            return []
        total += dc
    if total - one < anyn:
        return []
    bb = held[BLACK] - spec[BLACK] + held[BLUE] - spec[BLUE]
    cols = []
    for c in range(5):
        if not held[c]:
            continue
        if spec[c]:  # (held and needed both drop by one)
            ok = not one or bb >= one
        elif one and (c == BLACK or c == BLUE):  # (a one-of need met)
            ok = held[c] - spec[c] >= 1 and (one == 1 or bb >= one)
        elif anyn:  # (an any need met)
            ok = held[c] - spec[c] >= 1 and (not one or bb - (1 if c == BLACK or c == BLUE else 0) >= one)
        else:
            ok = False
        if ok:
            cols.append(c)
    out = []
    if cols:
        r = s.res[p]
        for h in geo(s, p).occupied:  # (ascending: hex, then colour)
            i = h * 5
            for c in cols:
                if r[i + c]:
                    out.append(A.PAY + i + c)
    return out


def sun_targets(s: HeliosState, p: int) -> list[tuple[int, int]]:
    """``(hex, k)`` of the legal next steps (k = -1 inside a dead end), HE-SUN-5/7/8. The list
    may be shared with the coast (``Coast.targets``): read it, never change it."""
    ctx = s.sun_ctx
    assert ctx is not None
    start, left, _ = ctx
    if left <= 0:
        return []
    c = coast_of(s, p)
    h = s.sun[p]
    if h in c.dead:
        cand = [(S.dead_path(c, h)[0], -1)]
    else:
        cand = c.targets(c.pos_of_edge[s.anchor[p]])
    if left >= 2:
        return cand
    # HE-SUN-8: ending on the start hex is illegal, so stepping onto it needs range to leave again
    return [(hx, k) for hx, k in cand if hx != start]


def sun_options(s: HeliosState, p: int) -> list[int]:
    """The steps of ``sun_targets`` (ascending by hex, as the action ids are), then ``stop`` once
    the sun has moved off its start hex, or ``forgo`` before it moved (HE-AMB-37)."""
    ctx = s.sun_ctx
    assert ctx is not None
    start, left, moved = ctx
    h = s.sun[p]
    if left <= 0:
        hexes: list[int] = []
    else:
        c = coast_of(s, p)
        if h in c.dead:
            hexes = [S.dead_path(c, h)[0]]
        else:
            hexes = c.step_hexes(c.pos_of_edge[s.anchor[p]])
        if left < 2 and start in hexes:  # HE-SUN-8 (as in sun_targets)
            hexes = [hx for hx in hexes if hx != start]
    out = [A.STEP + hx for hx in hexes]
    if not moved:
        out.insert(0, A.FORGO)  # (FORGO < STEP + any hex < STOP)
    elif h != start:
        out.append(A.STOP)
    return out


def person_options(s: HeliosState, p: int) -> list[int]:
    out = []
    if not s.acted & BOUGHT:  # HE-PERS-3: at most one purchase per person-turn
        free = s.persons_free
        mana = s.mana[p]
        for i in range(NUM_PERSONS):
            if free >> i & 1 and mana >= PERSON_BUY_MANA[i]:
                out.append(A.BUY + i)
    owned = s.owned[p]
    active = s.active[p]
    if not owned & ~active:
        return out
    held = held_by(s, p)
    total = held[0] + held[1] + held[2] + held[3] + held[4]
    bb = held[BLACK] + held[BLUE]
    for i in range(NUM_PERSONS):
        if owned >> i & 1 and not active >> i & 1 and total >= PERSON_MIN[i]:
            needs, anyn, one_of = PERSON_COSTS[i]
            if SC.affordable_needs(needs, anyn, one_of, held, total, bb):
                out.append(A.ACTIVATE + i)
    return out

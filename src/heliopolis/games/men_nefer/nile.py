"""The Nile: moving and activating boats, city advantages and trade agreements (MN-ACT-17, -18,
-25, -26).

Boats are identified by their index (``boats[p * 4 + i]`` is a location) so that "a boat may be
activated only once per turn" can be tracked (``state.activated``, MN-AMB-24). A boat move is a
sequence of ``sail:<from>:<to>`` steps; a step is offered only if the movement can still end
with no two own boats sharing a location outside the harbor (checked once, at the end, MN-AMB-22).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    HARBOR,
    NUM_LOCS,
    city_of,
)
from heliopolis.games.men_nefer.perform import gain_food, start_group
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

NB: Final = DATA.boats
MOVED: Final = 1
ENDED: Final = 2
OUT_EDGES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((k, b) for k, (a, b) in enumerate(DATA.sail_edges) if a == loc) for loc in range(NUM_LOCS)
)


def valid(config: tuple[int, ...]) -> bool:
    """No two own boats share a location, except in the harbor (MN-ACT-17)."""
    seen = 0  # a bitmask of locations: no set to allocate
    for loc in config:
        if loc != HARBOR:
            if seen >> loc & 1:
                return False
            seen |= 1 << loc
    return True


@cache
def resolvable(config: tuple[int, ...], steps: int) -> bool:
    """Whether some use of at most ``steps`` more steps ends in a valid configuration (sorted tuple)."""
    if valid(config):
        return True
    if steps <= 0:
        return False
    for i, loc in enumerate(config):
        if i and config[i - 1] == loc:
            continue
        for _, to in OUT_EDGES[loc]:
            nxt = tuple(sorted(config[:i] + (to,) + config[i + 1 :]))
            if resolvable(nxt, steps - 1):
                return True
    return False


def _config(s: MenNeferState, p: int) -> list[int]:
    return s.boats[p * NB : (p + 1) * NB]


def sail_options(s: MenNeferState, p: int, steps: int) -> list[int]:
    """``sail`` moves a boat not yet activated this turn (any boat if none is); where such a boat
    shares its location with an activated one, ``sail-activated`` moves the activated one instead:
    which of the two stays decides which can still be activated (MN-ACT-17, MN-ACT-18)."""
    if steps <= 0:
        return []
    boats = s.boats
    act = s.activated & ALL_BOATS
    key = steps * (ALL_BOATS + 1) + act
    for b in range(p * NB, (p + 1) * NB):
        key = key * NUM_LOCS + boats[b]
    hit = _SAILS.get(key)
    if hit is not None:
        return list(hit)
    out = _sail_options(_config(s, p), act, steps)
    if len(_SAILS) >= T.CACHE_LIMIT:
        _SAILS.clear()
    _SAILS[key] = tuple(out)
    return out


# sail_options by (boat locations, boats activated this turn, steps): a pure function of them, and
# asked for again and again (every boat step and every feasibility check of a group with boats)
_SAILS: Final[dict[int, tuple[int, ...]]] = {}  # keyed by the three packed into one int
ALL_BOATS: Final = (1 << NB) - 1


def _sail_options(cfg: list[int], act: int, steps: int) -> list[int]:
    out: list[int] = []
    done = 0  # locations seen (a bitmask)
    for loc in cfg:
        if done >> loc & 1:
            continue
        done |= 1 << loc
        edges = OUT_EDGES[loc]
        if not edges:
            continue
        # both kinds here: some boat on loc activated this turn and some not
        fresh = moved = False
        for b in range(NB):
            if cfg[b] == loc:
                if act >> b & 1:
                    moved = True
                else:
                    fresh = True
        both = fresh and moved
        i = cfg.index(loc)
        for k, to in edges:
            c = cfg[:]
            c[i] = to
            c.sort()
            if resolvable(tuple(c), steps - 1):
                out.append(A.SAIL + k)
                if both:
                    out.append(A.SAIL_ACTIVATED + k)
    out.sort()
    return out


def activate_options(s: MenNeferState, p: int) -> list[int]:
    """Boats not yet activated this turn, outside the harbor (a harbor activation gains nothing)."""
    locs = 0  # a bitmask of locations, read in ascending order
    boats = s.boats
    act = s.activated
    for b in range(NB):
        loc = boats[p * NB + b]
        if loc != HARBOR and not act >> b & 1:
            locs |= 1 << loc
    out: list[int] = []
    while locs:
        bit = locs & -locs
        locs ^= bit
        out.append(A.ACTIVATE + bit.bit_length() - 2)  # ACTIVATE + loc - 1
    return out


def boats_possible(s: MenNeferState, p: int, steps: int, acts: int) -> bool:
    if acts:  # a boat outside the harbor not yet activated this turn: no step needs searching
        boats = s.boats
        for b in range(NB):
            if boats[p * NB + b] != HARBOR and not s.activated >> b & 1:
                return True
    return bool(sail_options(s, p, steps))


def _valid_config(s: MenNeferState, p: int) -> bool:
    """``valid`` of p's boats, read in place."""
    seen = 0
    boats = s.boats
    for b in range(p * NB, (p + 1) * NB):
        loc = boats[b]
        if loc != HARBOR:
            if seen >> loc & 1:
                return False
            seen |= 1 << loc
    return True


def _boats_step(s: MenNeferState, task: Task) -> list[int] | None:
    _, steps, acts, flags, before = task
    p = s.actor
    out = []
    if not flags & ENDED:
        out += sail_options(s, p, steps)
    ok = _valid_config(s, p)
    strict = s.opt.boats_strict and before and flags & MOVED  # both before or both after
    if acts and ok and not strict:
        out += activate_options(s, p)
    if out and ok:
        out.append(A.PASS)
    return out


def _boats_apply(s: MenNeferState, task: Task, a: int) -> None:
    _, steps, acts, flags, before = task
    if a == A.PASS:
        return
    p = s.actor
    if a < A.ACTIVATE:
        moved_activated = a >= A.SAIL_ACTIVATED
        frm, to = DATA.sail_edges[a - (A.SAIL_ACTIVATED if moved_activated else A.SAIL)]
        # several own boats on one location (harbor, or mid-move): which kind sails is the choice
        boats = s.boats
        b = -1  # the first boat there of the kind asked for, else the first boat there
        first = -1
        for i in range(NB):
            if boats[p * NB + i] == frm:
                if bool(s.activated >> i & 1) == moved_activated:
                    b = i
                    break
                if first < 0:
                    first = i
        if b < 0:
            b = first
        boats[p * NB + b] = to
        s.todo.append(("boats", steps - 1, acts, flags | MOVED, before))
        return
    # MN-ACT-18 / MN-AMB-53: an activation before the movement or after it (which ends it)
    if flags & MOVED:
        flags |= ENDED
    else:
        before += 1
    s.todo.append(("boats", steps, acts - 1, flags, before))
    activate(s, p, a - A.ACTIVATE + 1)


T.decision("boats", _boats_step, _boats_apply)


def activate(s: MenNeferState, p: int, loc: int) -> None:
    """MN-ACT-18: a river section gives its food; a city gives its advantage and one of its
    agreements, then the boat leaves along the city's arrow."""
    b = next(b for b in range(NB) if s.boats[p * NB + b] == loc and not s.activated >> b & 1)
    s.activated |= 1 << b
    c = city_of(loc)
    if c < 0:
        gain_food(s, p, DATA.loc_food[loc])
        return
    s.todo += [("boat_exit", b), ("city_ta", c)]
    start_group(s, DATA.advantage_actions[s.city_adv[c]])


@T.auto("boat_exit")
def _boat_exit(s: MenNeferState, task: Task) -> None:
    """Along the arrow; if an own boat is there, to the nearest section to the left without one,
    or to the harbor (MN-ACT-18, MN-AMB-23): the only backward move."""
    p = s.actor
    b = task[1]
    c = city_of(s.boats[p * NB + b])
    if c < 0:  # a nested action (Sobek via the advantage's sun disc) already sailed it out
        return
    target = DATA.city_arrow[c]
    others = {s.boats[p * NB + i] for i in range(NB) if i != b}
    while target != HARBOR and target in others:
        target -= 1
    s.boats[p * NB + b] = target


# -- trade agreements (MN-ACT-26, MN-ACT-25) ---------------------------------------------------------
def _city_ta_step(s: MenNeferState, task: Task) -> list[int] | None:
    c = task[1]
    return [A.AGREEMENT + c * CITY_SLOTS + k for k in range(CITY_SLOTS) if s.city_ta[c * CITY_SLOTS + k] >= 0]


def _take_ta(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    i = a - A.AGREEMENT
    t = s.city_ta[i]
    own_field(s, "city_ta")  # copy on write (state.FIELDS "c", core.state)
    s.city_ta[i] = -1
    s.todo.append(("ta_place", t))


T.decision("city_ta", _city_ta_step, _take_ta)


def _hathor_step(s: MenNeferState, task: Task) -> list[int] | None:
    # MN-ACT-25: any agreement in any city; no boat and no advantage involved
    out = [A.AGREEMENT + i for i, t in enumerate(s.city_ta) if t >= 0]
    return out + [A.PASS] if out else out


T.decision("hathor", _hathor_step, _take_ta)


def _ta_place_step(s: MenNeferState, task: Task) -> list[int] | None:
    p = s.actor
    w = DATA.ta_slots
    board = s.ta[p * w : (p + 1) * w]
    if -1 in board:  # an empty slot: placed open, condition side up
        s.todo.pop()
        own_field(s, "ta")  # copy on write (state.FIELDS "c", core.state)
        s.ta[p * w + board.index(-1)] = task[1] * 2
        return None
    # MN-ACT-26 / MN-AMB-26: a full board discards one of its agreements or the new one
    return list(range(A.DISCARD, A.DISCARD + w + 1))


def _ta_place_apply(s: MenNeferState, task: Task, a: int) -> None:
    s.ta_discarded += 1  # discarded agreements leave the game
    if a != A.DISCARD_NEW:
        own_field(s, "ta")  # copy on write (state.FIELDS "c", core.state)
        s.ta[s.actor * DATA.ta_slots + a - A.DISCARD] = task[1] * 2


T.decision("ta_place", _ta_place_step, _ta_place_apply)

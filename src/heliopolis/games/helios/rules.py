"""The Helios rules behind ``HeliosState``: the effects of actions and the task loop (the rounds'
steps it runs are in ``rounds``).

``run(state)`` pops pending tasks until a decision (or chance node) is reached; handlers that finish
a decision set ``state.phase = PH_IDLE``. The legal actions of each phase are in ``legality``, the
phases and shared constants in ``phases``, the events noted for the move log in ``events``.
Rule IDs are cited where they are enforced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import cow_release
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import legality as L
from heliopolis.games.helios import scoring as SC
from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import DATA, SUN, WILD
from heliopolis.games.helios.events import note
from heliopolis.games.helios.legality import (  # noqa: F401 (re-exported: rules.slot_count, rules.has, ...)
    action_options,
    coast_of,
    has,
    held_by,
    legal,
    pay_options,
    person_options,
    placements_of,
    put_targets,
    slot_count,
    sun_options,
    sun_targets,
    temple_cost,
)
from heliopolis.games.helios.phases import (  # noqa: F401 (re-exported: rules.PH_IDLE, rules.POWER_PLANT, ...)
    ACTED,
    BAZAAR,
    BOUGHT,
    COUNCIL,
    LAND_OFFICE,
    PALACE,
    PH_ACTION,
    PH_BONUS,
    PH_DEAL,
    PH_END,
    PH_EXTRA,
    PH_GAIN,
    PH_HOME,
    PH_IDLE,
    PH_LV,
    PH_PAY,
    PH_PERSON,
    PH_PLACE,
    PH_PUT,
    PH_SLOT,
    PH_SUN,
    PH_TAKE,
    PH_TRADE,
    POWER_PLANT,
    WAREHOUSE,
    WATCHTOWER,
    Payment,
)
from heliopolis.games.helios.rounds import (  # the rounds' steps the task loop runs (tests call rules._phase2)
    _deal,
    _end_turn,
    _final,
    _form_stacks,
    _person_turn,
    _phase2,
    _phase3,
    _turn,
)
from heliopolis.games.helios.rounds import _discard_columns as _discard_columns
from heliopolis.games.helios.rounds import breakdown as breakdown
from heliopolis.games.helios.rounds import final_categories as final_categories

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

NB: Final = S.NB
SPECIAL_BASE: Final = SC.SPECIAL_BASE
CENTRE: Final[int] = DATA.centre
MANA_FIELDS: Final[frozenset[int]] = DATA.mana_fields
BONUS_FIELDS: Final[frozenset[int]] = DATA.bonus_fields
SLOT_BONUS_AT: Final[int] = DATA.slot_bonus_at
LAP_VP: Final[int] = DATA.lap_vp
LAP_VP_WATCHTOWER: Final[int] = DATA.lap_vp_watchtower
COLUMN_SIZE: Final[int] = DATA.column_size
# the tasks after an action tile is attached and its action begun: bonus actions, the turn's end
_AFTER_ATTACH: Final = (("end_turn",), ("bonuses",))


def own_board(s: HeliosState, p: int) -> None:
    """Copy-on-write: seat p's ``tiles``, ``res`` and ``temples`` lists (and the holdings and
    geometry kept with them, ``legality``) are shared with clones (``HeliosState.clone``) until one
    of them writes; every write to them goes through here first (copy on write, ``core.state``:
    group bit p)."""
    if s.cow >> p & 1:
        t = s.tiles[p]
        r = s.res[p]
        s.tiles[p] = t2 = t[:]
        s.res[p] = r2 = r[:]
        s.temples[p] = s.temples[p][:]
        if s.held_src[p] is r:
            s.held_cache[p] = s.held_cache[p][:]
            s.held_src[p] = r2
        g = s.geo[p]
        if g is not None and g.tiles is t:
            s.geo[p] = g.moved_to(t2)
        s.cow = cow_release(s.cow, 1 << p)


def add_res(s: HeliosState, p: int, i: int, k: int) -> None:
    """``res[p][i] += k`` (after ``own_board``), keeping the seat's holdings (``legality.held_by``)."""
    r = s.res[p]
    r[i] += k
    if s.held_src[p] is r:
        s.held_cache[p][i % 5] += k


def tile_added(s: HeliosState, p: int, h: int) -> None:
    """Seat p's board got a tile on hex h: its kept geometry (``legality.geo``) is replaced by the
    new board's, carried over from the old one where a tile changes it only locally
    (``legality.Geo.after_tile``; the rest is worked out again when asked)."""
    g = s.geo[p]
    if g is not None and g.tiles is s.tiles[p] and h not in g.occupied and S.LIGHT[h]:
        s.geo[p] = g.after_tile(h)
    else:
        s.geo[p] = None


# -- effects ------------------------------------------------------------------------------------
def apply_chance(s: HeliosState, a: int) -> None:
    if s.phase == PH_DEAL:
        need = s.deal_need
        col = 0 if need[0] else 1 if need[1] else 2  # (the first column still short of tiles)
        c = a - A.DEAL
        s.draw[col][c] -= 1
        s.columns[col].append(c)  # HE-AMB-22: the last tile dealt is the bottom of the column
        need[col] -= 1
        s.phase = PH_IDLE
        _deal(s)  # (the next tile, as a ("deal",) task on top of the stack would)
    elif s.phase == PH_EXTRA:
        c = a - A.EXTRA
        s.extra[c] -= 1
        s.face_up[5] = c  # HE-SETUP-8 / HE-REF-1
        s.phase = PH_IDLE
    else:  # HE-BLD-T11: a tile from the bottom of the extra stack, stocked with 1 resource
        c = a - A.EXTRA
        s.extra[c] -= 1
        s.hand = ("land", c)
        if placements_of(s, s.actor):
            s.phase = PH_PLACE
        else:  # HE-AMB-12: no legal hex, the tile leaves the game
            s.hand = None
            s.phase = PH_IDLE


def apply_player(s: HeliosState, a: int) -> None:
    """The decision of the current phase: one handler per phase, tested in the order of how often
    the phases come (direct calls, which the compiled build makes native; a table of functions
    would call through Python objects)."""
    ph, p = s.phase, s.actor
    if ph == PH_TAKE:
        _take(s, p, a)
    elif ph == PH_ACTION:
        _choose_action(s, p, a)
    elif ph == PH_SUN:
        if a == A.FORGO:
            s.sun_ctx = None
            s.phase = PH_IDLE
        elif a == A.STOP:
            _stop(s, p)
        else:
            _step(s, p, a - A.STEP)
    elif ph == PH_PAY:
        _pay(s, p, a)
    elif ph == PH_PLACE:
        _create(s, p, a - A.PLACE)
    elif ph == PH_PERSON:
        _person(s, p, a)
    elif ph == PH_SLOT:
        _attach(s, p, a - A.SLOT, grey=True)
    elif ph == PH_BONUS:
        s.phase = PH_IDLE
        if a != A.FORGO:
            _start_action(s, a - A.DO)  # (as an ("action", symbol) task on top of the stack would)
    elif ph == PH_GAIN:
        _gain(s, p, a)
    elif ph == PH_PUT:
        assert s.gain_ctx is not None
        own_board(s, p)
        add_res(s, p, (a - A.PUT) * 5 + s.gain_ctx[1], 1)
        s.gain_ctx = None
        s.phase = PH_IDLE
    elif ph == PH_HOME:
        c = a - A.HOME
        own_board(s, p)
        s.tiles[p][CENTRE] = c  # HE-SETUP-6
        tile_added(s, p, CENTRE)
        add_res(s, p, CENTRE * 5 + c, 1 - s.res[p][CENTRE * 5 + c])  # (= 1)
        s.phase = PH_IDLE
    elif ph == PH_TRADE:
        k = a - A.TRADE
        s.mana[p] -= k
        s.vp[p] += 4 * k
        s.phase = PH_IDLE


def _take(s: HeliosState, p: int, a: int) -> None:
    """PH_TAKE: an action tile from a column."""
    sym = a - A.TAKE
    s.sym = sym
    c = s.columns[sym].pop()
    if c == WILD:
        s.phase = PH_SLOT  # HE-ACT-3 / HE-AMB-26
        s.legal_cache = L.SLOT_ACTIONS  # (legality.legal of the new phase; shared, only read)
    else:
        _attach(s, p, c)


def _choose_action(s: HeliosState, p: int, a: int) -> None:
    """PH_ACTION: forgo, a land tile, a special tile, a temple or a building."""
    if a == A.FORGO:  # HE-ACT-5
        s.phase = PH_IDLE
    elif A.LAND <= a < A.SPECIAL:
        i = a - A.LAND
        s.hand = ("land", s.face_up[i])
        s.face_up[i] = -1  # HE-LAND-3: no replacement until Phase 3
        s.phase = PH_PLACE
    elif A.SPECIAL <= a < A.PLACE:
        k = a - A.SPECIAL
        s.special[k] -= 1
        s.hand = ("special", k)
        s.phase = PH_PLACE
    elif A.TEMPLE <= a < A.BUILD:
        s.pay = Payment("temple", a - A.TEMPLE, (0,) * 5, 0, temple_cost(s, p))
        s.phase = PH_PAY
    else:
        b = a - A.BUILD
        spec, one, anyn = SC.normalize(DATA.buildings[b].cost, held_by(s, p))
        s.pay = Payment("build", b, tuple(spec), one, anyn)
        s.phase = PH_PAY


def _pay(s: HeliosState, p: int, a: int) -> None:
    """PH_PAY: one resource of the cost in ``s.pay``; the last one completes the purchase."""
    h, c = divmod(a - A.PAY, 5)
    own_board(s, p)
    add_res(s, p, h * 5 + c, -1)  # HE-PAY-1: back to the supply
    pay = s.pay
    assert pay is not None
    nxt = SC.assign(c, list(pay.spec), pay.one, pay.anyn)
    assert nxt is not None
    spec, one, anyn = nxt
    if sum(spec) + one + anyn:
        s.pay = Payment(pay.kind, pay.what, tuple(spec), one, anyn)
    else:
        s.pay = None
        _paid(s, p, pay.kind, pay.what)


def _person(s: HeliosState, p: int, a: int) -> None:
    """PH_PERSON: pass, buy a person or activate one (then pay for it)."""
    if a == A.PASS:  # HE-PERS-4 / HE-AMB-5
        n = len(s.vp)
        s.passes = 0 if s.acted else s.passes + 1
        s.acted = 0
        s.person_order = [(p + 1) % n]  # (a new list: clones share it)
        s.phase = PH_IDLE
        s.todo.append(("person_turn",))
    elif a < A.ACTIVATE:
        i = a - A.BUY  # HE-PERS-5
        s.mana[p] -= DATA.persons[i].buy_mana
        s.persons_free &= ~(1 << i)
        s.owned[p] |= 1 << i
        s.acted |= ACTED | BOUGHT
    else:
        i = a - A.ACTIVATE  # HE-PERS-6
        spec, one, anyn = SC.normalize(DATA.persons[i].cost, held_by(s, p))
        s.pay = Payment("person", i, tuple(spec), one, anyn)
        s.acted |= ACTED
        s.phase = PH_PAY


def _gain(s: HeliosState, p: int, a: int) -> None:
    """PH_GAIN: the colour of a gained resource; with no target hex yet, where it goes next (PH_PUT)."""
    assert s.gain_ctx is not None
    target = s.gain_ctx[0]
    c = a - A.GAIN
    if target >= 0:
        own_board(s, p)
        add_res(s, p, target * 5 + c, 1)
        s.gain_ctx = None
        s.phase = PH_IDLE
    else:
        s.gain_ctx = (-1, c)
        s.phase = PH_PUT


def _attach(s: HeliosState, p: int, slot: int, grey: bool = False) -> None:
    """HE-ACT-3/7: attach the taken tile; the 4th tile in a slot earns a bonus action."""
    t = s.slots[p]
    t[(9 if grey else 0) + slot * 3 + s.sym] += 1
    i = slot * 3
    if t[i] + t[i + 1] + t[i + 2] + t[9 + i] + t[10 + i] + t[11 + i] >= SLOT_BONUS_AT:  # (slot_count)
        s.bonus_pending += 1
        s.full_slot = slot
    s.todo += _AFTER_ATTACH
    s.phase = PH_IDLE
    _start_action(s, s.sym)  # (as an ("action", symbol) task on top of the stack would)


def _start_action(s: HeliosState, sym: int) -> None:
    """The action of symbol ``sym`` begins (HE-ACT-4): a sun move, or the choice of a land tile or
    building, forgone automatically when there is none (HE-AMB-27)."""
    s.sym = sym
    if sym == SUN:
        _start_sun(s, s.actor)
    else:
        options = action_options(s, s.actor, sym)
        if options:
            s.phase = PH_ACTION
            options.insert(0, A.FORGO)
            s.legal_cache = options  # (legality.legal of the new phase, worked out once)
        else:
            note(s, ("forgone", s.actor, sym))


def _create(s: HeliosState, p: int, h: int) -> None:
    """HE-LAND-2/5/6, HE-FIELD-1/2/4: put the tile in hand on hex h."""
    assert s.hand is not None
    kind, v = s.hand
    s.hand = None
    s.phase = PH_IDLE
    own_board(s, p)
    if kind == "land":
        s.tiles[p][h] = v
        add_res(s, p, h * 5 + v, 1)
    else:
        s.tiles[p][h] = SPECIAL_BASE + v
    tile_added(s, p, h)
    if h in MANA_FIELDS:
        s.mana[p] += 2
    if h in BONUS_FIELDS:
        s.todo.append(("gain", p, h))


def _paid(s: HeliosState, p: int, kind: str, what: int) -> None:
    s.phase = PH_IDLE
    if kind == "temple":
        own_board(s, p)
        s.temples[p][what] = 1
        for c in range(5):  # HE-TMP-4: leftovers on the temple tile return to the supply
            add_res(s, p, what * 5 + c, -s.res[p][what * 5 + c])
        s.mana[p] += sum(s.temples[p])  # HE-TMP-3
    elif kind == "build":
        b = DATA.buildings[what]
        s.buildings[p] |= 1 << what
        s.rng[p] += b.sun_range  # HE-BLD-3
        s.mana[p] += b.mana
        if what == BAZAAR and s.mana[p]:
            s.phase = PH_TRADE
        elif what == LAND_OFFICE:
            s.todo.append(("lv", 2))
        elif what == PALACE:
            s.bonus_pending += 1  # HE-ACT-9, HE-AMB-19
    else:
        pr = DATA.persons[what]
        s.active[p] |= 1 << what
        s.rng[p] += pr.sun_range
        s.mana[p] += pr.mana
        s.todo.append(("person_resume",))
        for _ in range(pr.bonus_resources):
            s.todo.append(("gain", p, -1))


def _start_sun(s: HeliosState, p: int) -> None:
    if s.buildings[p] >> POWER_PLANT & 1:  # HE-SUN-12, HE-AMB-25: every position within one circuit
        c = coast_of(s, p)
        h = s.sun[p]
        left = len(c.hexes) + (len(S.dead_path(c, h)) if h in c.dead else 0)
    else:
        left = s.rng[p]  # HE-SUN-1
    s.sun_ctx = (s.sun[p], left, False)
    s.phase = PH_SUN


def _step(s: HeliosState, p: int, h: int) -> None:
    """A (legal) step of the sun to hex h, k positions along the coast (``sun_targets``)."""
    c = coast_of(s, p)
    old = s.sun[p]
    if old in c.dead:  # HE-SUN-7: outward inside a dead end (k = -1)
        if h in c.dead:
            s.anchor[p] = S.edge_to(s.tiles[p], h)
        else:
            s.anchor[p] = c.anchors[c.pos_of_edge[s.anchor[p]]]
    else:
        pos = c.pos_of_edge[s.anchor[p]]
        k = 0
        for kx, hx in c.steps(pos):
            if hx == h:
                k = kx
                break
        s.anchor[p] = c.anchors[(pos + k) % len(c.hexes)]
    s.sun[p] = h
    s.x[p] += S.crossing(old, h)
    if s.x[p] > s.xmax[p]:  # HE-SUN-11: per step, at most one award per turn
        s.xmax[p] = s.x[p]
        if not s.lapped:
            s.lapped = True
            if not has(s, p, POWER_PLANT):
                vp = LAP_VP_WATCHTOWER if has(s, p, WATCHTOWER) else LAP_VP
                s.vp[p] += vp
                note(s, ("lap", p, vp))
    assert s.sun_ctx is not None
    start, left, _ = s.sun_ctx
    s.sun_ctx = (start, left - 1, True)
    if left - 1 == 0:
        note(s, ("range_stop", p, h))
        _stop(s, p)


def _stop(s: HeliosState, p: int) -> None:
    """HE-IRR-1..6: irradiate the tiles around the sun's resting hex."""
    h = s.sun[p]
    note(s, ("irradiate", p, h))
    t, r, tm = s.tiles[p], s.res[p], s.temples[p]
    for n in NB[h]:
        if n < 0 or t[n] < 0:
            continue
        if tm[n]:
            s.vp[p] += SC.temple_vp(t, n, has(s, p, COUNCIL))
        elif t[n] < SPECIAL_BASE:
            i = n * 5
            cnt = r[i] + r[i + 1] + r[i + 2] + r[i + 3] + r[i + 4]
            if cnt == 0 or (cnt == 1 and has(s, p, WAREHOUSE)):
                own_board(s, p)
                r = s.res[p]
                add_res(s, p, n * 5 + t[n], 1)
    s.sun_ctx = None
    s.phase = PH_IDLE


# -- the task loop ------------------------------------------------------------------------------
def run(s: HeliosState) -> None:
    """Runs the pending tasks until a decision; also for a scenario set up by hand."""
    s.legal_cache = None
    run_tasks(s)


def run_tasks(s: HeliosState) -> None:
    """The task loop after an action (``HeliosState.apply_action`` has dropped the legal actions
    kept for the last decision; handlers that open a decision may have set the new ones)."""
    n = len(s.vp)
    while s.phase == PH_IDLE:
        task = s.todo.pop()
        kind = task[0]
        if kind == "bonuses":  # (the tasks in the order of how often they come)
            if s.bonus_pending:
                s.bonus_pending -= 1
                s.todo.append(("bonuses",))
                s.phase = PH_BONUS
                s.legal_cache = L.BONUS_ACTIONS  # (shared, only read)
        elif kind == "end_turn":
            _end_turn(s)
        elif kind == "turn":
            _turn(s)
        elif kind == "action":
            _start_action(s, task[1])
        elif kind == "deal":
            _deal(s)
        elif kind == "homes":
            s.todo += [("home", (s.dragon + i) % n) for i in reversed(range(n))]
        elif kind == "home":
            s.actor = task[1]
            s.phase = PH_HOME
            s.legal_cache = L.HOME_ACTIONS  # (shared, only read)
        elif kind == "extra_reveal":
            if not any(s.extra) and not any(s.land_stack) and s.round == 1:
                _form_stacks(s)
            if any(s.extra):
                s.phase = PH_EXTRA
        elif kind == "setup_gains" or kind == "refill_gains":
            for seat in reversed(DATA.bonus_seats[n]):  # HE-SETUP-10, HE-REF-6, HE-AMB-2
                p = (s.dragon + seat - 1) % n
                s.todo.append(("gain", p, CENTRE if kind == "setup_gains" else -1))
        elif kind == "gain":
            p, target = task[1], task[2]
            if target >= 0 or put_targets(s, p):  # HE-AMB-11: lost if no tile can take it
                s.actor = p
                s.gain_ctx = (target,)
                s.phase = PH_GAIN
                s.legal_cache = L.GAIN_ACTIONS  # (shared, only read)
            else:
                note(s, ("gain_lost", p))
        elif kind == "round_start":
            s.turn = 0
            s.todo.append(("turn",))
        elif kind == "lv":
            if task[1] and any(s.extra):
                s.todo.append(("lv", task[1] - 1))
                s.phase = PH_LV
        elif kind == "phase2":
            _phase2(s)
        elif kind == "person_turn":
            _person_turn(s)
        elif kind == "person_resume":
            s.phase = PH_PERSON
        elif kind == "phase3":
            _phase3(s)
        elif kind == "dragon":
            s.dragon = (s.dragon + 1) % n  # HE-REF-5
            s.round += 1
            note(s, ("round", s.round, s.dragon))
        elif kind == "deal_round":
            if s.round in DATA.deal_after[n]:  # HE-REF-4, HE-RND-4
                note(s, ("new_deal",))
                _discard_columns(s)
                s.deal_need = [COLUMN_SIZE] * 3
                s.todo.append(("deal",))
        elif kind == "final":
            _final(s)
        else:  # pragma: no cover
            raise AssertionError(f"unknown task {task}")

"""Game flow: eras, the Flood, Sowing turns with their three options, the action display and the
markets sliding; the setup and the chance nodes that draw components are in ``draws``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.games.men_nefer import actions as A

# imported for their task registrations
from heliopolis.games.men_nefer import (  # noqa: F401
    effects,
    harvest,
    necropolis,
    nile,
    pyramids,
    sphinx,
    temple,
)
from heliopolis.games.men_nefer import perform as P
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    NUM_HOUSES,
)
from heliopolis.games.men_nefer.draws import NEUTRALS, VALID_SLOTS_REVERSED
from heliopolis.games.men_nefer.draws import setup as setup
from heliopolis.games.men_nefer.draws import slot_valid as slot_valid
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

OPTIONS: Final = ("visit", "raise", "take")  # the three turn options (MN-PHASE-9), counted per player and era
VISITS: Final = 0
RAISES: Final = 1
TAKES: Final = 2
NOPT: Final = len(OPTIONS)
APPR_W: Final = NUM_HOUSES * 2
NA: Final = DATA.apprentices
PER_ERA: Final = DATA.options_per_era
ROUNDS: Final = NOPT * DATA.options_per_era
DISPLAY_FOOD: Final = DATA.display_food
N_DISPLAY: Final = len(DATA.display_food)
OCCUPANCY: Final = DATA.occupancy_cost
OCCUPANCY_MAX: Final = len(DATA.occupancy_cost) - 1
TRACK_LEN: Final = DATA.track_len
TILE_ACTIONS: Final = DATA.tile_actions
CANNOT_PAY_GAIN: Final = DATA.cannot_pay_gain
TRACKS: Final = DATA.tracks
DISPLAY_ACTIONS: Final = DATA.display_actions
BOARD_GLYPHS: Final = DATA.board_glyphs
TILE_GLYPH: Final = DATA.tile_glyph
HOUSE_ACTIONS: Final = tuple(range(A.HOUSE, A.HOUSE + NUM_HOUSES))
# home bitmask -> the apprentices' slots at home, ascending
HOME_SLOTS: Final = tuple(tuple(k for k in range(DATA.apprentices) if m >> k & 1) for m in range(1 << DATA.apprentices))


# -- eras and turns (MN-FLOW, MN-PHASE-9..12) --------------------------------------------------------
@T.auto("era_start")
def _era_start(s: MenNeferState, task: Task) -> None:
    s.rnd = 0
    s.turn_pos = 0
    s.todo.append(("turn",))


@T.auto("turn")
def _turn(s: MenNeferState, task: Task) -> None:
    if s.rnd >= ROUNDS:  # MN-PHASE-11: 9 rounds, then the Harvest
        s.todo.append(("harvest",))
        return
    s.actor = s.order[s.turn_pos]  # MN-PHASE-9: in turn order
    s.activated = 0  # MN-AMB-24: one activation per boat per turn
    todo = s.todo
    todo.append(("end_turn",))
    todo.append(("option",))


@T.auto("end_turn")
def _end_turn(s: MenNeferState, task: Task) -> None:
    """MN-PHASE-12, MN-ACT-14: slide each market right and refill its empty left slots."""
    s.todo.append(("advance",))
    _slide_markets(s)


def _slide_markets(s: MenNeferState) -> bool:
    """Slides the markets with empty slots; whether any refill draw was queued."""
    refill = False
    for mkt, kind in ((s.ware_mkt, "c_ware"), (s.pap_mkt, "c_papyrus")):
        if -1 not in mkt:  # most turns buy nothing: a full market stays as it is
            continue
        left = [x for x in mkt if x >= 0]
        empty = len(mkt) - len(left)
        mkt[:] = [-1] * empty + left
        for k in reversed(range(empty)):
            s.todo.append((kind, k))
        refill = True
    return refill


def _end_turn_fused(s: MenNeferState, task: Task) -> None:
    """``end_turn``, then (no refill draw in between) ``advance`` and ``turn``: the same steps in one call."""
    if -1 in s.ware_mkt or -1 in s.pap_mkt:
        _end_turn(s, task)
    else:
        _advance_fused(s, task)


@T.auto("advance")
def _advance(s: MenNeferState, task: Task) -> None:
    s.turn_pos += 1
    if s.turn_pos == s.n:
        s.turn_pos = 0
        s.rnd += 1
    s.todo.append(("turn",))


def _advance_fused(s: MenNeferState, task: Task) -> None:
    """``advance`` and then ``turn`` in one call."""
    s.turn_pos += 1
    if s.turn_pos == s.n:
        s.turn_pos = 0
        s.rnd += 1
    _turn(s, task)


T.fused("end_turn", _end_turn_fused)
T.fused("advance", _advance_fused)


# -- the Flood (MN-PHASE-1..8) ----------------------------------------------------------------------
@T.auto("flood")
def _flood(s: MenNeferState, task: Task) -> None:
    n = s.n
    s.era += 1  # MN-PHASE-2
    s.used = [0] * (NOPT * n)
    s.sun_houses = 0  # every apprentice goes home (MN-PHASE-5)
    for p in range(n):
        fish = sum(DATA.loc_fishing[s.boats[p * DATA.boats + b]] for b in range(DATA.boats))
        P.gain_food(s, p, fish)  # MN-PHASE-3
        P.gain_heka(s, p, DATA.obelisk_heka[s.sun[p]])  # MN-PHASE-4 / MN-AMB-42: not cumulative
        s.appr[p * APPR_W : (p + 1) * APPR_W] = [0] * APPR_W  # MN-PHASE-5
        s.home[p] = (1 << DATA.apprentices) - 1
    if NEUTRALS[n]:  # MN-PHASE-6
        base = n * APPR_W
        old = s.appr[base : base + APPR_W]
        order = DATA.house_order
        for i, h in enumerate(order):
            nxt = order[(i + 1) % len(order)]  # the lowest house wraps to the top
            for side in (0, 1):
                s.appr[base + nxt * 2 + side] = old[h * 2 + side]
    s.todo += [("era_start",), ("turn_order",)]
    value = DATA.ta_refill_value[s.era]  # MN-PHASE-7: only this era's value
    city_ta = s.city_ta
    for c, k in VALID_SLOTS_REVERSED[n]:
        if city_ta[c * CITY_SLOTS + k] < 0:
            s.todo.append(("c_ta", c, k, value))


@T.auto("turn_order")
def _turn_order(s: MenNeferState, task: Task) -> None:
    """MN-PHASE-8: fewest PP first; ties keep their previous relative order (a stable sort)."""
    s.order = sorted(s.order, key=lambda p: s.pp[p])


# -- the turn options (MN-TURN) -------------------------------------------------------------------------
def occupancy_cost(others: int) -> int:
    return OCCUPANCY[others if others < OCCUPANCY_MAX else OCCUPANCY_MAX]


def space_count(s: MenNeferState, house: int, side: int) -> int:
    """Apprentices on a sun or moon space: any owner, neutral included (MN-AMB-34)."""
    return sum(s.appr[house * 2 + side :: APPR_W])  # one entry per owner (appr has n + 1 owners)


VISIT: Final = A.VISIT
RAISE: Final = A.RAISE
TAKE: Final = A.TAKE
# per seat's ``sun_houses`` bits (the houses with one of its apprentices on the sun space): the raise actions
RAISES_BY_MASK: Final = tuple(tuple(RAISE + h for h in range(NUM_HOUSES) if m >> h & 1) for m in range(1 << NUM_HOUSES))
HOUSES_MASK: Final = (1 << NUM_HOUSES) - 1
# per food (capped at the dearest slot's price): the display slots one can afford (MN-TURN-13), with their actions
TAKE_NEED: Final = max(0, -min(DATA.display_food))
TAKES_BY_FOOD: Final = tuple(tuple((i, TAKE + i) for i, c in enumerate(DATA.display_food) if food + c >= 0)
                             for food in range(TAKE_NEED + 1))  # fmt: skip


def sun_houses(s: MenNeferState) -> int:
    """``MenNeferState.sun_houses`` as ``appr`` says it: for a position whose apprentices were placed by hand."""
    out = 0
    for p in range(s.n):
        for h in range(NUM_HOUSES):
            if s.appr[p * APPR_W + h * 2]:
                out |= 1 << p * NUM_HOUSES + h
    return out


def option_actions(s: MenNeferState, p: int) -> list[int]:
    out: list[int] = []
    used = s.used
    u = p * NOPT
    visits = used[u + VISITS]
    if visits < PER_ERA:  # MN-TURN-1: an apprentice on the board, with its tile
        slots = s.slots
        at = p * NA
        for slot in HOME_SLOTS[s.home[p]]:
            out.append(VISIT + slots[at + slot])
    if used[u + RAISES] < PER_ERA:  # MN-TURN-7: an apprentice on a sun space
        houses = s.sun_houses >> p * NUM_HOUSES & HOUSES_MASK
        if houses:
            out += RAISES_BY_MASK[houses]
    # MN-TURN-11: an empty tile slot, which is there exactly when takes < visits (invariants.py)
    if used[u + TAKES] < visits:
        food = s.food[p]
        d = s.display
        for i, a in TAKES_BY_FOOD[food if food < TAKE_NEED else TAKE_NEED]:
            if d[i] >= 0:  # MN-TURN-13: affordable only
                out.append(a)
    return out


def _option_step(s: MenNeferState, task: Task) -> list[int] | None:
    out = option_actions(s, s.actor)
    if not out:  # MN-PHASE-10 / MN-AMB-38: a legal option always exists
        raise AssertionError(f"no legal turn option for seat {s.actor} (MN-PHASE-10)")
    return out


def _option_apply(s: MenNeferState, task: Task, a: int) -> None:
    p = s.actor
    if a < A.HOUSE:
        s.todo.append(("house", a - A.VISIT))  # MN-TURN-2: the apprentice and its tile, then a house
    elif a < A.TAKE:
        raise_specialization(s, p, a - A.RAISE)
    else:
        take_tile(s, p, a - A.TAKE)


T.decision("option", _option_step, _option_apply)


def _house_step(s: MenNeferState, task: Task) -> list[int] | None:
    return list(HOUSE_ACTIONS)  # any house (MN-TURN-6), never blocked


def _house_apply(s: MenNeferState, task: Task, a: int) -> None:
    visit(s, s.actor, task[1], a - A.HOUSE)


T.decision("house", _house_step, _house_apply)


def _pay_or_fallback(s: MenNeferState, p: int, cost: int) -> bool:
    """MN-TURN-3/8: pay if you can (MN-AMB-35); otherwise gain food and skip the actions."""
    food = s.food
    if food[p] >= cost:
        food[p] -= cost
        return True
    P.gain_food(s, p, CANNOT_PAY_GAIN)
    return False


def visit(s: MenNeferState, p: int, tile: int, house: int) -> None:
    """MN-TURN-2..5: place the apprentice under ``tile`` on the house's sun space, pay, act, discard."""
    slots = s.slots
    i = slots.index(tile, p * NA, (p + 1) * NA)
    s.used[p * NOPT + VISITS] += 1
    others = space_count(s, house, 0)
    s.home[p] &= ~(1 << (i - p * NA))
    slots[i] = -1
    s.appr[p * APPR_W + house * 2] += 1
    s.sun_houses |= 1 << p * NUM_HOUSES + house
    s.todo.append(("discard_tile", tile))  # MN-TURN-5: after the actions
    if _pay_or_fallback(s, p, occupancy_cost(others)):
        effects.begin_group(s, TILE_ACTIONS[tile])  # MN-TURN-4 / MN-TURN-6: independent of the house


@T.auto("discard_tile")
def _discard_tile(s: MenNeferState, task: Task) -> None:
    s.discard.append(task[1])  # face down on top of the discard pile


def _discard_tile_fused(s: MenNeferState, task: Task) -> None:
    """``discard_tile`` and the turn's ``end_turn`` under it (a visit's last step) in one call."""
    s.discard.append(task[1])
    todo = s.todo
    if todo and todo[-1][0] == "end_turn":
        todo.pop()
        _end_turn_fused(s, task)


T.fused("discard_tile", _discard_tile_fused)


def raise_specialization(s: MenNeferState, p: int, house: int) -> None:
    """MN-TURN-8..10: sun space -> moon space, pay, scarab +1 (not past the end), then a space."""
    s.used[p * NOPT + RAISES] += 1
    others = space_count(s, house, 1)
    appr = s.appr
    i = p * APPR_W + house * 2
    appr[i] -= 1
    appr[i + 1] += 1
    if not appr[i]:
        s.sun_houses &= ~(1 << p * NUM_HOUSES + house)
    if _pay_or_fallback(s, p, occupancy_cost(others)):
        i = p * NUM_HOUSES + house
        scarab = s.scarab
        if scarab[i] < TRACK_LEN:
            scarab[i] += 1
        s.todo.append(("track", house))


def _track_step(s: MenNeferState, task: Task) -> list[int] | None:
    # MN-TURN-9/10: the scarab's space or any one space to its left (space 0 has no actions)
    return list(range(A.TRACK, A.TRACK + s.scarab[s.actor * NUM_HOUSES + task[1]]))


def _track_apply(s: MenNeferState, task: Task, a: int) -> None:
    effects.begin_group(s, TRACKS[task[1]][a - A.TRACK])


T.decision("track", _track_step, _track_apply)


def take_tile(s: MenNeferState, p: int, i: int) -> None:
    """MN-TURN-12..16: take display slot i's tile, pay or gain, hieroglyph check, act, close the gap."""
    s.used[p * NOPT + TAKES] += 1
    d = s.display
    tile = d[i]
    d[i] = -1
    food = DISPLAY_FOOD[i]
    if food < 0:
        s.food[p] += food
    else:
        P.gain_food(s, p, food)
    slots = s.slots
    slots[slots.index(-1, p * NA, (p + 1) * NA)] = tile  # MN-TURN-14: any empty slot (all alike)
    todo = s.todo
    todo.append(("close_gap", i))
    todo.append(("row", i))
    track = BOARD_GLYPHS[s.board[p]]
    g = s.glyph[p]
    if g < len(track) and track[g] == TILE_GLYPH[tile]:  # MN-TURN-14: at most 1 space per tile
        s.glyph[p] = g + 1
        P.start(s, p, DATA.board_bonus[s.board[p]][g])  # fixed by the space: 1 PP or the scarab bonus


def _row_step(s: MenNeferState, task: Task) -> list[int] | None:
    # MN-TURN-15 / MN-AMB-37: the emptied slot's actions or those of any one slot below it
    return list(range(A.ROW + task[1], A.ROW + N_DISPLAY))


def _row_apply(s: MenNeferState, task: Task, a: int) -> None:
    effects.begin_group(s, DISPLAY_ACTIONS[a - A.ROW])


T.decision("row", _row_step, _row_apply)


def _slide_display(s: MenNeferState, i: int) -> bool:
    """MN-TURN-16: tiles above the gap at ``i`` slide down; the supply's top tile fills the top slot
    (whether it did: then the next one is revealed)."""
    d = s.display
    d[1 : i + 1] = d[0:i]
    d[0] = -1
    if s.supply_top < 0 and not s.supply_seq and not s.tile_pool:
        _recycle(s)  # MN-AMB-21: the discard pile is turned over when a draw needs it
    if s.supply_top < 0:
        return False
    d[0] = s.supply_top
    s.supply_top = -1
    return True


@T.auto("close_gap")
def _close_gap(s: MenNeferState, task: Task) -> None:
    if _slide_display(s, task[1]):
        s.todo.append(("reveal_top",))


def _close_gap_fused(s: MenNeferState, task: Task) -> None:
    """``close_gap`` and the ``reveal_top`` it queues in one call."""
    if _slide_display(s, task[1]):
        _reveal_top(s, task)


T.fused("close_gap", _close_gap_fused)


def _recycle(s: MenNeferState) -> None:
    """MN-TURN-16 / MN-AMB-20: the face-down pile turned over keeps its order, so the earliest
    discarded tile is the new top."""
    if not s.discard:
        return
    s.supply_seq = s.discard[::-1]
    s.discard = []
    s.supply_top = s.supply_seq.pop()


@T.auto("reveal_top")
def _reveal_top(s: MenNeferState, task: Task) -> None:
    if s.supply_seq:
        s.supply_top = s.supply_seq.pop()
    elif s.tile_pool:
        s.todo.append(("c_tile", "top", 0))
    elif s.opt.recycle_immediately:  # rule option: recycle as soon as the supply is empty
        _recycle(s)

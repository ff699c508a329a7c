"""Temple and markets: papyri, wares in the pyramid-shaped ware area, moving priestesses and
making offerings (MN-ACT-11..16, MN-ACT-27, MN-CONC-10/11). The sun disc is in ``effects``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import DATA, WARE_SPACES
from heliopolis.games.men_nefer.perform import gain_pp, start_group
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

ROW_LEN: Final = len(DATA.papyrus_slot_cost)
PRIEST_W: Final = (DATA.rooms + 1) * 2
# flags of a priestess action in progress
MOVED: Final = 1
ENDED: Final = 2
OFFERED: Final = ENDED << 1


# -- papyri (MN-ACT-11, MN-ACT-12, MN-CONC-4) --------------------------------------------------------
def row_length(s: MenNeferState, p: int) -> int:
    row = s.row
    base = p * ROW_LEN
    for k in range(ROW_LEN):  # the first empty slot right of the book
        if row[base + k] < 0:
            return k
    return ROW_LEN


# per row length: the heka to pay for each market slot (MN-AMB-31: market cost plus the slot's cost)
PAPYRUS_COST: Final = tuple(
    tuple(enumerate(c + slot for c in DATA.papyrus_market_cost)) for slot in DATA.papyrus_slot_cost
)


def papyrus_options(s: MenNeferState, p: int, free: bool) -> list[int]:
    k = row_length(s, p)
    if k >= ROW_LEN:  # a full row takes no papyri until the Harvest rolls it up
        return []
    out = []
    mkt = s.pap_mkt
    heka = s.heka[p]
    for i, cost in PAPYRUS_COST[k]:  # free papyri pay neither cost
        if mkt[i] >= 0 and (free or heka >= cost):
            out.append(i)
    return out


def papyrus_possible(s: MenNeferState, p: int, free: bool) -> bool:
    """``papyrus_options(s, p, free) != []``, stopping at the first."""
    k = row_length(s, p)
    if k >= ROW_LEN:
        return False
    mkt = s.pap_mkt
    heka = s.heka[p]
    for i, cost in PAPYRUS_COST[k]:
        if mkt[i] >= 0 and (free or heka >= cost):
            return True
    return False


def _papyrus_step(s: MenNeferState, task: Task) -> list[int] | None:
    out = [A.PAPYRUS + i for i in papyrus_options(s, s.actor, task[1])]
    return out + [A.PASS] if out else out


def _papyrus_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    p = s.actor
    i = a - A.PAPYRUS
    k = row_length(s, p)
    if not task[1]:
        s.heka[p] -= PAPYRUS_COST[k][i][1]
    own_field(s, "row")  # copy on write (state.FIELDS "c", core.state)
    s.row[p * ROW_LEN + k] = s.pap_mkt[i]  # first empty slot right of the book, fixed orientation
    s.pap_mkt[i] = -1  # refilled only at the end of the turn (MN-ACT-14, MN-AMB-30)


T.decision("papyrus", _papyrus_step, _papyrus_apply)


# -- wares (MN-ACT-13, MN-ACT-27) ------------------------------------------------------------------------
# per level: its spaces, each with the spaces below it that must hold wares first
LEVEL_SPACES: Final = tuple(tuple((i, DATA.ware_support[i]) for i in range(start, start + size))
                            for start, size in ((sum(DATA.ware_levels[:k]), n)
                                                for k, n in enumerate(DATA.ware_levels)))  # fmt: skip


def ware_spaces(s: MenNeferState, p: int) -> list[int]:
    """MN-ACT-13: per level the leftmost empty space; above level I only if both spaces below hold wares."""
    out: list[int] = []
    wares = s.wares
    base = p * WARE_SPACES
    for level in LEVEL_SPACES:
        for i, below in level:
            if wares[base + i] < 0:
                for j in below:
                    if wares[base + j] < 0:
                        break
                else:
                    out.append(i)
                break
    return out


def ware_options(s: MenNeferState, p: int, free: bool) -> list[int]:
    if not ware_spaces(s, p):  # a full area takes no more wares
        return []
    return [i for i, w in enumerate(s.ware_mkt) if w >= 0 and (free or s.food[p] >= DATA.ware_market_cost[i])]


def _ware_step(s: MenNeferState, task: Task) -> list[int] | None:
    out = [A.WARE + i for i in ware_options(s, s.actor, task[1])]
    return out + [A.PASS] if out else out


def _ware_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    p = s.actor
    i = a - A.WARE
    if not task[1]:
        s.food[p] -= DATA.ware_market_cost[i]
    w = s.ware_mkt[i]
    s.ware_mkt[i] = -1
    s.todo.append(("ware_place", w))


T.decision("ware", _ware_step, _ware_apply)


def _ware_place_step(s: MenNeferState, task: Task) -> list[int] | None:
    return [A.PLACE + i for i in ware_spaces(s, s.actor)]


def _ware_place_apply(s: MenNeferState, task: Task, a: int) -> None:
    p = s.actor
    i = a - A.PLACE
    own_field(s, "wares")  # copy on write (state.FIELDS "c", core.state)
    s.wares[p * WARE_SPACES + i] = task[1]
    own_field(s, "ware_state")  # copy on write (state.FIELDS "c", core.state)
    s.ware_state[p * WARE_SPACES + i] = 1  # the space's basket goes on the ware: it is filled
    if DATA.ware_space_pp[i]:
        gain_pp(s, p, DATA.ware_space_pp[i])


T.decision("ware_place", _ware_place_step, _ware_place_apply)


# -- priestesses and offerings (MN-ACT-15, MN-ACT-16) -------------------------------------------------
def standing(s: MenNeferState, p: int, room: int) -> int:
    return s.priest[p * PRIEST_W + room * 2]


# the basket spaces with their rooms, ascending: all of them, and those of the 8-in-total reading (MN-AMB-9)
SPACE_ROOMS: Final = (tuple(enumerate(DATA.temple_room)),
                      tuple((t, r) for t, r in enumerate(DATA.temple_room) if t in DATA.temple_variant))  # fmt: skip


def basket_spaces(s: MenNeferState, p: int) -> list[int]:
    """Empty basket spaces in rooms holding a standing priestess of p (MN-ACT-16 step 4)."""
    temple = s.temple
    priest = s.priest
    base = p * PRIEST_W
    out: list[int] = []
    for t, room in SPACE_ROOMS[1 if s.opt.temple_8_total else 0]:
        if temple[t] < 0 and priest[base + room * 2]:
            out.append(t)
    return out


def has_basket_space(s: MenNeferState, p: int) -> bool:
    """``basket_spaces(s, p) != []``, stopping at the first."""
    temple = s.temple
    priest = s.priest
    base = p * PRIEST_W
    for t, room in SPACE_ROOMS[1 if s.opt.temple_8_total else 0]:
        if temple[t] < 0 and priest[base + room * 2]:
            return True
    return False


def offer_options(s: MenNeferState, p: int) -> list[int]:
    """Filled wares, if a basket space is free right now (MN-AMB-28)."""
    if not has_basket_space(s, p):
        return []
    base = p * WARE_SPACES
    return [i for i in range(WARE_SPACES) if s.ware_state[base + i] == 1]


# per room a priestess can leave: (the step cost of entering the next room, the room's offset in
# priest, the action moving a standing one, the action moving a lying one; the entrance has none lying)
ROOM_MOVES: Final = tuple((DATA.room_cost[r + 1], r * 2, A.PRIEST if r == 0 else A.PRIEST + 2 * r - 1, A.PRIEST + 2 * r)
                          for r in range(DATA.rooms))  # fmt: skip


def move_options(s: MenNeferState, p: int, steps: int) -> list[int]:
    """One room deeper per move; entering a room costs its step cost (MN-ACT-15)."""
    out = []
    priest = s.priest
    base = p * PRIEST_W
    for cost, off, standing, lying in ROOM_MOVES:
        if cost > steps:
            continue
        if priest[base + off]:
            out.append(standing)
        if off and priest[base + off + 1]:
            out.append(lying)
    return out


def priestess_possible(s: MenNeferState, p: int, steps: int, offering: int) -> bool:
    return bool(move_options(s, p, steps)) or bool(offering and offer_options(s, p))


def _priest_step(s: MenNeferState, task: Task) -> list[int] | None:
    _, steps, offering, flags = task
    p = s.actor
    out = []
    if not flags & ENDED:
        out += move_options(s, p, steps)
    if offering and not flags & OFFERED:  # before or after moving, never in the middle
        out += [A.OFFER + i for i in offer_options(s, p)]
    return out + [A.PASS] if out else out


def _priest_apply(s: MenNeferState, task: Task, a: int) -> None:
    _, steps, offering, flags = task
    if a == A.PASS:
        return  # unused steps are lost
    p = s.actor
    if a < A.OFFER:
        k = a - A.PRIEST
        room, lying = (0, 0) if k == 0 else ((k + 1) // 2, 1 - k % 2)
        base = p * PRIEST_W
        s.priest[base + room * 2 + lying] -= 1
        s.priest[base + (room + 1) * 2] += 1  # she always stands after moving
        s.todo.append(("priest", steps - DATA.room_cost[room + 1], offering, flags | MOVED))
        return
    if flags & MOVED:
        flags |= ENDED  # an offering after moving ends the movement
    s.todo.append(("priest", steps, offering, flags | OFFERED))
    i = a - A.OFFER
    s.todo.append(("basket", i))
    lv = DATA.ware_space_level[i]
    start_group(s, DATA.ware_offer[s.wares[p * WARE_SPACES + i]][lv])  # the actions for I..its level


T.decision("priest", _priest_step, _priest_apply)


def _basket_step(s: MenNeferState, task: Task) -> list[int] | None:
    return [A.BASKET + t for t in basket_spaces(s, s.actor)]


def _basket_apply(s: MenNeferState, task: Task, a: int) -> None:
    """MN-ACT-16 steps 3-4: the ware is flipped, its basket goes on the chosen space, the space's
    actions follow, then a standing priestess in that room lies down."""
    p = s.actor
    t = a - A.BASKET
    own_field(s, "ware_state")  # copy on write (state.FIELDS "c", core.state)
    s.ware_state[p * WARE_SPACES + task[1]] = 2
    own_field(s, "temple")  # copy on write (state.FIELDS "c", core.state)
    s.temple[t] = p
    s.todo.append(("lay", DATA.temple_room[t]))
    start_group(s, DATA.temple_actions[t])


T.decision("basket", _basket_step, _basket_apply)


@T.auto("lay")
def _lay(s: MenNeferState, task: Task) -> None:
    base = s.actor * PRIEST_W + task[1] * 2
    if s.priest[base]:
        s.priest[base] -= 1
        s.priest[base + 1] += 1

"""Men-Nefer setup (MN-SETUP) and the chance nodes that draw components: the setup's draws, the
markets' and agreements' refills, the action tiles dealt, displayed and turned up from the supply.

Chance outcomes name the drawn component (``tile:t07``, ``ware-draw:w12``): bags, stacks and the
unknown part of the action-tile supply are bitmasks of what is still inside, so the state never
stores an order nobody has seen (no hidden information). ``flow`` runs the eras and turns that
queue the refills.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    FAVOUR_KINDS,
    NUM_CITIES,
    NUM_HOUSES,
)
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

APPR_W: Final = NUM_HOUSES * 2
NFAV: Final = len(FAVOUR_KINDS)


def _by_value(values: tuple[int, ...]) -> dict[int, int]:
    """value -> bitmask of the components with that value (tile numbers, agreement values)."""
    masks: dict[int, int] = {}
    for i, v in enumerate(values):
        masks[v] = masks.get(v, 0) | 1 << i
    return masks


T.bag(A.TILE, len(DATA.tile_ids))
T.bag(A.BOARD, len(DATA.board_ids))
T.bag(A.QUEENS, len(DATA.queen_tiles))
T.bag(A.MASTABA_TILE, len(DATA.mastaba_ids))
T.bag(A.WARE_DRAW, len(DATA.ware_ids))
T.bag(A.PAPYRUS_DRAW, len(DATA.papyrus_ids))
T.bag(A.TA_DRAW, len(DATA.ta_ids))
TILES_BY_NUMBER: Final = _by_value(DATA.tile_number)
TA_BY_VALUE: Final = _by_value(DATA.ta_value)


def slot_valid(n: int, city: int, k: int) -> bool:
    """MN-SETUP-15: a city slot is used unless its mark is excluded for this player count."""
    mark = DATA.city_slot_marks[city][k] if k < len(DATA.city_slot_marks[city]) else "absent"
    return mark != "absent" and mark not in DATA.setup[n]["trade_slots_filled"]["marks_excluded"]


# per player count: the city slots in use, as (city, slot) in reverse order (the Flood pushes them last-first)
VALID_SLOTS_REVERSED: Final = {n: tuple((c, k) for c in reversed(range(NUM_CITIES)) for k in reversed(range(CITY_SLOTS))
                                        if slot_valid(n, c, k)) for n in DATA.player_counts}  # fmt: skip
NEUTRALS: Final = {n: bool(DATA.setup[n]["neutral_apprentices"]["value"]) for n in DATA.player_counts}


# -- setup (MN-SETUP) ------------------------------------------------------------------------------
def setup(s: MenNeferState, start_player: int | None) -> None:
    n = s.n
    cfg = DATA.setup[n]
    todo: list[Task] = []
    todo += [("c_piece", lv) for lv in range(len(DATA.gp_piece_favours))]  # MN-SETUP-3
    todo.append(("preplace",))  # MN-SETUP-4/6
    todo += [("c_queens", q) for q in range(DATA.queens)]  # MN-SETUP-7
    todo += [("c_mastaba", k) for k in range(len(DATA.mastaba_slots))]  # MN-SETUP-9
    todo.append(("c_deity",))  # MN-SETUP-10
    todo += [("c_ware", k) for k in range(len(DATA.ware_market_cost))]  # MN-SETUP-11: left to right
    todo += [("c_papyrus", k) for k in range(len(DATA.papyrus_market_cost))]  # MN-SETUP-12
    todo += [("c_adv", c) for c in range(NUM_CITIES)]  # MN-SETUP-13
    for c in range(NUM_CITIES):  # MN-SETUP-14/15
        for k in range(CITY_SLOTS):
            if slot_valid(n, c, k):
                todo.append(("c_ta", c, k, DATA.city_setup_value[c]))
    if cfg["neutral_apprentices"]["value"]:
        todo.append(("c_neutral",))  # MN-SETUP-16
    todo += [("c_board", p) for p in range(n)]  # MN-SETUP-26
    todo.append(("c_start",) if start_player is None else ("start", start_player))  # MN-SETUP-28
    todo.append(("deal",))  # MN-SETUP-30
    todo += [("c_tile", "display", k) for k in reversed(range(len(DATA.display_food)))]  # MN-SETUP-32
    todo.append(("reveal_top",))  # MN-SETUP-31: the supply's top tile is face up
    todo.append(("era_start",))  # MN-SETUP-33
    s.todo = todo[::-1]


@T.auto("preplace")
def _preplace(s: MenNeferState, task: Task) -> None:
    cfg = DATA.setup[s.n]
    pre = cfg["great_pyramid_preplaced"]
    if pre["level_I_pieces"]:
        # MN-SETUP-4: the top level-I piece goes on the build place marked for 2-3 players, no favours
        pos = int(pre["build_place"][2:]) - 1
        own_field(s, "gp_grid")  # copy on write (state.FIELDS "c", core.state)
        own_field(s, "gp_top")
        s.gp_grid[pos] = s.gp_top[0]
        s.gp_top[0] = -1
        s.todo.append(("c_piece", 0))
    own_field(s, "qp_levels")  # copy on write (state.FIELDS "c", core.state)
    for q in range(DATA.queens):  # MN-SETUP-6: no eyes for preplaced queens' levels
        s.qp_levels[q] = len(cfg["queens_preplaced_levels"]["levels"])


def _start(s: MenNeferState, seat: int) -> None:
    """MN-SETUP-28/29: turn order clockwise from the start player; food by turn position."""
    n = s.n
    s.order = [(seat + i) % n for i in range(n)]
    for pos, p in enumerate(s.order):
        s.food[p] = DATA.food_start[pos]


@T.auto("start")
def _start_fixed(s: MenNeferState, task: Task) -> None:
    _start(s, task[1])


T.chance("c_start", lambda s, t: list(range(A.START, A.START + s.n)), lambda s, t, a: _start(s, a - A.START))


@T.auto("deal")
def _deal(s: MenNeferState, task: Task) -> None:
    """MN-SETUP-30: each player gets one random tile of each dealt number (no hieroglyph check)."""
    for p in reversed(s.order):
        for k in reversed(range(DATA.apprentices)):
            s.todo.append(("c_tile", "deal", p * DATA.apprentices + k))


def _tile_draws(s: MenNeferState, task: Task) -> list[int]:
    if task[1] == "deal":  # MN-SETUP-30: a tile of the dealt number
        return T.drawable(A.TILE, s.tile_pool & TILES_BY_NUMBER.get(DATA.deal_numbers[task[2] % DATA.apprentices], 0))
    return T.drawable(A.TILE, s.tile_pool)


def _tile_apply(s: MenNeferState, task: Task, a: int) -> None:
    t = a - A.TILE
    s.tile_pool &= ~(1 << t)
    kind = task[1]
    if kind == "deal":
        s.slots[task[2]] = t
    elif kind == "display":
        s.display[task[2]] = t
    else:
        s.supply_top = t


T.chance("c_tile", _tile_draws, _tile_apply)


def _draw_into_slot(name: str, base: int, pool: str, target: str) -> None:
    """A chance node drawing one component uniformly from the set ``pool`` (a bitmask of what is
    still inside the bag or stack) onto ``target[task[1]]``: player boards, queens' tiles, mastaba
    tiles, and the ware and papyrus markets."""

    def apply(s: MenNeferState, task: Task, a: int) -> None:
        k = a - base
        setattr(s, pool, getattr(s, pool) & ~(1 << k))
        own_field(s, target)  # boards, queens' tiles and mastabas are copy-on-write fields
        getattr(s, target)[task[1]] = k

    T.chance(name, lambda s, t: T.drawable(base, getattr(s, pool)), apply)


_draw_into_slot("c_board", A.BOARD, "boards_left", "board")
_draw_into_slot("c_queens", A.QUEENS, "queens_left", "qtiles")
_draw_into_slot("c_mastaba", A.MASTABA_TILE, "mastaba_left", "mastaba")


# The markets' refills, each turn: written out (the markets are copied by clone(), not copy-on-write).
def _ware_draw(s: MenNeferState, task: Task, a: int) -> None:
    k = a - A.WARE_DRAW
    s.bag_wares &= ~(1 << k)
    s.ware_mkt[task[1]] = k


def _papyrus_draw(s: MenNeferState, task: Task, a: int) -> None:
    k = a - A.PAPYRUS_DRAW
    s.bag_papyri &= ~(1 << k)
    s.pap_mkt[task[1]] = k


def _ware_draws(s: MenNeferState, task: Task) -> list[int]:
    return T.drawable(A.WARE_DRAW, s.bag_wares)


def _papyrus_draws(s: MenNeferState, task: Task) -> list[int]:
    return T.drawable(A.PAPYRUS_DRAW, s.bag_papyri)


T.chance("c_ware", _ware_draws, _ware_draw)
T.chance("c_papyrus", _papyrus_draws, _papyrus_draw)


def _deity_apply(s: MenNeferState, task: Task, a: int) -> None:
    s.deity = a - A.DEITY


T.chance("c_deity", lambda s, t: list(range(A.DEITY, A.DEITY + len(DATA.deity_ids))), _deity_apply)


def _adv_draws(s: MenNeferState, task: Task) -> list[int]:
    used = {x for x in s.city_adv if x >= 0}
    return [A.ADVANTAGE + i for i in range(len(DATA.advantage_ids)) if i not in used]


def _adv_apply(s: MenNeferState, task: Task, a: int) -> None:
    own_field(s, "city_adv")  # copy on write (state.FIELDS "c", core.state)
    s.city_adv[task[1]] = a - A.ADVANTAGE


T.chance("c_adv", _adv_draws, _adv_apply)


def _neutral_apply(s: MenNeferState, task: Task, a: int) -> None:
    """MN-SETUP-16: neutral apprentices on the spaces the drawn tile shows for this player count."""
    t = a - A.NEUTRAL
    s.neutral_tile = t
    base = s.n * APPR_W
    for house, side in DATA.neutral_sides[s.n][t]:
        s.appr[base + house * 2 + side] += 1


T.chance("c_neutral", lambda s, t: list(range(A.NEUTRAL, A.NEUTRAL + len(DATA.neutral_ids))), _neutral_apply)


def _piece_draws(s: MenNeferState, task: Task) -> list[int]:
    lv = task[1]
    return [A.PIECE + f for f in range(NFAV) if s.gp_stack[lv * NFAV + f]]


def _piece_outcomes(s: MenNeferState, task: Task) -> list[tuple[int, float]]:
    """Not uniform: the favours in the level's stack, by count."""
    lv = task[1]
    counts = s.gp_stack[lv * NFAV : (lv + 1) * NFAV]
    total = sum(counts)
    return [(A.PIECE + f, c / total) for f, c in enumerate(counts) if c]


def _piece_apply(s: MenNeferState, task: Task, a: int) -> None:
    lv = task[1]
    f = a - A.PIECE
    own_field(s, "gp_stack")  # copy on write (state.FIELDS "c", core.state)
    own_field(s, "gp_top")
    s.gp_stack[lv * NFAV + f] -= 1
    s.gp_top[lv] = f  # the stack lies face up: its top piece's favour is visible (MN-SETUP-3)


T.chance("c_piece", _piece_draws, _piece_apply, _piece_outcomes)


def _ta_draws(s: MenNeferState, task: Task) -> list[int]:
    return T.drawable(A.TA_DRAW, s.ta_stack & TA_BY_VALUE.get(task[3], 0))  # an agreement of the slot's value


def _ta_apply(s: MenNeferState, task: Task, a: int) -> None:
    t = a - A.TA_DRAW
    s.ta_stack &= ~(1 << t)
    own_field(s, "city_ta")  # copy on write (state.FIELDS "c", core.state)
    s.city_ta[task[1] * CITY_SLOTS + task[2]] = t


T.chance("c_ta", _ta_draws, _ta_apply)

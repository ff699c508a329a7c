"""The necropolis: Bury (I / II / III / ?) with its space bonus and mastaba activations, and
mastaba activations of choice (MN-ACT-8..10, MN-ACT-21). Embalm is in ``effects.embalm``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import DATA, NUM_HOUSES, Group
from heliopolis.games.men_nefer.perform import start_group
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

NECROPOLIS: Final = DATA.houses.index("necropolis")


def question_level(s: MenNeferState, p: int, reached: tuple[int, ...], house: int) -> int:
    """MN-ACT-10 / MN-ACT-20: "?" is the largest numeral on any space the scarab has reached; with
    none reached the action is lost (MN-AMB-11), or limited to I under the alternative option."""
    lv = reached[s.scarab[p * NUM_HOUSES + house]]
    if lv == 0 and s.opt.question_level_i:
        return 1
    return lv


def bury_targets(s: MenNeferState, p: int, level: int) -> list[int]:
    if not s.sarc_av[p]:  # MN-ACT-9: an available sarcophagus is needed
        return []
    if level == 0:
        level = question_level(s, p, DATA.bury_reached, NECROPOLIS)
    return [g for g, owner in enumerate(s.graves) if owner < 0 and DATA.grave_column[g] <= level]


def mastaba_group(s: MenNeferState, slot: int) -> Group:
    tile = s.mastaba[slot]
    return (DATA.mastaba_actions_free_ware if s.opt.mastaba_free_ware else DATA.mastaba_actions)[tile]


def _bury_step(s: MenNeferState, task: Task) -> list[int] | None:
    out = [A.GRAVE + g for g in bury_targets(s, s.actor, task[1])]
    return out + [A.PASS] if out else out


def _bury_apply(s: MenNeferState, task: Task, a: int) -> None:
    """MN-ACT-9: place the sarcophagus, gain the space's bonus, then activate mastaba tiles as often
    as the column allows (the column, not the action's numeral, counts: MN-AMB-51)."""
    if a == A.PASS:
        return
    p = s.actor
    g = a - A.GRAVE
    own_field(s, "sarc_av")  # copy on write (state.FIELDS "c", core.state)
    s.sarc_av[p] -= 1
    own_field(s, "graves")  # copy on write (state.FIELDS "c", core.state)
    s.graves[g] = p
    s.todo.append(("bury_acts", g, DATA.column_activations[DATA.grave_column[g]]))
    start_group(s, DATA.grave_bonus[g])


T.decision("bury", _bury_step, _bury_apply)


def _bury_acts_step(s: MenNeferState, task: Task) -> list[int] | None:
    if task[2] <= 0:
        s.todo.pop()
        return None
    h, v = DATA.grave_mastabas[task[1]]  # MN-AMB-47: only the space's own two tiles
    return sorted({A.MASTABA + h, A.MASTABA + v, A.PASS})


def _bury_acts_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    if task[2] > 1:
        s.todo.append(("bury_acts", task[1], task[2] - 1))
    start_group(s, mastaba_group(s, a - A.MASTABA))  # each activation resolved separately


T.decision("bury_acts", _bury_acts_step, _bury_acts_apply)


def _mastaba_any_step(s: MenNeferState, task: Task) -> list[int] | None:
    if task[1] <= 0:
        s.todo.pop()
        return None
    # MN-ACT-21: any tile in play, adjacency does not matter
    return [A.MASTABA + k for k in range(len(DATA.mastaba_slots))] + [A.PASS]


def _mastaba_any_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    if task[1] > 1:
        s.todo.append(("mastaba_any", task[1] - 1))
    start_group(s, mastaba_group(s, a - A.MASTABA))


T.decision("mastaba_any", _mastaba_any_step, _mastaba_any_apply)

"""Sphinxes: Erect sphinx (I / II / III / ?) on a pedestal and its bonus (MN-ACT-20). Carve sphinx
is in ``effects.carve``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.necropolis import question_level
from heliopolis.games.men_nefer.perform import start_group
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

SPHINXES: Final = DATA.houses.index("sphinxes")


def erect_targets(s: MenNeferState, p: int, level: int) -> list[int]:
    if not s.sphinx_av[p]:  # an available sphinx is needed
        return []
    if level == 0:
        level = question_level(s, p, DATA.erect_reached, SPHINXES)
    # an empty pedestal whose numeral is at most the action's; none left: the action is lost
    return [i for i, owner in enumerate(s.pedestals) if owner < 0 and DATA.pedestal_numeral[i] <= level]


def _erect_step(s: MenNeferState, task: Task) -> list[int] | None:
    out = [A.PEDESTAL + i for i in erect_targets(s, s.actor, task[1])]
    return out + [A.PASS] if out else out


def _erect_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return
    p = s.actor
    i = a - A.PEDESTAL
    own_field(s, "sphinx_av")  # copy on write (state.FIELDS "c", core.state)
    s.sphinx_av[p] -= 1
    own_field(s, "pedestals")  # copy on write (state.FIELDS "c", core.state)
    s.pedestals[i] = p
    start_group(s, DATA.pedestal_bonus[i])


T.decision("erect", _erect_step, _erect_apply)

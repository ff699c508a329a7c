"""Pyramids: Transport limestone on the two tracks, building the Great Pyramid with Khufu's favour,
and the queens' pyramids with eyes of Horus (MN-ACT-1..7).

A limestone action is a sequence of ``block:great`` / ``block:queens`` steps, each resolved before
the next (MN-ACT-1); ``pass`` gives up the remaining steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    DATA,
    FAVOUR_KINDS,
    GP_CONSTRUCTION,
    GP_FAVOUR,
)
from heliopolis.games.men_nefer.perform import do_favour
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

NFAV: Final = len(FAVOUR_KINDS)
POSITIONS: Final = len(DATA.gp_build_places)
LEVELS: Final = len(DATA.gp_piece_favours)


def gp_feature(s: MenNeferState, space: int) -> tuple[int, int]:
    """The effect of a Great Pyramid track space; with 2 players spaces 3 and 8 are covered by
    construction tiles (MN-SETUP-17, MN-ACT-4, MN-AMB-41)."""
    if space in DATA.setup[s.n]["great_pyramid_construction_tiles"]["track_spaces"]:
        return (GP_CONSTRUCTION, 0)
    return DATA.gp_feature[space]


def queens_step_ok(s: MenNeferState, p: int) -> bool:
    """MN-ACT-6: a construction space may be entered only with an available eye; beyond the end a
    step is lost (MN-AMB-13), so it is not offered."""
    nxt = s.qp[p] + 1
    return nxt <= DATA.qp_len and (nxt not in DATA.qp_construction or s.eye_av[p] > 0)


def limestone_progress(s: MenNeferState, p: int) -> bool:
    """Whether a limestone step could move a block (not only go beyond the end, MN-AMB-54)."""
    return s.gp[p] < DATA.gp_len or queens_step_ok(s, p)


# -- Transport limestone (MN-ACT-1) ----------------------------------------------------------------
def _lime_step(s: MenNeferState, task: Task) -> list[int] | None:
    if task[1] <= 0:
        s.todo.pop()
        return None
    out = [A.PASS]
    if s.gp[s.actor] < DATA.gp_len or task[-1] != "eye":  # an eye's step never goes beyond the end (MN-AMB-54)
        out.append(A.BLOCK)
    if queens_step_ok(s, s.actor):
        out.append(A.BLOCK + 1)
    return out  # the task loop sorts a decision's actions


def _lime_apply(s: MenNeferState, task: Task, a: int) -> None:
    if a == A.PASS:
        return  # the remaining steps are lost
    p = s.actor
    if task[1] > 1:
        s.todo.append(("lime", task[1] - 1))
    if a == A.BLOCK:
        if s.gp[p] >= DATA.gp_len:  # MN-ACT-2: beyond the end, 1 favour of choice per step
            s.todo.append(("favour", 1))
            return
        own_field(s, "gp")  # copy on write (state.FIELDS "c", core.state)
        s.gp[p] += 1
        kind, n = gp_feature(s, s.gp[p])
        if kind == GP_CONSTRUCTION:
            s.todo.append(("gp_build",))
        elif kind == GP_FAVOUR:
            s.todo.append(("favour", n))  # "!!": 2 favours of choice, repeats allowed (MN-ACT-5)
    else:
        own_field(s, "qp")  # copy on write (state.FIELDS "c", core.state)
        s.qp[p] += 1
        if s.qp[p] in DATA.qp_construction:
            s.todo.append(("queen_eye",))


T.decision("lime", _lime_step, _lime_apply)


# -- the Great Pyramid (MN-ACT-3) -------------------------------------------------------------------
def current_level(s: MenNeferState) -> int:
    """The lowest incomplete level (a new level only once the one below is complete), or LEVELS
    when only the pyramidion is missing."""
    for lv in range(LEVELS):
        if -1 in s.gp_grid[lv * POSITIONS : (lv + 1) * POSITIONS]:
            return lv
    return LEVELS


@T.auto("gp_build")
def _gp_build(s: MenNeferState, task: Task) -> None:
    if s.pyramidion:
        return  # MN-ACT-3.6: the Great Pyramid is complete; nothing is built, no favours
    lv = current_level(s)
    if lv < LEVELS:
        s.todo.append(("gp_pos", lv))
        return
    # MN-ACT-3.5: the pyramidion covers the 4 level-III pieces; 2 of their favours are performed
    s.pyramidion = True
    top = LEVELS - 1
    covered = tuple(sorted(s.gp_grid[top * POSITIONS : (top + 1) * POSITIONS]))
    s.todo.append(("pyramidion", covered, DATA.gp_pyramidion_picks))


def _gp_pos_step(s: MenNeferState, task: Task) -> list[int] | None:
    lv = task[1]
    return [A.POSITION + k for k in range(POSITIONS) if s.gp_grid[lv * POSITIONS + k] < 0]


def _gp_pos_apply(s: MenNeferState, task: Task, a: int) -> None:
    """MN-ACT-3 / MN-AMB-40: the top piece of the level's stack goes on the chosen position; the
    favour covered and the favour of the new piece are both performed."""
    lv = task[1]
    k = a - A.POSITION
    new = s.gp_top[lv]
    own_field(s, "gp_grid")  # copy on write (state.FIELDS "c", core.state)
    own_field(s, "gp_top")
    s.gp_grid[lv * POSITIONS + k] = new
    s.gp_top[lv] = -1
    covered = DATA.gp_build_places[k] if lv == 0 else s.gp_grid[(lv - 1) * POSITIONS + k]
    s.todo += [("fixed_favour", new), ("fixed_favour", covered)]
    if any(s.gp_stack[lv * NFAV : (lv + 1) * NFAV]):
        s.todo.append(("c_piece", lv))  # the next piece of the face-up stack is revealed


T.decision("gp_pos", _gp_pos_step, _gp_pos_apply)


def _pyramidion_step(s: MenNeferState, task: Task) -> list[int] | None:
    _, covered, picks = task
    if picks <= 0 or not covered:
        s.todo.pop()
        return None
    out = set()
    for f in covered:
        if f == 0:  # food-or-heka: choose the outcome directly
            out |= {A.FAVOUR, A.FAVOUR + 1}
        else:
            out.add(A.FAVOUR + 1 + f)
    return sorted(out)


def _pyramidion_apply(s: MenNeferState, task: Task, a: int) -> None:
    _, covered, picks = task
    f = 0 if a <= A.FAVOUR + 1 else a - A.FAVOUR - 1
    rest = list(covered)
    rest.remove(f)
    if picks > 1:
        s.todo.append(("pyramidion", tuple(rest), picks - 1))
    do_favour(s, s.actor, a)


T.decision("pyramidion", _pyramidion_step, _pyramidion_apply)


# -- the queens' pyramids (MN-ACT-6) ------------------------------------------------------------------
def _queen_step(s: MenNeferState, task: Task) -> list[int] | None:
    if s.eye_av[s.actor] <= 0:  # cannot happen: the space needs an eye to be entered
        s.todo.pop()
        return None
    # MN-AMB-12: with every queens' pyramid complete nothing is built and the eye stays available
    return [A.PYRAMID + q for q in range(DATA.queens) if s.qp_levels[q] < DATA.queen_levels]


def _queen_apply(s: MenNeferState, task: Task, a: int) -> None:
    p = s.actor
    q = a - A.PYRAMID
    own_field(s, "eye_av")  # copy on write (state.FIELDS "c", core.state)
    s.eye_av[p] -= 1
    own_field(s, "qp_eyes")  # copy on write (state.FIELDS "c", core.state)
    own_field(s, "qp_levels")
    s.qp_eyes[p * DATA.queens + q] += 1
    s.qp_levels[q] += 1  # the next level's piece (the pyramidion last) comes from the quarry


T.decision("queen_eye", _queen_step, _queen_apply)

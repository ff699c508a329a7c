"""Performing one printed action: the simple gains done at once, and the task pushed for the rest.

Shared by ``effects.py`` (groups, choices, favours of choice) and the mini-game modules
(``necropolis``, ``nile``, ``pyramids``, ``sphinx``, ``temple``), which start groups and gain
food, heka and PP. It imports none of them, so they all import it at the top, with no cycle:
the mini-games never reach back into ``effects.py``, and ``effects.py`` (which asks the
mini-games whether an action is performable, ``feasible``) imports them as ordinary modules.

Also the PP categories of ``score_breakdown`` (``CATEGORIES``, ``CAT_*``, ``NCAT``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.state import own_field
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer.components import (
    BOATS,
    BURY,
    BUY_PAPYRUS,
    BUY_WARE,
    CARVE,
    CHOICE,
    DATA,
    EMBALM,
    ERECT,
    EYE,
    FAV_FEATHER,
    FAV_FOOD_OR_HEKA,
    FAV_HEART,
    FAVOUR,
    FEATHER,
    FOOD,
    FOOD_OR_HEKA,
    FREE_PAPYRUS,
    FREE_WARE,
    HEART,
    HEKA,
    LIMESTONE,
    MASTABA,
    MIX,
    PP,
    PRIESTESSES,
    SCARAB,
    SUN,
    TAKE_TA,
    Effect,
    Group,
)

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

# Categories of PP for score_breakdown (MN-SCORE-1 order after the start value and turn gains).
CATEGORIES: Final = ("start", "turns", "duat", "agreements", "sarcophagi", "sun_disc", "great_pyramid", "queens")
CAT_START: Final = 0
CAT_TURNS: Final = 1
CAT_DUAT: Final = 2
CAT_TA: Final = 3
CAT_SARC: Final = 4
CAT_SUN: Final = 5
CAT_GP: Final = 6
CAT_QUEENS: Final = 7
NCAT: Final = len(CATEGORIES)


# -- simple gains (MN-ACT-23, MN-GEN-2, MN-CONC-2) ----------------------------------------------------
def gain_food(s: MenNeferState, p: int, n: int) -> None:
    s.food[p] = min(DATA.cap_food, s.food[p] + n)  # MN-GEN-2: excess is lost


def gain_heka(s: MenNeferState, p: int, n: int) -> None:
    s.heka[p] = min(DATA.cap_heka, s.heka[p] + n)


def gain_pp(s: MenNeferState, p: int, n: int) -> None:
    s.pp[p] += n  # MN-GEN-7: purple seals count at once
    s.pp_cat[p * NCAT + CAT_TURNS] += n


def move_heart(s: MenNeferState, p: int, n: int) -> None:
    s.heart[p] = min(DATA.duat_last, s.heart[p] + n)  # MN-CONC-2: steps beyond the track are lost


def move_feather(s: MenNeferState, p: int, n: int) -> None:
    s.feather[p] = max(0, s.feather[p] - n)


def embalm(s: MenNeferState, p: int) -> None:
    """MN-ACT-8: a mummy becomes an available sarcophagus; with none left, heart and feather +1."""
    if s.mummy_sup[p]:
        own_field(s, "mummy_sup")  # copy on write (state.FIELDS "c", core.state)
        own_field(s, "sarc_av")
        s.mummy_sup[p] -= 1
        s.sarc_av[p] += 1
    else:
        move_heart(s, p, 1)
        move_feather(s, p, 1)


def carve(s: MenNeferState, p: int) -> None:
    """MN-ACT-19: a sphinx becomes available; with none left in supply, 1 PP instead."""
    if s.sphinx_sup[p]:
        own_field(s, "sphinx_sup")  # copy on write (state.FIELDS "c", core.state)
        own_field(s, "sphinx_av")
        s.sphinx_sup[p] -= 1
        s.sphinx_av[p] += 1
    else:
        gain_pp(s, p, 1)


def obtain_eye(s: MenNeferState, p: int, favour: bool = False) -> None:
    """MN-ACT-7: an eye becomes available; with none left in supply, transport limestone 1.

    When the eye is a favour of choice, that step is marked: it may not go beyond the end of the
    Great Pyramid track (MN-AMB-54), as favour -> eye -> step beyond the end -> favour is an endless
    cycle that leaves the position as it was (choosing the last favour directly gives the same),
    which a bot could follow forever. Any other "Obtain eye" step may go beyond the end and then
    gives its favour (MN-ACT-2)."""
    if s.eye_sup[p]:
        own_field(s, "eye_sup")  # copy on write (state.FIELDS "c", core.state)
        own_field(s, "eye_av")
        s.eye_sup[p] -= 1
        s.eye_av[p] += 1
    else:
        s.todo.append(("lime", 1, "eye") if favour else ("lime", 1))


# Done at once when a group starts (effects.py): they only add pieces or points; "Obtain eye" too
# while eyes are in the supply.
EAGER_OPS: Final = frozenset((HEART, FEATHER, PP, EMBALM, CARVE))


def is_eager(s: MenNeferState, p: int, eff: Effect) -> bool:
    op = eff[0]
    return op in EAGER_OPS or (op == EYE and s.eye_sup[p] > 0)


# -- starting any action ---------------------------------------------------------------------------
def start(s: MenNeferState, p: int, eff: Effect) -> None:
    """Performs an effect now or pushes the task(s) that perform it."""
    op = eff[0]
    # the ops in the order of how often random play starts them (one comparison each)
    if op == CHOICE:
        s.todo.append(("choice", eff))
    elif op == HEKA:
        gain_heka(s, p, eff[1])
    elif op == LIMESTONE:
        s.todo.append(("lime", eff[1]))
    elif op == BOATS:
        s.todo.append(("boats", eff[1], eff[2], 0, 0))
    elif op == HEART:
        move_heart(s, p, eff[1])
    elif op == FEATHER:
        move_feather(s, p, eff[1])
    elif op == BUY_PAPYRUS or op == FREE_PAPYRUS:
        s.todo.append(("papyrus", op == FREE_PAPYRUS))
    elif op == CARVE:
        carve(s, p)
    elif op == PRIESTESSES:
        s.todo.append(("priest", eff[1], eff[2], 0))
    elif op == EMBALM:
        embalm(s, p)
    elif op == EYE:
        obtain_eye(s, p)
    elif op == FOOD:
        gain_food(s, p, eff[1])
    elif op == BUY_WARE or op == FREE_WARE:
        s.todo.append(("ware", op == FREE_WARE))
    elif op == SUN:
        move_sun(s, p, eff[1])
    elif op == ERECT:
        s.todo.append(("erect", eff[1]))
    elif op == SCARAB:
        s.todo.append(("scarab",))
    elif op == BURY:
        s.todo.append(("bury", eff[1]))
    elif op == PP:
        gain_pp(s, p, eff[1])
    elif op == FAVOUR:
        s.todo.append(("favour", eff[1]))
    elif op == FOOD_OR_HEKA:
        s.todo.append(("gain", eff[1], 0))
    elif op == MIX:
        s.todo.append(("gain", eff[1], 1))
    elif op == MASTABA:
        s.todo.append(("mastaba_any", eff[1]))
    elif op == TAKE_TA:
        s.todo.append(("hathor",))
    else:  # pragma: no cover - every op is handled above
        raise AssertionError(f"unknown effect {eff}")


def start_group(s: MenNeferState, g: Group) -> None:
    if g:
        s.todo.append(("group", g, (1 << len(g)) - 1))


# -- Khufu's favours (MN-ACT-5) ----------------------------------------------------------------------
FAVOUR_FOOD: Final[int] = A.FAVOUR
FAVOUR_HEKA: Final[int] = A.FAVOUR + 1
FAVOUR_FEATHER: Final[int] = A.FAVOUR + 2
FAVOUR_HEART: Final[int] = A.FAVOUR + 3
FAVOUR_EYE: Final[int] = A.FAVOUR + 4


def do_favour(s: MenNeferState, p: int, a: int) -> None:
    fav = DATA.favours
    if a == FAVOUR_FOOD:
        gain_food(s, p, fav[FAV_FOOD_OR_HEKA][1])
    elif a == FAVOUR_HEKA:
        gain_heka(s, p, fav[FAV_FOOD_OR_HEKA][1])
    elif a == FAVOUR_FEATHER:
        start(s, p, fav[FAV_FEATHER])
    elif a == FAVOUR_HEART:
        start(s, p, fav[FAV_HEART])
    else:
        obtain_eye(s, p, favour=True)  # MN-AMB-54: the favour cycle is cut here


# -- sun disc and deity (MN-ACT-22, MN-DEITY-0) ----------------------------------------------------------
def move_sun(s: MenNeferState, p: int, n: int) -> None:
    """Moves the disc n spaces up; every deity space reached triggers the deity (MN-AMB-14, -33),
    and each step beyond the top is a favour of choice."""
    pos = s.sun[p]
    new = min(DATA.obelisk_top, pos + n)
    beyond = pos + n - new
    s.sun[p] = new
    if beyond:
        s.todo.append(("favour", beyond))
    deity = DATA.deity_actions[s.deity]
    for space in range(new, pos, -1):  # pushed last-first, so the lowest space resolves first
        if DATA.obelisk_deity[space]:
            start_group(s, deity)

"""Performing printed actions: groups in any order, choices, simple gains, favours, sun disc, scarab.

A group (several actions with no separator) is done in an order the player picks, each action
completely before the next, and any action may be dropped (MN-GEN-4). The engine asks only where
the answer can matter:

* *eager* actions (heart, feather, PP, Embalm, Carve, Obtain eye with eyes in supply) are done at
  once when the group starts: they only add pieces or points, and nothing in a turn reads the
  Duat track or the PP, so doing them first never loses anything;
* food and heka gains are ordered like any other action (a gain first can pay for a purchase, a
  gain later can avoid the cap of 10, MN-GEN-2);
* an action that cannot be performed now is not offered; if nothing performable is left, pending
  food and heka gains are taken first (the only way to make the rest affordable) and the rest is lost;
* a lone remaining action starts directly; each action's own decisions offer ``pass`` where
  declining can help (purchases, burials, movements), so nothing is forced on the player.
"""

from __future__ import annotations

from typing import Any

from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
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
    NUM_HOUSES,
    PP,
    PRIESTESSES,
    SCARAB,
    SUN,
    TAKE_TA,
)

# Categories of PP for score_breakdown (MN-SCORE-1 order after the start value and turn gains).
CATEGORIES = ("start", "turns", "duat", "agreements", "sarcophagi", "sun_disc", "great_pyramid", "queens")
CAT_START, CAT_TURNS, CAT_DUAT, CAT_TA, CAT_SARC, CAT_SUN, CAT_GP, CAT_QUEENS = range(len(CATEGORIES))
NCAT = len(CATEGORIES)


# -- simple gains (MN-ACT-23, MN-GEN-2, MN-CONC-2) ----------------------------------------------------
def gain_food(s: Any, p: int, n: int) -> None:
    s.food[p] = min(DATA.cap_food, s.food[p] + n)  # MN-GEN-2: excess is lost


def gain_heka(s: Any, p: int, n: int) -> None:
    s.heka[p] = min(DATA.cap_heka, s.heka[p] + n)


def gain_pp(s: Any, p: int, n: int) -> None:
    s.pp[p] += n  # MN-GEN-7: purple seals count at once
    s.pp_cat[p * NCAT + CAT_TURNS] += n


def move_heart(s: Any, p: int, n: int) -> None:
    s.heart[p] = min(DATA.duat_last, s.heart[p] + n)  # MN-CONC-2: steps beyond the track are lost


def move_feather(s: Any, p: int, n: int) -> None:
    s.feather[p] = max(0, s.feather[p] - n)


def embalm(s: Any, p: int) -> None:
    """MN-ACT-8: a mummy becomes an available sarcophagus; with none left, heart and feather +1."""
    if s.mummy_sup[p]:
        s.mummy_sup[p] -= 1
        s.sarc_av[p] += 1
    else:
        move_heart(s, p, 1)
        move_feather(s, p, 1)


def carve(s: Any, p: int) -> None:
    """MN-ACT-19: a sphinx becomes available; with none left in supply, 1 PP instead."""
    if s.sphinx_sup[p]:
        s.sphinx_sup[p] -= 1
        s.sphinx_av[p] += 1
    else:
        gain_pp(s, p, 1)


def obtain_eye(s: Any, p: int, favour: bool = False) -> None:
    """MN-ACT-7: an eye becomes available; with none left in supply, transport limestone 1.

    When the eye is a favour of choice, that step is marked: it may not go beyond the end of the
    Great Pyramid track (MN-AMB-54), as favour -> eye -> step beyond the end -> favour is an endless
    cycle that leaves the position as it was (choosing the last favour directly gives the same),
    which a bot could follow forever. Any other "Obtain eye" step may go beyond the end and then
    gives its favour (MN-ACT-2)."""
    if s.eye_sup[p]:
        s.eye_sup[p] -= 1
        s.eye_av[p] += 1
    else:
        s.todo.append(("lime", 1, "eye") if favour else ("lime", 1))


def is_eager(s: Any, p: int, eff: tuple) -> bool:
    op = eff[0]
    return op in (HEART, FEATHER, PP, EMBALM, CARVE) or (op == EYE and s.eye_sup[p] > 0)


# -- starting any action ---------------------------------------------------------------------------
def start(s: Any, p: int, eff: tuple) -> None:
    """Performs an effect now or pushes the task(s) that perform it."""
    op = eff[0]
    if op == FOOD:
        gain_food(s, p, eff[1])
    elif op == HEKA:
        gain_heka(s, p, eff[1])
    elif op == PP:
        gain_pp(s, p, eff[1])
    elif op == HEART:
        move_heart(s, p, eff[1])
    elif op == FEATHER:
        move_feather(s, p, eff[1])
    elif op == EMBALM:
        embalm(s, p)
    elif op == CARVE:
        carve(s, p)
    elif op == EYE:
        obtain_eye(s, p)
    elif op == SUN:
        move_sun(s, p, eff[1])
    elif op == CHOICE:
        s.todo.append(("choice", eff))
    elif op == LIMESTONE:
        s.todo.append(("lime", eff[1]))
    elif op == FAVOUR:
        s.todo.append(("favour", eff[1]))
    elif op == FOOD_OR_HEKA:
        s.todo.append(("gain", eff[1], 0))
    elif op == MIX:
        s.todo.append(("gain", eff[1], 1))
    elif op == BURY:
        s.todo.append(("bury", eff[1]))
    elif op == ERECT:
        s.todo.append(("erect", eff[1]))
    elif op in (BUY_PAPYRUS, FREE_PAPYRUS):
        s.todo.append(("papyrus", op == FREE_PAPYRUS))
    elif op in (BUY_WARE, FREE_WARE):
        s.todo.append(("ware", op == FREE_WARE))
    elif op == PRIESTESSES:
        s.todo.append(("priest", eff[1], eff[2], 0))
    elif op == BOATS:
        s.todo.append(("boats", eff[1], eff[2], 0, 0))
    elif op == MASTABA:
        s.todo.append(("mastaba_any", eff[1]))
    elif op == SCARAB:
        s.todo.append(("scarab",))
    elif op == TAKE_TA:
        s.todo.append(("hathor",))
    else:  # pragma: no cover - every op is handled above
        raise AssertionError(f"unknown effect {eff}")


def start_group(s: Any, g: tuple) -> None:
    if g:
        s.todo.append(("group", g, (1 << len(g)) - 1))


def feasible(s: Any, p: int, eff: tuple) -> bool:
    """Whether the action can do anything now (an impossible action is lost, MN-GEN-4)."""
    op = eff[0]
    if op == BURY:
        return necropolis.bury_targets(s, p, eff[1]) != []
    if op == ERECT:
        return sphinx.erect_targets(s, p, eff[1]) != []
    if op in (BUY_PAPYRUS, FREE_PAPYRUS):
        return temple.papyrus_options(s, p, op == FREE_PAPYRUS) != []
    if op in (BUY_WARE, FREE_WARE):
        return temple.ware_options(s, p, op == FREE_WARE) != []
    if op == PRIESTESSES:
        return temple.priestess_possible(s, p, eff[1], eff[2])
    if op == BOATS:
        return nile.boats_possible(s, p, eff[1], eff[2])
    if op == SCARAB:
        return any(s.scarab[p * NUM_HOUSES + h] < DATA.track_len for h in range(NUM_HOUSES))
    if op == TAKE_TA:
        return any(t >= 0 for t in s.city_ta)
    if op == CHOICE:
        return any(group_feasible(s, p, alt) for alt in eff[2])
    if op == LIMESTONE or (op == EYE and not s.eye_sup[p]):
        return pyramids.limestone_possible(s, p)
    return True


def group_feasible(s: Any, p: int, g: tuple) -> bool:
    return any(feasible(s, p, e) for e in g)


# -- a group: the player orders its actions (MN-GEN-4) ----------------------------------------------
def _group_step(s: Any, task: tuple) -> list[int] | None:
    _, g, mask = task
    p = s.actor
    for i, eff in enumerate(g):
        if mask >> i & 1 and is_eager(s, p, eff):
            mask &= ~(1 << i)
            start(s, p, eff)
    while True:
        rem = [i for i in range(len(g)) if mask >> i & 1]
        if not rem:
            s.todo.pop()
            return None
        plain = [i for i in rem if g[i][0] in (FOOD, HEKA)]
        ok = [i for i in rem if g[i][0] not in (FOOD, HEKA) and feasible(s, p, g[i])]
        if ok:
            break
        if not plain:  # the rest cannot be performed: lost
            s.todo.pop()
            return None
        for i in plain:  # gains first: the only way to make the rest performable
            mask &= ~(1 << i)
            start(s, p, g[i])
    if len(rem) == 1:
        s.todo.pop()
        start(s, p, g[rem[0]])
        return None
    s.todo[-1] = ("group", g, mask)
    return sorted({A.DO + g[i][0] for i in plain + ok})


def _group_apply(s: Any, task: tuple, a: int) -> None:
    _, g, mask = task
    op = a - A.DO
    i = next(i for i in range(len(g)) if mask >> i & 1 and g[i][0] == op)
    mask &= ~(1 << i)
    if mask:
        s.todo.append(("group", g, mask))
    start(s, s.actor, g[i])


T.decision("group", _group_step, _group_apply)


# -- choices: A / B and A ⊥ B ⊥ C (MN-GEN-5) -----------------------------------------------------------
def _choice_step(s: Any, task: tuple) -> list[int] | None:
    alts = task[1][2]
    p = s.actor
    return [A.ALT + k for k, alt in enumerate(alts) if group_feasible(s, p, alt)]


def _choice_apply(s: Any, task: tuple, a: int) -> None:
    start_group(s, task[1][2][a - A.ALT])


T.decision("choice", _choice_step, _choice_apply)


# -- food or heka, Isis (MN-ACT-5, MN-DEITY-8) ---------------------------------------------------------
def _gain_step(s: Any, task: tuple) -> list[int] | None:
    return [A.GAIN, A.GAIN + 1]


def _gain_apply(s: Any, task: tuple, a: int) -> None:
    _, n, per_unit = task
    k = 1 if per_unit else n
    if per_unit and n > 1:
        s.todo.append(("gain", n - 1, 1))
    (gain_food if a == A.GAIN else gain_heka)(s, s.actor, k)


T.decision("gain", _gain_step, _gain_apply)


# -- Khufu's favour of choice (MN-ACT-5) ---------------------------------------------------------------
FAVOUR_FOOD, FAVOUR_HEKA, FAVOUR_FEATHER, FAVOUR_HEART, FAVOUR_EYE = (A.FAVOUR + i for i in range(len(A.FAVOUR_NAMES)))


def favour_options(s: Any, p: int) -> list[int]:
    out = [FAVOUR_FOOD, FAVOUR_HEKA, FAVOUR_FEATHER, FAVOUR_HEART]
    # MN-AMB-54: with no eye in supply, "Obtain eye" is a limestone step; it is not offered when
    # that step could only go beyond the end of the Great Pyramid track (a pointless endless cycle).
    if s.eye_sup[p] or pyramids.limestone_progress(s, p):
        out.append(FAVOUR_EYE)
    return out


def do_favour(s: Any, p: int, a: int) -> None:
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


def _favour_step(s: Any, task: tuple) -> list[int] | None:
    if task[1] <= 0:
        s.todo.pop()
        return None
    return favour_options(s, s.actor)


def _favour_apply(s: Any, task: tuple, a: int) -> None:
    if task[1] > 1:
        s.todo.append(("favour", task[1] - 1))
    do_favour(s, s.actor, a)


T.decision("favour", _favour_step, _favour_apply)


@T.auto("fixed_favour")
def _fixed_favour(s: Any, task: tuple) -> None:
    """A favour printed on a build place or piece (MN-ACT-5: fixed, not chosen)."""
    kind = task[1]
    eff = DATA.favours[kind]
    if kind == FAV_FOOD_OR_HEKA:
        s.todo.append(("gain", eff[1], 0))
    else:
        start(s, s.actor, eff)


# -- the scarab bonus (MN-ACT-24) ----------------------------------------------------------------------
def _scarab_step(s: Any, task: tuple) -> list[int] | None:
    p = s.actor
    return [A.SCARAB + h for h in range(NUM_HOUSES) if s.scarab[p * NUM_HOUSES + h] < DATA.track_len]


def _scarab_apply(s: Any, task: tuple, a: int) -> None:
    s.scarab[s.actor * NUM_HOUSES + a - A.SCARAB] += 1  # no actions are performed (MN-ACT-24)


T.decision("scarab", _scarab_step, _scarab_apply)


# -- sun disc and deity (MN-ACT-22, MN-DEITY-0) ----------------------------------------------------------
def move_sun(s: Any, p: int, n: int) -> None:
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


# The mini-game modules import this one (start_group, gains); imported last to close the cycle.
from heliopolis.games.men_nefer import necropolis, nile, pyramids, sphinx, temple

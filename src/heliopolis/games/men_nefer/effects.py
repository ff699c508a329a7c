"""Performing printed actions: groups in any order, choices, favours of choice, the scarab bonus.

How one action is started (the simple gains, the sun disc, the task pushed for the rest) is in
``perform.py``. A group (several actions with no separator) is done in an order the player picks,
each action completely before the next, and any action may be dropped (MN-GEN-4). The engine asks
only where the answer can matter:

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

from typing import TYPE_CHECKING, Final, TypeAlias

from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import necropolis, nile, pyramids, sphinx, temple
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    BOATS,
    BURY,
    BUY_PAPYRUS,
    BUY_WARE,
    CHOICE,
    DATA,
    ERECT,
    EYE,
    FAV_FOOD_OR_HEKA,
    FOOD,
    FREE_PAPYRUS,
    FREE_WARE,
    HEKA,
    NUM_HOUSES,
    OPS,
    PRIESTESSES,
    SCARAB,
    TAKE_TA,
    Effect,
    Group,
)
from heliopolis.games.men_nefer.perform import (
    EAGER_OPS,
    FAVOUR_EYE,
    FAVOUR_FEATHER,
    FAVOUR_FOOD,
    FAVOUR_HEART,
    FAVOUR_HEKA,
    do_favour,
    gain_food,
    gain_heka,
    start,
    start_group,
)
from heliopolis.games.men_nefer.tasks import Task

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState


def feasible(s: MenNeferState, p: int, eff: Effect) -> bool:
    """Whether the action can do anything now (an impossible action is lost, MN-GEN-4). Only the
    ops outside ``ALWAYS_FEASIBLE`` are asked, in the order of how often random play asks them."""
    op = eff[0]
    if op == BUY_PAPYRUS or op == FREE_PAPYRUS:
        return temple.papyrus_possible(s, p, op == FREE_PAPYRUS)
    if op == CHOICE:
        for alt in eff[2]:
            if group_feasible(s, p, alt):
                return True
        return False
    if op == BOATS:
        return nile.boats_possible(s, p, eff[1], eff[2])
    if op == BUY_WARE or op == FREE_WARE:
        return temple.ware_options(s, p, op == FREE_WARE) != []
    if op == PRIESTESSES:
        return temple.priestess_possible(s, p, eff[1], eff[2])
    if op == BURY:
        return necropolis.bury_targets(s, p, eff[1]) != []
    if op == ERECT:
        return sphinx.erect_targets(s, p, eff[1]) != []
    if op == SCARAB:
        return any(s.scarab[p * NUM_HOUSES + h] < DATA.track_len for h in range(NUM_HOUSES))
    if op == TAKE_TA:
        return any(t >= 0 for t in s.city_ta)
    return True


def group_feasible(s: MenNeferState, p: int, g: Group) -> bool:
    if len(g) == 1:  # most alternatives are one action
        return OP_KIND[g[0][0]] != K_CHECKED or feasible(s, p, g[0])
    info = _GROUPS.get(id(g))
    checked = (info if info is not None else group_info(g))[3]
    if len(g) > checked.bit_count():  # an action that can always be performed
        return True
    while checked:
        bit = checked & -checked
        checked ^= bit
        if feasible(s, p, g[bit.bit_length() - 1]):
            return True
    return False


# -- a group: the player orders its actions (MN-GEN-4) ----------------------------------------------
# What a group's printed ops say once and for all, as bitmasks over its actions (bit i = action i):
# eager ops (done at once), "Obtain eye" (eager while eyes are in the supply), food and heka gains,
# and the ops whose feasibility depends on the position (the rest can always be performed).
# Transport limestone, and "Obtain eye" with no eye in the supply (a limestone step), can always be
# performed: the Great Pyramid block can always take a step (beyond the end of the track: a favour).
ALWAYS_FEASIBLE: Final = frozenset(range(len(OPS))) - {BURY, ERECT, BUY_PAPYRUS, FREE_PAPYRUS, BUY_WARE, FREE_WARE,
                                                       PRIESTESSES, BOATS, SCARAB, TAKE_TA, CHOICE}  # fmt: skip
# each op's part in a group step, read directly for a lone action (no cache lookup): eager, "Obtain
# eye", a food or heka gain, feasibility depends on the position, always performable
OP_KINDS: Final = ("eager", "eye", "plain", "checked", "free")
K_EAGER: Final = OP_KINDS.index("eager")
K_EYE: Final = OP_KINDS.index("eye")
K_PLAIN: Final = OP_KINDS.index("plain")
K_CHECKED: Final = OP_KINDS.index("checked")
K_FREE: Final = OP_KINDS.index("free")
OP_KIND: Final[tuple[int, ...]] = tuple(
    K_EAGER if op in EAGER_OPS else K_EYE if op == EYE else K_PLAIN if op in (FOOD, HEKA)
    else K_FREE if op in ALWAYS_FEASIBLE else K_CHECKED for op in range(len(OPS)))  # fmt: skip
# (eager, eye, plain, checked) masks, and per mask of its actions offered the "do:<op>" action ids,
# ascending (filled as the masks occur)
GroupInfo: TypeAlias = tuple[int, int, int, int, dict[int, tuple[int, ...]]]
_GROUPS: Final[dict[int, GroupInfo]] = {}  # id(group) -> its masks
_KEPT: Final[list[Group]] = []  # the groups in _GROUPS, kept alive: an id in _GROUPS is never reused


def group_info(g: Group) -> GroupInfo:
    """The masks of a group, computed on its first use (keyed by identity: groups are shared)."""
    try:
        return _GROUPS[id(g)]
    except KeyError:
        pass
    eager = eye = plain = checked = 0
    for i, e in enumerate(g):
        op = e[0]
        if op in EAGER_OPS:
            eager |= 1 << i
        elif op == EYE:
            eye |= 1 << i
        elif op == FOOD or op == HEKA:
            plain |= 1 << i
        elif op not in ALWAYS_FEASIBLE:
            checked |= 1 << i
    info: GroupInfo = (eager, eye, plain, checked, {})
    _KEPT.append(g)
    _GROUPS[id(g)] = info
    return info


def _group_step(s: MenNeferState, task: Task) -> list[int] | None:
    g: Group = task[1]
    mask: int = task[2]
    p = s.actor
    info = _GROUPS.get(id(g))
    eager, eye, plain, checked, acts = info if info is not None else group_info(g)
    now = mask & (eager | eye)
    while now:  # eager actions at once, in printed order (an eye may use up the supply)
        bit = now & -now
        now ^= bit
        i = bit.bit_length() - 1
        if bit & eager or s.eye_sup[p] > 0:  # perform.is_eager
            mask ^= bit
            start(s, p, g[i])
    while True:
        if not mask:
            s.todo.pop()
            return None
        # the actions performable now (an eye left over has no supply: a limestone step, always possible)
        ok = mask & ~plain
        rest = ok & checked
        while rest:
            bit = rest & -rest
            rest ^= bit
            if not feasible(s, p, g[bit.bit_length() - 1]):
                ok ^= bit
        if ok:
            break
        gains = mask & plain
        if not gains:  # the rest cannot be performed: lost
            s.todo.pop()
            return None
        mask ^= gains
        while gains:  # gains first: the only way to make the rest performable
            bit = gains & -gains
            gains ^= bit
            start(s, p, g[bit.bit_length() - 1])
    if not mask & (mask - 1):  # a lone action left
        s.todo.pop()
        start(s, p, g[mask.bit_length() - 1])
        return None
    if mask != task[2]:
        s.todo[-1] = ("group", g, mask)
    ok |= mask & plain
    offered = acts.get(ok)
    if offered is None:
        offered = tuple(sorted({A.DO + e[0] for i, e in enumerate(g) if ok >> i & 1}))
        acts[ok] = offered
    return list(offered)


def begin_group(s: MenNeferState, g: Group) -> None:
    """``start_group`` for a group that runs next (the last thing a decision's apply pushes): a lone
    action is done at once, exactly as the group step would do it (eager, a gain, or if performable;
    else it is lost), unless a narrator listens: it hears the group step itself."""
    if len(g) != 1 or s.narrated:
        start_group(s, g)
        return
    p = s.actor
    kind = OP_KIND[g[0][0]]
    if kind == K_CHECKED and not feasible(s, p, g[0]):
        return  # nothing to do: lost (MN-GEN-4)
    start(s, p, g[0])


def _group_apply(s: MenNeferState, task: Task, a: int) -> None:
    _, g, mask = task
    op = a - A.DO
    i = 0
    while not (mask >> i & 1 and g[i][0] == op):  # the first such action still to do
        i += 1
    mask &= ~(1 << i)
    if mask:
        s.todo.append(("group", g, mask))
    start(s, s.actor, g[i])


T.decision("group", _group_step, _group_apply)


# -- choices: A / B and A ⊥ B ⊥ C (MN-GEN-5) -----------------------------------------------------------
def _choice_step(s: MenNeferState, task: Task) -> list[int] | None:
    p = s.actor
    out: list[int] = []
    a = A.ALT
    for alt in task[1][2]:
        # group_feasible, with a lone action that can always be performed read here
        if (len(alt) == 1 and OP_KIND[alt[0][0]] != K_CHECKED) or group_feasible(s, p, alt):
            out.append(a)
        a += 1
    return out


def _choice_apply(s: MenNeferState, task: Task, a: int) -> None:
    begin_group(s, task[1][2][a - A.ALT])


T.decision("choice", _choice_step, _choice_apply)


# -- food or heka, Isis (MN-ACT-5, MN-DEITY-8) ---------------------------------------------------------
def _gain_step(s: MenNeferState, task: Task) -> list[int] | None:
    return [A.GAIN, A.GAIN + 1]


def _gain_apply(s: MenNeferState, task: Task, a: int) -> None:
    _, n, per_unit = task
    k = 1 if per_unit else n
    if per_unit and n > 1:
        s.todo.append(("gain", n - 1, 1))
    (gain_food if a == A.GAIN else gain_heka)(s, s.actor, k)


T.decision("gain", _gain_step, _gain_apply)


# -- Khufu's favour of choice (MN-ACT-5) ---------------------------------------------------------------
def favour_options(s: MenNeferState, p: int) -> list[int]:
    out = [FAVOUR_FOOD, FAVOUR_HEKA, FAVOUR_FEATHER, FAVOUR_HEART]
    # MN-AMB-54: with no eye in supply, "Obtain eye" is a limestone step; it is not offered when
    # that step could only go beyond the end of the Great Pyramid track (a pointless endless cycle).
    if s.eye_sup[p] or pyramids.limestone_progress(s, p):
        out.append(FAVOUR_EYE)
    return out


def _favour_step(s: MenNeferState, task: Task) -> list[int] | None:
    if task[1] <= 0:
        s.todo.pop()
        return None
    return favour_options(s, s.actor)


def _favour_apply(s: MenNeferState, task: Task, a: int) -> None:
    if task[1] > 1:
        s.todo.append(("favour", task[1] - 1))
    do_favour(s, s.actor, a)


T.decision("favour", _favour_step, _favour_apply)


@T.auto("fixed_favour")
def _fixed_favour(s: MenNeferState, task: Task) -> None:
    """A favour printed on a build place or piece (MN-ACT-5: fixed, not chosen)."""
    kind = task[1]
    eff = DATA.favours[kind]
    if kind == FAV_FOOD_OR_HEKA:
        s.todo.append(("gain", eff[1], 0))
    else:
        start(s, s.actor, eff)


# -- the scarab bonus (MN-ACT-24) ----------------------------------------------------------------------
def _scarab_step(s: MenNeferState, task: Task) -> list[int] | None:
    p = s.actor
    return [A.SCARAB + h for h in range(NUM_HOUSES) if s.scarab[p * NUM_HOUSES + h] < DATA.track_len]


def _scarab_apply(s: MenNeferState, task: Task, a: int) -> None:
    s.scarab[s.actor * NUM_HOUSES + a - A.SCARAB] += 1  # no actions are performed (MN-ACT-24)


T.decision("scarab", _scarab_step, _scarab_apply)

"""Disasters (RD-DIS): the effect of a declared disaster and the victims' marker removals.

Functions of the state, called from ``RaDiceState.apply_action`` (through the ``_remove``
method) and from ``dice.apply_dice_action`` (a ``disaster:<kind>`` action); ``own_markers`` is
also the state's public method of that name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.components import D_CIV, D_NILE, D_PHARAOH, DISASTER_NAMES, NUM_DICE
from heliopolis.games.ra_dice.phases import APPLY, NUM_SPACES, REMOVE
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState


def disaster(state: RaDiceState, kind: int) -> None:
    """RD-DIS-1..7: every other player is hit; the active player never (RD-DIS-5)."""
    g = state.game
    p = state.cur
    n = state.n
    log = state.log
    if log is not None:
        log.append(msg(f"ra-dice.log.disaster_{DISASTER_NAMES[kind]}", seat=p))
    state._own_board()
    if kind == D_PHARAOH:  # RD-DIS-1
        for q in range(n):
            if q != p:
                state.phar[q] = max(0, state.phar[q] - g.dis_pharaoh_back)
    elif kind == D_NILE:  # RD-DIS-2, RD-LANG-1
        for q in range(n):
            if q != p:
                if state.floods[q]:
                    state.floods[q] -= min(state.floods[q], g.dis_nile_floods)
                else:
                    state.nile[q] = max(0, state.nile[q] - g.dis_nile_back)
    else:  # RD-DIS-3/4: the victims choose, clockwise from the left neighbour (RD-DIS-7)
        state.vic_kind = kind
        next_victim(state, p + 1 if p + 1 < n else 0)
        return
    state._auto_finish()


def own_markers(state: RaDiceState, q: int, kind: int) -> list[int]:
    """Indices of seat ``q``'s Civilization spaces (colours) or Monument spaces."""
    if kind == D_CIV:
        return [c for c in range(NUM_DICE) if state.civ[c] >> q & 1]
    return [i for i in range(NUM_SPACES) if state.mon[i] == q]


def next_victim(state: RaDiceState, q: int) -> None:
    p = state.cur
    n = state.n
    kind = state.vic_kind
    remove = state.game.dis_civ_remove if kind == D_CIV else state.game.dis_mon_remove
    while q != p:
        own = own_markers(state, q, kind)
        if len(own) > remove:  # a real choice
            state.vic = q
            state.vic_left = remove
            state.phase = REMOVE
            return
        for i in own:  # forced: all of them go (RD-DIS-3/4: one if he has only one)
            take(state, q, kind, i)
        if own and state.log is not None:
            state.log.append(
                msg("ra-dice.log.loses_civ" if kind == D_CIV else "ra-dice.log.loses_mon", seat=q, n=len(own))
            )
        q = q + 1 if q + 1 < n else 0
    state.vic = -1
    state.vic_kind = -1
    state.vic_left = 0
    state.phase = APPLY
    state._auto_finish()


def take(state: RaDiceState, q: int, kind: int, i: int) -> None:
    state._own_board()
    if kind == D_CIV:
        state.civ[i] &= ~(1 << q)
    else:
        state.mon[i] = -1


def remove(state: RaDiceState, a: int) -> None:
    """A ``remove:...`` action: the victim removes one of their own markers."""
    q = state.vic
    kind = state.vic_kind
    if kind == D_CIV:
        i = a - A.REMOVE_CIV_BASE
        ok = A.REMOVE_CIV_BASE <= a < A.REMOVE_MON_BASE and state.civ[i] >> q & 1
    else:
        i = a - A.REMOVE_MON_BASE
        ok = A.REMOVE_MON_BASE <= a < A.NUM_DISTINCT_ACTIONS and state.mon[i] == q
    if not ok:
        what = msg("ra-dice.face.civ" if kind == D_CIV else "ra-dice.face.mon")
        state._illegal(a, msg("ra-dice.illegal.remove", seat=q, left=state.vic_left, what=what))
    state._record(a)
    take(state, q, kind, i)
    state.vic_left -= 1
    if not state.vic_left:
        next_victim(state, q + 1 if q + 1 < state.n else 0)

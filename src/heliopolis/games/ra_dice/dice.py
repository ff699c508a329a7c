"""Applying the dice (RD-DICE): the legal dice-uses, one die-use per action, and ``finish``.

Functions of the state, called from ``RaDiceState``: ``apply_dice_action`` is the APPLY phase of
``apply_action`` (the state's ``_apply``), ``apply_actions`` its ``legal_actions``, ``finish``
ends the turn, ``gain`` adds points (RD-AMB-3). How the deferred Civilization / Monument fillers
work (``free_ankhs``) is described in ``state.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.components import ANKH, CIV, COLUMNS, MON, NILE, NUM_DICE, PHARAOH
from heliopolis.games.ra_dice.disasters import disaster
from heliopolis.games.ra_dice.epochs import end_epoch
from heliopolis.games.ra_dice.phases import COLUMN_SPACES, DIS_AVAILABLE, DIS_DECLARED, DIS_NONE, FREE, USED
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState

_ALL_COLUMNS = tuple(range(COLUMNS))


def ankhs_after(state: RaDiceState, civ_n: int, civ_free: int, mon_n: int, mon_free: int) -> int:
    """``free_ankhs`` if the turn had these counts (for placements that start or grow a set)."""
    g = state.game
    need = 0
    if civ_n and g.civ_fill > civ_free:
        need = g.civ_fill - civ_free
    if mon_n > 1:
        k = (mon_n - 1) * g.mon_partners - mon_free
        if k > 0:
            need += k
    return state.avail[ANKH] - need


def civ_ok(state: RaDiceState, c: int) -> bool:
    """RD-CIV-1..4: a marker on colour space ``c`` with the free real CIV die of that colour."""
    if state.dst[c] != FREE or state.face[c] != CIV:
        return False
    space = state.civ[c]
    if space >> state.cur & 1 or space.bit_count() >= state.game.cap:  # RD-CIV-3
        return False
    av = state.avail
    return ankhs_after(state, state.civ_n + 1, av[CIV] - 1, state.mon_n, av[MON]) >= 0


def mon_ok(state: RaDiceState, c: int, col: int) -> bool:
    """RD-MON-1..3: a marker on space (``c``, ``col``) with the free real MON die of colour ``c``."""
    if state.dst[c] != FREE or state.face[c] != MON or state.mon[c * COLUMNS + col] >= 0:
        return False
    k = state.mon_n
    if k:
        if k >= state.game.mon_max:  # RD-MON-3
            return False
        p = state.cur
        mon = state.mon
        for i in COLUMN_SPACES[col]:  # RD-MON-2: a column without the player's markers
            if mon[i] == p:
                return False
        av = state.avail
        return ankhs_after(state, state.civ_n, av[CIV], k + 1, av[MON] - 1) >= 0
    return True


def apply_actions(state: RaDiceState) -> list[int]:
    av = state.avail
    out = []
    fa = state.free_ankhs()
    if av[PHARAOH]:
        out.append(A.PHARAOH_REAL)
    if state.preal and fa > 0:
        out.append(A.PHARAOH_ANKH)
    nl = av[NILE]
    if nl:
        out.append(A.NILE_REAL)
    if state.nreal and fa > 0:
        out.append(A.NILE_ANKH)
    if nl:
        g = state.game
        for k in range(g.flood_max_ankh + 1):  # RD-NILE-2
            if nl >= g.flood_dice - k and fa >= k:
                out.append(A.FLOOD_BASE + k)
    dst = state.dst
    face = state.face
    if av[CIV]:
        for c in range(NUM_DICE):
            if face[c] == CIV and civ_ok(state, c):
                out.append(A.CIV_BASE + c)
    if av[MON]:  # the same tests as mon_ok, hoisted out of the loop over spaces
        k = state.mon_n
        g = state.game
        if not k or (k < g.mon_max and ankhs_after(state, state.civ_n, av[CIV], k + 1, av[MON] - 1) >= 0):
            mon = state.mon
            open_cols = _ALL_COLUMNS
            if k:
                p = state.cur
                open_cols = tuple(col for col in _ALL_COLUMNS if p not in [mon[i] for i in COLUMN_SPACES[col]])
            for c in range(NUM_DICE):
                if face[c] == MON and dst[c] == FREE:
                    row = c * COLUMNS
                    base = A.MON_BASE + row
                    for col in open_cols:
                        if mon[row + col] < 0:
                            out.append(base + col)
    if state.dis == DIS_AVAILABLE:  # RD-SUN-4
        out += range(A.DISASTER_BASE, A.FINISH)
    out.append(A.FINISH)
    return out


def use(state: RaDiceState, f: int) -> None:
    """Marks the lowest free die showing ``f`` as used (which one never matters)."""
    dst = state.dst
    face = state.face
    for d in range(NUM_DICE):
        if face[d] == f and dst[d] == FREE:
            dst[d] = USED
            state.avail[f] -= 1
            return
    raise AssertionError("no free die with that face")  # guarded by the callers


def gain(state: RaDiceState, p: int, pts: int) -> None:
    state._own_board()
    s = state.points[p] + pts
    state.points[p] = s if s >= 0 or not state.game.floor else 0  # RD-AMB-3


def apply_dice_action(state: RaDiceState, a: int) -> None:
    """An action of the APPLY phase: one die-use, a disaster, or ``finish``."""
    p = state.cur
    g = state.game
    av = state.avail
    if a == A.FINISH:
        state._record(a)
        finish(state)
        return
    if a == A.PHARAOH_REAL or a == A.PHARAOH_ANKH:  # RD-PHAR-1
        if a == A.PHARAOH_REAL:
            if not av[PHARAOH]:
                state._illegal(a, msg("ra-dice.illegal.no_pharaoh"))
            state._record(a)
            use(state, PHARAOH)
            state.preal = True
        else:
            if not state.preal:
                state._illegal(a, msg("ra-dice.illegal.ankh_pharaoh"))
            need_ankhs(state, a, 1)
            state._record(a)
            use(state, ANKH)
        if state.phar[p] < g.phar_max:  # never beyond 12; excess steps are lost
            state._own_board()
            state.phar[p] += 1
        state._auto_finish()
        return
    if a == A.NILE_REAL or a == A.NILE_ANKH:  # RD-NILE-1
        if a == A.NILE_REAL:
            if not av[NILE]:
                state._illegal(a, msg("ra-dice.illegal.no_nile"))
            state._record(a)
            use(state, NILE)
            state.nreal = True
        else:
            if not state.nreal:
                state._illegal(a, msg("ra-dice.illegal.ankh_nile"))
            need_ankhs(state, a, 1)
            state._record(a)
            use(state, ANKH)
        if state.nile[p] < g.nile_max:  # the flood markers move with the stack
            state._own_board()
            state.nile[p] += 1
        state._auto_finish()
        return
    if A.FLOOD_BASE <= a < A.CIV_BASE:  # RD-NILE-2
        k = a - A.FLOOD_BASE
        real = g.flood_dice - k
        if av[NILE] < real:
            state._illegal(a, msg("ra-dice.illegal.flood", k=k, real=real))
        need_ankhs(state, a, k)
        state._record(a)
        for _ in range(real):
            use(state, NILE)
        for _ in range(k):
            use(state, ANKH)
        state._own_board()
        state.floods[p] += 1
        state._auto_finish()
        return
    if A.CIV_BASE <= a < A.MON_BASE:  # RD-CIV-1..4
        c = a - A.CIV_BASE
        if not civ_ok(state, c):
            state._illegal(a, civ_reason(state, c))
        state._record(a)
        state.dst[c] = USED
        av[CIV] -= 1
        state._own_board()
        state.civ[c] |= 1 << p
        state.civ_n += 1
        state._auto_finish()
        return
    if A.MON_BASE <= a < A.DISASTER_BASE:  # RD-MON-1..3
        i = a - A.MON_BASE
        c, col = divmod(i, COLUMNS)
        if not mon_ok(state, c, col):
            state._illegal(a, mon_reason(state, c, col))
        state._record(a)
        state.dst[c] = USED
        av[MON] -= 1
        state._own_board()
        state.mon[i] = p
        state.mon_n += 1
        state._auto_finish()
        return
    if A.DISASTER_BASE <= a < A.FINISH:  # RD-SUN-4, RD-DIS
        if state.dis != DIS_AVAILABLE:
            state._illegal(a, msg("ra-dice.illegal.disaster_suns" if state.dis == DIS_NONE
                                  else "ra-dice.illegal.one_disaster"))  # fmt: skip
        state._record(a)
        kind = a - A.DISASTER_BASE
        state.dis = DIS_DECLARED + kind
        disaster(state, kind)
        return
    state._illegal(a, msg("ra-dice.illegal.apply"))


def need_ankhs(state: RaDiceState, a: int, k: int) -> None:
    if k and state.free_ankhs() < k:
        have = state.avail[ANKH]
        if have >= k:
            state._illegal(a, msg("ra-dice.illegal.ankhs_needed"))
        state._illegal(a, msg("ra-dice.illegal.ankhs", k=k, have=have))


def _colour(state: RaDiceState, c: int) -> str:
    return msg(f"ra-dice.colour.{state.game.colour_names[c]}")


def civ_reason(state: RaDiceState, c: int) -> str:
    name = _colour(state, c)
    if state.dst[c] != FREE or state.face[c] != CIV:
        shown = state.face[c]
        if state.dst[c] == FREE and shown == ANKH:
            return msg("ra-dice.illegal.civ_ankh", colour=name)
        if state.dst[c] == USED:
            return msg("ra-dice.illegal.used", colour=name)
        return msg("ra-dice.illegal.civ_face", colour=name)
    space = state.civ[c]
    if space >> state.cur & 1:
        return msg("ra-dice.illegal.civ_have", colour=name)
    if space.bit_count() >= state.game.cap:
        return msg("ra-dice.illegal.civ_full", colour=name, cap=state.game.cap)
    return msg("ra-dice.illegal.civ_set")


def mon_reason(state: RaDiceState, c: int, col: int) -> str:
    name = _colour(state, c)
    if state.dst[c] != FREE or state.face[c] != MON:
        if state.dst[c] == FREE and state.face[c] == ANKH:
            return msg("ra-dice.illegal.mon_ankh", colour=name)
        if state.dst[c] == USED:
            return msg("ra-dice.illegal.used", colour=name)
        return msg("ra-dice.illegal.mon_face", colour=name)
    if state.mon[c * COLUMNS + col] >= 0:
        return msg("ra-dice.illegal.mon_taken", colour=name, column=col + 1)
    if state.mon_n >= state.game.mon_max:
        return msg("ra-dice.illegal.mon_max", max=state.game.mon_max)
    if any(state.mon[i] == state.cur for i in COLUMN_SPACES[col]):
        return msg("ra-dice.illegal.mon_column", column=col + 1)
    return msg("ra-dice.illegal.mon_pair")


def finish(state: RaDiceState) -> None:
    """RD-ANKH-1 (unused ankh pairs score), RD-TURN-5, RD-EPOCH-1."""
    g = state.game
    p = state.cur
    pairs = state.free_ankhs() // 2
    if pairs > 0:
        pts = pairs * g.ankh_pair_points
        gain(state, p, pts)
        state.bonus[2 * p + 1] += pts
        if state.log is not None:
            state.log.append(msg("ra-dice.log.ankh_pairs", seat=p, points=pts, n=pairs))
    if state.ra >= g.ra_last:
        end_epoch(state)
        return
    state._begin_turn(p + 1 if p + 1 < state.n else 0)

"""Ra: The Dice Game knowledge for bots: ``evaluate`` (each seat's expected final points) and
``choose`` (a rule-of-thumb policy for the heuristic bot and the search bots' rollouts).

``evaluate(state)`` returns one value per seat, in points, from what every seat sees (the game hides
nothing):

* points so far;
* the epoch scored as if it ended now: Pharaoh +5 / -2 (and again in later epochs, since the
  markers stay), Nile only with a flood (without one, part of the space's value), Civilization
  markers by the scoring table, more optimistic the more of the epoch is left;
* Monuments at their final value (they stay until the end), plus a little per marker;
* progress on the Nile and Pharaoh tracks, which keeps its value into later epochs.

``choose(state, rng)``: rerolls the dice that cannot be used (suns stay), then applies the dice in a
fixed order of value (a disaster against the opponents first, then Civilization and Monument
markers, a flood if the player has none, Nile and Pharaoh steps), and as a disaster victim gives up
the markers whose loss costs least.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice import scoring
from heliopolis.games.ra_dice.components import ANKH, CIV, COLUMNS, D_CIV, MON, NILE, NUM_DICE, PHARAOH, SUN
from heliopolis.games.ra_dice.epochs import civ_count, columns_of, epoch_results

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState


def _epoch_left(state: RaDiceState) -> float:
    """Fraction of the current epoch still to play (by the Ra figure's way to the last space)."""
    g = state.game
    span = g.ra_last - g.ra_start
    return max(0.0, (g.ra_last - state.ra) / span) if span else 0.0


def horizon(state: RaDiceState) -> int:
    """The scoring period a search rollout may stop at: the epoch (its end scores the displays)."""
    return state.epoch


def evaluate(state: RaDiceState) -> list[float]:
    g = state.game
    r = g.rules
    n = state.n
    later = g.epochs - min(state.epoch, g.epochs)  # epochs after this one
    left = 0.0 if state.is_terminal() else _epoch_left(state)
    phar_pts, _ = scoring.pharaoh_scoring(state.phar, r)
    out = []
    for p in range(n):
        v = float(state.points[p])
        if not state.is_terminal():
            v += phar_pts[p] * (1 + 0.5 * later)
            space = state.nile[p]
            nile_value = r.nile_points[space]
            v += nile_value if state.floods[p] else (0.35 + 0.3 * left) * nile_value
            v += 0.4 * later * nile_value  # the stack stays for later floods
            k = civ_count(state, p)
            v += scoring.civilization_points(k, r) + 4.0 * left * (1 if k < 3 else 0.5)
            cols = columns_of(state, p)
            v += scoring.monument_points(cols, r) + 0.4 * sum(cols)
            v += 0.3 * state.phar[p] * later
        out.append(v)
    return out


def table_helper(state: RaDiceState) -> dict[str, Any]:
    """What a UI may show everyone: each seat's epoch result if the epoch ended now (Monuments
    only in the last epoch), and the free ankhs of the turn in progress."""
    if state.is_terminal():
        return {"epoch_now": [0] * state.n, "free_ankhs": None}
    cats, _ = epoch_results(state, state.epoch >= state.game.epochs)
    return {
        "epoch_now": [sum(c) for c in cats],
        "free_ankhs": state.free_ankhs() if state.phase in (S.APPLY, S.REMOVE) else None,
    }


# -- the policy --------------------------------------------------------------------------------
def _civ_open(state: RaDiceState, p: int, c: int) -> bool:
    space = state.civ[c]
    return not space >> p & 1 and space.bit_count() < state.game.cap


def _mon_open(state: RaDiceState, c: int) -> bool:
    return -1 in state.mon[c * COLUMNS : (c + 1) * COLUMNS]


def _reroll_wish(state: RaDiceState) -> int:
    """Bitmask of the unlocked dice worth rerolling (stable while dice are being chosen)."""
    g = state.game
    p = state.cur
    face, dst = state.face, state.dst
    live = [d for d in range(NUM_DICE) if dst[d] in (S.FREE, S.MARKED)]
    civs = [d for d in live if face[d] == CIV]
    ankhs = sum(1 for d in live if face[d] == ANKH)
    civ_useful = len(civs) + ankhs >= 3 and any(_civ_open(state, p, d) for d in civs)
    wish = 0
    for d in live:
        f = face[d]
        if f == PHARAOH:
            keep = state.phar[p] < g.phar_max
        elif f == NILE:
            keep = state.nile[p] < g.nile_max or not state.floods[p]
        elif f == ANKH:
            keep = True
        elif f == CIV:
            keep = civ_useful
        else:  # MON
            keep = _mon_open(state, d)
        if not keep:
            wish |= 1 << d
    return wish


def _disaster_value(state: RaDiceState, kind: int) -> float:
    """Rough points the opponents lose (the leader's loss counts double)."""
    g = state.game
    r = g.rules
    p = state.cur
    lead = max(range(state.n), key=lambda q: state.points[q] if q != p else -(10**9))
    total = 0.0
    for q in range(state.n):
        if q == p:
            continue
        if kind == 0:
            loss = min(g.dis_pharaoh_back, state.phar[q]) * 0.8
        elif kind == 1:
            if state.floods[q] == 1:
                loss = float(r.nile_points[state.nile[q]])  # float: one type for mypyc
            elif state.floods[q] > 1:
                loss = 0.5
            else:
                loss = min(g.dis_nile_back, state.nile[q]) * 0.7
        elif kind == 2:
            k = civ_count(state, q)
            loss = float(
                scoring.civilization_points(k, r) - scoring.civilization_points(k - min(k, g.dis_civ_remove), r)
            )
        else:
            k = sum(1 for o in state.mon if o == q)
            loss = 2.5 * min(k, g.dis_mon_remove)
        total += loss * (2.0 if q == lead else 1.0)
    return total


def _mon_gain(state: RaDiceState, cols: list[int], occupied: int, col: int) -> float:
    """Final Monument points gained by one more marker in ``col`` (plus a little for building up)."""
    r = state.game.rules
    k = cols[col]
    gain = r.mon_bonus[k + 1] - r.mon_bonus[k] if k + 1 < len(r.mon_bonus) else 0
    if not k:
        gain += r.mon_column_points[occupied + 1] - r.mon_column_points[occupied]
    return gain + 0.3 * k


def choose(state: RaDiceState, rng: random.Random) -> int:  # noqa: C901 - one policy, phase by phase
    ph = state.phase
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if ph == S.REROLL:
        wish = _reroll_wish(state)
        hi = state.marks.bit_length()
        for d in range(hi, NUM_DICE):
            if wish >> d & 1 and state.dst[d] == S.FREE:
                return A.REROLL_BASE + d
        return A.ROLL if state.marks else A.STOP
    if ph == S.REMOVE:
        q = state.vic
        if state.vic_kind == D_CIV:  # any Civilization marker counts the same
            return legal[rng.randrange(len(legal))]
        cols = columns_of(state, q)
        r = state.game.rules
        base = scoring.monument_points(cols, r)
        best, best_loss = legal[0], None
        for a in legal:
            col = (a - A.REMOVE_MON_BASE) % COLUMNS
            cols[col] -= 1
            loss = base - scoring.monument_points(cols, r) + 0.3 * cols[col]
            cols[col] += 1
            if best_loss is None or loss < best_loss:
                best, best_loss = a, loss
        return best
    if ph != S.APPLY:
        return legal[rng.randrange(len(legal))]
    g = state.game
    p = state.cur
    acts = set(legal)
    if A.DISASTER_BASE in acts:  # declare first: a Monument disaster may free spaces
        best = max(range(4), key=lambda k: _disaster_value(state, k))
        if _disaster_value(state, best) > 0.5:
            return A.DISASTER_BASE + best
    civ = [a for a in legal if A.CIV_BASE <= a < A.MON_BASE]
    if civ:
        return civ[0]
    mons = [a for a in legal if A.MON_BASE <= a < A.DISASTER_BASE]
    if mons:
        cols = columns_of(state, p)
        occupied = sum(1 for k in cols if k)
        return max(mons, key=lambda a: (_mon_gain(state, cols, occupied, (a - A.MON_BASE) % COLUMNS), -a))
    if not state.floods[p]:
        for k in range(g.flood_max_ankh + 1):  # fewest ankhs first
            if A.FLOOD_BASE + k in acts:
                return A.FLOOD_BASE + k
    if A.NILE_REAL in acts and state.nile[p] < g.nile_max:
        return A.NILE_REAL
    if A.PHARAOH_REAL in acts and state.phar[p] < g.phar_max:
        return A.PHARAOH_REAL
    fa = state.free_ankhs()
    if fa % 2 == 1 or fa > 2:  # an odd ankh scores nothing: use it
        if A.NILE_ANKH in acts and state.nile[p] < g.nile_max and state.floods[p]:
            return A.NILE_ANKH
        if A.PHARAOH_ANKH in acts and state.phar[p] < g.phar_max:
            return A.PHARAOH_ANKH
        if A.NILE_ANKH in acts and state.nile[p] < g.nile_max:
            return A.NILE_ANKH
    return A.FINISH


assert SUN == 0 and MON == 4

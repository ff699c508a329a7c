"""End of an epoch (RD-EPOCH, RD-SCORE): scoring, the reset, and the next epoch or the game end.

Kept apart from ``state.py`` because it runs three times a game, not on the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.core.game import TERMINAL
from heliopolis.games.ra_dice import scoring
from heliopolis.games.ra_dice.components import COLUMNS, NUM_DICE
from heliopolis.games.ra_dice.phases import END
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState

# One scored epoch: (epoch, category results per seat, points before, points after).
EpochRecord = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


def columns_of(state: RaDiceState, p: int) -> list[int]:
    """Seat ``p``'s Monument markers per column (1..8 as indices 0..7)."""
    mon = state.mon
    return [sum(1 for r in range(NUM_DICE) if mon[r * COLUMNS + col] == p) for col in range(COLUMNS)]


def civ_count(state: RaDiceState, p: int) -> int:
    return sum(1 for c in state.civ if c >> p & 1)


def epoch_results(state: RaDiceState, final: bool) -> tuple[list[list[int]], list[int]]:
    """Category points per seat (``scoring.EPOCH_CATEGORIES`` order) and the new Pharaoh positions."""
    r = state.game.rules
    n = state.n
    phar_pts, phar_new = scoring.pharaoh_scoring(state.phar, r)  # RD-SCORE-1
    cats = []
    for p in range(n):
        cats.append([
            phar_pts[p],
            scoring.nile_points(state.nile[p], state.floods[p], r),  # RD-SCORE-2
            scoring.civilization_points(civ_count(state, p), r),  # RD-SCORE-3
            scoring.monument_points(columns_of(state, p), r) if final else 0,  # RD-SCORE-4
        ])  # fmt: skip
    return cats, phar_new


def end_epoch(state: RaDiceState) -> None:
    """RD-EPOCH-1..5: score, reset the Ra figure, floods and Civilization, then the next epoch
    starts with the left neighbour of the player who ended this one; after the third, the end."""
    g = state.game
    n = state.n
    final = state.epoch >= g.epochs  # RD-EPOCH-5, RD-END-1
    cats, phar_new = epoch_results(state, final)
    state._own_board()
    before = tuple(state.points)
    for p in range(n):
        total = state.points[p] + sum(cats[p])
        state.points[p] = max(0, total) if g.floor else total  # RD-SCORE-5 / RD-AMB-3: netted, then floored
    state.phar = phar_new
    state.floods = [0] * n  # RD-SCORE-2, RD-EPOCH-3: flood markers go, Nile markers stay
    state.civ = [0] * NUM_DICE  # RD-SCORE-3
    state.epoch_log = state.epoch_log + ((state.epoch, tuple(map(tuple, cats)), before, tuple(state.points)),)
    if state.log is not None:
        state.log.append(msg("ra-dice.log.epoch_scored", epoch=state.epoch))
        for p in range(n):  # one line per seat: the change, the new total and each category
            state.log.append(
                msg(
                    "ra-dice.log.epoch_seat",
                    seat=p,
                    delta=f"{state.points[p] - before[p]:+d}",
                    total=state.points[p],
                    **{c: f"{v:+d}" for c, v in zip(scoring.EPOCH_CATEGORIES, cats[p])},
                )
            )
    if final:
        state.phase = END
        state.cur = TERMINAL
        return
    state.epoch += 1
    state.ra = g.ra_start  # RD-EPOCH-3
    p = state.cur
    state._begin_turn(p + 1 if p + 1 < n else 0)  # RD-EPOCH-4


def score_breakdown(state: RaDiceState) -> dict[str, list[int]]:
    """Category points summed over the scored epochs, plus the points scored during turns (before
    any floor). Starting scores are not a category: start + sum of categories = score (no floor)."""
    n = state.n
    out = {c: [0] * n for c in scoring.CATEGORIES}
    for _, cats, _, _ in state.epoch_log:
        for p in range(n):
            for i, c in enumerate(scoring.EPOCH_CATEGORIES):
                out[c][p] += cats[p][i]
    for p in range(n):
        out["three_suns"][p] = state.bonus[2 * p]
        out["ankh_pairs"][p] = state.bonus[2 * p + 1]
    return out

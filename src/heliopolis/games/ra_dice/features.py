"""Ra: The Dice Game features for learned evaluators: one vector of public quantities per seat.

``features(state)`` returns, for every seat, the numbers a learned model maps to that seat's final
points (``heliopolis train-evaluator ra-dice`` fits it; ``bots/learned.py`` evaluates it). The game
hides nothing (dice and board are public), so every quantity is public; features never read the
dice RNG, and the tests check that every seat's determinization gives the same vectors.

Per seat: points and their gaps to the others, the hand-written ``heuristics.evaluate`` (its value
and gap to the best other seat), and its parts as they stand: the Pharaoh rank (points now and the
track gaps), the Nile (the stack's value with and without a flood), Civilization markers and their
points, Monuments (points now, markers, columns), the share of the epoch left and the seat to move.

``bucket(state)`` is the epoch: which categories still score (Monuments only at the end; Pharaoh
and Nile positions carry over) changes the weights a lot, so each epoch gets its own layer.

Pure Python and cheap: it runs at the leaves of search trees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra_dice import scoring
from heliopolis.games.ra_dice.components import DATA
from heliopolis.games.ra_dice.epochs import civ_count, columns_of
from heliopolis.games.ra_dice.heuristics import evaluate

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState

BUCKETS = DATA.epochs
FEATURE_NAMES = (
    "bias", "points", "points_vs_others_mean", "points_vs_best_other", "heuristic", "heuristic_vs_best_other",
    "pharaoh_points_now", "pharaoh", "pharaoh_vs_most_other", "pharaoh_vs_least_other",
    "nile_value", "flood", "nile_with_flood_points", "nile_without_flood", "floods",
    "civ_markers", "civ_points_now", "monument_points_now", "monument_markers", "monument_columns",
    "epoch_left", "to_move", "to_move_x_epoch_left",
)  # fmt: skip


def bucket(state: RaDiceState) -> int:
    return min(state.epoch, BUCKETS) - 1


def features(state: RaDiceState) -> list[list[float]]:
    """One feature vector per seat (``FEATURE_NAMES`` order), public information only."""
    g = state.game
    r = g.rules
    n = state.n
    points = state.points
    phar = state.phar
    heur = evaluate(state)
    phar_pts, _ = scoring.pharaoh_scoring(phar, r)
    span = g.ra_last - g.ra_start
    left = max(0.0, (g.ra_last - state.ra) / span) if span and not state.is_terminal() else 0.0
    cur = state.current_player()
    total = sum(points)
    out = []
    for p in range(n):
        others = [q for q in range(n) if q != p]
        nile_value = float(r.nile_points[state.nile[p]])
        flood = 1.0 if state.floods[p] else 0.0
        k = civ_count(state, p)
        cols = columns_of(state, p)
        move = 1.0 if cur == p else 0.0
        out.append([
            1.0, float(points[p]), points[p] - (total - points[p]) / (n - 1),
            float(points[p] - max(points[q] for q in others)), heur[p], heur[p] - max(heur[q] for q in others),
            float(phar_pts[p]), float(phar[p]), float(phar[p] - max(phar[q] for q in others)),
            float(phar[p] - min(phar[q] for q in others)),
            nile_value, flood, nile_value * flood, nile_value * (1.0 - flood), float(state.floods[p]),
            float(k), float(scoring.civilization_points(k, r)), float(scoring.monument_points(cols, r)),
            float(sum(cols)), float(sum(1 for c in cols if c)),
            left, move, move * left,
        ])  # fmt: skip
    return out

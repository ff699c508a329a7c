"""Ra features for learned evaluators: one vector of public quantities per seat.

``features(state)`` returns, for every seat, the numbers a learned model maps to that seat's
final points (``heliopolis train-evaluator`` fits it; ``bots/learned.py`` evaluates it). It reads
only public information: displays, suns (face-down values are public, RA-AMB-12), the auction
and Ra tracks, the bag's counts (RA-INFO-1/2) and the points. With ``hidden_scores`` the other
seats' points are not shown, but every point is scored from public displays, so a seat with a
perfect memory knows them (the information state of ``views.py`` is the public history); the
features are therefore equal for every determinization any seat may draw.

``bucket(state)`` picks the weight set (the epoch): scoring weights change a lot between epochs
(monuments and suns count only at the end, pharaohs score again), so each epoch gets its own
linear layer rather than asking one small model to learn the interaction.

Pure Python and cheap: it runs at the leaves of search trees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra import scoring
from heliopolis.games.ra.components import (
    CIVS,
    DATA,
    EPOCHS,
    FLOOD,
    GOD,
    GOLD,
    MONUMENTS,
    NILE,
    NUM_TILES,
    PHARAOH,
    RA,
    sun_sum,
)  # fmt: skip
from heliopolis.games.ra.heuristics import lot_value
from heliopolis.games.ra.phases import AUCTION

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T = NUM_TILES
BUCKETS = EPOCHS
FEATURE_NAMES = (
    "bias", "points", "points_vs_others_mean", "points_vs_best_other",
    "gods", "gold", "civ_points_now", "civ_kinds", "nile_with_flood_points", "nile_without_flood", "floods",
    "pharaoh_points_now", "pharaohs_vs_most_other", "pharaohs",
    "monument_points_now", "monument_tiles",
    "sun_sum_points", "sun_sum_vs_best_other", "suns_up", "suns_up_sum", "suns_up_x_ra_left", "in_epoch",
    "others_suns_up", "lot_value", "lot_tiles", "high_bidder_lot_value", "high_bid", "to_move",
    "ra_left_fraction", "bag_ra_fraction",
)  # fmt: skip
_GOD_PTS = DATA["god_points"]
_GOLD_PTS = DATA["gold_points"]
_MON = MONUMENTS
_CIVS = CIVS


def bucket(state: RaState) -> int:
    return min(state.epoch, EPOCHS) - 1


def features(state: RaState) -> list[list[float]]:
    """One feature vector per seat (``FEATURE_NAMES`` order), public information only."""
    n = state.n
    disp = state.disp
    points = state.points
    up = state.up
    down = state.down
    pharaoh_counts = [disp[p * T + PHARAOH] for p in range(n)]
    pharaohs = scoring.pharaoh_points(pharaoh_counts)
    sums = [sun_sum(up[p] | down[p]) for p in range(n)]
    sun_pts = scoring.sun_points(sums)
    ra_left = 1.0 - state.ra_n / state.ra_needed
    bag_ra = state.bag[RA] / state.bag_total if state.bag_total else 0.0
    lot = [t for t in state.track if t >= 0]
    auction = state.phase == AUCTION
    high_bidder = state.high_bidder if auction else -1
    cur = -1 if state.is_chance_node() else state.cur
    up_counts = [m.bit_count() for m in up]
    total_up = sum(up_counts)
    total_points = sum(points)
    out = []
    for p in range(n):
        base = p * T
        d = disp[base : base + T]
        others = n - 1
        best_other_pts = max(points[q] for q in range(n) if q != p)
        best_other_ph = max(pharaoh_counts[q] for q in range(n) if q != p)
        best_other_sum = max(sums[q] for q in range(n) if q != p)
        civ_counts = [d[c] for c in _CIVS]
        mons = [d[m] for m in _MON]
        m = up[p]
        up_sum = sun_sum(m)
        lv = lot_value(state, p, lot) if lot else 0.0
        out.append([
            1.0, float(points[p]), points[p] - (total_points - points[p]) / others, float(points[p] - best_other_pts),
            float(d[GOD] * _GOD_PTS), float(d[GOLD] * _GOLD_PTS),
            float(scoring.civilization_points(civ_counts)), float(sum(1 for c in civ_counts if c)),
            float(scoring.nile_points(d[NILE], d[FLOOD])), float(0 if d[FLOOD] else d[NILE]), float(d[FLOOD]),
            float(pharaohs[p]), float(d[PHARAOH] - best_other_ph), float(d[PHARAOH]),
            float(scoring.monument_points(mons)), float(sum(mons)),
            float(sun_pts[p]), float(sums[p] - best_other_sum), float(up_counts[p]), float(up_sum),
            up_counts[p] * ra_left, 1.0 if m else 0.0,
            float(total_up - up_counts[p]), lv, float(len(lot)), lv if high_bidder == p else 0.0,
            float(state.high) if high_bidder == p else 0.0, 1.0 if cur == p else 0.0,
            ra_left, bag_ra,
        ])  # fmt: skip
    return out

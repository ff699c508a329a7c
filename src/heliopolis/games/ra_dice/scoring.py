"""Ra: The Dice Game epoch scoring as pure functions over plain lists (RD-SCORE). Values come from
the component data (``components.DATA``), passed in so that the functions can be tested table-style.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from heliopolis.games.ra_dice.components import DATA, RulesData

# Category order used in every breakdown (views, arena, reports): the four epoch categories, then
# the points scored during turns (three suns, unused ankh pairs).
CATEGORIES: Final = ("pharaoh", "nile", "civilization", "monument", "three_suns", "ankh_pairs")
EPOCH_CATEGORIES: Final = CATEGORIES[:4]


def pharaoh_scoring(positions: Sequence[int], r: RulesData = DATA) -> tuple[list[int], list[int]]:
    """RD-SCORE-1: furthest +5, least far -2 (ties share; all level: nobody scores or moves); then
    the +5 players move back 2 and the -2 players forward 1, within 0..12 (RD-AMB-11).

    Returns (points per seat, new positions)."""
    hi, lo = max(positions), min(positions)
    if hi == lo:
        return [0] * len(positions), list(positions)
    pts, new = [], []
    for v in positions:
        if v == hi:
            pts.append(r.pharaoh_most)
            new.append(min(r.pharaoh_max, max(0, v + r.pharaoh_most_move)))
        elif v == lo:
            pts.append(r.pharaoh_least)
            new.append(min(r.pharaoh_max, max(0, v + r.pharaoh_least_move)))
        else:
            pts.append(0)
            new.append(v)
    return pts, new


def nile_points(space: int, floods: int, r: RulesData = DATA) -> int:
    """RD-SCORE-2: the value of the stack's space, only with at least one flood marker."""
    return r.nile_points[space] if floods else 0


def civilization_points(markers: int, r: RulesData = DATA) -> int:
    """RD-SCORE-3: 0 -> -5, 1-2 -> 0, 3 -> 5, 4 -> 10, 5 -> 15."""
    return r.civ_points[markers]


def monument_points(per_column: Sequence[int], r: RulesData = DATA) -> int:
    """RD-SCORE-4: occupied columns (1-6 -> 1-6, 7 -> 10, 8 -> 15) plus 5/10/15 for each column
    holding 3/4/5 of the player's markers."""
    occupied = sum(1 for k in per_column if k)
    return r.mon_column_points[occupied] + sum(r.mon_bonus[k] for k in per_column)

"""Ra scoring as pure functions over counts (RA-SCORE). Values come from the component data.

Each function takes plain lists so it can be tested table-style, and ``score_epoch`` combines
them into per-player category results, netted and floored once per epoch (RA-SCORE-1, RA-AMB-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from heliopolis.games.ra.components import CIVS, DATA, FLOOD, GOD, GOLD, MONUMENTS, NILE, NUM_TILES, PHARAOH

# Values of the component file, typed once (the rules read them as plain ints).
_NILE: Final[int] = DATA["nile_points"]
_FLOOD: Final[int] = DATA["flood_points"]
_CIV_BY_KINDS: Final[tuple[int, ...]] = DATA["civ_by_kinds"]
_MONUMENT_BY_KINDS: Final[tuple[int, ...]] = DATA["monument_by_kinds"]
_MONUMENT_SAME: Final[tuple[int, ...]] = DATA["monument_same"]
_FLOOR: Final[int] = DATA["floor"]

# Category order used in every breakdown (views, arena, reports).
CATEGORIES: Final = ("god", "pharaoh", "nile", "civilization", "gold", "monument", "sun")
GOD_CAT, PHARAOH_CAT, NILE_CAT, CIV_CAT, GOLD_CAT, MONUMENT_CAT, SUN_CAT = range(7)


def most_fewest(values: Sequence[int], most: int, fewest: int) -> list[int]:
    """Every player with the highest value gets ``most``, every one with the lowest ``fewest``;
    all equal: nobody scores (RA-SCORE-3, RA-SCORE-8, RA-AMB-18, RA-AMB-19)."""
    hi, lo = max(values), min(values)
    if hi == lo:
        return [0] * len(values)
    return [most if v == hi else fewest if v == lo else 0 for v in values]


def pharaoh_points(pharaohs: Sequence[int]) -> list[int]:
    """RA-SCORE-3: most pharaohs +5, fewest -2 (ties share; all equal 0)."""
    return most_fewest(pharaohs, DATA["pharaoh_most"], DATA["pharaoh_fewest"])


def nile_points(nile: int, flood: int) -> int:
    """RA-SCORE-4: +1 per Nile and per flood, but only with at least one flood."""
    return nile * _NILE + flood * _FLOOD if flood else 0


def civilization_points(civ_counts: Sequence[int]) -> int:
    """RA-SCORE-5: by the number of *different* civilization kinds (none: -5)."""
    return _CIV_BY_KINDS[sum(1 for c in civ_counts if c)]


def monument_points(monument_counts: Sequence[int]) -> int:
    """RA-SCORE-7: different kinds (1-6, 7 -> 10, 8 -> 15) plus 3/4/5 identical -> 5/10/15 per kind."""
    same = _MONUMENT_SAME
    return _MONUMENT_BY_KINDS[sum(1 for c in monument_counts if c)] + sum(same[c] for c in monument_counts)


def sun_points(sun_sums: Sequence[int]) -> list[int]:
    """RA-SCORE-8: highest sun sum +5, lowest -5 (ties share; all equal 0)."""
    return most_fewest(sun_sums, DATA["sun_highest"], DATA["sun_lowest"])


def floor_total(old: int, net: int) -> int:
    """RA-SCORE-1: the net change of an epoch is added once, then floored at 0."""
    return max(_FLOOR, old + net)


def score_epoch(displays: Sequence[Sequence[int]], sun_sums: Sequence[int], final: bool) -> list[list[int]]:
    """Category results of one epoch per player, in ``CATEGORIES`` order.

    ``displays[p]`` holds tile counts indexed by tile id; ``final`` adds monuments and sun sums
    (scored after the third epoch only).
    """
    n = len(displays)
    pharaohs = pharaoh_points([d[PHARAOH] for d in displays])
    suns = sun_points(sun_sums) if final else [0] * n
    out = []
    for p, d in enumerate(displays):
        out.append([
            d[GOD] * DATA["god_points"],
            pharaohs[p],
            nile_points(d[NILE], d[FLOOD]),
            civilization_points([d[c] for c in CIVS]),
            d[GOLD] * DATA["gold_points"],
            monument_points([d[m] for m in MONUMENTS]) if final else 0,
            suns[p],
        ])  # fmt: skip
    return out


assert NUM_TILES == 23

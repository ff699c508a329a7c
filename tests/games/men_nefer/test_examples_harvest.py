"""The rulebook's worked examples and derived tests about the Harvest (MN-EX-14..18, -28, -32)."""

import pytest

from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.harvest import agreement_points, duat_points, flips
from tests.games.men_nefer.helpers import (
    agreement,
    edit,
    grave,
    mastaba_tile,
    ready,
    slot,
    task,
)

W = 0


def era2(players=4):
    s = edit(ready(players))
    s.era = 2
    return s


@pytest.mark.rule("MN-EX-14", "MN-SCORE-2", "MN-CONC-4", "MN-DATA-7")
def test_ex14_score_papyri():
    s = era2()
    row = [next(i for i in range(40) if DATA.drawing_kinds[DATA.papyrus_left[i]] == a
                and DATA.drawing_kinds[DATA.papyrus_right[i]] == b)
           for a, b in (("lotus", "vase"), ("vase", "ibis"), ("cobra", "scarab"))]  # fmt: skip
    s.row[0:5] = row + [-1, -1]
    s.used = [3] * 12
    feather = s.feather[W]
    task(s, W, ("harvest",))
    assert s.feather[W] == feather - 4  # 3 papyri + 1 drawing (the vase)
    assert s.rolled[W] == 3 and s.row[0:5] == [-1] * 5


@pytest.mark.rule("MN-EX-15", "MN-SCORE-3", "MN-CONC-3", "MN-AMB-15", "MN-GEN-3", "MN-AMB-39")
def test_ex15_duat_scoring():
    assert duat_points(10, 17) == -2  # symbols 12 and 15
    assert duat_points(18, 8) == 3  # passed: 9, 12, 15
    assert duat_points(12, 12) == 0  # same space: not passed, nothing between
    s = era2()
    s.used = [3] * 12
    s.heart[W], s.feather[W], s.pp[W] = 10, 17, 1
    s.pp_cat[0:8] = [1, 0, 0, 0, 0, 0, 0, 0]
    s.sun[W] = s.gp[W] = 0
    task(s, W, ("harvest",))
    assert s.pp[W] == 0  # floor: 1 - 2 -> 0


@pytest.mark.rule("MN-EX-16", "MN-SCORE-4", "MN-AMB-3")
def test_ex16_trade_agreements():
    s = era2()
    s.used = [3] * 12
    s.pedestals[0] = W  # 1 sphinx erected: meets nothing of value 2 ...
    s.graves[0], s.graves[1] = W, W  # ... but 2 sarcophagi meet TA18
    s.sun[W] = 5  # TA20 (obelisk 5) met
    s.ta[0:5] = [agreement("TA18") * 2, agreement("TA20") * 2, agreement("TA19") * 2,
                 agreement("TA01") * 2 + 1, agreement("TA02") * 2 + 1]  # fmt: skip
    s.sphinx_sup[W] = 3
    s.mummy_sup[W] = 2
    assert sorted(flips(s, W)) == [0, 1]
    assert agreement_points(s, W, flips(s, W)) == 2 + 2 + 1 + 1
    task(s, W, ("harvest",))
    assert s.ta[0] & 1 and s.ta[1] & 1 and not s.ta[2] & 1  # the unmet agreement stays open
    assert s.pp_cat[W * 8 + 3] == 6


@pytest.mark.rule("MN-EX-17", "MN-SCORE-5")
def test_ex17_sarcophagus_scoring():
    s = era2()
    s.used = [3] * 12
    s.mastaba[slot("row_upper")] = mastaba_tile("M4")
    s.mastaba[slot("row_lower")] = mastaba_tile("M1")
    s.mastaba[slot("col_I")] = mastaba_tile("M2")
    s.graves[grave("N-I-U-1")] = s.graves[grave("N-I-L-1")] = W
    task(s, W, ("harvest",))
    assert s.pp_cat[W * 8 + 4] == 5  # upper 2 + 1, lower 1 + 1


@pytest.mark.rule("MN-EX-18", "MN-SCORE-8", "MN-QP-1", "MN-QP-5", "MN-AMB-32")
def test_ex18_queens_pyramid_scoring():
    s = era2()
    s.used = [3] * 12
    s.qtiles[:] = [4, 0, 1]  # QT5, QT1, QT2
    s.qp_eyes[0:3] = [1, 2, 0]
    s.ta[0:7] = [agreement(f"TA0{i}") * 2 + 1 for i in range(1, 8)]  # 7 fulfilled
    for t in range(5):
        s.temple[t] = W  # 5 baskets
    task(s, W, ("harvest",))
    assert s.pp_cat[W * 8 + 7] == 3 + 10  # floor(7 / 2) x 1 + 5 x 2


@pytest.mark.rule("MN-EX-28", "MN-AMB-10", "MN-TA-11")
def test_ex28_trade_agreement_fixed_point():
    s = era2()
    s.used = [3] * 12
    s.ta[0:3] = [agreement("TA01") * 2 + 1, agreement("TA27") * 2, agreement("TA02") * 2]
    s.pedestals[0] = W
    s.sphinx_sup[W] = 3
    task(s, W, ("harvest",))
    assert s.ta[1] & 1 and s.ta[2] & 1  # the sphinx agreement flips, then "2 fulfilled" holds


@pytest.mark.rule("MN-EX-32", "MN-TA-13", "MN-AMB-46")
def test_ex32_two_scarab_agreement():
    s = era2()
    s.used = [3] * 12
    s.scarab[0:5] = [1, 3, 0, 2, 0]
    s.ta[0:2] = [agreement("TA29") * 2, agreement("TA46") * 2]
    task(s, W, ("harvest",))
    assert s.ta[0] & 1 and not s.ta[1] & 1

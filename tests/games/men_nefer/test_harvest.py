"""The Harvest, trade-agreement conditions, queens' tiles, the end and the tie-break
(MN-SCORE, MN-TA, MN-QP, MN-END, MN-CONC-1..3)."""

import pytest

from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.harvest import (
    condition_met,
    duat_points,
    harvest_points,
    queens_count,
    rooms_met,
    tie_value,
    winners,
)
from tests.games.men_nefer.helpers import agreement, boats, edit, ready, task

W = 0


def era2(players=4, **options):
    s = edit(ready(players, **options))
    s.era = 2
    s.used = [3] * (3 * players)
    return s


def met(s, tid):
    return condition_met(s, W, agreement(tid))


@pytest.mark.rule("MN-CONC-1", "MN-CONC-2", "MN-DATA-19", "MN-AMB-15", "MN-AMB-16")
def test_duat_track_model():
    assert (DATA.duat_last, DATA.heart_start, DATA.feather_start) == (24, 0, 24)
    assert sorted(DATA.scales) == [3, 6, 9, 12, 15, 18, 21]
    assert duat_points(0, 24) == -7  # no movement: -7 per Harvest
    assert duat_points(20, 3) == 5 and duat_points(4, 3) == 0  # passed; "between" is strict
    s = era2()
    s.heart[W], s.feather[W] = 22, 2
    s.heart[1], s.feather[1] = 20, 1
    assert tie_value(s, W) == 22 + 22 and tie_value(s, 1) == 20 + 23  # heart + (24 - feather)


@pytest.mark.rule("MN-SCORE-1", "MN-AMB-5", "MN-AMB-6", "MN-GEN-7")
def test_harvest_order_papyrus_before_duat_and_agreements():
    s = era2()
    row = [0, 4]  # [vase|lotus], [lotus|vase]: 2 papyri + 1 drawing
    s.row[0:5] = row + [-1, -1, -1]
    s.heart[W], s.feather[W] = 6, 9  # not passed; the papyrus step moves the feather to 6
    s.ta[0] = agreement("TA05") * 2  # feather value >= 5 (MN-TA-5): needs the papyrus step first
    s.rolled[W] = 0
    s.ta[1] = agreement("TA15") * 2  # 2 rolled papyri (MN-TA-16): also after the papyrus step
    pp = s.pp[W]
    task(s, W, ("harvest",))
    assert s.feather[W] == 6 and s.rolled[W] == 2
    assert s.pp_cat[W * 8 + 2] == 0  # heart 6 = feather 6: nothing between
    assert s.ta[0] & 1 and s.ta[1] & 1 and s.pp_cat[W * 8 + 3] == 2
    assert s.pp[W] == pp + 2


@pytest.mark.rule("MN-SCORE-2", "MN-SCORE-9")
def test_papyrus_scoring_rolls_up_every_era():
    s = era2()
    s.row[0:5] = [0, 1, -1, -1, -1]  # [vase|lotus] [vase|ibis]: no drawing
    s.rolled[W] = 3
    f = s.feather[W]
    s.wares[0], s.ware_state[0] = 5, 2
    task(s, W, ("harvest",))
    assert s.feather[W] == f - 2 and s.rolled[W] == 5 and s.row[0:5] == [-1] * 5
    assert s.wares[0] == 5 and s.ware_state[0] == 2  # nothing else is reset (MN-SCORE-9)


@pytest.mark.rule("MN-SCORE-3", "MN-CONC-3", "MN-GEN-3")
def test_duat_scoring_signs_and_floor():
    assert duat_points(3, 10) == -2 and duat_points(10, 3) == 2
    s = era2()
    s.heart[W], s.feather[W], s.pp[W] = 0, 24, 3
    s.pp_cat[0:8] = [3, 0, 0, 0, 0, 0, 0, 0]
    task(s, W, ("harvest",))
    assert s.pp[W] == 0 and s.pp_cat[2] == -3  # PP never below 0


@pytest.mark.rule("MN-SCORE-4", "MN-TA-0", "MN-AMB-10")
def test_agreements_flip_and_score_every_harvest():
    s = era2()
    s.ta[0:2] = [agreement("TA03") * 2, agreement("TA37") * 2]  # obelisk 3 / obelisk 8
    s.sun[W] = 4
    task(s, W, ("harvest",))
    assert s.ta[0] & 1 and not s.ta[1] & 1 and s.pp_cat[3] == 1  # unmet stays open
    s.used = [3] * 12
    s.era = 2
    s.sun[W] = 9  # conditions are checked against the state at each Harvest
    task(s, W, ("harvest",))
    assert s.ta[1] & 1 and s.pp_cat[3] == 1 + 1 + 3  # every fulfilled agreement scores again


@pytest.mark.rule("MN-SCORE-5", "MN-SCORE-6", "MN-SCORE-7", "MN-SCORE-8")
def test_other_harvest_steps():
    s = era2()
    for k in range(5):
        s.mastaba[k] = k  # M1..M5: 1 1 1 2 2 PP
    s.graves[DATA.grave_ids.index("N-II-L-1")] = W  # row_lower (M2: 1) + col_II (M4: 2)
    s.sun[W] = 9  # seal 5 on space 8 is the highest reached
    s.gp[W] = 12  # seal 6 on space 10
    s.qtiles[:] = [2, 1, 5]  # QT3 sphinxes, QT2 sarcophagi, QT6 rolled pairs
    s.qp_eyes[0:3] = [2, 1, 3]
    s.pedestals[0] = s.pedestals[5] = W
    s.rolled[W] = 5
    pts = harvest_points(s, W)
    assert pts["sarcophagi"] == 3 and pts["sun_disc"] == 5 and pts["great_pyramid"] == 6
    assert pts["queens"] == 2 * 2 + 1 * 1 + 3 * 2
    task(s, W, ("harvest",))
    assert s.pp_cat[4:8] == [3, 5, 6, 11]


@pytest.mark.rule("MN-QP-1", "MN-QP-2", "MN-QP-3", "MN-QP-4", "MN-QP-5", "MN-QP-6", "MN-AMB-44")
def test_queens_tiles_count():
    s = era2()
    s.temple[0] = s.temple[9] = W
    s.graves[3] = W
    s.pedestals[1] = s.pedestals[2] = s.pedestals[3] = W
    s.wares[0:3] = [0, 7, 8]  # ring, collar, collar
    s.ware_state[0:3] = [1, 2, 1]  # either face counts (MN-AMB-44)
    s.ta[0:5] = [agreement("TA01") * 2 + 1] * 5
    s.rolled[W] = 3
    assert [queens_count(s, W, q) for q in range(6)] == [2, 1, 3, 2, 2, 1]


@pytest.mark.rule("MN-TA-1", "MN-TA-2", "MN-TA-3", "MN-TA-4", "MN-TA-5", "MN-TA-6", "MN-TA-7", "MN-TA-8")
def test_conditions_one_to_eight():
    s = era2()
    assert not any(met(s, t) for t in ("TA01", "TA02", "TA04", "TA05", "TA06", "TA07", "TA08"))
    s.graves[0] = W
    s.pedestals[0] = W
    s.sun[W] = 3
    s.qp_eyes[1] = 1
    s.feather[W] = 19
    s.priest[0:4] = [3, 0, 0, 1]  # one lying in room 1: still in the temple
    s.wares[0:2] = [0, 7]
    s.ware_state[0:2] = [2, 1]
    assert all(met(s, t) for t in ("TA01", "TA02", "TA03", "TA04", "TA05", "TA06", "TA07", "TA08"))
    assert not met(s, "TA18") and not met(s, "TA20") and not met(s, "TA24") and not met(s, "TA25")


@pytest.mark.rule("MN-TA-9", "MN-AMB-45")
def test_rooms_condition_is_a_matching():
    s = era2()
    s.priest[0:10] = [2, 0, 0, 0, 0, 0, 0, 0, 2, 0]  # two priestesses in room 4
    assert rooms_met(s, W, (2, 4)) and met(s, "TA43")
    s.priest[0:10] = [3, 0, 0, 0, 0, 0, 0, 0, 1, 0]  # one priestess cannot count for two rooms
    assert not rooms_met(s, W, (1, 3)) and not met(s, "TA26")
    s.priest[0:10] = [2, 0, 1, 0, 0, 0, 1, 0, 0, 0]
    assert met(s, "TA26") and not met(s, "TA43")


@pytest.mark.rule("MN-TA-10", "MN-TA-11", "MN-TA-12", "MN-TA-13", "MN-TA-14")
def test_conditions_ten_to_fourteen():
    s = era2()
    boats(s, W, "S1", "U2")
    assert met(s, "TA10") and not met(s, "TA11")  # 2 boats out; not past a fishing boat
    boats(s, W, "S3", "U3")
    assert met(s, "TA11") and met(s, "TA28") and not met(s, "TA45")  # 1 + 1 passes
    boats(s, W, "S6", "D3")
    assert met(s, "TA45")  # 2 + 2
    s.ta[0:2] = [agreement("TA01") * 2 + 1, agreement("TA02") * 2 + 1]
    assert met(s, "TA27") and not met(s, "TA44")
    s.scarab[0:5] = [2, 0, 1, 0, 0]
    assert met(s, "TA12") and not met(s, "TA29")  # best two: 3
    s.glyph[W] = 3
    assert met(s, "TA13") and met(s, "TA30") and not met(s, "TA47")


@pytest.mark.rule("MN-TA-13", "MN-AMB-46")
def test_named_houses_option():
    s = era2(two_scarabs_condition="named_houses")
    s.scarab[0:5] = [0, 0, 3, 3, 0]  # temple + nile: 6
    assert met(s, "TA29") and not met(s, "TA12")  # TA12 names pyramids + necropolis


@pytest.mark.rule("MN-TA-15", "MN-TA-16", "MN-TA-17", "MN-TA-18")
def test_conditions_fifteen_to_eighteen():
    s = era2()
    s.temple[0] = W
    s.rolled[W] = 2
    s.gp[W] = 3
    s.heart[W] = 5
    assert all(met(s, t) for t in ("TA14", "TA15", "TA16", "TA17"))
    assert not any(met(s, t) for t in ("TA31", "TA32", "TA33", "TA34"))
    s.temple[1] = W
    s.rolled[W], s.gp[W], s.heart[W] = 4, 7, 10
    assert all(met(s, t) for t in ("TA31", "TA32", "TA33", "TA34"))


@pytest.mark.rule("MN-TA-0", "MN-DATA-17", "MN-AMB-3")
def test_agreement_table():
    for v in (1, 2, 3):
        kinds = [DATA.ta_kind[t] for t in range(51) if DATA.ta_value[t] == v]
        assert len(kinds) == len(set(kinds)) == 17
        assert ("boats_out" in kinds) == (v == 1) and ("fulfilled" in kinds) == (v > 1)


@pytest.mark.rule("MN-END-2", "MN-END-3", "MN-END-4", "MN-AMB-16")
def test_winner_and_tie_break():
    s = era2(3)
    s.over = True
    s.pp[:] = [50, 60, 60]
    s.heart[:], s.feather[:] = [10, 10, 12], [10, 10, 10]
    assert winners(s) == [2]  # the purest heart
    s.heart[2] = 10
    assert winners(s) == [1, 2]  # still tied: shared
    assert s.returns() == [0.0, 0.5, 0.5]
    s.pp[:] = [70, 60, 60]
    assert winners(s) == [0]

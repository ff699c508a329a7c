"""Epochs, scoring and the game end (RD-EPOCH, RD-SCORE, RD-END), with RD-TEST-9..12 and -17."""

from __future__ import annotations

import pytest

from heliopolis.games.ra_dice import scoring
from heliopolis.games.ra_dice.components import DATA, RAW
from heliopolis.games.ra_dice.state import END, ROLL
from tests.games.ra_dice.helpers import civ_of, mon_of, new, play, setup, turn


def end_epoch(s, faces="sun pharaoh nile civ mon", moves="finish"):
    """The active player moves the Ra figure onto the last space and finishes the turn."""
    s.ra = s.game.ra_last - 1
    turn(s, faces)
    if s.phase != ROLL:
        play(s, moves)
    return s


# -- pure scoring tables ---------------------------------------------------------------------------
@pytest.mark.rule("RD-TEST-9", "RD-SCORE-3")
@pytest.mark.parametrize(("markers", "points"), [(0, -5), (1, 0), (2, 0), (3, 5), (4, 10), (5, 15)])
def test_civilization_table(markers, points):
    assert scoring.civilization_points(markers) == points


@pytest.mark.rule("RD-TEST-10", "RD-SCORE-4")
def test_monument_table():
    assert scoring.monument_points([3, 1, 1, 0, 0, 0, 0, 0]) == 3 + 5
    assert scoring.monument_points([5, 1, 1, 1, 1, 1, 1, 1]) == 15 + 15
    assert [scoring.monument_points([1] * k + [0] * (8 - k)) for k in range(9)] == [0, 1, 2, 3, 4, 5, 6, 10, 15]
    assert scoring.monument_points([4, 3, 0, 0, 0, 0, 0, 0]) == 2 + 10 + 5


@pytest.mark.rule("RD-TEST-11", "RD-SCORE-1", "RD-AMB-11")
def test_pharaoh_scoring_table():
    assert scoring.pharaoh_scoring([5, 5, 3]) == ([5, 5, -2], [3, 3, 4])
    assert scoring.pharaoh_scoring([4, 4]) == ([0, 0], [4, 4])
    assert scoring.pharaoh_scoring([1, 0]) == ([5, -2], [0, 1])  # clamped at 0 (RD-AMB-11)
    assert scoring.pharaoh_scoring([12, 7, 9, 7]) == ([5, -2, 0, -2], [10, 8, 9, 8])


@pytest.mark.rule("RD-TEST-12", "RD-SCORE-2", "RD-LANG-13")
def test_nile_table():
    assert scoring.nile_points(7, 2) == 7
    assert scoring.nile_points(9, 0) == 0  # RD-LANG-13: players with only their Nile marker score nothing


# -- epoch scoring on the board ---------------------------------------------------------------------
@pytest.mark.rule("RD-TEST-11", "RD-SCORE-1", "RD-EPOCH-2")
def test_pharaoh_scoring_in_play():
    s = new(3)
    setup(s, pharaoh=[5, 5, 3])
    end_epoch(s, "sun civ civ mon mon")
    assert s.epoch == 2 and s.points == [10 + 5 - 5, 11 + 5 - 5, 12 - 2 - 5] and s.phar == [3, 3, 4]
    epoch, cats, before, after = s.epoch_log[0]
    assert [c[0] for c in cats] == [5, 5, -2]  # the Pharaoh category, first of the four


@pytest.mark.rule("RD-TEST-12", "RD-SCORE-2", "RD-NILE-4")
def test_nile_scoring_in_play():
    s = new(3)
    setup(s, nile=[7, 9, 0], floods=[2, 0, 0])
    end_epoch(s, "sun civ civ mon mon")
    assert [c[1] for c in s.epoch_log[0][1]] == [7, 0, 0]  # two floods still score the space once
    assert s.floods == [0, 0, 0] and s.nile == [7, 9, 0]  # the Nile markers stay


@pytest.mark.rule("RD-TEST-9", "RD-SCORE-3", "RD-CIV-5", "RD-EPOCH-3")
def test_civilization_scoring_in_play():
    s = new(4)
    setup(s, civ={"red": [0, 1], "yellow": [0, 1], "green": [0], "blue": [0], "purple": [0, 2]})
    end_epoch(s, "sun pharaoh pharaoh mon mon")
    assert [c[2] for c in s.epoch_log[0][1]] == [15, 0, 0, -5]
    assert s.civ == [0] * 5  # then all Civilization markers are removed


@pytest.mark.rule("RD-TEST-10", "RD-SCORE-4", "RD-EPOCH-5", "RD-END-1")
def test_monuments_only_after_the_third_epoch():
    s = new(2)
    setup(s, mon={"red:1": 0, "yellow:1": 0, "green:1": 0, "blue:2": 0, "red:3": 1})
    end_epoch(s, "sun pharaoh nile civ civ")
    assert [c[3] for c in s.epoch_log[0][1]] == [0, 0] and s.epoch == 2
    end_epoch(s, "sun pharaoh nile civ civ")
    assert s.epoch == 3
    end_epoch(s, "sun pharaoh nile civ civ")
    assert s.phase == END and s.is_terminal() and len(s.epoch_log) == 3
    assert [c[3] for c in s.epoch_log[2][1]] == [2 + 5, 1]


@pytest.mark.rule("RD-TEST-17", "RD-EPOCH-1", "RD-EPOCH-4", "RD-AMB-15", "RD-LANG-9")
def test_epoch_end_example():
    s = new(4)
    setup(s, ra=13)
    turn(s, "sun sun mon pharaoh nile")
    assert s.ra == 14 and s.epoch == 1  # the current player still finishes his turn
    play(s, "mon:green:1")
    assert s.epoch == 1
    play(s, "finish")
    assert s.epoch == 2 and s.ra == 0 and s.cur == 1 and s.phase == ROLL  # the left neighbour starts
    assert mon_of(s, 0) == ["green:1"]


@pytest.mark.rule("RD-AMB-15")
def test_overshoot_is_capped():
    s = new(3)
    setup(s, ra=14 - 1)
    turn(s, "sun sun pharaoh nile civ")
    assert s.ra == 14


@pytest.mark.rule("RD-EPOCH-3", "RD-MON-4")
def test_reset_keeps_pharaoh_nile_monuments_and_scores():
    s = new(3)
    setup(s, pharaoh=[4, 2, 2], nile=[5, 3, 1], floods=[1, 1, 0], civ={"red": [1]}, mon={"blue:4": 2})
    end_epoch(s, "sun pharaoh civ mon civ")
    assert s.ra == DATA.sun_start[3] and s.floods == [0, 0, 0] and s.civ == [0] * 5
    assert s.phar == [2, 3, 3] and s.nile == [5, 3, 1] and mon_of(s, 2) == ["blue:4"]
    assert s.points == [10 + 5 + 5 - 5, 11 - 2 + 3 + 0, 12 - 2 + 0 - 5]


@pytest.mark.rule("RD-EPOCH-4")
def test_next_epoch_starts_left_of_whoever_ended_it():
    s = new(3, start=0)
    turn(s, "pharaoh pharaoh nile civ mon", then="stop finish")  # seat 0
    assert s.cur == 1
    end_epoch(s)  # seat 1 ends the epoch
    assert s.epoch == 2 and s.cur == 2


@pytest.mark.rule("RD-SCORE-5", "RD-AMB-3")
def test_scores_may_go_negative_unless_floored():
    s = new(2)
    setup(s, points=[1, 3], pharaoh=[0, 5])
    end_epoch(s, "sun pharaoh nile nile nile")
    assert s.points == [1 - 2 - 5, 3 + 5 - 5]
    s = new(2, score_floor_zero=True)
    setup(s, points=[1, 3], pharaoh=[0, 5])
    end_epoch(s, "sun pharaoh nile nile nile")
    assert s.points == [0, 3]  # netted, then floored


@pytest.mark.rule("RD-END-2", "RD-AMB-4")
def test_ties_share_the_victory():
    s = new(2)
    for _ in range(3):
        end_epoch(s, "sun pharaoh nile nile nile")
    assert s.is_terminal()
    s.points = [20, 20]
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5]
    s.points = [19, 20]
    assert s.winners() == [1] and s.returns() == [0.0, 1.0]
    with pytest.raises(ValueError):
        new(2).winners()


def test_score_breakdown_adds_up():
    s = new(3)
    setup(s, pharaoh=[3, 1, 0], civ={"red": [0]}, floods=[1, 0, 0], nile=[4, 0, 0])
    turn(s, "sun sun sun ankh ankh")  # +3, and the two ankhs score when the turn ends by itself
    assert s.cur == 1
    end_epoch(s)
    b = s.score_breakdown()
    assert list(b) == list(scoring.CATEGORIES)
    for p in range(3):
        assert [10, 11, 12][p] + sum(v[p] for v in b.values()) == s.points[p]
    assert b["three_suns"][0] == 3 and b["ankh_pairs"][0] == 2 and b["pharaoh"] == [5, 0, -2]


@pytest.mark.rule("RD-LANG-14", "RD-LANG-15")
def test_box_data_and_crib_sheet_values():
    assert RAW["box"]["playing_time_minutes"] == [30, 45] and RAW["box"]["min_age"] == 10  # English only
    # The legible crib-sheet fragments agree with the main text: Pharaoh most 5 / least -2,
    # Civilization 3/4/5 markers -> 5/10/15.
    assert (DATA.pharaoh_most, DATA.pharaoh_least) == (5, -2)
    assert DATA.civ_points[3:] == (5, 10, 15)


@pytest.mark.rule("RD-LANG-10")
def test_surplus_suns_beside_the_track_change_nothing():
    s = new(4)
    setup(s, ra=14 - 1)
    play(s, "die:red:sun die:yellow:sun die:green:pharaoh die:blue:nile die:purple:civ")
    line = next(x for x in str(s).splitlines() if x.startswith("Sun track"))
    assert "+1☉" in line  # the second sun is placed beside the end
    play(s, "stop")
    assert s.ra == 14


def test_civ_count_of_helper_matches_view():
    s = new(3)
    setup(s, civ={"red": [0, 2], "blue": [0]})
    assert civ_of(s, 0) == ["red", "blue"] and s.player_view(0)["seats"][0]["civilization"] == ["red", "blue"]

"""The sun effect (RD-SUN) and disasters (RD-DIS), with RD-TEST-4, -5, -13, -14."""

from __future__ import annotations

import pytest

from heliopolis.games.ra_dice.state import APPLY, REMOVE
from tests.games.ra_dice.helpers import assert_illegal, civ_of, legal, mon_of, new, play, setup, turn

DISASTERS = ["disaster:pharaoh", "disaster:nile", "disaster:civ", "disaster:mon"]


def disasters(s):
    return [a for a in legal(s) if a.startswith("disaster:")]


@pytest.mark.rule("RD-SUN-1")
def test_no_sun_no_effect():
    s = new(3)
    ra = s.ra
    turn(s, "pharaoh nile civ mon ankh")
    assert s.ra == ra and s.points[0] == 10 and disasters(s) == []


@pytest.mark.rule("RD-TEST-4", "RD-SUN-2")
@pytest.mark.parametrize("suns", [1, 2])
def test_one_or_two_suns_move_ra(suns):
    s = new(3)
    i = s.ra
    turn(s, " ".join(["sun"] * suns + ["nile"] * (5 - suns)))
    assert s.ra == i + suns and s.points[0] == 10 and disasters(s) == []


@pytest.mark.rule("RD-TEST-5", "RD-SUN-3", "RD-SCORE-6")
def test_three_suns_score_3():
    s = new(3)
    i = s.ra
    turn(s, "sun sun sun nile nile")
    assert s.ra == i and s.points[0] == 13 and disasters(s) == []
    assert s.score_breakdown()["three_suns"] == [3, 0, 0]


@pytest.mark.rule("RD-TEST-5", "RD-SUN-4", "RD-AMB-7")
@pytest.mark.parametrize("suns", [4, 5])
def test_four_or_five_suns_allow_one_disaster(suns):
    s = new(3)
    i = s.ra
    turn(s, " ".join(["sun"] * suns + ["nile"] * (5 - suns)))
    assert s.phase == APPLY and s.ra == i and s.points[0] == 10
    assert disasters(s) == DISASTERS
    play(s, "disaster:pharaoh")
    if suns == 4:
        assert disasters(s) == []  # exactly one disaster (RD-AMB-7)
        assert_illegal(s, "disaster:nile", "only one disaster per turn")
    else:
        assert s.cur == 1  # nothing left to do: the turn ended


def test_sun_dice_rolled_later_count():
    s = new(3)
    play(s, "die:red:sun die:yellow:nile die:green:nile die:blue:nile die:purple:nile")
    play(s, "reroll:yellow reroll:green reroll:blue reroll:purple")
    play(s, "die:yellow:sun die:green:sun die:blue:sun die:purple:nile")
    assert s.suns == 4 and "stop" in legal(s)
    play(s, "stop")
    assert disasters(s) == DISASTERS


@pytest.mark.rule("RD-DIS-1", "RD-DIS-5")
def test_pharaoh_disaster():
    s = new(3)
    setup(s, pharaoh=[5, 1, 4])
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:pharaoh")
    assert s.phar == [5, 0, 2]  # the active player is never affected; not below 0


@pytest.mark.rule("RD-TEST-13", "RD-DIS-2", "RD-LANG-1", "RD-AMB-12", "RD-NILE-4")
def test_nile_disaster_example():
    # Active D (seat 3); A: 2 floods on 6; B: no flood on 1; C: 1 flood on 0.
    s = new(4, start=3)
    setup(s, nile=[6, 1, 0, 5], floods=[2, 0, 1, 1])
    before = list(s.points)
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:nile")
    assert s.floods == [1, 0, 0, 1] and s.nile == [6, 0, 0, 5]
    assert s.points == before  # nobody scores (RD-LANG-1: the English text)


@pytest.mark.rule("RD-TEST-14", "RD-DIS-3", "RD-DIS-7", "RD-AMB-14")
def test_civilization_disaster_example():
    s = new(4)
    setup(s, civ={"red": [1], "yellow": [1], "green": [1, 2]})  # seat 1 has 3, seat 2 has 1, seat 3 none
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:civ")
    assert s.phase == REMOVE and s.current_player() == 1  # victims choose, from the active's left
    assert legal(s) == ["remove:civ:red", "remove:civ:yellow", "remove:civ:green"]
    assert_illegal(s, "remove:civ:blue", "must remove 2 more")
    play(s, "remove:civ:red remove:civ:green")
    assert civ_of(s, 1) == ["yellow"] and civ_of(s, 2) == [] and civ_of(s, 3) == []
    assert s.phase == APPLY and s.current_player() == 0


@pytest.mark.rule("RD-TEST-14", "RD-DIS-4")
def test_monument_disaster():
    s = new(3)
    setup(s, mon={"red:1": 1, "red:2": 1, "blue:3": 1, "green:4": 2, "green:5": 2, "yellow:1": 0})
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:mon")
    assert s.current_player() == 1 and len(legal(s)) == 3
    play(s, "remove:mon:blue:3")
    assert s.current_player() == 1 and legal(s) == ["remove:mon:red:1", "remove:mon:red:2"]
    play(s, "remove:mon:red:2")
    # Seat 2 had exactly two: both go without a choice; the active player keeps his.
    assert mon_of(s, 1) == ["red:1"] and mon_of(s, 2) == [] and mon_of(s, 0) == ["yellow:1"]
    assert s.mon.count(-1) == 40 - 2  # the freed spaces are empty again


@pytest.mark.rule("RD-DIS-3", "RD-DIS-4")
def test_one_marker_goes_none_untouched():
    s = new(3)
    setup(s, civ={"red": [1]}, mon={"red:1": 2})
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:civ")
    assert civ_of(s, 1) == [] and s.phase == APPLY and s.mon[0] == 2


@pytest.mark.rule("RD-DIS-7", "RD-AMB-14")
def test_victims_in_clockwise_order_from_the_left():
    s = new(4, start=2)
    setup(s, civ={"red": [0, 1, 3], "yellow": [0, 1, 3], "green": [0, 1, 3]})
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:civ")
    order = []
    while s.phase == REMOVE:
        order.append(s.current_player())
        play(s, legal(s)[0])
    assert order == [3, 3, 0, 0, 1, 1] and s.current_player() == 2


@pytest.mark.rule("RD-DIS-6", "RD-AMB-8")
def test_disaster_before_own_placement():
    # Every yellow Monument space is the opponent's: the active player frees two, then builds.
    s = new(2)
    setup(s, mon={f"yellow:{c}": 1 for c in range(1, 9)})
    turn(s, "sun mon sun sun sun")
    assert [a for a in legal(s) if a.startswith("mon:")] == []
    play(s, "disaster:mon")
    assert s.current_player() == 1
    play(s, "remove:mon:yellow:3 remove:mon:yellow:5")
    assert s.current_player() == 0
    play(s, "mon:yellow:5")
    assert mon_of(s, 0) == ["yellow:5"] and s.cur == 1  # then the turn ended


@pytest.mark.rule("RD-DIS-6", "RD-AMB-8")
def test_disaster_after_own_placement():
    s = new(2)
    setup(s, pharaoh=[0, 6])
    turn(s, "sun pharaoh sun sun sun")
    play(s, "pharaoh disaster:pharaoh")
    assert s.phar == [1, 4]


def test_disaster_with_nobody_to_hit_changes_nothing():
    s = new(2)
    turn(s, "sun sun sun sun pharaoh")
    before = (list(s.civ), list(s.mon), list(s.phar), list(s.nile))
    play(s, "disaster:civ")
    assert (s.civ, s.mon, s.phar, s.nile) == before and s.phase == APPLY

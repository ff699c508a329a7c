"""Using the dice: ankhs, Pharaoh, Nile and floods, Civilization, Monuments, ankh pairs
(RD-DICE, RD-PHAR, RD-NILE, RD-CIV, RD-MON, RD-ANKH) and the worked examples RD-TEST-1..3, 6..8, 15."""

from __future__ import annotations

import pytest

from heliopolis.games.ra_dice.state import APPLY, ROLL, USED
from tests.games.ra_dice.helpers import assert_illegal, civ_of, legal, mon_of, new, play, setup, turn


def mons(s):
    return [a for a in legal(s) if a.startswith("mon:")]


# -- worked examples -------------------------------------------------------------------------
@pytest.mark.rule("RD-TEST-1", "RD-PHAR-1", "RD-LANG-3")
def test_pharaoh_caption_example():
    s = new(3)
    setup(s, pharaoh=[2, 0, 0])
    turn(s, "pharaoh pharaoh ankh nile civ")
    play(s, "pharaoh pharaoh pharaoh:ankh")
    assert s.phar[0] == 5
    s = new(3)
    setup(s, pharaoh=[2, 0, 0])
    turn(s, "pharaoh pharaoh pharaoh nile civ")
    play(s, "pharaoh pharaoh pharaoh")
    assert s.phar[0] == 5
    # ANKH, ANKH only: illegal for the Pharaoh (no real Pharaoh; RD-LANG-3: one must be used).
    s = new(3)
    turn(s, "ankh ankh nile nile civ")
    assert_illegal(s, "pharaoh:ankh", "only after a real Pharaoh")
    assert_illegal(s, "pharaoh", "no free die shows a Pharaoh")
    # Marker 11 + three Pharaohs -> 12 (cap).
    s = new(3)
    setup(s, pharaoh=[11, 0, 0])
    turn(s, "pharaoh pharaoh pharaoh nile nile")
    play(s, "pharaoh pharaoh pharaoh")
    assert s.phar[0] == 12


@pytest.mark.rule("RD-TEST-2", "RD-NILE-1")
def test_nile_caption_example():
    s = new(3)
    setup(s, nile=[3, 0, 0])
    turn(s, "nile ankh pharaoh civ civ")
    assert_illegal(s, "nile:ankh", "only after a real Nile")
    play(s, "nile nile:ankh")
    assert s.nile[0] == 5 and s.floods[0] == 0


@pytest.mark.rule("RD-TEST-3", "RD-NILE-2", "RD-NILE-3", "RD-LANG-5", "RD-LANG-6")
def test_flood_caption_example():
    s = new(3)
    setup(s, nile=[3, 0, 0])
    turn(s, "nile nile ankh nile pharaoh")
    play(s, "flood:nna")
    assert s.floods[0] == 1 and s.nile[0] == 3  # on top of the Nile marker (RD-LANG-6)
    play(s, "nile")
    assert s.nile[0] == 4 and s.floods[0] == 1  # the stack moved together
    # NILE, ANKH, ANKH, ANKH: the flood is legal, the fourth die may not advance the Nile.
    s = new(3)
    turn(s, "nile ankh ankh ankh pharaoh")
    assert {"flood:naa", "nile"} <= set(legal(s)) and "flood:nna" not in legal(s)
    play(s, "flood:naa")
    assert s.floods[0] == 1
    assert_illegal(s, "nile:ankh", "only after a real Nile")  # RD-LANG-5: flood dice do not advance
    assert_illegal(s, "nile", "no free die shows a Nile")
    play(s, "pharaoh pharaoh:ankh")  # it may be used elsewhere
    assert s.phar[0] == 2


@pytest.mark.rule("RD-TEST-6", "RD-CIV-1", "RD-CIV-2", "RD-CIV-4", "RD-AMB-10", "RD-LANG-11", "RD-TEST-15")
def test_civilization_example():
    # 4 players (capacity 3); seat 0 is the red player. Blue is full, purple holds red's marker.
    s = new(4)
    setup(s, civ={"blue": [1, 2, 3], "purple": [0]})
    turn(s, "ankh civ ankh civ civ")  # red:ANKH yellow:CIV green:ANKH blue:CIV purple:CIV
    civ = [a for a in legal(s) if a.startswith("civ:")]
    assert civ == ["civ:yellow"]
    assert_illegal(s, "civ:red", "ankh's colour never chooses a space")
    assert_illegal(s, "civ:green", "ankh's colour never chooses a space")
    assert_illegal(s, "civ:blue", "full")
    assert_illegal(s, "civ:purple", "already have a marker")
    play(s, "civ:yellow")
    assert civ_of(s, 0) == ["yellow", "purple"]
    # The set is {blue, purple, yellow}: both ankhs stay free and score as a pair (RD-TEST-15).
    assert s.cur == 1 and s.points[0] == 12  # nothing else to do: the turn ended, +2 for the pair


@pytest.mark.rule("RD-CIV-1", "RD-CIV-4")
def test_civilization_set_sizes():
    # 3 dice -> 1 marker, 4 -> 2, 5 -> 3; ankhs fill only with a real CIV (RD-CIV-1).
    s = new(4)
    turn(s, "civ civ civ civ civ")
    play(s, "civ:red civ:yellow civ:green")
    assert civ_of(s, 0) == ["red", "yellow", "green"] and s.cur == 1  # 5 dice, 3 markers: all used
    s = new(4)
    turn(s, "civ ankh ankh pharaoh nile")
    play(s, "civ:red")  # a set of 3: the real CIV and two ankhs
    assert s.free_ankhs() == 0 and "pharaoh:ankh" not in legal(s)
    s = new(4)
    turn(s, "civ civ ankh pharaoh nile")
    play(s, "civ:red")
    assert "civ:yellow" not in legal(s)  # 2 markers need 4 dice; there are 3 CIV/ANKH
    assert s.free_ankhs() == 0
    s = new(4)
    turn(s, "civ ankh pharaoh pharaoh nile")
    assert "civ:red" not in legal(s)  # 2 dice cannot make a set
    assert_illegal(s, "civ:red", "3 to 5 dice")


@pytest.mark.rule("RD-CIV-2")
def test_each_marker_needs_its_own_real_die():
    s = new(4)
    turn(s, "civ ankh ankh ankh nile")
    play(s, "civ:red")
    assert [a for a in legal(s) if a.startswith("civ:")] == []  # ankhs never place markers


@pytest.mark.rule("RD-CIV-5")
def test_civilization_markers_stay_for_the_epoch():
    s = new(2)
    turn(s, "civ civ civ pharaoh nile")
    play(s, "civ:red finish")
    turn(s, "pharaoh pharaoh nile nile mon", then="stop finish")
    assert civ_of(s, 0) == ["red"]


@pytest.mark.rule("RD-TEST-7", "RD-MON-1", "RD-MON-2", "RD-MON-3")
@pytest.mark.parametrize(("x", "y"), [("ankh", "ankh"), ("mon", "ankh"), ("mon", "mon")])
def test_monument_example(x, y):
    # Red has 2 markers in column 1 and none in columns 3 and 4. Dice: red:X, yellow:MON,
    # green:MON, blue:Y, purple:MON.
    s = new(3)
    setup(s, mon={"red:1": 0, "blue:1": 0, "green:2": 1})
    turn(s, f"{x} mon mon {y} mon")
    assert "mon:yellow:1" in legal(s)  # first marker: any column
    play(s, "mon:yellow:1")
    assert "mon:purple:1" not in mons(s)  # a pair marker into column 1 is illegal
    assert_illegal(s, "mon:purple:1", "column without your markers")
    play(s, "mon:purple:3")
    assert_illegal(s, "mon:green:3", "column without your markers")  # not both pairs in one column
    play(s, "mon:green:4")
    assert sorted(mon_of(s, 0)) == ["blue:1", "green:4", "purple:3", "red:1", "yellow:1"]
    assert sum(1 for m in mon_of(s, 0) if m.endswith(":1")) == 3
    assert s.cur == 1  # three markers is the maximum: the turn ended by itself


@pytest.mark.rule("RD-TEST-8", "RD-MON-1", "RD-MON-2", "RD-DICE-2")
def test_monument_reminder_example():
    s = new(3)
    turn(s, "pharaoh mon nile ankh civ")  # yellow:MON, blue:ANKH
    assert all(m.startswith("mon:yellow:") for m in mons(s)) and len(mons(s)) == 8  # any column
    play(s, "mon:yellow:2")
    assert mons(s) == []  # a second marker needs two more dice


@pytest.mark.rule("RD-MON-2", "RD-AMB-9", "RD-DICE-2")
def test_further_markers_need_a_real_mon_of_the_spaces_colour():
    s = new(3)
    turn(s, "mon mon ankh ankh ankh")
    play(s, "mon:red:1")
    # Yellow may pair with an ankh, into a column without markers (column 1 now has one: RD-AMB-9).
    assert "mon:yellow:1" not in mons(s) and "mon:yellow:2" in mons(s)
    assert not any(m.startswith(("mon:green", "mon:blue", "mon:purple")) for m in mons(s))  # ankh colours
    play(s, "mon:yellow:2")  # one ankh is the partner; the other two are a pair, and the turn ends
    assert s.cur == 1 and s.points[0] == 10 + 2 and sorted(mon_of(s, 0)) == ["red:1", "yellow:2"]


@pytest.mark.rule("RD-MON-3")
def test_further_markers_only_after_a_first_one_and_at_most_three():
    s = new(3)
    turn(s, "mon mon mon mon mon")
    play(s, "mon:red:1 mon:yellow:2")  # first, then a pair (yellow + a free MON as partner)
    assert s.free_ankhs() == 0
    play(s, "mon:green:3")  # third marker: the last two dice (green + partner)
    assert s.cur == 1 and len(mon_of(s, 0)) == 3


@pytest.mark.rule("RD-MON-4")
def test_monuments_stay_for_the_game():
    s = new(2)
    setup(s, ra=13)
    turn(s, "sun mon pharaoh nile civ")
    play(s, "mon:yellow:5 finish")  # the epoch ends and is scored
    assert s.epoch == 2 and mon_of(s, 0) == ["yellow:5"]


@pytest.mark.rule("RD-DICE-1")
def test_each_die_once():
    s = new(3)
    turn(s, "pharaoh nile civ mon ankh")
    play(s, "pharaoh")
    assert s.dst[0] == USED
    assert_illegal(s, "pharaoh", "no free die shows a Pharaoh")
    play(s, "pharaoh:ankh")
    assert_illegal(s, "pharaoh:ankh", "needs 1 free ankh")


@pytest.mark.rule("RD-DICE-2")
def test_ankh_conditions_per_area():
    s = new(3)
    turn(s, "ankh ankh ankh ankh mon")
    # No real Pharaoh, Nile or Civilization: ankhs cannot stand for them; nor for a first Monument.
    assert legal(s) == [f"mon:purple:{c}" for c in range(1, 9)] + ["finish"]
    play(s, "mon:purple:1")
    assert s.cur == 1 and s.points[0] == 10 + 4  # the four ankhs are two pairs


@pytest.mark.rule("RD-DICE-3")
def test_any_order():
    a = new(3)
    turn(a, "pharaoh nile mon civ ankh")
    b = a.clone()
    play(a, "mon:green:1 pharaoh nile")
    play(b, "nile pharaoh mon:green:1")
    for field in ("phar", "nile", "mon", "dst", "avail", "points", "phase", "cur"):
        assert getattr(a, field) == getattr(b, field), field


@pytest.mark.rule("RD-NILE-2")
def test_flood_needs_three_dice_with_a_real_nile():
    s = new(3)
    turn(s, "nile nile nile nile pharaoh")
    assert {"flood:nnn"} <= set(legal(s)) and "flood:nna" not in legal(s)
    play(s, "flood:nnn")
    assert [a for a in legal(s) if a.startswith("flood")] == []  # one flood per turn with five dice
    s = new(3)
    turn(s, "ankh ankh ankh pharaoh civ")
    assert not any(a.startswith("flood") for a in legal(s))
    assert_illegal(s, "flood:naa", "needs 1 free Nile")


@pytest.mark.rule("RD-NILE-2", "RD-NILE-4")
def test_floods_accumulate_over_turns():
    s = new(2)
    turn(s, "nile nile nile pharaoh civ")
    play(s, "flood:nnn finish")
    turn(s, "pharaoh pharaoh civ mon civ", then="stop finish")
    turn(s, "nile nile ankh pharaoh civ")
    play(s, "flood:nna")
    assert s.floods[0] == 2


@pytest.mark.rule("RD-NILE-1")
def test_nile_never_beyond_12():
    s = new(3)
    setup(s, nile=[12, 0, 0], floods=[1, 0, 0])
    turn(s, "nile nile pharaoh civ civ")
    play(s, "nile nile")
    assert s.nile[0] == 12 and s.floods[0] == 1


@pytest.mark.rule("RD-ANKH-1", "RD-TEST-15", "RD-LANG-2", "RD-SCORE-6")
@pytest.mark.parametrize(
    ("faces", "points"),
    [
        ("ankh ankh ankh ankh pharaoh", 4),
        ("ankh ankh ankh pharaoh nile", 2),
        ("ankh pharaoh nile civ mon", 0),
        ("ankh ankh pharaoh pharaoh nile", 2),
    ],
)
def test_unused_ankh_pairs(faces, points):
    s = new(3)
    turn(s, faces)
    play(s, "finish")
    assert s.points[0] == 10 + points
    assert s.score_breakdown()["ankh_pairs"][0] == points


@pytest.mark.rule("RD-ANKH-1")
def test_ankhs_used_as_symbols_do_not_score():
    s = new(3)
    turn(s, "ankh ankh pharaoh pharaoh nile")
    play(s, "pharaoh pharaoh:ankh finish")
    assert s.points[0] == 10  # one ankh left: no pair
    s = new(3)
    turn(s, "ankh ankh ankh ankh ankh", then="stop")
    assert s.cur == 1 and s.points[0] == 14  # five ankhs, nothing else to do: two pairs


@pytest.mark.rule("RD-AMB-5", "RD-LANG-4")
def test_dice_may_stay_unused():
    s = new(3)
    turn(s, "nile nile nile pharaoh civ")
    play(s, "finish")  # the Nile is not compulsory (RD-LANG-4)
    assert s.nile[0] == 0 and s.floods[0] == 0 and s.phase == ROLL


@pytest.mark.rule("RD-AMB-13")
def test_flood_on_space_0():
    s = new(3)
    turn(s, "nile nile nile pharaoh civ")
    play(s, "flood:nnn")
    assert s.floods[0] == 1 and s.nile[0] == 0 and s.phase == APPLY


def test_reserved_ankhs_cannot_be_spent_elsewhere():
    s = new(4)
    turn(s, "civ ankh ankh pharaoh nile")
    play(s, "civ:red")
    play(s, "pharaoh")
    assert_illegal(s, "pharaoh:ankh", "needed to complete")

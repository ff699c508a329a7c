"""Components, board data, setup and rolling (RD-COMP, RD-BOARD, RD-SETUP, RD-TURN)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

import heliopolis
from heliopolis.core.errors import ConfigError
from heliopolis.games.ra_dice import components as C
from heliopolis.games.ra_dice.components import DATA, PROVENANCE
from heliopolis.games.ra_dice.state import APPLY, LOCKED, PENDING, REROLL, ROLL, START
from tests.games.ra_dice.helpers import STARTING, assert_illegal, legal, new, play, roll, setup, turn


def raw():
    return json.loads(resources.files("heliopolis.games.ra_dice").joinpath("data/ra-dice-components.json").read_text())


SHARED_SPEC = Path("/work/shared/rules/ra-dice-components.json")  # the project's spec, where present


# -- RD-COMP ------------------------------------------------------------------------------------
@pytest.mark.rule("RD-COMP-1")
def test_contents():
    comp = raw()["components"]
    assert (comp["board"], comp["cubes"], comp["dice"], comp["ra_figure"], comp["summary_cards"]) == (1, 92, 5, 1, 4)
    assert C.NUM_DICE == 5


@pytest.mark.rule("RD-COMP-2")
def test_dice_have_six_identical_faces_each_one_sixth():
    assert DATA.face_weights == (1, 1, 1, 1, 1, 1)
    s = new(3)
    for d in range(5):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
        assert [s.action_to_string(a) for a, _ in outcomes] == [
            f"die:{C.COLOURS[d]}:{f}" for f in ("sun", "pharaoh", "nile", "civ", "mon", "ankh")
        ]
        roll(s, "pharaoh")


@pytest.mark.rule("RD-COMP-3")
def test_five_die_colours():
    assert C.COLOURS == ("red", "yellow", "green", "blue", "purple")
    v = new(3).player_view(None)
    assert list(v["civilization"]) == list(C.COLOURS) == list(v["monuments"])


@pytest.mark.rule("RD-COMP-4")
def test_markers_are_unlimited():
    assert raw()["components"]["cubes_per_player"]["value"] == 23
    # A player with more than 23 markers on the board still places more (the supply is unlimited).
    s = new(2)
    setup(s, mon={f"{c}:{col}": 0 for c in ("red", "yellow", "green", "blue", "purple") for col in range(1, 6)})
    assert sum(1 for o in s.mon if o == 0) == 25
    turn(s, "mon pharaoh nile nile nile")
    play(s, "mon:red:7")
    assert sum(1 for o in s.mon if o == 0) == 26


@pytest.mark.rule("RD-COMP-5", "RD-LANG-12")
def test_board_areas_in_views_and_rendering():
    s = new(3)
    v = s.player_view(0)
    assert {"sun_track", "civilization", "monuments", "nile_values"} <= set(v)
    assert {"pharaoh", "nile", "floods", "points"} <= set(v["seats"][0])
    text = str(s)
    for label in ("Sun track", "Civilization", "Monuments", "Pharaoh", "Nile", "points"):
        assert label in text  # RD-LANG-12: one Sun (= Ra) track


# -- RD-BOARD -----------------------------------------------------------------------------------
@pytest.mark.rule("RD-BOARD-1", "RD-AMB-1")
@pytest.mark.parametrize(("players", "start"), [(2, 4), (3, 2), (4, 0)])
def test_sun_track_start_and_length(players, start):
    assert DATA.sun_last == 14 and DATA.sun_start[players] == start
    s = new(players)
    assert s.ra == start and s.game.ra_last == 14
    assert raw()["sun_track"]["reconstructed"] is True and PROVENANCE["sun_track"] == "reconstructed"
    line = next(x for x in str(s).splitlines() if x.startswith("Sun track"))
    assert line.count("[") == 15 and line.count("[·]") == start  # spaces before the start are unused


@pytest.mark.rule("RD-BOARD-2", "RD-LANG-7")
def test_pharaoh_track_0_to_12():
    assert (DATA.pharaoh_start, DATA.pharaoh_max) == (0, 12)
    s = new(2)
    assert s.phar == [0, 0]  # RD-LANG-7: "start of the track" = space 0
    setup(s, pharaoh=[11, 0])
    turn(s, "pharaoh pharaoh pharaoh nile nile")
    play(s, "pharaoh pharaoh pharaoh")
    assert s.phar[0] == 12  # never beyond 12


@pytest.mark.rule("RD-BOARD-3", "RD-AMB-2")
def test_nile_values_are_data_and_space_n_is_n_points():
    assert DATA.nile_points == tuple(range(13))
    status = raw()["nile_track"]["values_status"]
    assert status["other_spaces"]["reconstructed"] and PROVENANCE["nile_values"]["other_spaces"] == "reconstructed"
    assert PROVENANCE["nile_values"]["space_12"] == ["https://trickylight.co.uk/session_detail.php?sessionid=682"]
    assert new(3).player_view(None)["nile_values"] == list(range(13))


def test_reconstructed_values_can_be_dropped_in(monkeypatch):
    """Printed values replace the reconstructed ones in the data file, with no code change."""
    doc = raw()
    doc["sun_track"]["start_index_by_players"]["3"] = 5
    doc["sun_track"]["spaces_to_end_by_players"]["3"] = 9
    for e in doc["nile_track"]["values"]:
        e["points"] = 2 * e["space"]
    monkeypatch.setattr(C, "DATA", C.build(doc))
    s = new(3)
    assert s.ra == 5 and s.game.nile_points[7] == 14
    with pytest.raises(C.ComponentDataError):
        doc["sun_track"]["spaces_to_end_by_players"]["3"] = 3
        C.build(doc)


def test_data_file_is_the_shared_spec_copy():
    if not SHARED_SPEC.exists():
        pytest.skip("the shared spec is not on this machine")
    assert json.loads(SHARED_SPEC.read_text()) == raw()


@pytest.mark.rule("RD-BOARD-4", "RD-CIV-3")
@pytest.mark.parametrize(("players", "cap"), [(2, 1), (3, 2), (4, 3)])
def test_civilization_spaces_hold_n_minus_1(players, cap):
    s = new(players)
    assert s.game.cap == cap == players - 1
    full = list(range(1, cap + 1))  # the other seats fill the red space
    setup(s, civ={"red": full})
    turn(s, "civ civ civ nile nile")
    assert "civ:red" not in legal(s) and "civ:yellow" in legal(s)


@pytest.mark.rule("RD-BOARD-5")
def test_monument_grid_8_by_5_one_marker_per_space():
    assert (DATA.mon_columns, DATA.mon_rows) == (8, 5)
    s = new(2)
    setup(s, mon={"yellow:1": 1})
    turn(s, "pharaoh mon nile nile nile")
    mons = [a for a in legal(s) if a.startswith("mon:")]
    assert mons == [f"mon:yellow:{c}" for c in range(2, 9)]  # yellow:1 is taken
    assert_illegal(s, "mon:yellow:1", "taken")


@pytest.mark.rule("RD-BOARD-6", "RD-AMB-16")
def test_scores_are_unbounded_integers():
    assert DATA.score_track_spaces == 50 and PROVENANCE["score_track_length"] == "reconstructed"
    s = new(2)
    setup(s, points=[49, 11])
    turn(s, "sun sun sun pharaoh nile")
    assert s.points[0] == 52  # no wrap-around at 50


# -- RD-SETUP -----------------------------------------------------------------------------------
@pytest.mark.rule("RD-SETUP-1")
@pytest.mark.parametrize("players", [1, 5, 0])
def test_player_count(players):
    with pytest.raises(ConfigError, match="takes 2 to 4 players"):
        heliopolis.new_game("ra-dice", players=players)
    for n in (2, 3, 4):
        assert heliopolis.new_game("ra-dice", players=n).n == n


@pytest.mark.rule("RD-SETUP-2", "RD-SETUP-3")
def test_initial_board():
    s = new(4)
    assert s.ra == DATA.sun_start[4]
    assert s.phar == [0] * 4 and s.nile == [0] * 4 and s.floods == [0] * 4
    assert s.civ == [0] * 5 and s.mon == [-1] * 40


@pytest.mark.rule("RD-SETUP-4", "RD-TEST-16", "RD-LANG-8")
def test_start_player_and_starting_scores():
    s = new(3, start=0)
    assert s.points == [10, 11, 12] and s.ra == 2  # RD-TEST-16
    s = new(3, start=1)
    assert s.points == [12, 10, 11]  # clockwise from the start player (RD-LANG-8)
    s = new(4, start=3)
    assert s.points == [11, 12, 13, 10]
    # Without start_player the start player is a uniform chance node.
    s = new(3, start=None)
    assert s.phase == START and s.is_chance_node()
    assert s.chance_outcomes() == [(139, 1 / 3), (140, 1 / 3), (141, 1 / 3)]
    play(s, "start:2")
    assert s.cur == 2 and s.points == [11, 12, 10] and s.phase == ROLL
    assert STARTING[:3] == sorted(s.points)


@pytest.mark.rule("RD-SETUP-5")
def test_game_starts_in_epoch_1_with_the_start_players_roll():
    s = new(4, start=2)
    assert s.epoch == 1 and s.cur == 2 and s.is_chance_node() and s.pend == 31


# -- RD-TURN ------------------------------------------------------------------------------------
@pytest.mark.rule("RD-TURN-1", "RD-TURN-5")
def test_turns_pass_clockwise_and_dice_are_handed_on():
    s = new(3, start=2)
    turn(s, "sun pharaoh nile civ mon", then="stop finish")
    assert s.cur == 0 and s.phase == ROLL and s.pend == 31 and s.suns == 0  # suns count for one turn
    turn(s, "pharaoh pharaoh nile civ mon", then="stop finish")
    assert s.cur == 1


@pytest.mark.rule("RD-TURN-2")
def test_suns_lock_at_once():
    s = new(3)
    roll(s, "sun nile civ sun mon")
    assert s.phase == REROLL and s.suns == 2
    assert [s.dst[d] == LOCKED for d in range(5)] == [True, False, False, True, False]
    assert_illegal(s, "reroll:red", "locked")
    play(s, "reroll:yellow")
    play(s, "roll")
    roll(s, "sun")  # a new sun is locked too
    assert s.suns == 3 and s.dst[1] == LOCKED


@pytest.mark.rule("RD-TURN-3", "RD-AMB-6")
def test_three_rolls_any_unlocked_dice():
    s = new(3)
    roll(s, "pharaoh nile civ mon ankh")
    assert s.rolls == 1 and legal(s) == ["stop", "reroll:red", "reroll:yellow", "reroll:green", "reroll:blue",
                                         "reroll:purple"]  # fmt: skip
    play(s, "reroll:yellow reroll:blue roll")
    assert s.phase == ROLL and [s.dst[d] == PENDING for d in range(5)] == [False, True, False, True, False]
    roll(s, "pharaoh pharaoh")
    assert s.rolls == 2 and s.phase == REROLL
    play(s, "reroll:yellow reroll:green roll")  # a die kept before may be rerolled (RD-AMB-6)
    roll(s, "nile nile")
    assert s.rolls == 3 and s.phase == APPLY  # no fourth roll


@pytest.mark.rule("RD-TURN-3", "RD-AMB-6")
def test_stop_after_the_first_roll():
    s = new(3)
    roll(s, "pharaoh nile civ mon ankh")
    play(s, "stop")
    assert s.phase == APPLY and s.rolls == 1


def test_reroll_choices_go_in_colour_order_and_the_last_choice_rolls():
    s = new(3)
    roll(s, "pharaoh nile civ mon ankh")
    play(s, "reroll:green")
    assert legal(s) == ["roll", "reroll:blue", "reroll:purple"]
    assert_illegal(s, "reroll:red", "colour order")
    assert_illegal(s, "stop", "roll them")
    play(s, "reroll:purple")  # no later die to choose: the roll follows by itself
    assert s.phase == ROLL and s.pend == 0b10100
    roll(s, "nile nile")
    assert s.phase == REROLL
    assert_illegal(s, "roll", "choose dice")


@pytest.mark.rule("RD-TURN-4", "RD-AMB-5")
def test_applying_is_optional_but_the_sun_effect_is_not():
    s = new(3)
    start = s.ra
    turn(s, "sun pharaoh nile civ mon")
    assert s.phase == APPLY and s.ra == start + 1  # the sun effect happened on its own
    assert "finish" in legal(s)
    play(s, "finish")  # no die used (RD-AMB-5)
    assert s.cur == 1 and s.phar[0] == 0 and s.nile[0] == 0

"""Views, descriptions, the event log, rendering, and bad input (options, actions, notation, saves)."""

from __future__ import annotations

import json
import random

import pytest

import heliopolis
from heliopolis.core.errors import ConfigError, IllegalActionError, NotationError, SaveGameError
from heliopolis.core.observation import INFORMATION_STATE, OBSERVATION
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.render import render_segments, render_text
from tests.games.ra_dice.helpers import assert_illegal, legal, new, play, setup, turn


def random_game(players=3, seed=1, steps=None):
    rng = random.Random(seed)
    s = heliopolis.new_game("ra-dice", players=players)
    k = 0
    while not s.is_terminal() and (steps is None or k < steps):
        s.apply_action(heliopolis.sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
        k += 1
    return s


# -- views ------------------------------------------------------------------------------------------
def test_views_are_public_and_json_safe():
    s = new(3)
    setup(s, civ={"red": [1]}, mon={"yellow:2": 2}, floods=[0, 1, 0])
    turn(s, "sun civ ankh mon pharaoh")
    views = [s.player_view(v) for v in (None, 0, 1, 2)]
    for v in views:
        json.dumps(v)
        assert v["game"] == "ra-dice" and v["phase"] == "apply" and v["current_player"] == 0
        assert v["turn"]["dice"][0] == {"colour": "red", "face": "sun", "state": "sun"}
        assert v["turn"]["dice"][1] == {"colour": "yellow", "face": "civ", "state": "free"}
        assert v["civilization"]["red"] == [1] and v["monuments"]["yellow"][1] == 2
        assert v["seats"][1]["floods"] == 1 and v["seats"][0]["points"] == 10
    stripped = []
    for v in views:
        v = dict(v)
        v.pop("viewer")
        stripped.append(v)
    assert all(v == stripped[0] for v in stripped)  # nothing is hidden
    assert not heliopolis.load_game("ra-dice", 3).has_private_information()


def test_information_state_and_resampling():
    s = random_game(3, seed=4, steps=150)
    p = s.current_player() if s.current_player() >= 0 else 0
    text = s.information_state_string(p)
    assert text.startswith(f"ra-dice:{p}:") and text.endswith(",".join(map(str, s.history())))
    r = s.resample_from_infostate(p, random.Random(1))
    assert r == s and r is not s and r.information_state_key(p) == s.information_state_key(p)
    hash(s.information_state_key(p))
    with pytest.raises(ValueError):
        s.information_state_string(7)


def test_describe_action_is_contextual():
    s = new(3)
    setup(s, pharaoh=[4, 0, 0], nile=[6, 0, 0])
    assert s.describe_action(A.string_to_action("die:red:civ")) == "The red die shows Civilization"
    turn(s, "pharaoh nile nile nile ankh", then="")
    assert s.describe_action(A.string_to_action("reroll:yellow")) == "Choose the yellow Nile die for rerolling"
    play(s, "stop")
    assert s.describe_action(A.PHARAOH_REAL) == "Use a Pharaoh die: Pharaoh marker 4 → 5"
    assert "on space 6 (worth 6 now)" in s.describe_action(A.string_to_action("flood:nnn"))
    assert "+2" not in s.describe_action(A.FINISH)
    for a in range(A.NUM_IDS):
        assert isinstance(s.describe_action(a), str)


def test_public_log_has_one_line_per_event():
    s = new(3)
    setup(s, pharaoh=[0, 3, 3])
    turn(s, "sun sun sun sun pharaoh")
    play(s, "disaster:pharaoh pharaoh")  # nothing is left to do: the turn ends by itself
    assert s.cur == 1 and s.phar == [1, 1, 1]
    log = s.public_log()
    assert log == [
        "P0 rolls: red Sun, yellow Sun, green Sun, blue Sun, purple Pharaoh — 4 suns locked",
        "P0 keeps the dice",
        "P0 rolled 4 suns and may declare a disaster",
        "P0 declares a Pharaoh disaster",
        "P0 advances on the Pharaoh track to 1",
        "P0's turn ends (nothing left to do with the dice)",
    ]
    s = random_game(4, seed=2)
    log = s.public_log()
    assert sum(1 for line in log if "epoch" in line and "scored" in line) == 3
    assert all(isinstance(x, str) and x for x in log)


def test_table_helper_and_render():
    s = random_game(3, seed=3, steps=200)
    helper = s.table_helper()
    assert len(helper["epoch_now"]) == 3
    text = render_text(s)
    assert "RA: THE DICE GAME" in text and "Monuments" in text and "Last events" in text
    styles = {style for line in render_segments(s) for _, style in line}
    assert styles <= {"title", "bold", "dim", "label", "tile", "ra", "sun", "current", "disaster"}
    end = random_game(2, seed=3)
    assert "Winner:" in str(end) and end.table_helper()["epoch_now"] == [0, 0]


def test_observation_encoder():
    s = random_game(3, seed=5, steps=120)
    obs = s.game.make_observer(OBSERVATION)
    v = obs.tensor(s, 0)
    assert len(v) == obs.size and all(isinstance(x, float) for x in v)
    low, high = obs.bounds()
    assert all(lo <= x <= hi for lo, x, hi in zip(low, v, high))
    assert obs.string(s, 0).startswith("p0 | epoch")
    info = s.game.make_observer(INFORMATION_STATE)
    assert info.string(s, 1) == s.information_state_string(1)


# -- bad input --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (5, {}, "takes 2 to 4 players"),
        ("3", {}, "players must be an integer"),
        (3, {"start_player": 3}, "start_player must be a seat from 0 to 2"),
        (3, {"start_player": True}, "start_player must be a seat"),
        (3, {"score_floor_zero": "yes"}, "score_floor_zero must be true or false"),
        (3, {"edition": "2009"}, "unknown option"),
    ],
)
def test_invalid_options(players, options, message):
    with pytest.raises(ConfigError, match=message):
        heliopolis.new_game("ra-dice", players=players, **options)


def test_illegal_actions_change_nothing():
    s = new(3)
    assert_illegal(s, "stop", "is being rolled")
    assert_illegal(s, A.string_to_action("die:yellow:sun"), "red die is being rolled")
    assert_illegal(s, "start:1")
    turn(s, "pharaoh nile civ mon ankh", then="")
    assert_illegal(s, "pharaoh", "choose dice to reroll")
    assert_illegal(s, "die:red:sun")
    play(s, "stop")
    assert_illegal(s, "roll")
    assert_illegal(s, "remove:civ:red")
    assert_illegal(s, "disaster:civ", "4 or 5 suns")
    for bad in (-1, 10**6, None, 2.5, True):
        assert_illegal(s, bad)
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        s.apply_action("pharaoh")
    with pytest.raises(IllegalActionError, match="Legal: pharaoh"):
        s.apply_action(A.string_to_action("flood:nnn"))


def test_terminal_state_rejects_everything():
    s = random_game(2, seed=9)
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply_action(A.FINISH)
    with pytest.raises(ValueError):
        s.chance_outcomes()


def test_saved_games_round_trip_and_corrupt_ones_are_refused():
    s = random_game(3, seed=6, steps=300)
    doc = s.to_dict(seed=6)
    assert heliopolis.state_from_json(json.dumps(doc)) == s
    assert doc["history"][0].startswith("start:") and doc["encoding"] == "ra-dice-v1"
    bad = dict(doc, history=doc["history"][:5] + ["mon:teal:3"] + doc["history"][6:])
    with pytest.raises(SaveGameError, match="move 6 .*unknown colour 'teal'"):
        heliopolis.state_from_json(json.dumps(bad))
    bad = dict(doc, history=doc["history"][:1] + ["finish"])
    with pytest.raises(SaveGameError, match="move 2 .*not legal"):
        heliopolis.state_from_json(json.dumps(bad))
    with pytest.raises(SaveGameError, match="encoding"):
        heliopolis.state_from_json(json.dumps(dict(doc, encoding="ra-dice-v0")))
    with pytest.raises(SaveGameError, match="invalid options"):
        heliopolis.state_from_json(json.dumps(dict(doc, options={"players": 9})))
    with pytest.raises(SaveGameError, match="not valid JSON"):
        heliopolis.state_from_json(json.dumps(doc)[:-7])


def test_notation_errors_reach_the_player():
    s = new(3)
    with pytest.raises(NotationError, match="did you mean blue"):
        s.string_to_action("reroll:bleu")
    assert legal(s)[0] == "die:red:sun"

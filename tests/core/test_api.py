"""The core protocol: registry, errors, chance sampling, serialization and saved games."""

import json
import random

import pytest

import heliopolis
from heliopolis import CHANCE, TERMINAL, ConfigError, IllegalActionError, NotationError, SaveGameError
from heliopolis.core.chance import play_random


def test_constants_match_openspiel():
    assert (CHANCE, TERMINAL) == (-1, -4)


def test_available_and_load_game():
    assert "ra" in heliopolis.available_games()
    game = heliopolis.load_game("ra", 4, edition="1999")
    assert game.info.game_id == "ra" and game.info.min_players == 2 and game.info.max_players == 5
    s = game.new_initial_state()
    assert s.is_chance_node() and s.current_player() == CHANCE


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"game_id": "chess", "players": 2}, "available: .*ra"),
        ({"game_id": "ra", "players": 6}, "2 to 5 players"),
        ({"game_id": "ra", "players": 2, "edition": "1999"}, "3 to 5 players"),
        ({"game_id": "ra", "players": 3, "edition": "2010"}, "allowed: 1999, 2009"),
        ({"game_id": "ra", "players": 3, "colour": "red"}, "unknown option"),
        ({"game_id": "ra", "players": 3, "hidden_scores": "yes"}, "true or false"),
        ({"game_id": "ra", "players": "3"}, "integer"),
        ({"game_id": "ra", "players": 2, "suns": [[9, 8], [9, 7]]}, "assigned twice"),
        ({"game_id": "ra", "players": 2, "suns": [[1, 8], [9, 7]]}, "centre"),
        ({"game_id": "ra", "players": 2, "suns": [[17], [9]]}, "1 to 16"),
        ({"game_id": "ra", "players": 3, "suns": [[9], [8]]}, "one set of suns per seat"),
    ],
)
def test_config_errors_name_the_problem(kwargs, needle):
    game_id = kwargs.pop("game_id")
    with pytest.raises(ConfigError, match=needle):
        heliopolis.new_game(game_id, **kwargs)


def test_edition_may_be_given_as_int():
    assert heliopolis.new_game("ra", players=3, edition=1999).game.edition == "1999"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "bid",
        "bid:17",
        "bid:x",
        "god:ra",
        "god:dragon",
        "fly",
        "draw:2",
        "discard:pharaoh",
        "stack:9",
        "tile:",
    ],
)
def test_malformed_notation_raises_notation_error(text):
    s = heliopolis.new_game("ra", players=3)
    with pytest.raises(NotationError):
        s.string_to_action(text)


def test_notation_is_forgiving_about_case_and_space_and_suggests():
    s = heliopolis.new_game("ra", players=3)
    assert s.string_to_action("  BID:9 ") == s.string_to_action("bid:9")
    with pytest.raises(NotationError, match="did you mean god:pharaoh"):
        s.string_to_action("god:pharoah")


def test_illegal_action_changes_nothing():
    s = heliopolis.new_game("ra", players=3, suns=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]])
    before = s.to_json()
    for text in ("pass", "bid:13", "done", "god:pharaoh", "discard:art", "tile:ra"):
        with pytest.raises(IllegalActionError, match="not legal"):
            s.apply_action(s.string_to_action(text))
        assert s.to_json() == before
    with pytest.raises(IllegalActionError):
        s.apply_action(10_000)
    assert s.to_json() == before


def test_sample_chance_is_deterministic_and_only_at_chance_nodes():
    a = heliopolis.new_game("ra", players=4)
    b = heliopolis.new_game("ra", players=4)
    ra, rb = random.Random(42), random.Random(42)
    play_random(a, ra)
    play_random(b, rb)
    assert a.history() == b.history()
    with pytest.raises(ValueError):
        heliopolis.sample_chance(a, ra)


def test_sample_chance_follows_the_outcome_distribution():
    s = heliopolis.new_game("ra", players=3, suns=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]])
    s.apply_action(s.string_to_action("draw"))
    probs = dict(s.chance_outcomes())
    rng = random.Random(3)
    n = 36_000
    counts: dict[int, int] = {}
    for _ in range(n):
        a = heliopolis.sample_chance(s, rng)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) <= set(probs)
    chi2 = sum((counts.get(a, 0) - n * p) ** 2 / (n * p) for a, p in probs.items())
    assert chi2 < 60  # 22 degrees of freedom; p < 1e-4 beyond this


def test_json_round_trip_and_saved_game_errors(tmp_path):
    s = heliopolis.new_game("ra", players=3)
    play_random(s, random.Random(9))
    text = s.to_json(seed=9)
    doc = json.loads(text)
    assert doc["game"] == "ra" and doc["encoding"] == "ra-v1" and doc["seed"] == 9
    assert all(isinstance(h, str) for h in doc["history"])
    assert heliopolis.state_from_json(text) == s
    bad = {
        "not json": "{",
        "not an object": "[1, 2]",
        "missing history": json.dumps({k: v for k, v in doc.items() if k != "history"}),
        "wrong encoding": json.dumps({**doc, "encoding": "ra-v0"}),
        "unknown game": json.dumps({**doc, "game": "go"}),
        "illegal move": json.dumps({**doc, "history": doc["history"][:3] + ["bid:16"]}),
        "bad notation": json.dumps({**doc, "history": ["stack:1", "fly"]}),
        "bad options": json.dumps({**doc, "options": {**doc["options"], "players": 9}}),
    }
    for text in bad.values():
        with pytest.raises(SaveGameError):
            heliopolis.state_from_json(text)
    p = tmp_path / "g.json"
    p.write_bytes(b"\xff\xfe")
    from heliopolis.core.serialize import load_saved_game

    with pytest.raises(SaveGameError):
        load_saved_game(p)
    with pytest.raises(SaveGameError):
        load_saved_game(tmp_path / "missing.json")


def test_returns_and_winners():
    s = heliopolis.new_game("ra", players=3)
    assert s.returns() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError):
        s.winners()
    play_random(s, random.Random(1))
    r = s.returns()
    assert sum(r) == 1.0 and r[s.winners()[0]] == 1.0
    assert s.legal_actions() == [] and s.current_player() == TERMINAL

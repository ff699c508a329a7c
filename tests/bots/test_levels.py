"""Named levels: resolution for every shipped game and player count, bad names and budgets,
determinism, delegation, and honesty on the hidden-card game."""

import json
import random

import pytest

import heliopolis
from heliopolis.arena import play_match
from heliopolis.bots import levels, make_bot, split_specs
from heliopolis.bots.base import LOBBY_BOTS
from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import available_games, game_class, register

register("secret", "tests.bots.secret_game:SecretGame")

LEVELS = levels.levels()
SHIPPED = [g for g in available_games() if game_class(g).__module__.startswith("heliopolis.games.")]
TABLES = [(g, n) for g in SHIPPED for n in range(game_class(g).info.min_players, game_class(g).info.max_players + 1)]


def _decision_state(game_id, players, seed=3, moves=12):
    """A state some random moves in, with a player to move."""
    s = heliopolis.new_game(game_id, players=players)
    rng = random.Random(seed)
    done = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, rng))
        elif done < moves:
            s.apply_action(rng.choice(s.legal_actions()))
            done += 1
        else:
            break
    assert not s.is_terminal() and not s.is_chance_node()
    return s


def test_the_four_levels_are_data():
    assert LEVELS == ("easy", "medium", "hard", "expert")
    assert {"easy", "medium", "hard", "expert"} <= set(LOBBY_BOTS)
    assert "levels" in json.loads(levels.data_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_level_resolves_and_plays_in_every_game_and_table_size(game_id, players):
    state = _decision_state(game_id, players)
    for level in LEVELS:
        spec = levels.level_spec(level, game_id, players)
        assert levels.parse_level(spec) is None  # a level resolves to a raw spec, never to another level
        make_bot(spec)  # valid
        bot = make_bot(f"{level}:iters=5", seed=1)  # a cheap budget: this checks resolution, not strength
        action = bot.step(state.clone())
        assert action in state.legal_actions()
        assert bot.spec == levels.with_budget(spec, {"iters": "5"})


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("wizard", "valid levels: easy, medium, hard, expert"),
        ("expert:iters=0", "positive number"),
        ("hard:time=-1", "positive number"),
        ("medium:iters=abc", "positive number"),
        ("expert:c=1.2", "only a budget"),
        ("easy:iters", "key=value"),
        ("exper", "raw specs: random"),
    ],
)
def test_bad_level_names_and_budgets_name_the_levels(spec, needle):
    with pytest.raises(ConfigError, match=needle):
        make_bot(spec)


def test_a_budget_replaces_a_searching_specs_budget_only():
    assert levels.with_budget("ismcts:iters=3000,c=0.9", {"time": "0.5"}) == "ismcts:c=0.9,time=0.5"
    assert levels.with_budget("heuristic:eps=0.5", {"iters": "10"}) == "heuristic:eps=0.5"
    assert levels.resolve("ismcts:iters=7", "ra", 3) == "ismcts:iters=7"  # raw specs pass through
    assert split_specs("human,expert:iters=50,time=1,hard") == ["human", "expert:iters=50,time=1", "hard"]


def test_unknown_game_falls_back_and_table_sizes_override(monkeypatch):
    doc = {"levels": list(LEVELS), "specs": {"*": {"*": {lv: "random" for lv in LEVELS}},
                                             "ra": {"2": {"expert": "ismcts:iters=9"}}}}  # fmt: skip
    monkeypatch.setattr(levels, "table", lambda: doc)
    assert levels.level_spec("expert", "ra", 2) == "ismcts:iters=9"
    assert levels.level_spec("expert", "ra", 3) == "random"
    assert levels.level_spec("hard", "ra", 2) == "random"


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_same_decisions(level):
    def run():
        s = heliopolis.new_game("ra", players=3)
        rng = random.Random(9)
        bots = [make_bot(f"{level}:iters=15", seed=40 + i) for i in range(3)]
        moves = []
        while not s.is_terminal() and len(moves) < 25:
            if s.is_chance_node():
                s.apply_action(heliopolis.sample_chance(s, rng))
                continue
            a = bots[s.current_player()].step(s.resample_from_infostate(s.current_player(), rng))
            moves.append(a)
            s.apply_action(a)
        return moves

    assert run() == run()


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_decides_exactly_as_its_raw_spec(level):
    """Delegation adds nothing: a level sees what it is given and no more than its raw spec would."""
    for game_id in SHIPPED:
        s = _decision_state(game_id, 2)
        raw = levels.with_budget(levels.level_spec(level, game_id, 2), {"iters": "12"})
        assert make_bot(f"{level}:iters=12", seed=5).step(s.clone()) == make_bot(raw, seed=5).step(s.clone())


# -- honesty on the hidden-card game (it has no heuristic, so its levels search with random rollouts) --
SECRET = {lv: spec for lv, spec in zip(LEVELS, ["ismcts:iters=10,rollout=random,depth=0",
                                                 "mcts:iters=30,rollout=random,depth=0",
                                                 "ismcts:iters=30,rollout=random,depth=0",
                                                 "ismcts:iters=60,rollout=random,depth=0"])}  # fmt: skip


@pytest.fixture
def secret_levels(monkeypatch):
    doc = json.loads(json.dumps(levels.table()))
    doc["specs"]["secret"] = {"*": SECRET}
    monkeypatch.setattr(levels, "table", lambda: doc)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_cannot_read_the_hidden_card(level, secret_levels):
    a = heliopolis.new_game("secret", players=2)
    b = heliopolis.new_game("secret", players=2)
    a.apply_action(a.string_to_action("card:1"))
    b.apply_action(b.string_to_action("card:3"))
    assert a.information_state_string(1) == b.information_state_string(1)
    assert make_bot(level, seed=5).step(a) == make_bot(level, seed=5).step(b)
    wins = sum(play_match("secret", {}, ["random", level], seed=i)["winners"] == [1] for i in range(120))
    assert 0.2 < wins / 120 < 0.47  # an omniscient guesser would win every game


def test_lobby_labels_show_a_rating_only_for_the_spec_it_measured(tmp_path, monkeypatch):
    path = tmp_path / "levels.json"
    doc = json.loads(levels.data_path().read_text(encoding="utf-8"))
    doc["ratings"] = {}  # without the shipped ratings: what the test finds is what it wrote
    path.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(levels, "data_path", lambda: path)
    levels.table.cache_clear()
    try:
        assert levels.lobby_labels(("random", "expert"), "ra", 3) == {"random": "Random", "expert": "Expert"}
        spec = levels.level_spec("expert", "ra", 3)
        row = {"spec": spec, "rating": 31.23, "low": 29.8, "high": 32.6, "games": 120}
        levels.update_ratings("ra", 3, {"expert": row}, source="runs/x")
        assert levels.rating_label("expert", "ra", 3) == "Expert — rating 31.2 ± 1.4"
        assert levels.rating_label("expert", "ra", 4) == "Expert"  # measured at 3 players only
        stale = {**row, "spec": "ismcts:iters=1"}
        levels.update_ratings("ra", 3, {"expert": stale}, source="runs/y")
        assert levels.rating_label("expert", "ra", 3) == "Expert"  # the level plays another spec now
        with pytest.raises(ConfigError, match="not a level"):
            levels.update_ratings("ra", 3, {"random": row}, source="runs/z")
    finally:
        levels.table.cache_clear()

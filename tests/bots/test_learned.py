"""Learned evaluators: public features, the shipped model, the eval= search option, training."""

from __future__ import annotations

import json
import math
import random

import pytest

import heliopolis
from heliopolis.bots import make_bot
from heliopolis.bots.learned import (
    features_module,
    forward,
    learned_evaluator,
    load_model,
)
from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import load_game

GAMES_WITH_FEATURES = ["ra", "ra-dice", "helios", "men-nefer"]
MAX_PLAYERS = {"ra": 5, "ra-dice": 4, "helios": 4, "men-nefer": 4}


def _positions(game_id: str, players: int, seed: int, every: int = 7, **options):
    rng = random.Random(seed)
    s = load_game(game_id, players, **options).new_initial_state()
    out = []
    i = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        i += 1
        if i % every == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game_id", GAMES_WITH_FEATURES)
@pytest.mark.parametrize("players", [2, 3, "max"])
def test_features_are_public_and_do_not_change_the_state(game_id: str, players: int | str) -> None:
    """Every seat's determinization (all it may know, hidden parts redrawn) gives the same features,
    so no feature reads a secret; computing them changes nothing."""
    players = MAX_PLAYERS[game_id] if players == "max" else players
    assert isinstance(players, int)
    module = features_module(game_id)
    rng = random.Random(1)
    # a game of Helios or Men-Nefer has hundreds of decisions: sample sparser there
    every = 7 if game_id.startswith("ra") else 19
    for s in _positions(game_id, players, seed=players, every=every):
        before = s.information_state_string(0)
        feats = module.features(s)
        assert len(feats) == players and all(len(f) == len(module.FEATURE_NAMES) for f in feats)
        assert all(math.isfinite(v) for f in feats for v in f)
        assert 0 <= module.bucket(s) < module.BUCKETS
        for seat in range(players):
            assert module.features(s.resample_from_infostate(seat, rng)) == feats
        assert s.information_state_string(0) == before


def test_ra_features_ignore_what_hidden_scores_hide_from_the_view() -> None:
    """With hidden scores the others' points are off the table view but follow from the public
    history; the features equal those of the same history replayed with open scores."""
    for s in _positions("ra", 3, seed=11, every=23):
        open_game = load_game("ra", 3, hidden_scores=False).new_initial_state()
        for a in s.history():
            open_game.apply_action(a)
        assert features_module("ra").features(open_game) == features_module("ra").features(s)


@pytest.mark.parametrize("game_id", GAMES_WITH_FEATURES)
def test_shipped_models_load_from_the_package_and_predict_points_per_seat(game_id: str) -> None:
    """Every game ships a model for every player count, read with importlib.resources (never
    downloaded), small, trained on the game's current features; it predicts one plausible final
    score per seat on random-play positions."""
    from importlib import resources

    from heliopolis.bots.learned import DATA_PACKAGE, weights_name

    path = resources.files(DATA_PACKAGE).joinpath(weights_name(game_id))
    assert len(path.read_bytes()) < 5_000_000
    doc = load_model(game_id)
    counts = range(2, MAX_PLAYERS[game_id] + 1)
    assert set(doc["nets"]) == {str(n) for n in counts} and doc["target"] == "final points"
    assert doc["features"] == list(features_module(game_id).FEATURE_NAMES)
    assert all(len(doc["nets"][str(n)]) == features_module(game_id).BUCKETS for n in counts)
    evaluate = learned_evaluator(game_id)
    for players in counts:
        for s in _positions(game_id, players, seed=5, every=97 if game_id.startswith("ra") else 151):
            values = evaluate(s)
            assert len(values) == players and all(math.isfinite(v) and -60 < v < 200 for v in values)


def test_a_missing_or_stale_model_is_a_config_error(monkeypatch) -> None:
    import heliopolis.bots.learned as learned

    monkeypatch.setattr(learned, "_MODELS", {})
    monkeypatch.setattr(learned, "weights_name", lambda game_id: f"learned-{game_id}-missing.json")
    with pytest.raises(ConfigError, match="no learned evaluator is shipped for 'helios'.*train-evaluator helios"):
        learned_evaluator("helios")
    monkeypatch.setattr(learned, "weights_name", lambda game_id: "learned-ra.json")  # Ra's weights for Helios
    with pytest.raises(ConfigError, match="trained on other features"):
        learned_evaluator("helios")
    with pytest.raises(ConfigError, match="no feature function"):
        features_module("no-such-game")


def test_forward_is_a_relu_network() -> None:
    layers = [{"w": [[1.0, -1.0], [0.5, 0.5]], "b": [0.0, -10.0]}, {"w": [[2.0, 3.0]], "b": [1.0]}]
    assert forward(layers, [4.0, 1.0]) == 2.0 * 3.0 + 3.0 * 0.0 + 1.0  # second unit clipped at 0
    assert forward([{"w": [[2.0, 1.0]], "b": [0.5]}], [1.0, -3.0]) == -0.5  # a linear output is not clipped


def test_eval_option_of_search_bots() -> None:
    s = heliopolis.new_game("ra", players=3)
    rng = random.Random(2)
    while s.is_chance_node() or len(s.legal_actions()) < 2:
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else s.legal_actions()[0])
    a = make_bot("ismcts:iters=30,depth=5,eval=learned", seed=4).step(s)
    assert a in s.legal_actions()
    assert a == make_bot("ismcts:iters=30,depth=5,eval=learned", seed=4).step(s)  # same seed, same decision
    make_bot("mcts:iters=30,eval=heuristic", seed=1).step(s)
    with pytest.raises(ConfigError, match="heuristic or learned"):
        make_bot("ismcts:eval=oracle")
    with pytest.raises(ConfigError, match="depth"):
        make_bot("ismcts:depth=0,eval=learned")

    # the rollout search (the hard and expert levels) takes the same option
    a = make_bot("rollout:iters=40,depth=10,eval=learned", seed=4).step(s)
    assert a in s.legal_actions() and a == make_bot("rollout:iters=40,depth=10,eval=learned", seed=4).step(s)
    with pytest.raises(ConfigError, match="heuristic or learned"):
        make_bot("rollout:eval=oracle")


@pytest.mark.parametrize("game_id", ["ra-dice", "helios", "men-nefer"])
def test_rollout_search_with_the_learned_evaluator_plays_every_game(game_id: str) -> None:
    rng = random.Random(3)
    s = heliopolis.new_game(game_id, players=3)
    while s.is_chance_node() or len(s.legal_actions()) < 2:
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else s.legal_actions()[0])
    spec = "rollout:iters=24,depth=8,eval=learned"
    a = make_bot(spec, seed=2).step(s)
    assert a in s.legal_actions() and a == make_bot(spec, seed=2).step(s)


def test_training_runs_end_to_end_and_is_deterministic(tmp_path) -> None:
    pytest.importorskip("numpy")
    from click.testing import CliRunner

    from heliopolis.cli import main

    def train(tag: str, kind: str) -> tuple[bytes, dict]:
        out = tmp_path / tag
        args = ["train-evaluator", "ra", "-p", "2,3", "-n", "12", "--holdout", "4", "--positions", "6", "--model", kind,
                "--data", str(tmp_path / "data"), "--results", str(out), "--model-out", str(out / "m.json"),
                "-w", "1", "--seed", "3", "--no-plot"]  # fmt: skip
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert "held-out RMSE" in result.output
        return (out / "m.json").read_bytes(), json.loads((out / "heldout.json").read_text())

    model, summary = train("a", "linear")
    assert model == train("b", "linear")[0]  # same data and seed: the same weights
    mlp = train("c", "mlp")[0]
    assert mlp == train("d", "mlp")[0]
    doc = json.loads(model)
    assert set(doc["nets"]) == {"2", "3"} and len(doc["nets"]["2"]) == features_module("ra").BUCKETS
    assert len(json.loads(mlp)["nets"]["3"][0]) == 2  # hidden and output layer
    assert set(summary["heldout"]["2"]) >= {"learned", "heuristic", "heuristic_calibrated"}
    assert (tmp_path / "a" / "curve.csv").read_text().startswith("players,model,train_games")
    for s in _positions("ra", 2, seed=9, every=40):  # the written file evaluates like the shipped one
        b = features_module("ra").bucket(s)
        for x in features_module("ra").features(s):
            assert math.isfinite(forward(doc["nets"]["2"][b], x))


def test_training_refuses_bad_arguments(tmp_path) -> None:
    pytest.importorskip("numpy")
    from heliopolis.arena.learn import train_evaluator

    with pytest.raises(ConfigError, match="holdout"):
        train_evaluator("ra", [2], 10, 10, tmp_path, None, None)
    with pytest.raises(ConfigError, match="model"):
        train_evaluator("ra", [2], 10, 2, tmp_path, None, None, kind="forest")
    with pytest.raises(ConfigError, match="unknown game 'no-such-game'"):  # checked before any game is played
        train_evaluator("no-such-game", [2], 10, 2, tmp_path, None, None)


@pytest.mark.slow
def test_training_writes_the_learning_curve_plot(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    from heliopolis.arena.learn import train_evaluator

    train_evaluator("ra", [2], 12, 4, tmp_path / "data", tmp_path / "r", None, positions=6, workers=1, progress=False)
    assert (tmp_path / "r" / "curve.png").stat().st_size > 1000

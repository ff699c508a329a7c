"""Gymnasium adapter: ``gymnasium.utils.env_checker.check_env`` for every game and configuration,
registration as ``heliopolis/<Name>-v0``, bots in the other seats, illegal actions, seeding."""

from __future__ import annotations

import warnings

import pytest

gym = pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import heliopolis  # noqa: E402
from heliopolis.core.errors import ConfigError, IllegalActionError  # noqa: E402
from heliopolis.integrations import gymnasium as hg  # noqa: E402
from heliopolis.integrations.encoding import games_with_observer  # noqa: E402
from tests.integrations.cases import CASES, options, require_observer  # noqa: E402


@pytest.mark.parametrize(("game_id", "cfg"), CASES)
def test_check_env(game_id, cfg):
    require_observer(game_id)
    hg.register_envs()
    players, opts = options(cfg)
    opponents = ["heuristic"] + ["random"] * (players - 2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gym.make(hg.env_id(game_id), players=players, seat="random", opponents=opponents, **opts)
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught], "check_env warned"
    assert env.unwrapped.game.config() == heliopolis.load_game(game_id, players, **opts).config()


def test_every_game_is_registered():
    ids = hg.register_envs()
    assert "heliopolis/Ra-v0" in ids and len(ids) == len(games_with_observer())
    assert all(i in gym.registry for i in ids)
    env = gym.make("heliopolis.integrations.gymnasium:heliopolis/Ra-v0", players=2)
    assert env.unwrapped.game.players == 2


def _episode(env, seed):
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    total, steps = 0.0, 0
    while True:
        assert obs["action_mask"].tolist() == info["action_mask"].tolist()
        assert np.flatnonzero(obs["action_mask"]).tolist() == env.unwrapped.engine_state.legal_actions()
        assert env.unwrapped.engine_state.current_player() == info["seat"]
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


def test_an_episode_against_bots_ends_with_the_seats_return():
    env = gym.make("heliopolis/Ra-v0", players=3, opponents=["random", "heuristic"], seat=2)
    total, steps, info = _episode(env, seed=3)
    assert steps > 5 and info["seat"] == 2
    assert total == (1.0 if info["winners"] == [2] else 0.0)
    again = _episode(env, seed=3)  # the same seed replays the same episode (chance, bots, samples)
    assert again[:2] == (total, steps) and again[2]["scores"] == info["scores"]


def test_opponents_may_be_levels():
    env = gym.make("heliopolis/Ra-v0", players=3, opponents=["easy", "medium"], seat=0)
    total, steps, info = _episode(env, seed=4)
    assert steps > 5 and _episode(env, seed=4)[2]["scores"] == info["scores"]
    with pytest.raises(ConfigError, match="valid levels: easy, medium, hard, expert"):
        hg.HeliopolisEnv("ra", players=2, opponents="expert:iters=-3")


def test_random_seat_is_drawn_per_episode():
    env = hg.HeliopolisEnv("ra", players=4, seat="random")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert len(seats) > 1


def test_illegal_action_ends_the_episode_or_raises():
    env = hg.HeliopolisEnv("ra", players=2)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[-1])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    env = hg.HeliopolisEnv("ra", players=2, illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(illegal)


def test_bad_arguments_are_config_errors():
    with pytest.raises(ConfigError, match="opponent bot specs"):
        hg.HeliopolisEnv("ra", players=3, opponents=["random"])
    with pytest.raises(ConfigError):
        hg.HeliopolisEnv("ra", players=2, opponents="nosuchbot")
    with pytest.raises(ConfigError, match="seat must be"):
        hg.HeliopolisEnv("ra", players=2, seat=2)
    with pytest.raises(ConfigError, match="takes 3 to 5 players"):
        hg.HeliopolisEnv("ra", players=2, edition="1999")

"""PettingZoo adapter: ``pettingzoo.test.api_test`` and ``seed_test`` for every game and configuration,
parameters kept across ``reset``, and observations that keep other seats' secrets."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the [rl] extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import heliopolis  # noqa: E402
from heliopolis.core.errors import IllegalActionError  # noqa: E402
from heliopolis.core.observation import NoObserverError  # noqa: E402
from heliopolis.core.registry import register  # noqa: E402
from heliopolis.integrations.pettingzoo import env  # noqa: E402
from tests.integrations.cases import CASES, options, require_observer  # noqa: E402

# Every env with dict observations gets these two advisory warnings from api_test (PettingZoo's own
# classic envs are on an allow-list for them); anything else would be a real finding.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@pytest.mark.parametrize(("game_id", "cfg"), CASES)
def test_api_and_seed_tests(game_id, cfg):
    require_observer(game_id)
    players, opts = options(cfg)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players, **opts), num_cycles=1000)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected, unexpected
    seed_test(lambda: env(game_id, players=players, **opts), num_cycles=500)


@pytest.mark.parametrize(("game_id", "cfg"), CASES)
def test_parameters_survive_reset(game_id, cfg):
    require_observer(game_id)
    players, opts = options(cfg)
    e = env(game_id, players=players, **opts)
    config = heliopolis.load_game(game_id, players, **opts).config()
    for seed in (None, 1, 2):
        e.reset(seed=seed, options={"players": 99})  # reset options never change the game
        assert e.game.config() == config
        assert e.agents == [f"player_{p}" for p in range(players)]
        assert e.engine_state.game.config() == config


def _play(e, seed):
    e.reset(seed=seed)
    for i, a in enumerate(e.possible_agents):
        e.action_space(a).seed(seed + i)
    seen = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            seen.append((agent, reward))
            e.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert legal.tolist() == e.engine_state.legal_actions()
        e.step(int(e.action_space(agent).sample(mask)))
    return seen


def test_a_full_game_rewards_the_winner_and_is_seeded():
    e = env("ra", players=3, edition="1999")
    first = _play(e, seed=7)
    assert sorted(r for _, r in first) == [0.0, 0.0, 1.0]
    history = e.engine_state.history()
    assert _play(e, seed=7) == first and e.engine_state.history() == history
    assert _play(env("ra", players=3, edition="1999"), seed=7) == first


def test_observations_are_per_seat_and_hide_other_scores():
    e = env("ra", players=3)
    e.reset(seed=4)
    while e.engine_state.epoch == 1:  # play until epoch 1 is scored
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    layout = e.engine_state.game.make_observer().layout()
    a, b, _ = layout["points_known"]
    for p, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"][a:b].tolist() == [1.0 if q == p else 0.0 for q in range(3)]
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        if agent != e.agent_selection:
            assert not obs["action_mask"].any()
    assert e.state()[-3:].tolist() == [1.0, 1.0, 1.0]  # the omniscient state shows every score


def test_illegal_actions_raise():
    e = env("ra", players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[-1]))


def test_a_game_without_encoder_is_refused():
    register("secret", "tests.bots.secret_game:SecretGame")
    with pytest.raises(NoObserverError):
        env("secret", players=2)

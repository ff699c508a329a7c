"""The batched self-play env (``integrations.vector``) plays exactly what single PettingZoo envs play:
the same observations, masks, seats and end-of-game rewards for the same seeds and actions, across
automatic restarts; an illegal action changes nothing."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the [rl] extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy")

from heliopolis.core.errors import IllegalActionError  # noqa: E402
from heliopolis.integrations.pettingzoo import env as aec_env  # noqa: E402
from heliopolis.integrations.vector import VectorEnv  # noqa: E402


def _drain_and_restart(e) -> None:  # noqa: ANN001
    """Steps the finished agents out of a single env and starts its next game with the same RNG."""
    while e.agents:
        e.step(None)
    e.reset()


@pytest.mark.parametrize(
    ("game_id", "players"), [("ra", 2), ("ra", 3), ("ra-dice", 2), ("helios", 2), ("men-nefer", 3)]
)
def test_vector_env_matches_single_envs(game_id: str, players: int) -> None:
    num, seed, steps = 3, 11, {"ra": 700, "ra-dice": 500, "helios": 500, "men-nefer": 400}[game_id]
    venv = VectorEnv(game_id, num_envs=num, players=players)
    singles = [aec_env(game_id, players=players) for _ in range(num)]
    for i, e in enumerate(singles):
        e.reset(seed=seed + i)
    obs, mask, seat = venv.reset(seed=seed)
    assert obs.shape == (num, venv.observation_size) and obs.dtype == np.float32
    assert mask.shape == (num, venv.num_actions) and mask.dtype == np.int8
    rng = random.Random(5)
    ended = 0
    for _ in range(steps):
        actions = []
        for i, e in enumerate(singles):
            agent = e.agent_selection
            single = e.observe(agent)
            assert seat[i] == e._seat[agent]
            assert np.array_equal(obs[i], single["observation"])
            assert np.array_equal(mask[i], single["action_mask"])
            assert np.all(venv.observation_low <= obs[i]) and np.all(obs[i] <= venv.observation_high)
            legal = np.flatnonzero(mask[i])
            actions.append(int(legal[rng.randrange(len(legal))]))
        obs, mask, seat, returns, done = venv.step(np.asarray(actions))
        for i, e in enumerate(singles):
            e.step(actions[i])
            if e.terminations[e.possible_agents[0]]:
                assert done[i]
                assert returns[i].tolist() == [e.rewards[a] for a in e.possible_agents]
                ended += 1
                _drain_and_restart(e)
            else:
                assert not done[i] and not returns[i].any()
    assert ended >= 1  # the restarts were exercised


def test_illegal_action_changes_nothing() -> None:
    venv = VectorEnv("ra", num_envs=2, players=3)
    obs, mask, seat = venv.reset(seed=1)
    histories = [s.history() for s in venv.states]
    legal0 = int(np.flatnonzero(mask[0])[0])
    illegal1 = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 1"):
        venv.step([legal0, illegal1])
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step([legal0])
    assert [s.history() for s in venv.states] == histories
    assert np.array_equal(venv._mask, mask) and np.array_equal(venv._obs, obs)
    obs2, mask2, seat2 = venv.reset(seed=1)
    assert np.array_equal(obs, obs2) and np.array_equal(mask, mask2) and np.array_equal(seat, seat2)

"""The observation hook every adapter relies on (no optional library needed)."""

from __future__ import annotations

import random

import pytest

import heliopolis
from heliopolis.core.observation import (
    INFORMATION_STATE,
    OBSERVATION,
    NoObserverError,
    ObservationType,
)
from heliopolis.core.registry import register
from heliopolis.integrations.encoding import game_configs, games_with_observer, has_observer, scalar_options
from tests.integrations.cases import CASES, options, require_observer

TYPES = [
    OBSERVATION, INFORMATION_STATE,
    ObservationType(private="none"), ObservationType(private="all"),
    ObservationType(public=False), ObservationType(public=False, private="all"),
    ObservationType(private="none", perfect_recall=True), ObservationType(public=False, perfect_recall=True),
]  # fmt: skip


@pytest.mark.parametrize(("game_id", "cfg"), CASES)
def test_encoder_shapes_bounds_and_determinism(game_id, cfg):
    require_observer(game_id)
    players, opts = options(cfg)
    game = heliopolis.load_game(game_id, players, **opts)
    observers = [game.make_observer(t) for t in TYPES]
    assert game.make_observer(OBSERVATION) is observers[0]  # cached
    for o in observers:
        assert o.size == sum(p.size for p in o.pieces)
        stops = [stop for _, stop, _ in o.layout().values()]
        assert stops == sorted(stops) and (not stops or stops[-1] == o.size)
    bounds = [o.bounds() for o in observers]
    rng = random.Random(players)
    state = game.new_initial_state()
    step = 0
    while True:
        # The two everyday types for every seat at every node; the others at every 5th node.
        for i, o in enumerate(observers if step % 5 == 0 else observers[:2]):
            low, high = bounds[i]
            for seat in range(players):
                v = o.tensor(state, seat)
                assert len(v) == o.size and all(isinstance(x, float) for x in v)
                bad = [(j, x) for j, (lo, x, hi) in enumerate(zip(low, v, high)) if not lo <= x <= hi]
                assert not bad, (o.obs_type, bad[:3])
                assert isinstance(o.string(state, seat), str)
        if step % 25 == 0:
            copy = state.clone()
            assert all(o.tensor(copy, 0) == o.tensor(state, 0) and o.string(copy, 0) == o.string(state, 0)
                       for o in observers)  # fmt: skip
        if state.is_terminal():
            break
        state.apply_action(heliopolis.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))  # fmt: skip
        step += 1
    buf = [0.0] * (observers[0].size + 3)
    observers[0].encode_into(state, 0, buf)
    assert buf[: observers[0].size] == observers[0].tensor(state, 0)
    assert state.observation_tensor(0) == observers[0].tensor(state, 0)
    assert state.observation_string(0, INFORMATION_STATE) == observers[1].string(state, 0)


@pytest.mark.parametrize("game_id", heliopolis.available_games())
def test_every_real_game_has_an_encoder_and_configurations(game_id):
    require_observer(game_id)
    assert game_configs(game_id)
    assert game_id in games_with_observer()
    for name, value in scalar_options(game_id).items():
        assert isinstance(value, (bool, int, float, str)), name


def test_a_game_without_encoder_is_refused_clearly():
    register("secret", "tests.bots.secret_game:SecretGame")  # the bot tests' hidden-card double
    assert not has_observer("secret")
    assert "secret" not in games_with_observer()
    with pytest.raises(NoObserverError, match="no observation encoder: add tests/bots/observation.py"):
        heliopolis.load_game("secret").make_observer()
    with pytest.raises(NotImplementedError):
        heliopolis.new_game("secret", players=2).observation_tensor(0)


def test_private_information_follows_the_options():
    assert heliopolis.load_game("ra", 3).has_private_information()
    assert not heliopolis.load_game("ra", 3, hidden_scores=False).has_private_information()

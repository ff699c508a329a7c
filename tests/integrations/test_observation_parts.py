"""The adapters' fast observation path (``ArrayObserver`` over ``Observer.part_keys`` /
``encode_part``, each part cached per key) gives exactly the reference ``tensor``, and the keys
carry no hidden information."""

from __future__ import annotations

import random

import pytest

import heliopolis
from heliopolis.core.observation import OBSERVATION, ObservationType
from heliopolis.games.ra.phases import B_POINTS
from tests.integrations.test_observation import TYPES

np = pytest.importorskip("numpy")
from heliopolis.integrations.encoding import ArrayObserver, game_configs  # noqa: E402

# Every game has an observer with parts; every configuration of each.
PART_GAMES = ("ra", "ra-dice", "helios", "men-nefer")
PART_CONFIGS = [(g, c) for g in PART_GAMES for c in game_configs(g)]


def _playout(state, rng: random.Random):  # noqa: ANN001, ANN202
    """Yields every state of one random game (chance included), then stops at the end."""
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("game_id", "cfg"),
    PART_CONFIGS,
    ids=lambda c: c if isinstance(c, str) else "-".join(f"{k}={v}" for k, v in c.items()),
)
def test_cached_parts_equal_the_reference_tensor_on_random_playouts(game_id, cfg):
    cfg = dict(cfg)
    game = heliopolis.load_game(game_id, cfg.pop("players"), **cfg)
    n = game.players
    observers = [ArrayObserver(game, t) for t in TYPES]
    rng = random.Random(repr(cfg))
    for _ in range(2):
        for state in _playout(game.new_initial_state(), rng):
            for o in observers:
                assert o.observer.part_keys(state, 0) is not None
                for seat in range(n):
                    fast = o.array(state, seat)
                    ref = np.asarray(o.observer.tensor(state, seat), dtype=np.float32)
                    assert fast.dtype == np.float32 and fast.shape == (o.size,)
                    assert np.array_equal(fast, ref), (o.observer.obs_type, seat)


def test_part_keys_hold_no_hidden_points():
    """With hidden scores a seat's observation (keys and array) does not change when another seat's
    points do, until the end of the game."""
    game = heliopolis.load_game("ra", 4)
    assert game.hidden_scores
    obs = ArrayObserver(game, OBSERVATION)
    everyone = ArrayObserver(game, ObservationType(private="all"))
    rng = random.Random(7)
    checked = 0
    for state in _playout(game.new_initial_state(), rng):
        if state.is_terminal() or rng.random() > 0.2:
            continue
        for seat in range(4):
            other = (seat + 1) % 4
            keys, arr, arr_all = (
                obs.observer.part_keys(state, seat),
                obs.array(state, seat),
                everyone.array(state, seat),
            )
            twin = state.clone()
            twin._board()[B_POINTS + other] += 37
            assert obs.observer.part_keys(twin, seat) == keys
            assert np.array_equal(obs.array(twin, seat), arr)
            assert not np.array_equal(everyone.array(twin, seat), arr_all)  # the omniscient one does see it
            checked += 1
    assert checked > 20

"""The adapters' fast observation path (``ArrayObserver`` over ``Observer.part_keys`` /
``encode_part``, each part cached per key or, for a board, re-encoded when it changed) gives exactly
the reference ``tensor`` in every game, and the keys carry no hidden information."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# Ra and Ra Dice: every seat compared at every state of two games. Helios and Men-Nefer (whose
# reference tensor costs about a millisecond): the fast path still runs for every seat at every
# state, and one seat per state (in turn) is compared with the reference; the slow soak compares all.
LIGHT = ("ra", "ra-dice")


def _check_playouts(game_id: str, cfg: dict, games: int, every_seat: bool) -> int:
    cfg = dict(cfg)
    game = heliopolis.load_game(game_id, cfg.pop("players"), **cfg)
    n = game.players
    observers = [ArrayObserver(game, t) for t in TYPES]
    rng = random.Random(repr((game_id, cfg)))
    compared = 0
    for _ in range(games):
        for step, state in enumerate(_playout(game.new_initial_state(), rng)):
            for o in observers:
                assert o.observer.part_keys(state, 0) is not None
                for seat in range(n):
                    fast = o.array(state, seat)
                    assert fast.dtype == np.float32 and fast.shape == (o.size,)
                    if every_seat or seat == step % n:
                        ref = np.asarray(o.observer.tensor(state, seat), dtype=np.float32)
                        assert np.array_equal(fast, ref), (o.observer.obs_type, seat, step)
                        compared += 1
    return compared


@pytest.mark.parametrize(
    ("game_id", "cfg"),
    PART_CONFIGS,
    ids=lambda c: c if isinstance(c, str) else "-".join(f"{k}={v}" for k, v in c.items()),
)
def test_cached_parts_equal_the_reference_tensor_on_random_playouts(game_id, cfg):
    light = game_id in LIGHT
    assert _check_playouts(game_id, cfg, games=2 if light else 1, every_seat=light) > 50


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PART_GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_parts_soak(game_id, players):
    assert _check_playouts(game_id, {"players": players}, games=10, every_seat=True) > 500


def _states(game_id: str, players: int, seed: int, count: int) -> list:  # noqa: ANN001
    """``count`` states (clones) picked at random along random games of one configuration."""
    game = heliopolis.load_game(game_id, players)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        for state in _playout(game.new_initial_state(), rng):
            if rng.random() < 0.02:
                out.append(state.clone())
                if len(out) == count:
                    break
    return out


@settings(max_examples=25, deadline=None)
@given(
    game_id=st.sampled_from(PART_GAMES),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    seats=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    type_index=st.integers(0, len(TYPES) - 1),
)
def test_any_sequence_of_calls_gives_the_reference(game_id, players, seed, seats, type_index):
    """The fast path's result does not depend on what it encoded before: unrelated states (from
    different games and seats, in any order) each give exactly the reference tensor."""
    states = _states(game_id, players, seed, 4)
    o = ArrayObserver(heliopolis.load_game(game_id, players), TYPES[type_index])
    for state, seat in zip(states, seats):
        seat %= players
        ref = np.asarray(o.observer.tensor(state, seat), dtype=np.float32)
        assert np.array_equal(o.array(state, seat), ref)


def test_men_nefer_keys_ignore_the_unseen_supply():
    """The face-down part of Men-Nefer's action-tile supply (below its face-up top) is hidden: the
    order of what lies there changes no seat's keys or observation."""
    game = heliopolis.load_game("men-nefer", 3)
    obs = ArrayObserver(game, OBSERVATION)
    rng = random.Random(3)
    checked = 0
    for state in _playout(game.new_initial_state(), rng):
        if state.is_terminal() or len(state.supply_seq) < 2 or rng.random() > 0.1:
            continue
        twin = state.clone()
        twin.supply_seq = state.supply_seq[::-1]
        for seat in range(3):
            assert obs.observer.part_keys(twin, seat) == obs.observer.part_keys(state, seat)
            assert np.array_equal(obs.array(twin, seat), obs.array(state, seat))
        checked += 1
    assert checked > 3


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

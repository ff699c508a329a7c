"""The adapters on a game with real private information: Kuhn poker written against the Heliopolis
protocol (``tests/integrations/kuhn``, registered only for these tests). OpenSpiel's full-tree API test
knows Kuhn poker's exact node counts (4 chance, 24 decision, 30 terminal; 12 perfect-recall
information states), so it checks the adapter against known values; the other checkers run on it
as on Ra."""

from __future__ import annotations

import io
import random
import unittest
import warnings

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (open_spiel) is not installed")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo", reason="the [rl] extra (pettingzoo) is not installed")
gym = pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")

import heliopolis  # noqa: E402
from heliopolis.core.testing import check_game  # noqa: E402
from heliopolis.integrations import openspiel as hos  # noqa: E402

Info = pyspiel.GameType.Information


def _run(test_case_class) -> None:
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(test_case_class)
    out = io.StringIO()
    result = unittest.TextTestRunner(stream=out, verbosity=2).run(suite)
    assert result.wasSuccessful() and result.testsRun >= 5, out.getvalue()


def test_the_double_is_a_conforming_heliopolis_game(kuhn):
    check_game(kuhn, players=2, playouts=10)


def test_openspiel_random_sim_and_full_tree_api_test(kuhn):
    hos.register_games([kuhn])
    game = hos.load_game(kuhn, players=2)
    assert game.get_type().information == Info.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    from open_spiel.integration_tests import api_test

    # The full-tree suite (its expected numbers are those of "kuhn_poker") and the partial-tree one.
    _run(type("FullTreeKuhn", (api_test.EnforceAPIOnFullTreeBase,), {"game": game, "game_name": "kuhn_poker"}))
    _run(type("PartialTreeKuhn", (api_test.EnforceAPIOnPartialTreeBase,), {"game": game, "game_name": str(game)}))


def test_private_cards_in_the_private_view_only(kuhn):
    from open_spiel.python.observation import make_observation

    game = hos.load_game(kuhn)
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0: J (outcome 0 = card:J)
    state.apply_action(2)  # seat 1: K (outcome 2 = card:K)
    # OpenSpiel's strings are the encoder's (information state = its perfect-recall string).
    assert state.information_state_string(0) == "p0 card0:J bets:"
    assert state.information_state_string(1) == "p1 card1:K bets:"
    assert state.observation_string(1) == "p1 card1:K pot[1 1]"
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))  # fmt: skip
    assert [private.string_from(state, p) for p in (0, 1)] == ["card0:J", "card1:K"]
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))  # fmt: skip
    assert public.string_from(state, 0) == public.string_from(state, 1) == "pot[1 1]"


def test_resampling_redraws_the_hidden_card_and_replays_the_history(kuhn):
    game = hos.load_game(kuhn)
    state = game.new_initial_state()
    for a in (1, 0, 1):  # seat 0: Q, seat 1: J, seat 0 bets
        state.apply_action(a)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = set()
    for _ in range(30):
        sample = state.resample_from_infostate(1, sampler)
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.history() == [a - 2 if i < 2 else a for i, a in enumerate(sample.engine.history())]
        seen.add(sample.engine.cards[0])
    assert seen == {1, 2}  # seat 1 holds J: seat 0 may hold Q or K


def test_openspiel_ismcts_plays_kuhn(kuhn):
    from open_spiel.python.algorithms import ismcts, mcts

    game = hos.load_game(kuhn)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 50, random_state=rs)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rs.choice(actions, p=probs)))
            else:
                state.apply_action(int(bot.step(state)))
        assert sorted(state.returns()) == [0.0, 1.0]


def test_pettingzoo_and_gymnasium_checkers(kuhn):
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, seed_test

    from heliopolis.integrations import gymnasium as hg
    from heliopolis.integrations.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(kuhn), num_cycles=100)
    seed_test(lambda: env(kuhn), num_cycles=100)
    e = env(kuhn)
    e.reset(seed=3)
    card = e.engine_state.cards
    obs = [e.observe(a)["observation"] for a in e.possible_agents]
    assert [int(np.argmax(o[2:5])) for o in obs] == card  # each seat sees its own card only
    assert hg.register_envs([kuhn]) == ["heliopolis/Kuhn-v0"]
    check_env(gym.make("heliopolis/Kuhn-v0", opponents="random").unwrapped)
    rng = random.Random(0)
    wins = 0
    genv = hg.HeliopolisEnv(kuhn, seat="random")
    for s in range(20):
        obs, info = genv.reset(seed=s)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, r, term, trunc, info = genv.step(int(rng.choice(legal)))
            done = term or trunc
        wins += r
    assert 0 < wins < 20
    assert heliopolis.new_game(kuhn).observation_string(0) == "p0 pot[1 1]"

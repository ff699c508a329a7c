"""OpenSpiel adapter: ``pyspiel.random_sim_test`` for every game and configuration, observers that
honour ``iig_obs_type``, game strings, resampling, and OpenSpiel's own ISMCTS and MCTS bots playing."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (open_spiel) is not installed")
np = pytest.importorskip("numpy")

import heliopolis  # noqa: E402
from heliopolis.core.observation import NoObserverError  # noqa: E402
from heliopolis.core.registry import register  # noqa: E402
from heliopolis.integrations import openspiel as hos  # noqa: E402
from tests.integrations.cases import CASES, options, require_observer  # noqa: E402

Info = pyspiel.GameType.Information


@pytest.mark.parametrize(("game_id", "cfg"), CASES)
def test_random_sim_test(game_id, cfg):
    require_observer(game_id)
    game = hos.load_game(game_id, **cfg)
    players, opts = options(cfg)
    engine = heliopolis.load_game(game_id, players, **opts)
    assert game.num_players() == players
    assert game.get_type().short_name == hos.game_name(game_id)
    expected = Info.IMPERFECT_INFORMATION if engine.has_private_information() else Info.PERFECT_INFORMATION
    assert game.get_type().information == expected
    # Two random games on a game's default options at each player count (and edition), one on each
    # option variant (it differs from those in one rule: one game through the adapter shows the
    # adapter takes it; a second game added half a minute of the suite and nothing the default's do not).
    edition = {k: v for k, v in opts.items() if k == "edition"}
    default = engine.config() == heliopolis.load_game(game_id, players, **edition).config()
    pyspiel.random_sim_test(game, num_sims=2 if default else 1, serialize=True, verbose=False)
    # The game string round trip keeps every parameter (what a saved OpenSpiel game relies on).
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.engine.config() == engine.config()


def test_registration_names_parameters_and_types():
    names = hos.register_games()
    assert hos.register_games() == names  # idempotent
    assert "python_heliopolis_ra" in names and "python_heliopolis_ra" in pyspiel.registered_names()
    game = pyspiel.load_game("python_heliopolis_ra")
    assert game.num_players() == 3 and game.get_type().information == Info.IMPERFECT_INFORMATION
    assert game.get_parameters() == {"players": 3, "edition": 2009, "hidden_scores": True}
    game = pyspiel.load_game("python_heliopolis_ra(players=4,edition=1999,hidden_scores=False)")
    assert game.engine.config() == {"players": 4, "edition": "1999", "hidden_scores": False, "suns": None}
    assert game.get_type().information == Info.PERFECT_INFORMATION
    assert hos.load_game("ra", players=3, edition="1999").engine.edition == "1999"
    assert game.num_distinct_actions() == 54 and game.max_chance_outcomes() == 28
    assert game.max_utility() == 1.0 and game.utility_sum() == 1.0
    with pytest.raises(Exception, match="takes 3 to 5 players"):
        hos.load_game("ra", players=2, edition=1999)
    with pytest.raises(RuntimeError):  # pyspiel.SpielError; a wrongly typed parameter is refused, never reinterpreted
        hos.load_game("ra", players=3, hidden_scores="false")


def test_chance_outcomes_are_shifted_into_openspiels_range():
    game = hos.load_game("ra", players=2)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    engine = state.engine.chance_outcomes()
    assert outcomes == [(a - 54, p) for a, p in engine] and outcomes[0][0] == 23  # stack:1 = 77
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 23) == "stack:1"
    state.apply_action(23)
    assert state.engine.history() == [77] and state.history() == [23]
    assert state.legal_actions() == [0, 1] and state.action_to_string(state.current_player(), 0) == "draw"
    state.apply_action(0)
    assert state.is_chance_node() and state.chance_outcomes()[0] == (0, 30 / 180)  # tile:ra = 0


def test_observers_honour_iig_obs_type_and_hide_other_scores():
    from open_spiel.python.observation import make_observation

    game = hos.load_game("ra", players=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.engine.epoch == 1 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    pts = state.engine.points
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))  # fmt: skip
    assert private.string_from(state, seat) == f"points p{seat}={pts[seat]}"
    private.set_from(state, seat)
    assert set(private.dict) == {"player", "points", "points_known"}
    assert list(private.dict["points_known"]) == [1.0 if q == seat else 0.0 for q in range(3)]
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))  # fmt: skip
    public.set_from(state, seat)
    assert not public.dict["points_known"].any() and "points ?,?,?" in public.string_from(state, seat)
    # The defaults: observation = public + own secrets; information state = perfect recall.
    obs = np.asarray(state.observation_tensor(seat))
    assert obs.shape == (game.observation_tensor_size(),)
    assert state.information_state_string(seat) == state.engine.information_state_string(seat)
    assert state.observation_string(seat).endswith(",".join(str(pts[q]) if q == seat else "?" for q in range(3)))
    info = np.asarray(state.information_state_tensor(seat))
    assert info[-3:].tolist() == [1.0, 1.0, 1.0]  # everyone's points are known with perfect recall


def test_resample_from_infostate_keeps_the_information_state():
    game = hos.load_game("ra", players=3)
    state = game.new_initial_state()
    for a in [23, 24, 0, 0]:  # stack:1, stack:2 (seat 2 takes the last), draw, a Ra tile
        state.apply_action(a)
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.history() == state.history() and str(sample) == str(state)
    sample.apply_action(sample.legal_actions()[0])
    assert len(state.history()) == 4  # independent copies


def test_openspiel_ismcts_and_mcts_play_a_full_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = hos.load_game("ra", players=2)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs),
            mcts.MCTSBot(game, 2.0, 8, evaluator, solve=False, random_state=rs)]  # fmt: skip
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
            decisions += 1
    assert decisions > 10 and sorted(state.returns()) == [0.0, 1.0]
    assert state.engine.is_terminal() and state.engine.winners() == [state.returns().index(1.0)]


def test_a_game_without_encoder_is_not_registered_and_refused_by_name():
    register("secret", "tests.bots.secret_game:SecretGame")
    assert "python_heliopolis_secret" not in hos.register_games()
    with pytest.raises(NoObserverError, match="no observation encoder"):
        hos.load_game("secret", players=2)

"""The root rollout search (``rollout:`` specs, the expert's algorithm): specs, budget,
determinism, honesty and legal play in every game."""

import random

import pytest

import heliopolis
from heliopolis.arena import play_match
from heliopolis.bots import make_bot
from heliopolis.bots.rollout import RolloutBot
from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import register

register("secret", "tests.bots.secret_game:SecretGame")


def _midgame(game_id: str, players: int, seed: int, plies: int = 40) -> heliopolis.State:
    """A position after ``plies`` random actions, at a seat with a real choice."""
    s = heliopolis.new_game(game_id, players=players)
    rng = random.Random(seed)
    n = 0
    while True:
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, rng))
            continue
        if n >= plies and len(s.legal_actions()) > 1:
            return s
        s.apply_action(rng.choice(s.legal_actions()))
        n += 1


@pytest.mark.parametrize(
    ("spec", "needle"),
    [("rollout:iters=0", "positive"), ("rollout:iters=x", "must be a number"), ("rollout:reward=score", "margin, mean or win"),
     ("rollout:depth=-3", "positive"), ("rollout:width=0", "positive"), ("rollout:bias=-1", "not be negative"),
     ("rollout:bias=big", "must be a number"), ("rollout:c=1", "unknown parameter"), ("rollout:time=0", "positive"),
     ("rollout:cut=epoch", "depth or period")],
)  # fmt: skip
def test_bad_rollout_specs_are_refused(spec, needle):
    with pytest.raises(ConfigError, match=needle):
        make_bot(spec)


def test_spec_parameters_reach_the_bot():
    bot = make_bot("rollout:iters=123,depth=end,reward=win,temp=3,width=5,bias=0.5", seed=1)
    assert isinstance(bot, RolloutBot)
    assert (bot.iters, bot.depth, bot.reward, bot.temperature, bot.width, bot.bias) == (123, None, "win", 3.0, 5, 0.5)
    assert bot.horizon is None and make_bot("rollout:cut=period").horizon is not None
    timed = make_bot("rollout:time=0.2")
    assert timed.iters is None and timed.time_limit == 0.2


@pytest.mark.parametrize("iters", [7, 40, 101])
def test_iteration_budget_is_respected(iters):
    state = _midgame("ra", 3, seed=3)
    bot = make_bot(f"rollout:iters={iters}", seed=2)
    bot.step(state)
    k = min(len(state.legal_actions()), bot.width)
    # At least one simulation per candidate action; never more than the budget beyond that.
    assert k <= bot.last_iterations <= max(iters, k)
    if iters >= 4 * k:
        assert bot.last_iterations >= iters * 0.8  # halving rounds spend (almost) all of it


@pytest.mark.parametrize("game_id", ["ra", "ra-dice", "helios", "men-nefer"])
def test_same_seed_same_iterations_same_decisions(game_id):
    states = [_midgame(game_id, 3, seed=s, plies=25 + 10 * s) for s in range(3)]
    a = make_bot("rollout:iters=40", seed=9)
    b = make_bot("rollout:iters=40", seed=9)
    assert [a.step(s.clone()) for s in states] == [b.step(s.clone()) for s in states]


def test_the_state_passed_in_is_not_changed():
    s = _midgame("ra", 4, seed=5)
    before = s.clone()
    make_bot("rollout:iters=30", seed=1).step(s)
    assert s == before


def test_a_period_cut_stops_simulations_when_the_epoch_ends():
    """With cut=period a simulation is evaluated at the end of the epoch it started in."""
    seen = []

    def evaluate(s):
        seen.append(s.epoch)
        return [0.0] * s.n

    from heliopolis.bots.heuristic import policy_for

    s = _midgame("ra", 3, seed=1)
    bot = RolloutBot(evaluate, policy_for(s), seed=1, iters=12, depth=10_000, horizon=lambda x: x.epoch)
    bot.step(s.clone())
    assert seen and all(e == s.epoch + 1 for e in seen)


def _secret_bot(seed: int) -> RolloutBot:
    """The secret test game has no heuristics module: a random policy and the final scores."""
    return RolloutBot(lambda s: [float(x) for x in s.scores()], lambda s, rng: rng.choice(s.legal_actions()),
                      seed=seed, iters=60, depth=None)  # fmt: skip


@pytest.mark.parametrize("seed", range(5))
def test_same_information_same_decision(seed):
    """Given the REAL state (hidden card included), the bot still decides only from what seat 1 knows."""
    a = heliopolis.new_game("secret", players=2)
    b = heliopolis.new_game("secret", players=2)
    a.apply_action(a.string_to_action("card:1"))
    b.apply_action(b.string_to_action("card:3"))
    assert _secret_bot(seed).step(a) == _secret_bot(seed).step(b)


def test_rollout_bot_cannot_read_the_hidden_card():
    wins = 0
    games = 150
    for i in range(games):
        s = heliopolis.new_game("secret", players=2)
        rng = random.Random(i)
        s.apply_action(heliopolis.sample_chance(s, rng))
        s.apply_action(_secret_bot(i).step(s))  # the real state: only resampling keeps it honest
        wins += s.winners() == [1]
    assert 0.2 < wins / games < 0.47  # an omniscient guesser would win 100 %


@pytest.mark.parametrize(
    ("game_id", "players", "spec"),
    [("ra", 2, "rollout:iters=12,depth=8"), ("ra", 5, "rollout:iters=10,depth=400,cut=period"),
     ("ra-dice", 4, "rollout:iters=12,depth=40,cut=period,reward=mean"), ("helios", 2, "rollout:iters=12,depth=8"),
     ("men-nefer", 3, "rollout:iters=8,depth=8,cut=period,reward=win")],
)  # fmt: skip
def test_rollout_bot_plays_legal_moves_to_the_end(game_id, players, spec):
    bots = [spec] + ["heuristic"] * (players - 1)
    rec = play_match(game_id, {"players": players}, bots, seed=4)
    assert rec["winners"] and rec["decisions"] > 0

"""Game-agnostic heuristic bot: the game's ``heuristics.choose`` policy when it has one,
otherwise a one-ply lookahead on the game's ``heuristics.evaluate``.

Search bots simulate with ``policy_for``: the game's ``heuristics.rollout`` when it has one (a
cheaper policy for when ``choose`` itself searches), else ``choose``, else the one-ply lookahead.

For each legal action it applies the action to a copy, averages ``evaluate`` over the chance
outcomes that follow (one level), and keeps the action that maximises its own value minus the
best opponent's. Per-game knowledge lives only in the heuristics module the game's spec names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

from heliopolis.bots.base import SeededBot
from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import State
from heliopolis.core.spec import part

Evaluator = Callable[[State], list[float]]


_MODULES: dict[type, ModuleType] = {}  # game class -> its heuristics module (the spec is read once per class)


def _heuristics(state: State) -> ModuleType:
    """The heuristics module the game's ``GameSpec`` names (``games/<id>/heuristics.py``)."""
    game = state.game
    module = _MODULES.get(type(game))
    if module is None:
        module = part(game.spec(), "heuristics")
        if module is None:
            raise ConfigError(error_msg("errors.bot.no_heuristics", game=repr(game.info.game_id)))
        _MODULES[type(game)] = module
    return module


def evaluator_for(state: State) -> Evaluator:
    return _heuristics(state).evaluate


def horizon_for(state: State) -> Callable[[State], object]:
    """The game's scoring period (``heuristics.horizon``: the epoch, round or era number), where a
    rollout may stop and be evaluated; a game without one has a single period (the whole game)."""
    return getattr(_heuristics(state), "horizon", None) or (lambda s: 0)


def policy_for(state: State) -> Callable[[State, random.Random], int]:
    """The game's simulation policy: its ``rollout``, else its ``choose``, else a greedy one-ply
    policy on its evaluation."""
    module = _heuristics(state)
    policy = getattr(module, "rollout", None) or getattr(module, "choose", None)
    if policy is not None:
        return policy
    bot = HeuristicBot()
    return lambda s, rng: bot.step(s)


def margin(values: list[float], player: int) -> float:
    best_other = max(v for q, v in enumerate(values) if q != player)
    return values[player] - best_other


def expected_values(state: State, evaluate: Evaluator) -> list[float]:
    if not state.is_chance_node():
        return evaluate(state)
    total = None
    for outcome, p in state.chance_outcomes():
        child = state.clone()
        child.apply_action(outcome)
        vals = evaluate(child)
        total = [p * v for v in vals] if total is None else [t + p * v for t, v in zip(total, vals)]
    return total or evaluate(state)


class HeuristicBot(SeededBot):
    """Greedy on the game's evaluation; ties broken by its own seeded RNG. With ``eps`` > 0 it
    plays a uniformly random legal action with probability ``eps`` (a weaker level), drawn from
    the same RNG."""

    def __init__(self, seed: int | None = None, eps: float = 0.0) -> None:
        super().__init__(seed)
        self.eps = eps

    def step(self, state: State) -> int:
        if self.eps and self.rng.random() < self.eps:
            legal = state.legal_actions()
            return legal[self.rng.randrange(len(legal))]
        policy = getattr(_heuristics(state), "choose", None)
        if policy is not None:  # the game's own rule-of-thumb policy
            return policy(state, self.rng)
        player = state.current_player()
        evaluate = evaluator_for(state)
        best, best_actions = None, []
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            score = margin(expected_values(child, evaluate), player)
            if best is None or score > best + 1e-9:
                best, best_actions = score, [a]
            elif abs(score - best) <= 1e-9:
                best_actions.append(a)
        return best_actions[self.rng.randrange(len(best_actions))]

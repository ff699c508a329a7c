"""Game-agnostic decision helpers for a game's ``heuristics`` module (bots import games, not the
other way round, so what a game's own policy shares with other games lives here).

``turn_lookahead`` is for games whose turn is a chain of small decisions (take a tile, choose a slot,
pay resource by resource, walk step by step): most links change nothing an evaluation sees until the
chain completes, so a one-ply greedy choice is blind exactly where it matters. Each candidate is
followed by greedy one-ply choices of the same seat until its turn is over, and the position reached
is evaluated.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from heliopolis.core.game import State

Evaluate = Callable[[State[Any]], list[float]]


def margin(values: list[float], seat: int) -> float:
    """A seat's value minus the best other seat's."""
    return values[seat] - max(v for q, v in enumerate(values) if q != seat)


def greedy_action(state: State[Any], seat: int, evaluate: Evaluate) -> int:
    """The legal action whose child evaluates best for ``seat`` (first of equals)."""
    best, best_action = None, -1
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        score = margin(evaluate(child), seat)
        if best is None or score > best:
            best, best_action = score, a
    return best_action


def seat_changed(state: State[Any], seat: int) -> bool:
    return state.current_player() != seat


def finish_turn(state: State[Any], seat: int, evaluate: Evaluate, limit: int,
                turn_over: Callable[[State[Any], int], bool] = seat_changed) -> None:  # fmt: skip
    """Plays ``seat``'s greedy choices in place until its turn is over, a chance node or the end,
    or ``limit`` decisions (single legal actions are taken without evaluating)."""
    for _ in range(limit):
        if state.is_terminal() or state.is_chance_node() or turn_over(state, seat):
            return
        legal = state.legal_actions()
        state.apply_action(legal[0] if len(legal) == 1 else greedy_action(state, seat, evaluate))


def turn_lookahead(state: State[Any], rng: random.Random, evaluate: Evaluate, *, limit: int = 12,
                   turn_over: Callable[[State[Any], int], bool] = seat_changed) -> int:  # fmt: skip
    """The candidate whose turn, finished greedily, evaluates best (own value minus the best
    opponent's); ties broken by ``rng``."""
    seat = state.current_player()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    best, best_actions = None, []
    for a in legal:
        child = state.clone()
        child.apply_action(a)
        finish_turn(child, seat, evaluate, limit, turn_over)
        score = margin(evaluate(child), seat)
        if best is None or score > best + 1e-9:
            best, best_actions = score, [a]
        elif abs(score - best) <= 1e-9:
            best_actions.append(a)
    return best_actions[rng.randrange(len(best_actions))]

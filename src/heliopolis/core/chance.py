"""Chance is sampled by the driver, never by the state (OpenSpiel's explicit-stochastic model)."""

from __future__ import annotations

import random
from typing import Any

from heliopolis.core.game import State


def sample_chance(state: State[Any], rng: random.Random | Any) -> int:
    """Samples one outcome of ``state``'s chance node with the driver's ``rng``.

    ``rng`` is a ``random.Random`` (or anything with ``random()`` and ``randrange()``). The same
    seed and the same history give the same outcome on any machine.
    """
    if not state.is_chance_node():
        raise ValueError("sample_chance called on a state that is not a chance node")
    return state.sample_chance_outcome(rng)


def play_random(state: State[Any], rng: random.Random) -> State[Any]:
    """Plays ``state`` to the end with uniformly random legal actions (in place); returns it."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state

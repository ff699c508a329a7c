"""Bot protocol and the uniform random bot."""

from __future__ import annotations

import random
from typing import Protocol

from heliopolis.core.errors import ConfigError
from heliopolis.core.game import State


class Bot(Protocol):
    """OpenSpiel-style bot. A bot decides from what its seat may know."""

    def step(self, state: State) -> int: ...
    def restart(self) -> None: ...
    def inform_action(self, state: State, player: int, action: int) -> None: ...


class RandomBot:
    """Chooses uniformly among the legal actions with its own seeded RNG."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]

    def restart(self) -> None:
        self.rng = random.Random(self.seed)

    def inform_action(self, state: State, player: int, action: int) -> None:
        pass


_BOTS = {"random": RandomBot}


def make_bot(spec: str, *, seed: int | None = None) -> Bot:
    """Builds a bot from a spec string such as ``"random"``."""
    name = spec.strip().lower().partition(":")[0] if isinstance(spec, str) else None
    if name not in _BOTS:
        raise ConfigError(f"unknown bot spec {spec!r}; valid: {', '.join(sorted(_BOTS))}")
    return _BOTS[name](seed=seed)

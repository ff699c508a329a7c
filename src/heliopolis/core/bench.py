"""Engine throughput measurement: random playouts (games/s, player actions/s) and clone cost.

Used by ``heliopolis bench`` and ``bench/``. Chance nodes are sampled with the state's exact
sampler and counted separately; "player actions" are decisions made by seats.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from heliopolis.core.game import Game, State


@dataclass(frozen=True)
class BenchResult:
    games: int
    player_actions: int
    chance_actions: int
    seconds: float
    clone_us: float
    build: str = ""  #: which build of the engines ran: "compiled (mypyc)" or "pure (<why>)"

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.player_actions / self.seconds


def random_playouts(game: Game, seconds: float = 3.0, seed: int = 0) -> tuple[int, int, int, float]:
    """Plays uniformly random games for about ``seconds``; returns (games, player, chance, elapsed)."""
    rng = random.Random(seed)
    uniform = rng.random  # the driver's choice; random() is cheaper than randrange() per call
    games = player = chance = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                chance += 1
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(uniform() * len(legal))])
                player += 1
        games += 1
    return games, player, chance, clock() - start


def clone_cost_us(game: Game, samples: int = 200, repeat: int = 200, seed: int = 1) -> float:
    """Mean ``clone()`` time in microseconds over states sampled from random games."""
    rng = random.Random(seed)
    states: list[State[Any]] = []
    while len(states) < samples:
        s = game.new_initial_state()
        while not s.is_terminal():
            if rng.random() < 0.05:
                states.append(s.clone())
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
    states = states[:samples]
    clock = time.perf_counter
    start = clock()
    for _ in range(repeat):
        for s in states:
            s.clone()
    return (clock() - start) / (samples * repeat) * 1e6


def run_bench(game: Game, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    games, player, chance, elapsed = random_playouts(game, seconds, seed)
    from heliopolis._native import install

    return BenchResult(games, player, chance, elapsed, clone_cost_us(game), install())

#!/usr/bin/env python3
"""Ra engine benchmark: random-playout throughput and clone cost, with same-run baselines.

Prints, per player count: games/s, player actions/s, chance actions/s and clone µs, and two ratios
measured in the same run so that figures compare across machines:

* ``clone vs deepcopy``: ``copy.deepcopy(state)`` time / ``state.clone()`` time;
* ``vs target``: player actions/s / 500 000 (the foundation issue's target at 4 players, i.e. 2x
  the ~245 k actions/s reported for the public Python Ra engine on a 2-core CI-like machine).

Usage: ``python bench/bench_ra.py [--seconds S] [--players 2,3,4,5]``
"""

from __future__ import annotations

import argparse
import copy
import random
import time

import heliopolis
from heliopolis.core.bench import clone_cost_us, random_playouts

TARGET_ACTIONS_PER_S = 500_000


def deepcopy_cost_us(game, samples: int = 50, seed: int = 1) -> float:
    rng = random.Random(seed)
    states = []
    s = game.new_initial_state()
    while len(states) < samples:
        if s.is_terminal():
            s = game.new_initial_state()
        states.append(s.clone())
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    start = time.perf_counter()
    for st in states:
        copy.deepcopy(st)
    return (time.perf_counter() - start) / samples * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--edition", default="2009")
    args = ap.parse_args()
    print(f"{'players':>7} {'games/s':>9} {'actions/s':>11} {'chance/s':>10} {'clone µs':>9} "
          f"{'deepcopy µs':>12} {'clone vs deepcopy':>18} {'vs target':>10}")  # fmt: skip
    for n in map(int, args.players.split(",")):
        game = heliopolis.load_game("ra", n, edition=args.edition)
        games, player, chance, secs = random_playouts(game, args.seconds)
        clone = clone_cost_us(game)
        deep = deepcopy_cost_us(game)
        aps = player / secs
        print(f"{n:>7} {games / secs:>9,.0f} {aps:>11,.0f} {chance / secs:>10,.0f} {clone:>9.2f} "
              f"{deep:>12.1f} {deep / clone:>17.0f}x {aps / TARGET_ACTIONS_PER_S:>9.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()

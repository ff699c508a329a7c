#!/usr/bin/env python3
"""Decision time of the search levels: median and p99 seconds per decision, wall clock and CPU.

Positions are sampled from heuristic games (only decisions with a choice). For each spec it
prints the per-decision median and p99 of wall-clock and process CPU seconds and the mean
simulations per decision, beside the engine's random-playout actions/s measured in the same run
(the baseline), so the figures compare across machines. On a shared machine the CPU columns are
the ones that say what one free core would take.

Usage: ``python bench/bench_expert.py [--game ra] [--players 4] [--positions 40]
[--specs rollout:iters=800,rollout:iters=200]``
"""

from __future__ import annotations

import argparse
import statistics
import time

import heliopolis
from heliopolis.bots import make_bot, split_specs
from heliopolis.core.bench import random_playouts

try:
    from bench_bots import positions
except ImportError:  # run from the repository root
    from bench.bench_bots import positions  # type: ignore[no-redef]


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.99 * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra", choices=heliopolis.available_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", help="Ra edition (1999 or 2009)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--specs", default="rollout:iters=800,rollout:iters=200,ismcts")
    args = ap.parse_args()
    opts = {"edition": args.edition} if args.edition else {}
    game = heliopolis.load_game(args.game, args.players, **opts)
    c0 = time.process_time()
    _, actions, _, secs = random_playouts(game, 2.0)
    base = actions / max(1e-9, time.process_time() - c0)  # per CPU second: comparable on a busy machine
    print(
        f"{game.info.name} {args.players}p {opts or ''} · baseline random playouts: {base:,.0f} player actions "
        f"per CPU second ({actions / secs:,.0f} per wall second)"
    )
    states = positions(args.game, args.players, args.positions, options=opts)
    print(f"{'spec':<34} {'wall med':>9} {'wall p99':>9} {'cpu med':>9} {'cpu p99':>9} {'sims':>7}  (seconds)")
    for spec in split_specs(args.specs):
        bot = make_bot(spec, seed=1)
        wall, cpu, sims = [], [], []
        for s in states:
            w0, c0 = time.perf_counter(), time.process_time()
            bot.step(s.clone())
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
            sims.append(getattr(bot, "last_iterations", 0))
        print(f"{spec:<34} {statistics.median(wall):9.3f} {_p99(wall):9.3f} {statistics.median(cpu):9.3f} "
              f"{_p99(cpu):9.3f} {statistics.mean(sims):7.0f}   (cpu med = {statistics.median(cpu) * base:,.0f} "
              f"baseline actions)")  # fmt: skip


if __name__ == "__main__":
    main()

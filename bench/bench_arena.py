#!/usr/bin/env python3
"""Arena scaling: games/s against the number of workers, for the local process pool and Ray.

Plays the same seeded simulation (heuristic bots) with 1, 2, ... workers and prints games/s and
the speed-up over one worker measured in the same run. The records are compared too: every
configuration must produce identical games.

Usage: ``python bench/bench_arena.py [--games 400] [--players 4] [--workers 1,2] [--ray]``
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from heliopolis.arena import run_arena

VOLATILE = ("seconds", "think_seconds")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--ray", action="store_true", help="also run on a local Ray runtime")
    args = ap.parse_args()
    configs = [("local", int(w)) for w in args.workers.split(",")]
    if args.ray:
        configs += [("ray", int(w)) for w in args.workers.split(",")]
    base = None
    reference = None
    print(f"{'backend':<8} {'workers':>7} {'games/s':>9} {'speed-up':>9}  identical")
    with tempfile.TemporaryDirectory() as tmp:
        for backend, workers in configs:
            out = Path(tmp) / f"{backend}-{workers}"
            start = time.perf_counter()
            recs = run_arena("simulation", "ra", args.players, ["heuristic"], args.games, out, seed=1,
                             workers=workers, backend=backend, progress=False)  # fmt: skip
            rate = args.games / (time.perf_counter() - start)
            stable = [{k: v for k, v in r.items() if k not in VOLATILE} for r in recs]
            reference = reference or stable
            base = base or rate
            print(f"{backend:<8} {workers:>7} {rate:>9,.1f} {rate / base:>8.2f}x  {stable == reference}")


if __name__ == "__main__":
    main()

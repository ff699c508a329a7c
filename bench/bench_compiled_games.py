#!/usr/bin/env python3
"""Issue 17's figures for several games, compiled vs pure build side by side, in one run.

A sibling of ``bench/bench_compiled.py`` (Ra): each build runs in its own subprocess
(``HELIOPOLIS_PURE=1`` for the pure one), builds alternating for ``--rounds`` rounds so that both
see the same machine load. Printed: the best round of each build and their ratio, and beside them
the median [range] of the per-round ratios (each round's two builds ran back to back, so that ratio
is less exposed to load drifting during the run). Per game and build:

* random playouts, player actions/s (driver ``core.bench.random_playouts``, compiled with the
  engines in the compiled build), the same per CPU second (``time.process_time``: far less exposed
  to other jobs on a loaded machine) and driven by an interpreted loop (a bot's rollout);
* ``clone()`` µs (``core.bench.clone_cost_us``) and CPU µs;
* default ISMCTS simulations/s on positions from heuristic games (``--positions 0`` skips it);
* the game's actions/s ÷ Ra's actions/s in the same build and process, wall clock and CPU time
  (Ra is always measured, as the baseline of the issue's "Helios / Men-Nefer ÷ Ra (pure builds)"
  rows); the median round.

Usage: ``python bench/bench_compiled_games.py [--games ra-dice men-nefer] [--players 3] [--seconds 2]
[--rounds 3] [--positions 4]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_compiled import clone_cpu_us, interpreted_playouts, ismcts_sims_per_s  # noqa: E402  (the sibling script)

BASELINE = "ra"


def worker(args: argparse.Namespace) -> None:
    import heliopolis
    from heliopolis._native import BUILD
    from heliopolis.core.bench import clone_cost_us, random_playouts

    out: dict[str, object] = {"build": BUILD}
    for game_id in [BASELINE, *args.games]:
        if game_id in out:
            continue
        game = heliopolis.load_game(game_id, args.players)
        cpu = time.process_time()
        _, player, _, secs = random_playouts(game, args.seconds)
        cpu = time.process_time() - cpu
        fig = {
            "actions_per_s": player / secs,
            "actions_per_cpu_s": player / cpu,  # CPU time: far less exposed to other jobs' load
            "interpreted_driver_actions_per_s": interpreted_playouts(game, args.seconds),
            "clone_us": clone_cost_us(game),
            "clone_cpu_us": clone_cpu_us(game),
        }
        if args.positions and game_id != BASELINE:
            fig["ismcts_sims_per_s"] = ismcts_sims_per_s(game_id, args.players, args.positions, args.search_seconds)
        out[game_id] = fig
    for game_id in args.games:  # in the same process and round as the baseline: one load for both
        out[game_id]["vs_ra"] = out[game_id]["actions_per_s"] / out[BASELINE]["actions_per_s"]  # type: ignore[index]
        out[game_id]["vs_ra_cpu"] = out[game_id]["actions_per_cpu_s"] / out[BASELINE]["actions_per_cpu_s"]  # type: ignore[index]
    print(json.dumps(out))


def run_build(pure: bool, argv: list[str]) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("HELIOPOLIS_PURE", None)
    if pure:
        env["HELIOPOLIS_PURE"] = "1"
    done = subprocess.run([sys.executable, __file__, "--worker", *argv], env=env, capture_output=True, text=True,
                          check=True)  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


LOWER_IS_BETTER = {"clone_us", "clone_cpu_us"}
RATIOS = {"vs_ra", "vs_ra_cpu"}  # within one process: the median round, not the best
ROWS = [
    ("random playouts, player actions/s", "actions_per_s", ",.0f"),
    ("  same, per CPU second", "actions_per_cpu_s", ",.0f"),
    ("  same, interpreted driver loop", "interpreted_driver_actions_per_s", ",.0f"),
    ("  actions/s ÷ Ra actions/s (same build)", "vs_ra", ".3f"),
    ("  same, per CPU second", "vs_ra_cpu", ".3f"),
    ("clone µs", "clone_us", ".2f"),
    ("  same, CPU µs", "clone_cpu_us", ".2f"),
    ("default ISMCTS simulations/s", "ismcts_sims_per_s", ",.0f"),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=["ra-dice", "men-nefer"])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="playout time per figure, game and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=4, help="ISMCTS positions per game (0: skip ISMCTS)")
    ap.add_argument("--search-seconds", type=float, default=0.25, help="ISMCTS time per position")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    argv = ["--games", *args.games, f"--players={args.players}", f"--seconds={args.seconds}",
            f"--positions={args.positions}", f"--search-seconds={args.search_seconds}"]  # fmt: skip
    best: dict[bool, dict[str, dict[str, float]]] = {}
    builds: dict[bool, str] = {}
    ratios: dict[tuple[bool, str], list[float]] = {}
    paired: dict[tuple[str, str], list[float]] = {}  # (game, figure) -> compiled / pure per round
    for _ in range(args.rounds):
        this_round: dict[bool, dict[str, object]] = {}
        for pure in (True, False):
            r = this_round[pure] = run_build(pure, argv)
            builds[pure] = str(r.pop("build"))
            mine = best.setdefault(pure, {})
            for game_id, figs in r.items():
                b = mine.setdefault(game_id, dict(figs))  # type: ignore[arg-type]
                for k, v in figs.items():  # type: ignore[attr-defined]
                    if k in RATIOS:  # a ratio within one process: the median round, not the best
                        ratios.setdefault((pure, game_id, k), []).append(v)
                    b[k] = min(b[k], v) if k in LOWER_IS_BETTER else max(b[k], v)
        for game_id, figs in this_round[True].items():  # the two builds back to back: similar load
            for k, v in figs.items():  # type: ignore[attr-defined]
                paired.setdefault((game_id, k), []).append(this_round[False][game_id][k] / v)  # type: ignore[index]
    for (pure, game_id, k), values in ratios.items():
        best[pure][game_id][k] = statistics.median(values)
    print(f"{args.players} players · best of {args.rounds} alternating rounds, {args.seconds} s per figure · "
          f"pure: {builds[True]} · other: {builds[False]}")  # fmt: skip
    if not builds[False].startswith("compiled"):
        print("  (no compiled build is in use: build it with `make build` or `pip install -e .`)")
    for game_id in [BASELINE, *args.games]:
        if game_id == BASELINE and BASELINE in args.games:
            continue
        print(f"\n{game_id}{' (baseline)' if game_id == BASELINE else ''}")
        print(f"  {'figure':<40} {'pure':>12} {'compiled':>12} {'compiled/pure':>14} {'per round':>22}")
        for label, key, fmt in ROWS:
            if key not in best[True][game_id]:
                continue
            p, c = best[True][game_id][key], best[False][game_id][key]
            rounds = sorted(paired[game_id, key])
            spread = f"{statistics.median(rounds):.2f}x [{rounds[0]:.2f}-{rounds[-1]:.2f}]"
            print(f"  {label:<40} {p:>12{fmt}} {c:>12{fmt}} {c / p:>13.2f}x {spread:>22}")


if __name__ == "__main__":
    main()

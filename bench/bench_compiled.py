#!/usr/bin/env python3
"""Compiled vs pure build of the engines, side by side in one run (docs/compiled-build.md).

Each build runs in its own subprocess (``HELIOPOLIS_PURE=1`` for the pure one), alternating for
``--rounds`` rounds so that both see the same machine load; the best round of each is printed with
the ratio compiled / pure. Figures, per build:

* random playouts, player actions/s, driven by ``core.bench.random_playouts`` (compiled with the
  engines in the compiled build), per wall-clock second and per CPU second of the worker (the
  latter is steadier on a machine shared with other jobs: time spent waiting for a core is not
  counted);
* the same playouts driven by a loop in this (interpreted) script, as a bot's rollout drives them;
* ``clone()`` in µs (``core.bench.clone_cost_us``, and the same in CPU time);
* default ISMCTS (``make_bot("ismcts")``) simulations/s on positions from heuristic games.

With several games (``--game ra,helios``) every round runs each game in each build, and a last
table compares each game's random-playout rate (per CPU second) with the first game's, per build
(issue 17's "Helios actions/s ÷ Ra actions/s (pure builds)"), from the best round of each and per round.

Usage: ``python bench/bench_compiled.py [--game ra[,helios]] [--players 4] [--seconds 2] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time


def interpreted_playouts(game, seconds: float, seed: int = 0) -> float:  # noqa: ANN001
    """Player actions/s with the driver loop interpreted (what a bot's rollout pays)."""
    rng = random.Random(seed)
    player = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
                player += 1
    return player / (clock() - start)


def clone_cpu_us(game, samples: int = 200, repeat: int = 100, seed: int = 1) -> float:  # noqa: ANN001
    """Mean ``clone()`` CPU time in µs (``core.bench.clone_cost_us`` samples the same way, timed by
    the wall clock): states sampled from random games, each cloned ``repeat`` times."""
    rng = random.Random(seed)
    states = []
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
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            s.clone()
    return (time.process_time() - start) / (samples * repeat) * 1e6


def ismcts_sims_per_s(game_id: str, players: int, positions: int, seconds: float) -> float:
    from heliopolis.bots import make_bot
    from heliopolis.bots.heuristic import HeuristicBot

    rng = random.Random(0)
    heuristic = HeuristicBot(0)
    states = []
    while len(states) < positions:
        s = __import__("heliopolis").new_game(game_id, players=players)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            if rng.random() < 0.04 and len(s.legal_actions()) > 1:
                states.append(s.clone())
            s.apply_action(heuristic.step(s))
    bot = make_bot(f"ismcts:time={seconds}", seed=1)
    sims = 0
    for s in states[:positions]:
        bot.step(s.clone())
        sims += bot.last_iterations
    return sims / (seconds * positions)


def worker(args: argparse.Namespace) -> None:
    import heliopolis
    from heliopolis._native import BUILD
    from heliopolis.core.bench import clone_cost_us, random_playouts

    game = heliopolis.load_game(args.game, args.players)
    cpu = time.process_time()
    _, player, _, secs = random_playouts(game, args.seconds)
    cpu = time.process_time() - cpu
    out = {
        "build": BUILD,
        "actions_per_s": player / secs,
        "actions_per_cpu_s": player / cpu,
        "interpreted_driver_actions_per_s": interpreted_playouts(game, args.seconds),
        "clone_us": clone_cost_us(game),
        "clone_cpu_us": clone_cpu_us(game),
        "ismcts_sims_per_s": ismcts_sims_per_s(args.game, args.players, args.positions, args.search_seconds),
    }
    print(json.dumps(out))


def run_build(pure: bool, argv: list[str]) -> dict[str, float | str]:
    """One worker subprocess: the figures of one game in one build."""
    env = dict(os.environ)
    env.pop("HELIOPOLIS_PURE", None)
    if pure:
        env["HELIOPOLIS_PURE"] = "1"
    done = subprocess.run([sys.executable, __file__, "--worker", *argv], env=env, capture_output=True, text=True,
                          check=True)  # fmt: skip
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra", help="a game id, or several separated by commas (ra,helios)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=2.0, help="playout time per figure and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=6, help="ISMCTS positions")
    ap.add_argument("--search-seconds", type=float, default=0.25, help="ISMCTS time per position")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    games = args.game.split(",")
    best: dict[tuple[str, bool], dict[str, float | str]] = {}
    per_round: list[dict[tuple[str, bool], float]] = []
    for _ in range(args.rounds):
        this_round: dict[tuple[str, bool], float] = {}
        for pure in (True, False):
            for game in games:
                argv = [f"--game={game}", f"--players={args.players}", f"--seconds={args.seconds}",
                        f"--positions={args.positions}", f"--search-seconds={args.search_seconds}"]  # fmt: skip
                r = run_build(pure, argv)
                this_round[(game, pure)] = float(r["actions_per_cpu_s"])
                b = best.setdefault((game, pure), dict(r))
                for k, v in r.items():
                    if isinstance(v, float):
                        b[k] = min(float(b[k]), v) if k.startswith("clone") else max(float(b[k]), v)
        per_round.append(this_round)
    for game in games:
        print_game(game, args, best[(game, True)], best[(game, False)])
    if len(games) > 1:
        print_cross(games, best, per_round)


def print_game(game: str, args: argparse.Namespace, pure: dict[str, float | str], comp: dict[str, float | str]) -> None:
    print(f"{game} {args.players}p · best of {args.rounds} alternating rounds · pure: {pure['build']} · "
          f"other: {comp['build']}")  # fmt: skip
    if not str(comp["build"]).startswith("compiled"):
        print("  (no compiled build is in use: build it with `make build` or `pip install -e .`)")
    rows = [
        ("random playouts, player actions/s", "actions_per_s", ",.0f"),
        ("  same, per CPU second", "actions_per_cpu_s", ",.0f"),
        ("  same, interpreted driver loop", "interpreted_driver_actions_per_s", ",.0f"),
        ("clone µs", "clone_us", ".2f"),
        ("  same, CPU µs", "clone_cpu_us", ".2f"),
        ("default ISMCTS simulations/s", "ismcts_sims_per_s", ",.0f"),
    ]
    print(f"{'figure':<36} {'pure':>12} {'compiled':>12} {'compiled/pure':>14}")
    for label, key, fmt in rows:
        p, c = float(pure[key]), float(comp[key])
        print(f"{label:<36} {p:>12{fmt}} {c:>12{fmt}} {c / p:>13.2f}x")
    print()


def print_cross(games: list[str], best: dict[tuple[str, bool], dict[str, float | str]],
                per_round: list[dict[tuple[str, bool], float]]) -> None:  # fmt: skip
    base = games[0]
    print(f"random playouts, player actions per CPU second relative to {base} (same build, same run)")
    print(f"{'game':<12} {'pure':>8} {'compiled':>9}   per round (pure)")
    for game in games[1:]:
        ratio = {pure: float(best[(game, pure)]["actions_per_cpu_s"]) / float(best[(base, pure)]["actions_per_cpu_s"])
                 for pure in (True, False)}  # fmt: skip
        rounds = " ".join(f"{r[(game, True)] / r[(base, True)]:.2f}" for r in per_round)
        print(f"{game + ' ÷ ' + base:<12} {ratio[True]:>8.2f} {ratio[False]:>9.2f}   {rounds}")


if __name__ == "__main__":
    main()

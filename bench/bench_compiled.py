#!/usr/bin/env python3
"""Compiled vs pure build of the engines, side by side in one run (docs/compiled-build.md).

Each build runs in its own subprocess (``HELIOPOLIS_PURE=1`` for the pure one), alternating for
``--rounds`` rounds so that both see the same machine load; the best round of each is printed with
the ratio compiled / pure. Figures, per build:

* random playouts, player actions/s, driven by ``core.bench.random_playouts`` (compiled with the
  engines in the compiled build);
* the same playouts driven by a loop in this (interpreted) script, as a bot's rollout drives them;
* ``clone()`` in µs (``core.bench.clone_cost_us``);
* default ISMCTS (``make_bot("ismcts")``) simulations/s on positions from heuristic games.

With ``--baseline DIR`` a third build runs in the same rounds: the pure build of another source
tree (``DIR`` holds its ``heliopolis`` package, e.g. ``git archive <commit> src | tar -x -C /tmp/base``
then ``--baseline /tmp/base/src``), so that "compiled vs today" is measured in one run; ``--only``
limits the figures (e.g. ``--only ismcts``).

Usage: ``python bench/bench_compiled.py [--game ra] [--players 4] [--seconds 2] [--rounds 3] [--baseline DIR]``
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


def ismcts_sims_per_s(game_id: str, players: int, positions: int, seconds: float, iters: int = 0) -> float:
    """Default ISMCTS simulations/s: with ``iters`` a fixed budget per decision timed on the wall
    clock (the default bot's own kind of budget), else ``seconds`` of search per decision."""
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
    if iters:
        bot = make_bot(f"ismcts:iters={iters}", seed=1)
        start = time.perf_counter()
        for s in states[:positions]:
            bot.step(s.clone())
        return iters * positions / (time.perf_counter() - start)
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
    only = args.only.split(",") if args.only else list(FIGURES)
    out: dict[str, float | str] = {"build": BUILD}
    if "playouts" in only:
        _, player, _, secs = random_playouts(game, args.seconds)
        out["actions_per_s"] = player / secs
        out["interpreted_driver_actions_per_s"] = interpreted_playouts(game, args.seconds)
    if "clone" in only:
        out["clone_us"] = clone_cost_us(game)
    if "ismcts" in only:
        out["ismcts_sims_per_s"] = ismcts_sims_per_s(args.game, args.players, args.positions, args.search_seconds,
                                                     args.search_iters)  # fmt: skip
    print(json.dumps(out))


FIGURES = ("playouts", "clone", "ismcts")


def run_build(pure: bool, argv: list[str], src: str | None = None) -> dict[str, float | str]:
    env = dict(os.environ)
    env.pop("HELIOPOLIS_PURE", None)
    if pure:
        env["HELIOPOLIS_PURE"] = "1"
    if src:
        env["PYTHONPATH"] = os.path.abspath(src)
    done = subprocess.run([sys.executable, __file__, "--worker", *argv], env=env, capture_output=True, text=True,
                          check=True)  # fmt: skip
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=2.0, help="playout time per figure and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=6, help="ISMCTS positions")
    ap.add_argument("--search-seconds", type=float, default=0.25, help="ISMCTS time per position")
    ap.add_argument("--search-iters", type=int, default=0,
                    help="ISMCTS: a fixed iteration budget per position, timed (instead of --search-seconds)")
    ap.add_argument("--baseline", help="source dir of a baseline tree: its pure build runs as a third column")
    ap.add_argument("--only", help=f"comma-separated subset of {','.join(FIGURES)}")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args)
        return
    argv = [f"--game={args.game}", f"--players={args.players}", f"--seconds={args.seconds}",
            f"--positions={args.positions}", f"--search-seconds={args.search_seconds}",
            f"--search-iters={args.search_iters}"]  # fmt: skip
    if args.only:
        argv.append(f"--only={args.only}")
    builds = [("pure", True, None), ("compiled", False, None)]
    if args.baseline:  # the baseline's pure build, and its compiled build if it has one
        builds[:0] = [("baseline", True, args.baseline), ("baseline compiled", False, args.baseline)]
    best: dict[str, dict[str, float | str]] = {}
    for _ in range(args.rounds):
        for name, pure_build, src in builds:
            r = run_build(pure_build, argv, src)
            b = best.setdefault(name, dict(r))
            for k, v in r.items():
                if isinstance(v, float):
                    b[k] = min(float(b[k]), v) if k == "clone_us" else max(float(b[k]), v)
    pure, comp = best["pure"], best["compiled"]
    base = best.get("baseline")
    base_c = best.get("baseline compiled")
    if base_c is not None and not str(base_c["build"]).startswith("compiled"):
        base_c = None  # the baseline tree has no compiled build
    print(f"{args.game} {args.players}p · best of {args.rounds} alternating rounds · pure: {pure['build']} · "
          f"other: {comp['build']}")  # fmt: skip
    if not str(comp["build"]).startswith("compiled"):
        print("  (no compiled build is in use: build it with `make build` or `pip install -e .`)")
    rows = [
        ("random playouts, player actions/s", "actions_per_s", ",.0f"),
        ("  same, interpreted driver loop", "interpreted_driver_actions_per_s", ",.0f"),
        ("clone µs", "clone_us", ".2f"),
        ("default ISMCTS simulations/s", "ismcts_sims_per_s", ",.0f"),
    ]
    head = f"{'figure':<36} {'pure':>12} {'compiled':>12} {'compiled/pure':>14}"
    if base is not None:
        print(f"  baseline: pure build of {args.baseline}")
        head += f" {'baseline':>12} {'compiled/baseline':>18}"
        if base_c is not None:
            head += f" {'baseline-compiled':>18} {'compiled/b-compiled':>20}"
    print(head)
    for label, key, fmt in rows:
        if key not in comp:
            continue
        p, c = float(pure[key]), float(comp[key])
        line = f"{label:<36} {p:>12{fmt}} {c:>12{fmt}} {c / p:>13.2f}x"
        if base is not None:
            line += f" {float(base[key]):>12{fmt}} {c / float(base[key]):>17.2f}x"
            if base_c is not None:
                line += f" {float(base_c[key]):>18{fmt}} {c / float(base_c[key]):>19.2f}x"
        print(line)


if __name__ == "__main__":
    main()

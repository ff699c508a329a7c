#!/usr/bin/env python3
"""Compiled vs pure build of the engines, side by side in one run (docs/compiled-build.md).

Each build runs in its own subprocess (``HELIOPOLIS_PURE=1`` for the pure one), alternating for
``--rounds`` rounds so that both see the same machine load; the best round of each is printed with
the ratio compiled / pure. Figures, per build (``--only playouts,clone,ismcts`` limits them):

* ``playouts``: random playouts, player actions/s, driven by ``core.bench.random_playouts``
  (compiled with the engines in the compiled build), per wall-clock second and per CPU second of
  the worker (the latter is steadier on a machine shared with other jobs: time spent waiting for a
  core is not counted); and the same playouts driven by a loop in this (interpreted) script, as a
  bot's rollout drives them;
* ``clone``: ``clone()`` in µs (``core.bench.clone_cost_us``, and the same in CPU time);
* ``pettingzoo``: PettingZoo AEC steps per CPU second ÷ the engine's player actions per CPU second
  (issue 17's "PettingZoo steps/s ÷ raw engine steps/s"); its ceiling for any env written in Python
  (the engine driven from Python plus the benchmark's loop body, no env) and for any env at all
  (``x / (1 + x)``, ``x`` the loop body alone ÷ the engine: a step costs at least an engine action
  plus the loop): the rows of ``bench_adapters.py``, measured interleaved inside the worker (they need
  the ``[rl]`` extra: without it they are left out with a note, unless ``--only`` names them);
* ``ismcts``: default ISMCTS (``make_bot("ismcts")``) simulations/s on positions from heuristic
  games, ``--search-seconds`` of search per position, or with ``--search-iters N`` a fixed budget
  of N iterations per position timed on the wall clock (the default bot's own kind of budget).

With several games (``--game ra,helios``) every round runs each game in each build, and a last
table compares each game's random-playout rate (per CPU second) with the first game's, per build
(issue 17's "Helios actions/s ÷ Ra actions/s (pure builds)"), from the best round of each and per round.

With ``--baseline DIR`` the builds of another source tree run in the same rounds (``DIR`` holds its
``heliopolis`` package, e.g. ``git archive <commit> src | tar -x -C /tmp/base`` then
``--baseline /tmp/base/src``): its pure build, and its compiled build if DIR has one, as extra
columns with compiled ÷ baseline, so that "compiled vs today" is measured in one run.

Usage: ``python bench/bench_compiled.py [--game ra[,helios]] [--players 4] [--seconds 2] [--rounds 3]
[--only playouts,clone,ismcts,pettingzoo] [--search-seconds 0.25 | --search-iters N] [--positions 6] [--baseline DIR]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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


def ismcts_sims_per_s(game_id: str, players: int, positions: int, seconds: float, iters: int = 0) -> float:
    """Default ISMCTS simulations/s: with ``iters`` a fixed budget per decision timed on the wall
    clock, else ``seconds`` of search per decision (iterations counted by the bot)."""
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


FIGURES = ("playouts", "clone", "ismcts", "pettingzoo")


PZ_ROWS = ("engine", "pettingzoo", "engine + benchmark loop", "benchmark loop alone")


def pettingzoo_ratios(game_id: str, players: int, seconds: float, rounds: int = 2) -> dict[str, float]:
    """``bench_adapters``' engine, PettingZoo, "engine + benchmark loop" and "benchmark loop alone"
    rows, measured per CPU second in ``rounds`` interleaved rounds: the medians of the per-round
    ratios to the engine row (the loop alone turned into the any-env ceiling) and the best round's
    PettingZoo steps per CPU second."""
    import bench_adapters as ba  # this script's directory is on sys.path

    rows = [row for row in ba.ROWS if row[0] in PZ_ROWS]
    best, ratios = ba.measure(game_id, players, rows, seconds, rounds, cpu_clock=True)
    # a step costs at least an engine action plus the loop: x / (1 + x), x the loop ÷ the engine
    any_env = [x / (1 + x) for x in ratios["benchmark loop alone"]]
    return {
        "pz_steps_per_cpu_s": best["pettingzoo"],
        "pz_ratio": statistics.median(ratios["pettingzoo"]),
        "pz_ceiling_ratio": statistics.median(ratios["engine + benchmark loop"]),
        "pz_any_env_ceiling_ratio": statistics.median(any_env),
    }


def worker(args: argparse.Namespace) -> None:
    import heliopolis
    from heliopolis.core.bench import clone_cost_us, random_playouts

    try:
        from heliopolis._native import BUILD
    except ImportError:  # a baseline tree from before the compiled build
        BUILD = "pure (a tree without the compiled build)"

    game = heliopolis.load_game(args.game, args.players)
    only = args.only.split(",") if args.only else FIGURES
    out: dict[str, float | str] = {"build": BUILD}
    if "playouts" in only:
        cpu = time.process_time()
        _, player, _, secs = random_playouts(game, args.seconds)
        cpu = time.process_time() - cpu
        out["actions_per_s"] = player / secs
        out["actions_per_cpu_s"] = player / cpu
        out["interpreted_driver_actions_per_s"] = interpreted_playouts(game, args.seconds)
    if "clone" in only:
        out["clone_us"] = clone_cost_us(game)
        out["clone_cpu_us"] = clone_cpu_us(game)
    if "ismcts" in only:
        out["ismcts_sims_per_s"] = ismcts_sims_per_s(args.game, args.players, args.positions, args.search_seconds,
                                                     args.search_iters)  # fmt: skip
    if "pettingzoo" in only:
        try:
            out.update(pettingzoo_ratios(args.game, args.players, args.seconds))
        except ImportError as e:  # no [rl] extra (or a tree from before the adapters' bench rows)
            if args.only and not args.baseline_worker:  # asked for by name, for this tree: say why not
                raise
            out["pz_missing"] = str(e)
    print(json.dumps(out))


def run_build(pure: bool, argv: list[str], src: str | None = None) -> dict[str, float | str]:
    """One worker subprocess: the figures of one game in one build (of the source tree ``src`` if given)."""
    env = dict(os.environ)
    env.pop("HELIOPOLIS_PURE", None)
    if pure:
        env["HELIOPOLIS_PURE"] = "1"
    if src:
        env["PYTHONPATH"] = os.path.abspath(src)
    extra = ["--baseline-worker"] if src else []
    done = subprocess.run([sys.executable, __file__, "--worker", *extra, *argv], env=env, capture_output=True,
                          text=True)  # fmt: skip
    if done.returncode:
        sys.exit(f"the {'pure' if pure else 'compiled'} worker of {src or 'this tree'} failed:\n{done.stderr}")
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


Best = dict[tuple[str, str], dict[str, float | str]]  # (game, build name) -> best figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra", help="a game id, or several separated by commas (ra,helios)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=2.0, help="playout time per figure and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=6, help="ISMCTS positions")
    ap.add_argument("--search-seconds", type=float, default=0.25, help="ISMCTS time per position")
    ap.add_argument(
        "--search-iters",
        type=int,
        default=0,
        help="ISMCTS: a fixed iteration budget per position, timed (instead of --search-seconds)",
    )
    ap.add_argument(
        "--baseline",
        metavar="DIR",
        help="src dir of a baseline tree: its pure (and compiled, if built) build run as extra columns",
    )
    ap.add_argument("--only", help=f"comma-separated subset of {','.join(FIGURES)} (default: all)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--baseline-worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.only:
        unknown = sorted(set(args.only.split(",")) - set(FIGURES))
        if unknown:
            ap.error(f"--only: unknown figure(s) {','.join(unknown)}; choose from {','.join(FIGURES)}")
    if args.search_iters < 0:
        ap.error("--search-iters must be >= 0")
    if args.worker:
        worker(args)
        return
    if args.baseline and not os.path.isdir(os.path.join(args.baseline, "heliopolis")):
        ap.error(f"--baseline {args.baseline}: no heliopolis package in that directory (pass the tree's src dir)")
    games = args.game.split(",")
    builds: list[tuple[str, bool, str | None]] = [("pure", True, None), ("compiled", False, None)]
    if args.baseline:  # the baseline's pure build, and its compiled build if it has one
        builds[:0] = [("baseline", True, args.baseline), ("baseline compiled", False, args.baseline)]
    best: Best = {}
    ratios: dict[tuple[str, str, str], list[float]] = {}
    per_round: list[dict[tuple[str, str], float]] = []
    for _ in range(args.rounds):
        this_round: dict[tuple[str, str], float] = {}
        for name, pure, src in builds:
            for game in games:
                argv = [f"--game={game}", f"--players={args.players}", f"--seconds={args.seconds}",
                        f"--positions={args.positions}", f"--search-seconds={args.search_seconds}",
                        f"--search-iters={args.search_iters}"]  # fmt: skip
                if args.only:
                    argv.append(f"--only={args.only}")
                r = run_build(pure, argv, src)
                if "actions_per_cpu_s" in r:
                    this_round[(game, name)] = float(r["actions_per_cpu_s"])
                b = best.setdefault((game, name), dict(r))
                for k, v in r.items():
                    if k.endswith("_ratio"):  # a ratio: the median of the rounds, not the best
                        ratios.setdefault((game, name, k), []).append(float(v))
                        b[k] = statistics.median(ratios[(game, name, k)])
                    elif isinstance(v, float):
                        b[k] = min(float(b[k]), v) if k.startswith("clone") else max(float(b[k]), v)
        per_round.append(this_round)
    names = [name for name, _, _ in builds]
    if args.baseline and not all(str(best[(g, "baseline compiled")]["build"]).startswith("compiled") for g in games):
        names.remove("baseline compiled")  # the baseline tree has no compiled build
    for game in games:
        print_game(game, args, best, names)
    if len(games) > 1 and (games[0], "pure") in per_round[0]:  # needs the playouts figure
        print_cross(games, best, per_round, names)


ROWS = [
    ("random playouts, player actions/s", "actions_per_s", ",.0f"),
    ("  same, per CPU second", "actions_per_cpu_s", ",.0f"),
    ("  same, interpreted driver loop", "interpreted_driver_actions_per_s", ",.0f"),
    ("clone µs", "clone_us", ".2f"),
    ("  same, CPU µs", "clone_cpu_us", ".2f"),
    ("default ISMCTS simulations/s", "ismcts_sims_per_s", ",.0f"),
    ("PettingZoo steps per CPU second", "pz_steps_per_cpu_s", ",.0f"),
    ("  ÷ engine actions per CPU second", "pz_ratio", ".3f"),
    ("  ceiling, any env in Python", "pz_ceiling_ratio", ".3f"),
    ("  ceiling, any env at all", "pz_any_env_ceiling_ratio", ".3f"),
]


def print_game(game: str, args: argparse.Namespace, best: Best, names: list[str]) -> None:
    pure, comp = best[(game, "pure")], best[(game, "compiled")]
    print(f"{game} {args.players}p · best of {args.rounds} alternating rounds · pure: {pure['build']} · "
          f"other: {comp['build']}")  # fmt: skip
    if not str(comp["build"]).startswith("compiled"):
        print("  (no compiled build is in use: build it with `make build` or `pip install -e .`)")
    if "ismcts_sims_per_s" in comp:
        budget = f"{args.search_iters} iterations (timed)" if args.search_iters else f"{args.search_seconds} s"
        print(f"  ISMCTS: {args.positions} positions × {budget}")
    base = best.get((game, "baseline"))
    base_c = best.get((game, "baseline compiled")) if "baseline compiled" in names else None
    head = f"{'figure':<36} {'pure':>12} {'compiled':>12} {'compiled/pure':>14}"
    if base is not None:
        print(f"  baseline: {base['build']} of {args.baseline}")
        head += f" {'baseline':>12} {'compiled/baseline':>18}"
        if base_c is not None:
            head += f" {'baseline-compiled':>18} {'compiled/b-compiled':>20}"
    print(head)
    for label, key, fmt in ROWS:
        if key not in comp or key not in pure:
            continue
        p, c = float(pure[key]), float(comp[key])
        line = f"{label:<36} {p:>12{fmt}} {c:>12{fmt}} {c / p:>13.2f}x"
        for other, width, ratio_width in ((base, 12, 17), (base_c, 18, 19)):
            if other is None:
                break
            if key in other:
                line += f" {float(other[key]):>{width}{fmt}} {c / float(other[key]):>{ratio_width}.2f}x"
            else:  # e.g. a baseline tree without the adapters' bench rows
                line += f" {'–':>{width}} {'–':>{ratio_width + 1}}"
        print(line)
    missing = comp.get("pz_missing") or pure.get("pz_missing")
    if missing:
        print(f"  (PettingZoo figures left out: {missing})")
    print()


def print_cross(games: list[str], best: Best, per_round: list[dict[tuple[str, str], float]], names: list[str]) -> None:
    base = games[0]
    print(f"random playouts, player actions per CPU second relative to {base} (same build, same run)")
    print(f"{'game':<12} " + " ".join(f"{n:>{max(len(n), 8)}}" for n in names) + "   per round (pure)")
    for game in games[1:]:
        ratio = {n: float(best[(game, n)]["actions_per_cpu_s"]) / float(best[(base, n)]["actions_per_cpu_s"])
                 for n in names}  # fmt: skip
        ratios = " ".join(f"{ratio[n]:>{max(len(n), 8)}.2f}" for n in names)
        rounds = " ".join(f"{r[(game, 'pure')] / r[(base, 'pure')]:.2f}" for r in per_round)
        print(f"{game + ' ÷ ' + base:<12} {ratios}   {rounds}")


if __name__ == "__main__":
    main()

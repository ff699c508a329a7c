"""Is the analysis right where it can be checked, and fast enough? (issue 29's targets)

For each game, plays ``--games`` 3-player games with the seats ``expert``, ``heuristic`` and
``random`` (every cyclic seat rotation, ``heliopolis tournament``'s schedule), keeps their histories,
and analyses every decision of every seat with :func:`heliopolis.bots.analysis.analyse_decision`
(the ``heliopolis analyse`` engine), timing each decision's CPU seconds in its worker. Reports:

* **Ordering**: mean loss per decision of each seat type with a 95 % interval (over games: each
  game gives one seat of each type, so the intervals and the gaps' intervals are paired by game),
  and the gaps random - heuristic and heuristic - expert, which must both be above 0.
* **Forced moves**: the loss on every single-legal decision (must be exactly 0).
* **Calibration**: Pearson r between the margin predicted before each decision and the seat's final
  margin (final points minus the best other seat's), by phase (the first, middle and last third
  of the game's plies), with a 95 % interval (Fisher z).
* **Speed**: CPU seconds to analyse one seat's whole game (median over the first ``--timing-games``
  games, seat 0, which rotates through the three seat types; and over every game and seat).

Resumable: games go to ``OUT/<game>/run`` (an arena run directory), decisions to
``OUT/<game>/decisions.jsonl`` (one line per decision, appended as it finishes; a torn last line is
analysed again). Run it with the compiled build for the speed figures (``make build`` first)::

    python bench/bench_analysis.py --games 30 --out /tmp/bench-analysis -w 2
    python bench/bench_analysis.py --games 6 --game ra --out /tmp/ba   # a reduced run
    python bench/bench_analysis.py --summarise-only --out /tmp/ba --report /tmp/analysis-tables.md
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from heliopolis.arena import run_arena
from heliopolis.bots.analysis import DEFAULT_BUDGET, analyse_decision, decision_plies
from heliopolis.core.registry import load_game

GAMES = ("ra", "ra-dice", "helios", "men-nefer")
SEATS = ("expert", "heuristic", "random")
Z95 = 1.959963984540054
PHASES = ("early", "mid", "late")


# -- playing and analysing ---------------------------------------------------------------------------
def play(game_id: str, games: int, out: Path, seed: int, workers: int) -> list[dict[str, Any]]:
    return run_arena("tournament", game_id, 3, list(SEATS), games, out / "run", seed=seed, workers=workers,
                     history=True, progress=sys.stderr.isatty())  # fmt: skip


def _timed(game_id: str, config: dict[str, Any], history: list[int], ply: int, budget: int, seed: int,
           index: int) -> dict[str, Any]:  # fmt: skip
    t0 = time.process_time()
    d = analyse_decision(game_id, config, history, ply, budget, seed)
    return {"index": index, "cpu": time.process_time() - t0, **d.to_dict()}


def _read_done(path: Path) -> dict[tuple[int, int], dict[str, Any]]:
    done: dict[tuple[int, int], dict[str, Any]] = {}
    if not path.exists():
        return done
    lines = path.read_bytes().splitlines(keepends=True)
    good = 0
    for raw in lines:
        try:
            rec = json.loads(raw)
        except ValueError:
            break  # a torn last line: cut it, its decision is analysed again
        done[(rec["index"], rec["ply"])] = rec
        good += len(raw)
    with path.open("r+b") as f:
        f.truncate(good)
    return done


def analyse(game_id: str, records: list[dict[str, Any]], out: Path, budget: int, seed: int,
            workers: int) -> list[dict[str, Any]]:  # fmt: skip
    path = out / "decisions.jsonl"
    done = _read_done(path)
    jobs = []
    for rec in records:
        config = rec["options"]
        state = load_game(game_id, **config).new_initial_state()
        for a in rec["history"]:
            state.apply_action(a)
        for ply, _seat in decision_plies(state):
            if (rec["index"], ply) not in done:
                jobs.append((game_id, config, rec["history"], ply, budget, seed + rec["index"], rec["index"]))
    with path.open("a", encoding="utf-8") as sink, ProcessPoolExecutor(max_workers=workers) as pool:
        pending = set()
        it = iter(jobs)
        for job in it:
            pending.add(pool.submit(_timed, *job))
            if len(pending) >= 4 * workers:
                break
        count = 0
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                row = fut.result()
                sink.write(json.dumps(row, separators=(",", ":")) + "\n")
                sink.flush()
                done[(row["index"], row["ply"])] = row
                count += 1
                if count % 50 == 0:
                    print(f"  {game_id}: {count}/{len(jobs)} decisions", file=sys.stderr, flush=True)
                nxt = next(it, None)
                if nxt is not None:
                    pending.add(pool.submit(_timed, *nxt))
    return list(done.values())


# -- statistics ------------------------------------------------------------------------------------
# Student's t, 97.5 % quantile, for 1..30 degrees of freedom (a few games make a small sample)
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """The mean with its 95 % t interval."""
    n = len(xs)
    m = statistics.fmean(xs)
    if n < 2:
        return m, -math.inf, math.inf
    t = T975[n - 2] if n - 1 <= len(T975) else Z95
    half = t * statistics.stdev(xs) / math.sqrt(n)
    return m, m - half, m + half


def pearson(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """r with its 95 % interval (Fisher z)."""
    n = len(xs)
    r = statistics.correlation(xs, ys)
    if n <= 3 or abs(r) >= 1:
        return r, r, r
    z, half = math.atanh(r), Z95 / math.sqrt(n - 3)
    return r, math.tanh(z - half), math.tanh(z + half)


def summarise(game_id: str, records: list[dict[str, Any]], rows: list[dict[str, Any]],
              timing_games: int) -> dict[str, Any]:  # fmt: skip
    by_game = {r["index"]: r for r in records}
    per: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for row in rows:
        if row["index"] in by_game:
            per.setdefault((row["index"], row["seat"]), []).append(row)
    loss_by_type: dict[str, dict[int, float]] = {b: {} for b in SEATS}
    for (index, seat), mine in per.items():
        bot = by_game[index]["bots"][seat]
        loss_by_type[bot][index] = statistics.fmean(r["loss"] for r in mine)
    games = sorted(set.intersection(*(set(v) for v in loss_by_type.values())))
    out: dict[str, Any] = {"game": game_id, "games": len(games), "decisions": sum(len(v) for v in per.values())}
    out["loss"] = {b: mean_ci([loss_by_type[b][g] for g in games]) for b in SEATS}
    out["per_decision"] = {b: mean_ci([r["loss"] for (i, s), m in per.items() if by_game[i]["bots"][s] == b for r in m])
                           for b in SEATS}  # fmt: skip
    out["gaps"] = {f"{hi} - {lo}": mean_ci([loss_by_type[hi][g] - loss_by_type[lo][g] for g in games])
                   for hi, lo in (("random", "heuristic"), ("heuristic", "expert"))}  # fmt: skip
    forced = [r["loss"] for r in rows if r["legal"] == 1]
    out["forced"] = {"decisions": len(forced), "max_loss": max(forced, default=0.0)}
    out["pearson"] = _by_phase(by_game, rows)
    out["timing"] = _timing(by_game, per, timing_games)
    return out


def _final_margin(rec: dict[str, Any], seat: int) -> float:
    s = rec["scores"]
    return s[seat] - max(v for q, v in enumerate(s) if q != seat)


def _by_phase(by_game: dict[int, dict[str, Any]], rows: list[dict[str, Any]]) -> dict[str, Any]:
    pts: dict[str, tuple[list[float], list[float]]] = {p: ([], []) for p in (*PHASES, "all")}
    for row in rows:
        rec = by_game.get(row["index"])
        if rec is None:
            continue
        phase = PHASES[min(2, 3 * row["ply"] // rec["length"])]
        for p in (phase, "all"):
            pts[p][0].append(row["margin"])
            pts[p][1].append(_final_margin(rec, row["seat"]))
    return {p: (*pearson(xs, ys), len(xs)) for p, (xs, ys) in pts.items() if len(xs) > 2}


def _timing(by_game: dict[int, dict[str, Any]], per: dict[tuple[int, int], list[dict[str, Any]]],
            timing_games: int) -> dict[str, Any]:  # fmt: skip
    cpu = {k: sum(r["cpu"] for r in v) for k, v in per.items()}
    first = sorted(by_game)[:timing_games]
    seat0 = [cpu[(i, 0)] for i in first if (i, 0) in cpu]
    each = sorted(r["cpu"] for v in per.values() for r in v)
    return {"seat0_median": statistics.median(seat0) if seat0 else math.nan, "seat0_games": len(seat0),
            "decision_median": statistics.median(each), "decision_p95": each[int(0.95 * (len(each) - 1))],
            "all_median": statistics.median(cpu.values()), "all_max": max(cpu.values()),
            "by_type": {b: statistics.median([c for (i, s), c in cpu.items() if by_game[i]["bots"][s] == b])
                        for b in SEATS}}  # fmt: skip


# -- report ----------------------------------------------------------------------------------------
def _ci(t: tuple[float, float, float], digits: int = 2) -> str:
    return f"{t[0]:.{digits}f} [{t[1]:.{digits}f}, {t[2]:.{digits}f}]"


def markdown(results: list[dict[str, Any]], budget: int, build: str) -> str:
    commands = sorted({r["command"] for r in results})
    lines = ["Commands: " + "; ".join(f"`{c}`" for c in commands) + f" (budget {budget} samples per action; build: "
             f"{build}).", "",
             "### Mean loss per decision (points of expected final margin; 95 % t intervals over games)", "",
             "| game | games | decisions | expert | heuristic | random | random - heuristic | heuristic - expert |",
             "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for r in results:
        g = r["gaps"]
        lines.append(f"| {r['game']} | {r['games']} | {r['decisions']} | " + " | ".join(_ci(r["loss"][b]) for b in SEATS)
                     + f" | {_ci(g['random - heuristic'])} | {_ci(g['heuristic - expert'])} |")  # fmt: skip
    lines += ["", "### Forced moves and calibration (Pearson r, predicted margin vs final margin, 95 % interval)", "",
              "| game | single-legal decisions | max loss there | r early | r mid | r late | r all |",
              "|---|---|---|---|---|---|---|"]  # fmt: skip
    for r in results:
        p = r["pearson"]
        cells = [f"{_ci(p[k][:3])} (n={p[k][3]})" if k in p else "-" for k in (*PHASES, "all")]
        lines.append(
            f"| {r['game']} | {r['forced']['decisions']} | {r['forced']['max_loss']:.3f} | " + " | ".join(cells) + " |"
        )
    lines += ["", "### CPU seconds to analyse one seat's whole game (one core)", "",
              "| game | median, seat 0 of the first games | median, every game and seat | max | expert | heuristic | random "
              "| one decision: median | one decision: 95th percentile |",
              "|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for r in results:
        t = r["timing"]
        lines.append(f"| {r['game']} | {t['seat0_median']:.1f} (n={t['seat0_games']}) | {t['all_median']:.1f} | "
                     f"{t['all_max']:.1f} | " + " | ".join(f"{t['by_type'][b]:.1f}" for b in SEATS)
                     + f" | {t['decision_median']:.2f} | {t['decision_p95']:.2f} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per game (a multiple of 3 keeps the rotation whole)")
    ap.add_argument("--game", action="append", choices=GAMES, help="repeatable (default: every game)")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timing-games", type=int, default=10)
    ap.add_argument("--workers", "-w", type=int, default=2)
    ap.add_argument("--out", default="/tmp/bench-analysis", help="resumable cache of games and decisions")
    ap.add_argument("--report", help="also write the Markdown tables to this file")
    ap.add_argument("--summarise-only", action="store_true",
                    help="play and analyse nothing: report the summaries the earlier runs left in OUT")  # fmt: skip
    args = ap.parse_args()
    from heliopolis import _native

    results = []
    for game_id in args.game or GAMES:
        out = Path(args.out) / game_id
        if args.summarise_only:
            results.append(json.loads((out / "summary.json").read_text(encoding="utf-8")))
            continue
        out.mkdir(parents=True, exist_ok=True)
        records = play(game_id, args.games, out, args.seed, args.workers)
        rows = analyse(game_id, records, out, args.budget, args.seed, args.workers)
        summary = summarise(game_id, records, rows, args.timing_games)
        summary["command"] = "python bench/bench_analysis.py " + " ".join(sys.argv[1:])
        (out / "summary.json").write_text(json.dumps(summary) + "\n", encoding="utf-8")
        results.append(summary)
        print(json.dumps(summary), flush=True)
    text = markdown(results, args.budget, _native.BUILD)
    print(text)
    if args.report:
        Path(args.report).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

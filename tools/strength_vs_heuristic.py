"""One candidate bot against all-``heuristic`` opponents, seats rotated, several candidates paired.

    python tools/strength_vs_heuristic.py ra -p 3 -n 60 -o docs/results/learned/ra/strength-3p \\
        --bot ismcts:iters=200,depth=15,eval=heuristic --bot ismcts:iters=200,depth=15,eval=learned

Game ``i`` seats the candidate at seat ``i % players`` (with ``--baseline``: where the tournament
seated its spec, ``-i % players``) and uses the same game seed for every
candidate (paired games: same seat, same chance stream to start with). Candidates advance
together in blocks of ``players`` games, so a run stopped early still compares equal counts.
Each candidate has its own resumable run directory (``OUT/<k>``); re-running continues, and
``--report`` only summarises the games every candidate has finished. ``--baseline DIR`` takes a
finished tournament run (``heliopolis tournament GAME -b SPEC,heuristic,… --seed S``) as the first
candidate's games: with the same ``--seed`` its game ``i`` has the same seed and seat, so the
candidates are paired with it without replaying it.
Prints and writes (``OUT/summary.json``) the win share with its 95 % Wilson interval, the fair
share and the mean margin (candidate minus best opponent). With several candidates, each is also
compared with the first on the games both finished (same index: same seat, same game seed): the
paired difference of win share and of margin, each with a 95 % normal interval of the mean.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from heliopolis.arena.runner import Job, prepare_run_dir, read_results, run_jobs
from heliopolis.arena.stats import wilson
from heliopolis.core.registry import load_game


def summarise(records: list[dict], candidate: str) -> dict:
    wins, margins = 0.0, []
    for r in records:
        seat = r["bots"].index(candidate)
        if seat in r["winners"]:
            wins += 1.0 / len(r["winners"])
        s = r["scores"]
        margins.append(s[seat] - max(v for q, v in enumerate(s) if q != seat))
    p, lo, hi = wilson(wins, len(records))
    return {"bot": candidate, "games": len(records), "wins": wins, "rate": p, "low": lo, "high": hi,
            "mean_margin": sum(margins) / max(1, len(margins))}  # fmt: skip


def _outcome(r: dict, candidate: str) -> tuple[float, float]:
    seat = r["bots"].index(candidate)
    s = r["scores"]
    win = 1.0 / len(r["winners"]) if seat in r["winners"] else 0.0
    return win, s[seat] - max(v for q, v in enumerate(s) if q != seat)


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean with its 95 % normal interval (the standard error of the mean)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def paired(base: list[dict], base_spec: str, other: list[dict], spec: str) -> dict:
    """``spec`` minus ``base_spec`` on the game indices both played (paired: same seat and seed)."""
    a = {r["index"]: _outcome(r, base_spec) for r in base}
    b = {r["index"]: _outcome(r, spec) for r in other}
    common = sorted(set(a) & set(b))
    if not common:
        return {"bot": spec, "versus": base_spec, "games": 0}
    dw = _mean_ci([b[i][0] - a[i][0] for i in common])
    dm = _mean_ci([b[i][1] - a[i][1] for i in common])
    return {"bot": spec, "versus": base_spec, "games": len(common), "win_share_diff": dw[0],
            "win_share_diff_low": dw[1], "win_share_diff_high": dw[2], "margin_diff": dm[0],
            "margin_diff_low": dm[1], "margin_diff_high": dm[2]}  # fmt: skip


def tournament_seat(i: int, n: int) -> int:
    """The seat of a tournament's first spec in game ``i`` (``arena.schedule``: cyclic rotations of
    (spec, opponent, ...), the r-th rotation puts it at seat ``-r mod n``)."""
    return -i % n


def baseline_records(path: str, game_id: str, options: dict, seed: int, n: int, opponent: str) -> tuple[str, list]:
    """The spec and records of a tournament run that seated one spec against ``opponent`` with the
    same run seed: game ``i`` has the same seed and seats the spec at ``tournament_seat(i, n)``, like the
    candidates' (with ``--baseline``)."""
    config = json.loads((Path(path) / "run.json").read_text(encoding="utf-8"))["config"]
    specs = {b for b in config["bots"] if b != opponent}
    if config["game"] != game_id or config["options"] != options or config["seed"] != seed or len(specs) != 1:
        raise SystemExit(f"{path} is not a run of one spec against {opponent} with this game, options and --seed")
    spec = specs.pop()
    records = read_results(path)
    for r in records:
        lineup = [opponent] * n
        lineup[tournament_seat(r["index"], n)] = spec
        if r["bots"] != lineup:
            raise SystemExit(f"{path}: game {r['index']} seats {r['bots']}, not {lineup}")
    return spec, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("-p", "--players", type=int, required=True)
    ap.add_argument("-n", "--games", type=int, required=True)
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--bot", action="append", required=True, help="candidate spec (repeat to pair several)")
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-w", "--workers", type=int, default=1)
    ap.add_argument("--report", action="store_true", help="only summarise the games already finished (no play)")
    ap.add_argument("--baseline", help="a finished tournament run of one other spec against the same opponents "
                    "with the same --seed (e.g. docs/results/expert/ra-2p): its games are the first candidate's")  # fmt: skip
    args = ap.parse_args()
    n = args.players
    game = load_game(args.game, n)
    out = Path(args.out)
    dirs = []
    if args.baseline:  # seat as the tournament did, so that game i pairs with its game i
        config_extra = {"seating": "tournament"}
        seat = lambda i: tournament_seat(i, n)  # noqa: E731
    else:  # candidate at seat i % n (the same seats as the tournament's only at 2 players)
        config_extra = {}
        seat = lambda i: i % n  # noqa: E731
    for k, spec in enumerate(args.bot):
        if spec == args.opponent:
            raise SystemExit("a candidate must differ from the opponent spec")
        d = out / str(k)
        config = {"kind": "vs-opponents", "game": args.game, "options": game.config(), "candidate": spec,
                  "opponent": args.opponent, "seed": args.seed, "games": args.games, **config_extra}  # fmt: skip
        done = prepare_run_dir(d, config)
        dirs.append((spec, d, done))
    for start in range(0, 0 if args.report else args.games, n):
        for spec, d, done in dirs:
            jobs = []
            for i in range(start, min(args.games, start + n)):
                if i in done:
                    continue
                lineup = [args.opponent] * n
                lineup[seat(i)] = spec
                jobs.append(Job(i, tuple(lineup)))
            run_jobs(args.game, game.config(), args.seed, jobs, d, workers=args.workers)
    fair = 1.0 / n
    rows, records = [], []
    finished = [[r for r in read_results(d) if r["index"] < args.games] for _, d, _ in dirs]
    specs = list(args.bot)
    if args.baseline:
        base_spec, base = baseline_records(args.baseline, args.game, game.config(), args.seed, n, args.opponent)
        specs.insert(0, base_spec)
        dirs.insert(0, (base_spec, Path(args.baseline), set()))
        finished.insert(0, [r for r in base if r["index"] < args.games])
    # only the games every candidate finished (a stopped run may be mid-block): equal, paired samples
    common = set.intersection(*({r["index"] for r in recs} for recs in finished))
    for (spec, _, _), recs in zip(dirs, finished):
        recs = [r for r in recs if r["index"] in common]
        records.append(recs)
        row = summarise(recs, spec)
        rows.append(row)
        print(f"{spec:<44} {row['games']:>4} games  wins {row['rate']:6.1%}  95% CI [{row['low']:.1%}, {row['high']:.1%}]"
              f"  fair {fair:.1%}  mean margin {row['mean_margin']:+.1f}")  # fmt: skip
    pairs = [paired(records[0], specs[0], recs, spec) for spec, recs in zip(specs[1:], records[1:])]
    for d in pairs:
        if d["games"]:
            print(f"{d['bot']} minus {d['versus']} ({d['games']} paired games): win share "
                  f"{d['win_share_diff']:+.1%} [{d['win_share_diff_low']:+.1%}, {d['win_share_diff_high']:+.1%}], "
                  f"margin {d['margin_diff']:+.1f} [{d['margin_diff_low']:+.1f}, {d['margin_diff_high']:+.1f}]")  # fmt: skip
    (out / "summary.json").write_text(json.dumps({"game": args.game, "players": n, "opponent": args.opponent,
                                                  "fair_share": fair, "seed": args.seed, "candidates": rows,
                                                  "paired": pairs}, indent=1) + "\n", encoding="utf-8")  # fmt: skip


if __name__ == "__main__":
    main()

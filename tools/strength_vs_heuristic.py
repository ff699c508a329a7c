"""One candidate bot against all-``heuristic`` opponents, seats rotated, several candidates paired.

    python tools/strength_vs_heuristic.py ra -p 3 -n 60 -o docs/results/learned/ra/strength-3p \\
        --bot ismcts:iters=200,depth=15,eval=heuristic --bot ismcts:iters=200,depth=15,eval=learned

Game ``i`` seats the candidate at seat ``i % players`` and uses the same game seed for every
candidate (paired games: same seat, same chance stream to start with). Candidates advance
together in blocks of ``players`` games, so a run stopped early still compares equal counts.
Each candidate has its own resumable run directory (``OUT/<k>``); re-running continues.
Prints and writes (``OUT/summary.json``) the win share with its 95 % Wilson interval, the fair
share and the mean margin (candidate minus best opponent).
"""

from __future__ import annotations

import argparse
import json
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
    args = ap.parse_args()
    n = args.players
    game = load_game(args.game, n)
    out = Path(args.out)
    dirs = []
    for k, spec in enumerate(args.bot):
        if spec == args.opponent:
            raise SystemExit("a candidate must differ from the opponent spec")
        d = out / str(k)
        config = {"kind": "vs-opponents", "game": args.game, "options": game.config(), "candidate": spec,
                  "opponent": args.opponent, "seed": args.seed, "games": args.games}  # fmt: skip
        done = prepare_run_dir(d, config)
        dirs.append((spec, d, done))
    for start in range(0, args.games, n):
        for spec, d, done in dirs:
            jobs = []
            for i in range(start, min(args.games, start + n)):
                if i in done:
                    continue
                lineup = [args.opponent] * n
                lineup[i % n] = spec
                jobs.append(Job(i, tuple(lineup)))
            run_jobs(args.game, game.config(), args.seed, jobs, d, workers=args.workers)
    fair = 1.0 / n
    rows = []
    for spec, d, _ in dirs:
        recs = [r for r in read_results(d) if r["index"] < args.games]
        row = summarise(recs, spec)
        rows.append(row)
        print(f"{spec:<44} {row['games']:>4} games  wins {row['rate']:6.1%}  95% CI [{row['low']:.1%}, {row['high']:.1%}]"
              f"  fair {fair:.1%}  mean margin {row['mean_margin']:+.1f}")  # fmt: skip
    (out / "summary.json").write_text(json.dumps({"game": args.game, "players": n, "opponent": args.opponent,
                                                  "fair_share": fair, "seed": args.seed, "candidates": rows},
                                                 indent=1) + "\n", encoding="utf-8")  # fmt: skip


if __name__ == "__main__":
    main()

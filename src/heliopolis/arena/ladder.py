"""The ladder: a rated round robin of the bot levels plus ``random``.

Schedule: every table of ``players`` distinct bots in every cyclic seat rotation (at 2 players:
every pair, both seat orders), repeated whole rounds, so each bot meets each other equally often
and sits in each seat equally often. It runs through the arena's resumable runner and process pool.

Outputs (in the run directory, next to ``run.json`` and ``results.jsonl``):

* ``ratings.json`` — openskill Plackett-Luce ratings. The rating is openskill's mean ``mu`` averaged
  over random orders of all games (an online rating depends on game order); its 95 % interval is
  the percentile bootstrap over games (resampled with replacement, in random order). openskill's own
  ``sigma`` from one pass in game order is recorded too. Also the head-to-head matrix and the
  strict-order check.
* ``ladder.md`` — the same as tables, with the command that produced them.
* ``ladder.png`` — ratings with intervals and the head-to-head matrix (needs the [report] extra).

Head to head: the share of the games seating both bots in which the row bot finished ahead of the
column bot (a tie counts half); at 2 players that is its win share. Intervals are Wilson 95 %.
"""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from heliopolis.arena import stats
from heliopolis.arena.schedule import tournament_lineups
from heliopolis.core.errors import ConfigError, error_msg

RATINGS = "ratings.json"
MARKDOWN = "ladder.md"
PLOT = "ladder.png"


def ladder_bots(levels: Sequence[str] | None = None) -> list[str]:
    """``random`` first (the floor), then the levels, weakest first."""
    from heliopolis.bots import levels as lv

    chosen = list(levels) if levels else list(lv.levels())
    if len(set(chosen)) != len(chosen):
        raise ConfigError(error_msg("errors.arena.ladder_twice", bots=", ".join(chosen)))
    return chosen if "random" in chosen else ["random", *chosen]


def meetings_per_round(bots: int, players: int) -> int:
    """How often two given bots share a table in one round (each table in each seat rotation)."""
    return math.comb(bots - 2, players - 2) * players


def rounds_for(games_per_pair: int, bots: int, players: int) -> int:
    return max(1, math.ceil(games_per_pair / meetings_per_round(bots, players)))


def run_ladder(game_id: str, players: int, bots: list[str], games_per_pair: int, out_dir: str | Path, *,
               seed: int = 0, options: dict[str, Any] | None = None, workers: int | None = None,
               progress: bool = True, on_torn: Callable[[Path, int], None] | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Plays (or resumes) the ladder's games; returns all records (``on_torn``: see ``run_arena``)."""
    from heliopolis.arena.run import run_arena
    from heliopolis.bots import levels as lv
    from heliopolis.core.registry import load_game

    game = load_game(game_id, players, **(options or {}))  # bad game, players or options first
    if games_per_pair < 1:
        raise ConfigError(error_msg("errors.arena.games_per_pair"))
    if len(bots) < max(2, players):
        raise ConfigError(
            error_msg("errors.arena.ladder_bots", players=players, least=max(2, players), bots=", ".join(bots))
        )
    lineups = len(tournament_lineups(bots, players))
    games = rounds_for(games_per_pair, len(bots), players) * lineups
    # The resolved specs join the run's configuration: after a level changes in levels.json, the
    # old run directory refuses to resume instead of mixing two bots under one name.
    resolved = {b: lv.resolve(b, game_id, game.players) for b in bots}
    return run_arena("ladder", game_id, players, bots, games, out_dir, seed=seed, options=options, workers=workers,
                     progress=progress, extra={"games_per_pair": games_per_pair, "resolved": resolved},
                     on_torn=on_torn)  # fmt: skip


# -- analysis ------------------------------------------------------------------------------------
def _rate(records: Sequence[dict[str, Any]], bots: Sequence[str], order: Sequence[int]) -> dict[str, Any]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table = {b: model.rating(name=b) for b in bots}
    for i in order:
        rec = records[i]
        new = model.rate([[table[b]] for b in rec["bots"]], ranks=list[float](stats.ranks(rec)))  # openskill: floats
        for b, team in zip(rec["bots"], new):
            table[b] = team[0]
    return table


def ratings(records: Sequence[dict[str, Any]], bots: Sequence[str], bootstrap: int = 200,
            seed: int = 0) -> list[dict[str, Any]]:  # fmt: skip
    """One row per bot (ladder order): rating, 95 % bootstrap interval, openskill sigma, games."""
    records = [r for r in records if len(set(r["bots"])) == len(r["bots"])]
    if not records:
        raise ConfigError(error_msg("errors.arena.no_games"))
    rng = random.Random(seed)
    n = len(records)
    single = _rate(records, bots, range(n))
    orders = [_rate(records, bots, rng.sample(range(n), n)) for _ in range(max(1, bootstrap // 4))]
    boots = [_rate(records, bots, [rng.randrange(n) for _ in range(n)]) for _ in range(bootstrap)]
    seats = {b: sum(r["bots"].count(b) for r in records) for b in bots}
    rows = []
    for b in bots:
        mus = sorted(t[b].mu for t in boots)
        low, high = (mus[int(0.025 * (len(mus) - 1))], mus[math.ceil(0.975 * (len(mus) - 1))]) if boots else (0, 0)
        rows.append({"bot": b, "rating": statistics.fmean(t[b].mu for t in orders), "low": low, "high": high,
                     "mu": single[b].mu, "sigma": single[b].sigma, "games": seats[b]})  # fmt: skip
    return rows


def ahead_share(records: Sequence[dict[str, Any]], bot: str, other: str) -> dict[str, float]:
    """Share of the games seating both in which ``bot`` finished ahead of ``other`` (ties: half)."""
    score, n = 0.0, 0
    for rec in records:
        seats = rec["bots"]
        if bot in seats and other in seats:
            rk = stats.ranks(rec)
            a, b = rk[seats.index(bot)], rk[seats.index(other)]
            score += 1.0 if a < b else 0.5 if a == b else 0.0
            n += 1
    p, lo, hi = stats.wilson(score, n)
    return {"games": n, "wins": score, "rate": p, "low": lo, "high": hi}


def matrix(records: Sequence[dict[str, Any]], bots: Sequence[str]) -> dict[str, dict[str, dict[str, float]]]:
    return {a: {b: ahead_share(records, a, b) for b in bots if b != a} for a in bots}


def order_check(h2h: dict[str, dict[str, dict[str, float]]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """Each bot against the one below it in ladder order: ``beats`` when the interval's lower bound
    is above one half."""
    out = []
    for lower, upper in pairwise(bots):
        r = h2h[upper][lower]
        verdict = "beats" if r["low"] > 0.5 else "ahead, not significant" if r["rate"] > 0.5 else "does not beat"
        out.append({"upper": upper, "lower": lower, **r, "verdict": verdict})
    return out


def analyse(records: Sequence[dict[str, Any]], bots: Sequence[str], players: int, bootstrap: int = 200,
            seed: int = 0) -> dict[str, Any]:  # fmt: skip
    h2h = matrix(records, bots)
    return {"players": players, "games": len(records), "bootstrap": bootstrap,
            "ratings": ratings(records, bots, bootstrap, seed), "head_to_head": h2h,
            "order": order_check(h2h, bots)}  # fmt: skip


# -- output --------------------------------------------------------------------------------------
def _pct(r: dict[str, float]) -> str:
    return f"{100 * r['rate']:.0f} % [{100 * r['low']:.0f}, {100 * r['high']:.0f}] (n={r['games']})"


def markdown(result: dict[str, Any], title: str, command: str | None, resolved: dict[str, str]) -> str:
    bots = [row["bot"] for row in result["ratings"]]
    lines = [f"# {title}\n", f"{result['games']} games; {result['players']} players; seats rotated.\n"]
    if command:
        lines.append(f"```sh\n{command}\n```\n")
    lines += ["## Ratings (openskill Plackett-Luce)\n",
              (f"Rating: mean `mu` over random game orders; 95 % interval: percentile bootstrap over games "
               f"({result['bootstrap']} resamples); `sigma`: openskill's own, one pass in game order.\n"),
              "| bot | spec | rating | 95 % interval | sigma | seats |", "|:---|:---|---:|---:|---:|---:|"]  # fmt: skip
    for row in sorted(result["ratings"], key=lambda r: -r["rating"]):
        lines.append(f"| {row['bot']} | `{resolved.get(row['bot'], row['bot'])}` | {row['rating']:.1f} | "
                     f"[{row['low']:.1f}, {row['high']:.1f}] | {row['sigma']:.2f} | {row['games']} |")  # fmt: skip
    what = "win share" if result["players"] == 2 else "share of games finishing ahead of the column bot"
    lines += ["\n## Head to head\n", f"Row bot's {what} (ties count half), Wilson 95 % interval.\n",
              "| | " + " | ".join(bots) + " |", "|:---|" + "---:|" * len(bots)]  # fmt: skip
    for a in bots:
        cells = ["–" if a == b else _pct(result["head_to_head"][a][b]) for b in bots]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines.append("\n## Strict order: each bot against the one below\n")
    if result["players"] != 2:
        lines.append(f"*The strict-order requirement is defined head to head at 2 players; at {result['players']} "
                     "players this is the share of shared games finishing ahead.*\n")  # fmt: skip
    lines += ["| upper | lower | share | 95 % interval | games | verdict |", "|:---|:---|---:|---:|---:|:---|"]
    for o in result["order"]:
        lines.append(f"| {o['upper']} | {o['lower']} | {100 * o['rate']:.1f} % | "
                     f"[{100 * o['low']:.1f}, {100 * o['high']:.1f}] % | {o['games']} | {o['verdict']} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def plot(result: dict[str, Any], title: str, path: Path) -> None:
    """Ratings with intervals and the head-to-head matrix; ImportError without matplotlib."""
    from matplotlib.figure import Figure

    rows = result["ratings"]
    bots = [r["bot"] for r in rows]
    fig = Figure(figsize=(11, 4.2), layout="constrained")
    ax, hm = fig.subplots(1, 2, width_ratios=[1, 1.15])
    ys = range(len(rows))
    ax.errorbar([r["rating"] for r in rows], ys, fmt="o", color="#d98c1f", capsize=5,
                xerr=[[max(0.0, r["rating"] - r["low"]) for r in rows], [max(0.0, r["high"] - r["rating"]) for r in rows]])  # fmt: skip
    ax.set_yticks(list(ys), bots)
    ax.set_xlabel("openskill rating (95 % bootstrap interval)")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title("Ratings", fontsize=10)
    grid = [[result["head_to_head"][a][b]["rate"] * 100 if a != b else float("nan") for b in bots] for a in bots]
    im = hm.imshow(grid, cmap="RdYlGn", vmin=0, vmax=100)
    hm.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    hm.set_yticks(range(len(bots)), bots)
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            if a != b:
                hm.text(j, i, f"{grid[i][j]:.0f}", ha="center", va="center", fontsize=8)
    hm.set_title("Head to head: row's share (%)", fontsize=10)
    fig.colorbar(im, ax=hm, shrink=0.8)
    fig.suptitle(title, fontsize=11)
    fig.savefig(path, dpi=100)


def write_outputs(out_dir: str | Path, result: dict[str, Any], title: str, command: str | None,
                  resolved: dict[str, str]) -> list[str]:  # fmt: skip
    """Writes ratings.json and ladder.md, then the plot; returns notes (e.g. the plot was skipped)."""
    out = Path(out_dir)
    (out / RATINGS).write_text(json.dumps({**result, "title": title, "command": command, "resolved": resolved},
                                          indent=1) + "\n", encoding="utf-8")  # fmt: skip
    (out / MARKDOWN).write_text(markdown(result, title, command, resolved), encoding="utf-8")
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        return ["the plot needs matplotlib: pip install 'heliopolis[report]' (ratings.json and ladder.md are written)"]
    plot(result, title, out / PLOT)
    return []


def level_rows(result: dict[str, Any], resolved: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The ratings of plain levels (no budget override), ready for ``levels.update_ratings``."""
    from heliopolis.bots import levels as lv

    return {r["bot"]: {**r, "spec": resolved[r["bot"]]} for r in result["ratings"] if r["bot"] in lv.levels()}

"""Summary statistics of a run: win rates with 95 % confidence intervals, by bot and by seat,
and ratings through openskill (Plackett-Luce)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Rate and Wilson score interval (a shared win counts as its share)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval always contains p; at 0 or n successes rounding can leave it a hair outside.
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _share(rec: dict[str, Any], seat: int) -> float:
    w = rec["winners"]
    return 1.0 / len(w) if seat in w else 0.0


def win_rates_by_bot(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for rec in records:
        for seat, bot in enumerate(rec["bots"]):
            wins[bot] += _share(rec, seat)
            games[bot] += 1
    out = {}
    for bot in sorted(games):
        p, lo, hi = wilson(wins[bot], games[bot])
        out[bot] = {"games": games[bot], "wins": wins[bot], "rate": p, "low": lo, "high": hi}
    return out


def win_rates_by_seat(records: Sequence[dict[str, Any]]) -> list[dict[str, float]]:
    if not records:
        return []
    n = len(records[0]["bots"])
    out = []
    for seat in range(n):
        w = sum(_share(r, seat) for r in records)
        p, lo, hi = wilson(w, len(records))
        out.append({"seat": seat, "games": len(records), "wins": w, "rate": p, "low": lo, "high": hi})
    return out


def head_to_head(records: Sequence[dict[str, Any]], bot: str, other: str) -> dict[str, float]:
    """Win rate of ``bot`` in games that seat exactly ``bot`` and ``other`` (2-player match-ups)."""
    wins, n = 0.0, 0
    for rec in records:
        if sorted(rec["bots"]) == sorted([bot, other]) and bot != other:
            seat = rec["bots"].index(bot)
            wins += _share(rec, seat)
            n += 1
    p, lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": p, "low": lo, "high": hi}


def ranks(rec: dict[str, Any]) -> list[int]:
    """Finishing ranks (1 = winner): winners first, then by score; equal scores share a rank."""
    scores = rec["scores"]
    winners = set(rec["winners"])
    keys = [(1 if s in winners else 0, scores[s]) for s in range(len(scores))]
    return [1 + sum(1 for k in keys if k > keys[s]) for s in range(len(scores))]


def ratings(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """openskill Plackett-Luce ratings per bot spec, from games whose seats hold distinct bots."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table: dict[str, Any] = {}
    rated = 0
    for rec in records:
        bots = rec["bots"]
        if len(set(bots)) != len(bots):
            continue
        teams = [[table.setdefault(b, model.rating(name=b))] for b in bots]
        new = model.rate(teams, ranks=list[float](ranks(rec)))  # openskill types its ranks as floats
        for b, team in zip(bots, new):
            table[b] = team[0]
        rated += 1
    rows = [{"bot": b, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games_rated": rated}
            for b, r in table.items()]  # fmt: skip
    return sorted(rows, key=lambda row: -row["ordinal"])

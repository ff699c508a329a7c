"""The expert-vs-heuristic table from the cells' results: `python docs/results/expert/summary.py`.

One row per cell directory: games played (and required), the expert seat's win share with ties
counted as shares and its 95 % Wilson interval, the fair share and the issue's target.
"""

from __future__ import annotations

import json
from pathlib import Path

from heliopolis.arena.stats import wilson

HERE = Path(__file__).parent
TARGET = {2: 75, 3: 50, 4: 40, 5: 33}
# cells in the table (the shipped expert); the rest are earlier specs kept for the record
CELLS = ["ra-2p", "ra-3p-period", "ra-4p", "ra-5p-period", "ra1999-3p", "ra1999-4p", "ra1999-5p",
         "ra-dice-2p", "ra-dice-3p", "ra-dice-4p", "helios-2p", "helios-3p", "helios-4p",
         "men-nefer-2p", "men-nefer-3p", "men-nefer-4p"]  # fmt: skip
# cells whose shipped expert was measured elsewhere (same seeds and seats as the cell's own directory)
SOURCES = {"ra-dice-2p": "../learned/ra-dice/expert-2p/0"}


def row(name: str) -> str | None:
    path = HERE / SOURCES.get(name, name) / "results.jsonl"
    if not path.exists():
        return None
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not rows:
        return None
    players = len(rows[0]["bots"])
    expert = next(b for b in rows[0]["bots"] if not b.startswith("heuristic"))
    wins = 0.0
    for r in rows:
        seat = r["bots"].index(expert)
        if seat in r["winners"]:
            wins += 1 / len(r["winners"])
    p, lo, hi = wilson(wins, len(rows))
    need = 100 if name in ("ra-2p", "ra-3p-period", "ra-4p") else 30
    goal = TARGET[players]
    met = p * 100 >= goal and (need == 30 or lo * 100 > 100 / players)
    status = "met" if met and len(rows) >= need else ("on track" if met else "below target")
    return (f"| `{name}` | `{expert}` | {len(rows)} ({need}) | {100 * p:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}] "
            f"| {100 / players:.0f} % | ≥ {goal} % | {status} |")  # fmt: skip


def main() -> None:
    print("| cell | expert spec | games (required) | expert win share [95 %] | fair share | target | |")
    print("|---|---|---|---|---|---|---|")
    for name in CELLS:
        line = row(name)
        print(line if line else f"| `{name}` | | 0 (30) | not run | | | |")


if __name__ == "__main__":
    main()

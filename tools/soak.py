"""The invariant soak at full size, in resumable chunks over a process pool.

    python tools/soak.py ra --games 1000000 -w 2          # 10^6 Ra games over every edition and count
    python tools/soak.py helios --games 300000 -w 2

The same check as ``pytest -m slow`` (``heliopolis.core.testing.soak``: ``check_invariants()`` after
every action, a game-length bound, a winner at the end), but cut into chunks of ``--chunk`` games
that are written to ``docs/results/soak/<game>.jsonl`` as they finish, so a 2-core machine can run
a 10^6-game soak over several sittings: re-running the command skips the chunks already recorded.
Chunks cycle over the game's configurations (player counts, and Ra's two editions); every other
chunk favours the lowest legal action id (``first_bias``), as the slow tests do. A chunk's seed is
its index, so the whole soak is a fixed set of games whatever the number of workers.

A failed invariant stops the run and prints the chunk (configuration and seed) that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from heliopolis import _native
from heliopolis.core.testing import soak

# (options, biased first_bias): Ra's 'draw' is the lowest id, the others use the slow tests' 0.5.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "ra": [{"players": n, "edition": "2009"} for n in (2, 3, 4, 5)]
    + [{"players": n, "edition": "1999"} for n in (3, 4, 5)],
    "ra-dice": [{"players": n} for n in (2, 3, 4)],
    "helios": [{"players": n} for n in (2, 3, 4)],
    "men-nefer": [{"players": n} for n in (2, 3, 4)],
}
BIAS = {"ra": 0.6, "ra-dice": 0.5, "helios": 0.5, "men-nefer": 0.5}


def chunk_plan(game: str, index: int) -> dict[str, Any]:
    configs = CONFIGS[game]
    options = configs[(index // 2) % len(configs)]
    return {"chunk": index, "options": options, "first_bias": BIAS[game] if index % 2 else 0.0, "seed": index}


def commit() -> str:
    """The source the chunks ran, so a soak spread over sittings says what it checked."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "src"], capture_output=True, text=True).stdout
        return out.stdout.strip() + ("+dirty" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run_chunk(game: str, plan: dict[str, Any], games: int) -> dict[str, Any]:
    t = time.process_time()
    try:
        st = soak(game, games, seed=plan["seed"], first_bias=plan["first_bias"], **plan["options"])
    except AssertionError as e:
        return {**plan, "error": str(e)}
    return {**plan, "games": st.games, "actions": st.actions, "max_length": st.max_length,
            "score_min": st.score_min, "score_max": st.score_max,
            "cpu_seconds": round(time.process_time() - t, 2), "build": _native.BUILD}  # fmt: skip


def summary(game: str, rows: list[dict[str, Any]]) -> str:
    by: dict[str, dict[str, int]] = {}
    for r in rows:
        key = " ".join(f"{k}={v}" for k, v in r["options"].items())
        s = by.setdefault(key, {"games": 0, "actions": 0, "max_length": 0, "lo": 10**9, "hi": -(10**9)})
        s["games"] += r["games"]
        s["actions"] += r["actions"]
        s["max_length"] = max(s["max_length"], r["max_length"])
        s["lo"], s["hi"] = min(s["lo"], r["score_min"]), max(s["hi"], r["score_max"])
    lines = [f"soak {game}: {sum(r['games'] for r in rows)} games, {sum(r['actions'] for r in rows)} actions, "
             f"{sum(r['cpu_seconds'] for r in rows) / 3600:.2f} CPU hours"]  # fmt: skip
    for key, s in by.items():
        lines.append(f"  {key}: {s['games']} games, {s['actions']} actions, max length {s['max_length']}, "
                     f"scores {s['lo']}..{s['hi']}")  # fmt: skip
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(CONFIGS))
    ap.add_argument("--games", type=int, default=1_000_000, help="total games (default 10^6)")
    ap.add_argument("--chunk", type=int, default=1000, help="games per recorded chunk")
    ap.add_argument("-w", "--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("docs/results/soak"))
    a = ap.parse_args()
    if a.games < 1 or a.chunk < 1 or a.workers < 1:
        ap.error("--games, --chunk and --workers must be positive")
    path = a.out / f"{a.game}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            r = json.loads(line)
            if r.get("chunk_games") == a.chunk and "error" not in r:
                done[r["chunk"]] = r
    chunks = -(-a.games // a.chunk)
    # A short last chunk of a smaller earlier run is run again at its full size.
    done = {i: r for i, r in done.items() if i < chunks and r["games"] == min(a.chunk, a.games - i * a.chunk)}
    todo = [i for i in range(chunks) if i not in done]
    print(f"{a.game}: {len(done)} of {chunks} chunks already recorded, {len(todo)} to run ({_native.BUILD} build)")
    failed = False
    source = commit()
    with ProcessPoolExecutor(a.workers) as pool, path.open("a") as out:
        pending = set()
        queue = iter(todo)

        def submit() -> bool:
            i = next(queue, None)
            if i is None:
                return False
            n = min(a.chunk, a.games - i * a.chunk)
            pending.add(pool.submit(run_chunk, a.game, chunk_plan(a.game, i), n))
            return True

        for _ in range(a.workers * 2):
            submit()
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                r = {**f.result(), "chunk_games": a.chunk, "commit": source}
                out.write(json.dumps(r) + "\n")
                out.flush()
                if "error" in r:
                    failed = True
                    print(f"FAILED chunk {r['chunk']} ({r['options']}, first_bias {r['first_bias']}, "
                          f"seed {r['seed']}): {r['error']}", file=sys.stderr)  # fmt: skip
                else:
                    done[r["chunk"]] = r
                    print(f"chunk {r['chunk']}: {r['games']} games {r['options']} {r['cpu_seconds']} CPU s "
                          f"({len(done)}/{chunks})", flush=True)  # fmt: skip
                if not failed:
                    submit()
    print(summary(a.game, list(done.values())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

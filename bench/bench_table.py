#!/usr/bin/env python3
"""What a running clock costs the server per move: CPU of the move path in one process, games with
and without a Fischer clock interleaved (same seeds), reported as a ratio measured in the same run.

The move path is the authority's: validate, check the clock (``table.check_turn``), commit (SQLite
in a temp dir, the clock re-armed after it) and build what each of the two seats' connections is
sent (``messages.for_connection``: the clock is in every message). The ASGI/WebSocket stack is left
out (``bench_server.py`` measures it end to end), so the difference is the table layer's own.

Usage: ``python bench/bench_table.py [--games 12] [--seed 0]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from heliopolis.server.app import Settings, create_app
from heliopolis.server.play.table_options import TableOptions
from heliopolis.server.transport import messages
from heliopolis.server.transport.protocol import ActBody, CreateGame, SeatSpec

CLOCK = {"kind": "fischer", "base": 600, "increment": 15}


async def one_game(auth, table, clocked: bool, seed: int) -> tuple[float, int]:  # noqa: ANN001
    """Plays one 2-player Ra game with random legal moves; returns (CPU seconds, moves)."""
    rng = random.Random(seed)
    options = TableOptions(clock=CLOCK) if clocked else TableOptions()
    body = CreateGame(game="ra", players=2, options={}, seats=[SeatSpec(kind="human"), SeatSpec(kind="human")],
                      join=0, table=options)  # fmt: skip
    out = await table.create(body, None)
    gid, tokens = out["id"], {0: out["token"]}
    seat, token = await auth.join(gid, None, None)
    tokens[seat] = token
    live = await auth.get(gid)
    cpu, moves = 0.0, 0
    while live.rec.status == "running" and not live.state.is_terminal():
        mover = live.state.current_player()
        action = rng.choice(live.state.legal_actions())
        t = time.process_time()
        await auth.act(gid, tokens[mover], ActBody(action=action, version=live.rec.revision))
        for s in (0, 1):
            messages.for_connection(auth, live, s, live.rec.revision - 1)
        cpu += time.process_time() - t
        moves += 1
    return cpu, moves


async def main_async(games: int, seed: int) -> None:
    db = Path(tempfile.mkdtemp()) / "bench.db"
    app = create_app(Settings(db=f"sqlite:///{db}", bot_delay=0.0))
    totals = {False: [0.0, 0], True: [0.0, 0]}
    async with app.router.lifespan_context(app):
        auth = app.state.auth
        await one_game(auth, app.state.table, True, seed - 1)  # warm-up: imports, caches, the database file
        for i in range(games):
            for clocked in (False, True) if i % 2 == 0 else (True, False):
                cpu, n = await one_game(auth, app.state.table, clocked, seed + i)
                totals[clocked][0] += cpu
                totals[clocked][1] += n
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    plain, clocked = (totals[k][0] / totals[k][1] * 1e3 for k in (False, True))
    print(
        f"machine: {os.cpu_count()} CPUs, load average {load}; {games} games each way, "
        f"{totals[False][1]} + {totals[True][1]} moves"
    )
    print(f"without clock  {plain:.3f} ms CPU per move")
    print(f"with clock     {clocked:.3f} ms CPU per move")
    print(f"ratio          {clocked / plain:.3f} (the clock's cost: {clocked - plain:+.3f} ms per move)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12, help="games with and without a clock each (default 12)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    asyncio.run(main_async(args.games, args.seed))


if __name__ == "__main__":
    sys.exit(main())

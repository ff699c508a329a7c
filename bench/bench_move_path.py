#!/usr/bin/env python3
"""The server's own work per move, split: ``Authority.act`` (validate, apply, settle chance, commit to
SQLite), both seats' messages (``messages.for_connection``), and ``Storage.append_nowait`` alone.

No sockets, no ASGI: ``bench_server.py`` measures a move end to end; this isolates the part the
server's own code decides, so that two trees can be compared on a loaded machine (run each tree's
copy alternately: ``PYTHONPATH=<tree>/src python bench/bench_move_path.py``). CPU time per move
(``time.process_time``), 2-seat Ra games of random legal moves, the first game a warm-up.

Usage: ``python bench/bench_move_path.py [--games 12] [--commits 500]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from heliopolis.server.app import Settings, create_app
from heliopolis.server.play.table_options import TableOptions
from heliopolis.server.store.storage import Move
from heliopolis.server.transport import messages
from heliopolis.server.transport.protocol import ActBody, CreateGame, SeatSpec

TWO_HUMANS = [SeatSpec(kind="human"), SeatSpec(kind="human")]


async def new_game(auth, table) -> tuple[str, dict[int, str]]:  # noqa: ANN001
    body = CreateGame(game="ra", players=2, options={}, seats=TWO_HUMANS, join=0, table=TableOptions())
    out = await table.create(body, None)
    seat, token = await auth.join(out["id"], None, None)
    return out["id"], {0: out["token"], seat: token}


async def main_async(games: int, commits: int) -> None:
    db = Path(tempfile.mkdtemp()) / "bench.db"
    app = create_app(Settings(db=f"sqlite:///{db}", bot_delay=0.0))
    act = msgs = 0.0
    n = 0
    async with app.router.lifespan_context(app):
        auth = app.state.auth
        for g in range(games + 1):
            rng = random.Random(g)
            gid, tokens = await new_game(auth, app.state.table)
            live = await auth.get(gid)
            while live.rec.status == "running" and not live.state.is_terminal():
                mover = live.state.current_player()
                action = rng.choice(live.state.legal_actions())
                t0 = time.process_time()
                await auth.act(gid, tokens[mover], ActBody(action=action, version=live.rec.revision))
                t1 = time.process_time()
                for s in (0, 1):
                    messages.for_connection(auth, live, s, live.rec.revision - 1)
                t2 = time.process_time()
                if g:  # game 0 warms up imports, caches and the database file
                    act, msgs, n = act + t1 - t0, msgs + t2 - t1, n + 1
        gid, _ = await new_game(auth, app.state.table)
        live = await auth.get(gid)
        rev, plies, st = live.rec.revision, live.rec.plies, auth.storage
        t0 = time.process_time()
        for _ in range(commits):
            rev = st.append_nowait(gid, rev, plies, [Move(1, "draw", 0)])
            plies += 1
        append = (time.process_time() - t0) / commits
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} CPUs, load average {load}; {games} games, {n} moves")
    print(f"act             {act / n * 1e6:7.1f} us CPU per move")
    print(f"both messages   {msgs / n * 1e6:7.1f} us CPU per move")
    print(f"append_nowait   {append * 1e6:7.1f} us CPU per commit ({commits} commits)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--commits", type=int, default=500)
    args = ap.parse_args()
    asyncio.run(main_async(args.games, args.commits))


if __name__ == "__main__":
    main()

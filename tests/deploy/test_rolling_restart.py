"""A rolling restart loses nothing (docs/deploy.md, "Restarts and upgrades"): two instances on one
PostgreSQL under load, each restarted in turn with SIGTERM; every move the server acknowledged is in
the event log afterwards, every player reconnects by itself and the bot games go on on the other
instance. The figures are printed (``pytest -s``)."""

from __future__ import annotations

import asyncio
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.conftest import pg_database
from tests.deploy.loader import Seat, final_log, lost_moves
from tests.server.conftest import ServerProcess

GAMES = 6  # all-human 2-player games, their seats spread over both instances
BOT_GAMES = 2  # all-bot games: their leases move with each restart
THINK = 0.1
BOT_DELAY = 0.15
DRAIN = 5.0  # --drain-seconds


def _start(url: str, port: int | None = None) -> ServerProcess:
    return ServerProcess(
        url, port=port, bot_delay=BOT_DELAY, args=("--drain-seconds", str(DRAIN), "--create-rate", "1000")
    ).start()


def _create(url: str, seats: list[dict], join: int | None) -> dict:
    body: dict = {"game": "ra", "players": len(seats), "seats": seats}
    if join is not None:
        body["join"] = join
    r = httpx.post(f"{url}/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def _human_game(first: str, second: str, k: int) -> list[Seat]:
    """A new 2-player game made on ``first``, its second seat joined on ``second``; whichever is
    down (restarting), the other one does it."""
    for a, b in ((first, second), (second, first)):
        try:
            g = _create(a, [{"kind": "human"}, {"kind": "human"}], join=0)
        except httpx.HTTPError:
            continue
        for host in (b, a):
            try:
                other = httpx.post(f"{host}/api/games/{g['id']}/join", json={}, timeout=30).json()
            except httpx.HTTPError:
                continue
            return [Seat([a, b], g["id"], g["token"], seed=2 * k, think=THINK),
                    Seat([b, a], g["id"], other["token"], seed=2 * k + 1, think=THINK)]  # fmt: skip
    raise AssertionError("neither instance answers")


async def _slot(k: int, a: str, b: str, seats: list[Seat], stop: asyncio.Event) -> None:
    """One game after another until ``stop``, as bench/bench_server.py's slots: the load stays on."""
    n = 0
    while not stop.is_set():
        first, second = (a, b) if (k + n) % 2 == 0 else (b, a)
        pair = await asyncio.to_thread(_human_game, first, second, 1000 * n + k)
        seats.extend(pair)
        await asyncio.gather(*(s.play(stop) for s in pair))
        n += 1


def _moves(urls: list[str], gid: str) -> int:
    for url in urls:
        try:
            return httpx.get(f"{url}/api/games/{gid}", timeout=5).json()["moves"]
        except (httpx.HTTPError, KeyError, ValueError):
            continue
    return -1


def _restart(srv: ServerProcess, other: str, bots: list[str]) -> tuple[ServerProcess, float, float]:
    """SIGTERM, wait for the exit, start again on the same port: (new process, drain s, s from the
    exit to the next move of every bot game on the other instance)."""
    t0 = time.monotonic()
    srv.proc.send_signal(signal.SIGTERM)
    rc = srv.proc.wait(DRAIN + 20)
    t1 = time.monotonic()
    # uvicorn re-raises the SIGTERM it drained on: a clean exit (systemd counts it as one).
    assert rc in (0, -signal.SIGTERM), f"exit status {rc} after SIGTERM: {srv.proc.stderr.read().decode()[-2000:]}"
    before = {g: _moves([other], g) for g in bots}
    while any(0 <= _moves([other], g) <= before[g] for g in bots):
        assert time.monotonic() - t1 < 20, "the bot games did not go on on the other instance"
        time.sleep(0.05)
    handoff = time.monotonic() - t1
    return _start(srv.db, port=srv.port), t1 - t0, handoff


def test_rolling_restart_under_load_loses_no_acknowledged_move():
    with pg_database() as db, ThreadPoolExecutor(2) as pool:
        a, b = pool.map(_start, [db, db])
        servers = {"a": a, "b": b}
        try:
            seats: list[Seat] = []
            bot = [{"kind": "bot", "bot": "random"}] * 3
            bots = [_create(a.url, bot, join=None)["id"] for _ in range(BOT_GAMES)]
            figures = asyncio.run(_load_and_restart(servers, seats, bots))
            urls = [servers["a"].url, servers["b"].url]
            logs = {s.gid: final_log(urls, s.gid) for s in seats}
        finally:
            for s in servers.values():
                s.stop()
    acked = sum(len(s.acks) for s in seats)
    lost = lost_moves(seats, logs)
    waits = [w for s in seats for w in s.reconnects]
    drops = sum(s.drops for s in seats)
    inflight = [went_in for s in seats for went_in in s.inflight]
    print(f"\nrolling restart: {acked} moves acknowledged, {lost} lost; {drops} connections dropped, "
          f"{len(waits)} reconnected, max reconnect {max(waits, default=0):.2f} s; "
          f"{len(inflight)} moves unanswered at a drop, {sum(inflight)} of them committed; "
          f"drain {figures['drain']}; bot hand-off {figures['handoff']}")  # fmt: skip
    assert lost == 0
    assert acked >= 4 * GAMES, "the load made too few moves to say anything"
    assert drops >= 2 * GAMES, "the restarts dropped too few connections: they were not restarts under load"
    for s in seats:  # every player that lost its connection got it back by itself
        assert s.final is not None or len(s.reconnects) == s.drops, (s.gid, s.drops, s.reconnects)
    assert max(waits) < 10


async def _load_and_restart(servers: dict[str, ServerProcess], seats: list[Seat], bots: list[str]) -> dict:
    stop = asyncio.Event()
    a, b = servers["a"].url, servers["b"].url  # the restarted ones keep their ports
    tasks = [asyncio.create_task(_slot(k, a, b, seats, stop)) for k in range(GAMES)]
    drains, handoffs = [], []
    try:
        await asyncio.sleep(2.0)  # under load before the first restart
        for name, other in (("a", "b"), ("b", "a")):
            new, drain, handoff = await asyncio.to_thread(_restart, servers[name], servers[other].url, bots)
            servers[name] = new
            drains.append(f"{drain:.2f} s")
            handoffs.append(f"{handoff:.2f} s")
            await asyncio.sleep(1.5)  # play on the restarted pair
    finally:
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
    return {"drain": ", ".join(drains), "handoff": ", ".join(handoffs)}


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__, "-s", "-p", "no:xdist"])

"""Bots under load and faults (issue 14, findings 3, 10, 12): fair scheduling between clients and
games, an enforced per-move cap, quotas, every bot off the event loop, workers that die with the
server, and another instance taking over a killed instance's bot games."""

from __future__ import annotations

import asyncio
import signal
import time

import httpx
import pytest

from heliopolis.server.play import bots as botmod
from heliopolis.server.play.bots import BotPool, FairQueue, Job, lane_of
from tests.server.conftest import ServerProcess, create, wait_for

psutil = pytest.importorskip("psutil")


def _job(client: str, cost: float, queued: float, table: str = "") -> Job:
    loop = asyncio.new_event_loop()
    try:
        return Job(client, "x", {}, cost, table or client, queued, loop.create_future())
    finally:
        loop.close()


def test_fair_queue_serves_cheap_moves_and_other_clients_first():
    q = FairQueue()
    for i in range(10):  # one client, ten expensive searches, queued first
        q.push(_job("attacker", 5.0, 100.0 + i * 0.01))
    q.push(_job("victim", 0.2, 100.5))
    assert q.pop(now=101.0).client == "victim"  # the cheap move jumps ahead of the ten
    q.push(_job("other", 5.0, 101.0))
    order = [q.pop(now=101.0).client for _ in range(2)]
    assert order == ["attacker", "other"] or order[0] == "attacker"
    # Waiting counts: an expensive job that has waited longer than a cheap one costs is served first.
    q2 = FairQueue()
    q2.push(_job("a", 5.0, 0.0))
    q2.push(_job("b", 0.1, 9.0))
    assert q2.pop(now=10.0).client == "a"


def test_fair_queue_serves_another_client_before_a_clients_next_games():
    """Issue 27 finding 13, the order alone (no timing): one client's three all-bot games each have a
    decision waiting when another client's first decision arrives; that one runs second, not fourth."""
    q = FairQueue()
    for g in ("a1", "a2", "a3"):
        q.push(_job("attacker", 5.0, 0.0, g))
    first = q.pop(now=0.0)
    assert (first.client, first.table) == ("attacker", "a1")
    q.push(_job("victim", 2.0, 1.0, "b"))  # arrives while a1's search runs
    q.done(first, 5.0)
    q.push(_job("attacker", 5.0, 5.0, "a1"))  # a1's next decision, queued when its move is made
    order = []
    while len(q):
        job = q.pop(now=6.0)
        order.append(job.table)
        q.done(job, job.cost)
    assert order == ["b", "a2", "a3", "a1"]  # then the attacker's games in turn


def test_fair_queue_round_robin_over_a_clients_games_and_no_credit_for_idling():
    q = FairQueue()
    for i in range(3):  # one game queues three decisions before another game of the same client
        q.push(_job("a", 1.0, i, "g1"))
    q.push(_job("a", 1.0, 3.0, "g2"))
    assert [q.pop(now=4.0).table for _ in range(4)] == ["g1", "g2", "g1", "g1"]
    # A client idle for long starts at the virtual time: it banked no credit for three turns in a row.
    q2 = FairQueue()
    for i in range(3):
        q2.push(_job("busy", 1.0, float(i)))
    for _ in range(3):
        q2.done(q2.pop(now=3.0), 1.0)
    for i in range(3):
        q2.push(_job("busy", 1.0, 3.0 + i))
        q2.push(_job("idle", 1.0, 10.0 + i))
    order = []
    for _ in range(6):
        job = q2.pop(now=20.0)
        order.append(job.client)
        q2.done(job, 1.0)
    assert order == ["idle", "busy", "idle", "busy", "idle", "busy"]
    assert not q2.running and set(q2.tag) <= {"busy", "idle"}


def test_a_client_over_its_share_gets_the_slice_while_others_are_around():
    from heliopolis.server.play.fairshare import Usage

    u = Usage(half_life=30.0, window=30.0)
    u.saw("a", 0.0)
    u.add("a", 20.0, 20.0)
    assert not u.over_share("a", 20.0, {"a"})  # alone: the whole move cap
    u.saw("b", 21.0)
    assert u.over_share("a", 22.0, set())  # b asked lately and used less
    assert not u.over_share("b", 22.0, set())  # the light user keeps its budget
    assert not u.over_share("a", 52.0, set())  # b left (no decision for 30 s)
    u.saw("c", 200.0)  # forgotten 60 s after their last decision
    assert set(u.seen) == {"c"} and "a" not in u.used
    pool = BotPool.__new__(BotPool)
    pool.move_cap, pool.share_slice, pool.usage = 5.0, 1.0, Usage()
    pool.usage.add("a", 10.0, 0.0)
    assert pool.cap_for("a", 1.0, {"a", "b"}) == 1.0 and pool.cap_for("b", 1.0, {"a", "b"}) == 5.0
    pool.share_slice = 0.0
    assert pool.cap_for("a", 1.0, {"a", "b"}) == 5.0


def test_every_bot_runs_in_a_worker_lane():
    assert lane_of("random") == lane_of("heuristic") == "light"
    assert lane_of("ismcts:iters=100") == lane_of("mcts") == "search"


def _history_of_ra(n: int = 0) -> tuple[dict, list[int]]:
    from heliopolis.core.registry import new_game

    state = new_game("ra", players=2)
    hist = []
    import random

    rng = random.Random(1)
    while state.is_chance_node() or len(hist) < n:
        a = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(a)
        hist.append(a)
    return {"players": 2}, hist


def test_cheap_search_is_not_queued_behind_expensive_ones_and_the_cap_holds():
    async def main() -> None:
        pool = BotPool(workers=1, move_cap=0.6)
        await pool.start()
        opts, hist = _history_of_ra()
        pool.cost["ismcts:time=0.6"] = 0.6  # as measured by earlier moves
        pool.cost["ismcts:iters=20"] = 0.02
        done: list[str] = []

        async def one(client: str, spec: str, tag: str) -> None:
            a = await pool.decide("ra", opts, hist, 0, spec, 7, client=client)
            assert isinstance(a, int)
            done.append(tag)

        try:
            tasks = [asyncio.create_task(one("attacker", "ismcts:time=0.6", f"slow{i}")) for i in range(3)]
            await asyncio.sleep(0.05)  # the first slow search is running, two wait
            tasks.append(asyncio.create_task(one("victim", "ismcts:iters=20", "cheap")))
            # A search over the cap is clamped to it: 20,000 iterations stop at 0.6 s (+ a rebuild).
            tasks.append(asyncio.create_task(one("x", "ismcts:iters=20000", "capped")))
            await asyncio.wait_for(asyncio.gather(*tasks), 60)
        finally:
            await pool.close()
        assert done.index("cheap") <= 1  # at most the search already running finished before it
        assert done.index("capped") < len(done)

    asyncio.run(main())


def test_a_client_over_its_share_searches_for_the_slice_only():
    """The slice reaches the worker: a 3 s time budget of a client that used more worker time than
    another one present stops after the 0.3 s slice (the bound is loose: a busy machine)."""

    async def main() -> None:
        pool = BotPool(workers=1, move_cap=3.0, share_slice=0.3)
        await pool.start()
        opts, hist = _history_of_ra()
        now = time.monotonic()
        pool.usage.add("attacker", 100.0, now)
        pool.expect("victim")
        try:
            t0 = time.monotonic()
            assert isinstance(await pool.decide("ra", opts, hist, 0, "ismcts:time=3", 5, client="attacker"), int)
            assert time.monotonic() - t0 < 2.5
        finally:
            await pool.close()

    asyncio.run(main())


def test_a_bot_seat_uses_the_share_of_the_address_that_caused_it():
    from heliopolis.server.play.quotas import BotQuotas

    quotas = BotQuotas.__new__(BotQuotas)
    quotas.creator = {"g": "1.1.1.1"}
    quotas.seat_clients = {"g": {1: "9.9.9.9"}}  # seat 1's player resigned it (or ran out of time)
    assert quotas.bot_client("g", 1) == "9.9.9.9"
    assert quotas.bot_client("g", 0) == "1.1.1.1"  # created with the bot (or the rematch's asker)
    assert quotas.bot_client("h", 0) == ""  # unknown, e.g. after a restart


def test_a_worker_over_the_cap_is_killed_and_replaced(monkeypatch):
    monkeypatch.setattr(botmod, "KILL_GRACE", -0.45)  # answers are awaited 0.05 s: the search takes 0.5 s

    async def main() -> None:
        pool = BotPool(workers=1, move_cap=0.5)
        await pool.start()
        opts, hist = _history_of_ra()
        try:
            first = pool.lanes["search"].idle[0].proc.pid
            assert await pool.decide("ra", opts, hist, 0, "ismcts:iters=20000", 3) is None  # stopped
            for _ in range(50):  # SIGKILL is delivered asynchronously
                if not _alive(first):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("the worker over the cap still runs")
            monkeypatch.setattr(botmod, "KILL_GRACE", 30.0)
            assert isinstance(await pool.decide("ra", opts, hist, 0, "ismcts:iters=20", 3), int)  # a new worker
        finally:
            await pool.close()

    asyncio.run(main())


def test_bot_games_per_client_are_capped(tmp_path):
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app

    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, http_rate=1000, http_burst=1000,
                              bot_games_per_client=2, bot_move_cap=2.0))  # fmt: skip
    with TestClient(app) as c:
        for _ in range(3):  # games waiting for their person do not count
            g = create(c, ["human", "random"])
            wait_for(c, g["id"], g["token"], lambda s: s["to_move"] == 0)
        body = {"game": "ra", "players": 2, "seats": [{"kind": "bot", "bot": "ismcts:time=1"}] * 2}
        assert c.post("/api/games", json=body).status_code == 201
        assert c.post("/api/games", json=body).status_code == 201
        r = c.post("/api/games", json=body)  # two all-bot games play (1 s per move)
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert "your 2 games whose bots are playing" in r.json()["error"]["message"]
        create(c, ["human", "human"])  # games without bots are not limited by it
        big = {**body, "seats": [{"kind": "bot", "bot": "ismcts:time=3"}] * 2}
        r = c.post("/api/games", json=big)
        assert r.status_code == 400  # over the per-move cap


def test_heavy_heuristic_bots_leave_the_event_loop_free(tmp_path, monkeypatch):
    """Men-Nefer's heuristic searches; with four all-bot games moving back to back no bot decides in
    the server process (before, those bots ran on the event loop) and the server answers meanwhile."""
    from fastapi.testclient import TestClient

    from heliopolis.bots.heuristic import HeuristicBot
    from heliopolis.server.app import Settings, create_app

    def on_the_loop(self, state):  # noqa: ANN001, ANN202
        raise AssertionError("a bot decided in the server process")

    monkeypatch.setattr(HeuristicBot, "step", on_the_loop)

    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, http_rate=1000, http_burst=1000))
    with TestClient(app) as c:
        for _ in range(4):
            body = {"game": "men-nefer", "players": 3, "seats": [{"kind": "bot", "bot": "heuristic"}] * 3}
            assert c.post("/api/games", json=body).status_code == 201
        first = sum(r["moves"] for r in c.get("/api/games").json()["games"])
        worst = 0.0
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            assert c.get("/api/meta").status_code == 200
            worst = max(worst, time.perf_counter() - t0)
            time.sleep(0.02)
        assert app.state.auth.bots.cost.get("heuristic") is not None  # the moves went through the workers
        assert sum(r["moves"] for r in c.get("/api/games").json()["games"]) > first  # the bots played
        assert worst < 2.0, worst  # generous: the machine may be shared; a blocked loop holds requests longer


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _cmdline(pid: int) -> str:
    try:
        return " ".join(psutil.Process(pid).cmdline())
    except psutil.Error:
        return ""


def _descendants(pid: int) -> list[int]:
    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_bot_workers_die_with_the_server(tmp_path, sig):
    server = ServerProcess(f"sqlite:///{tmp_path / 'h.db'}").start()
    try:
        r = httpx.post(server.url + "/api/games", json={"game": "ra", "players": 2, "seats": [
            {"kind": "bot", "bot": "ismcts:time=3"}, {"kind": "bot", "bot": "ismcts:time=3"}]}, timeout=10)  # fmt: skip
        assert r.status_code == 201
        kids = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # a worker is searching (busy) when the server dies
            kids = _descendants(server.proc.pid)
            try:
                if any(psutil.Process(k).cpu_percent(0.2) > 20 for k in kids):
                    break
            except psutil.NoSuchProcess:
                continue
        assert kids
        server.proc.send_signal(sig)
        server.proc.wait(15)
        deadline = time.monotonic() + 5
        alive = kids
        while alive and time.monotonic() < deadline:
            alive = [k for k in kids if _alive(k)]
            time.sleep(0.1)
        assert not alive, [_cmdline(k) for k in alive]
    finally:
        server.kill()


def test_another_instance_finishes_a_killed_instances_bot_game(pg_url):
    a = ServerProcess(pg_url, bot_delay=0.05).start()
    b = ServerProcess(pg_url, bot_delay=0.0).start()
    try:
        r = httpx.post(a.url + "/api/games", json={"game": "ra", "players": 2, "seats": [
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}]}, timeout=10)  # fmt: skip
        gid = r.json()["id"]
        deadline = time.monotonic() + 30
        while httpx.get(f"{b.url}/api/games/{gid}", timeout=10).json()["moves"] < 12:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        a.kill()  # SIGKILL mid-game: its lease dies with its database connection
        before = httpx.get(f"{b.url}/api/games/{gid}", timeout=10).json()
        assert before["status"] == "running"
        deadline = time.monotonic() + 90
        while True:
            g = httpx.get(f"{b.url}/api/games/{gid}", timeout=10).json()
            if g["status"] == "finished":
                break
            assert time.monotonic() < deadline, g
            time.sleep(0.2)
        assert g["moves"] > before["moves"]
    finally:
        a.kill()
        b.stop()


def test_several_server_processes_need_postgresql(tmp_path):
    from click.testing import CliRunner

    from heliopolis.cli import main

    r = CliRunner().invoke(main, ["serve", "--db", f"sqlite:///{tmp_path / 'h.db'}", "--workers", "2"])
    assert r.exit_code != 0 and "needs PostgreSQL" in r.output


def test_every_process_of_serve_workers_dies_with_the_supervisor(pg_url):
    """``serve --workers 2``: uvicorn's supervisor, two server processes, their bot workers and
    multiprocessing's resource tracker; SIGKILL of the supervisor leaves none of them."""
    import subprocess
    import sys
    from pathlib import Path

    from tests.server.conftest import free_port

    port = free_port()
    exe = Path(sys.executable).with_name("heliopolis")
    proc = subprocess.Popen([str(exe), "serve", "--db", pg_url, "--port", str(port), "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        kids: list[int] = []
        while time.monotonic() < deadline:  # both server processes with their two bot workers each
            kids = _descendants(proc.pid)
            if sum("heliopolis.server.play.botworker" in _cmdline(k) for k in kids) >= 4:
                break
            time.sleep(0.3)
        assert len(kids) >= 6, kids
        proc.kill()
        proc.wait(10)
        deadline = time.monotonic() + 5
        alive = kids
        while alive and time.monotonic() < deadline:
            alive = [k for k in kids if _alive(k)]
            time.sleep(0.1)
        assert not alive
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_negative_slice_is_refused_in_one_line(tmp_path):
    from click.testing import CliRunner

    from heliopolis.cli import main

    r = CliRunner().invoke(main, ["serve", "--db", f"sqlite:///{tmp_path / 'h.db'}", "--bot-slice", "-1"])
    assert r.exit_code == 2 and "--bot-slice" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "h.db").exists()  # refused before anything is opened

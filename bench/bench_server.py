#!/usr/bin/env python3
"""Web server load benchmark: N concurrent Ra games played through the WebSocket API on loopback.

Usage::

    python bench/bench_server.py [--games 200] [--players 2] [--think 0.5] [--duration 30]
                                 [--warmup 5] [--db URL] [--url URL] [--procs 1] [--sources 1]
                                 [--seed 0] [--json FILE] [--py-spy FILE.svg]
                                 [--ab-metrics N | --baseline SRC_DIR [--rounds 3]]

    # the issue's target: 200 games, simulated players thinking ~0.5 s per move
    python bench/bench_server.py --games 200 --think 0.5 --duration 30
    # saturation: players answer at once
    python bench/bench_server.py --games 50 --think 0 --duration 30
    # the same with a real-time clock running in every game (the table layer)
    python bench/bench_server.py --games 200 --think 0.5 --duration 30 --clock fischer:600:15
    # A/B: two servers at once, one with `serve --metrics` (scraped every 5 s), half the games each; 3 rounds
    python bench/bench_server.py --games 50 --think 0 --duration 20 --ab-metrics 3
    # A/B against an older commit: its server (PYTHONPATH=/tmp/base/src, this venv) and this tree's, 3 rounds
    git worktree add /tmp/base <commit>
    python bench/bench_server.py --games 50 --think 0 --duration 20 --baseline /tmp/base/src --rounds 3
    # PostgreSQL (the database must exist and should be empty or hold only earlier bench games)
    python bench/bench_server.py --db postgresql://postgres@127.0.0.1:54329/bench_x

Starts ``heliopolis serve --db DB --port <free port> --bot-delay 0`` (unless ``--url`` names a
running server; the default database is a fresh SQLite file in a temporary directory), creates
``--games`` Ra games over HTTP (every seat human: ``POST /api/games`` with ``join: 0``, then
``POST /api/games/{id}/join`` per other seat; creation is paced under the server's per-address
write limit and a 429 is answered by sleeping and retrying) and connects one WebSocket per seat.
Each seat is a simulated player that keeps the state it holds (a ``state`` replaces it, a ``delta`` is
applied to it, a gap is answered with ``sync``): on a state whose ``legal`` is non-empty it waits a think time
drawn uniformly from [0.5, 1.5] x ``--think`` seconds (0: acts at once, i.e. saturation), then sends
``{"type": "act", "action": <random legal id>, "version": <version>}``. On an ``error`` it counts
the code, waits a little and sends ``{"type": "sync"}``. A finished game is replaced by a new one, so
``--games`` stay in play. All seats of all games run as asyncio tasks in ``--procs`` client
processes (one event loop each; uvloop if installed).

Measured, over ``--duration`` seconds after every initial game exists plus ``--warmup`` seconds:

* moves/s: player moves acknowledged in the window (the acting connection received a ``state``
  with a higher version than the one it acted on);
* latency per move: from sending ``act`` to receiving that newer ``state`` on the same connection,
  i.e. validation, chance settling, the database commit and the push, plus loopback and the client's
  own event-loop delay. Samples are moves sent within the window; p50/p95/p99/max in ms;
* errors by code (``stale``, ``rate_limited``, ...), HTTP 429s during game creation;
* server CPU per acknowledged move (server CPU seconds in the window / moves acknowledged in it), also
  expressed in engine actions (times the baseline below), so that machines compare;
* CPU, in % of one core over the window: the server process (all its threads, from /proc), the
  client processes, and the whole machine (from /proc/stat), so that other jobs' load is visible;
  the load average is printed too;
* a same-run baseline of this machine: the engine's random-playout player actions/s on Ra 2p
  (``heliopolis.core.bench.random_playouts``, 1 s, before the server starts), so that figures
  compare across machines.

A/B runs (``--ab-metrics N``, ``--baseline SRC_DIR``) start two servers on fresh SQLite files and
run them at once in each round, each played by its own client processes with half the games over
the same window (so the machine's other load falls on both alike; the arm started first alternates
by round), and report each server's CPU per acknowledged move (from /proc), each round's ratio and
their median and range, and the pooled ratio (all rounds' CPU over all their moves). ``--baseline``
compares the server of another source tree (``PYTHONPATH=SRC_DIR``, the same venv: e.g. a
``git worktree`` of an older commit) with this tree's (``PYTHONPATH`` its ``src``) and prints
new/baseline; ``--ab-metrics`` compares this server without and with ``serve --metrics``.

Not measured: bot thinking (every seat is a simulated human; the server runs no bot), think time,
game creation (HTTP) latency, browser rendering, real network. The clients share the machine with
the server: on 2 cores their CPU is taken from the server, which is why it is reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

TARGET_GAMES = 200
TARGET_P99_MS = 100.0
CLK_TCK = os.sysconf("SC_CLK_TCK")
SYNC = json.dumps({"type": "sync"})


# -- machine measurements ----------------------------------------------------------------------
def proc_cpu_seconds(pid: int) -> float | None:
    """utime + stime of a process (all its threads), in seconds; ``None`` if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # fields 14 and 15 of stat(5)


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of all CPUs since boot, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            vals = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0, 0.0
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
    total = sum(vals[:8])
    return float(total - idle), float(total)


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def baseline_actions_per_s(seconds: float = 1.0) -> float:
    import heliopolis
    from heliopolis.core.bench import random_playouts

    _, player, _, secs = random_playouts(heliopolis.load_game("ra", 2), seconds)
    return player / secs


# -- server ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``heliopolis serve`` in a subprocess, as tests/server/conftest.py's ServerProcess."""

    def __init__(self, db: str, log_path: Path, extra: tuple[str, ...] = (), env: dict[str, str] | None = None) -> None:
        self.db, self.port, self.log_path, self.extra, self.env = db, free_port(), log_path, extra, env or {}
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        exe = Path(sys.executable).with_name("heliopolis")
        cmd = [str(exe)] if exe.exists() else [shutil.which("heliopolis") or "heliopolis"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        env.setdefault("HELIOPOLIS_CREATE_RATE", "1000")  # all its games come from one address (or a few)
        env.setdefault("HELIOPOLIS_WS_PER_CLIENT", "0")  # and all its sockets (the limit is per address)
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - a file, not a pipe: a full pipe would block the server
        self.proc = subprocess.Popen(cmd + ["serve", "--db", self.db, "--port", str(self.port), "--bot-delay", "0",
                                            *self.extra],
                                     env=env, stdout=self.log, stderr=subprocess.STDOUT)  # fmt: skip
        deadline = time.monotonic() + 180  # a loaded machine starts the server slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_tail()}")
            try:
                if httpx.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.proc.kill()  # not left running (and holding its database) after a failed start
        self.proc.wait()
        raise RuntimeError("server did not start")

    def log_tail(self, n: int = 3000) -> str:
        try:
            return self.log_path.read_bytes()[-n:].decode(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if getattr(self, "log", None):
            self.log.close()


def pid_listening_on(port: int) -> int | None:
    """The pid of a local process listening on ``port`` (for ``--url``: to read its CPU)."""
    try:
        inodes = set()
        for name in ("/proc/net/tcp", "/proc/net/tcp6"):
            with open(name) as f:
                for line in f.readlines()[1:]:
                    parts = line.split()
                    if parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(parts[9])
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                    if link.startswith("socket:[") and link[8:-1] in inodes:
                        return int(pid)
            except OSError:
                continue
    except OSError:
        pass
    return None


# -- client ------------------------------------------------------------------------------------
class Pacer:
    """A client-side token bucket so that game creation stays under the server's write limit."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    async def take(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens >= 1.0:
                self.tokens -= 1.0
                return
            await asyncio.sleep((1.0 - self.tokens) / self.rate)


class Client:
    """``games`` game slots, each playing one game after another with simulated human seats."""

    def __init__(self, idx: int, cfg: dict[str, Any], games: int, timing: Any) -> None:
        self.idx, self.cfg, self.games, self.timing = idx, cfg, games, timing
        self.think = cfg["think"]
        self.ws_base = "ws" + cfg["url"][4:]
        self.latencies: list[float] = []
        self.acked = 0  # acknowledged in the window
        self.sent = 0  # sent in the window
        self.errors: Counter[str] = Counter()
        self.http_429 = 0
        self.games_created = self.games_finished = 0
        self.initial_created = 0
        self.all_created = asyncio.Event()
        sources, procs = cfg["sources"], cfg["procs"]
        self.pacer = Pacer(cfg["http_rate"] * sources / procs, max(1.0, cfg["http_burst"] * sources / procs))

    def window(self) -> tuple[float, float]:
        return self.timing[0], self.timing[1]

    async def run(self, ready: Any) -> dict[str, Any]:
        sources = self.cfg["sources"]
        clients = []
        for j in range(sources):
            transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{1 + j}") if sources > 1 else None
            clients.append(httpx.AsyncClient(base_url=self.cfg["url"], timeout=60, transport=transport))
        slots = [asyncio.create_task(self.slot(k, clients[(self.idx + k * self.cfg["procs"]) % sources]))
                 for k in range(self.games)]  # fmt: skip
        await self.all_created.wait()
        ready.put(self.idx)
        while self.timing[1] == float("inf") or time.monotonic() < self.timing[1] + self.cfg["grace"]:
            await asyncio.sleep(0.2)
        for t in slots:
            t.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        for c in clients:
            await c.aclose()
        return {"latencies": self.latencies, "acked": self.acked, "sent": self.sent, "errors": dict(self.errors),
                "http_429": self.http_429, "games_created": self.games_created,
                "games_finished": self.games_finished}  # fmt: skip

    async def post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
        for _ in range(100):
            await self.pacer.take()
            r = await http.post(path, json=body)
            if r.status_code == 429:
                self.http_429 += 1
                await asyncio.sleep(1.0 + random.random())
                continue
            if r.status_code >= 400:
                raise RuntimeError(f"POST {path}: {r.status_code} {r.text[:300]}")
            return r.json()
        raise RuntimeError(f"POST {path}: still rate limited after 100 tries")

    async def new_game(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        players = self.cfg["players"]
        body = {"game": "ra", "players": players, "options": {},
                "seats": [{"kind": "human", "name": f"sim{i}"} for i in range(players)], "join": 0}  # fmt: skip
        if self.cfg.get("clock"):  # a running clock in every game: "fischer:600:15" or "turn:86400:172800"
            kind, a, b = self.cfg["clock"].split(":")
            body["table"] = {"clock": {"kind": kind, "base": float(a), "increment": float(b)} if kind == "fischer"
                             else {"kind": kind, "per_move": float(a), "bank": float(b)}}  # fmt: skip
        made = await self.post(http, "/api/games", body)
        gid, tokens = made["id"], [made["token"]]
        for seat in range(1, players):
            joined = await self.post(http, f"/api/games/{gid}/join", {"seat": seat, "name": f"sim{seat}"})
            tokens.append(joined["token"])
        self.games_created += 1
        return gid, tokens

    async def slot(self, k: int, http: httpx.AsyncClient) -> None:
        rng = random.Random(f"{self.cfg['seed']}:{self.idx}:{k}")
        first = True
        while True:
            try:
                gid, tokens = await self.new_game(http)
            except (httpx.HTTPError, RuntimeError) as e:
                self.errors[f"http:{type(e).__name__}"] += 1
                await asyncio.sleep(1.0)
                continue
            if first:
                first = False
                self.initial_created += 1
                if self.initial_created == self.games:
                    self.all_created.set()
            seats = [asyncio.create_task(self.seat(gid, s, tok, random.Random(rng.random())))
                     for s, tok in enumerate(tokens)]  # fmt: skip
            try:
                results = await asyncio.gather(*seats)
            except asyncio.CancelledError:
                for t in seats:
                    t.cancel()
                await asyncio.gather(*seats, return_exceptions=True)
                raise
            except Exception as e:  # a connection failed: count it and start another game
                self.errors[f"client:{type(e).__name__}"] += 1
                for t in seats:
                    t.cancel()
                await asyncio.gather(*seats, return_exceptions=True)
                continue
            if "finished" in results:
                self.games_finished += 1

    async def seat(self, gid: str, seat: int, token: str, rng: random.Random) -> str:
        from websockets.asyncio.client import connect

        uri = f"{self.ws_base}/ws/games/{gid}?token={token}"
        think, loads, clock = self.think, json.loads, time.monotonic
        timing = self.timing
        pending_v = None
        t_send = 0.0
        acted = -1
        cur: dict[str, Any] = {}  # the state as this seat knows it (full states and deltas applied)
        async with connect(uri, open_timeout=60, close_timeout=1, ping_interval=None, max_size=2**22) as ws:
            while True:
                try:
                    async with asyncio.timeout(60):
                        raw = await ws.recv()
                except TimeoutError:  # nothing for a minute: ask again
                    self.errors["client_timeout"] += 1
                    pending_v, acted = None, -1
                    await ws.send(SYNC)
                    continue
                now = clock()
                m = loads(raw)
                typ = m.get("type")
                if typ == "delta":  # what changed since m["base"] (docs/server-api.md)
                    if m["base"] != cur.get("version"):
                        if m["version"] > cur.get("version", -1):
                            self.errors["delta_gap"] += 1
                            await ws.send(SYNC)
                        continue
                    cur.update(m.get("set", ()))
                    cur["version"] = m["version"]
                    m, typ = cur, "state"
                elif typ == "state":
                    cur = m
                if typ == "state":
                    v = m["version"]
                    if pending_v is not None and v > pending_v:
                        t0, t1 = timing[0], timing[1]
                        if t0 <= t_send < t1:
                            self.latencies.append(now - t_send)
                        if t0 <= now < t1:
                            self.acked += 1
                        pending_v = None
                    if m["status"] != "running":
                        return m["status"]
                    legal = m["legal"]
                    if legal and v != acted:
                        acted = v
                        if think > 0:
                            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                        action = legal[int(rng.random() * len(legal))]["id"]
                        t_send = clock()
                        pending_v = v
                        if timing[0] <= t_send < timing[1]:
                            self.sent += 1
                        await ws.send(json.dumps({"type": "act", "action": action, "version": v}))
                elif typ == "error":
                    self.errors[m.get("code") or "?"] += 1
                    pending_v, acted = None, -1
                    await asyncio.sleep(rng.uniform(0.05, 0.25))
                    await ws.send(SYNC)


def client_process(idx: int, cfg: dict[str, Any], games: int, timing: Any, ready: Any, results: Any) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    try:
        results.put((idx, asyncio.run(Client(idx, cfg, games, timing).run(ready))))
    except BaseException as e:  # report instead of hanging the parent
        results.put((idx, {"crash": repr(e)}))
        ready.put(None)
        raise


# -- driver ------------------------------------------------------------------------------------
def spy_format(path: str) -> str:
    return {".svg": "flamegraph", ".json": "speedscope"}.get(Path(path).suffix, "raw")


def percentile(sorted_xs: list[float], p: float) -> float:
    if not sorted_xs:
        return float("nan")
    k = min(len(sorted_xs) - 1, max(0, round(p / 100 * len(sorted_xs) + 0.5) - 1))  # nearest rank
    return sorted_xs[k]


class Scraper:
    """Scrapes ``/metrics`` every ``every`` seconds in a thread, as Prometheus would (``--ab-metrics``)."""

    def __init__(self, url: str, every: float) -> None:
        import threading

        self.url, self.every, self.stop, self.scrapes, self.player_moves = url, every, threading.Event(), 0, 0.0
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.stop.wait(self.every):
            self.scrape()

    def scrape(self) -> None:
        text = httpx.get(self.url + "/metrics", timeout=10).raise_for_status().text
        self.scrapes += 1
        for line in text.splitlines():
            if line.startswith('heliopolis_moves_committed_total{by="player"}'):
                self.player_moves = float(line.split()[-1])

    def close(self) -> None:
        self.stop.set()
        self.thread.join(30)


def run(args: argparse.Namespace, serve_args: tuple[str, ...] = ()) -> dict[str, Any]:
    cpus = os.cpu_count() or 1
    print(f"machine: {cpus} CPUs, load average {loadavg()}; measuring the engine baseline (1 s)...", flush=True)
    base = baseline_actions_per_s(1.0)
    tmp = tempfile.TemporaryDirectory(prefix="bench_server_")
    server = None
    try:
        if args.url:
            url = args.url.rstrip("/")
            parts = urlsplit(url)
            server_pid = pid_listening_on(parts.port or 80) if parts.hostname in ("127.0.0.1", "localhost") else None
            db = "(external server)"
            try:
                httpx.get(url + "/api/meta", timeout=5).raise_for_status()
            except httpx.HTTPError as e:
                raise SystemExit(f"no Heliopolis server answers at {url}: {e}") from None
        else:
            db = args.db or f"sqlite:///{Path(tmp.name) / 'bench.db'}"
            server = Server(db, Path(tmp.name) / "server.log", serve_args).start()
            url, server_pid = server.url, server.proc.pid
        if args.sources > 1 and urlsplit(url).hostname != "127.0.0.1":
            raise SystemExit("--sources needs a server on 127.0.0.1")
        print(f"server {url} (pid {server_pid}), database {db}", flush=True)
        cfg = {"url": url, "players": args.players, "think": args.think, "clock": args.clock, "seed": args.seed, "procs": args.procs,
               "sources": args.sources, "http_rate": args.http_rate, "http_burst": args.http_burst,
               "grace": args.grace}  # fmt: skip
        ctx = mp.get_context("spawn")
        timing = ctx.RawArray("d", [float("inf"), float("inf")])
        ready, results = ctx.Queue(), ctx.Queue()
        shares = [args.games // args.procs + (i < args.games % args.procs) for i in range(args.procs)]
        procs = [ctx.Process(target=client_process, args=(i, cfg, n, timing, ready, results), daemon=True)
                 for i, n in enumerate(shares) if n]  # fmt: skip
        t_setup = time.monotonic()
        for p in procs:
            p.start()
        for _ in procs:
            if ready.get(timeout=600) is None:
                idx, out = results.get(timeout=10)
                raise RuntimeError(f"client {idx} failed: {out.get('crash')}")
        setup = time.monotonic() - t_setup
        print(f"{args.games} games created in {setup:.1f} s; warm-up {args.warmup:g} s, measuring {args.duration:g} s",
              flush=True)  # fmt: skip
        t0 = time.monotonic() + args.warmup
        t1 = t0 + args.duration
        timing[0], timing[1] = t0, t1
        time.sleep(max(0.0, t0 - time.monotonic()))
        scraper = Scraper(url, args.scrape_every) if "--metrics" in serve_args else None
        client_pids = [p.pid for p in procs]
        s_cpu0 = proc_cpu_seconds(server_pid) if server_pid else None
        c_cpu0 = [proc_cpu_seconds(pid) or 0.0 for pid in client_pids]
        m0 = machine_cpu()
        w0 = time.monotonic()
        spy = None
        if args.py_spy and server_pid:
            spy = subprocess.Popen([shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy")), "record",
                                    "-o", args.py_spy, "--pid", str(server_pid), "-d", str(int(args.duration)),
                                    "-r", "100", "--nonblocking", "--threads", "-f", spy_format(args.py_spy)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(max(0.0, t1 - time.monotonic()))
        wall = time.monotonic() - w0
        s_cpu1 = proc_cpu_seconds(server_pid) if server_pid else None
        if scraper is not None:
            scraper.close()
            scraper.scrape()  # the server's own count of the moves, to show the metrics were live
        c_cpu1 = [proc_cpu_seconds(pid) or 0.0 for pid in client_pids]
        m1 = machine_cpu()
        load_end = loadavg()
        outs: dict[int, dict[str, Any]] = {}
        while len(outs) < len(procs):
            idx, out = results.get(timeout=args.grace + 120)
            if "crash" in out:
                raise RuntimeError(f"client {idx} crashed: {out['crash']}")
            outs[idx] = out
        for p in procs:
            p.join(10)
        if spy is not None:
            spy.wait(60)
    finally:
        if server is not None:
            server.stop()
            tail = "\n".join(ln for ln in server.log_tail().splitlines() if not ln.startswith("Heliopolis on "))
            if tail.strip():
                print("--- server log (tail) ---\n" + tail + "\n---", file=sys.stderr)
        tmp.cleanup()

    lat = sorted(x for o in outs.values() for x in o["latencies"])
    errors: Counter[str] = Counter()
    for o in outs.values():
        errors.update(o["errors"])
    acked = sum(o["acked"] for o in outs.values())
    busy = (m1[0] - m0[0]) / (m1[1] - m0[1]) * 100 * cpus if m1[1] > m0[1] else float("nan")
    server_cpu = (s_cpu1 - s_cpu0) / wall * 100 if s_cpu0 is not None and s_cpu1 is not None else None
    client_cpu = sum(b - a for a, b in zip(c_cpu0, c_cpu1)) / wall * 100
    return {
        "games": args.games, "players": args.players, "think_s": args.think, "clock": args.clock, "duration_s": round(wall, 2),
        "warmup_s": args.warmup, "db": "postgresql" if db.startswith("postgres") else db.split(":", 1)[0],
        "client_procs": args.procs, "sources": args.sources, "setup_s": round(setup, 1),
        "moves": acked, "moves_per_s": acked / wall, "samples": len(lat),
        "lost": sum(o["sent"] for o in outs.values()) - len(lat),
        "latency_ms": {"p50": percentile(lat, 50) * 1e3, "p95": percentile(lat, 95) * 1e3,
                       "p99": percentile(lat, 99) * 1e3, "max": (lat[-1] if lat else float("nan")) * 1e3,
                       "mean": (sum(lat) / len(lat) if lat else float("nan")) * 1e3},
        "errors": dict(errors), "http_429": sum(o["http_429"] for o in outs.values()),
        "games_created": sum(o["games_created"] for o in outs.values()),
        "games_finished": sum(o["games_finished"] for o in outs.values()),
        "server_cpu_pct": server_cpu, "client_cpu_pct": client_cpu,
        "server_cpu_ms_per_move": (server_cpu / 100 * wall / acked * 1e3) if server_cpu is not None and acked else None, "machine_busy_pct": busy,
        "other_cpu_pct": busy - (server_cpu or 0.0) - client_cpu, "cpus": cpus,
        "loadavg_end": load_end, "baseline_ra2_actions_per_s": base,
        "target": {"games": TARGET_GAMES, "p99_ms": TARGET_P99_MS},
        "serve_args": list(serve_args),
        "metrics_scrapes": scraper.scrapes if scraper is not None else None,
        "metrics_player_moves": scraper.player_moves if scraper is not None else None,
    }  # fmt: skip


def report(r: dict[str, Any]) -> None:
    lat = r["latency_ms"]
    errs = ", ".join(f"{k} {v}" for k, v in sorted(r["errors"].items())) or "none"
    pct = lambda x: "?" if x is None else f"{x:.0f}%"  # noqa: E731
    rows = [
        ("games x players", f"{r['games']} x {r['players']}  (db {r['db']}, {r['client_procs']} client process(es))"),
        ("think (mean s)", f"{r['think_s']:g}" + ("  (saturation)" if r["think_s"] == 0 else "")),
        ("measured", f"{r['duration_s']:.1f} s after {r['setup_s']:.1f} s setup + {r['warmup_s']:g} s warm-up"),
        ("moves/s", f"{r['moves_per_s']:,.1f}  ({r['moves']} acknowledged player moves)"),
        ("latency ms", f"p50 {lat['p50']:.1f}  p95 {lat['p95']:.1f}  p99 {lat['p99']:.1f}  max {lat['max']:.1f}"
                       f"  (mean {lat['mean']:.1f}, {r['samples']} samples, {r['lost']} unanswered)"),
        ("errors", f"{errs}; HTTP 429 during creation: {r['http_429']}"),
        ("games", f"{r['games_created']} created, {r['games_finished']} finished (whole run)"),
        ("CPU (% of a core)", f"server {pct(r['server_cpu_pct'])}  clients {pct(r['client_cpu_pct'])}  "
                              f"other {pct(r['other_cpu_pct'])}  machine {pct(r['machine_busy_pct'])} "
                              f"of {r['cpus'] * 100}%"),
        ("server CPU/move", "?" if r["server_cpu_ms_per_move"] is None else
                            f"{r['server_cpu_ms_per_move']:.3f} ms per acknowledged move = "
                            f"{r['server_cpu_ms_per_move'] * r['baseline_ra2_actions_per_s'] / 1e3:,.0f} engine "
                            f"actions' worth (baseline below)"),
        ("load average", r["loadavg_end"]),
        ("baseline", f"{r['baseline_ra2_actions_per_s']:,.0f} engine random-playout actions/s (Ra 2p, 1 s)"),
    ]  # fmt: skip
    ok = r["games"] >= TARGET_GAMES and lat["p99"] < TARGET_P99_MS
    target = f"{TARGET_GAMES} games, p99 < {TARGET_P99_MS:g} ms"
    verdict = "met" if ok else "NOT met" if r["games"] >= TARGET_GAMES else "n/a (fewer games)"
    rows.append(("target", f"{target}: {verdict}"))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")


# -- A/B: two servers in the same rounds ------------------------------------------------------------
# An arm of an A/B run: the server's extra ``serve`` arguments and the environment it starts with.
Arm = tuple[tuple[str, ...], dict[str, str]]


def _ab_round(
    args: argparse.Namespace, tmp: Path, arms: dict[str, Arm], scrape: str | None
) -> dict[str, dict[str, Any]]:
    """One round of an A/B run: a server per arm at once, each played by its own client processes with
    half the games, measured over the same window, so the machine's other load falls on both alike.
    ``scrape`` names the arm whose ``/metrics`` is scraped every ``--scrape-every`` s (``--ab-metrics``)."""
    servers = {arm: Server(f"sqlite:///{tmp / f'{arm}.db'}", tmp / f"{arm}.log", extra, env)
               for arm, (extra, env) in arms.items()}  # fmt: skip
    ctx = mp.get_context("spawn")
    timing = ctx.RawArray("d", [float("inf"), float("inf")])
    ready, results = ctx.Queue(), ctx.Queue()
    scraper = None
    try:
        for srv in servers.values():
            srv.start()
        procs, arm_of = [], {}
        for arm, srv in servers.items():
            cfg = {"url": srv.url, "players": args.players, "think": args.think, "clock": args.clock, "seed": args.seed,
                   "procs": args.procs, "sources": 1, "http_rate": args.http_rate, "http_burst": args.http_burst,
                   "grace": args.grace}  # fmt: skip
            for i in range(args.procs):
                idx = len(procs)
                arm_of[idx] = arm
                n = (args.games // 2) // args.procs + (i < (args.games // 2) % args.procs)
                procs.append(
                    ctx.Process(target=client_process, args=(idx, cfg, n, timing, ready, results), daemon=True)
                )
        for p in procs:
            p.start()
        for _ in procs:
            if ready.get(timeout=600) is None:
                raise RuntimeError(f"a client failed: {results.get(timeout=10)}")
        t0 = time.monotonic() + args.warmup
        timing[0], timing[1] = t0, t0 + args.duration
        time.sleep(max(0.0, t0 - time.monotonic()))
        scraper = Scraper(servers[scrape].url, args.scrape_every) if scrape else None
        cpu0 = {arm: proc_cpu_seconds(srv.proc.pid) or 0.0 for arm, srv in servers.items()}
        time.sleep(max(0.0, timing[1] - time.monotonic()))
        cpu1 = {arm: proc_cpu_seconds(srv.proc.pid) or 0.0 for arm, srv in servers.items()}
        if scraper is not None:
            scraper.close()
            scraper.scrape()
        acked = dict.fromkeys(arms, 0)
        for _ in procs:
            idx, out = results.get(timeout=args.grace + 120)
            if "crash" in out:
                raise RuntimeError(f"client {idx} crashed: {out['crash']}")
            acked[arm_of[idx]] += out["acked"]
        for p in procs:
            p.join(10)
    finally:
        for srv in servers.values():
            srv.stop()
    out = {arm: {"moves": acked[arm], "cpu_s": cpu1[arm] - cpu0[arm],
                 "ms_per_move": (cpu1[arm] - cpu0[arm]) / acked[arm] * 1e3 if acked[arm] else float("nan")}
           for arm in arms}  # fmt: skip
    if scraper is not None and scrape:
        out[scrape].update(scrapes=scraper.scrapes, counted_player_moves=scraper.player_moves)
    return out


def ab_rounds(args: argparse.Namespace, arms: dict[str, Arm], rounds: int, scrape: str | None = None) -> dict[str, Any]:
    """``rounds`` rounds of ``_ab_round`` (the arms started in turn first, a round each) and the change
    of the second arm's server CPU per move over the first's: each round's ratio (its median and range)
    and the pooled one (all rounds' CPU over all their moves, per arm: the arm a round's scheduler
    favoured moves more and batches more, so one round's ratio swings both ways)."""
    print(f"machine: {os.cpu_count()} CPUs, load average {loadavg()}", flush=True)
    a, b = arms
    out = []
    for i in range(rounds):
        order = dict(list(arms.items())[:: 1 if i % 2 == 0 else -1])
        with tempfile.TemporaryDirectory(prefix="bench_ab_") as tmp:
            r = _ab_round(args, Path(tmp), order, scrape)
        r["ratio"] = r[b]["ms_per_move"] / r[a]["ms_per_move"]
        out.append(r)
        scrapes = f", {r[scrape]['scrapes']} scrapes" if scrape else ""
        print(f"round {i + 1}: {a} {r[a]['ms_per_move']:.3f} ms server CPU per move ({r[a]['moves']} moves), "
              f"{b} {r[b]['ms_per_move']:.3f} ms ({r[b]['moves']} moves{scrapes}): {b}/{a} {r['ratio']:.3f}; "
              f"load average {loadavg()}", flush=True)  # fmt: skip
    ratios = sorted(r["ratio"] for r in out)
    median = (ratios[(len(ratios) - 1) // 2] + ratios[len(ratios) // 2]) / 2
    per_move = {arm: sum(r[arm]["cpu_s"] for r in out) / max(1, sum(r[arm]["moves"] for r in out)) * 1e3
                for arm in arms}  # fmt: skip
    pooled = per_move[b] / per_move[a]
    print(f"server CPU per move, {b}/{a}: {pooled:.3f} pooled ({per_move[a]:.3f} -> {per_move[b]:.3f} ms), "
          f"{median:.3f} median of {len(out)} rounds (range {ratios[0]:.3f} .. {ratios[-1]:.3f})", flush=True)  # fmt: skip
    return {"ratio_pooled": pooled, "ratio_median": median, "ratio_range": [ratios[0], ratios[-1]],
            "ms_per_move": per_move, "rounds": out, "games": args.games, "think_s": args.think,
            "duration_s": args.duration}  # fmt: skip


def ab_metrics(args: argparse.Namespace) -> dict[str, Any]:
    """``--ab-metrics N``: servers without and with ``--metrics``; the change in %, median and pooled."""
    ab = ab_rounds(args, {"off": ((), {}), "on": (("--metrics",), {})}, args.ab_metrics, scrape="on")
    ab.update(change_pct_pooled=(ab["ratio_pooled"] - 1) * 100, change_pct_median=(ab["ratio_median"] - 1) * 100)
    print(f"server CPU per move with metrics on: {ab['change_pct_pooled']:+.1f} % pooled, "
          f"{ab['change_pct_median']:+.1f} % median of {args.ab_metrics} rounds", flush=True)  # fmt: skip
    return ab


def ab_baseline(args: argparse.Namespace) -> dict[str, Any]:
    """``--baseline SRC_DIR``: the server of another source tree (``PYTHONPATH=SRC_DIR``, this venv) and
    this tree's (``PYTHONPATH`` its own ``src``), the same load; the ratio new/baseline."""
    here = str(Path(__file__).resolve().parents[1] / "src")
    base = str(Path(args.baseline).resolve())
    print(f"baseline {base}, new {here}", flush=True)
    return ab_rounds(args, {"baseline": ((), {"PYTHONPATH": base}), "new": ((), {"PYTHONPATH": here})}, args.rounds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    ap.add_argument("--players", type=int, default=2, help="seats per game, all simulated humans (default 2)")
    ap.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="mean think time in s, uniform in [0.5x, 1.5x]; 0 = act at once (default 0.5)",
    )
    ap.add_argument("--duration", type=float, default=30.0, help="seconds measured (default 30)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds after all games exist before measuring")
    ap.add_argument("--db", help="database URL for the server (default: a fresh SQLite file in a temp dir)")
    ap.add_argument("--url", help="use this running server instead of starting one (e.g. http://127.0.0.1:8000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clock", help="a clock in every game: fischer:BASE:INCREMENT or turn:PER_MOVE:BANK (seconds)")
    ap.add_argument("--procs", type=int, default=1, help="client processes (default 1)")
    ap.add_argument("--sources", type=int, default=1,
                    help="spread game creation over this many loopback source addresses 127.0.0.1..N (each has "
                         "the server's per-address HTTP write limit; default 1)")  # fmt: skip
    ap.add_argument("--http-rate", type=float, default=18.0, help="client-side pacing of HTTP writes per address")
    ap.add_argument("--http-burst", type=float, default=90.0)
    ap.add_argument("--grace", type=float, default=3.0, help="seconds to wait for answers after the window")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--ab-metrics", type=int, default=0, metavar="N",
                    help="A/B: N rounds of a run without and one with serve --metrics; prints the CPU per move of each")  # fmt: skip
    ap.add_argument("--baseline", metavar="SRC_DIR",
                    help="A/B: the server of this src dir (another checkout's, e.g. a git worktree) against this "
                         "tree's, in --rounds rounds; prints each one's server CPU per move and new/baseline")  # fmt: skip
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --baseline (default 3)")
    ap.add_argument(
        "--scrape-every", type=float, default=5.0, help="seconds between scrapes of /metrics (--ab-metrics)"
    )
    ap.add_argument(
        "--py-spy",
        help="record py-spy samples of the server during the window (needs py-spy): a "
        "flame graph for .svg, speedscope for .json, else collapsed stacks",
    )
    args = ap.parse_args()
    if args.games < 1 or args.procs < 1 or args.sources < 1 or not 2 <= args.players <= 5:
        ap.error("need games >= 1, procs >= 1, sources >= 1, 2 <= players <= 5")
    if args.ab_metrics or args.baseline:
        if args.url:
            ap.error("--ab-metrics and --baseline start their own servers: leave out --url")
        if args.ab_metrics and args.baseline:
            ap.error("--ab-metrics or --baseline, not both")
        if args.baseline and not (Path(args.baseline) / "heliopolis" / "__init__.py").is_file():
            ap.error(f"--baseline {args.baseline}: not a src dir (no heliopolis/__init__.py in it)")
        if args.rounds < 1:
            ap.error("--rounds must be at least 1")
        ab = ab_baseline(args) if args.baseline else ab_metrics(args)
        if args.json:
            Path(args.json).write_text(json.dumps(ab, indent=2) + "\n")
        return
    r = run(args)
    report(r)
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=2) + "\n")


if __name__ == "__main__":
    main()

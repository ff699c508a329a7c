#!/usr/bin/env python3
"""Bot starvation replay (issue 27, finding 13): how long a cheap bot's moves wait while another
address keeps the bot workers busy with expensive searches, with and without fair shares per client.

Usage::

    python bench/bench_bot_fairness.py [--duration 25] [--variants old,queue,fair] [--baseline REV]
                                       [--think 1.0] [--bot-delay 0.4] [--json FILE]

Per variant, a fresh ``heliopolis serve`` on loopback (SQLite in a temporary directory, one search
worker, ``--bot-games-per-client 3``, ``--bot-delay`` as given) and two clients:

* the **attacker**, from 127.0.0.2, creates three all-bot Ra games (2 players) whose seats are
  ``ismcts:time=5`` (the 5 s move cap); its fourth is refused by the quota (printed);
* the **victim**, from 127.0.0.3, creates a Ra game with its own seat and an ``ismcts:iters=200`` bot
  (tens of milliseconds of search), plays it over the WebSocket with a think time drawn from
  [0.5, 1.5] x ``--think`` s, and measures each bot move: from the first state in which the bot is
  to move to the next state (the bot's move pushed), i.e. the bot delay, the wait for a worker,
  the search and the commit.

After a 3 s warm-up, ``--duration`` s are measured. Printed per variant: the cheap bot's waits
(count, median, 90th percentile, max, in seconds), the attacker's bot moves in the window, the
machine's CPU busy share over the window (/proc/stat) and the load average (``uptime``) before and
after, since the absolute seconds depend on what else runs.

Variants (``--variants``, in this order by default):

* ``old``: the scheduling before this change, from ``git archive --baseline`` (default ``60acccb``:
  per-client queues served by expected cost minus waiting time); skipped outside a git checkout;
* ``queue``: this tree with ``--bot-slice 0`` (fair shares per client, no slice);
* ``fair``: this tree as shipped (fair shares per client and the 1 s slice).

Bounded in time: each variant takes ``--duration`` + ~10 s (three variants at the default: ~2 min).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
ATTACKER, VICTIM = "127.0.0.2", "127.0.0.3"
EXPENSIVE, CHEAP = "ismcts:time=5", "ismcts:iters=200"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_times() -> tuple[float, float]:
    with open("/proc/stat") as f:
        vals = [float(x) for x in f.readline().split()[1:]]
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0.0)
    return sum(vals) - idle, sum(vals)


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def source_of(variant: str, baseline: str, tmp: Path) -> Path | None:
    """The ``src`` directory the variant's server runs from (``None``: cannot build it here)."""
    if variant != "old":
        return ROOT / "src"
    out = tmp / "old"
    out.mkdir()
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", baseline, "src"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out / "src"


class Server:
    def __init__(self, src: Path, tmp: Path, extra: list[str], bot_delay: float) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(src), "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, "-m", "heliopolis.cli", "serve", "--db", f"sqlite:///{tmp / 'bench.db'}",
               "--port", str(self.port), "--bot-delay", str(bot_delay), "--bot-workers", "1",
               "--bot-games-per-client", "3", *extra]  # fmt: skip
        self.log = open(tmp / "server.log", "wb")  # noqa: SIM115 - a file: a full pipe would block the server
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server exited; see its log")
            try:
                if httpx.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def client(url: str, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=url, transport=httpx.AsyncHTTPTransport(local_address=address), timeout=30)


async def attack(url: str) -> tuple[list[str], int]:
    """Three all-bot games from one address; the status code of the fourth attempt."""
    body = {"game": "ra", "players": 2, "options": {}, "seats": [{"kind": "bot", "bot": EXPENSIVE}] * 2}
    ids = []
    async with client(url, ATTACKER) as http:
        for _ in range(3):
            r = await http.post("/api/games", json=body)
            r.raise_for_status()
            ids.append(r.json()["id"])
        fourth = (await http.post("/api/games", json=body)).status_code
    return ids, fourth


async def attacker_moves(url: str, ids: list[str]) -> int:
    async with client(url, ATTACKER) as http:
        return sum([(await http.get(f"/api/games/{g}")).json()["moves"] for g in ids])


class Victim:
    """Plays seat 0 of a game against the cheap bot; ``waits``: (time seen, seconds) per bot move."""

    def __init__(self, url: str, think: float) -> None:
        self.url, self.think = url, think
        self.waits: list[tuple[float, float]] = []
        self.rng = random.Random(27)

    async def run(self) -> None:
        while True:  # a finished game is followed by a new one
            async with client(self.url, VICTIM) as http:
                body = {"game": "ra", "players": 2, "options": {}, "join": 0,
                        "seats": [{"kind": "human", "name": "victim"}, {"kind": "bot", "bot": CHEAP}]}  # fmt: skip
                r = await http.post("/api/games", json=body)
                r.raise_for_status()
                made = r.json()
            await self.play(made["id"], made["token"])

    async def play(self, gid: str, token: str) -> None:
        from websockets.asyncio.client import connect

        ws_url = self.url.replace("http", "ws", 1) + f"/ws/games/{gid}"
        cur: dict[str, Any] = {}
        bot_since: tuple[int, float] | None = None  # (version, when) the bot became the one to move
        acted = -1
        async with connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}, ping_interval=None,
                           max_size=2**22) as ws:  # fmt: skip
            while True:
                m = json.loads(await ws.recv())
                now = time.monotonic()
                if m.get("type") == "delta":
                    if m["base"] != cur.get("version"):
                        await ws.send(json.dumps({"type": "sync"}))
                        continue
                    cur.update(m.get("set", ()))
                    cur["version"] = m["version"]
                    m = cur
                elif m.get("type") == "state":
                    cur = m
                else:
                    await ws.send(json.dumps({"type": "sync"}))
                    continue
                v = m["version"]
                if bot_since is not None and v > bot_since[0]:
                    self.waits.append((now, now - bot_since[1]))
                    bot_since = None
                if m["status"] != "running":
                    return
                if m["to_move"] == 1 and bot_since is None:
                    bot_since = (v, now)
                if m["legal"] and v != acted:
                    acted = v
                    await asyncio.sleep(self.rng.uniform(0.5 * self.think, 1.5 * self.think))
                    action = self.rng.choice(m["legal"])["id"]
                    await ws.send(json.dumps({"type": "act", "action": action, "version": v}))


async def measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    ids, fourth = await attack(url)
    victim = Victim(url, args.think)
    task = asyncio.create_task(victim.run())
    try:
        await asyncio.sleep(3.0)  # warm-up: every game is under way
        t0, busy0, moves0, load0 = time.monotonic(), cpu_times(), await attacker_moves(url, ids), loadavg()
        await asyncio.sleep(args.duration)
        t1, busy1, moves1 = time.monotonic(), cpu_times(), await attacker_moves(url, ids)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    in_window = [round(w, 2) for at, w in victim.waits if t0 <= at < t1]
    waits = sorted(in_window)
    return {
        "fourth_attack_game": fourth,
        "cheap_bot_moves": len(waits),
        "wait_median_s": round(statistics.median(waits), 2) if waits else None,
        "wait_p90_s": round(waits[math.ceil(0.9 * len(waits)) - 1], 2) if waits else None,  # nearest rank
        "wait_max_s": round(waits[-1], 2) if waits else None,
        "attacker_moves": moves1 - moves0,
        "machine_cpu_busy_pct": round(100 * (busy1[0] - busy0[0]) / max(1e-9, busy1[1] - busy0[1]), 1),
        "load_before": load0,
        "load_after": loadavg(),
        "window_s": round(t1 - t0, 1),
        "waits_s": in_window,  # in the order of the moves
    }


def run_variant(variant: str, args: argparse.Namespace) -> dict[str, Any] | None:
    with tempfile.TemporaryDirectory(prefix=f"bench_fair_{variant}_") as d:
        tmp = Path(d)
        src = source_of(variant, args.baseline, tmp)
        if src is None:
            print(f"{variant}: skipped (no git checkout with {args.baseline})", flush=True)
            return None
        extra = ["--bot-slice", "0"] if variant == "queue" else []
        server = Server(src, tmp, extra, args.bot_delay)
        try:
            server.wait_ready()
            return asyncio.run(measure(server.url, args))
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duration", type=float, default=25.0, help="measured seconds per variant")
    ap.add_argument("--variants", default="old,queue,fair", help="comma-separated: old, queue, fair")
    ap.add_argument("--baseline", default="60acccb", help="the git revision of the old scheduling")
    ap.add_argument("--think", type=float, default=1.0, help="the victim's mean think time per move (s)")
    ap.add_argument("--bot-delay", type=float, default=0.4, help="the server's --bot-delay (s)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if not variants or set(variants) - {"old", "queue", "fair"} or not 1 <= args.duration <= 60:
        ap.error("variants are old, queue, fair; --duration is 1..60 s")
    print(f"uptime load before: {loadavg()}  ({os.cpu_count()} CPUs)", flush=True)
    results: dict[str, Any] = {}
    for v in variants:
        r = run_variant(v, args)
        if r is None:
            continue
        results[v] = r
        print(f"{v:>5}: cheap bot waits median {r['wait_median_s']} s, p90 {r['wait_p90_s']} s, max {r['wait_max_s']} s "
              f"over {r['cheap_bot_moves']} moves; attacker {r['attacker_moves']} moves in {r['window_s']} s; "
              f"4th attack game {r['fourth_attack_game']}; machine CPU {r['machine_cpu_busy_pct']} % busy; "
              f"load {r['load_before']} -> {r['load_after']}", flush=True)  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()

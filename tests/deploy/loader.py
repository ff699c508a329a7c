"""Players that reconnect by themselves, as the browser client does (js/game.js: any close but
4403/4404 is retried, here at once on the next address), and keep every acknowledged move.

A seat plays random legal moves over the WebSocket API (the protocol of bench/bench_server.py's
client: a ``state`` replaces what it holds, a ``delta`` is applied to it, a gap or an error is
answered with ``sync``). A move is *acknowledged* when the connection that sent it receives a newer
version (no one else moves while a seat is to move in an all-human game); the seat then keeps that
version and log, so a test can check afterwards that the event log holds every one
(``lost_moves``).
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.server.conftest import apply_delta

SYNC = json.dumps({"type": "sync"})
QUIET = 10.0  # seconds without a message before asking for the state again


@dataclass
class Seat:
    urls: list[str]  # http(s)://host:port, tried in turn after a lost connection (the first one first)
    gid: str
    token: str
    seed: int
    think: float = 0.0  # seconds before each move
    tls: ssl.SSLContext | None = None
    acks: list[tuple[int, list[Any]]] = field(default_factory=list)  # (version, log) per acknowledged move
    drops: int = 0  # connections lost (or refused) while playing
    reconnects: list[float] = field(default_factory=list)  # seconds from a loss to the next state
    final: dict[str, Any] | None = None
    inflight: list[bool] = field(default_factory=list)  # per move unanswered at a drop: committed after all?
    _lost_at: float | None = None
    _pending: int = -1  # the version a move was sent on and not yet acknowledged (-1: none)

    def ws_url(self, url: str) -> str:
        return url.replace("http", "ws", 1) + f"/ws/games/{self.gid}"

    async def play(self, stop: asyncio.Event) -> dict[str, Any] | None:
        """Plays until the game ends (its last state) or ``stop`` is set (None)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        rng = random.Random(self.seed)
        k = 0
        while not stop.is_set():
            url = self.urls[k % len(self.urls)]
            try:
                async with connect(self.ws_url(url), subprotocols=["heliopolis", f"heliopolis.token.{self.token}"],
                                   ssl=self.tls, open_timeout=5, close_timeout=1, ping_interval=None) as ws:  # fmt: skip
                    self.final = await self._session(ws, rng, stop)
                    if self.final is not None or stop.is_set():
                        return self.final
            except (OSError, TimeoutError, WebSocketException):
                pass
            if self._lost_at is None:
                self._lost_at = time.monotonic()
                self.drops += 1
            k += 1
            await asyncio.sleep(rng.uniform(0.05, 0.2))
        return None

    async def _session(self, ws: Any, rng: random.Random, stop: asyncio.Event) -> dict[str, Any] | None:
        held: dict[str, Any] | None = None
        acted = -1  # the last version acted on
        while not stop.is_set():
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), QUIET))
            except TimeoutError:
                await ws.send(SYNC)
                continue
            if m["type"] == "delta":
                if held is None or m["base"] != held["version"]:
                    await ws.send(SYNC)
                    continue
                m = apply_delta(held, m)
            if m["type"] == "error":
                self._pending = acted = -1
                await asyncio.sleep(0.1)
                await ws.send(SYNC)
                continue
            if m["type"] != "state":
                continue
            held = m
            if self._lost_at is not None:
                self.reconnects.append(time.monotonic() - self._lost_at)
                self._lost_at = None
                if self._pending >= 0:  # sent before the drop, never answered: a newer state means it went in
                    self.inflight.append(m["version"] > self._pending)
                    self._pending = -1
            if 0 <= self._pending < m["version"]:
                self.acks.append((m["version"], list(m["log"])))
                self._pending = -1
            if m["status"] == "finished":
                return m
            if m["legal"] and m["version"] != acted:
                acted = m["version"]
                if self.think:
                    await asyncio.sleep(rng.uniform(0.5 * self.think, 1.5 * self.think))
                self._pending = m["version"]
                await ws.send(json.dumps({"type": "act", "action": rng.choice(m["legal"])["id"], "version": acted}))
        return None


def lost_moves(seats: list[Seat], final_logs: dict[str, list[Any]]) -> int:
    """Acknowledged moves that the event log does not hold (``final_logs``: game id -> its log now)."""
    lost = 0
    for s in seats:
        log = final_logs[s.gid]
        lost += sum(1 for _, acked in s.acks if log[: len(acked)] != acked)
    return lost


def final_log(urls: list[str], gid: str, verify: Any = True) -> list[Any]:
    """The game's log as the database holds it now, from the first address that answers."""
    for url in urls:
        try:
            r = httpx.get(f"{url}/api/games/{gid}/state", timeout=10, verify=verify)
        except httpx.HTTPError:
            continue
        if r.status_code == 200:
            return r.json()["log"]
    raise AssertionError(f"no server answers for game {gid}")

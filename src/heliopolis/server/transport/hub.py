"""Live updates: who is watching which game, and news from other server instances.

``Hub`` tells the WebSocket connections of a game when it changes: it calls each one's ``push``
(``push.Pusher``), which sends that connection its own seat's message (so a change never carries
one seat's information to another). Pushes are coalesced: a connection that is behind gets the
newest state once, not every step.

``PgListener`` (PostgreSQL only) listens on the ``heliopolis`` channel that every commit
notifies (see ``storage.py``), so a move made on one instance reaches the clients of all.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("heliopolis.server")


class Subscription:
    __slots__ = ("game_id", "push")

    def __init__(self, game_id: str, push: Callable[[], None]) -> None:
        self.game_id = game_id
        self.push = push


class Hub:
    def __init__(self) -> None:
        self.subs: dict[str, set[Subscription]] = {}

    def subscribe(self, game_id: str, push: Callable[[], None]) -> Subscription:
        sub = Subscription(game_id, push)
        self.subs.setdefault(game_id, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self.subs.get(sub.game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[sub.game_id]

    def publish(self, game_id: str) -> None:
        subs = self.subs.get(game_id)
        if not subs:
            return
        for sub in tuple(subs):
            try:
                sub.push()
            except Exception:  # one connection's failure must not fail the change that was published
                log.exception("pushing game %s", game_id)

    def watched(self, game_id: str) -> bool:
        return game_id in self.subs


class PgListener:
    """Listens on ``channel`` on a connection of its own whose socket stays registered with the
    event loop (psycopg's ``pq`` layer, libpq itself): a notification costs one read and a few C
    calls, and this process's own commits' notifications (one per move, payload ending in its
    instance id) are dropped right there without waking the task that handles the others.
    (psycopg's asyncio ``notifies()`` registers and unregisters the socket for every wait: about
    75 µs of CPU per notification on the loaded 2-core machine, see docs/history/server-performance.md.)"""

    def __init__(self, dsn: str, on_change: Callable[[str, int], Awaitable[None]], instance: str = "",
                 channel: str = "heliopolis") -> None:  # fmt: skip
        self.dsn = dsn
        self.channel = channel  # payloads "<game>:<number>:<instance>" (moves; chat.py: messages)
        self.instance = instance
        self.on_change = on_change
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()
        self._notes: deque[tuple[str, int]] = deque()
        self._wake = asyncio.Event()
        self._error: BaseException | None = None
        self._ok = 0  # libpq's CONNECTION_OK, set by _run

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        from heliopolis.server.store.pg_pipeline import CONNECTION_OK, open_nonblocking

        self._ok = CONNECTION_OK  # psycopg is imported only by PostgreSQL servers, so not at the top
        loop = asyncio.get_running_loop()
        while True:
            pg = fd = None
            try:
                pg = await open_nonblocking(self.dsn, "heliopolis listener", f"LISTEN {self.channel}".encode())
                self._error = None
                fd = pg.socket
                loop.add_reader(fd, self._on_readable, pg, fd)
                self.ready.set()
                await self._handle()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database went away: retry, clients keep their last state
                log.warning("PostgreSQL listener: %s; reconnecting", e)
                await asyncio.sleep(1.0)
            finally:
                if fd is not None:
                    loop.remove_reader(fd)
                if pg is not None:
                    pg.finish()

    async def _handle(self) -> None:
        """Hands the other instances' notifications to ``on_change``, one at a time, in order."""
        while True:
            while self._notes:
                game_id, number = self._notes.popleft()
                try:
                    await self.on_change(game_id, number)
                except Exception:  # one bad game must not stop the listener
                    log.exception("handling a notification for %s", game_id)
            if self._error is not None:
                raise self._error
            self._wake.clear()
            await self._wake.wait()

    def _on_readable(self, pg: Any, fd: int) -> None:
        try:
            pg.consume_input()
            if pg.status != self._ok:
                raise ConnectionError(pg.get_error_message("utf-8") or "connection lost")
            while (note := pg.notifies()) is not None:
                try:
                    game_id, number, origin = note.extra.decode().split(":", 2)
                    if origin != self.instance:  # not our own commit: this process updated its cache itself
                        self._notes.append((game_id, int(number)))
                except ValueError:
                    log.warning("ignoring a malformed notification on %s: %r", self.channel, note.extra)
        except Exception as e:  # the connection is lost: _run reconnects
            self._error = e
            asyncio.get_running_loop().remove_reader(fd)
        if self._notes or self._error is not None:
            self._wake.set()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass

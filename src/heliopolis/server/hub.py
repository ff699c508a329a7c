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
from collections.abc import Awaitable, Callable

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
    def __init__(self, dsn: str, on_change: Callable[[str, int], Awaitable[None]], instance: str = "",
                 channel: str = "heliopolis") -> None:  # fmt: skip
        self.dsn = dsn
        self.channel = channel  # payloads "<game>:<number>:<instance>" (moves; chat.py: messages)
        self.instance = instance
        self.on_change = on_change
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {self.channel}")
                    self.ready.set()
                    async for note in conn.notifies():
                        game_id, rev, origin = note.payload.split(":", 2)
                        if origin == self.instance:
                            continue  # our own commit: this process updated its cache itself
                        try:
                            await self.on_change(game_id, int(rev))
                        except Exception:  # one bad game must not stop the listener
                            log.exception("handling a notification for %s", game_id)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database went away: retry, clients keep their last state
                log.warning("PostgreSQL listener: %s; reconnecting", e)
                await asyncio.sleep(1.0)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass

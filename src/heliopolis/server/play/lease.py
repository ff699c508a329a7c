"""Which server instance drives a game's bots (PostgreSQL; one SQLite instance drives them all).

An instance that drives a game with bot seats takes a session-level advisory lock on it,
``pg_try_advisory_lock(NAMESPACE, hashtext(game id))``, on its own long-lived connection, and
keeps it until the game ends or leaves its cache idle. The lock dies with that connection: when an
instance is killed, PostgreSQL drops its connection (the kernel closes the socket) and with it
every lease. Every instance looks for recently changed running games with bot seats whose lease
nobody holds every ``interval`` seconds (one query against ``pg_locks``) and takes them over. Moves stay
compare-and-set on the game's revision, so even two drivers at once could not both move.
A human move made on another instance reaches the holder by the ``heliopolis`` notification.

A clean shutdown (SIGTERM, docs/deploy.md) does not wait for the connection to die: ``hand_off``
releases every lease at once and sends ``HANDOFF`` on that channel, and every other instance scans
straight away instead of at its next ``interval``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from psycopg import AsyncConnection

log = logging.getLogger("heliopolis.server")
NAMESPACE = 0x48454C  # the advisory-lock class id of Heliopolis bot leases ("HEL")
# Only games changed in the last RECENT seconds are taken over by the scan; an older one (say, left
# waiting for a person) is taken by whichever instance next acts on it or restarts. So leases of
# idle games can be dropped when they leave the cache, and the lock table stays small.
RECENT = 600.0
CHANNEL = "heliopolis"  # hub.PgListener's channel: payloads "<game>:<number>:<instance>"
HANDOFF = "*handoff"  # the "game" of a hand-off notification (game ids have no "*")

ORPHANS = """
SELECT g.id FROM games g
WHERE g.status = 'running' AND g.updated_at > %(since)s
  AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'bot')
  AND NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.classid = %(ns)s::oid AND l.objsubid = 2
      AND l.objid = hashtext(g.id)::oid
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
LIMIT 500
"""


class BotLeases:
    def __init__(self, dsn: str, on_orphan: Callable[[str], Awaitable[None]], interval: float = 1.0,
                 instance: str = "") -> None:  # fmt: skip
        self.dsn, self.on_orphan, self.interval, self.instance = dsn, on_orphan, interval, instance
        self.held: set[str] = set()
        self.conn: AsyncConnection[Any] | None = None
        self.task: asyncio.Task | None = None
        self._connected = asyncio.Event()
        self._wake = asyncio.Event()  # set by a hand-off notification: scan now

    async def start(self) -> None:
        await self._connect()
        self.task = asyncio.create_task(self._scan_forever())

    async def _connect(self) -> None:
        import psycopg

        self.conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        self.held.clear()  # a new session holds nothing
        self._connected.set()

    def _session(self) -> AsyncConnection[Any]:
        """The open connection (before the first connect, an error the callers handle like a lost one)."""
        if self.conn is None:
            raise ConnectionError("the bot lease session is not open")
        return self.conn

    async def acquire(self, game_id: str) -> bool:
        """True if this instance drives the game's bots (it held or just took the lease)."""
        if game_id in self.held:
            return True
        try:
            cur = await self._session().execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (NAMESPACE, game_id))
            row = await cur.fetchone()
            got = row is not None and bool(row[0])
        except Exception as e:  # the connection is gone: the scan loop reconnects
            log.warning("bot lease for %s: %s", game_id, e)
            self._connected.clear()
            return False
        if got:
            self.held.add(game_id)
        return got

    async def release(self, game_id: str) -> None:
        if game_id not in self.held:
            return
        self.held.discard(game_id)
        try:
            await self._session().execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (NAMESPACE, game_id))
        except Exception as e:
            log.warning("releasing the bot lease of %s: %s", game_id, e)
            self._connected.clear()

    async def _scan_forever(self) -> None:
        while True:
            try:
                if not self._connected.is_set():
                    await self._connect()
                since = time.time() - RECENT
                cur = await self._session().execute(ORPHANS, {"ns": NAMESPACE, "since": since})
                for (gid,) in await cur.fetchall():
                    if gid not in self.held:
                        try:
                            await self.on_orphan(gid)
                        except Exception:  # one bad game must not stop the scan
                            log.exception("taking over the bots of %s", gid)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("bot lease scan: %s; reconnecting", e)
                self._connected.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), self.interval)
            except TimeoutError:
                pass
            self._wake.clear()

    def wake(self) -> None:
        """Scan now (another instance has just let its games go)."""
        self._wake.set()

    async def hand_off(self) -> None:
        """Stops scanning, releases every lease of this instance and tells the others to scan now.
        The unlock is answered before the notification is sent, so a scan it wakes finds the games
        free; a failure only costs the others their next ``interval`` (the leases die with the
        connection, closed by ``stop``)."""
        await self._stop_scan()
        n = len(self.held)
        self.held.clear()
        if self.conn is None or not self._connected.is_set():
            return
        try:
            await self.conn.execute("SELECT pg_advisory_unlock_all()")
            await self.conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{HANDOFF}:0:{self.instance}"))
            log.info("handed %d bot game(s) over to the other instances", n)
        except Exception as e:
            log.warning("handing the bot leases over: %s", e)

    async def _stop_scan(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
            self.task = None

    async def stop(self) -> None:
        await self._stop_scan()
        if self.conn is not None:
            try:
                await self.conn.close()
            except Exception:
                pass

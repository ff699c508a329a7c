"""Which server instance drives a game's bots (PostgreSQL; one SQLite instance drives them all).

An instance that drives a game with bot seats takes a session-level advisory lock on it,
``pg_try_advisory_lock(NAMESPACE, hashtext(game id))``, on its own long-lived connection, and
keeps it until the game ends or leaves its cache idle. The lock dies with that connection: when an
instance is killed, PostgreSQL drops its connection (the kernel closes the socket) and with it
every lease. Every instance looks for recently changed running games with bot seats whose lease
nobody holds every ``interval`` seconds (one query against ``pg_locks``) and takes them over. Moves stay
compare-and-set on the game's revision, so even two drivers at once could not both move.
A human move made on another instance reaches the holder by the ``heliopolis`` notification.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("heliopolis.server")
NAMESPACE = 0x48454C  # the advisory-lock class id of Heliopolis bot leases ("HEL")
# Only games changed in the last RECENT seconds are taken over by the scan; an older one (say, left
# waiting for a person) is taken by whichever instance next acts on it or restarts. So leases of
# idle games can be dropped when they leave the cache, and the lock table stays small.
RECENT = 600.0

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
    def __init__(self, dsn: str, on_orphan: Callable[[str], Awaitable[None]], interval: float = 1.0) -> None:
        self.dsn, self.on_orphan, self.interval = dsn, on_orphan, interval
        self.held: set[str] = set()
        self.conn = None
        self.task: asyncio.Task | None = None
        self._connected = asyncio.Event()

    async def start(self) -> None:
        await self._connect()
        self.task = asyncio.create_task(self._scan_forever())

    async def _connect(self) -> None:
        import psycopg

        self.conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        self.held.clear()  # a new session holds nothing
        self._connected.set()

    async def acquire(self, game_id: str) -> bool:
        """True if this instance drives the game's bots (it held or just took the lease)."""
        if game_id in self.held:
            return True
        try:
            cur = await self.conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (NAMESPACE, game_id))
            got = bool((await cur.fetchone())[0])
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
            await self.conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (NAMESPACE, game_id))
        except Exception as e:
            log.warning("releasing the bot lease of %s: %s", game_id, e)
            self._connected.clear()

    async def _scan_forever(self) -> None:
        while True:
            try:
                if not self._connected.is_set():
                    await self._connect()
                since = time.time() - RECENT
                cur = await self.conn.execute(ORPHANS, {"ns": NAMESPACE, "since": since})
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
            await asyncio.sleep(self.interval)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
        if self.conn is not None:
            try:
                await self.conn.close()
            except Exception:
                pass

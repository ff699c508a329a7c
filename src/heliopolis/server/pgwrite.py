"""PostgreSQL moves written from the event loop: a few asynchronous psycopg connections.

Every move is one autocommit statement (``Storage._pg_statement``). Sent from a thread it costs a
hop to the thread pool and back, a pool checkout and the GIL changing hands twice; an
``AsyncConnection`` of the loop waits on its socket like any other I/O instead. Up to ``size``
connections let moves of different games commit at the same time (moves of one game are already
serialised by the game's lock). The connections belong to the loop that opened them: used from
another loop (a test's next app), the writer drops them and opens new ones.
"""

from __future__ import annotations

import asyncio
from typing import Any


class AsyncWriter:
    def __init__(self, dsn: str, size: int = 8) -> None:
        self.dsn, self.size = dsn, size
        self.idle: list[Any] = []
        self.opened = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.freed: asyncio.Event | None = None
        self.generation = 0  # bumped by ``close``: a connection of an older one is not taken back

    async def execute(self, sql: str, params: list[Any], rows: int) -> bool:
        """Runs ``sql``; ``True`` if it reported ``rows`` rows (0: one returned row, the UPDATE's)."""
        conn = await self._get()
        gen = self.generation
        try:
            cur = await conn.execute(sql, params)
            ok = cur.rowcount == rows if rows else len(await cur.fetchall()) == 1
        except BaseException:
            self._drop(conn, gen)  # broken, or cancelled mid-statement: its state is unknown
            raise
        if gen == self.generation:
            self.idle.append(conn)
            self._wake()
        else:
            conn.pgconn.finish()
        return ok

    async def _get(self) -> Any:
        import psycopg

        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.close()
            self.loop, self.freed = loop, asyncio.Event()
        while True:
            if self.idle:
                return self.idle.pop()
            if self.opened < self.size:
                self.opened += 1
                gen = self.generation
                try:
                    conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                except BaseException:
                    if gen == self.generation:
                        self.opened -= 1
                    raise
                if gen == self.generation:
                    return conn
                conn.pgconn.finish()  # closed meanwhile (another loop took over): not counted there
                continue
            assert self.freed is not None
            self.freed.clear()
            await self.freed.wait()

    def _wake(self) -> None:
        if self.freed is not None:
            self.freed.set()

    def _drop(self, conn: Any, gen: int) -> None:
        conn.pgconn.finish()
        if gen == self.generation:
            self.opened -= 1
            self._wake()

    def close(self) -> None:
        """Closes the idle connections (synchronously: also from a loop that is gone)."""
        for conn in self.idle:
            conn.pgconn.finish()
        self.idle.clear()
        self.opened = 0
        self.generation += 1

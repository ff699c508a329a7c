"""PostgreSQL move commits from the event loop: one connection in libpq's pipeline mode.

Why not a thread or psycopg's asyncio connection: a commit in a worker thread cost the server about
0.18 ms of CPU per move (the hop there and back, GIL hand-offs, psycopg's per-statement Python work),
and psycopg's asyncio connection registers and unregisters its socket with the loop on every query,
which measured worse still (see docs/history/server-performance.md, "Seventh pass"). Here the socket stays
registered with the loop for the connection's life, and psycopg's ``pq`` layer (libpq itself) does
the protocol.

Each commit is a prepared statement followed by a sync point, so it is its own transaction, as in
autocommit; commits of different games are sent without waiting for the ones before them, their
results come back in order, and each commit's future is resolved when its sync point arrives, i.e.
after PostgreSQL has committed it (a move is acknowledged only then). A lost connection fails every
commit in flight (their outcome is unknown to the caller, as with any dropped connection: the
revision's compare-and-set keeps the game consistent) and the next commit reconnects.
"""

from __future__ import annotations

import asyncio
import functools
from collections import deque
from typing import Any

from psycopg import OperationalError, errors, pq
from psycopg.conninfo import make_conninfo

_S = pq.ExecStatus
CONNECTION_OK = int(pq.ConnStatus.OK)  # a plain int: compared on every read of a listening socket
_OIDS = {int: 20, float: 701, str: 25}  # int8, float8, text: the parameter types PostgreSQL is told


async def open_nonblocking(dsn: str, application_name: str, first: bytes = b"") -> Any:
    """A libpq connection for use from the event loop (the moves pipeline, the listener): opened in
    the executor (connecting blocks), ``first`` run on it there if given (e.g. ``LISTEN``), then put
    in nonblocking mode; the caller registers its socket with the loop. On failure it is closed and
    ``OperationalError`` says which connection (``application_name``) failed."""
    loop = asyncio.get_running_loop()
    conninfo = make_conninfo(dsn, client_encoding="utf8", application_name=application_name).encode()
    pg = await loop.run_in_executor(None, pq.PGconn.connect, conninfo)
    try:
        if pg.status != CONNECTION_OK:
            raise OperationalError(f"{application_name}: {pg.get_error_message('utf-8')}")
        if first:
            res = await loop.run_in_executor(None, pg.exec_, first)
            if res.status != _S.COMMAND_OK:
                raise OperationalError(f"{application_name}: {pg.get_error_message('utf-8')}")
        pg.nonblocking = 1
    except BaseException:
        pg.finish()
        raise
    return pg


@functools.lru_cache(maxsize=64)
def numbered(sql: str) -> bytes:
    """``sql`` with psycopg's ``%s`` placeholders numbered as libpq's ``$1``, ``$2``, …"""
    parts = sql.split("%s")
    out = [parts[0]]
    for i, part in enumerate(parts[1:], 1):
        out += [f"${i}", part]
    return "".join(out).encode()


class PgPipeline:
    def __init__(self, dsn: str, application_name: str = "heliopolis moves") -> None:
        self.dsn = dsn
        self.application_name = application_name
        self.pgconn: Any = None  # pq.PGconn while connected
        self.loop: asyncio.AbstractEventLoop | None = None
        self.fd = -1
        self.waiting: deque[asyncio.Future] = deque()  # one per commit in flight, in the order sent
        self._res: list[Any] = []  # results of the statement being read
        self._groups: list[list[Any]] = []  # the statements' results since the last sync point
        self._names: dict[tuple[str, tuple[int, ...]], bytes] = {}  # prepared on this connection
        self._connecting: asyncio.Future | None = None
        self._writing = False

    async def execute(self, sql: str, params: list[Any]) -> int:
        """Runs ``sql`` (``%s`` placeholders) with ``params`` (int, float, str or None) as its own
        transaction and returns, once it is committed, the number of rows it changed."""
        pg = self.pgconn
        if pg is not None and self.loop is not asyncio.get_running_loop():  # another loop (tests): start over
            self._lost(OperationalError("used from another event loop"))
            pg = None
        if pg is None:
            pg = await self._connect()
        key = (sql, tuple(_OIDS.get(type(v), 0) for v in params))
        name = self._names.get(key)
        new = name is None
        try:
            if name is None:
                name = self._names[key] = b"h%d" % len(self._names)
                pg.send_prepare(name, numbered(sql), key[1])
            pg.send_query_prepared(name, [None if v is None else str(v).encode() for v in params])
            pg.pipeline_sync()
        except Exception as e:  # the connection broke while sending
            self._lost(e)
            raise
        fut = self.loop.create_future()  # type: ignore[union-attr]
        self.waiting.append(fut)
        self._flush()
        groups = await fut
        for group in groups:
            for r in group:
                if r.status == _S.FATAL_ERROR:
                    if new:  # the statement may not be prepared: prepare it again next time
                        self._names.pop(key, None)
                    raise errors.error_from_result(r, encoding="utf-8")
        last = groups[-1][-1] if groups and groups[-1] else None
        if last is None or last.status not in (_S.COMMAND_OK, _S.TUPLES_OK):
            raise OperationalError(f"unexpected result of a commit: {last.status if last else None}")
        return last.command_tuples or 0

    async def _connect(self) -> Any:
        task = self._connecting
        if task is None:
            task = self._connecting = asyncio.ensure_future(self._open())
            task.add_done_callback(self._connected)
        return await asyncio.shield(task)

    def _connected(self, task: asyncio.Future) -> None:
        self._connecting = None
        if not task.cancelled():
            task.exception()  # retrieved (the callers saw it), so asyncio does not log it again

    async def _open(self) -> Any:
        loop = asyncio.get_running_loop()
        pg = await open_nonblocking(self.dsn, self.application_name)
        pg.enter_pipeline_mode()
        self.loop, self.fd, self.pgconn = loop, pg.socket, pg
        loop.add_reader(self.fd, self._on_readable)
        return pg

    def _on_readable(self) -> None:
        pg = self.pgconn
        if pg is None:
            return
        try:
            pg.consume_input()
            res = self._res
            while not pg.is_busy():
                r = pg.get_result()
                if r is None:  # the end of one statement's results, or nothing more to read
                    if not res:
                        break
                    self._groups.append(res)
                    res = self._res = []
                elif r.status == _S.PIPELINE_SYNC:  # the commit is done (or failed as a whole)
                    groups, self._groups = self._groups, []
                    fut = self.waiting.popleft()
                    if not fut.done():  # its caller may have been cancelled; the commit stands
                        fut.set_result(groups)
                else:
                    res.append(r)
        except Exception as e:
            self._lost(e)

    def _flush(self) -> None:
        """Sends what libpq has buffered; if the socket is full, again when it is writable."""
        pg = self.pgconn
        if pg is None:
            return
        try:
            more = pg.flush()
        except Exception as e:
            self._lost(e)
            return
        if more and not self._writing:
            self.loop.add_writer(self.fd, self._flush)  # type: ignore[union-attr]
            self._writing = True
        elif not more and self._writing:
            self.loop.remove_writer(self.fd)  # type: ignore[union-attr]
            self._writing = False

    def _lost(self, exc: BaseException) -> None:
        pg, self.pgconn = self.pgconn, None
        if pg is not None:
            try:
                self.loop.remove_reader(self.fd)  # type: ignore[union-attr]
                if self._writing:
                    self.loop.remove_writer(self.fd)  # type: ignore[union-attr]
            except RuntimeError:  # the loop is closed already
                pass
            pg.finish()
        self._writing = False
        self._names.clear()
        self._res, self._groups = [], []
        waiting, self.waiting = self.waiting, deque()
        for fut in waiting:
            if not fut.done():
                fut.set_exception(OperationalError(f"the connection to PostgreSQL was lost: {exc}"))

    def close(self) -> None:
        self._lost(OperationalError("closed"))

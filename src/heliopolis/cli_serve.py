"""``heliopolis serve``'s start-up checks: the port, the database and the listening socket, in that
order, before anything is created. The socket is bound first and the address announced after, with
the port really bound (``--port 0`` takes any free one); uvicorn then serves on that socket.
"""

from __future__ import annotations

import errno
import inspect
import socket
from typing import Any

from heliopolis.cli_text import fail, tr

CONNECT_TIMEOUT = 5  # seconds to reach PostgreSQL at start-up, unless the URL sets connect_timeout


def check_port(port: int) -> None:
    if not 0 <= port <= 65535:
        fail(tr("cli.serve.port_range", port=port))


def check_database(db: str) -> None:
    """A URL Heliopolis can serve from: SQLite whose directory exists, or a PostgreSQL server that
    answers. Nothing is created (a SQLite file only comes with the first connection)."""
    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError

    from heliopolis.server.store.storage import normalize_url

    try:
        url = sa.make_url(normalize_url(db))
    except ArgumentError:
        fail(tr("cli.serve.db_unknown", db=db))
    if url.get_backend_name() == "sqlite":
        _check_sqlite(url.database)
    elif url.get_backend_name() == "postgresql":
        _check_postgres(url, sa.make_url(db).render_as_string(hide_password=True))
    else:
        fail(tr("cli.serve.db_unknown", db=db))


def shown_url(db: str) -> str:
    """The URL as a person may read it (no password)."""
    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError

    try:
        return sa.make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db


def _check_sqlite(database: str | None) -> None:
    from pathlib import Path

    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    folder = path.absolute().parent
    if not folder.is_dir():
        fail(tr("cli.serve.db_no_dir", path=str(path), folder=str(folder)))
    if path.is_dir():
        fail(tr("cli.serve.db_is_dir", path=str(path)))
    if path.is_file() and path.stat().st_size:
        with path.open("rb") as f:
            if f.read(16) != b"SQLite format 3\x00":
                fail(tr("cli.serve.db_not_sqlite", path=str(path)))


def _check_postgres(url: Any, shown: str) -> None:
    import sqlalchemy as sa
    from sqlalchemy.exc import DBAPIError, NoSuchModuleError

    args = {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_TIMEOUT}
    try:
        engine = sa.create_engine(url, connect_args=args, poolclass=sa.pool.NullPool)
    except NoSuchModuleError:
        fail(tr("cli.serve.db_unknown", db=shown))
    except ImportError as e:
        fail(tr("cli.serve.needs_web", missing=str(e.name)))
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError as e:
        lines = str(e.orig or e).strip().splitlines() or [type(e).__name__]
        fail(tr("cli.serve.db_unreachable", db=shown, reason=lines[0].strip()))
    finally:
        engine.dispose()


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (as uvicorn would make it), or one line saying why it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # connections wait in the backlog until uvicorn accepts them
    except OSError as e:
        sock.close()
        where = f"[{host}]:{port}" if family == socket.AF_INET6 else f"{host}:{port}"
        if e.errno == errno.EADDRINUSE:
            fail(tr("cli.serve.in_use", where=where))
        if e.errno == errno.EACCES:
            fail(tr("cli.serve.denied", where=where))
        fail(tr("cli.serve.cannot_listen", where=where, reason=str(e.strerror or e)))
    sock.set_inheritable(True)  # --workers N: the server processes share it
    return sock


def url_of(host: str, sock: socket.socket) -> str:
    port = sock.getsockname()[1]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def run(app: Any, sock: socket.socket, workers: int, **opts: Any) -> None:
    """uvicorn on the bound socket: one server, or ``workers`` processes under its supervisor."""
    import uvicorn

    config = uvicorn.Config(app, workers=workers, **opts)
    server = uvicorn.Server(config)
    try:
        if workers == 1:
            server.run(sockets=[sock])
        else:
            from uvicorn.supervisors import Multiprocess

            params = inspect.signature(Multiprocess).parameters  # uvicorn < 0.35 also takes the target
            extra = {"target": server.run} if "target" in params else {}
            Multiprocess(config, sockets=[sock], **extra).run()
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl-C it shut down on (as uvicorn.run, no traceback)
        pass
    if workers == 1 and not server.started:  # the app's start-up failed: uvicorn has logged why
        raise SystemExit(3)

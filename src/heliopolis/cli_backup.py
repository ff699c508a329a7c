"""``heliopolis backup --db URL OUT`` and ``heliopolis restore --db URL IN`` (docs/operations.md).

* **SQLite**: the online backup API (``sqlite3.Connection.backup``): a consistent copy while the
  server keeps writing, moves still in the write-ahead log included; written to a temporary file
  next to OUT and renamed, so OUT is a whole backup or not there. It is a plain SQLite file
  (journal mode DELETE). Restoring copies it into the target page by page, through SQLite.
* **PostgreSQL**: ``pg_dump --format=custom`` (one consistent snapshot) and ``pg_restore --clean
  --if-exists --single-transaction`` (all or nothing), from the PostgreSQL client tools on PATH;
  the password of the URL goes to them in ``PGPASSWORD``, not on their command line.

``--db`` is the URL ``serve`` takes (and its default). Everything is checked before anything is
written: the database is one of Heliopolis (it has a schema version) and answers, OUT's folder
exists, OUT is not there (``--force`` replaces it), IN is a backup of the target's kind made by
this version or an older one, and the target holds no data (``--force`` replaces it). Each refusal
is one line in the terminal's language, exit 2.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path
from typing import Any

import click

from heliopolis.cli_text import Command, fail, tr

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
DB_OPTION = click.option("--db", default="sqlite:///heliopolis.db", show_default=True, envvar="HELIOPOLIS_DB",
                         help="database URL: sqlite:///FILE or postgresql://user@host/db (as for serve)")  # fmt: skip


def _target(db: str) -> tuple[str, Any]:
    """``("sqlite", Path)`` or ``("postgresql", sqlalchemy URL)``; else one line and exit."""
    try:
        import sqlalchemy as sa
        from sqlalchemy.exc import ArgumentError

        from heliopolis.server.store.storage import normalize_url
    except ImportError as e:
        fail(tr("cli.serve.needs_web", missing=str(e.name)))
    try:
        url = sa.make_url(normalize_url(db))
    except ArgumentError:
        fail(tr("cli.serve.db_unknown", db=db))
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        if url.database.startswith("file:"):
            fail(tr("cli.serve.db_unknown", db=db))
        return "sqlite", Path(url.database)
    if url.get_backend_name() == "postgresql":
        return "postgresql", url
    fail(tr("cli.serve.db_unknown", db=db))


def _first_line(e: BaseException | str) -> str:
    text = str(e).strip()
    return text.splitlines()[0].strip() if text else type(e).__name__


def _kind_of(path: Path) -> str | None:
    with path.open("rb") as f:
        head = f.read(16)
    return "sqlite" if head == SQLITE_MAGIC else "postgresql" if head.startswith(PG_MAGIC) else None


def _check_revision(rev: str | None, what: str, shown: str) -> None:
    """``rev`` is a schema this version knows (it may be older: serve migrates it)."""
    from alembic.script import ScriptDirectory
    from alembic.util.exc import CommandError

    from heliopolis.server.store.migrate import alembic_config

    if rev is None:
        fail(tr("cli.backup.not_heliopolis", db=shown))
    try:
        known = ScriptDirectory.from_config(alembic_config()).get_revision(rev)
    except CommandError:
        known = None
    if known is None:
        fail(tr("cli.restore.newer", path=what, revision=rev))


def _sqlite_revision(conn: sqlite3.Connection) -> str | None:
    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        return None
    return str(row[0]) if row else None


def _sqlite_has_data(conn: sqlite3.Connection) -> bool:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                        "'sqlite_%' AND name != 'alembic_version'")]  # fmt: skip
    return any(conn.execute(f'SELECT 1 FROM "{n}" LIMIT 1').fetchone() for n in names)


def _check_file_place(path: Path, no_dir: str, is_dir: str) -> None:
    """Refuses a path no file can be written at: its folder is missing (message ``no_dir``) or it is a
    folder itself (``is_dir``)."""
    folder = path.absolute().parent
    if not folder.is_dir():
        fail(tr(no_dir, path=str(path), folder=str(folder)))
    if path.is_dir():
        fail(tr(is_dir, path=str(path)))


def _check_out(out: Path, force: bool) -> None:
    _check_file_place(out, "cli.backup.no_dir", "cli.backup.is_dir")
    if out.exists() and not force:
        fail(tr("cli.backup.exists", path=str(out)))


def _check_sqlite_file(path: Path, shown: str) -> None:
    if path.is_dir():
        fail(tr("cli.backup.is_dir", path=str(path)))
    if not path.is_file():
        fail(tr("cli.backup.no_db", path=str(path)))
    if _kind_of(path) != "sqlite":
        fail(tr("cli.serve.db_not_sqlite", path=str(path)))


# -- SQLite ---------------------------------------------------------------------------------------
def _sqlite_backup(src: Path, out: Path, shown: str) -> None:
    _check_sqlite_file(src, shown)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        with closing(sqlite3.connect(src, timeout=30)) as s:
            if _sqlite_revision(s) is None:
                fail(tr("cli.backup.not_heliopolis", db=shown))
            with closing(sqlite3.connect(tmp)) as d:
                s.backup(d)
                d.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        os.replace(tmp, out)
    except sqlite3.Error as e:
        fail(tr("cli.backup.failed", db=shown, reason=_first_line(e)))
    finally:
        tmp.unlink(missing_ok=True)


def _sqlite_restore(inp: Path, target: Path, shown: str, force: bool) -> None:
    _check_file_place(target, "cli.serve.db_no_dir", "cli.serve.db_is_dir")
    try:
        with closing(sqlite3.connect(inp)) as s:
            _check_revision(_sqlite_revision(s), str(inp), str(inp))
            if target.is_file() and target.stat().st_size:
                if _kind_of(target) != "sqlite":
                    fail(tr("cli.serve.db_not_sqlite", path=str(target)))
                with closing(sqlite3.connect(target, timeout=5)) as t:
                    if _sqlite_has_data(t) and not force:
                        fail(tr("cli.restore.not_empty", db=shown))
            with closing(sqlite3.connect(target, timeout=5)) as d:
                s.backup(d)
                d.execute("PRAGMA journal_mode=WAL")  # as the server keeps it
    except sqlite3.Error as e:
        fail(tr("cli.restore.failed", path=str(inp), db=shown, reason=_first_line(e)))


# -- PostgreSQL -----------------------------------------------------------------------------------
def _pg_tool(name: str) -> str:
    exe = shutil.which(name)
    if exe is None:
        fail(tr("cli.backup.no_tool", tool=name))
    return exe


def _pg_env(url: Any) -> tuple[str, dict[str, str]]:
    """The libpq URI without its password, and the environment that carries the password."""
    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _pg_state(url: Any, shown: str) -> tuple[str | None, bool]:
    """The schema revision of the database and whether it holds data (it must answer)."""
    import sqlalchemy as sa

    from heliopolis.cli_serve import check_database
    from heliopolis.server.store.migrate import current

    check_database(url.render_as_string(hide_password=False))
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        rev = current(engine)
        with engine.connect() as c:
            names = [n for n in sa.inspect(c).get_table_names() if n != "alembic_version"]
            data = any(c.execute(sa.text(f'SELECT 1 FROM "{n}" LIMIT 1')).first() for n in names)
        return rev, data
    except sa.exc.SQLAlchemyError as e:
        fail(tr("cli.serve.db_unreachable", db=shown, reason=_first_line(getattr(e, "orig", None) or e)))
    finally:
        engine.dispose()


def _run(cmd: list[str], env: dict[str, str]) -> str | None:
    """Runs a PostgreSQL client tool: None when it worked, else the first line it complained with."""
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode == 0:
        return None
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    return (lines[0] if lines else f"exit status {done.returncode}").removeprefix(f"{Path(cmd[0]).name}: ")


def _pg_backup(url: Any, out: Path, shown: str) -> None:
    exe = _pg_tool("pg_dump")
    rev, _ = _pg_state(url, shown)
    if rev is None:
        fail(tr("cli.backup.not_heliopolis", db=shown))
    dsn, env = _pg_env(url)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        why = _run([exe, "--format=custom", "--no-owner", "--no-privileges", f"--file={tmp}", dsn], env)
        if why is not None:
            fail(tr("cli.backup.failed", db=shown, reason=why))
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def _dump_revision(exe: str, inp: Path) -> str | None:
    """The schema revision inside a pg_dump archive: its ``alembic_version`` row, as pg_restore lists it."""
    done = subprocess.run([exe, "--data-only", "--table=alembic_version", "--file=-", str(inp)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    lines = done.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("COPY ") and "alembic_version" in line and i + 1 < len(lines):
            return lines[i + 1].strip() if lines[i + 1].strip() not in ("", "\\.") else None
    return None


def _pg_restore(inp: Path, url: Any, shown: str, force: bool) -> None:
    exe = _pg_tool("pg_restore")
    _check_revision(_dump_revision(exe, inp), str(inp), str(inp))
    _, data = _pg_state(url, shown)
    if data and not force:
        fail(tr("cli.restore.not_empty", db=shown))
    dsn, env = _pg_env(url)
    why = _run([exe, "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
                "--exit-on-error", f"--dbname={dsn}", str(inp)], env)  # fmt: skip
    if why is not None:
        fail(tr("cli.restore.failed", path=str(inp), db=shown, reason=why))


# -- commands -------------------------------------------------------------------------------------
@click.command("backup", cls=Command)
@click.argument("out", metavar="OUT")
@DB_OPTION
@click.option("--force", is_flag=True, help="replace OUT if it exists")
def backup(out: str, db: str, force: bool) -> None:
    """Back up the database while the server runs: a SQLite file, or a pg_dump archive for PostgreSQL."""
    kind, where = _target(db)
    shown = _shown(db)
    path = Path(out).expanduser()
    _check_out(path, force)
    if kind == "sqlite":
        _sqlite_backup(where, path, shown)
    else:
        _pg_backup(where, path, shown)
    click.echo(tr("cli.backup.done", db=shown, out=str(path)))


@click.command("restore", cls=Command)
@click.argument("inp", metavar="IN")
@DB_OPTION
@click.option("--force", is_flag=True, help="replace what the database holds")
def restore(inp: str, db: str, force: bool) -> None:
    """Restore a backup into an empty database (stop the servers that use it first)."""
    kind, where = _target(db)
    shown = _shown(db)
    path = Path(inp).expanduser()
    if path.is_dir() or not path.is_file():
        fail(tr("cli.restore.no_file", path=str(path)))
    found = _kind_of(path)
    if found is None:
        fail(tr("cli.restore.not_backup", path=str(path)))
    if found != kind:
        fail(tr(f"cli.restore.is_{found}", path=str(path)))
    if kind == "sqlite":
        _sqlite_restore(path, where, shown, force)
    else:
        _pg_restore(path, where, shown, force)
    click.echo(tr("cli.restore.done", path=str(path), db=shown))


def _shown(db: str) -> str:
    """The URL as it may be printed: without its password."""
    import sqlalchemy as sa

    try:
        return sa.make_url(db).render_as_string(hide_password=True) if "://" in db else db
    except Exception:  # noqa: BLE001 - _target has refused what cannot be read
        return db


COMMANDS = (backup, restore)

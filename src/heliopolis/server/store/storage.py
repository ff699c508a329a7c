"""Storage: every game is an event log in SQL (SQLAlchemy 2 Core; SQLite or PostgreSQL).

Tables (created and upgraded by the Alembic migrations in ``migrations/``):

* ``games`` — id, game id, encoding, options (JSON), the private seed, status, ``revision``
  (bumped by every change, so clients and other server instances can tell a stale state),
  ``plies`` (moves in the log), a pending undo request, winners, timestamps;
* ``seats`` — kind (human / bot), bot spec, display name, SHA-256 of the seat token;
* ``moves`` — one row per move (ply, action id, notation, acting seat or -1 for chance, time),
  primary key ``(game_id, ply)``.

Appending is compare-and-set on ``revision`` inside one transaction, so when two requests (or two
server instances) race for the same game exactly one wins; the other gets ``StaleError``. A move
is acknowledged only after its commit: a server killed with SIGKILL loses nothing it confirmed.
On PostgreSQL each commit also sends ``NOTIFY heliopolis, '<game>:<revision>:<instance>'`` so
other instances can push the change to their clients. Nothing is pickled.
"""

from __future__ import annotations

import functools
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

metadata = sa.MetaData()
CHECKPOINT_EVERY = 300  # SQLite: loop commits (~3 WAL pages each) between two checkpoints

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("encoding", sa.String(32), nullable=False),
    sa.Column("options", sa.Text, nullable=False),  # JSON, includes "players"
    sa.Column("seed", sa.BigInteger, nullable=False),  # private: never sent to a client
    sa.Column("status", sa.String(16), nullable=False),  # open | running | finished | imported
    sa.Column("revision", sa.Integer, nullable=False),
    sa.Column("plies", sa.Integer, nullable=False),
    sa.Column("undo", sa.Text, nullable=True),  # JSON: pending undo request
    sa.Column("winners", sa.Text, nullable=True),  # JSON list
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),  # when the last seat was taken (clocks run from here)
    # JSON, written with the move that ends the game (ratings.decide): rated or not, and with whom
    sa.Column("rating_plan", sa.Text, nullable=True),
    sa.Index("ix_games_status_updated", "status", "updated_at"),
)  # fmt: skip

seats = sa.Table(
    "seats", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("bot", sa.String(200), nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("account_id", sa.Integer, nullable=True),  # the account holding the seat (table_db.accounts)
    sa.Column("left_at", sa.Float, nullable=True),  # a player who left (the seat is a bot since)
    sa.Column("left_reason", sa.String(16), nullable=True),  # resigned | timeout
    sa.Column("undo_declined_at", sa.Float, nullable=True),  # the seat's last undo request declined (cool-down)
    sa.Column("left_unmoved", sa.Boolean, nullable=True),  # its player first left before moving (no rating)
    sa.Column("clock_left", sa.Float, nullable=True),  # seconds on its clock when its player last left
    sa.Column("clock_debit", sa.Float, nullable=True),  # seconds the takeover bot earned, taken back at retakes
    sa.Index("ix_seats_account", "account_id"),
)  # fmt: skip

moves = sa.Table(
    "moves", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(64), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),  # -1: chance outcome
    sa.Column("created_at", sa.Float, nullable=False),
)  # fmt: skip


class StaleError(Exception):
    """The game changed since the revision the writer read (another request won the race)."""


class Busy(Exception):
    """SQLite: another connection holds the write lock (``append_nowait`` does not wait for it)."""


@functools.lru_cache(maxsize=16)
def _update_text(pg: bool, status: bool, winners: bool, rating: bool = False) -> str:
    """A move's compare-and-set UPDATE (``Storage._append_sql`` gives its arguments in this order)."""
    p = "%s" if pg else "?"
    sets = [f"revision={p}", f"plies={p}", f"updated_at={p}", "undo=NULL"]
    if status:
        sets.append(f"status={p}")
    if winners:
        sets.append(f"winners={p}")
    if rating:  # the rating decision, committed with the move that ends the game
        sets.append(f"rating_plan={p}")
    sql = f"UPDATE games SET {', '.join(sets)} WHERE id={p} AND revision={p}"
    return sql + " RETURNING pg_notify('heliopolis', %s)" if pg else sql


@functools.lru_cache(maxsize=64)
def _insert_text(n: int) -> str:
    """SQLite: the INSERT of ``n`` move rows."""
    return "INSERT INTO moves (game_id, ply, action, notation, seat, created_at) VALUES " + ", ".join(
        ["(?, ?, ?, ?, ?, ?)"] * n
    )


@functools.lru_cache(maxsize=64)
def _pg_text(update: str, n: int) -> str:
    """PostgreSQL: ``update`` and the INSERT of ``n`` move rows in one statement (``_pg_statement``)."""
    return (f"WITH u AS ({update}) INSERT INTO moves (game_id, ply, action, notation, seat, created_at) "
            f"SELECT v.* FROM (VALUES {', '.join(['(%s, %s, %s, %s, %s, %s)'] * n)}) "
            "AS v(game_id, ply, action, notation, seat, created_at) WHERE EXISTS (SELECT 1 FROM u)")  # fmt: skip


@dataclass
class Seat:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: int | None = None
    left_at: float | None = None
    left_reason: str | None = None
    undo_declined_at: float | None = None  # epoch; shared by every process through the database
    left_unmoved: bool | None = None
    clock_left: float | None = None
    clock_debit: float | None = None

    def public(self) -> dict[str, Any]:
        left = {"reason": self.left_reason, "at": self.left_at} if self.left_reason else None
        return {"seat": self.seat, "kind": self.kind, "bot": self.bot, "name": self.name,
                "taken": self.kind == "bot" or self.token_hash is not None or self.account_id is not None,
                "left": left}  # fmt: skip


@dataclass
class GameRecord:
    id: str
    game: str
    encoding: str
    options: dict[str, Any]
    seed: int
    status: str
    revision: int
    plies: int
    seats: list[Seat]
    created_at: float
    updated_at: float
    undo: dict[str, Any] | None = None
    winners: list[int] | None = None
    moves: list[tuple[int, int]] = field(default_factory=list)  # (action, seat), only when loaded


@dataclass
class Move:
    action: int
    notation: str
    seat: int  # -1 for chance


def new_game_id() -> str:
    """A fresh game id: 12 URL-safe characters that never begin with ``-`` or ``_``, so an id is never
    read as an option on a command line (``heliopolis admin delete-game ID``) and reads as a word."""
    while True:
        game_id = secrets.token_urlsafe(9)
        if game_id[0].isalnum():
            return game_id


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3; a bare path means a SQLite file."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def create_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            # WAL + NORMAL: a commit survives the process being killed (not a power cut).
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # No pre-ping: it costs a round trip per transaction; a dropped connection fails one request
    # (answered as an error the client retries) and the pool replaces it.
    return sa.create_engine(url, pool_size=10, max_overflow=20, pool_recycle=3600)


class Storage:
    def __init__(self, url: str, instance: str = "") -> None:
        self.url = normalize_url(url)
        self.engine = create_engine(self.url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.instance = instance  # names this server process in its notifications
        self._loop_conn: Any = None  # SQLite: the event loop's own connection (append_nowait)
        self._since_checkpoint = 0
        self.checkpoint_due = False
        # PostgreSQL: one autocommit connection per thread that commits moves (``_move_conn``)
        self._dsn = "postgresql://" + self.url.split("://", 1)[1]
        self._tls = threading.local()
        self._tls_lock = threading.Lock()
        self._move_conns: list[Any] = []
        self._pipeline: Any = None  # PostgreSQL: pg_pipeline.PgPipeline, the event loop's commits (append_async)

    def migrate(self) -> None:
        """Brings the schema to the newest Alembic revision (creates it on a new database)."""
        from heliopolis.server.store.migrate import upgrade

        upgrade(self.engine)

    def dispose(self) -> None:
        if self._loop_conn is not None:
            self._loop_conn.close()
            self._loop_conn = None
        with self._tls_lock:
            conns, self._move_conns = self._move_conns, []
        for conn in conns:
            conn.close()
        if self._pipeline is not None:
            self._pipeline.close()
            self._pipeline = None
        self.engine.dispose()

    # -- writes --------------------------------------------------------------------------------
    def create_game(
        self, rec: GameRecord, initial_moves: Iterable[Move] = (), also: Callable[[sa.Connection], None] | None = None
    ) -> None:
        """``also`` writes more rows (the game's table settings) in the same transaction."""
        now = rec.created_at or time.time()  # the caller's clock, so its cached record and the row agree
        with self.engine.begin() as c:
            c.execute(games.insert().values(
                id=rec.id, game=rec.game, encoding=rec.encoding, options=json.dumps(rec.options),
                seed=rec.seed, status=rec.status, revision=rec.revision, plies=rec.plies,
                undo=None, winners=json.dumps(rec.winners) if rec.winners is not None else None,
                created_at=now, updated_at=now, started_at=now if rec.status == "running" else None,
            ))  # fmt: skip
            c.execute(seats.insert(), [
                {"game_id": rec.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash, "account_id": s.account_id} for s in rec.seats
            ])  # fmt: skip
            rows = [{"game_id": rec.id, "ply": i, "action": m.action, "notation": m.notation, "seat": m.seat,
                     "created_at": now} for i, m in enumerate(initial_moves)]  # fmt: skip
            if rows:
                c.execute(moves.insert(), rows)
            if also is not None:
                also(c)
            self._notify(c, rec.id, rec.revision)

    def append(self, game_id: str, revision: int, plies: int, new: Iterable[Move], *, status: str | None = None,
               winners: list[int] | None = None, now: float | None = None, rating: str | None = None) -> int:  # fmt: skip
        """Appends moves after ``plies`` if the game is still at ``revision``; returns the new revision.
        ``now`` is the moves' time (the clocks' authority), by default the time of the call; ``rating``
        the rating decision (JSON) written with the move that ends the game."""
        if self.is_postgres:  # this thread's own connection (``_move_conn``), not the pool's
            return self._append_on(None, game_id, revision, plies, new, status, winners, now, rating)
        raw = self.engine.raw_connection()
        try:
            return self._append_on(raw, game_id, revision, plies, new, status, winners, now, rating)
        finally:
            raw.close()  # back to the pool

    def append_nowait(self, game_id: str, revision: int, plies: int, new: Iterable[Move], *,
                      status: str | None = None, winners: list[int] | None = None, now: float | None = None,
                      rating: str | None = None) -> int:  # fmt: skip
        """SQLite only, called on the event loop: ``append`` on a connection of its own that never
        waits for the database's write lock (``Busy`` if another connection holds it: the caller
        retries with ``append`` in a thread). A WAL commit with ``synchronous=NORMAL`` writes the
        log without fsync, a few tens of microseconds: cheaper than the hop to a thread and back.
        The checkpoint (which does fsync) is left to ``checkpoint`` in a thread (``checkpoint_due``)."""
        raw = self._loop_conn
        if raw is None:
            raw = self.engine.raw_connection()
            raw.detach()  # its own: never handed to a thread by the pool
            cur = raw.cursor()
            cur.execute("PRAGMA busy_timeout=0")
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()
            self._loop_conn = raw
        try:
            rev = self._append_on(raw, game_id, revision, plies, new, status, winners, now, rating)
        except sqlite3.OperationalError as e:
            if getattr(e, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise Busy(game_id) from None
            raise
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_EVERY:
            self._since_checkpoint = 0
            self.checkpoint_due = True
        return rev

    async def append_async(self, game_id: str, revision: int, plies: int, new: Iterable[Move], *,
                           status: str | None = None, winners: list[int] | None = None, now: float | None = None,
                           rating: str | None = None) -> int:  # fmt: skip
        """PostgreSQL, on the event loop: ``append`` as one statement on the loop's pipelined
        connection (``pg_pipeline``: no thread hop); returns once the move is committed."""
        if self._pipeline is None:
            from heliopolis.server.store.pg_pipeline import PgPipeline

            self._pipeline = PgPipeline(self._dsn)
        new = list(new)
        now = time.time() if now is None else now
        update, args, flat = self._append_sql(game_id, revision, plies, new, status, winners, now, rating)
        sql, params, n = self._pg_statement(update, args, flat)
        if await self._pipeline.execute(sql, params) != (n or 1):
            raise StaleError(game_id)
        return revision + 1

    def checkpoint(self) -> None:
        """Copies the write-ahead log into the database file (SQLite; in a thread, it fsyncs)."""
        with self.engine.connect() as c:
            c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _append_sql(self, game_id: str, revision: int, plies: int, new: list[Move], status: str | None,
                    winners: list[int] | None, now: float, rating: str | None = None,
                    ) -> tuple[str, list[Any], list[Any]]:  # fmt: skip
        """The compare-and-set UPDATE with its arguments, and the new moves' row values (flat)."""
        # The hot path of every move: plain SQL through the driver (a quarter of the CPU of building
        # the same statements with SQLAlchemy constructs each time; measured 0.09 vs 0.38 ms), the
        # statement texts made once per shape (``_update_text``).
        args: list[Any] = [revision + 1, plies + len(new), now]
        if status is not None:
            args.append(status)
        if winners is not None:
            args.append(json.dumps(winners))
        if rating is not None:
            args.append(rating)
        args += [game_id, revision]
        flat = [x for i, m in enumerate(new) for x in (game_id, plies + i, m.action, m.notation, m.seat, now)]
        if self.is_postgres:
            args.append(f"{game_id}:{revision + 1}:{self.instance}")
        return _update_text(self.is_postgres, status is not None, winners is not None, rating is not None), args, flat

    def _append_on(self, raw: Any, game_id: str, revision: int, plies: int, new: Iterable[Move],
                   status: str | None, winners: list[int] | None, now: float | None,
                   rating: str | None = None) -> int:  # fmt: skip
        new = list(new)
        now = time.time() if now is None else now
        sql, args, flat = self._append_sql(game_id, revision, plies, new, status, winners, now, rating)
        if self.is_postgres:
            self._append_pg(game_id, sql, args, flat)
            return revision + 1
        # The driver's own connection (no SQLAlchemy Connection, transaction or execution context
        # per move: about a third of this call's CPU); the driver opens the transaction itself.
        conn = raw.dbapi_connection
        try:
            if conn.execute(sql, args).rowcount != 1:
                raise StaleError(game_id)
            if new:  # one statement for the move and the chance outcomes it settled
                conn.execute(_insert_text(len(new)), flat)
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        return revision + 1

    @staticmethod
    def _pg_statement(update: str, args: list[Any], flat: list[Any]) -> tuple[str, list[Any], int]:
        """PostgreSQL: the compare-and-set, its notification and the new moves in one statement, run
        in autocommit (one round trip instead of BEGIN, UPDATE, INSERT, COMMIT). A data-modifying
        CTE runs exactly once; the INSERT takes its rows only if the UPDATE matched the revision.
        Returns the statement, its arguments and the rows it must report (0: the UPDATE's own row)."""
        n = len(flat) // 6
        if not n:
            return update, args, 0
        return _pg_text(update, n), [*args, *flat], n

    def _append_pg(self, game_id: str, update: str, args: list[Any], flat: list[Any]) -> None:
        sql, params, n = self._pg_statement(update, args, flat)
        conn = self._move_conn()
        try:
            cur = conn.execute(sql, params)
            ok = cur.rowcount == n if n else len(cur.fetchall()) == 1
        except BaseException:
            self._drop_move_conn(conn)  # broken, or interrupted mid-statement: a new one next time
            raise
        if not ok:
            raise StaleError(game_id)

    def _move_conn(self) -> Any:
        """PostgreSQL: this thread's own autocommit driver connection for moves (no pool checkout
        and no autocommit switching per move; closed by ``dispose``)."""
        conn = getattr(self._tls, "conn", None)
        if conn is None or conn.closed:
            import psycopg

            if conn is not None:
                self._drop_move_conn(conn)

            conn = self._tls.conn = psycopg.connect(self._dsn, autocommit=True)
            with self._tls_lock:
                self._move_conns.append(conn)
        return conn

    def _drop_move_conn(self, conn: Any) -> None:
        self._tls.conn = None
        with self._tls_lock:
            if conn in self._move_conns:
                self._move_conns.remove(conn)
        conn.close()

    def truncate(self, game_id: str, revision: int, plies: int) -> int:
        """Undo: drops every move from ``plies`` on; returns the new revision."""
        with self.engine.begin() as c:
            self._cas(c, game_id, revision, {"revision": revision + 1, "plies": plies, "undo": None,
                                             "updated_at": time.time(), "status": "running"})  # fmt: skip
            c.execute(moves.delete().where(moves.c.game_id == game_id, moves.c.ply >= plies))
        return revision + 1

    def update_game(self, game_id: str, revision: int, **values: Any) -> int:
        """Any other change (a seat joined, an undo request): bumps the revision."""
        seat_updates = values.pop("seat_updates", None)
        if "undo" in values:
            values["undo"] = json.dumps(values["undo"]) if values["undo"] is not None else None
        with self.engine.begin() as c:
            self._cas(c, game_id, revision, {"revision": revision + 1, "updated_at": time.time(), **values})
            for seat, cols in (seat_updates or {}).items():
                c.execute(seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat).values(**cols))
        return revision + 1

    def _cas(self, c: sa.Connection, game_id: str, revision: int, values: dict[str, Any]) -> None:
        q = games.update().where(games.c.id == game_id, games.c.revision == revision).values(**values)
        if self.is_postgres:
            # One round trip for the compare-and-set and the notification (sent at commit).
            payload = f"{game_id}:{revision + 1}:{self.instance}"
            res = c.execute(q.returning(sa.func.pg_notify("heliopolis", payload)))
            if len(res.fetchall()) != 1:
                raise StaleError(game_id)
            return
        if c.execute(q).rowcount != 1:
            raise StaleError(game_id)

    def _notify(self, c: sa.Connection, game_id: str, revision: int) -> None:
        if self.is_postgres:  # for new games (no compare-and-set); delivered at commit
            c.execute(sa.text("SELECT pg_notify('heliopolis', :p)"), {"p": f"{game_id}:{revision}:{self.instance}"})

    # -- reads ---------------------------------------------------------------------------------
    def load(self, game_id: str, with_moves: bool = True) -> GameRecord | None:
        with self.engine.connect() as c:
            row = c.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            seat_rows = c.execute(seats.select().where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()
            rec = _record(row, [_seat(r) for r in seat_rows])
            if with_moves:
                rows = c.execute(
                    sa.select(moves.c.action, moves.c.seat).where(moves.c.game_id == game_id).order_by(moves.c.ply)
                )
                rec.moves = [(a, s) for a, s in rows]
        return rec

    def revision(self, game_id: str) -> int | None:
        with self.engine.connect() as c:
            return c.execute(sa.select(games.c.revision).where(games.c.id == game_id)).scalar()

    def list_games(self, status: str | None = None, limit: int = 50) -> list[GameRecord]:
        from heliopolis.server.play.table_db import game_settings

        private = sa.select(game_settings.c.game_id).where(game_settings.c.private == sa.true())
        # A public rematch is listed once it runs: while open, its seats are its players' only.
        reserved = sa.select(game_settings.c.game_id).where(game_settings.c.invite_hash.is_not(None))
        q = (games.select().where(games.c.id.not_in(private), ~sa.and_(games.c.status == "open",
                                                                      games.c.id.in_(reserved)))
             .order_by(games.c.updated_at.desc()).limit(limit))  # fmt: skip
        if status is not None:
            q = q.where(games.c.status == status)
        with self.engine.connect() as c:
            rows = list(c.execute(q).mappings())
            ids = [r["id"] for r in rows]
            by_game: dict[str, list[Seat]] = {i: [] for i in ids}
            if ids:
                q2 = seats.select().where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)
                for r in c.execute(q2).mappings():
                    by_game[r["game_id"]].append(_seat(r))
        return [_record(r, by_game[r["id"]]) for r in rows]

    def take_token(self, limit: str, client: str, rate: float, burst: float) -> bool:
        """PostgreSQL: one token from the bucket of ``limit`` and ``client`` shared by every server
        process (``rate`` per second, at most ``burst``), atomically, on the database's clock."""
        sql = ("INSERT INTO rate_buckets (key, tokens, stamp) VALUES (%(k)s, %(burst)s - 1, %(now)s) "
               "ON CONFLICT (key) DO UPDATE SET "
               "tokens = LEAST(%(burst)s, rate_buckets.tokens + (%(now)s - rate_buckets.stamp) * %(rate)s) - 1, "
               "stamp = %(now)s "
               "WHERE LEAST(%(burst)s, rate_buckets.tokens + (%(now)s - rate_buckets.stamp) * %(rate)s) >= 1 "
               "RETURNING tokens")  # fmt: skip
        with self.engine.begin() as c:
            now: float = c.exec_driver_sql("SELECT extract(epoch FROM clock_timestamp())::float8").scalar_one()
            # A bucket idle for burst / rate seconds is full again, the same as no row: rows stay few.
            c.exec_driver_sql("DELETE FROM rate_buckets WHERE stamp < %(old)s AND key LIKE %(kind)s",
                              {"old": now - burst / max(rate, 1e-9), "kind": limit + ":%"})  # fmt: skip
            got = c.exec_driver_sql(sql, {"k": f"{limit}:{client}"[:96], "burst": burst, "rate": rate,
                                          "now": now}).first()  # fmt: skip
        return got is not None

    def running_ids(self) -> list[str]:
        with self.engine.connect() as c:
            return list(c.execute(sa.select(games.c.id).where(games.c.status == "running")).scalars())


def _seat(r: Any) -> Seat:
    return Seat(r["seat"], r["kind"], r["bot"], r["name"], r["token_hash"], r["account_id"], r["left_at"],
                r["left_reason"], r["undo_declined_at"], r["left_unmoved"], r["clock_left"],
                r["clock_debit"])  # fmt: skip


def _record(row: Any, seat_list: list[Seat]) -> GameRecord:
    return GameRecord(
        id=row["id"], game=row["game"], encoding=row["encoding"], options=json.loads(row["options"]),
        seed=int(row["seed"]), status=row["status"], revision=row["revision"], plies=row["plies"],
        seats=seat_list, created_at=row["created_at"], updated_at=row["updated_at"],
        undo=json.loads(row["undo"]) if row["undo"] else None,
        winners=json.loads(row["winners"]) if row["winners"] else None,
    )  # fmt: skip

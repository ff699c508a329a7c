"""SQLite commits from the event loop (``Storage.append_nowait``): they never wait for the write
lock, fall back to a thread when another connection holds it, and leave the checkpoint to a thread."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time

import pytest

from heliopolis.server.play.authority import Authority
from heliopolis.server.store import storage as storage_mod
from heliopolis.server.store.storage import Busy, GameRecord, Move, Seat, Storage
from heliopolis.server.transport.hub import Hub


class _NoBots:
    move_cap = 5.0


def _new_game(st: Storage, gid: str = "g1") -> None:
    now = time.time()
    rec = GameRecord(
        gid, "ra", "v1", {"players": 2}, 7, "running", 0, 0, [Seat(0, "human"), Seat(1, "human")], now, now
    )
    st.create_game(rec)


@pytest.fixture
def sqlite_storage(tmp_path):  # noqa: ANN001, ANN201
    st = Storage(f"sqlite:///{tmp_path / 'h.db'}")
    st.migrate()
    _new_game(st)
    yield st, tmp_path / "h.db"
    st.dispose()


def test_append_nowait_refuses_to_wait_for_the_lock_and_changes_nothing(sqlite_storage):
    st, path = sqlite_storage
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    t0 = time.perf_counter()
    with pytest.raises(Busy):
        st.append_nowait("g1", 0, 0, [Move(3, "x", 0)])
    assert time.perf_counter() - t0 < 1.0  # the sqlite3 default busy timeout would be 5 s
    other.execute("ROLLBACK")
    rec = st.load("g1")
    assert rec.revision == 0 and rec.moves == []
    assert st.append_nowait("g1", 0, 0, [Move(3, "x", 0), Move(5, "y", -1)]) == 1
    rec = st.load("g1")
    assert rec.revision == 1 and rec.moves == [(3, 0), (5, -1)]
    other.close()


def test_authority_falls_back_to_a_thread_while_the_lock_is_held(sqlite_storage):
    st, path = sqlite_storage
    auth = Authority(st, Hub(), _NoBots())  # type: ignore[arg-type]
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(0.3, lambda: other.execute("ROLLBACK")).start()

    async def go() -> tuple[int, float]:
        t0 = time.perf_counter()
        rev = await auth._append("g1", 0, 0, [Move(3, "x", 0)])
        return rev, time.perf_counter() - t0

    rev, took = asyncio.run(go())
    assert rev == 1 and took >= 0.25  # waited in a thread (busy timeout) for the other writer
    assert st.load("g1").moves == [(3, 0)]
    other.close()


def test_the_checkpoint_runs_in_a_thread_every_so_many_loop_commits(sqlite_storage, monkeypatch):
    st, _ = sqlite_storage
    monkeypatch.setattr(storage_mod, "CHECKPOINT_EVERY", 5)
    auth = Authority(st, Hub(), _NoBots())  # type: ignore[arg-type]
    ran: list[str] = []
    real = st.checkpoint
    monkeypatch.setattr(st, "checkpoint", lambda: (ran.append(threading.current_thread().name), real()))

    async def go() -> None:
        for i in range(12):
            await auth._append("g1", i, i, [Move(1, "a", 0)])
        await asyncio.sleep(0.2)

    asyncio.run(go())
    assert len(ran) == 2 and threading.main_thread().name not in ran
    assert st.load("g1").revision == 12


def test_postgres_append_is_compare_and_set_on_each_threads_connection(pg_url):
    """PostgreSQL moves go through one autocommit connection per committing thread
    (``Storage._move_conn``): the move and its notification commit once; a second append on the
    same revision is stale, writes and notifies nothing; a broken connection is replaced;
    ``dispose`` closes them all."""
    import psycopg

    st = Storage(pg_url)
    st.migrate()
    _new_game(st)
    with psycopg.connect(pg_url, autocommit=True) as listener:
        listener.execute("LISTEN heliopolis")
        assert st.append("g1", 0, 0, [Move(3, "x", 0), Move(5, "y", -1)]) == 1
        with pytest.raises(storage_mod.StaleError):
            st.append("g1", 0, 0, [Move(4, "z", 0)])
        with pytest.raises(storage_mod.StaleError):  # no moves: the UPDATE alone, still checked
            st.append("g1", 0, 2, [])
        notes = [n.payload for n in listener.notifies(timeout=1.0)]
    assert [n.split(":")[:2] for n in notes] == [["g1", "1"]]
    rec = st.load("g1")
    assert rec.revision == 1 and rec.moves == [(3, 0), (5, -1)]
    dead = st._move_conn()
    dead.pgconn.finish()  # the server closed it, say
    assert st.append("g1", 1, 2, []) == 2 and st._move_conn() is not dead  # a new connection
    assert dead not in st._move_conns
    other = threading.Thread(target=st.append, args=("g1", 2, 2, [Move(7, "w", 1)]))
    other.start()
    other.join()
    conns = list(st._move_conns)
    assert len(conns) == 2 and st.load("g1").revision == 3
    st.dispose()
    assert all(c.closed for c in conns)


def test_a_game_id_never_begins_like_a_command_line_option(monkeypatch):
    """About 1 id in 32 of ``token_urlsafe`` begins with ``-`` or ``_``; ``heliopolis admin delete-game
    -Rx...`` would read such an id as an option. New ids are drawn again until they begin with a letter or digit."""
    drawn = iter(["-Rx0aBcDeFgH", "_abcdefghijk", "Qz9aBcDeFgH-"])
    monkeypatch.setattr(storage_mod.secrets, "token_urlsafe", lambda n: next(drawn))
    assert storage_mod.new_game_id() == "Qz9aBcDeFgH-"
    monkeypatch.undo()
    ids = [storage_mod.new_game_id() for _ in range(2000)]
    assert all(i[0].isalnum() and len(i) == 12 for i in ids)
    assert len(set(ids)) == len(ids)

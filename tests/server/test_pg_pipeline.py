"""PostgreSQL from the event loop: move commits on one pipelined connection (``pg_pipeline``) and
the listener whose socket stays registered with the loop (``hub.PgListener``)."""

from __future__ import annotations

import asyncio
import time

import pytest

from heliopolis.server.store.pg_pipeline import CONNECTION_OK, numbered, open_nonblocking
from heliopolis.server.store.storage import GameRecord, Move, Seat, StaleError, Storage
from heliopolis.server.transport.hub import PgListener


def _new_game(st: Storage, gid: str) -> None:
    now = time.time()
    st.create_game(GameRecord(gid, "ra", "v1", {"players": 2}, 7, "running", 0, 0,
                              [Seat(0, "human"), Seat(1, "human")], now, now))  # fmt: skip


def _terminate(url: str, pid: int) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        c.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_placeholders_are_numbered_in_order() -> None:
    assert numbered("UPDATE t SET a=%s WHERE b=%s AND c=%s") == b"UPDATE t SET a=$1 WHERE b=$2 AND c=$3"
    assert numbered("SELECT 1") == b"SELECT 1"


def test_pipelined_commits_are_compare_and_set_committed_and_survive_a_lost_connection(pg_url: str) -> None:
    import psycopg

    st = Storage(pg_url, instance="me")
    st.migrate()
    for gid in ("g1", "g2", "g3"):
        _new_game(st, gid)

    async def go() -> None:
        listener = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
        await listener.execute("LISTEN heliopolis")
        assert await st.append_async("g1", 0, 0, [Move(3, "x", 0), Move(5, "y", -1)]) == 1
        with pytest.raises(StaleError):  # same revision again: nothing written, nothing notified
            await st.append_async("g1", 0, 0, [Move(4, "z", 0)])
        with pytest.raises(StaleError):  # no moves: the UPDATE alone, still checked
            await st.append_async("g1", 0, 2, [])
        # Several commits in flight at once on the one connection, each its own transaction:
        # the stale one fails alone.
        got = await asyncio.gather(
            st.append_async("g2", 0, 0, [Move(1, "a", 0)]),
            st.append_async("g3", 0, 0, [Move(2, "b", 1)], status="finished", winners=[1]),
            st.append_async("g1", 0, 2, [Move(6, "c", 1)]),
            st.append_async("g1", 1, 2, [Move(7, "d", 1)]),
            return_exceptions=True,
        )
        assert got[:2] == [1, 1] and isinstance(got[2], StaleError) and got[3] == 2
        # A failing statement (a ply already written) raises its error; the connection stays usable.
        with pytest.raises(psycopg.errors.UniqueViolation):
            await st.append_async("g2", 1, 0, [Move(1, "again", 0)])
        assert await st.append_async("g2", 1, 1, [Move(8, "e", 0)]) == 2
        notes = [n.payload async for n in listener.notifies(timeout=1.0)]
        assert sorted(n.rsplit(":", 1)[0] for n in notes) == ["g1:1", "g1:2", "g2:1", "g2:2", "g3:1"]
        await listener.close()
        # The server drops the connection: the next commit fails or succeeds on a new one, never twice.
        pipe = st._pipeline
        old = pipe.pgconn.backend_pid
        _terminate(pg_url, old)
        await asyncio.sleep(0.3)
        assert pipe.pgconn is None  # noticed by the loop's reader
        assert await st.append_async("g2", 2, 2, [Move(9, "f", 1)]) == 3
        assert pipe.pgconn.backend_pid != old

    asyncio.run(go())
    g1, g2, g3 = (st.load(g) for g in ("g1", "g2", "g3"))
    assert g1.revision == 2 and g1.moves == [(3, 0), (5, -1), (7, 1)]
    assert g2.revision == 3 and g2.moves == [(1, 0), (8, 0), (9, 1)]
    assert g3.status == "finished" and g3.winners == [1] and g3.moves == [(2, 1)]
    st.dispose()
    assert st._pipeline is None


def test_listener_drops_its_own_notifications_and_reconnects(pg_url: str) -> None:
    import psycopg

    async def go() -> None:
        seen: list[tuple[str, int]] = []

        async def on_change(game_id: str, number: int) -> None:
            seen.append((game_id, number))

        lst = PgListener(pg_url, on_change, instance="me")
        lst.start()
        await asyncio.wait_for(lst.ready.wait(), 10)
        with psycopg.connect(pg_url, autocommit=True) as c:
            for payload in ("a:1:me", "a:2:other", "b:7:other", "bad", "a:3:me", "a:4:other"):
                c.execute("SELECT pg_notify('heliopolis', %s)", (payload,))
            pids = [r[0] for r in c.execute("SELECT pid FROM pg_stat_activity WHERE application_name = "
                                            "'heliopolis listener' AND datname = current_database()")]  # fmt: skip
        for _ in range(50):
            if len(seen) >= 3:
                break
            await asyncio.sleep(0.05)
        assert seen == [("a", 2), ("b", 7), ("a", 4)]  # in order, own ones and the malformed one dropped
        assert len(pids) == 1
        lst.ready.clear()
        _terminate(pg_url, pids[0])
        await asyncio.wait_for(lst.ready.wait(), 10)  # listening again on a new connection
        with psycopg.connect(pg_url, autocommit=True) as c:
            c.execute("SELECT pg_notify('heliopolis', 'c:1:other')")
        for _ in range(50):
            if len(seen) >= 4:
                break
            await asyncio.sleep(0.05)
        assert seen[-1] == ("c", 1)
        await lst.stop()

    asyncio.run(go())


def test_a_connection_that_fails_to_open_is_named_and_closed(pg_url: str) -> None:
    """Both event-loop connections (moves pipeline, listener) open through ``open_nonblocking``: a
    failure names the connection and leaves no session behind; a good one is nonblocking."""
    import psycopg

    def sessions() -> int:
        with psycopg.connect(pg_url, autocommit=True) as c:
            for _ in range(50):  # a finished backend leaves pg_stat_activity a moment later
                row = c.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'heliopolis probe'")
                n = row.fetchone()[0]  # type: ignore[index]
                if n == 0:
                    break
                time.sleep(0.05)
            return int(n)

    async def go() -> None:
        with pytest.raises(psycopg.OperationalError, match="heliopolis probe") as failed:
            await open_nonblocking(pg_url, "heliopolis probe", b"LISTEN 1nonsense")
        # the traceback (alive here) still holds the connection object: only finish() closed it
        assert failed.value is not None and sessions() == 0
        pg = await open_nonblocking(pg_url, "heliopolis probe", b"LISTEN heliopolis")
        try:
            assert pg.status == CONNECTION_OK and pg.nonblocking == 1
        finally:
            pg.finish()

    asyncio.run(go())

"""The `pg_url` fixture (tests/conftest.py) gives a fresh, writable PostgreSQL database."""

import pytest


def test_pg_url_is_a_fresh_writable_database(pg_url: str) -> None:
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("select 1").fetchone() == (1,)
        # Fresh: no tables of ours yet.
        assert conn.execute(
            "select count(*) from information_schema.tables where table_schema = 'public'"
        ).fetchone() == (0,)
        conn.execute("create table t (id serial primary key, name text not null)")
        conn.execute("insert into t (name) values (%s), (%s)", ("ra", "sun"))
        assert conn.execute("select name from t order by id").fetchall() == [("ra",), ("sun",)]

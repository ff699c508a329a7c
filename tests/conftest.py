"""Shared pytest configuration."""

import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
# The terminal speaks the reader's language (LANG=de_DE... gives German): tests read English unless
# they ask for another one (tests/locale/test_cli_i18n.py).
os.environ["HELIOPOLIS_LANG"] = "en"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """URL of a fresh, uniquely named, empty PostgreSQL database, dropped afterwards.

    The server is the one at $HELIOPOLIS_TEST_PG (`make test` starts one with
    tools/ci_services.sh); without it the test is skipped.
    """
    server = os.environ.get("HELIOPOLIS_TEST_PG", "").strip()
    if not server:
        pytest.skip("PostgreSQL not available: set HELIOPOLIS_TEST_PG (make test starts one)")
    psycopg = pytest.importorskip(
        "psycopg", reason="psycopg not installed: pip install -e '.[web]'"
    )
    from psycopg import sql

    name = f"heliopolis_t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlsplit(server)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

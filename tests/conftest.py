"""Shared pytest configuration."""

import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
# The terminal speaks the reader's language (LANG=de_DE... gives German): tests read English unless
# they ask for another one (tests/locale/test_cli_i18n.py).
os.environ["HELIOPOLIS_LANG"] = "en"


@contextmanager
def pg_database() -> Iterator[str]:
    """URL of a fresh, uniquely named, empty PostgreSQL database on the server at
    $HELIOPOLIS_TEST_PG (`make test` starts one with tools/ci_services.sh), dropped on exit; without
    that server (or psycopg) the calling test is skipped."""
    server = os.environ.get("HELIOPOLIS_TEST_PG", "").strip()
    if not server:
        pytest.skip("PostgreSQL not available: set HELIOPOLIS_TEST_PG (make test starts one)")
    psycopg = pytest.importorskip("psycopg", reason="psycopg not installed: pip install -e '.[web]'")
    from psycopg import sql

    name = f"heliopolis_t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlsplit(server)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture
def pg_url() -> Iterator[str]:
    """URL of a fresh PostgreSQL database for the test (see ``pg_database``)."""
    with pg_database() as url:
        yield url


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Any]]:
    """Starts ``heliopolis serve`` subprocesses (``tests.server.conftest.ServerProcess``), bots
    answering without delay: ``serve("name", db="sqlite" | "postgresql", **ServerProcess options)``,
    each on a fresh SQLite file or a fresh PostgreSQL database (``pg_database``; skipped without
    one). All are stopped, and their PostgreSQL databases dropped, when the test module ends."""
    from tests.server.conftest import ServerProcess

    with ExitStack() as cleanup:

        def start(name: str = "site", db: str = "sqlite", **kw: Any) -> ServerProcess:
            if db == "postgresql":
                url = cleanup.enter_context(pg_database())
            elif db == "sqlite":
                url = f"sqlite:///{tmp_path_factory.mktemp(name) / f'{name}.db'}"
            else:
                raise ValueError(f"unknown test database {db!r}: sqlite or postgresql")
            s = ServerProcess(url, **{"bot_delay": 0.0, **kw})
            cleanup.callback(s.stop)  # last in, first out: stopped before its database is dropped
            return s.start()

        yield start


@pytest.fixture(scope="module")
def server(serve: Callable[..., Any]) -> Any:
    """One ``heliopolis serve`` on a fresh SQLite file for the test module (see ``serve``; a module
    parametrizes its own over both databases, e.g. tests/server/test_browser_moderation.py)."""
    return serve()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one for the test module (see tests/chromium.py)."""
    from tests.chromium import ARGS, CHROMIUM, require_chromium

    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()

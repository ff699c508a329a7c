"""``heliopolis migrate`` (docs/deploy.md, rolling upgrades): the schema to the newest revision, said in
one line; a database it cannot use, one line and nothing made; on PostgreSQL as on SQLite."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from heliopolis.cli import main

pytest.importorskip("alembic", reason="migrate needs the [web] extra")


def invoke(*args: str):  # noqa: ANN201
    return CliRunner().invoke(main, list(args), prog_name="heliopolis")


def _newest() -> str:
    from alembic.script import ScriptDirectory

    from heliopolis.server.store.migrate import alembic_config

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_migrate_brings_a_new_sqlite_file_to_the_newest_revision_once(tmp_path):
    db = f"sqlite:///{tmp_path / 'h.db'}"
    first = invoke("migrate", "--db", db)
    assert first.exit_code == 0, first.output
    assert first.output.strip() == f"{db}: schema migrated from revision - to {_newest()}"
    again = invoke("migrate", "--db", db)
    assert again.output.strip() == f"{db}: schema already at the newest revision {_newest()}; nothing to do"
    german = invoke("--lang", "de", "migrate", "--db", db)
    assert german.output.strip() == f"{db}: Schema schon auf der neuesten Revision {_newest()}; nichts zu tun"


def test_migrate_refuses_a_database_it_cannot_use_in_one_line(tmp_path):
    missing = tmp_path / "no" / "h.db"
    r = invoke("migrate", "--db", f"sqlite:///{missing}")
    assert r.exit_code == 2 and r.output.startswith("error: ") and len(r.output.strip().splitlines()) == 1
    assert "Traceback" not in r.output and not missing.parent.exists()
    notsqlite = tmp_path / "notes.txt"
    notsqlite.write_text("hello")
    r = invoke("migrate", "--db", f"sqlite:///{notsqlite}")
    assert r.exit_code == 2 and r.output.startswith("error: ") and notsqlite.read_text() == "hello"


def test_migrate_on_postgresql(pg_url):
    assert invoke("migrate", "--db", pg_url).output.strip().endswith(f"schema migrated from revision - to {_newest()}")
    assert invoke("migrate", "--db", pg_url).output.strip().endswith("nothing to do")

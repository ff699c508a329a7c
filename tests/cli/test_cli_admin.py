"""``heliopolis admin``: grant / revoke the admin role, ban / unban, list-users, on a SQLite file or a
PostgreSQL database given with --db (delete-game: tests/server/test_admin_delete_game.py); refusals
are one clear line (English or German), exit 2, nothing changed."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi", reason="the admin commands need the [web] extra")

import sqlalchemy as sa  # noqa: E402

from heliopolis.cli import main  # noqa: E402
from heliopolis.server.play.table_db import accounts, sessions  # noqa: E402
from heliopolis.server.social import moderation as m  # noqa: E402
from heliopolis.server.store.storage import Storage  # noqa: E402


def _run(*args: str):  # noqa: ANN202
    return CliRunner().invoke(main, list(args), prog_name="heliopolis")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str:  # noqa: ANN001
    url = f"sqlite:///{tmp_path / 'h.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    st = Storage(url)
    st.migrate()
    with st.engine.begin() as c:
        for i, name in enumerate(("Ann", "Bob"), 1):
            c.execute(accounts.insert().values(id=i, username=name, username_key=name.casefold(), password_hash="x",
                                               created_at=1.0))  # fmt: skip
        c.execute(sessions.insert().values(id_hash="s", account_id=2, csrf="c", created_at=1.0, expires_at=1e12))
    st.dispose()
    return url


def _roles(url: str) -> dict[int, tuple]:
    st = Storage(url)
    with st.engine.connect() as c:
        out = {r.account_id: (r.admin, r.banned_at is not None) for r in c.execute(sa.select(m.roles))}
        out[0] = tuple(e.action for e in c.execute(sa.select(m.audit.c.action).order_by(m.audit.c.id)))
        out[-1] = (c.execute(sa.select(sa.func.count()).select_from(sessions)).scalar(),)
    st.dispose()
    return out


def test_grant_revoke_ban_unban_and_list_users(db: str) -> None:
    r = _run("admin", "grant", "ann", "--db", db)
    assert r.exit_code == 0 and r.output.strip() == "Ann is now an admin", r.output
    assert _roles(db)[1] == (True, False)
    r = _run("admin", "revoke", "Ann", "--db", db)  # the last admin
    assert r.exit_code == 2 and "Ann is the last admin" in r.output
    assert _roles(db)[1] == (True, False)
    assert _run("admin", "grant", "Bob", "--db", db).exit_code == 0
    assert _run("admin", "revoke", "Ann", "--db", db).exit_code == 0
    assert _roles(db)[1] == (False, False)
    r = _run("admin", "ban", "Bob", "--db", db)  # the last admin cannot be banned either
    assert r.exit_code == 2 and "last admin" in r.output
    assert _run("admin", "grant", "Ann", "--db", db).exit_code == 0
    r = _run("admin", "ban", "Bob", "--db", db)
    assert r.exit_code == 0 and "Bob is banned" in r.output
    got = _roles(db)
    assert got[2] == (False, True) and got[-1] == (0,)  # no longer admin, every session ended
    r = _run("admin", "list-users", "--db", db)
    assert r.output.splitlines() == ["Ann  (admin)", "Bob  (banned)"]
    assert _run("admin", "unban", "Bob", "--db", db).exit_code == 0
    assert _roles(db)[0] == ("grant", "grant", "revoke", "grant", "ban", "unban")


def test_refusals_are_one_line_in_the_terminals_language(db: str) -> None:
    r = _run("admin", "grant", "Zed", "--db", db)
    assert r.exit_code == 2 and r.output == "error: no account is named Zed\n"
    r = _run("--lang", "de", "admin", "grant", "Zed", "--db", db)
    assert r.exit_code == 2 and "Es gibt kein Konto namens Zed" in r.output
    r = _run("admin", "grant", "Ann", "--db", "sqlite:////nonexistent/dir/x.db")
    assert r.exit_code == 2 and r.output.startswith("error: cannot use the database") and "Traceback" not in r.output
    assert _roles(db)[0] == ()


def test_the_help_is_in_both_languages_and_the_english_catalog_is_the_codes() -> None:
    from heliopolis import locale as L
    from heliopolis.cli_admin import admin
    from heliopolis.cli_text import english_help

    en = L.messages("en")
    for name, cmd in admin.commands.items():
        assert " ".join((english_help(cmd)[""] or "").split()) == en[f"cli.admin.help.{name}"]
        assert english_help(cmd)["db"] == en["cli.admin.opt.db"]
    r = _run("--lang", "de", "admin", "--help")
    assert "Dem Konto NAME die Admin-Rolle geben." in r.output and "Moderation von der Kommandozeile" in r.output
    r = _run("--lang", "de", "admin", "ban", "--help")
    assert "Das Konto NAME sperren" in r.output and "Datenbank-URL" in r.output
    assert "Give the account NAME the admin role." in _run("admin", "--help").output

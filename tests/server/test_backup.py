"""``heliopolis backup`` / ``heliopolis restore`` on SQLite and PostgreSQL: a busy server (accounts, a
rated game played to the end, a running game with chat, an open game, and an all-bot game playing on
during the backup) is backed up while it runs and restored into an empty database; a server on the
copy shows every game as it was (each seat's view, the spectator's, the replay, the chat), the bot
game replays move for move and ends as the original, the ratings are the same and every account
logs in. Bad input is one line in the terminal's language and writes nothing."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from heliopolis.cli import main
from heliopolis.server.app import Settings, create_app
from heliopolis.server.store.storage import Storage
from tests.conftest import pg_database
from tests.server.busy_site import make_busy_site
from tests.server.conftest import UNLIMITED, auth, create, wait_for


def _run(*args: str, env: dict[str, str] | None = None):  # noqa: ANN202
    return CliRunner().invoke(main, list(args), prog_name="heliopolis", env=env)


@contextmanager
def _empty_like(db_url: str, tmp_path: Path, name: str = "restored") -> Iterator[str]:
    if db_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / f'{name}.db'}"
    else:
        with pg_database() as url:
            yield url


def _need_tools(db_url: str) -> None:
    if db_url.startswith("postgresql") and not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        pytest.skip("the PostgreSQL client tools (pg_dump, pg_restore) are not installed")


def _digest(doc: Any) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def _views(client: TestClient, gid: str, tokens: dict[int, str]) -> dict[str, str]:
    """The state hashes of a game as every reader sees it: the spectator, each seat, the replay, the chat."""
    out = {"spectator": _digest(client.get(f"/api/games/{gid}/state").json()),
           "replay": _digest(client.get(f"/api/games/{gid}/replay").json()),
           "ratings": _digest(client.get(f"/api/games/{gid}/ratings").json())}  # fmt: skip
    for seat, token in tokens.items():
        out[f"seat {seat}"] = _digest(client.get(f"/api/games/{gid}/state", headers=auth(token)).json())
        out[f"chat {seat}"] = _digest(client.get(f"/api/games/{gid}/chat", headers=auth(token)).json())
    return out


def _finished(client: TestClient, gid: str) -> dict[str, str]:
    wait_for(client, gid, None, lambda s: s["status"] == "finished", timeout=120)
    return _views(client, gid, {})


def test_a_busy_server_backed_up_while_running_restores_every_game_and_account(db_url: str, tmp_path) -> None:  # noqa: ANN001
    _need_tools(db_url)
    out = tmp_path / "nightly.backup"
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.01, **UNLIMITED))) as src:
        site = make_busy_site(src)
        before = {gid: _views(src, gid, site.tokens.get(gid, {})) for gid in site.games}
        ratings = src.get("/api/ratings/ra:2009").json()
        playing = create(src, ["random", "random", "random"], join=None)["id"]  # moves on during the backup
        wait_for(src, playing, None, lambda s: s["version"] > 5)
        r = _run("backup", "--db", db_url, str(out))
        assert r.exit_code == 0 and r.output == f"backup of {db_url} written to {out}\n", r.output
        with _empty_like(db_url, tmp_path) as target:
            r = _run("restore", "--db", target, str(out))
            assert r.exit_code == 0 and r.output == f"{out} restored into {target}\n", r.output
            copied = Storage(target)
            assert copied.load(playing, with_moves=False).status == "running"  # it was backed up mid-play
            copied.dispose()
            with TestClient(create_app(Settings(db=target, bot_delay=0.0, **UNLIMITED))) as copy:
                for gid in site.games:
                    assert _views(copy, gid, site.tokens.get(gid, {})) == before[gid], gid
                assert copy.get("/api/ratings/ra:2009").json() == ratings
                for name, password in site.accounts.items():
                    r = copy.post("/api/account/login", json={"username": name, "password": password})
                    assert r.status_code == 200 and r.json()["account"]["username"] == name, r.text
                copy.cookies.clear()  # a new account gets a new id (PostgreSQL: the sequences came along)
                r = copy.post("/api/account/signup", json={"username": "Cleo", "password": "correct horse battery"})
                assert r.status_code == 201, r.text
                # The bot game was mid-play: the copy's server plays it on, deterministically, to the same end.
                assert _finished(copy, playing) == _finished(src, playing)
            r = _run("restore", "--db", target, str(out))  # the copy holds data now
            assert r.exit_code == 2 and "holds data already" in r.output
            assert _run("restore", "--db", target, "--force", str(out)).exit_code == 0


def test_refusals_are_one_line_and_write_nothing(db_url: str, tmp_path) -> None:  # noqa: ANN001
    _need_tools(db_url)
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))) as src:
        create(src, ["human", "random"], join=0)
    out = tmp_path / "b.backup"
    assert _run("backup", "--db", db_url, str(out)).exit_code == 0
    cases = [
        (("backup", "--db", db_url, str(out)), f"{out} exists already; give another file, or --force to replace it"),
        (("backup", "--db", db_url, str(tmp_path / "no" / "b")), "cannot write"),
        (("backup", "--db", "mysql://x/y", str(tmp_path / "m")), "cannot use the database mysql://x/y"),
        (("backup", "--db", str(tmp_path / "none.db"), str(tmp_path / "n")), "there is no database"),
        (("restore", "--db", db_url, str(out)), "holds data already"),
        (("restore", "--db", db_url, str(tmp_path / "missing")), "there is no file"),
    ]
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"not a backup at all")
    cases.append((("restore", "--db", db_url, str(junk)), "is not a Heliopolis backup"))
    with _empty_like(db_url, tmp_path, "other") as other:
        kind = "SQLite" if db_url.startswith("sqlite") else "PostgreSQL"
        foreign = tmp_path / "foreign.backup"  # a backup of the other kind
        if kind == "SQLite":
            foreign.write_bytes(b"PGDMP\x01\x0e\x00" + b"\x00" * 64)
            cases.append((("restore", "--db", db_url, str(foreign)), "is a PostgreSQL backup"))
        else:
            foreign.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84)
            cases.append((("restore", "--db", other, str(foreign)), "is a SQLite backup"))
            cases.append((("backup", "--db", db_url, str(tmp_path / "p")), "pg_dump is not on PATH"))
        before = sorted(p.name for p in tmp_path.iterdir())
        for args, said in cases:
            env = {"PATH": str(tmp_path)} if said.startswith("pg_dump") else None
            r = _run(*args, env=env)
            assert r.exit_code == 2 and r.output.startswith("error: ") and said in r.output, (args, r.output)
            assert len(r.output.splitlines()) == 1 and "Traceback" not in r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    r = _run("--lang", "de", "restore", "--db", db_url, str(out))
    assert r.exit_code == 2 and "enthält schon Daten" in r.output


def test_a_backup_from_a_newer_heliopolis_is_refused(db_url: str, tmp_path) -> None:  # noqa: ANN001
    _need_tools(db_url)
    import sqlalchemy as sa

    with _empty_like(db_url, tmp_path, "newer") as newer, _empty_like(db_url, tmp_path, "empty") as empty:
        st = Storage(newer)
        st.migrate()
        with st.engine.begin() as c:  # as a later version's migration would leave it
            c.execute(sa.text("UPDATE alembic_version SET version_num = 'z999_future'"))
        st.dispose()
        out = tmp_path / "newer.backup"
        assert _run("backup", "--db", newer, str(out)).exit_code == 0
        r = _run("restore", "--db", empty, str(out))
        assert r.exit_code == 2 and r.output == (f"error: {out} comes from a newer Heliopolis (schema z999_future); "
                                                 "upgrade Heliopolis first\n"), r.output  # fmt: skip
        st = Storage(empty)
        with st.engine.connect() as c:  # nothing was written
            assert sa.inspect(c).get_table_names() == []
        st.dispose()


@pytest.mark.parametrize("lang,said", [("en", "is not a Heliopolis database"), ("de", "keine Heliopolis-Datenbank")])
def test_a_sqlite_file_of_something_else_is_refused(tmp_path, lang: str, said: str) -> None:  # noqa: ANN001
    import sqlite3

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE t (x)")
    r = _run("--lang", lang, "backup", "--db", f"sqlite:///{other}", str(tmp_path / "b"))
    assert r.exit_code == 2 and said in r.output and not (tmp_path / "b").exists()

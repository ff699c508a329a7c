"""``heliopolis admin delete-game GAME_ID`` on SQLite and PostgreSQL, while the server runs: every row
of the game goes (moves, seats, chat, settings, rating changes, seat events), the other games stay,
the audit log says who deleted what; an unknown game is one clear line and changes nothing."""

from __future__ import annotations

import json
import time

import sqlalchemy as sa
from click.testing import CliRunner
from fastapi.testclient import TestClient

from heliopolis.cli import main
from heliopolis.server.app import Settings, create_app
from heliopolis.server.social import moderation as m
from heliopolis.server.store import game_delete
from heliopolis.server.store.storage import Storage, games
from tests.server.busy_site import make_busy_site
from tests.server.conftest import UNLIMITED


def _run(*args: str):  # noqa: ANN202
    return CliRunner().invoke(main, list(args), prog_name="heliopolis")


def _rows(url: str, game_id: str) -> dict[str, int]:
    st = Storage(url)
    try:
        with st.engine.connect() as c:
            out = {t.name: c.execute(sa.select(sa.func.count()).select_from(t).where(t.c.game_id == game_id)).scalar()
                   for t in game_delete._game_tables()}  # fmt: skip
            out["games"] = c.execute(
                sa.select(sa.func.count()).select_from(games).where(games.c.id == game_id)
            ).scalar()
            return out
    finally:
        st.dispose()


def _audit(url: str) -> list[tuple]:
    st = Storage(url)
    try:
        with st.engine.connect() as c:
            return [(r.admin_name, r.action, r.game_id, r.detail) for r in c.execute(sa.select(m.audit))]
    finally:
        st.dispose()


def test_delete_game_removes_every_row_of_it_and_is_audited(db_url: str) -> None:
    app = create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))
    with TestClient(app) as client:
        site = make_busy_site(client)
        before = _rows(db_url, site.finished)
        assert before["moves"] > 0 and before["seats"] == 3 and before["rating_changes"] == 3
        assert _rows(db_url, site.running)["chat"] == 2
        r = _run("admin", "delete-game", site.finished, "--db", db_url)
        assert r.exit_code == 0 and r.output == f"game {site.finished} is deleted\n", r.output
        r = _run("admin", "delete-game", site.running, "--db", db_url)
        assert r.exit_code == 0, r.output
        assert all(n == 0 for n in _rows(db_url, site.finished).values())
        assert all(n == 0 for n in _rows(db_url, site.running).values())
        assert _rows(db_url, site.open)["games"] == 1  # the others stay
        if db_url.startswith("postgresql"):  # the running server was told, and finds it gone
            deadline = time.monotonic() + 10
            while client.get(f"/api/games/{site.running}").status_code != 404:
                assert time.monotonic() < deadline, "the server still serves the deleted game"
                time.sleep(0.05)
        # Ratings the finished game made stay (a rating is a running sum).
        board = client.get("/api/ratings/ra:2009").json()["players"]
        assert {p["name"] for p in board} == {"Ann", "Bob", "bot random"}
    entries = _audit(db_url)
    assert [e[:3] for e in entries] == [(m.CLI_ADMIN, "delete_game", site.finished),
                                        (m.CLI_ADMIN, "delete_game", site.running)]  # fmt: skip
    detail = json.loads(entries[0][3])
    assert detail["game"] == "ra" and detail["status"] == "finished" and detail["seats"][:2] == ["Ann", "Bob"]
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))) as client:  # restarted
        assert client.get(f"/api/games/{site.finished}").status_code == 404
        assert client.get(f"/api/games/{site.open}").status_code == 200


def test_an_unknown_game_is_one_line_in_the_terminals_language(db_url: str) -> None:
    Storage(db_url).migrate()
    r = _run("admin", "delete-game", "nosuch", "--db", db_url)
    assert r.exit_code == 2 and r.output == "error: there is no game nosuch\n"
    r = _run("--lang", "de", "admin", "delete-game", "nosuch", "--db", db_url)
    assert r.exit_code == 2 and r.output.endswith("Es gibt kein Spiel nosuch\n") and "Traceback" not in r.output
    assert _audit(db_url) == []

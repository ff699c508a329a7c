"""The browser's analysis of finished games and hints during play (issue 29), over the HTTP API on
SQLite (the analysis table is tested on PostgreSQL by test_migrations): analyses run in the bot
workers, are stored and shared, refused for running games and limited per client; hints are
refused in rated games, where forbidden and out of turn, and hide nothing the seat cannot see."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from heliopolis.core.registry import new_game
from heliopolis.server.app import Settings, create_app
from tests.bots.test_analysis import SeatOnly, _RandomToTheEnd
from tests.server.conftest import UNLIMITED, auth, create, wait_for

FAST = {"analysis_budget": 2, "hint_budget": 2, "bot_delay": 0.0, **UNLIMITED}


def make_client(tmp_path, db: str | None = None, **over):  # noqa: ANN001, ANN003, ANN201
    return TestClient(create_app(Settings(db=db or f"sqlite:///{tmp_path / 'a.db'}", **{**FAST, **over})))


def finished_game(c) -> str:  # noqa: ANN001
    g = create(c, ["random", "random"], join=None)
    wait_for(c, g["id"], None, lambda s: s["status"] == "finished", timeout=60)
    return g["id"]


def wait_analysis(c, gid: str, timeout: float = 120) -> dict:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while True:
        a = c.get(f"/api/games/{gid}/analysis").json()
        if a["status"] != "running" or time.monotonic() > deadline:
            return a
        time.sleep(0.2)


def test_a_finished_game_is_analysed_in_the_workers_stored_and_shared(tmp_path, monkeypatch, db_url):
    with make_client(tmp_path, db_url, analysis_daily=1) as c:
        gid = finished_game(c)
        assert c.get(f"/api/games/{gid}/analysis").json()["status"] == "none"
        first = c.post(f"/api/games/{gid}/analysis")
        assert first.status_code == 200 and first.json()["status"] in ("running", "done")
        a = wait_analysis(c, gid)
        assert a["status"] == "done" and a["done"] == a["total"] == len(a["decisions"]) > 20
        plies = [d["ply"] for d in a["decisions"]]
        assert plies == sorted(plies) and {d["seat"] for d in a["decisions"]} == {0, 1}
        for d in a["decisions"]:
            assert d["loss"] >= 0 and d["legal"] >= 1 and 1 <= len(d["actions"]) <= 3
            assert d["best"] == d["actions"][0]["action"]
            assert d["line"] is None or isinstance(d["line"], int)  # its move's first line in the public log
            if d["legal"] == 1:
                assert d["loss"] == 0 and d["played"] == d["best"]

        async def no_work(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            raise AssertionError("a stored analysis is computed again")

        monkeypatch.setattr(c.app.state.auth.bots, "work", no_work)
        again = c.post(f"/api/games/{gid}/analysis")  # free: the daily limit of 1 is not spent again
        assert again.status_code == 200 and again.json() == a
    with make_client(tmp_path, db_url) as c2:  # a restarted server (another viewer) reads it from the database
        assert c2.get(f"/api/games/{gid}/analysis").json() == a


def test_an_analysis_stopped_halfway_resumes_from_what_is_stored(tmp_path):
    import json

    import sqlalchemy as sa

    from heliopolis.server.learn.analysis_jobs import analyses

    with make_client(tmp_path) as c:
        gid = finished_game(c)
        c.post(f"/api/games/{gid}/analysis")
        full = wait_analysis(c, gid)
        engine = c.app.state.auth.storage.engine
        with engine.begin() as conn:  # as a server killed halfway leaves it
            row = conn.execute(sa.select(analyses.c.decisions)).one()
            half = json.loads(row.decisions)[: full["total"] // 2]
            conn.execute(analyses.update().values(status="running", done=len(half), decisions=json.dumps(half)))
    with make_client(tmp_path) as c:
        stopped = c.get(f"/api/games/{gid}/analysis").json()
        assert stopped["status"] == "stopped" and stopped["done"] == len(half)
        c.post(f"/api/games/{gid}/analysis")
        assert wait_analysis(c, gid) == full  # the same numbers: each decision has its own seed


def test_a_running_game_is_refused(tmp_path):
    with make_client(tmp_path) as c:
        g = create(c, ["human", "random"])
        for method in (c.get, c.post):
            r = method(f"/api/games/{g['id']}/analysis")
            assert r.status_code == 409 and "finished" in r.json()["error"]["message"]
        assert r.json()["error"]["msg"]["k"] == "ui.analysis.err_running"


def test_one_running_analysis_per_client_and_a_daily_cap(tmp_path):
    with make_client(tmp_path, analysis_daily=2) as c:
        a, b, third = finished_game(c), finished_game(c), finished_game(c)
        assert c.post(f"/api/games/{a}/analysis").json()["status"] == "running"
        busy = c.post(f"/api/games/{b}/analysis")
        assert busy.status_code == 429 and busy.json()["error"]["msg"]["k"] == "ui.analysis.err_one"
        assert wait_analysis(c, a)["status"] == "done"
        assert c.post(f"/api/games/{b}/analysis").status_code == 200
        assert wait_analysis(c, b)["status"] == "done"
        capped = c.post(f"/api/games/{third}/analysis")
        assert capped.status_code == 429 and capped.json()["error"]["msg"]["k"] == "ui.analysis.err_daily"
        assert c.get(f"/api/games/{third}/analysis").json()["status"] == "none"  # nothing started


def _my_turn(c, table=None):  # noqa: ANN001, ANN201
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": 0}
    if table is not None:
        body["table"] = table
    g = c.post("/api/games", json=body).json()
    wait_for(c, g["id"], g["token"], lambda s: s["to_move"] == 0)
    return g


def test_hints_for_the_seat_to_move_in_unrated_games_only(tmp_path):
    with make_client(tmp_path) as c:
        g = _my_turn(c)
        r = c.post(f"/api/games/{g['id']}/hint", headers=auth(g["token"]))
        assert r.status_code == 200, r.text
        h = r.json()
        assert h["seat"] == 0 and 1 <= len(h["actions"]) <= 3
        means = [a["mean"] for a in h["actions"]]
        assert means == sorted(means, reverse=True)
        assert all({"action", "mean", "lo", "hi", "own", "rival"} <= set(a) for a in h["actions"])
        spectator = c.post(f"/api/games/{g['id']}/hint")
        assert spectator.status_code == 409 and spectator.json()["error"]["msg"]["k"] == "ui.hint.err_turn"
        off = _my_turn(c, {"hints": False})
        assert c.get(f"/api/games/{off['id']}/state").json()["table"]["hints"] is False
        r = c.post(f"/api/games/{off['id']}/hint", headers=auth(off["token"]))
        assert r.status_code == 403 and r.json()["error"]["msg"]["k"] == "ui.hint.err_forbidden"


def test_hints_are_refused_in_rated_games(tmp_path):
    with make_client(tmp_path) as c:
        g = _my_turn(c, {"rated": True})
        assert c.get(f"/api/games/{g['id']}/state").json()["table"]["hints"] is False
        r = c.post(f"/api/games/{g['id']}/hint", headers=auth(g["token"]))
        assert r.status_code == 403 and r.json()["error"]["msg"]["k"] == "ui.hint.err_rated"


def test_hints_are_rate_limited_per_client(tmp_path):
    with make_client(tmp_path, hint_rate=0.001) as c:
        g = _my_turn(c)
        codes = [c.post(f"/api/games/{g['id']}/hint", headers=auth(g["token"])).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]


class SeatView(SeatOnly):
    def describe_action(self, action: int):  # noqa: ANN201 - the words of a legal action: public
        return self._real.describe_action(action)


@pytest.mark.parametrize("game_id", ["ra", "men-nefer"])
def test_a_hint_reads_only_the_seats_information(game_id):
    """The hint of a real game reads nothing but the seat's own resampled determinizations."""
    from heliopolis.core.registry import new_game
    from heliopolis.server.learn.analysis_work import hint_of

    rng = random.Random(3)
    s = new_game(game_id, players=3)
    while s.is_chance_node() or s.current_player() != 0 or len(s.history()) < 12:
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    hint = hint_of(s, 0, 4, 7)
    assert hint == hint_of(SeatView(s, 0), 0, 4, 7)  # type: ignore[arg-type]
    assert 1 <= len(hint["actions"]) <= 3


class _Secret(_RandomToTheEnd):
    class bot:  # noqa: N801 - the simulator's bot: only its evaluator is read (the hint's reason)
        @staticmethod
        def evaluator(s):  # noqa: ANN001, ANN205
            return [float(x) for x in s.returns()] if s.is_terminal() else [0.5, 0.5]


def test_two_states_differing_only_in_hidden_information_get_the_same_hint(monkeypatch):
    """Seat 1 of the secret test game cannot see seat 0's card: the true card (1 or 3) does not
    change its hint."""
    from heliopolis.bots import analysis as A
    from heliopolis.server.learn.analysis_work import hint_of

    monkeypatch.setitem(A._SIMULATORS, ("secret", 2), _Secret())
    hints = []
    for card in ("card:1", "card:3"):
        s = new_game("secret", players=2)
        s.apply_action(s.string_to_action(card))
        hints.append(hint_of(s, 1, 50, 4))
    assert hints[0] == hints[1] and len(hints[0]["actions"]) == 3

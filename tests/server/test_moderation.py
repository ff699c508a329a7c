"""Moderation (issue 27, item 3) on SQLite and PostgreSQL: reports (CSRF, once per line, a per-account
limit, never of what the reporter cannot see), the admin role (403 for everyone else), deleting a
line, muting (chat refused, play goes on), banning (sessions and WebSockets end at once, login
refused, running seats to takeover bots, also after a kill -9 between the ban and the hand-over),
no self-ban and no ban of the last admin, and the audit log (every action, read-only)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heliopolis.server.social import moderation as m
from tests.server.conftest import ServerProcess, auth, wait_for

PW = "correct horse battery staple"


def user(client: TestClient, name: str) -> tuple[TestClient, dict[str, str]]:
    """A browser of its own (its own cookies) on the same app, signed up as ``name``; (client, CSRF header)."""
    c = TestClient(client.app)
    c.portal = client.portal  # the app's own event loop (its locks and tasks live there)
    r = c.post("/api/account/signup", json={"username": name, "password": PW})
    assert r.status_code == 201, r.text
    return c, {"X-CSRF-Token": r.json()["csrf"]}


def grant(client: TestClient, name: str) -> None:
    engine = client.app.state.auth.storage.engine
    with engine.begin() as c:
        m.set_admin(c, name, True)


def seated_game(client: TestClient, table: dict | None = None):  # noqa: ANN201
    """A running game whose seats 0 and 1 are held by the accounts Eve and Ann; Bob is a spectator."""
    eve, eh = user(client, "Eve")
    ann, ah = user(client, "Ann")
    body = {"game": "ra", "players": 3, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "join": 0, "table": {"takeover": "random", **(table or {})}}  # fmt: skip
    g = eve.post("/api/games", json=body, headers=eh)
    assert g.status_code == 201, g.text
    gid = g.json()["id"]
    j = ann.post(f"/api/games/{gid}/join", json={"invite": g.json().get("invite")}, headers=ah)
    assert j.status_code == 200, j.text
    eve.token = g.json()["token"]  # type: ignore[attr-defined]
    return gid, (eve, eh), (ann, ah)


def say(c: TestClient, h: dict[str, str], gid: str, text: str) -> dict:
    r = c.post(f"/api/games/{gid}/chat", json={"text": text}, headers=h)
    assert r.status_code == 201, r.text
    return r.json()


def test_reports_need_csrf_count_once_and_are_limited(client):
    gid, (eve, eh), (ann, ah) = seated_game(client)
    line = say(eve, eh, gid, "you are all idiots")
    bob, bh = user(client, "Bob")
    body = {"kind": "chat", "game": gid, "n": line["n"], "reason": "insults"}
    assert client.post("/api/reports", json=body).status_code == 401  # a guest
    assert bob.post("/api/reports", json=body).status_code == 403  # no CSRF header: a forged write
    assert bob.post("/api/reports", json=body, headers={"X-CSRF-Token": "x"}).status_code == 403
    first = bob.post("/api/reports", json=body, headers=bh)
    assert first.status_code == 201 and first.json()["duplicate"] is False
    again = bob.post("/api/reports", json=body, headers=bh)  # the same line twice counts once
    assert again.json() == {"report": first.json()["report"], "duplicate": True}
    ann.post("/api/reports", json=body, headers=ah)
    assert eve.post("/api/reports", json=body, headers=eh).status_code == 400  # oneself
    # Bad input: a clear line in the page's language, nothing written.
    bad = bob.post("/api/reports", json={**body, "n": "x"}, headers=bh)
    assert bad.status_code == 400 and bad.json()["error"]["msg"]["k"] == "errors.mod.bad_field"
    assert "body" not in bad.json()["error"]["message"]
    long = bob.post("/api/reports", json={**body, "reason": "x" * 201}, headers=bh)
    assert long.json()["error"]["msg"]["k"] == "errors.mod.reason_long"
    assert bob.post("/api/reports", json={**body, "n": 99}, headers=bh).status_code == 404
    assert bob.post("/api/reports", json={"kind": "player", "game": gid, "seat": 2}, headers=bh).status_code == 400
    with client.app.state.auth.storage.engine.connect() as c:
        assert c.execute(sa.select(sa.func.count()).select_from(m.reports)).scalar() == 2
    # Flooding: at most REPORTS_PER_HOUR per account, then 429 (lines of their own, each new).
    lines = [say(ann, ah, gid, f"line {i}")["n"] for i in range(5)]
    codes = []
    carol, ch = user(client, "Carol")
    for i in range(m.REPORTS_PER_HOUR + 2):
        kind = {"kind": "chat", "game": gid, "n": lines[i % 5]} if i < 5 else {"kind": "player", "game": gid,
                                                                                "seat": i % 2}  # fmt: skip
        codes.append(carol.post("/api/reports", json={**kind, "reason": str(i)}, headers=ch).status_code)
    assert codes[:7] == [201] * 7  # five lines, two players: the rest repeat a target and count once
    # Each repeat is answered without counting: the limit is on distinct reports.
    assert set(codes) == {201}
    with client.app.state.auth.storage.engine.begin() as c:  # an account that did send the most
        c.execute(m.reports.insert(), [{"reporter_id": 4, "kind": "player", "game_id": gid, "seat": 0,
                                        "target_account": None, "target_name": "x", "target_key": f"k{i}",
                                        "status": "dismissed", "created_at": 1e10} for i in range(30)])  # fmt: skip
    flood = carol.post("/api/reports", json={"kind": "chat", "game": gid, "n": 0}, headers=ch)
    assert flood.status_code == 429 and flood.json()["error"]["msg"]["k"] == "errors.mod.report_limit"


def test_reports_of_games_one_cannot_see_are_refused(client):
    gid, (eve, eh), _ann = seated_game(client, {"private": True})
    line = say(eve, eh, gid, "private words")
    bob, bh = user(client, "Bob")  # knows the id, holds no seat
    r = bob.post("/api/reports", json={"kind": "chat", "game": gid, "n": line["n"]}, headers=bh)
    assert r.status_code == 403 and r.json()["error"]["msg"]["k"] == "errors.mod.cannot_see"
    assert bob.post("/api/reports", json={"kind": "player", "game": gid, "seat": 0}, headers=bh).status_code == 403
    gid2, (eve2, eh2), _ = seated_game_public_muted(client, eve, eh)
    line2 = say(eve2, eh2, gid2, "just us")
    assert bob.post("/api/reports", json={"kind": "chat", "game": gid2, "n": line2["n"]}, headers=bh).status_code == 403


def seated_game_public_muted(client, eve, eh):  # noqa: ANN001, ANN201
    body = {"game": "ra", "players": 3, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "join": 0, "table": {"spectator_chat": False}}  # fmt: skip
    gid = eve.post("/api/games", json=body, headers=eh).json()["id"]
    client.post(f"/api/games/{gid}/join", json={})
    return gid, (eve, eh), None


def test_admin_endpoints_refuse_everyone_else(client):
    gid, (eve, eh), (ann, ah) = seated_game(client)
    for path in ("/api/admin/reports", "/api/admin/audit", "/api/admin/users"):
        assert client.get(path).status_code == 401
        assert eve.get(path).status_code == 403
    for path in ("/api/admin/ban", "/api/admin/mute", "/api/admin/delete-line", "/api/admin/dismiss"):
        r = eve.post(path, json={"account": 2, "game": gid, "n": 0, "report": 1}, headers=eh)
        assert r.status_code == 403 and r.json()["error"]["msg"]["k"] == "errors.mod.not_admin"
    grant(client, "Ann")
    assert ann.get("/api/admin/reports").status_code == 200
    for bad in ("?status=all", "?limit=0", "?limit=x", "?limit=501"):
        r = ann.get(f"/api/admin/reports{bad}")
        assert r.status_code == 400 and r.json()["error"]["msg"]["k"] == "errors.mod.bad_field", bad
    # CSRF on every admin write.
    for path in ("/api/admin/ban", "/api/admin/mute", "/api/admin/delete-line", "/api/admin/dismiss"):
        assert ann.post(path, json={"account": 1}).status_code == 403
    assert ann.post("/api/admin/ban", json={"account": 1}, headers={"X-CSRF-Token": "forged"}).status_code == 403
    assert client.app.state.auth.get  # the game is untouched
    assert eve.get("/api/moderation/me").json() == {"admin": False, "muted": False}
    assert ann.get("/api/moderation/me").json() == {"admin": True, "muted": False}


def test_delete_mute_and_the_audit_log(client):
    gid, (eve, eh), (ann, ah) = seated_game(client)
    before = say(ann, ah, gid, "hello")
    bad = say(eve, eh, gid, "something vile")
    bob, bh = user(client, "Bob")
    rep = bob.post("/api/reports", json={"kind": "chat", "game": gid, "n": bad["n"]}, headers=bh).json()["report"]
    grant(client, "Bob")
    listed = bob.get("/api/admin/reports").json()["reports"]
    assert len(listed) == 1 and listed[0]["text"] == "something vile" and listed[0]["reporter"] == "Bob"
    assert [(x["n"], x["reported"]) for x in listed[0]["context"]] == [(before["n"], False), (bad["n"], True)]
    assert listed[0]["target"]["account"] == 1 and listed[0]["url"] == f"/g/{gid}"
    with client.websocket_connect(f"/ws/games/{gid}") as spec:
        assert spec.receive_json()["type"] == "state"
        r = bob.post("/api/admin/delete-line", json={"game": gid, "n": bad["n"], "report": rep}, headers=bh)
        assert r.status_code == 200, r.text
        for _ in range(20):
            msg = spec.receive_json()
            if msg["type"] == "chat_deleted":
                break
        assert msg == {"type": "chat_deleted", "game_id": gid, "n": bad["n"]}
    assert [x["text"] for x in client.get(f"/api/games/{gid}/chat").json()["messages"]] == ["hello"]
    assert "something vile" not in client.get(f"/api/games/{gid}/export").text
    assert bob.get("/api/admin/reports").json()["reports"] == []  # answered
    assert bob.post("/api/admin/delete-line", json={"game": gid, "n": bad["n"]}, headers=bh).status_code == 404
    # Mute: chat refused with a clear message, play goes on.
    assert bob.post("/api/admin/mute", json={"account": 1}, headers=bh).status_code == 200
    r = eve.post(f"/api/games/{gid}/chat", json={"text": "let me speak"}, headers=eh)
    assert r.status_code == 403 and r.json()["error"]["code"] == "muted"
    assert r.json()["error"]["msg"]["k"] == "errors.mod.muted"
    players = {0: (eve, eh), 1: (ann, ah)}
    for _ in range(20):  # Eve's move goes through (Ann moves when it is her turn first)
        st = wait_for(eve, gid, None, lambda s: s["to_move"] in (0, 1) or s["status"] == "finished")
        if st["status"] == "finished":
            break
        who, hdr = players[st["to_move"]]
        mine = who.get(f"/api/games/{gid}/state").json()
        act = who.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                       headers=hdr)  # fmt: skip
        assert act.status_code == 200, act.text
        if st["to_move"] == 0:
            break
    assert eve.get("/api/moderation/me").json()["muted"] is True
    bob.post("/api/admin/mute", json={"account": 1, "on": False}, headers=bh)
    say(eve, eh, gid, "sorry")
    # Self-mute refused; dismissing a report; bad bodies change nothing.
    assert bob.post("/api/admin/mute", json={"account": 3}, headers=bh).status_code == 409
    rep2 = ann.post("/api/reports", json={"kind": "player", "game": gid, "seat": 0}, headers=ah).json()["report"]
    bad_body = bob.post("/api/admin/dismiss", json={"report": "one"}, headers=bh)
    assert bad_body.status_code == 400 and bad_body.json()["error"]["msg"]["k"] == "errors.mod.bad_field"
    assert bob.post("/api/admin/dismiss", json={"report": rep2}, headers=bh).status_code == 200
    assert bob.post("/api/admin/dismiss", json={"report": rep2}, headers=bh).status_code == 409
    log = bob.get("/api/admin/audit").json()["entries"]
    assert [e["action"] for e in log] == ["dismiss", "unmute", "mute", "delete_line", "grant"]
    assert log[3]["detail"] == "something vile" and log[3]["admin_name"] == "Bob" and log[3]["game_id"] == gid
    assert log[2]["target_name"] == "Eve" and log[2]["at"] > 0
    # Never editable through the API.
    for method in ("put", "patch", "delete", "post"):
        assert getattr(bob, method)("/api/admin/audit", headers=bh).status_code == 405
    assert len(bob.get("/api/admin/audit").json()["entries"]) == 5


def test_a_ban_ends_sessions_and_sockets_refuses_login_and_hands_seats_to_bots(client):
    gid, (eve, eh), (ann, ah) = seated_game(client)
    grant(client, "Ann")
    url = f"/ws/games/{gid}"
    origin = {"origin": "http://testserver", "host": "testserver"}
    with eve.websocket_connect(url, headers=origin) as ws:
        assert ws.receive_json()["seat"] == 0  # the account's seat, from the session cookie
        r = ann.post("/api/admin/ban", json={"account": 1}, headers=ah)
        assert r.status_code == 200, r.text
        assert r.json()["seats_to_bots"] == 1 and r.json()["sockets_closed"] == 1
        seen = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(50):
                seen.append(ws.receive_json())
        assert closed.value.code == m.WS_BANNED
        assert any(x.get("code") == "banned" for x in seen)
    assert eve.get("/api/account/me").json()["account"] is None  # the session is gone
    assert eve.post("/api/account/logout", headers=eh).status_code == 401  # the next request: no session
    assert eve.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers=eh).status_code == 403  # a guest now
    login = eve.post("/api/account/login", json={"username": "Eve", "password": PW})
    assert login.status_code == 403 and login.json()["error"]["code"] == "banned"
    assert eve.get("/api/account/me").json()["account"] is None
    seat = client.get(f"/api/games/{gid}").json()["seats"][0]
    assert seat["kind"] == "bot" and seat["left"]["reason"] == "banned"
    # Her seat token neither takes the seat back nor chats.
    r = client.post(f"/api/games/{gid}/retake", headers=auth(eve.token))
    assert r.status_code == 403 and r.json()["error"]["code"] == "banned"
    r = client.post(f"/api/games/{gid}/chat", json={"text": "still here"}, headers=auth(eve.token))
    assert r.status_code == 403 and r.json()["error"]["code"] == "banned"
    wait_for(client, gid, None, lambda s: s["status"] == "finished" or s["to_move"] == 1)  # the bot plays on
    # An admin cannot ban themself, nor the last admin; every action was logged.
    assert (
        ann.post("/api/admin/ban", json={"account": 2}, headers=ah).json()["error"]["msg"]["k"] == "errors.mod.ban_self"
    )
    with client.app.state.auth.storage.engine.begin() as c:
        with pytest.raises(Exception, match="last admin"):
            m.set_banned(c, 2, True, (None, m.CLI_ADMIN))
    assert [e["action"] for e in ann.get("/api/admin/audit").json()["entries"]] == ["ban", "grant"]
    assert ann.post("/api/admin/ban", json={"account": 1, "on": False}, headers=ah).status_code == 200
    assert eve.post("/api/account/login", json={"username": "Eve", "password": PW}).status_code == 200


def test_a_ban_survives_kill_9_and_the_seats_go_to_bots_on_restart(db_url, tmp_path):
    """The ban is committed before it is answered; the hand-over interrupted by a crash is done
    when the server starts again."""
    import httpx

    srv = ServerProcess(db_url).start()
    try:

        def signup(name: str) -> tuple[httpx.Client, dict[str, str]]:
            c = httpx.Client(base_url=srv.url)
            r = c.post("/api/account/signup", json={"username": name, "password": PW})
            assert r.status_code == 201, r.text
            return c, {"X-CSRF-Token": r.json()["csrf"]}

        eve, eh = signup("Eve")
        g = eve.post("/api/games", headers=eh, json={"game": "ra", "players": 2, "join": 0, "table": {"takeover": "random"},
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).json()  # fmt: skip
        other = httpx.post(f"{srv.url}/api/games/{g['id']}/join", json={}).json()
        srv.kill()
        # A ban written straight into the database, as if the server had died right after its commit.
        from heliopolis.server.store.storage import Storage

        st = Storage(db_url)
        with st.engine.begin() as c:
            m._set_role(c, 1, banned_at=1.0)
        st.dispose()
        srv.start()
        seat = httpx.get(f"{srv.url}/api/games/{g['id']}").json()["seats"][0]
        assert seat["kind"] == "bot" and seat["left"]["reason"] == "banned"
        assert other["seat"] == 1
        # A ban answered by the API is on disk: kill -9 right after, it holds.
        srv2 = httpx.Client(base_url=srv.url)
        r = srv2.post("/api/account/signup", json={"username": "Ann", "password": PW})
        ah = {"X-CSRF-Token": r.json()["csrf"]}
        st = Storage(db_url)
        with st.engine.begin() as c:
            m.set_admin(c, "Ann", True)
        st.dispose()
        bob, _ = signup("Bob")
        assert srv2.post("/api/admin/ban", json={"account": 3}, headers=ah).status_code == 200
        srv.kill()
        st = Storage(db_url)
        with st.engine.connect() as c:
            assert m.role(c, 3).banned_at is not None
            assert [e.action for e in c.execute(sa.select(m.audit.c.action).order_by(m.audit.c.id))] == ["grant", "ban"]
        st.dispose()
    finally:
        srv.stop()


def test_a_ban_on_one_instance_closes_the_sockets_of_another_and_the_command_line_tells_them(pg_url):
    """Two instances on one PostgreSQL: a ban answered by A closes the banned account's WebSocket
    on B at once (channel ``heliopolis_mod``); a ban from the command line does the same and hands
    the running seat to the takeover bot without a restart."""
    from click.testing import CliRunner

    from heliopolis.cli import main
    from heliopolis.server.app import Settings, create_app
    from tests.server.conftest import UNLIMITED

    settings = Settings(db=pg_url, bot_delay=0.0, **UNLIMITED)
    a, b = create_app(settings), create_app(settings)
    origin = {"origin": "http://testserver", "host": "testserver"}
    with TestClient(a) as ca, TestClient(b) as cb:
        gid, (eve, eh), (ann, ah) = seated_game(ca)
        grant(ca, "Ann")
        watcher = TestClient(b)
        watcher.portal = cb.portal
        watcher.cookies.update(eve.cookies)  # Eve's session, on instance B
        with watcher.websocket_connect(f"/ws/games/{gid}", headers=origin) as ws:
            assert ws.receive_json()["seat"] == 0
            assert ann.post("/api/admin/ban", json={"account": 1}, headers=ah).status_code == 200
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(50):
                    ws.receive_json()
            assert closed.value.code == m.WS_BANNED
        # Unbanned, back in a game, banned from the command line: B hands her new seat over.
        ann.post("/api/admin/ban", json={"account": 1, "on": False}, headers=ah)
        assert eve.post("/api/account/login", json={"username": "Eve", "password": PW}).status_code == 200
        body = {"game": "ra", "players": 2, "join": 0, "table": {"takeover": "random"},
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}  # fmt: skip
        g2 = eve.post("/api/games", json=body, headers={"X-CSRF-Token": eve.cookies["heliopolis_csrf"]}).json()["id"]
        r = CliRunner().invoke(main, ["admin", "ban", "Eve", "--db", pg_url])
        assert r.exit_code == 0, r.output
        wait_for(cb, g2, None, lambda s: s["seats"][0]["kind"] == "bot", timeout=10)
        assert cb.get(f"/api/games/{g2}").json()["seats"][0]["left"]["reason"] == "banned"

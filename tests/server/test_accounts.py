"""Accounts on SQLite and PostgreSQL: sign up / log in / log out / me, argon2id hashes, cookie
flags, CSRF on cookie-authenticated writes, login rate limits, claiming guest seats, and the
rule that a session cookie never opens a seat the account does not hold."""

from __future__ import annotations

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heliopolis.server.app import Settings, create_app
from tests.server.conftest import auth, create, wait_for


class Device:
    """One browser: its own cookie jar on the shared test client (one app, one event loop)."""

    def __init__(self, client) -> None:  # noqa: ANN001
        self.client, self.jar = client, httpx.Cookies()

    def __getattr__(self, method: str):  # noqa: ANN204
        def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            self.client.cookies = self.jar
            try:
                return getattr(self.client, method)(*args, **kwargs)
            finally:
                self.jar = self.client.cookies

        return call


PW = "correct horse battery"


def signup(client, name: str, pw: str = PW) -> str:  # noqa: ANN001
    r = client.post("/api/account/signup", json={"username": name, "password": pw})
    assert r.status_code == 201, r.text
    return r.json()["csrf"]


def csrf(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token}


def test_signup_login_logout_me_and_the_stored_hash(client):
    assert client.get("/api/account/me").json() == {"account": None, "csrf": None}
    r = client.post("/api/account/signup", json={"username": "Ann", "password": PW})
    assert r.status_code == 201
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("heliopolis_session="))
    assert "HttpOnly" in session and "samesite=lax" in session.lower() and "Secure" not in session
    assert not any("HttpOnly" in c for c in cookies if c.startswith("heliopolis_csrf="))
    token = r.json()["csrf"]
    assert client.get("/api/account/me").json()["account"]["username"] == "Ann"
    storage = client.app.state.auth.storage
    with storage.engine.connect() as c:
        stored = c.execute(sa.text("SELECT password_hash FROM accounts")).scalar()
    assert stored.startswith("$argon2id$") and PW not in stored
    # Logging out is a write: the CSRF header is required.
    r = client.post("/api/account/logout")
    assert r.status_code == 403 and "x-csrf-token" in r.json()["error"]["message"]
    assert client.post("/api/account/logout", headers=csrf(token)).status_code == 200
    assert client.get("/api/account/me").json()["account"] is None
    # The old session is gone from the database, not only from the browser.
    with storage.engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM sessions")).scalar() == 0
    r = client.post("/api/account/login", json={"username": "ann", "password": PW})  # case-insensitive
    assert r.status_code == 200 and r.json()["account"]["username"] == "Ann"
    assert client.post("/api/account/login", json={"username": "Ann", "password": "wrong password"}).status_code == 401


def test_the_server_hashes_with_argon2ids_recommended_cost(client, monkeypatch):
    """The other in-process tests hash cheaply (conftest.cheap_password_hashes); the server itself uses
    RFC 9106's low-memory recommendation: 64 MiB, 3 passes, 4 lanes."""
    monkeypatch.undo()
    assert client.post("/api/account/signup", json={"username": "Ann", "password": PW}).status_code == 201
    with client.app.state.auth.storage.engine.connect() as c:
        stored = c.execute(sa.text("SELECT password_hash FROM accounts")).scalar()
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")


def test_bad_signups_name_the_field_and_create_nothing(client):
    signup(client, "Ann")
    for body, field, status in [
        ({"username": "ANN", "password": PW}, "username", 409),
        ({"username": "a b c", "password": PW}, "username", 400),
        ({"username": "bob", "password": "short"}, "password", 422),
        ({"username": "bob"}, "password", 422),
        ({"username": "bob", "password": PW, "email": "x"}, "email", 422),
    ]:
        r = client.post("/api/account/signup", json=body)
        assert r.status_code == status, (body, r.text)
        err = r.json()["error"]
        assert field in err["message"] or err.get("field") == field  # a sentence; the path beside it
    with client.app.state.auth.storage.engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM accounts")).scalar() == 1


def test_login_attempts_are_rate_limited(client):
    signup(client, "Ann")
    codes = [client.post("/api/account/login", json={"username": "Ann", "password": "wrong password"}).status_code
             for _ in range(15)]  # fmt: skip
    assert 429 in codes and codes[0] == 401
    # ... and the right password does not get through a limited address either.
    assert client.post("/api/account/login", json={"username": "Ann", "password": PW}).status_code == 429


def test_session_cookie_is_secure_over_https(db_url):
    app = create_app(Settings(db=db_url, bot_delay=0.0, http_rate=1000, http_burst=1000))
    with TestClient(app, base_url="https://testserver") as c:
        r = c.post("/api/account/signup", json={"username": "Ann", "password": PW})
        session = next(x for x in r.headers.get_list("set-cookie") if x.startswith("heliopolis_session="))
        assert "Secure" in session


def test_an_accounts_seat_opens_from_any_device_and_only_its_own(client):
    phone, laptop, other = Device(client), Device(client), Device(client)
    t = signup(phone, "Ann")
    # Creating while logged in is a cookie-authenticated write: CSRF required.
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "join": 0}
    r = phone.post("/api/games", json=body)
    assert r.status_code == 403
    g = phone.post("/api/games", json=body, headers=csrf(t)).json()
    gid = g["id"]
    other_seat = other.post(f"/api/games/{gid}/join", json={}).json()
    assert phone.get(f"/api/games/{gid}").json()["seats"][0]["name"] == "Ann"  # named after the account
    # The laptop logs in: no token, and still the account's seat.
    lt = laptop.post("/api/account/login", json={"username": "Ann", "password": PW}).json()["csrf"]
    s = laptop.get(f"/api/games/{gid}/state").json()
    assert s["seat"] == 0
    # Another account holds no seat here: its cookie makes it a spectator, and it cannot act.
    ot = signup(other, "Bob")
    s2 = other.get(f"/api/games/{gid}/state").json()
    assert s2["seat"] is None
    s = wait_for(laptop, gid, None, lambda s: s["to_move"] is not None)
    if s["to_move"] == 0:
        a = s["legal"][0]["id"]
        r = laptop.post(f"/api/games/{gid}/actions", json={"action": a, "version": s["version"]})
        assert r.status_code == 403  # no CSRF header
        r = other.post(f"/api/games/{gid}/actions", json={"action": a, "version": s["version"]}, headers=csrf(ot))
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        r = laptop.post(f"/api/games/{gid}/actions", json={"action": a, "version": s["version"]}, headers=csrf(lt))
        assert r.status_code == 200, r.text
    else:  # the guest's token still works alongside
        a = state_of(other, gid, other_seat["token"])
        r = other.post(f"/api/games/{gid}/actions", json={"action": a["legal"][0]["id"], "version": a["version"]},
                       headers=auth(other_seat["token"]))  # fmt: skip
        assert r.status_code == 200


def state_of(client, gid: str, token: str) -> dict:  # noqa: ANN001
    return client.get(f"/api/games/{gid}/state", headers=auth(token)).json()


def test_a_guest_claims_the_seats_of_this_browser(client):
    browser, elsewhere = Device(client), Device(client)
    g1 = create(browser, ["human", "random"])
    g2 = create(browser, ["human", "human"], join=1)
    t = signup(browser, "Ann")
    body = {
        "seats": [
            {"game": g1["id"], "token": g1["token"]},
            {"game": g2["id"], "token": g2["token"]},
            {"game": g2["id"], "token": "not-a-token"},
            {"game": "nope", "token": "x"},
        ]
    }
    assert browser.post("/api/account/claim", json=body).status_code == 403  # CSRF
    r = browser.post("/api/account/claim", json=body, headers=csrf(t)).json()
    assert sorted((c["game"], c["seat"]) for c in r["claimed"]) == sorted([(g1["id"], 0), (g2["id"], 1)])
    assert [x["code"] for x in r["refused"]] == ["forbidden", "not_found"]
    elsewhere.post("/api/account/login", json={"username": "Ann", "password": PW})
    assert elsewhere.get(f"/api/games/{g2['id']}/state").json()["seat"] == 1
    # A seat held by one account cannot be claimed by another, even with the token.
    elsewhere.jar = httpx.Cookies()
    t2 = signup(elsewhere, "Bob")
    r = elsewhere.post("/api/account/claim", json={"seats": [{"game": g1["id"], "token": g1["token"]}]},
                       headers=csrf(t2)).json()  # fmt: skip
    assert r["claimed"] == [] and r["refused"][0]["code"] == "conflict"
    assert elsewhere.get(f"/api/games/{g1['id']}/state").json()["seat"] is None


def test_websocket_opens_the_accounts_seat_only_from_this_sites_pages(client):
    t = signup(client, "Ann")
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": 0}
    gid = client.post("/api/games", json=body, headers=csrf(t)).json()["id"]
    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    for origin, seat in [("http://testserver", 0), (None, None)]:
        headers = {"cookie": cookie}
        if origin:
            headers["origin"] = origin
        with client.websocket_connect(f"/ws/games/{gid}", headers=headers) as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["seat"] == seat, (origin, first["seat"])
    # Another site's page is refused at the handshake (issue 14's origin check), cookie or not.
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/ws/games/{gid}", headers={"cookie": cookie, "origin": "https://evil.example"}):
            pass
    assert refused.value.code == 4403

"""Issue 27, the account side: each attack of the trial replayed and refused, on SQLite and
PostgreSQL — lookalike names (1), weak passwords (2), locking an owner out (3), the mail relay and
unconfirmed addresses (10), limiters that forgot every key at 10,000 — and the lifecycle that goes
with them (change password, my sessions, log out everywhere)."""

from __future__ import annotations

import email
import re
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from heliopolis import locale
from heliopolis.server.app import Settings, create_app
from heliopolis.server.social import login_limits as L
from heliopolis.server.social.accounts import Accounts
from heliopolis.server.social.names import skeleton
from heliopolis.server.social.passwords import problem
from heliopolis.server.transport.limits import KeyedLimiter
from tests.server.conftest import UNLIMITED, create
from tests.server.test_accounts import PW, Device, csrf, signup
from tests.server.test_alerts import smtp  # noqa: F401 - the fixture: a local SMTP inbox


def _from(client: TestClient, address: str) -> None:
    """The next requests come from ``address`` (the TCP peer the limits key on)."""
    client._transport.client = (address, 40000)  # type: ignore[attr-defined]


def _count(client: TestClient, table: str = "accounts") -> int:
    with client.app.state.auth.storage.engine.connect() as c:
        return int(c.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar())


def _worded(r: httpx.Response, key: str) -> dict:
    """The error carries its catalog message (``msg``), and the English message is that message's text."""
    err = r.json()["error"]
    assert err["msg"]["k"] == key, r.text
    args = err["msg"].get("a", {})
    assert err["message"] == err["msg"]["t"] == locale.text(key, "en", args)
    assert locale.render(err["msg"], "de") == locale.text(key, "de", args) != err["message"]  # German exists
    return {**err, "args": args}


# -- 1. lookalike usernames -----------------------------------------------------------------------------
def test_lookalike_and_newline_usernames_are_refused(client):
    signup(client, "Zoe")
    for name, status, key in [
        ("Zoe\n", 400, "ui.error.username_rule"),  # the trial's attack: `$` let the newline in
        ("Zoe\r\n", 400, "ui.error.username_rule"),
        ("Z\u043e\u0435", 400, "ui.error.username_rule"),  # Cyrillic о, е
        ("\uff3a\uff4f\uff45", 400, "ui.error.username_rule"),  # fullwidth Ｚｏｅ
        ("zoe", 409, "ui.error.username_taken"),
        ("ZOE", 409, "ui.error.username_taken"),
        ("Z0e", 409, "ui.error.username_taken"),  # zero for O
        ("Zoe.", 409, "ui.error.username_taken"),
        ("Z_o-e", 409, "ui.error.username_taken"),
    ]:
        client.cookies.clear()
        r = client.post("/api/account/signup", json={"username": name, "password": PW})
        assert r.status_code == status, (name, r.text)
        _worded(r, key)
    assert _count(client) == 1
    signup(client, "rnike")
    assert client.post("/api/account/signup", json={"username": "mike", "password": PW}).status_code == 409
    assert client.post("/api/account/signup", json={"username": "Il1a", "password": PW}).status_code == 201
    assert client.post("/api/account/signup", json={"username": "lila", "password": PW}).status_code == 409


def test_racing_lookalike_signups_leave_one_account(client):
    # The unique index on the skeleton decides, not a check before the insert.
    acc = Accounts(client.app.state.auth.storage)
    names = ["Zoe", "Z0e", "zoe", "ZOE", "Zoe_", "z.o.e"] * 2

    def one(name: str) -> bool:
        try:
            acc._create(name, PW)
            return True
        except Exception:  # noqa: BLE001
            return False

    with ThreadPoolExecutor(6) as pool:
        assert sum(pool.map(one, names)) == 1
    assert _count(client) == 1


def test_a_guest_seat_name_cannot_pass_for_an_account(client):
    zoe, guest = Device(client), Device(client)
    signup(zoe, "Zoe")
    g = create(guest, ["human", "human", "random"], join=None)
    for name in ["Zoe", "z0e", "\uff3a\uff4f\uff45", "Z\u043e\u0435", "Zo\u00e9", "Z o e"]:
        r = guest.post(f"/api/games/{g['id']}/join", json={"name": name})
        assert r.status_code == 409, (name, r.text)
        _worded(r, "ui.error.name_of_account")
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human", "name": "ZOE"}, {"kind": "bot", "bot": "random",
                                                                                       "name": "Zoe"}], "join": 0}  # fmt: skip
    assert guest.post("/api/games", json=body).status_code == 409  # any seat name the creator gives
    for bad in ["Zo\ne", "Zo\u200be", "Zo\u202ee"]:  # control and invisible characters: the seat-name rules
        assert guest.post(f"/api/games/{g['id']}/join", json={"name": bad}).status_code == 422
    assert guest.post(f"/api/games/{g['id']}/join", json={"name": "Zoey"}).status_code == 200
    # Zoe herself may use her name (and is named after her account without one).
    t = zoe.post("/api/account/login", json={"username": "Zoe", "password": PW}).json()["csrf"]
    r = zoe.post(f"/api/games/{g['id']}/join", json={"name": "Zoe"}, headers=csrf(t))
    assert r.status_code == 200, r.text
    names = [s["name"] for s in guest.get(f"/api/games/{g['id']}").json()["seats"]]
    assert names.count("Zoe") == 1 and "Zoey" in names


def test_the_skeleton_maps_the_usual_homoglyphs():
    same = [
        "Zoe",
        "ZOE",
        "Z0e",
        "Zо\u0435",
        "\u0396\u03bf\u0435",
        "Zo\u00e9",
        "Z_o.e",
        "\U0001d419\U0001d428\U0001d41e",
    ]
    assert {skeleton(n) for n in same} == {"zoe"}
    assert skeleton("Ann") != skeleton("Anna") and skeleton("rn") == skeleton("m") and skeleton("I") == skeleton("1")


# -- 2. weak passwords ----------------------------------------------------------------------------------
WEAK = [
    ("password", "ui.error.password_short"), ("12345678", "ui.error.password_short"),
    ("aaaaaaaa", "ui.error.password_short"), ("aaaaaaaaaa", "ui.error.password_simple"),
    ("Zoe12345678", "ui.error.password_username"), ("zoezoezoezoe", "ui.error.password_simple"),
    ("1234567890", "ui.error.password_simple"), ("qwertyuiop", "ui.error.password_simple"),
    ("1qaz2wsx3edc", "ui.error.password_simple"), ("abcabcabcabc", "ui.error.password_simple"),
    ("password123", "ui.error.password_common"), ("P@ssw0rd2024!", "ui.error.password_common"),
    ("iloveyou2024", "ui.error.password_common"), ("sunshine 99!", "ui.error.password_common"),
]  # fmt: skip


def test_weak_passwords_are_refused_and_create_nothing(client):
    for pw, key in WEAK + [("Zoe", "ui.error.password_short"), ("Zoe!!!!!!!!!", "ui.error.password_username")]:
        r = client.post("/api/account/signup", json={"username": "Zoe", "password": pw})
        assert r.status_code == 422 and r.json()["error"]["code"] == "weak_password", (pw, r.text)
        _worded(r, key)
    assert _count(client) == 0
    signup(client, "Zoe", "violet kettle on the stairs")  # a passphrase: no composition rules
    client.cookies.clear()
    signup(client, "Xavier", "Tr0ub4dor&3x")


def test_an_old_weak_password_keeps_working(client):
    Accounts(client.app.state.auth.storage)._create("Old", "password")  # stored before the policy
    r = client.post("/api/account/login", json={"username": "Old", "password": "password"})
    assert r.status_code == 200, r.text


def test_the_policy_by_itself():
    for pw, key in WEAK:
        assert problem(pw, "Zoe") is not None and problem(pw, "Zoe")[0] == key, pw
    assert problem("correct horse battery", "Zoe") is None
    assert problem("channel seven 42", "Ann") is None  # a 3-letter name is refused only as the whole password
    assert problem("Ann2024!!!!", "Ann")[0] == "ui.error.password_username"


# -- 3. locking the owner out ---------------------------------------------------------------------------
def test_fourteen_addresses_guessing_do_not_lock_the_owner_out(client):
    signup(client, "Zoe")
    client.cookies.clear()
    for i in range(14):  # the trial's attack: one wrong login from each of 14 addresses
        _from(client, f"198.51.100.{i}")
        r = client.post("/api/account/login", json={"username": "Zoe", "password": f"guess number {i}"})
        assert r.status_code == 401, r.text
        _worded(r, "ui.error.login_failed")
    _from(client, "203.0.113.7")  # the owner, on a new phone
    r = client.post("/api/account/login", json={"username": "Zoe", "password": PW})
    assert r.status_code == 200, r.text
    # A guessing address is held back: its next try waits (and says for how long), right or wrong.
    _from(client, "198.51.100.3")
    client.cookies.clear()
    r = client.post("/api/account/login", json={"username": "Zoe", "password": "guess again"})
    assert r.status_code == 429
    err = _worded(r, "ui.error.login_backoff")
    assert 1 <= err["args"]["n"] <= L.MAX_BACKOFF


def test_a_known_device_gets_in_from_the_guessers_own_address(client):
    laptop, guesser = Device(client), Device(client)
    signup(laptop, "Zoe")  # the laptop is now a known device of Zoe
    assert "heliopolis_device" in laptop.jar
    _from(client, "192.0.2.50")  # one address (a café's) for both
    codes = [guesser.post("/api/account/login", json={"username": "Zoe", "password": f"guess {i}"}).status_code
             for i in range(40)]  # fmt: skip
    assert codes[0] == 401 and codes[-1] == 429  # the guesser is stopped ...
    r = laptop.post("/api/account/login", json={"username": "Zoe", "password": PW})
    assert r.status_code == 200, r.text  # ... the owner's laptop is not
    other = Device(client)  # the same address without the cookie is still held back
    assert other.post("/api/account/login", json={"username": "Zoe", "password": PW}).status_code == 429


def test_the_back_off_numbers():
    lim, now = L.LoginLimits(), 1000.0
    for i in range(L.FREE_FAILURES):
        assert lim.backoff("zoe", "a", now) == 0.0
        lim.failed("zoe", f"x{i}", now)
    lim.failed("zoe", "a", now)  # the 6th failure of the username
    assert lim.backoff("zoe", "a", now) == pytest.approx(2.0)  # 2 ** (6 - 5) seconds for that address
    assert lim.backoff("zoe", "fresh", now) == 0.0  # never for an address that has not failed
    assert lim.backoff("zoe", "a", now + 2.5) == 0.0
    for _ in range(30):
        lim.failed("zoe", "a", now)
    assert lim.backoff("zoe", "a", now) == L.MAX_BACKOFF  # capped at 15 minutes
    assert lim.backoff("zoe", "a", now + 36 * 60 + 1) == 0.0  # one failure forgotten per minute


# -- limiters: bounded memory without forgetting every key ------------------------------------------------
def test_many_new_keys_do_not_reset_a_spent_bucket():
    lim = KeyedLimiter(rate=0.001, burst=3, max_keys=100)
    assert [lim.take("victim") for _ in range(4)] == [True, True, True, False]
    flood = [lim.take(f"10.0.{i // 256}.{i % 256}") for i in range(1000)]  # the earlier limiter cleared all at max_keys
    assert not lim.take("victim") and len(lim.buckets) == 100
    # The 99 keys that found room got their own bucket; the rest shared one (burst 3), then were refused.
    assert sum(flood) == 99 + 3 and not any(flood[-100:])


def test_a_full_bucket_makes_room_for_a_new_key():
    lim = KeyedLimiter(rate=1000.0, burst=3, max_keys=2)  # refills at once: forgetting one changes nothing
    assert all(lim.take(k) for k in ["a", "b", "c", "d"]) and len(lim.buckets) == 2


def test_login_limits_are_bounded_and_keep_the_busy_username():
    lim, now = L.LoginLimits(max_keys=50), 0.0
    for _ in range(10):
        lim.failed("zoe", "a", now)
    for i in range(500):
        lim.failed(f"user{i}", f"addr{i}", now)
        lim.backoff("zoe", "a", now)  # the attacked name is in use all along
    assert lim.backoff("zoe", "a", now) > 0
    assert max(len(lim.failures), len(lim.last_failure), len(lim.by_pair.buckets)) <= 50


# -- 10. one confirmed address ---------------------------------------------------------------------------
@pytest.fixture
def mail_app(db_url, smtp):  # noqa: ANN001, ANN201, F811 - smtp: the fixture imported from test_alerts
    inbox, url = smtp
    app = create_app(Settings(db=db_url, bot_delay=0.0, smtp=url, alert_interval=0.0, **UNLIMITED))
    with TestClient(app) as c:
        yield c, inbox


RELAYS = ["root,postmaster,eve@victim.example", "eve@victim.example, root@localhost", "Eve <eve@victim.example>",
          "eve@victim.example\nBcc: root@localhost", "eve@victim.example (me)", '"a,b"@victim.example',
          "eve@victim.example;root@localhost", "eve@[127.0.0.1]", "eve@localhost", "ev e@victim.example",
          "\u00e8ve@victim.example"]  # fmt: skip


def test_the_alert_address_is_one_address(mail_app):
    c, inbox = mail_app
    t = signup(c, "Zoe")
    for bad in RELAYS:
        r = c.put("/api/account/alerts", json={"email": bad, "turn_emails": True}, headers=csrf(t))
        assert r.status_code == 400, (bad, r.text)
        _worded(r, "ui.error.email_invalid")
    assert c.get("/api/account/alerts").json()["email"] is None
    time.sleep(0.2)
    assert inbox.messages == []


def _turn_mail(c: TestClient, account_id: int) -> None:
    c.app.state.alerts._send(account_id, "g1", "ra")  # what the turn hook runs in a thread


def test_turn_mail_waits_for_a_single_use_confirmation(mail_app):
    from tests.server.test_alerts import confirm_from_inbox

    c, inbox = mail_app
    c.app.state.alerts.resend_seconds = 0.0  # this test sets two addresses within the minute
    t = signup(c, "Zoe")
    me = c.get("/api/account/me").json()["account"]["id"]
    r = c.put("/api/account/alerts", json={"email": "zoe@example.org", "turn_emails": True}, headers=csrf(t))
    assert r.json()["confirmed"] is False
    _turn_mail(c, me)
    token = confirm_from_inbox(c, inbox, "zoe@example.org")  # the one mail so far: the confirmation
    assert [to for to, _ in inbox.messages] == [["zoe@example.org"]]
    again = c.post("/api/account/confirm", json={"token": token})  # single use
    assert again.status_code == 400
    _worded(again, "ui.error.confirm_invalid")
    assert c.get("/api/account/alerts").json()["confirmed"] is True
    _turn_mail(c, me)
    assert len(inbox.messages) == 2 and inbox.messages[1][0] == ["zoe@example.org"]
    # A new address starts unconfirmed again; an expired link confirms nothing.
    c.put("/api/account/alerts", json={"email": "zoe@example.net", "turn_emails": True}, headers=csrf(t))
    with c.app.state.auth.storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE email_tokens SET expires_at = 0"))
    deadline = time.monotonic() + 5
    while len(inbox.messages) < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    body = email.message_from_string(inbox.messages[2][1]).get_payload(decode=True).decode()
    stale = re.search(r"#confirm=([A-Za-z0-9_-]+)", body).group(1)
    assert c.post("/api/account/confirm", json={"token": stale}).status_code == 400
    _turn_mail(c, me)
    assert len(inbox.messages) == 3 and c.get("/api/account/alerts").json()["confirmed"] is False


def test_an_address_stored_before_the_rules_gets_nothing(mail_app):
    c, inbox = mail_app
    signup(c, "Zoe")
    me = c.get("/api/account/me").json()["account"]["id"]
    with c.app.state.auth.storage.engine.begin() as conn:  # as the trial left it, even marked confirmed
        conn.execute(sa.text("UPDATE accounts SET email = 'root,postmaster,eve@victim.example', turn_emails = :t, "
                             "email_confirmed = :t"), {"t": True})  # fmt: skip
    _turn_mail(c, me)
    time.sleep(0.2)
    assert inbox.messages == []


# -- lifecycle: change password, my sessions, log out everywhere ---------------------------------------------
def test_changing_the_password_ends_every_other_session(client):
    phone, laptop = Device(client), Device(client)
    signup(phone, "Zoe")
    t = laptop.post("/api/account/login", json={"username": "Zoe", "password": PW}).json()["csrf"]
    new = "a kettle of violet tea"
    r = laptop.post("/api/account/password", json={"old": "wrong old password", "new": new}, headers=csrf(t))
    assert r.status_code == 401
    r = laptop.post("/api/account/password", json={"old": PW, "new": "password123"}, headers=csrf(t))
    assert r.status_code == 422
    _worded(r, "ui.error.password_common")
    assert laptop.post("/api/account/password", json={"old": PW, "new": new}).status_code == 403  # CSRF
    r = laptop.post("/api/account/password", json={"old": PW, "new": new}, headers=csrf(t))
    assert r.status_code == 200 and r.json()["sessions_ended"] == 1, r.text
    assert phone.get("/api/account/me").json()["account"] is None
    assert laptop.get("/api/account/me").json()["account"]["username"] == "Zoe"
    fresh = Device(client)
    assert fresh.post("/api/account/login", json={"username": "Zoe", "password": PW}).status_code == 401
    assert fresh.post("/api/account/login", json={"username": "Zoe", "password": new}).status_code == 200


def test_my_sessions_end_one_or_all(client):
    phone, laptop = Device(client), Device(client)
    tp = signup(phone, "Zoe")
    tl = laptop.post("/api/account/login", json={"username": "Zoe", "password": PW},
                     headers={"User-Agent": "laptop browser"}).json()["csrf"]  # fmt: skip
    listed = laptop.get("/api/account/sessions").json()["sessions"]
    assert len(listed) == 2 and [s["current"] for s in listed] == [False, True]
    assert listed[1]["agent"] == "laptop browser"
    phone_id = listed[0]["id"]
    assert laptop.delete(f"/api/account/sessions/{phone_id}").status_code == 403  # CSRF
    assert laptop.delete(f"/api/account/sessions/{phone_id}", headers=csrf(tl)).status_code == 200
    assert phone.get("/api/account/me").json()["account"] is None
    r = laptop.delete(f"/api/account/sessions/{phone_id}", headers=csrf(tl))
    assert r.status_code == 404
    _worded(r, "ui.error.session_unknown")
    # Log out everywhere (this browser too).
    tp = phone.post("/api/account/login", json={"username": "Zoe", "password": PW}).json()["csrf"]
    assert phone.delete("/api/account/sessions", headers=csrf(tp)).json()["ended"] == 2
    assert _count(client, "sessions") == 0
    assert laptop.get("/api/account/me").json()["account"] is None


def _mailed_token(inbox, kind: str, n: int, timeout: float = 10.0) -> str:  # noqa: ANN001
    """The token of the ``n``-th mail (0-based) once it has arrived; it must be a ``kind`` link."""
    deadline = time.monotonic() + timeout
    while len(inbox.messages) <= n:
        assert time.monotonic() < deadline, f"no mail number {n}"
        time.sleep(0.02)
    body = email.message_from_string(inbox.messages[n][1]).get_payload(decode=True).decode()
    return re.search(rf"#{kind}=([A-Za-z0-9_-]+)", body).group(1)


def test_a_password_reset_by_mail_is_single_use_and_says_nothing_about_accounts(mail_app):
    c, inbox = mail_app
    c.app.state.alerts.resend_seconds = 0.0
    phone = Device(c)
    t = signup(phone, "Zoe")
    phone.put("/api/account/alerts", json={"email": "zoe@example.org", "turn_emails": False}, headers=csrf(t))
    confirm = _mailed_token(inbox, "confirm", 0)
    c.cookies.clear()
    signup(c, "Ann")  # an account without an address
    c.cookies.clear()
    # Before confirmation no reset mail goes out; the answers are all the same.
    answers = [c.post("/api/account/reset", json={"username": u}) for u in ("Zoe", "nobody", "Ann")]
    assert {(r.status_code, r.text) for r in answers} == {(202, '{"requested":true}')}
    time.sleep(0.3)
    assert len(inbox.messages) == 1
    assert c.post("/api/account/confirm", json={"token": confirm}).status_code == 200
    assert c.post("/api/account/reset", json={"username": "zoe"}).json() == {"requested": True}
    token = _mailed_token(inbox, "reset", 1)
    assert [to for to, _ in inbox.messages] == [["zoe@example.org"]] * 2
    assert c.post("/api/account/confirm", json={"token": token}).status_code == 400  # not a confirmation token
    r = c.post("/api/account/reset/confirm", json={"token": token, "password": "password123"})
    assert r.status_code == 422  # refused by the policy, the token still works
    _worded(r, "ui.error.password_common")
    r = c.post("/api/account/reset/confirm", json={"token": token, "password": "a brand new kettle"})
    assert r.status_code == 200 and r.json() == {"reset": True, "username": "Zoe"}, r.text
    assert phone.get("/api/account/me").json()["account"] is None  # every session ended
    again = c.post("/api/account/reset/confirm", json={"token": token, "password": "another new kettle"})
    assert again.status_code == 400
    _worded(again, "ui.error.reset_invalid")
    assert c.post("/api/account/login", json={"username": "Zoe", "password": PW}).status_code == 401
    assert c.post("/api/account/login", json={"username": "Zoe", "password": "a brand new kettle"}).status_code == 200
    # An expired link resets nothing.
    c.post("/api/account/reset", json={"username": "Zoe"})
    late = _mailed_token(inbox, "reset", 2)
    with c.app.state.auth.storage.engine.begin() as conn:
        conn.execute(sa.text("UPDATE email_tokens SET expires_at = 0"))
    assert (
        c.post("/api/account/reset/confirm", json={"token": late, "password": "yet another kettle"}).status_code == 400
    )


# -- lifecycle: export my data, delete my account ----------------------------------------------------------
def test_export_then_delete_my_account(client):
    zoe, guest = Device(client), Device(client)
    t = signup(zoe, "Zoe")
    me = zoe.get("/api/account/me").json()["account"]["id"]
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "join": 0}
    g = zoe.post("/api/games", json=body, headers=csrf(t)).json()
    other = guest.post(f"/api/games/{g['id']}/join", json={"name": "Gus"}).json()
    assert zoe.post(f"/api/games/{g['id']}/chat", json={"text": "hello Gus"}, headers=csrf(t)).status_code == 201
    storage = client.app.state.auth.storage
    with storage.engine.begin() as c:
        c.execute(sa.text("INSERT INTO ratings (pool, player, mu, sigma, games, updated_at) "
                          "VALUES ('ra:2009', :p, 27.0, 7.0, 1, 1.0)"), {"p": f"account:{me}"})  # fmt: skip
    r = zoe.get("/api/account/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    doc = r.json()
    assert doc["account"]["username"] == "Zoe" and len(doc["sessions"]) == 1
    assert [(s["game_id"], s["seat"]) for s in doc["seats"]] == [(g["id"], 0)]
    assert [m["text"] for m in doc["chat"]] == ["hello Gus"] and doc["ratings"][0]["mu"] == 27.0
    assert zoe.jar["heliopolis_session"] not in r.text  # no cookie values
    # Deleting needs the password (and CSRF); a wrong one changes nothing.
    assert zoe.post("/api/account/delete", json={"password": PW}).status_code == 403
    assert zoe.post("/api/account/delete", json={"password": "not my password"}, headers=csrf(t)).status_code == 401
    assert _count(client) == 1
    r = zoe.post("/api/account/delete", json={"password": PW}, headers=csrf(t))
    assert r.status_code == 200, r.text
    anon = r.json()["name"]
    assert re.fullmatch(r"anon-[0-9a-f]{4}", anon)
    assert zoe.get("/api/account/me").json()["account"] is None
    for table in ("accounts", "sessions", "devices", "ratings"):
        assert _count(client, table) == 0, table
    seats = guest.get(f"/api/games/{g['id']}").json()["seats"]
    assert [s["name"] for s in seats] == [anon, "Gus"]
    chat = guest.get(f"/api/games/{g['id']}/chat", headers={"Authorization": f"Bearer {other['token']}"}).json()
    assert [(m["name"], m["text"]) for m in chat["messages"]] == [(anon, "hello Gus")]
    with storage.engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM seats WHERE account_id IS NOT NULL")).scalar() == 0
    assert signup(Device(client), "Zoe")  # the name is free again


def test_on_postgresql_every_server_process_shares_the_login_buckets(pg_url):
    # Two instances on one database: 12 wrong guesses split between them still meet one bucket of 10
    # (each process's own would have let all 12 through).
    a = create_app(Settings(db=pg_url, bot_delay=0.0, **UNLIMITED))
    b = create_app(Settings(db=pg_url, bot_delay=0.0, **UNLIMITED))
    with TestClient(a) as ca, TestClient(b) as cb:
        signup(ca, "Zoe")
        ca.cookies.clear()
        codes = [c.post("/api/account/login", json={"username": "Zoe", "password": f"guess number {i}"}).status_code
                 for i in range(6) for c in (ca, cb)]  # fmt: skip
        assert codes[:9] == [401] * 9 and codes.count(429) >= 2, codes  # the sign-up took the tenth

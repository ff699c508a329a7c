"""Turn e-mails against a local SMTP server (aiosmtpd) started by the test: an account that asked
for them gets one when the turn comes back to it, nobody else does, and bad addresses are refused."""

from __future__ import annotations

import email
import re
import time

import pytest
from fastapi.testclient import TestClient

from heliopolis.server.app import Settings, create_app
from tests.server.conftest import free_port, wait_for
from tests.server.test_accounts import csrf, signup

aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="the alert tests need aiosmtpd ([dev] extra)")


class Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[list[str], str]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: ANN001, ANN201, N802
        self.messages.append((list(envelope.rcpt_tos), envelope.content.decode()))
        return "250 OK"


@pytest.fixture
def smtp():  # noqa: ANN201
    inbox, port = Inbox(), free_port()
    ctl = aiosmtpd.Controller(inbox, hostname="127.0.0.1", port=port)
    ctl.start()
    yield inbox, f"smtp://127.0.0.1:{port}"
    ctl.stop()


def confirm_from_inbox(c, inbox: Inbox, address: str) -> str:  # noqa: ANN001
    """Follows the confirmation link mailed to ``address`` (as the page does with ``/#confirm=``)."""
    deadline = time.monotonic() + 10
    while not any(to == [address] and "#confirm=" in text for to, text in inbox.messages):
        assert time.monotonic() < deadline, "no confirmation e-mail"
        time.sleep(0.02)
    text = next(text for to, text in reversed(inbox.messages) if to == [address] and "#confirm=" in text)
    body = email.message_from_string(text).get_payload(decode=True).decode()
    token = re.search(r"#confirm=([A-Za-z0-9_-]+)", body).group(1)
    r = c.post("/api/account/confirm", json={"token": token})
    assert r.status_code == 200 and r.json() == {"email": address, "confirmed": True}, r.text
    return token


def test_turn_emails_reach_the_account_whose_turn_it_is(db_url, smtp):
    inbox, url = smtp
    app = create_app(Settings(db=db_url, bot_delay=0.0, http_rate=1000, http_burst=1000, smtp=url,
                              public_url="https://play.example", alert_interval=0.0))  # fmt: skip
    with TestClient(app) as c:
        t = signup(c, "Ann")
        for body, field in [
            ({"email": "not-an-address", "turn_emails": True}, "email"),
            ({"turn_emails": True}, "email"),
            ({"email": "a@b.c", "turn_emails": "yes"}, "turn_emails"),
        ]:
            r = c.put("/api/account/alerts", json=body, headers=csrf(t))
            assert r.status_code in (400, 422) and field in r.json()["error"]["message"], r.text
        assert c.put("/api/account/alerts", json={"email": "ann@example.org", "turn_emails": True}).status_code == 403
        r = c.put("/api/account/alerts", json={"email": "ann@example.org", "turn_emails": True}, headers=csrf(t))
        assert r.json() == {"email": "ann@example.org", "turn_emails": True, "available": True, "confirmed": False}
        confirm_from_inbox(c, inbox, "ann@example.org")
        body = {"game": "ra", "players": 2, "join": 0, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        g = c.post("/api/games", json=body, headers=csrf(t)).json()
        s = wait_for(c, g["id"], None, lambda s: s["to_move"] == 0)
        me = c.get(f"/api/games/{g['id']}/state").json()
        before = len(inbox.messages)
        # Ann acts until the turn passes to the bot and comes back.
        for _ in range(50):
            me = wait_for(c, g["id"], None, lambda s: s["to_move"] == 0 or s["status"] == "finished")
            if len(inbox.messages) > before or me["status"] == "finished":
                break
            c.post(f"/api/games/{g['id']}/actions", json={"action": me["legal"][0]["id"], "version": me["version"]},
                   headers=csrf(t))  # fmt: skip
            deadline = time.monotonic() + 2
            while len(inbox.messages) == before and time.monotonic() < deadline:
                time.sleep(0.02)
        assert len(inbox.messages) > before, "no turn e-mail"
        to, text = inbox.messages[-1]
        assert to == ["ann@example.org"] and f"https://play.example/g/{g['id']}" in text
        assert s["to_move"] == 0
        # Turned off: no more mail.
        c.put("/api/account/alerts", json={"email": "ann@example.org", "turn_emails": False}, headers=csrf(t))
        n = len(inbox.messages)
        me = wait_for(c, g["id"], None, lambda s: s["to_move"] == 0 or s["status"] == "finished")
        if me["status"] != "finished":
            c.post(f"/api/games/{g['id']}/actions", json={"action": me["legal"][0]["id"], "version": me["version"]},
                   headers=csrf(t))  # fmt: skip
            wait_for(c, g["id"], None, lambda s: s["to_move"] == 0 or s["status"] == "finished")
            time.sleep(0.3)
        assert len(inbox.messages) == n

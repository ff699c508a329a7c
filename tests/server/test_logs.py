"""``heliopolis serve --log-format json|text --log-level info [--metrics]`` behind a proxy rule: one JSON object per
line with time, level, message, request id, game id and the client address as the proxy gave it;
no seat token, invite code, session cookie or CSRF token in any line, whichever way it was sent
(query string, header, cookie, WebSocket subprotocol)."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect

from heliopolis.server.ops.logsetup import scrub
from tests.server.conftest import ServerProcess

PROXIED = "203.0.113.7"  # what the trusted proxy (here: 127.0.0.1) says the client is


def _traffic(url: str) -> tuple[str, list[str]]:
    """Signs up, plays with a private game's token and invite every way they can travel; returns the
    game id and the secrets that must not be logged."""
    fwd = {"X-Forwarded-For": PROXIED}
    with httpx.Client(base_url=url, headers=fwd) as http:
        r = http.post("/api/account/signup", json={"username": "Ann", "password": "correct horse battery"})
        assert r.status_code == 201, r.text
        session, csrf = http.cookies["heliopolis_session"], r.json()["csrf"]
        body = {"game": "ra", "players": 2, "join": 0, "table": {"private": True},
                "seats": [{"kind": "human"}, {"kind": "human"}]}  # fmt: skip
        g = http.post("/api/games", json=body, headers={"X-CSRF-Token": csrf}).json()
        gid, token, invite = g["id"], g["token"], g["invite"]
        assert http.get(f"/g/{gid}?invite={invite}").status_code == 200
        http.cookies.clear()
        joined = http.post(f"/api/games/{gid}/join", json={"invite": invite})
        assert joined.status_code == 200, joined.text
        other = joined.json()["token"]
        assert http.get(f"/api/games/{gid}/state?token={token}").status_code == 200
        r = http.get(f"/api/games/{gid}/state", headers={"Authorization": f"Bearer {other}",
                                                        "X-Request-ID": "proxy-req-0001"})  # fmt: skip
        assert r.headers.get("x-request-id", "proxy-req-0001") == "proxy-req-0001"
    ws_url = url.replace("http://", "ws://") + f"/ws/games/{gid}"
    with connect(f"{ws_url}?token={token}", additional_headers=fwd) as ws:
        assert json.loads(ws.recv())["type"] in ("state", "delta")
    with connect(ws_url, subprotocols=["heliopolis", f"heliopolis.token.{other}"], additional_headers=fwd) as ws:
        ws.recv()
    return gid, [token, other, invite, session, csrf]


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_access_logs_carry_ids_and_no_secrets(tmp_path, fmt: str) -> None:  # noqa: ANN001
    metrics = ("--metrics",) if fmt == "json" else ()  # and serve's --metrics flag: /metrics, else a 404
    server = ServerProcess(f"sqlite:///{tmp_path / 'h.db'}", args=("--log-format", fmt, "--log-level", "info",
                                                                  "--forwarded-allow-ips", "127.0.0.1", *metrics))  # fmt: skip
    server.start()
    try:
        gid, secrets = _traffic(server.url)
        scraped = httpx.get(server.url + "/metrics")
        assert scraped.status_code == (200 if metrics else 404)
        if metrics:
            assert 'heliopolis_moves_committed_total{by="player"}' in scraped.text
    finally:
        server.stop()
    log = server.proc.stderr.read().decode()
    assert f"/api/games/{gid}/state" in log and "GET /g/" in log
    for secret in secrets:
        assert secret not in log, f"a secret was logged: {secret[:6]}…"
    assert "invite=***" in log and "token=***" in log
    if fmt == "text":
        assert all(line.split(" ", 2)[1] in ("DEBUG", "INFO", "WARNING", "ERROR") for line in log.splitlines())
        return
    lines = [json.loads(line) for line in log.splitlines() if line.strip()]  # every line is one object
    assert all({"time", "level", "message"} <= set(o) for o in lines)
    states = [o for o in lines if o.get("path", "").startswith(f"/api/games/{gid}/state")]
    assert len(states) == 2 and all(o["game_id"] == gid and o["client"] == PROXIED and o["status"] == 200
                                    and o["request_id"] for o in states)  # fmt: skip
    assert states[1]["request_id"] == "proxy-req-0001"  # the proxy's id, kept
    assert states[0]["request_id"] != states[1]["request_id"]
    sockets = [o for o in lines if "WebSocket" in o["message"]]
    assert sockets and all(o.get("game_id") == gid and o.get("client") == PROXIED for o in sockets)


def test_scrub_hides_every_query_value_but_the_harmless_ones() -> None:
    assert scrub("GET /g/x?invite=abc&v=12 HTTP/1.1") == "GET /g/x?invite=***&v=12 HTTP/1.1"
    assert scrub('"WebSocket /ws/games/x?token=t0k&lang=de"') == '"WebSocket /ws/games/x?token=***&lang=de"'
    assert scrub("/my?confirm=Zq-9_x&status=open") == "/my?confirm=***&status=open"
    assert scrub("Authorization: Bearer s3cr3t.x") == "Authorization: Bearer ***"
    assert scrub("offered heliopolis.token.AbC-1") == "offered heliopolis.token.***"
    assert scrub("a move of seat 2 in game x") == "a move of seat 2 in game x"

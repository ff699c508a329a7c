"""The server under abuse (issue 14): each test replays one reported attack, bounded in count and
time, on loopback, and checks what now happens instead."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import unicodedata

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from heliopolis.core.registry import new_game
from heliopolis.server.app import Settings, create_app
from heliopolis.server.transport.guard import origin_allowed
from heliopolis.server.transport.protocol import (
    MAX_JSON_DEPTH,
    MAX_NAME,
    MAX_NUMBER_DIGITS,
    ServerError,
    clean_name,
    json_depth,
    parse_json_document,
)  # fmt: skip
from tests.server.conftest import UNLIMITED, ServerProcess, auth, create, seat_protocols, state, wait_for

SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def finished_game_doc(seed: int = 1, players: int = 3) -> dict:
    """A saved game (``heliopolis replay`` format) of a random Ra game played to the end."""
    s, rng = new_game("ra", players=players), random.Random(seed)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s.to_dict()


def _two_humans(client) -> tuple[str, dict[int, str]]:  # noqa: ANN001
    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    return g["id"], {0: g["token"], 1: other["token"]}


# -- 1. undo spam ------------------------------------------------------------------------------
@SQLITE
def test_undo_spam_changes_nothing_and_a_declined_undo_cools_down(client):
    gid, tokens = _two_humans(client)
    s = state(client, gid, tokens[0])
    a = s["to_move"]
    b = 1 - a
    mine = state(client, gid, tokens[a])
    ra = next(x for x in mine["legal"] if x["notation"] == "ra")  # reveals nothing: A may take it back
    r = client.post(f"/api/games/{gid}/actions", json={"action": ra["id"], "version": mine["version"]},
                    headers=auth(tokens[a]))  # fmt: skip
    assert r.status_code == 200
    r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a]))
    assert r.status_code == 200 and r.json()["undo"]["pending"]["by"] == a
    seen_by_b = state(client, gid, tokens[b])
    # The attack: A repeats the request over its WebSocket (30 times, as fast as it can).
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(tokens[a])) as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(30):
            ws.send_json({"type": "undo"})
        codes = [ws.receive_json().get("code") for _ in range(30)]
    assert codes == ["conflict"] * 30  # every repeat refused: no state push, no new version
    assert state(client, gid, tokens[b])["version"] == seen_by_b["version"]
    # So B, acting on the state it saw before the spam, is not stale.
    act = seen_by_b["legal"][0]
    r = client.post(f"/api/games/{gid}/actions", json={"action": act["id"], "version": seen_by_b["version"]},
                    headers=auth(tokens[b]))  # fmt: skip
    assert r.status_code == 200, r.text

    # A declined request: the requester must wait before asking again.
    gid, tokens = _two_humans(client)
    s = state(client, gid, tokens[0])
    a, b = s["to_move"], 1 - s["to_move"]
    mine = state(client, gid, tokens[a])
    ra = next(x for x in mine["legal"] if x["notation"] == "ra")
    client.post(f"/api/games/{gid}/actions", json={"action": ra["id"], "version": mine["version"]},
                headers=auth(tokens[a]))  # fmt: skip
    assert client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a])).status_code == 200
    assert client.post(f"/api/games/{gid}/undo", json={"accept": False}, headers=auth(tokens[b])).status_code == 200
    v = state(client, gid, tokens[a])["version"]
    r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a]))
    assert r.status_code == 429 and r.json()["error"]["code"] == "undo_cooldown"
    assert state(client, gid, tokens[a])["version"] == v


# -- 2. replay reads -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def proxied(tmp_path_factory):  # noqa: ANN001, ANN201
    """A live server behind a (pretend) reverse proxy on 127.0.0.1: X-Forwarded-For names the client.
    Reads are limited to 2/s in bursts of 10, so that the count of refusals does not depend on
    how fast this machine is."""
    db = tmp_path_factory.mktemp("proxied") / "p.db"
    server = ServerProcess(f"sqlite:///{db}", args=("--forwarded-allow-ips", "127.0.0.1", "--read-rate", "2")).start()
    yield server
    server.stop()


def test_concurrent_replay_reads_are_rate_limited_and_the_server_keeps_answering(proxied):
    """300 concurrent replay reads from one client (the issue's attack made /api/meta wait 3.2 s).
    Latency is printed, not asserted (a timed test on a shared 2-core machine proves nothing);
    that the work is off the event loop is checked below."""
    r = httpx.post(proxied.url + "/api/import", content=json.dumps(finished_game_doc()),
                   headers={"X-Forwarded-For": "10.0.0.3"})  # fmt: skip
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    plies = httpx.get(f"{proxied.url}/api/games/{gid}/replay").json()["plies"]

    async def attack() -> tuple[list[int], list[float]]:
        async with httpx.AsyncClient(base_url=proxied.url, timeout=60) as http:
            bad = {"X-Forwarded-For": "10.0.0.1"}  # the attacker; the probe below is another client
            flood = [asyncio.create_task(http.get(f"/api/games/{gid}/replay?ply={k % (plies + 1)}", headers=bad))
                     for k in range(300)]  # fmt: skip
            waits = []
            for _ in range(10):
                t0 = time.perf_counter()
                assert (await http.get("/api/meta", headers={"X-Forwarded-For": "10.0.0.2"})).status_code == 200
                waits.append(time.perf_counter() - t0)
                await asyncio.sleep(0.02)
            return [x.status_code for x in await asyncio.gather(*flood)], waits

    codes, waits = asyncio.run(attack())
    print(
        f"/api/meta during the flood: max {max(waits) * 1e3:.0f} ms; flood answers: "
        f"{codes.count(200)} x 200, {codes.count(429)} x 429"
    )
    assert set(codes) <= {200, 429} and codes.count(429) >= 200


@SQLITE
def test_replay_frames_are_computed_once_per_ply_off_the_event_loop(client, monkeypatch):
    import threading

    from heliopolis.server.store import archive

    threads = []
    real = archive.replay_frame_text

    def spy(*args):  # noqa: ANN002, ANN202
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(archive, "replay_frame_text", spy)
    gid = client.post("/api/import", content=json.dumps(finished_game_doc(2))).json()["id"]
    auth_ = client.app.state.archive
    first = client.get(f"/api/games/{gid}/replay?ply=7").json()
    assert first["ply"] == 7 and len(auth_.replays) == 1
    again = [client.get(f"/api/games/{gid}/replay?ply=7").json() for _ in range(5)]
    assert again == [first] * 5 and len(auth_.replays) == 1
    client.get(f"/api/games/{gid}/replay?ply=8")
    assert len(auth_.replays) == 2 and len(threads) == 2
    assert all(t.startswith("heliopolis-replay") for t in threads)  # never the event loop's thread


# -- 4. malformed bodies ---------------------------------------------------------------------------
BAD_JSON = {
    "deep": b"[" * 100_000 + b"]" * 100_000, "deep object": b'{"a":' * 5000 + b"1" + b"}" * 5000,
    "huge int": b'{"history": [' + b"9" * 5000 + b"]}", "huge float": b"[1e999999]", "NaN": b"[NaN]",
    "bad utf-8": b'"\xff\xfe"', "unterminated": b'"' + b'\\"' * 50_000, "empty": b"",
}  # fmt: skip


def test_malformed_bodies_get_a_4xx_json_error_never_a_500(tmp_path):
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'm.db'}", bot_delay=0.0, **UNLIMITED))
    with TestClient(app, raise_server_exceptions=False) as client:
        g = create(client, ["human", "human"], join=0)
        paths = ["/api/import", "/api/games", f"/api/games/{g['id']}/join", f"/api/games/{g['id']}/actions",
                 f"/api/games/{g['id']}/undo"]  # fmt: skip
        for name, body in BAD_JSON.items():
            for path in paths:
                r = client.post(path, content=body, headers={"content-type": "application/json", **auth(g["token"])})
                assert 400 <= r.status_code < 500 and r.json()["error"]["code"], (name, path, r.status_code)
        r = client.post("/api/import", content=BAD_JSON["deep"])
        assert f"deeper than {MAX_JSON_DEPTH}" in r.json()["error"]["message"]
        assert "digits" in client.post("/api/import", content=BAD_JSON["huge int"]).json()["error"]["message"]
        r = client.get(f"/api/games/{g['id']}/replay?ply=" + "9" * 5000)
        assert r.status_code == 422
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            assert ws.receive_json()["type"] == "state"
            for frame in (b"[" * 3000 + b"]" * 3000, b'{"type":"act","action":' + b"9" * 4000 + b',"version":0}'):
                ws.send_bytes(frame)
                assert ws.receive_json()["code"] in ("bad_request", "too_large")
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}  # the socket lives on


def _depth(x: object) -> int:
    if isinstance(x, list):
        return 1 + max(map(_depth, x), default=0)
    if isinstance(x, dict):
        return 1 + max(map(_depth, x.values()), default=0)
    return 0


json_keys = st.text(alphabet='[]{}"\\x', max_size=4)
json_docs = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**30), 10**30)
    | st.text(alphabet='[]{}"\\ab\n', max_size=8),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(json_keys, kids, max_size=3),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(doc=json_docs, indent=st.sampled_from([None, 1]))
def test_the_depth_prescan_agrees_with_the_parsed_document(doc, indent):
    """Brackets inside strings (with escaped quotes) never count; nesting always does; a document
    within the limits parses to itself, any other is a ServerError (a 4xx)."""
    raw = json.dumps(doc, indent=indent).encode()
    assert json_depth(raw) == _depth(doc)
    ints = re.findall(r"-?\d+", json.dumps(_numbers(doc)))
    if _depth(doc) <= MAX_JSON_DEPTH and all(len(i.lstrip("-")) <= MAX_NUMBER_DIGITS for i in ints):
        assert parse_json_document(raw) == doc
    else:
        with pytest.raises(ServerError):
            parse_json_document(raw)


def _numbers(x: object) -> list:
    if isinstance(x, list):
        return [n for v in x for n in _numbers(v)]
    if isinstance(x, dict):
        return [n for v in x.values() for n in _numbers(v)]
    return [x] if isinstance(x, int) and not isinstance(x, bool) else []


# -- 5. forwarded headers ------------------------------------------------------------------------------
def _writes_refused(url: str, forwarded: list[str]) -> int:
    with httpx.Client(base_url=url) as http:
        return sum(http.post("/api/games/nosuch/join", json={}, headers={"X-Forwarded-For": f}).status_code == 429
                   for f in forwarded)  # fmt: skip


def test_forwarded_for_is_ignored_unless_the_proxy_is_configured(tmp_path, proxied):
    """A new X-Forwarded-For per request used to give a loopback client a new rate-limit bucket."""
    spoofed = [f"10.1.{i // 250}.{i % 250}" for i in range(200)]
    server = ServerProcess(f"sqlite:///{tmp_path / 'a.db'}").start()
    try:
        assert _writes_refused(server.url, spoofed) >= 50  # one bucket (burst 100) for the real peer
    finally:
        server.stop()
    assert _writes_refused(proxied.url, spoofed) == 0  # behind a named proxy: one bucket per client
    assert _writes_refused(proxied.url, ["10.9.9.9"] * 200) >= 50


def test_serve_trusts_no_forwarded_headers_unless_told(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from heliopolis import cli_serve
    from heliopolis.cli import main

    calls = []
    monkeypatch.setattr(cli_serve, "run", lambda app, sock, workers, **kw: calls.append(kw))
    monkeypatch.delenv("HELIOPOLIS_FORWARDED_ALLOW_IPS", raising=False)
    db = f"sqlite:///{tmp_path / 's.db'}"
    assert CliRunner().invoke(main, ["serve", "--db", db, "--port", "0"]).exit_code == 0
    proxies = ["--forwarded-allow-ips", "10.0.0.5, 10.1.0.0/16"]
    assert CliRunner().invoke(main, ["serve", "--db", db, "--port", "0", *proxies]).exit_code == 0
    assert calls[0]["proxy_headers"] is False
    assert calls[1]["proxy_headers"] is True and calls[1]["forwarded_allow_ips"] == ["10.0.0.5", "10.1.0.0/16"]


# -- 6. origin and headers --------------------------------------------------------------------------
@SQLITE
def test_websocket_origin_check_and_security_headers(client, tmp_path):
    g = create(client, ["human", "human"])
    with pytest.raises(WebSocketDisconnect) as e, \
         client.websocket_connect(f"/ws/games/{g['id']}", headers={"origin": "http://evil.example"}):  # fmt: skip
        pass
    assert e.value.code == 4403
    with client.websocket_connect(f"/ws/games/{g['id']}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:  # no Origin: not a browser
        assert ws.receive_json()["type"] == "state"
    for path in ("/", f"/g/{g['id']}", "/static/js/game.js", "/api/meta", "/api/games/nosuch"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY"
        assert h["referrer-policy"] == "no-referrer"
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'o.db'}", allowed_origins=("https://play.example/",)))
    with TestClient(app) as other:
        g = create(other, ["human", "human"])
        with other.websocket_connect(f"/ws/games/{g['id']}", headers={"origin": "https://play.example"}) as ws:
            assert ws.receive_json()["type"] == "state"
        evil = {"origin": "https://play.example.evil"}
        with pytest.raises(WebSocketDisconnect), other.websocket_connect(f"/ws/games/{g['id']}", headers=evil):
            pass


@pytest.mark.parametrize(("origin", "host", "allowed", "ok"), [
    ("http://localhost:8000", "localhost:8000", (), True),
    ("https://games.example", "games.example", (), True),  # default port on both sides
    ("https://games.example", "games.example:443", (), True),
    ("http://games.example:8080", "games.example", (), False),
    ("http://[::1]:8000", "[::1]:8000", (), True),
    ("http://evil.example", "games.example", (), False),
    ("http://games.example.evil", "games.example", (), False),
    ("null", "games.example", (), False),  # sandboxed frames and file: pages
    ("https://play.example", "games.example", ("https://play.example",), True),
    ("http://anything", "games.example", ("*",), True),
    (None, "games.example", (), True),  # not a browser
])  # fmt: skip
def test_origin_rule(origin, host, allowed, ok):
    assert origin_allowed(origin, host, allowed) is ok


# -- 7. seat tokens out of URLs ---------------------------------------------------------------------
@SQLITE
def test_seat_token_travels_in_a_header_or_subprotocol_not_the_url(client):
    g = create(client, ["human", "human"], join=0)
    gid, token = g["id"], g["token"]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(token)) as ws:
        assert ws.accepted_subprotocol == "heliopolis"  # the token is never echoed back
        assert ws.receive_json()["seat"] == 0
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(token)) as ws:
        assert ws.receive_json()["seat"] == 0
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["heliopolis", "heliopolis.token.wrong"]) as ws:
        assert ws.receive_json()["code"] == "forbidden"
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:  # deprecated, still understood
        assert ws.receive_json()["seat"] == 0
    # HTTP takes the token from the Authorization header only.
    r = client.get(f"/api/games/{gid}/state?token={token}")
    assert r.status_code == 200 and r.json()["seat"] is None
    assert state(client, gid, token)["seat"] == 0


# -- 8. names --------------------------------------------------------------------------------------------
@SQLITE
def test_names_with_control_or_bidi_characters_are_refused_and_names_are_normalised(client):
    g = create(client, ["human", "human", "human"], join=0)
    for bad in ["evil\u202egnp.exe", "a\x00b", "tab\there", "zero\u200bwidth", "\u2066isolate", "x" * (MAX_NAME + 1)]:
        r = client.post(f"/api/games/{g['id']}/join", json={"name": bad})
        assert r.status_code == 422 and "name" in r.json()["error"]["message"], (bad, r.text)
        body = {"game": "ra", "players": 2, "seats": [{"kind": "human", "name": bad}, {"kind": "human"}]}
        assert client.post("/api/games", json=body).status_code == 422
    assert all(not s["taken"] for s in client.get(f"/api/games/{g['id']}").json()["seats"][1:])
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "  Zoe\u0301  "})  # e + combining acute
    assert r.status_code == 200
    assert client.get(f"/api/games/{g['id']}").json()["seats"][r.json()["seat"]]["name"] == "Zo\u00e9"
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "\U0001f468\u200d\U0001f469\u200d\U0001f467"})
    assert r.status_code == 200  # an emoji ZWJ sequence is a name


@given(st.text(max_size=60))
def test_every_accepted_name_is_short_nfc_and_visible(name):
    try:
        out = clean_name(name)
    except ValueError:
        return
    if out is not None:
        assert len(out) <= MAX_NAME and unicodedata.is_normalized("NFC", out) and out == out.strip()
        assert all(unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or c in "\u200c\u200d"
                   for c in out)  # fmt: skip


# -- 9. archived games are read-only; creates are limited -------------------------------------------------
@SQLITE
def test_imported_and_finished_games_are_read_only(client):
    gid = client.post("/api/import", content=json.dumps(finished_game_doc(3))).json()["id"]
    before = client.get(f"/api/games/{gid}").json()
    r = client.post(f"/api/games/{gid}/join", json={"seat": 1, "name": "I WON THIS"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "read_only"
    assert client.get(f"/api/games/{gid}").json() == before
    g = create(client, ["random", "random"], join=None)
    wait_for(client, g["id"], None, lambda s: s["status"] == "finished")
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "late"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "read_only"
    # A finished game a seat holder tries to change.
    g = create(client, ["human", "random"], join=0)
    live = client.app.state.auth.games[g["id"]]
    live.rec.status = "finished"  # as if the last move had been played
    for path, body in (("actions", {"action": 0, "version": live.rec.revision}), ("undo", {})):
        r = client.post(f"/api/games/{g['id']}/{path}", json=body, headers=auth(g["token"]))
        assert r.status_code == 409 and r.json()["error"]["code"] in ("read_only", "finished"), r.text


def test_creates_and_imports_are_rate_limited_per_client(tmp_path):
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'c.db'}", bot_delay=0.0))
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    doc = json.dumps(finished_game_doc(4))
    with TestClient(app) as client:
        codes = [client.post("/api/games", json=body).status_code for _ in range(50)]
        codes += [client.post("/api/import", content=doc).status_code for _ in range(50)]
    assert codes.count(201) <= 12 and codes[:10] == [201] * 10 and codes[-1] == 429


# -- WebSocket flood: open sockets per client address ---------------------------------------------
def test_a_flood_of_websockets_from_one_address_is_capped_and_others_still_connect(tmp_path):
    """100 sockets opened at once from 127.0.0.1 to a server allowing 8 per address: 8 are served,
    92 are told why and closed with 4429; another address connects meanwhile; a closed socket
    frees its slot."""
    from websockets.asyncio.client import connect

    server = ServerProcess(f"sqlite:///{tmp_path / 'w.db'}", args=("--ws-per-client", "8")).start()
    try:
        g = httpx.post(server.url + "/api/games", json={"game": "ra", "players": 2, "join": 0,
                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()  # fmt: skip
        uri = f"ws{server.url[4:]}/ws/games/{g['id']}"

        async def one(held: list) -> str:  # noqa: ANN001
            ws = await connect(uri, open_timeout=30, close_timeout=2)
            first = json.loads(await ws.recv())
            if first["type"] == "state":
                held.append(ws)
                return "served"
            try:
                await ws.recv()
            except Exception:
                pass
            assert first["code"] == "rate_limited" and "at most 8" in first["message"]
            assert ws.close_code == 4429, ws.close_code
            return "refused"

        async def flood() -> tuple[list[str], str, str]:
            held: list = []
            outcomes = await asyncio.gather(*[one(held) for _ in range(100)])
            async with connect(uri, local_addr=("127.0.0.2", 0)) as other:  # another client: not affected
                other_first = json.loads(await other.recv())["type"]
            await held.pop().close()
            await asyncio.sleep(0.2)  # the server sees the close
            again: list = []
            after = await one(again)
            for ws in held + again:
                await ws.close()
            return outcomes, other_first, after

        outcomes, other_first, after = asyncio.run(flood())
        assert outcomes.count("served") == 8 and outcomes.count("refused") == 92
        assert other_first == "state" and after == "served"
        assert httpx.get(server.url + "/api/meta").status_code == 200
    finally:
        server.stop()


# -- 11. timestamps ----------------------------------------------------------------------------------------
@SQLITE
def test_created_and_updated_are_real_times(client):
    t0 = time.time()
    g = create(client, ["human", "random"])
    s = client.get(f"/api/games/{g['id']}").json()
    assert t0 - 1 <= s["created"] <= time.time() + 1 and s["updated"] >= s["created"]
    mine = wait_for(client, g["id"], g["token"], lambda s: s["to_move"] == 0)
    time.sleep(0.01)
    client.post(f"/api/games/{g['id']}/actions", json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                headers=auth(g["token"]))  # fmt: skip
    after = client.get(f"/api/games/{g['id']}").json()
    assert after["created"] == s["created"] and after["updated"] > s["updated"]
    listed = next(x for x in client.get("/api/games").json()["games"] if x["id"] == g["id"])
    assert abs(listed["created"] - s["created"]) < 1e-3

"""WebSocket API: live updates to every seat and spectator, reconnects, errors, limits."""

from __future__ import annotations

import json

import pytest

from tests.server.conftest import apply_delta, create, seat_protocols

_held: dict[int, dict] = {}  # id(ws) -> the state that connection holds (full states and deltas applied)


def _recv_state(ws, pred=lambda m: True, limit: int = 200) -> dict:  # noqa: ANN001
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "delta":
            m = apply_delta(_held[id(ws)], m)
        if m["type"] == "state":
            _held[id(ws)] = m
            if pred(m):
                return m
    raise AssertionError("no matching state message")


def test_moves_reach_both_seats_and_spectators_with_their_own_views(client):
    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid = g["id"]
    tokens = {0: g["token"], 1: other["token"]}
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(tokens[0])) as w0, \
         client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(tokens[1])) as w1, \
         client.websocket_connect(f"/ws/games/{gid}") as spec:  # fmt: skip
        s0, s1, sp = _recv_state(w0), _recv_state(w1), _recv_state(spec)
        assert (s0["seat"], s1["seat"], sp["seat"]) == (0, 1, None)
        assert sp["legal"] == [] and sp["undo"]["allowed"] is False
        mover = s0["to_move"]
        ws_mover, mine = (w0, s0) if mover == 0 else (w1, s1)
        assert mine["legal"] and (s1 if mover == 0 else s0)["legal"] == []
        draw = next(a for a in mine["legal"] if a["notation"] == "draw")
        ws_mover.send_json({"type": "act", "action": draw["id"], "version": mine["version"]})
        v = mine["version"]
        for ws, seat in ((w0, 0), (w1, 1), (spec, None)):
            m = _recv_state(ws, lambda m: m["version"] > v)
            last = m["log"][-1]  # a catalog message: key, arguments (the seat), English text
            assert (
                last["k"] == "ra.log.draws" and last["a"]["seat"] == mover and last["t"].startswith(f"P{mover} draws")
            )
            pts = [p["points"] for p in m["view"]["seats"]]
            assert [i for i, p in enumerate(pts) if p is not None] == ([] if seat is None else [seat])
        # A stale action (the old version again) is refused, and the game is unchanged.
        ws_mover.send_json({"type": "act", "action": draw["id"], "version": v})
        err = ws_mover.receive_json()
        assert err["type"] == "error" and err["code"] in ("stale", "not_your_turn")


def _reply(ws) -> dict:  # noqa: ANN001
    """The next message that is not a state push (bots may move meanwhile)."""
    m = ws.receive_json()
    while m["type"] in ("state", "delta"):
        m = ws.receive_json()
    return m


def test_deltas_rebuild_exactly_the_full_state(db_url):
    """Every push after the first is a delta; applied in order it equals the full state that a
    ``sync`` returns, for both seats and a spectator, move after move."""
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app

    app = create_app(Settings(db=db_url, bot_delay=0.0, http_rate=1000, http_burst=1000, ws_rate=1000, ws_burst=1000))
    with TestClient(app) as client:
        _deltas_over_a_game(client)


def _deltas_over_a_game(client) -> None:  # noqa: ANN001
    import random

    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid, tokens = g["id"], {0: g["token"], 1: other["token"]}
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as w0, \
         client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as w1, \
         client.websocket_connect(f"/ws/games/{gid}") as spec:  # fmt: skip
        conns = {0: w0, 1: w1, None: spec}
        held = {k: ws.receive_json() for k, ws in conns.items()}
        assert all(m["type"] == "state" for m in held.values())
        deltas = moves = 0
        for _ in range(40):
            cur = held[0]
            if cur["status"] != "running":
                break
            mover = cur["to_move"]
            legal = held[mover]["legal"]
            conns[mover].send_json({"type": "act", "action": rng.choice(legal)["id"], "version": cur["version"]})
            moves += 1
            for k, ws in conns.items():
                m = ws.receive_json()
                if m["type"] == "delta":
                    deltas += 1
                    m = apply_delta(held[k], m)
                held[k] = m
                ws.send_json({"type": "sync"})
                full = ws.receive_json()
                assert full["type"] == "state", full
                assert full == m
        assert moves >= 30 and deltas == 3 * moves  # each connection was exactly one message behind


def test_errors_ping_and_limits(client):
    g = create(client, ["human", "random"])
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(g["token"])) as ws:
        _recv_state(ws)
        ws.send_text("not json")
        assert _reply(ws)["code"] == "bad_request"
        ws.send_json({"type": "fly"})
        e = _reply(ws)
        assert e["code"] == "bad_request" and "type" in e["message"]
        ws.send_json({"type": "act", "action": "draw", "version": 0})
        assert _reply(ws)["code"] == "bad_request"
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 5000}))
        assert _reply(ws)["code"] == "too_large"
        ws.send_json({"type": "ping"})
        assert _reply(ws) == {"type": "pong"}
        codes = []
        for _ in range(60):  # a burst over the limit of 40
            ws.send_json({"type": "ping"})
        for _ in range(60):
            m = _reply(ws)
            codes.append(m.get("code", m["type"]))
        assert "rate_limited" in codes and codes.count("pong") >= 30
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols("wrong")) as ws:
        e = _reply(ws)
        assert e["type"] == "error" and e["code"] == "forbidden"
    with client.websocket_connect("/ws/games/nosuchgame") as ws:
        assert _reply(ws)["code"] == "not_found"


def test_reconnect_resumes_with_the_current_state(client):
    g = create(client, ["human", "random"])
    gid = g["id"]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(g["token"])) as ws:
        s = _recv_state(ws, lambda m: m["to_move"] == 0)
        ws.send_json({"type": "act", "action": s["legal"][0]["id"], "version": s["version"]})
        after = _recv_state(ws, lambda m: m["version"] > s["version"])
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=seat_protocols(g["token"])) as ws:
        again = _recv_state(ws)
        assert again["version"] >= after["version"] and again["seat"] == 0
        assert again["log"][: len(after["log"])] == after["log"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_bot_only_game_runs_to_the_end_while_watched(client):
    g = create(client, ["random", "heuristic", "random"], join=None)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        end = _recv_state(ws, lambda m: m["status"] == "finished", limit=5000)
    assert end["view"]["winners"] and end["to_move"] is None


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_thinking_search_bot_does_not_block_the_server(client):
    import time

    client.get("/api/meta")  # first-use imports are not what this test measures
    g = create(client, ["ismcts:time=2", "ismcts:time=2"], join=None)
    time.sleep(0.3)  # the first bot is thinking now, in a worker process
    slowest = 0.0
    for _ in range(10):
        t0 = time.perf_counter()
        assert client.get("/api/meta").status_code == 200
        assert client.get(f"/api/games/{g['id']}/state").status_code == 200
        slowest = max(slowest, time.perf_counter() - t0)
        time.sleep(0.1)
    assert slowest < 1.0  # a bot running on the event loop would hold every request for ~2 s

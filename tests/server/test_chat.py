"""Chat over the game's WebSocket (SQLite and PostgreSQL): a new message reaches every seat and
spectator at once, spectators only while they are not muted, with nothing seat-specific in it;
limits as over HTTP; across two server instances on one PostgreSQL; and an exported game's chat
survives an import (replays show it), bad chat in a saved game is refused with nothing imported."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from heliopolis.core.registry import new_game
from heliopolis.server.app import Settings, create_app
from tests.server.conftest import auth, seat_protocols, wait_for
from tests.server.test_table import make, two_humans

KEYS = {"n", "seat", "name", "text", "ply", "at"}


def next_chat(ws, limit: int = 50) -> dict:  # noqa: ANN001
    """The next chat message on the socket (state pushes in between are skipped)."""
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "chat":
            return m
    raise AssertionError("no chat message")


def until_state(ws, pred, limit: int = 50) -> list[dict]:  # noqa: ANN001
    """Every message up to the first state or delta for which ``pred`` holds (returned with it)."""
    seen = []
    for _ in range(limit):
        m = ws.receive_json()
        seen.append(m)
        if m["type"] in ("state", "delta") and pred(m):
            return seen
    raise AssertionError(f"no such state; saw {[m['type'] for m in seen]}")


def test_a_message_reaches_every_seat_and_spectator_at_once_and_muted_spectators_get_none(client):
    gid, tokens = two_humans(client, {"spectator_chat": True})
    url = f"/ws/games/{gid}"
    with client.websocket_connect(url, subprotocols=seat_protocols(tokens[0])) as w0, \
         client.websocket_connect(url, subprotocols=seat_protocols(tokens[1])) as w1, \
         client.websocket_connect(url) as spec:  # fmt: skip
        for ws in (w0, w1, spec):
            assert ws.receive_json()["type"] == "state"  # subscribed: pushes from here on
        r = client.post(f"/api/games/{gid}/chat", json={"text": "hello <i>all</i>"}, headers=auth(tokens[1]))
        assert r.status_code == 201
        got = [next_chat(ws) for ws in (w0, w1, spec)]
        # One message, the same for every audience (the sender too): nothing seat-specific in it.
        assert got[0] == got[1] == got[2] == {"type": "chat", "game_id": gid, "message": r.json()}
        assert set(got[0]["message"]) == KEYS and got[0]["message"]["seat"] == 1
        assert got[0]["message"]["text"] == "hello <i>all</i>"

        # Muted: the chat is the players' own while the game runs.
        r = client.post(f"/api/games/{gid}/chat/settings", json={"spectator_chat": False}, headers=auth(tokens[0]))
        assert r.status_code == 200
        until_state(
            spec, lambda m: (m.get("table") or m.get("set", {}).get("table") or {}).get("spectator_chat") is False
        )
        secret = client.post(f"/api/games/{gid}/chat", json={"text": "just us"}, headers=auth(tokens[0]))
        assert secret.status_code == 201
        assert next_chat(w1)["message"]["text"] == "just us"
        assert next_chat(w0)["message"]["text"] == "just us"
        assert client.get(f"/api/games/{gid}/chat").status_code == 403  # nor over HTTP
        assert [m["text"] for m in client.get(f"/api/games/{gid}/chat", headers=auth(tokens[1])).json()["messages"]] \
            == ["hello <i>all</i>", "just us"]  # fmt: skip
        client.post(f"/api/games/{gid}/chat/settings", json={"spectator_chat": True}, headers=auth(tokens[0]))
        seen = until_state(spec, lambda m: (m.get("table") or m.get("set", {}).get("table") or {}).get("spectator_chat")
                           is True)  # fmt: skip
        assert not [m for m in seen if m["type"] == "chat"]  # the muted message never reached the spectator
        client.post(f"/api/games/{gid}/chat", json={"text": "welcome back"}, headers=auth(tokens[0]))
        assert next_chat(spec)["message"]["text"] == "welcome back"

        # Limits as before: a burst of 5 per sender, then 429, and a refused message is pushed to nobody.
        codes = [client.post(f"/api/games/{gid}/chat", json={"text": f"spam {i}"}, headers=auth(tokens[1])).status_code
                 for i in range(7)]  # fmt: skip
        assert 429 in codes
        sent = codes.count(201)
        assert [next_chat(spec)["message"]["text"] for _ in range(sent)] == [f"spam {i}" for i in range(sent)]
        too_long = client.post(f"/api/games/{gid}/chat", json={"text": "x" * 501}, headers=auth(tokens[0]))
        assert too_long.status_code == 422 and "text" in too_long.json()["error"]["message"]


def test_a_message_said_on_one_instance_is_pushed_by_the_other(pg_url):
    """Two instances on one PostgreSQL share messages only through it (NOTIFY heliopolis_chat)."""
    settings = Settings(db=pg_url, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(create_app(settings)) as ca, TestClient(create_app(settings)) as cb:
        g = make(ca, ["human", "human", "random"])
        other = cb.post(f"/api/games/{g['id']}/join", json={}).json()
        with cb.websocket_connect(f"/ws/games/{g['id']}", subprotocols=seat_protocols(other["token"])) as w, \
             cb.websocket_connect(f"/ws/games/{g['id']}") as spec:  # fmt: skip
            w.receive_json()
            spec.receive_json()
            r = ca.post(f"/api/games/{g['id']}/chat", json={"text": "from a"}, headers=auth(g["token"]))
            assert r.status_code == 201
            for ws in (w, spec):
                assert next_chat(ws)["message"] == r.json()


def _finished_game_with_chat(client) -> tuple[str, list[dict]]:  # noqa: ANN001
    gid, tokens = two_humans(client, {"takeover": "random"})
    for seat, text in ((0, "good luck"), (1, "<b>you too</b>")):
        assert client.post(f"/api/games/{gid}/chat", json={"text": text}, headers=auth(tokens[seat])).status_code == 201
    for seat in tokens:
        client.post(f"/api/games/{gid}/resign", headers=auth(tokens[seat]))
    wait_for(client, gid, None, lambda s: s["status"] == "finished", timeout=60)
    assert client.post(f"/api/games/{gid}/chat", json={"text": "gg"}, headers=auth(tokens[0])).status_code == 201
    return gid, client.get(f"/api/games/{gid}/chat").json()["messages"]


def test_an_exported_games_chat_survives_an_import_and_its_replays_show_it(client):
    gid, said = _finished_game_with_chat(client)
    doc = client.get(f"/api/games/{gid}/export").json()
    r = client.post("/api/import", json=doc)
    assert r.status_code == 201, r.text
    new = r.json()["id"]
    again = client.get(f"/api/games/{new}/chat").json()["messages"]
    strip = [{k: m[k] for k in ("seat", "name", "text", "ply", "at")} for m in said]
    assert [{k: m[k] for k in ("seat", "name", "text", "ply", "at")} for m in again] == strip
    assert [m["n"] for m in again] == [0, 1, 2]
    last = said[-1]["ply"]  # "gg" was said after the end: at the last ply
    assert client.get(f"/api/games/{new}/replay").json()["chat"] == again
    # The bot seat may move between the two greetings (they may be a ply apart): at the second one's ply
    # both show, before the first one's none.
    assert [m["text"] for m in client.get(f"/api/games/{new}/replay?ply={said[1]['ply']}").json()["chat"]][:2] \
        == ["good luck", "<b>you too</b>"]  # fmt: skip
    assert client.get(f"/api/games/{new}/replay?ply={said[0]['ply'] - 1}").json()["chat"] == []
    assert client.get(f"/api/games/{new}/replay?ply={last}").json()["chat"][-1]["text"] == "gg"
    # Exported again, the imported game carries the same chat.
    assert client.get(f"/api/games/{new}/export").json()["chat"] == doc["chat"]
    # A saved game without chat imports as before.
    plain = {k: v for k, v in doc.items() if k != "chat"}
    r = client.post("/api/import", json=plain)
    assert r.status_code == 201 and client.get(f"/api/games/{r.json()['id']}/chat").json()["messages"] == []


@pytest.mark.parametrize("chat, field", [
    ("hello", "chat"),
    ([{"seat": 0, "name": "Ann", "text": "x" * 501, "ply": 0, "at": 1.0}], "chat.0.text"),
    ([{"seat": 0, "name": "Ann", "text": "hi", "ply": 0, "at": 1.0}, {"seat": 9, "name": "B", "text": "hi",
      "ply": 0, "at": 1.0}], "chat.1.seat"),
    ([{"seat": None, "name": "Ann", "text": "hi", "ply": 100_000, "at": 1.0}], "chat.0.ply"),
    ([{"seat": 0, "name": "Ann", "text": "\u202e\x00", "ply": 0, "at": 1.0}], "chat.0"),
    ([{"seat": 0, "name": "Ann", "text": "hi", "ply": 0, "at": 1.0, "html": "<b>"}], "chat.0.html"),
])  # fmt: skip
def test_bad_chat_in_a_saved_game_is_refused_and_nothing_is_imported(client, chat, field):
    state = new_game("ra", players=2)  # a finished game, played out here (the server only imports it)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))  # fmt: skip
    good = [{"seat": 0, "name": "Ann", "text": "hi", "ply": 0, "at": 1.0}]
    assert client.post("/api/import", json={**state.to_dict(), "chat": good}).status_code == 201  # the control
    doc = {**state.to_dict(), "chat": chat}
    before = client.get("/api/games?status=imported").json()["games"]
    r = client.post("/api/import", json=doc)
    assert r.status_code == 400, r.text
    assert field in r.json()["error"]["message"], r.text
    time.sleep(0.05)
    assert client.get("/api/games?status=imported").json()["games"] == before

"""Issue 27, the table side: each test replays an attack of the trial (on SQLite and PostgreSQL)
and checks it is refused: chat into imported games, spectators filling the chat, retake after a
time-out, time farming through the takeover bot, ratings without playing (one account in two seats,
resigning before the first move, a guest seat claimed after the end), a public rematch's visibility."""

from __future__ import annotations

import random

from heliopolis.core.registry import new_game
from tests.server.test_accounts import Device, csrf, signup


def finished_saved_game() -> dict:
    state = new_game("ra", players=2)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))  # fmt: skip
    return state.to_dict()


def test_nobody_chats_into_an_imported_game_so_its_export_stays_the_record(client):
    gid = client.post("/api/import", json=finished_saved_game()).json()["id"]
    eve = Device(client)
    t = signup(eve, "Eve")
    r = eve.post(f"/api/games/{gid}/chat", json={"text": "visit evil.example"}, headers=csrf(t))
    assert r.status_code == 409 and r.json()["error"]["code"] == "read_only", r.text
    assert "imported" in r.json()["error"]["message"]
    assert client.get(f"/api/games/{gid}/chat").json()["messages"] == []
    assert client.get(f"/api/games/{gid}/export").json()["chat"] == []

"""Issue 27, the table side: each test replays an attack of the trial (on SQLite and PostgreSQL)
and checks it is refused: chat into imported games, spectators filling the chat, retake after a
time-out, time farming through the takeover bot, ratings without playing (one account in two seats,
resigning before the first move, a guest seat claimed after the end), a public rematch's visibility."""

from __future__ import annotations

import random

from heliopolis.core.registry import new_game
from tests.server.conftest import auth
from tests.server.test_accounts import Device, csrf, signup
from tests.server.test_table import two_humans


def many_signups(client) -> None:  # noqa: ANN001
    """Lifts the login limits (keyed by address: every test device has one), for tests of something else."""
    from heliopolis.server.limits import KeyedLimiter

    acc = client.app.state.accounts
    for name, value in list(vars(acc).items()):
        if isinstance(value, KeyedLimiter):
            setattr(acc, name, KeyedLimiter(10_000, 10_000))


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


def test_spectators_cannot_fill_the_chat_and_the_players_keep_their_own_budget(client):
    from heliopolis.server.chat import PER_SEAT, PER_SPECTATOR, SPECTATORS
    from heliopolis.server.limits import KeyedLimiter

    client.app.state.chat.limiter = KeyedLimiter(10_000, 10_000)  # the caps, not the rate, are tested here
    many_signups(client)
    gid, tokens = two_humans(client, {"spectator_chat": True})
    said = 0
    for i in range(SPECTATORS // PER_SPECTATOR + 1):  # the attack: many spectator accounts post all they may
        spec = Device(client)
        t = signup(spec, f"Spec{i}")
        for j in range(PER_SPECTATOR + 1):
            r = spec.post(f"/api/games/{gid}/chat", json={"text": f"flood {i}.{j}"}, headers=csrf(t))
            if r.status_code != 201:
                assert r.status_code == 409 and r.json()["error"]["code"] == "chat_full", r.text
                assert j == PER_SPECTATOR or said == SPECTATORS, (i, j, said)
                break
            said += 1
        else:
            raise AssertionError(f"spectator {i} said {PER_SPECTATOR + 1} messages")
    assert said == SPECTATORS
    client.cookies.clear()
    # The players are not blocked by the spectators' volume: each seat has its own budget.
    for n in range(PER_SEAT):
        r = client.post(f"/api/games/{gid}/chat", json={"text": f"mine {n}"}, headers=auth(tokens[0]))
        assert r.status_code == 201, (n, r.text)
    r = client.post(f"/api/games/{gid}/chat", json={"text": "one more"}, headers=auth(tokens[0]))
    assert r.status_code == 409 and r.json()["error"]["code"] == "chat_full" and "seat" in r.json()["error"]["message"]
    r = client.post(f"/api/games/{gid}/chat", json={"text": "my turn to talk"}, headers=auth(tokens[1]))
    assert r.status_code == 201, r.text
    msgs = client.get(f"/api/games/{gid}/chat", headers=auth(tokens[1])).json()["messages"]
    assert len(msgs) == SPECTATORS + PER_SEAT + 1

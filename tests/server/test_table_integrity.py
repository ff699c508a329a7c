"""Issue 27, the table side: each test replays an attack of the trial (on SQLite and PostgreSQL)
and checks it is refused: chat into imported games, spectators filling the chat, retake after a
time-out, time farming through the takeover bot, ratings without playing (one account in two seats,
resigning before the first move, a guest seat claimed after the end), a public rematch's visibility."""

from __future__ import annotations

import random

import pytest

from heliopolis.core.registry import new_game
from tests.server.conftest import auth, state, wait_for
from tests.server.test_accounts import Device, csrf, signup
from tests.server.test_table import make, two_humans


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


def _retake(client, gid: str, token: str):  # noqa: ANN001, ANN202
    """Retake, again while a bot's commit makes it stale (the bots keep moving meanwhile)."""
    for _ in range(20):
        r = client.post(f"/api/games/{gid}/retake", headers=auth(token))
        if r.json().get("error", {}).get("code") != "stale":
            return r
    raise AssertionError("always stale")


def test_no_retake_after_a_time_out_on_a_real_time_clock_even_once_the_bot_earned_time(client):
    client.app.state.auth.bot_delay = 0.1  # the bots play on, slowly enough to try the retake mid-game
    g = make(client, ["human", "random"], table={"clock": {"kind": "fischer", "base": 1, "increment": 5},
                                                 "takeover": "random", "allow_retake": True})  # fmt: skip
    # The attack: let the clock run out, wait for the takeover bot to earn an increment, take the seat back.
    s = wait_for(client, g["id"], g["token"], lambda s: s["seats"][0]["kind"] == "bot", timeout=20)
    assert s["seats"][0]["left"]["reason"] == "timeout"
    wait_for(
        client, g["id"], g["token"], lambda s: s["table"]["clock"]["remaining"][0] > 1 or s["status"] == "finished"
    )
    r = _retake(client, g["id"], g["token"])
    assert r.status_code == 403 and r.json()["error"]["code"] == "no_retake", r.text
    assert "real-time" in r.json()["error"]["message"]
    assert client.get(f"/api/games/{g['id']}").json()["seats"][0]["kind"] == "bot"


def test_the_takeover_bots_increments_are_not_the_players_no_time_farming(client):
    client.app.state.auth.bot_delay = 0.1
    g = make(client, ["human", "random"], table={"clock": {"kind": "fischer", "base": 20, "increment": 60},
                                                 "takeover": "random", "allow_retake": True})  # fmt: skip
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/resign", headers=auth(g["token"]))
    assert r.status_code == 200, r.text
    at_leaving = r.json()["table"]["clock"]["remaining"][0]
    assert at_leaving <= 20
    # The attack: the takeover bot earns an increment (60 s) per move for the seat; then retake.
    s = wait_for(client, gid, g["token"], lambda s: s["table"]["clock"]["remaining"][0] > at_leaving + 30)
    assert s["status"] == "running"
    r = _retake(client, gid, g["token"])
    assert r.status_code == 200, r.text
    after = r.json()["table"]["clock"]["remaining"][0]
    assert after <= at_leaving + 1e-3 and after > 0, (at_leaving, after)
    # The debit is stored: a reload from the database (a restart, another instance) agrees.
    client.app.state.auth.bot_delay = 5.0
    auth_ = client.app.state.auth
    auth_.games.pop(gid)
    again = state(client, gid)["table"]["clock"]["remaining"][0]
    assert again == pytest.approx(after, abs=1e-3)

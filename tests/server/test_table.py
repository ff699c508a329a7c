"""The table on SQLite and PostgreSQL: resign and bot takeover, retake, clocks (Fischer and turn
based) that run out into a takeover exactly once (also with two server instances on one
database) and survive a restart, private games joined by invitation code, bad table settings."""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from heliopolis.server.app import Settings, create_app
from tests.server.conftest import auth, play_out, state, wait_for


def make(client, seats, join=0, table=None, players=None):  # noqa: ANN001, ANN201
    body = {
        "game": "ra",
        "players": players or len(seats),
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    if join is not None:
        body["join"] = join
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def two_humans(client, table=None):  # noqa: ANN001, ANN201
    g = make(client, ["human", "human", "random"], table=table)
    other = client.post(f"/api/games/{g['id']}/join", json={"invite": g.get("invite")}).json()
    return g["id"], {0: g["token"], other["seat"]: other["token"]}


def test_resign_hands_the_seat_to_the_takeover_bot_and_the_game_goes_on(client):
    gid, tokens = two_humans(client, {"takeover": "random"})
    assert client.post(f"/api/games/{gid}/resign").status_code == 403  # a spectator
    before = time.time()
    r = client.post(f"/api/games/{gid}/resign", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    seat0 = r.json()["seats"][0]
    assert seat0["kind"] == "bot" and seat0["bot"] == "random" and seat0["left"]["reason"] == "resigned"
    assert before <= seat0["left"]["at"] <= time.time()
    again = client.post(f"/api/games/{gid}/resign", headers=auth(tokens[0]))
    assert again.status_code == 409 and again.json()["error"]["code"] == "conflict"
    # The seat of who left is played by the bot; the player cannot move for it.
    end = play_out(client, gid, {1: tokens[1]}, seed=2)
    assert end["status"] == "finished"
    assert end["seats"][0]["left"]["reason"] == "resigned"  # the record keeps who left and when
    assert client.post(f"/api/games/{gid}/resign", headers=auth(tokens[1])).json()["error"]["code"] == "finished"


def test_a_player_who_left_may_retake_the_seat_if_allowed(client):
    gid, tokens = two_humans(client, {"takeover": "heuristic", "allow_retake": True})
    r = client.post(f"/api/games/{gid}/retake", headers=auth(tokens[0]))
    assert r.status_code == 409  # not left
    client.post(f"/api/games/{gid}/resign", headers=auth(tokens[0]))
    r = client.post(f"/api/games/{gid}/retake", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    seat0 = r.json()["seats"][0]
    assert seat0["kind"] == "human" and seat0["left"]["reason"] == "resigned"
    gid2, tokens2 = two_humans(client, {"allow_retake": False})
    client.post(f"/api/games/{gid2}/resign", headers=auth(tokens2[0]))
    r = client.post(f"/api/games/{gid2}/retake", headers=auth(tokens2[0]))
    assert r.status_code == 403 and "settings" in r.json()["error"]["message"]
    assert client.get(f"/api/games/{gid2}").json()["seats"][0]["kind"] == "bot"


def test_a_resigned_seat_cannot_act(client):
    gid, tokens = two_humans(client, {"takeover": "heuristic"})
    s = wait_for(client, gid, tokens[0], lambda s: s["to_move"] in tokens)
    client.app.state.auth.bot_delay = 5.0  # hold the takeover bot back: the seat stays to move a while
    mover = s["to_move"]
    client.post(f"/api/games/{gid}/resign", headers=auth(tokens[mover]))
    st = state(client, gid, tokens[mover])
    assert st["seat"] == mover and st["seats"][mover]["kind"] == "bot"
    r = client.post(f"/api/games/{gid}/actions", json={"action": 0, "version": st["version"]},
                    headers=auth(tokens[mover]))  # fmt: skip
    assert r.status_code == 403 and "bot plays seat" in r.json()["error"]["message"]


def test_clock_state_is_in_every_message(client):
    g = make(client, ["human", "human"], table={"clock": {"kind": "fischer", "base": 600, "increment": 15}})
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid, tokens = g["id"], {0: g["token"], 1: other["token"]}
    s = wait_for(client, gid, None, lambda s: s["to_move"] is not None)
    clock = s["table"]["clock"]
    assert clock["kind"] == "fischer" and clock["running"] == s["to_move"]
    assert clock["remaining"][0] == clock["remaining"][1] == 600
    assert abs(clock["deadline"] - (clock["since"] + 600)) < 1e-3
    me = wait_for(client, gid, None, lambda s: s["to_move"] in tokens)
    mover = me["to_move"]
    me = state(client, gid, tokens[mover])
    before = me["table"]["clock"]
    time.sleep(0.2)
    r = client.post(f"/api/games/{gid}/actions", json={"action": me["legal"][0]["id"], "version": me["version"]},
                    headers=auth(tokens[mover])).json()  # fmt: skip
    after = r["table"]["clock"]
    spent = after["since"] - before["since"]  # the move's commit time minus when the clock started running
    assert spent >= 0.2
    assert abs(after["remaining"][mover] - (before["remaining"][mover] + 15 - spent)) < 0.01  # paid, got +15


@pytest.mark.parametrize("clock", [{"kind": "fischer", "base": 1, "increment": 0},
                                   {"kind": "turn", "per_move": 1, "bank": 0.5}])  # fmt: skip
def test_a_clock_that_runs_out_hands_the_seat_to_a_bot(client, clock):
    g = make(client, ["human", "random"], table={"clock": clock, "takeover": "random"})
    s = wait_for(client, g["id"], g["token"], lambda s: s["seats"][0]["kind"] == "bot", timeout=20)
    left = s["seats"][0]["left"]
    assert left["reason"] == "timeout"
    # Taken over at the deadline: the start plus the allowance (1 s; the turn clock adds its bank).
    allowance = 1.0 if clock["kind"] == "fischer" else 1.5
    created = client.app.state.auth.games[g["id"]].rec.created_at
    assert left["at"] >= created + allowance - 0.01
    end = wait_for(client, g["id"], None, lambda s: s["status"] == "finished", timeout=60)
    assert end["seats"][0]["left"]["reason"] == "timeout"


def test_clock_expiry_is_handled_exactly_once_by_two_instances(pg_url):
    """Two instances on one PostgreSQL (instances share news only through it)."""
    settings = Settings(db=pg_url, bot_delay=0.0, http_rate=1000, http_burst=1000)
    a, b = create_app(settings), create_app(settings)
    outcomes: list[tuple[int, bool]] = []
    with TestClient(a) as ca, TestClient(b) as cb:
        for app in (a, b):
            service = app.state.table
            original = service.takeover

            async def counted(live, seat, reason, at, _orig=original):  # noqa: ANN001, ANN202
                done = await _orig(live, seat, reason, at)
                outcomes.append((seat, done))
                return done

            service.takeover = counted
        g = make(ca, ["human", "human"], table={"clock": {"kind": "fischer", "base": 1, "increment": 0}})
        cb.post(f"/api/games/{g['id']}/join", json={})
        cb.get(f"/api/games/{g['id']}/state")  # b caches the game and arms its own timer
        s = wait_for(ca, g["id"], None, lambda s: s["to_move"] is not None)
        time.sleep(1.2)
        # Both instances' timers, and an explicit call on each at the same moment.
        threads = [threading.Thread(target=c.portal.call, args=(app.state.table.expire, g["id"]))
                   for c, app in ((ca, a), (cb, b))]  # fmt: skip
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wait_for(ca, g["id"], None, lambda s: s["seats"][s["to_move"] if s["to_move"] is not None else 0]["kind"]
                 == "bot" or s["status"] == "finished")  # fmt: skip
        time.sleep(0.3)
        first = s["to_move"]
        with a.state.auth.storage.engine.connect() as c:
            reason = c.execute(sa.text("SELECT left_reason FROM seats WHERE game_id = :g AND seat = :s"),
                               {"g": g["id"], "s": first}).scalar()  # fmt: skip
        assert reason == "timeout"
        # The first expiry was attempted by both instances (timers and explicit calls) and done once.
        attempts = [done for seat, done in outcomes if seat == first]
        assert attempts.count(True) == 1 and len(attempts) >= 2, outcomes


def test_clocks_survive_a_restart_and_expire_after_it(tmp_path):
    db = f"sqlite:///{tmp_path / 'h.db'}"
    settings = Settings(db=db, bot_delay=0.0, http_rate=1000, http_burst=1000)
    with TestClient(create_app(settings)) as c:
        g = make(c, ["human", "random"], table={"clock": {"kind": "fischer", "base": 2, "increment": 0}})
        first = wait_for(c, g["id"], None, lambda s: s["to_move"] == 0)["table"]["clock"]
    with TestClient(create_app(settings)) as c:
        again = state(c, g["id"])["table"]["clock"]
        assert again["since"] == pytest.approx(first["since"], abs=1e-3)
        assert again["remaining"] == pytest.approx(first["remaining"], abs=1e-3)
        s = wait_for(c, g["id"], None, lambda s: s["seats"][0]["kind"] == "bot", timeout=20)
        assert s["seats"][0]["left"]["reason"] == "timeout"


def test_private_games_are_unlisted_and_joined_by_invitation_only(client):
    g = make(client, ["human", "human"], table={"private": True})
    assert "invite" in g and g["invite"] in g["url"] and len(g["invite"]) >= 20
    listed = [x["id"] for x in client.get("/api/games").json()["games"]]
    assert g["id"] not in listed
    for body in ({}, {"invite": "guess"}):
        r = client.post(f"/api/games/{g['id']}/join", json=body)
        assert r.status_code == 403 and "invitation link" in r.json()["error"]["message"]
    assert client.get(f"/api/games/{g['id']}").json()["status"] == "open"
    r = client.post(f"/api/games/{g['id']}/join", json={"invite": g["invite"]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    public = make(client, ["human", "random"])
    assert public["id"] in [x["id"] for x in client.get("/api/games").json()["games"]]


@pytest.mark.parametrize("table, field, status", [
    ({"takeover": "nonsense-bot"}, "table.takeover", 400),
    ({"clock": {"kind": "blitz"}}, "table.clock.kind", 422),
    ({"clock": {"kind": "fischer", "base": -5}}, "table.clock.base", 422),
    ({"private": "maybe"}, "table.private", 422),
    ({"colour": "red"}, "table.colour", 422),
])  # fmt: skip
def test_bad_table_settings_name_the_field_and_create_nothing(client, table, field, status):
    before = len(client.get("/api/games").json()["games"])
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "random"}], "table": table}
    body["seats"][1] = {"kind": "bot", "bot": "random"}
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert field in err["message"] or err.get("field") == field  # a sentence; the path beside it
    assert len(client.get("/api/games").json()["games"]) == before


def test_chat_for_seats_and_logged_in_spectators_kept_in_replays_and_exports(client):
    gid, tokens = two_humans(client, {"spectator_chat": True})
    r = client.post(f"/api/games/{gid}/chat", json={"text": "  hello\u202e <b>there</b>\x00 "}, headers=auth(tokens[0]))
    assert r.status_code == 201, r.text
    assert r.json()["text"] == "hello <b>there</b>" and r.json()["seat"] == 0  # stored as text, controls gone
    # An anonymous spectator may read but not write; a logged-in one may write.
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 403
    t = client.post("/api/account/signup", json={"username": "Watcher", "password": "long enough pw"}).json()["csrf"]
    r = client.post(f"/api/games/{gid}/chat", json={"text": "go go"}, headers={"X-CSRF-Token": t})
    assert r.status_code == 201 and r.json()["seat"] is None and r.json()["name"] == "Watcher"
    for body, field in [({"text": ""}, "text"), ({"text": "x" * 501}, "text"), ({"text": " \x01 "}, "text"),
                        ({"message": "hi"}, "text")]:  # fmt: skip
        r = client.post(f"/api/games/{gid}/chat", json=body, headers=auth(tokens[1]))
        assert r.status_code in (400, 422) and field in r.json()["error"]["message"], r.text
    msgs = client.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["text"] for m in msgs] == ["hello <b>there</b>", "go go"]
    assert client.get(f"/api/games/{gid}/chat?after=0").json()["messages"][0]["n"] == 1
    codes = [client.post(f"/api/games/{gid}/chat", json={"text": f"spam {i}"}, headers=auth(tokens[1])).status_code
             for i in range(8)]  # fmt: skip
    assert codes[:5] == [201] * 5 and 429 in codes
    client.cookies.clear()
    for seat in tokens:
        client.post(f"/api/games/{gid}/resign", headers=auth(tokens[seat]))
    wait_for(client, gid, None, lambda s: s["status"] == "finished", timeout=60)
    doc = client.get(f"/api/games/{gid}/export").json()
    assert [m["text"] for m in doc["chat"]][:2] == ["hello <b>there</b>", "go go"]
    said = client.get(f"/api/games/{gid}/chat").json()["messages"]
    assert client.get(f"/api/games/{gid}/replay").json()["chat"] == said  # the last frame: everything
    ply = said[0]["ply"]  # a frame before the first message was said shows none of it
    assert client.get(f"/api/games/{gid}/replay?ply={ply - 1}").json()["chat"] == []
    assert client.get(f"/api/games/{gid}/replay?ply={ply}").json()["chat"][0]["text"] == "hello <b>there</b>"


def test_muted_spectators_cannot_chat(client):
    gid, tokens = two_humans(client, {"spectator_chat": False})
    t = client.post("/api/account/signup", json={"username": "Watcher", "password": "long enough pw"}).json()["csrf"]
    r = client.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers={"X-CSRF-Token": t})
    assert r.status_code == 403 and "muted" in r.json()["error"]["message"]
    client.cookies.clear()
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers=auth(tokens[0])).status_code == 201


def finished_two_player_game(client, table=None):  # noqa: ANN001, ANN201
    g = make(client, ["human", "human"], table=table)
    other = client.post(f"/api/games/{g['id']}/join", json={"invite": g.get("invite")}).json()
    tokens = {0: g["token"], 1: other["token"]}
    play_out(client, g["id"], tokens, seed=5)
    return g["id"], tokens


def test_rematch_rotates_seats_and_starts_when_every_human_accepts(client):
    gid, tokens = finished_two_player_game(client, {"clock": {"kind": "fischer", "base": 600, "increment": 5}})
    assert client.post(f"/api/games/{gid}/rematch").status_code == 403  # spectators cannot
    a = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).json()
    assert a["seat"] == 1  # seat 0 moves to seat 1: the other player sits at seat 0
    new = client.get(f"/api/games/{a['id']}").json()
    assert new["status"] == "open" and new["id"] not in [x["id"] for x in client.get("/api/games").json()["games"]]
    assert state(client, gid)["table"]["rematch"] == a["id"]  # the old game's clients learn of it
    again = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]))
    assert again.status_code == 409
    b = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1])).json()
    assert b["id"] == a["id"] and b["seat"] == 0
    s = state(client, a["id"], b["token"])
    assert s["status"] == "running" and s["table"]["clock"]["base"] == 600
    # Strangers cannot take a rematch seat: its seats are the players' (public or private).
    assert client.post(f"/api/games/{a['id']}/join", json={}).status_code in (403, 409)


def test_two_players_asking_at_once_make_one_rematch(client):
    gid, tokens = finished_two_player_game(client)
    results: list = [None, None]

    def ask(i: int) -> None:
        results[i] = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[i])).json()

    threads = [threading.Thread(target=ask, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0]["id"] == results[1]["id"], results
    assert client.get(f"/api/games/{results[0]['id']}").json()["status"] == "running"


def test_the_creator_mutes_and_unmutes_spectators(client):
    gid, tokens = two_humans(client, {"spectator_chat": True})
    assert (
        client.post(
            f"/api/games/{gid}/chat/settings", json={"spectator_chat": False}, headers=auth(tokens[1])
        ).status_code
        == 403
    )  # not the creator
    r = client.post(f"/api/games/{gid}/chat/settings", json={"spectator_chat": "no"}, headers=auth(tokens[0]))
    assert r.status_code == 422 and "spectator_chat" in r.json()["error"]["message"]
    r = client.post(f"/api/games/{gid}/chat/settings", json={"spectator_chat": False}, headers=auth(tokens[0]))
    assert r.status_code == 200 and state(client, gid)["table"]["spectator_chat"] is False
    t = client.post("/api/account/signup", json={"username": "Watcher", "password": "long enough pw"}).json()["csrf"]
    r = client.post(f"/api/games/{gid}/chat", json={"text": "hi"}, headers={"X-CSRF-Token": t})
    assert r.status_code == 403 and "muted" in r.json()["error"]["message"]
    client.cookies.clear()
    client.post(f"/api/games/{gid}/chat/settings", json={"spectator_chat": True}, headers=auth(tokens[0]))
    assert state(client, gid)["table"]["spectator_chat"] is True


def test_an_action_after_the_deadline_is_refused_even_before_the_timer_fires(client):
    service = client.app.state.table
    service.arm = lambda live: None  # no timers: only the action's own check stands between
    g = make(client, ["human", "random"], table={"clock": {"kind": "fischer", "base": 1, "increment": 0}})
    s = wait_for(client, g["id"], g["token"], lambda s: s["to_move"] == 0)
    time.sleep(max(0.0, s["table"]["clock"]["deadline"] - time.time()) + 0.05)
    r = client.post(f"/api/games/{g['id']}/actions", json={"action": s["legal"][0]["id"], "version": s["version"]},
                    headers=auth(g["token"]))  # fmt: skip
    assert r.status_code == 409 and r.json()["error"]["code"] == "time_out"
    assert state(client, g["id"])["version"] == s["version"]  # nothing changed
    assert client.portal.call(service.expire, g["id"]) is True
    assert client.portal.call(service.expire, g["id"]) is False  # once
    assert state(client, g["id"])["seats"][0]["left"]["reason"] == "timeout"

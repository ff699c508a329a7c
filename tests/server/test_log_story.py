"""Logs that tell the story (issue 28): every resign, time-out and retake is a seat event with the
ply and the log line it follows, the name the seat had then and the bot that took it over; the
events survive a reload from the database and reach every reader (nothing in them is secret)."""

from __future__ import annotations

import time

from tests.server.conftest import auth, state
from tests.server.test_table import two_humans


def _move_until_seat_moved(client, gid: str, tokens: dict[int, str], seat: int) -> None:  # noqa: ANN001
    """Plays the humans' first legal moves until ``seat`` made one (bots move on their own)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        s = state(client, gid)
        mover = s["to_move"]
        if mover not in tokens:
            time.sleep(0.02)  # a bot is thinking
        else:
            legal = state(client, gid, tokens[mover])["legal"]
            r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
                            json={"action": legal[0]["id"], "version": s["version"]})  # fmt: skip
            assert r.status_code == 200, r.text
            if mover == seat:
                return
    raise AssertionError("the seat never moved")


def test_resign_and_retake_are_seat_events_at_their_log_line(client):  # noqa: ANN001
    gid, tokens = two_humans(client, {"takeover": "random", "allow_retake": True})
    _move_until_seat_moved(client, gid, tokens, 0)
    lines = len(state(client, gid)["log"])
    plies = client.get(f"/api/games/{gid}").json()["moves"]
    assert client.post(f"/api/games/{gid}/resign", headers=auth(tokens[0])).status_code == 200
    events = state(client, gid)["table"]["events"]  # a spectator reads them too
    assert events == [{"ply": plies, "seat": 0, "kind": "resigned", "name": None, "bot": "random", "line": lines}]
    s = state(client, gid)
    if s["status"] == "running":
        assert client.post(f"/api/games/{gid}/retake", headers=auth(tokens[0])).status_code == 200
        events = state(client, gid)["table"]["events"]
        assert [e["kind"] for e in events] == ["resigned", "retake"] and events[1]["bot"] is None
        assert events[1]["line"] >= events[0]["line"]
    # From the database, as another instance (or a restart) reads it.
    auth_ = client.app.state.auth
    auth_.games.pop(gid, None)
    assert [e["kind"] for e in state(client, gid)["table"]["events"]] == [e["kind"] for e in events]


def test_replay_steps_fold_chance_into_the_move_that_caused_it():
    from heliopolis.server.store.archive import replay_steps

    # setup chance, a move, its two dice, a move, its die, the last move
    assert replay_steps([-1, -1, 0, -1, -1, 1, -1, 0]) == [0, 2, 5, 7, 8]
    assert replay_steps([]) == [0]
    assert replay_steps([-1, -1]) == [0, 2]
    assert replay_steps([0, -1, 1]) == [0, 2, 3]


def test_a_replay_frame_names_the_decision_and_the_steps(client):  # noqa: ANN001
    r = client.post("/api/games", json={"game": "ra-dice", "players": 2,
                                        "seats": [{"kind": "bot", "bot": "random"}] * 2})  # fmt: skip
    gid = r.json()["id"]
    for _ in range(300):
        if client.get(f"/api/games/{gid}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    end = client.get(f"/api/games/{gid}/replay").json()
    steps = end["steps"]
    assert steps[-1] == end["plies"] and len(steps) < end["plies"] / 2  # most plies of a dice game are chance
    frame = client.get(f"/api/games/{gid}/replay", params={"ply": steps[3]}).json()
    assert frame["decision"] is not None and frame["steps"] == steps

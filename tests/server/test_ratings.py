"""Ratings, leaderboard and "my games" on SQLite and PostgreSQL: rated games between accounts and
bots update openskill ratings once; a resignation is last place; guests make a game unrated (what
does not count, attack by attack, is in test_table_integrity.py)."""

from __future__ import annotations

import time

from tests.server.conftest import auth, play_out, wait_for
from tests.server.test_accounts import Device, csrf, signup
from tests.server.test_table_integrity import move_once


def rated_game(dev, seats, join=0, rated=True, token=None):  # noqa: ANN001, ANN201
    body = {
        "game": "ra",
        "players": len(seats),
        "join": join,
        "table": {"rated": rated},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    r = dev.post("/api/games", json=body, headers=csrf(token))
    assert r.status_code == 201, r.text
    return r.json()


def wait_ratings(client, gid: str, n: int) -> list:  # noqa: ANN001
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        ch = client.get(f"/api/games/{gid}/ratings").json()["changes"]
        if len(ch) >= n:
            return ch
        time.sleep(0.05)
    raise AssertionError("no rating changes")


def two_accounts_and_a_bot(client):  # noqa: ANN001, ANN201
    """A rated 3-player game of Ann (seat 0), Bob and a random bot: (Ann's device, the game, tokens)."""
    ann, bob = Device(client), Device(client)
    ta, tb = signup(ann, "Ann"), signup(bob, "Bob")
    g = rated_game(ann, ["human", "human", "random"], token=ta)
    r = bob.post(f"/api/games/{g['id']}/join", json={}, headers=csrf(tb))
    assert r.status_code == 200, r.text
    return ann, g, {0: g["token"], r.json()["seat"]: r.json()["token"]}


def test_a_rated_game_of_two_accounts_and_a_bot_updates_each_once(client):
    ann, g, tokens = two_accounts_and_a_bot(client)
    end = play_out(ann, g["id"], tokens, seed=1)
    changes = wait_ratings(ann, g["id"], 3)
    assert [c["player"] for c in changes] == ["account:1", "account:2", "bot:random"]
    winner = end["view"]["winners"]
    for c in changes:
        assert (c["place"] == 1) == (c["seat"] in winner)
        if c["place"] == 1:
            assert c["after"] > c["before"]
    board = ann.get("/api/ratings/ra:2009").json()["players"]
    assert {p["name"] for p in board} == {"Ann", "Bob", "bot random"} and all(p["games"] == 1 for p in board)
    assert board[0]["rating"] >= board[-1]["rating"]
    # Applying the same game again changes nothing (another instance, a retry).
    service = client.app.state.ratings
    assert service.apply(g["id"], "ra:2009", ["account:1", "account:2", "bot:random"], [1, 2, 3]) is False
    assert all(p["games"] == 1 for p in ann.get("/api/ratings/ra:2009").json()["players"])


def test_resigning_is_last_place_and_guests_make_a_game_unrated(client):
    ann, g, tokens = two_accounts_and_a_bot(client)
    move_once(ann, g["id"], *tokens.values())  # a move each first: a seat left before that voids the rating
    assert ann.post(f"/api/games/{g['id']}/resign", headers=auth(tokens[0])).status_code == 200
    play_out(ann, g["id"], {s: t for s, t in tokens.items() if s != 0}, seed=2)
    changes = wait_ratings(ann, g["id"], 3)
    assert changes[0]["place"] == 3 and changes[0]["after"] < changes[0]["before"]
    # A guest (no account) in a seat: the game is played but not rated.
    guest = Device(client)
    body = {
        "game": "ra",
        "players": 2,
        "join": 0,
        "table": {"rated": True},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }
    g2 = guest.post("/api/games", json=body).json()
    play_out(guest, g2["id"], {0: g2["token"]}, seed=4)
    time.sleep(0.3)
    assert guest.get(f"/api/games/{g2['id']}/ratings").json()["changes"] == []


def test_my_games_lists_my_turn_first_then_open_then_finished(client):
    ann = Device(client)
    t = signup(ann, "Ann")
    assert Device(client).get("/api/account/games").status_code == 401
    done = rated_game(ann, ["human", "random"], token=t, rated=False)
    play_out(ann, done["id"], {0: done["token"]}, seed=2)
    waiting = rated_game(ann, ["human", "human"], token=t, rated=False)
    mine = rated_game(ann, ["human", "random"], token=t, rated=False)
    wait_for(ann, mine["id"], None, lambda s: s["to_move"] == 0)
    games = ann.get("/api/account/games").json()["games"]
    assert [g["id"] for g in games] == [mine["id"], waiting["id"], done["id"]]
    assert games[0]["your_turn"] and games[1]["status"] == "open" and "won" in games[2]


def test_a_rated_game_that_ended_before_its_rating_was_written_is_rated_after_a_restart(tmp_path):
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app
    from tests.server.conftest import UNLIMITED

    settings = Settings(db=f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0.0, **UNLIMITED)
    app = create_app(settings)
    with TestClient(app) as c:
        app.state.table.listeners.remove(app.state.ratings)  # the process "dies" before rating
        ann, g, tokens = two_accounts_and_a_bot(c)
        play_out(ann, g["id"], tokens, seed=3)
        assert c.get(f"/api/games/{g['id']}/ratings").json()["changes"] == []
    with TestClient(create_app(settings)) as c:  # rated from the decision stored with the last move
        assert len(wait_ratings(c, g["id"], 3)) == 3


def test_my_games_shows_results_rating_changes_and_rematch_offers_until_accepted(client):
    ann, bob = Device(client), Device(client)
    ta, tb = signup(ann, "Ann"), signup(bob, "Bob")
    g = rated_game(ann, ["human", "human", "random"], token=ta)
    r = bob.post(f"/api/games/{g['id']}/join", json={}, headers=csrf(tb))
    assert r.status_code == 200, r.text
    bob_seat = r.json()["seat"]
    move_once(ann, g["id"], g["token"], r.json()["token"])  # each plays a move: else the rating is void
    for dev, t in ((ann, ta), (bob, tb)):
        assert dev.post(f"/api/games/{g['id']}/resign", headers=csrf(t)).status_code == 200
    wait_for(ann, g["id"], None, lambda s: s["status"] == "finished", timeout=60)
    wait_ratings(ann, g["id"], 3)
    mine = bob.get("/api/account/games").json()["games"]
    assert len(mine) == 1
    item = mine[0]
    assert item["status"] == "finished" and item["seat"] == bob_seat
    assert item["won"] is False and item["left"] == "resigned"  # whatever the bot did for the seat
    assert item["pool"] == "ra:2009" and item["rated"] and item["players"] == 3
    assert [s["name"] for s in item["seats"]][:2] == ["Ann", "Bob"] and item["seats"][2]["kind"] == "bot"
    assert item["rating"]["place"] == 2 and item["rating"]["after"] < item["rating"]["before"]  # both left: last
    assert "rematch" not in item
    new = ann.post(f"/api/games/{g['id']}/rematch", headers=csrf(ta)).json()
    offer = bob.get("/api/account/games").json()["games"]
    assert [x["id"] for x in offer] == [g["id"]] and offer[0]["rematch"] == {"id": new["id"], "accepted": False}
    # Ann asked: the new game is open for her, and the offer counts as accepted.
    a_games = {x["id"]: x for x in ann.get("/api/account/games").json()["games"]}
    assert a_games[g["id"]]["rematch"]["accepted"] and a_games[new["id"]]["status"] == "open"
    assert bob.post(f"/api/games/{g['id']}/rematch", headers=csrf(tb)).status_code == 200
    b_games = bob.get("/api/account/games").json()["games"]
    assert b_games[0]["id"] == new["id"] and b_games[0]["status"] == "running"
    assert next(x for x in b_games if x["id"] == g["id"])["rematch"]["accepted"] is True


def test_places_count_everyone_ahead_and_leavers_come_after_everyone_who_stayed():
    from types import SimpleNamespace as NS

    from heliopolis.server.social.ratings import places

    def state(scores, winners):  # noqa: ANN001, ANN202
        return NS(scores=lambda: scores, winners=lambda: winners)

    def seats(*left):  # noqa: ANN002, ANN202
        return [NS(seat=i, left_reason=r) for i, r in enumerate(left)]

    # two tied winners, then a third: "1, 1, 3", not "1, 1, 2"
    assert places(state([10, 10, 5], [0, 1]), seats(None, None, None)) == [1, 1, 3]
    # the one who resigned is last behind both tied bots (found by a fresh-clone run: it was 2nd)
    assert places(state([0, 7, 7], [1, 2]), seats("resigned", None, None)) == [3, 1, 1]
    # a tie-break decided the winner: the loser on equal points is second
    assert places(state([9, 9, 3, 1], [1]), seats(None, None, "timeout", None)) == [2, 1, 4, 3]

"""HTTP API on SQLite and PostgreSQL: lobby, play to the end, authority, hidden information,
bad input, races, undo, replay, export / import."""

from __future__ import annotations

import json
import threading
import time

from heliopolis.core.serialize import state_from_dict
from heliopolis.core.text import to_json
from tests.server.conftest import auth, create, play_out, state, wait_for


def test_create_join_and_play_a_game_against_bots_to_the_end(client):
    g = create(client, ["human", "random", "heuristic"])
    assert client.get(f"/api/games/{g['id']}").json()["status"] == "running"
    end = play_out(client, g["id"], {0: g["token"]})
    assert end["status"] == "finished" and end["view"]["terminal"]
    assert end["view"]["winners"] and all(seat["points"] is not None for seat in end["view"]["seats"])
    listed = client.get("/api/games?status=finished").json()["games"]
    assert g["id"] in [x["id"] for x in listed]
    # The log of the server replays to the same final state (export -> CLI saved game).
    doc = client.get(f"/api/games/{g['id']}/export").json()
    replayed = state_from_dict(doc)
    assert replayed.is_terminal() and replayed.scores() == [s["points"] for s in end["view"]["seats"]]


def test_open_game_waits_for_players_and_join_hands_out_seats(client):
    g = create(client, ["human", "human", "random"], join=None)
    assert g["token"] is None
    s = client.get(f"/api/games/{g['id']}").json()
    assert s["status"] == "open" and [x["taken"] for x in s["seats"]] == [False, False, True]
    a = client.post(f"/api/games/{g['id']}/join", json={"name": "Ann"}).json()
    r = client.post(f"/api/games/{g['id']}/join", json={"seat": a["seat"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "conflict"
    st = state(client, g["id"], a["token"])
    assert st["status"] == "open" and st["legal"] == []
    b = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"}).json()
    assert {a["seat"], b["seat"]} == {0, 1}
    assert client.get(f"/api/games/{g['id']}").json()["status"] == "running"
    r = client.post(f"/api/games/{g['id']}/join", json={})
    assert r.status_code == 409
    end = play_out(client, g["id"], {a["seat"]: a["token"], b["seat"]: b["token"]}, seed=3)
    assert end["status"] == "finished"


def test_views_hide_other_seats_points_and_the_seed(client):
    g = create(client, ["human", "human", "random"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid = g["id"]
    from heliopolis.server.store.storage import Storage  # the seed is only in the database

    seed = None
    for live in client.app.state.auth.games.values():
        if live.rec.id == gid:
            seed = live.rec.seed
    assert seed is not None
    play_out_until = wait_for(client, gid, g["token"], lambda s: s["to_move"] is not None)
    for token in (g["token"], other["token"], None):
        s = state(client, gid, token)
        text = json.dumps(s)
        assert str(seed) not in text and "seed" not in text
        points = [seat["points"] for seat in s["view"]["seats"]]
        visible = [i for i, p in enumerate(points) if p is not None]
        assert visible == ([] if token is None else [s["seat"]])  # RA-SCORE-10 hidden scores
        assert set(s["view"]["bag"]) == {"remaining", "counts"}  # counts only, never an order
    assert play_out_until["status"] == "running"
    assert Storage  # imported for the reader: the seed lives in storage, never in messages


def test_a_client_cannot_act_for_a_seat_it_holds_no_token_for(client):
    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid = g["id"]
    s = state(client, gid, g["token"])
    mover = s["to_move"]
    idle_token = g["token"] if mover == other["seat"] else other["token"]
    body = {"action": 0, "version": s["version"]}
    for headers, code in [({}, "forbidden"), (auth("not-a-token"), "forbidden"), (auth(idle_token), "not_your_turn")]:
        r = client.post(f"/api/games/{gid}/actions", json=body, headers=headers)
        assert r.status_code in (403, 409) and r.json()["error"]["code"] == code
    g2 = create(client, ["human", "random"])
    r = client.post(f"/api/games/{gid}/actions", json=body, headers=auth(g2["token"]))
    assert r.json()["error"]["code"] == "forbidden"  # a token of another game
    assert state(client, gid, g["token"])["version"] == s["version"]


def test_bad_input_gets_clear_4xx_errors_and_changes_nothing(client):
    g = create(client, ["human", "random"])
    gid, tok = g["id"], g["token"]
    s = wait_for(client, gid, tok, lambda s: s["to_move"] == 0)
    cases = [
        ("/api/games", {"game": "chess", "players": 2, "seats": [{"kind": "human"}] * 2}, 400, "unknown game"),
        ("/api/games", {"game": "ra", "players": 9, "seats": [{"kind": "human"}] * 9}, 400, "2 to 5"),
        ("/api/games", {"game": "ra", "players": 2, "seats": [{"kind": "bot", "bot": "alphago"}] * 2}, 400, "valid"),
        ("/api/games", {"game": "ra", "players": 2, "seats": [{"kind": "human"}]}, 400, "seats"),
        (
            "/api/games",
            {"game": "ra", "players": 2, "seats": [{"kind": "bot", "bot": "ismcts:iters=10000000"}] * 2},
            400,
            "at most",
        ),
        ("/api/games", {"game": "ra", "players": "two", "seats": []}, 422, "players"),
        (
            "/api/games",
            {"game": "ra", "players": 2, "seats": [{"kind": "human"}] * 2, "options": {"edition": 1}},
            400,
            "edition",
        ),
        (f"/api/games/{gid}/actions", {"notation": "bid:99", "version": s["version"]}, 400, "bid"),
        (f"/api/games/{gid}/actions", {"action": 53, "version": s["version"]}, 409, "Legal:"),
        (f"/api/games/{gid}/actions", {"action": 0, "version": s["version"] + 5}, 409, "moved on"),
        (f"/api/games/{gid}/actions", {"version": s["version"]}, 400, "exactly one"),
        (f"/api/games/{gid}/actions", {"action": 0, "version": s["version"], "extra": 1}, 422, "extra"),
        (f"/api/games/{gid}/replay", None, 400, "finished"),
    ]
    for path, body, status, text in cases:
        r = client.post(path, json=body, headers=auth(tok)) if body is not None else client.get(path)
        assert r.status_code == status, (path, body, r.text)
        assert text in r.json()["error"]["message"], r.text
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    r = client.post("/api/import", content=b"x" * (300 * 1024))
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = client.post("/api/import", json={"format": "heliopolis-game", "game": "ra", "encoding": "ra-v0"})
    assert r.status_code == 400 and "missing" in r.json()["error"]["message"]
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/nothing").json()["error"]["code"] == "not_found"
    assert state(client, gid, tok)["version"] == s["version"]  # nothing changed


def test_two_clients_acting_at_once_exactly_one_is_applied(client):
    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    tokens = {0: g["token"], other["seat"]: other["token"]}
    gid = g["id"]
    for _ in range(5):
        s = state(client, gid, g["token"])
        tok = tokens[s["to_move"]]
        mine = state(client, gid, tok)
        results = []
        barrier = threading.Barrier(2)

        def go(action_id, tok=tok, mine=mine, barrier=barrier, results=results):  # noqa: ANN001, ANN202
            barrier.wait()
            r = client.post(f"/api/games/{gid}/actions", json={"action": action_id, "version": mine["version"]},
                            headers=auth(tok))  # fmt: skip
            results.append(r)

        acts = [a["id"] for a in mine["legal"]]
        threads = [threading.Thread(target=go, args=(acts[i % len(acts)],)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in results)
        assert codes == [200, 409], [r.text for r in results]
        loser = next(r for r in results if r.status_code == 409).json()["error"]["code"]
        assert loser in ("stale", "not_your_turn")
        after = state(client, gid, tok)
        assert after["version"] > mine["version"]


def test_undo_own_last_action_with_the_other_players_consent(client):
    g = create(client, ["human", "human"], join=0)
    other = client.post(f"/api/games/{g['id']}/join", json={}).json()
    gid, tokens = g["id"], {0: g["token"], 1: other["token"]}
    # Draw until someone can invoke Ra on a non-empty track; invoking reveals nothing.
    for _ in range(60):
        s = state(client, gid, tokens[0])
        mover = s["to_move"]
        mine = state(client, gid, tokens[mover])
        names = {a["notation"]: a["id"] for a in mine["legal"]}
        if "ra" in names and any(mine["view"]["auction_track"]) and mine["view"]["phase"] == "turn":
            break
        pick = "draw" if "draw" in names else next(iter(names))
        client.post(f"/api/games/{gid}/actions", json={"action": names[pick], "version": mine["version"]},
                    headers=auth(tokens[mover]))  # fmt: skip
    else:
        raise AssertionError("no Ra call position reached")
    before = mine
    r = client.post(f"/api/games/{gid}/actions", json={"action": names["ra"], "version": before["version"]},
                    headers=auth(tokens[mover]))  # fmt: skip
    assert r.json()["undo"]["allowed"]
    # A draw followed by a tile is never undoable: it revealed the tile.
    assert not state(client, gid, tokens[1 - mover])["undo"]["allowed"]
    r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[mover]))
    assert r.status_code == 200 and r.json()["undo"]["pending"] == {"by": mover, "awaiting": [1 - mover]}
    r = client.post(f"/api/games/{gid}/undo", json={"accept": True}, headers=auth(tokens[1 - mover]))
    back = state(client, gid, tokens[mover])
    assert back["view"] == before["view"] and back["to_move"] == mover and back["version"] > before["version"]


def test_undo_against_bots_is_immediate_and_forbidden_after_a_reveal(client):
    import random

    rng = random.Random(1)
    g = create(client, ["human", "random"])
    gid, tok = g["id"], g["token"]
    seen_draw = seen_ra = False
    for _ in range(300):
        s = wait_for(client, gid, tok, lambda s: s["to_move"] == 0 or s["status"] == "finished")
        if s["status"] == "finished" or (seen_draw and seen_ra):
            break
        names = {a["notation"]: a["id"] for a in s["legal"]}
        if "ra" in names and any(s["view"]["auction_track"]) and s["view"]["phase"] == "turn" and not seen_ra:
            r = client.post(f"/api/games/{gid}/actions", json={"action": names["ra"], "version": s["version"]},
                            headers=auth(tok))  # fmt: skip
            after = wait_for(client, gid, tok, lambda s: s["to_move"] == 0)  # the bot bid or passed
            assert after["view"]["phase"] == "auction" and after["undo"]["allowed"]
            back = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tok)).json()
            assert back["view"] == s["view"] and back["undo"]["pending"] is None  # the bot's move went too
            seen_ra = True
            continue
        if "draw" in names and not seen_draw:
            r = client.post(f"/api/games/{gid}/actions", json={"action": names["draw"], "version": s["version"]},
                            headers=auth(tok))  # fmt: skip
            assert not r.json()["undo"]["allowed"]  # the tile drawn is a revealed random outcome
            r = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(tok))
            assert r.status_code == 400 and "revealed" in r.json()["error"]["message"]
            seen_draw = True
            continue
        a = rng.choice(s["legal"])
        client.post(f"/api/games/{gid}/actions", json={"action": a["id"], "version": s["version"]}, headers=auth(tok))
    assert seen_draw and seen_ra


def test_replay_frames_and_import_of_a_saved_game(client):
    import random

    import heliopolis
    from heliopolis.core.chance import play_random

    s = play_random(heliopolis.new_game("ra", players=2), random.Random(2))
    r = client.post("/api/import", content=s.to_json())
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    first = client.get(f"/api/games/{gid}/replay?ply=0").json()
    last = client.get(f"/api/games/{gid}/replay").json()
    assert first["ply"] == 0 and last["ply"] == last["plies"] == len(s.history())
    assert last["view"] == s.player_view(None) and last["log"] == [to_json(x) for x in s.public_log()]
    mid = client.get(f"/api/games/{gid}/replay?ply=40").json()
    assert mid["view"]["terminal"] is False and mid["move"]
    assert client.get(f"/api/games/{gid}/replay?ply=100000").status_code == 400
    assert state_from_dict(client.get(f"/api/games/{gid}/export").json()) == s


def test_games_evicted_from_memory_reload_exactly(client, monkeypatch):
    from heliopolis.server.play import cache

    monkeypatch.setattr(cache, "MAX_CACHED", 2)
    made = [create(client, ["human", "random"]) for _ in range(4)]
    # The bots move in worker processes: wait until every game waits for its human (no driver runs).
    before = {g["id"]: wait_for(client, g["id"], g["token"], lambda s: s["to_move"] == 0) for g in made}
    auth_ = client.app.state.auth
    deadline = time.monotonic() + 30
    while any(not t.done() for t in auth_.drivers.values()):  # e.g. still taking a lease (PostgreSQL)
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert len(auth_.games) <= 4
    # Eviction happens when a game is remembered: one more game (no bots, so no driver) evicts the
    # idle ones (the four above may still have had drivers when they were created).
    create(client, ["human", "human"])
    assert len(auth_.games) <= 2
    for g in made:  # each is reloaded from the event log when needed again
        assert state(client, g["id"], g["token"])["view"] == before[g["id"]]["view"]
    assert len(auth_.games) <= 3


def test_lobby_offers_levels_and_seats_take_them(client):
    from heliopolis.bots import levels

    meta = client.get("/api/meta").json()
    assert meta["bots"] == ["random", "easy", "medium", "hard", "expert"]
    ra = meta["games"][0]
    assert ra["id"] == "ra" and set(ra["bot_labels"]) == {
        str(n) for n in range(ra["min_players"], ra["max_players"] + 1)
    }
    for n, labels in ra["bot_labels"].items():
        assert labels["random"] == "Random"
        for level in levels.levels():
            assert labels[level] == levels.rating_label(level, "ra", int(n))
            assert labels[level].startswith(level.capitalize())  # a name a person reads, not an algorithm
    g = create(client, ["human", "easy", "medium:iters=50"])  # a level with a budget is accepted too
    seats = client.get(f"/api/games/{g['id']}").json()["seats"]
    assert [s["bot"] for s in seats[1:]] == ["easy", "medium:iters=50"]
    g = create(client, ["human", "easy"])
    assert play_out(client, g["id"], {0: g["token"]})["status"] == "finished"  # a level seat plays
    # A level's budget counts against the server's cap like a raw spec's.
    r = client.post("/api/games", json={"game": "ra", "players": 2, "options": {},
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "expert:iters=99999"}]})  # fmt: skip
    assert r.status_code == 400 and "at most" in r.text
    r = client.post("/api/games", json={"game": "ra", "players": 2, "options": {},
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "expret"}]})  # fmt: skip
    assert r.status_code == 400 and "valid levels: easy, medium, hard, expert" in r.text

"""Issue 27, the table side: each test replays an attack of the trial (on SQLite and PostgreSQL)
and checks it is refused: chat into imported games, spectators filling the chat, retake after a
time-out, time farming through the takeover bot, ratings without playing (one account in two seats,
resigning before the first move, a guest seat claimed after the end), a public rematch's visibility."""

from __future__ import annotations

import random
import time

import pytest

from heliopolis.core.registry import new_game
from tests.server.conftest import auth, state, wait_for
from tests.server.test_accounts import Device, csrf, signup
from tests.server.test_table import make, two_humans


def many_signups(client) -> None:  # noqa: ANN001
    """Lifts the login limits (keyed by address: every test device has one), for tests of something else."""
    from heliopolis.server.transport.limits import KeyedLimiter

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
    from heliopolis.server.social.chat import PER_SEAT, PER_SPECTATOR, SPECTATORS
    from heliopolis.server.transport.limits import KeyedLimiter

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


# -- ratings: rated = two distinct accounts that each made a move, decided once at the end ---------------
def rated(dev, t, seats, takeover="random"):  # noqa: ANN001, ANN201
    body = {"game": "ra", "players": len(seats), "join": 0, "table": {"rated": True, "takeover": takeover},
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]}  # fmt: skip
    r = dev.post("/api/games", json=body, headers=csrf(t) if t else {})
    assert r.status_code == 201, r.text
    return r.json()


def move_once(client, gid: str, *tokens: str) -> None:  # noqa: ANN001
    """Each seat of ``tokens`` makes one move of its own, in the order the game gives them turns
    (a seat of the others moves too when it is to move meanwhile)."""
    seat_of = {state(client, gid, t)["seat"]: t for t in tokens}
    pending = set(seat_of)
    for _ in range(200):
        if not pending:
            return
        s = wait_for(client, gid, tokens[0], lambda s: s["to_move"] in seat_of)
        mine = state(client, gid, seat_of[s["to_move"]])
        if mine["to_move"] != mine["seat"]:
            continue
        r = client.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["id"],
                        "version": mine["version"]}, headers=auth(seat_of[mine["seat"]]))  # fmt: skip
        if r.status_code == 200:
            pending.discard(mine["seat"])
        else:
            assert r.json()["error"]["code"] == "stale", r.text
    raise AssertionError("no move")


def resign_all(client, gid: str, tokens) -> None:  # noqa: ANN001
    for t in tokens:
        r = client.post(f"/api/games/{gid}/resign", headers=auth(t))
        assert r.status_code == 200, r.text
    wait_for(client, gid, None, lambda s: s["status"] == "finished", timeout=60)


def outcome(client, gid: str) -> dict:  # noqa: ANN001
    """The game's rating changes and decision, once the background rating had time to run."""
    time.sleep(0.3)
    return client.get(f"/api/games/{gid}/ratings").json()


def test_one_account_holding_both_seats_gains_no_rating_by_resigning_both(client):
    ann = Device(client)
    t = signup(ann, "Ann")
    g = rated(ann, t, ["human", "human"])
    other = ann.post(f"/api/games/{g['id']}/join", json={}, headers=csrf(t)).json()  # the attack: Ann's second seat
    tokens = [g["token"], other["token"]]
    move_once(client, g["id"], *tokens)  # even with a move each: one player is not a rated game
    resign_all(client, g["id"], tokens)
    got = outcome(client, g["id"])
    assert got == {"changes": [], "decision": {"rated": False, "reason": "shared"}}, got
    assert client.get("/api/ratings/ra:2009").json()["players"] == []


def test_accounts_resigning_before_their_first_move_gain_no_rating_and_a_played_game_counts(client):
    ann, bob = Device(client), Device(client)
    ta, tb = signup(ann, "Ann"), signup(bob, "Bob")

    def game() -> tuple[str, list[str]]:
        g = rated(ann, ta, ["human", "human", "random"])
        other = bob.post(f"/api/games/{g['id']}/join", json={}, headers=csrf(tb)).json()
        return g["id"], [g["token"], other["token"]]

    gid, tokens = game()  # the attack: both resign at once (a ring of throwaway accounts farming the board)
    resign_all(client, gid, tokens)
    assert outcome(client, gid) == {"changes": [], "decision": {"rated": False, "reason": "abort"}}
    # A seat left before its first move voids the rating, even if the other played and it was taken back.
    client.app.state.auth.bot_delay = 2.0  # the takeover bot holds still: the retake lands first
    gid, tokens = game()
    client.post(f"/api/games/{gid}/resign", headers=auth(tokens[0]))
    assert client.post(f"/api/games/{gid}/retake", headers=auth(tokens[0])).status_code == 200
    client.app.state.auth.bot_delay = 0.0
    move_once(client, gid, *tokens)
    resign_all(client, gid, tokens)
    assert outcome(client, gid)["decision"] == {"rated": False, "reason": "abort"}
    assert client.get("/api/ratings/ra:2009").json()["players"] == []
    # Each moves, then everybody resigns and no bot sat there from the start: all would tie, unrated.
    g = rated(ann, ta, ["human", "human"])
    other = bob.post(f"/api/games/{g['id']}/join", json={}, headers=csrf(tb)).json()
    move_once(client, g["id"], g["token"], other["token"])
    resign_all(client, g["id"], [g["token"], other["token"]])
    assert outcome(client, g["id"]) == {"changes": [], "decision": {"rated": False, "reason": "abandoned"}}
    # The control: each moves, then both resign, a bot plays on from the start: rated, both share the last place.
    gid, tokens = game()
    move_once(client, gid, *tokens)
    resign_all(client, gid, tokens)
    got = outcome(client, gid)
    assert got["decision"] == {"rated": True, "reason": None}
    assert [c["place"] for c in got["changes"]] == [2, 2, 1]


def test_an_unrated_game_stays_unrated_when_its_guest_signs_up_and_claims_the_seat_after_the_end(db_url):
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app
    from tests.server.conftest import UNLIMITED

    settings = Settings(db=db_url, bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        ann, guest = Device(c), Device(c)
        t = signup(ann, "Ann")
        g = rated(ann, t, ["human", "human"])
        seat = guest.post(f"/api/games/{g['id']}/join", json={}).json()
        tokens = [g["token"], seat["token"]]
        move_once(c, g["id"], *tokens)
        resign_all(c, g["id"], tokens)
        assert outcome(c, g["id"]) == {"changes": [], "decision": {"rated": False, "reason": "guest"}}
        # The attack: the guest signs up, claims the seat, and the server restarts.
        tg = signup(guest, "Gus")
        r = guest.post("/api/account/claim", json={"seats": [{"game": g["id"], "token": seat["token"]}]},
                       headers=csrf(tg))  # fmt: skip
        assert r.json()["claimed"] == [{"game": g["id"], "seat": seat["seat"]}], r.text
    with TestClient(create_app(settings)) as c:
        assert outcome(c, g["id"]) == {"changes": [], "decision": {"rated": False, "reason": "guest"}}
        assert c.get("/api/ratings/ra:2009").json()["players"] == []


# -- rematch: the original's visibility ------------------------------------------------------------------
def test_a_rematch_inherits_the_visibility_of_its_game(client):
    from tests.server.test_table import finished_two_player_game

    listed = lambda: [x["id"] for x in client.get("/api/games").json()["games"]]  # noqa: E731
    # A private game: the rematch is private, and its id (which lets anyone watch it and read its chat)
    # reaches the players only, not the spectators of the finished game.
    gid, tokens = finished_two_player_game(client, {"private": True})
    new = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).json()
    assert state(client, gid, tokens[1])["table"]["rematch"] == new["id"]  # the other player is offered it
    assert state(client, gid)["table"]["rematch"] is None  # the attack: a spectator reads the id
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        assert ws.receive_json()["table"]["rematch"] is None
    assert state(client, new["id"], new["token"])["table"]["private"] is True
    client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]))
    assert new["id"] not in listed()
    # A public game: the rematch is public (anyone may watch it), its seats are still the players'.
    gid, tokens = finished_two_player_game(client)
    new = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).json()
    assert state(client, gid)["table"]["rematch"] == new["id"]
    assert state(client, new["id"])["table"]["private"] is False
    r = client.post(f"/api/games/{new['id']}/join", json={})
    assert r.status_code == 403 and "rematch" in r.json()["error"]["message"], r.text
    assert new["id"] not in listed()  # open: nobody else can take its seats, so it is not offered
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1])).status_code == 200
    assert new["id"] in listed()  # running: listed like its game was


def test_a_rematch_keeps_hints_forbidden(client):
    """The creator forbade hints: the rematch must not quietly allow them again."""
    from tests.server.test_table import finished_two_player_game

    gid, tokens = finished_two_player_game(client, {"hints": False})
    assert state(client, gid, tokens[0])["table"]["hints"] is False
    new = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).json()
    assert state(client, new["id"], new["token"])["table"]["hints"] is False


# -- bot quotas: every bot seat counts against the address that caused it ----------------------------------
def test_bot_seats_from_resigning_timing_out_and_rematches_count_in_the_quotas_with_cheap_takeovers(db_url):
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app
    from tests.server.conftest import UNLIMITED, play_out

    settings = Settings(db=db_url, bot_delay=0.0, bot_games_per_client=1, **UNLIMITED)
    expensive = {"takeover": "ismcts:iters=500"}

    def two_humans(c, table):  # noqa: ANN001, ANN202
        g = make(c, ["human", "human"], table=table)  # people only: no quota at creation
        return g["id"], {0: g["token"], 1: c.post(f"/api/games/{g['id']}/join", json={}).json()["token"]}

    with TestClient(create_app(settings)) as c:
        done = make(c, ["human", "random"])
        play_out(c, done["id"], {0: done["token"]}, seed=1)  # finished: its bots cost nothing now
        # The attack: a game of people only (no quota at creation) whose players all resign: bots play it.
        c.app.state.auth.bot_delay = 60.0  # they hold their moves: the game's bots stay "playing"
        gid, tokens = two_humans(c, expensive)
        for t in tokens.values():
            assert c.post(f"/api/games/{gid}/resign", headers=auth(t)).status_code == 200
        assert [s["bot"] for s in c.get(f"/api/games/{gid}").json()["seats"][:2]] == ["ismcts:iters=500"] * 2
        # It counts against the address that resigned: its quota (1) is used up.
        r = c.post("/api/games", json={"game": "ra", "players": 2, "join": 0,
                                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})  # fmt: skip
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited", r.text
        # A rematch's bots count against who asked for it.
        r = c.post(f"/api/games/{done['id']}/rematch", headers=auth(done["token"]))
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited", r.text
        # Over the quota, a resignation still hands the seat over (it cannot be refused), to a cheap bot.
        g2, t2 = two_humans(c, expensive)
        assert c.post(f"/api/games/{g2}/resign", headers=auth(t2[0])).json()["seats"][0]["bot"] == "heuristic"
        # And so does a time-out (counted against the address that took the seat).
        g3 = make(c, ["human", "human"], table={**expensive, "clock": {"kind": "fischer", "base": 1, "increment": 0}})
        c.post(f"/api/games/{g3['id']}/join", json={})
        s = wait_for(c, g3["id"], None, lambda s: any(x["left"] for x in s["seats"]), timeout=20)
        left = next(x for x in s["seats"] if x["left"])
        assert left["left"]["reason"] == "timeout" and left["bot"] == "heuristic"

"""Limits shared by the server processes of one PostgreSQL database (``serve --workers N``, or
instances behind a balancer): a declined undo's cool-down and the new-games limit hold whichever
instance a request reaches."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from heliopolis.server.app import Settings, create_app
from tests.server.conftest import UNLIMITED, auth, create, state


def _instances(pg_url: str, **settings: object) -> tuple[TestClient, TestClient]:
    opts = {**UNLIMITED, **settings}
    return (TestClient(create_app(Settings(db=pg_url, bot_delay=0.0, **opts))),  # type: ignore[arg-type]
            TestClient(create_app(Settings(db=pg_url, bot_delay=0.0, **opts))))  # type: ignore[arg-type]  # fmt: skip


def _wait_version(client: TestClient, gid: str, token: str, version: int) -> dict:
    deadline = time.monotonic() + 10
    while (s := state(client, gid, token))["version"] < version:
        assert time.monotonic() < deadline, "the other instance never heard of the change"
        time.sleep(0.02)
    return s


def test_a_declined_undo_cools_down_on_every_instance(pg_url):
    one, two = _instances(pg_url, undo_cooldown=2.0)
    with one, two:
        g = create(one, ["human", "human"], join=0)
        gid, ta = g["id"], g["token"]
        tb = one.post(f"/api/games/{gid}/join", json={}).json()["token"]
        tokens = {0: ta, 1: tb}
        s = state(one, gid, ta)
        a, b = s["to_move"], 1 - s["to_move"]
        mine = state(one, gid, tokens[a])
        ra = next(x for x in mine["legal"] if x["notation"] == "ra")  # reveals nothing: A may take it back
        r = one.post(f"/api/games/{gid}/actions", json={"action": ra["id"], "version": mine["version"]},
                     headers=auth(tokens[a]))  # fmt: skip
        assert r.status_code == 200, r.text
        assert one.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a])).status_code == 200
        v = state(one, gid, ta)["version"]
        _wait_version(two, gid, tb, v)
        # B declines on the second instance; A asks again on both.
        r = two.post(f"/api/games/{gid}/undo", json={"accept": False}, headers=auth(tokens[b]))
        assert r.status_code == 200, r.text
        declined = r.json()["version"]
        for inst in (two, one):
            _wait_version(inst, gid, ta, declined)
            r = inst.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a]))
            assert r.status_code == 429 and r.json()["error"]["code"] == "undo_cooldown", r.text
            assert state(inst, gid, ta)["version"] == declined  # refused: nothing changed
        time.sleep(2.1)  # the cool-down is over, on both
        r = one.post(f"/api/games/{gid}/undo", json={}, headers=auth(tokens[a]))
        assert r.status_code == 200 and r.json()["undo"]["pending"]["by"] == a, r.text


def test_the_new_games_limit_is_one_bucket_for_all_instances(pg_url):
    one, two = _instances(pg_url, create_rate=0.01, create_burst=4)
    body = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    with one, two:
        codes = [(one if i % 2 else two).post("/api/games", json=body).status_code for i in range(12)]
    # Per process this would be 4 + 4 games; shared, the client gets its burst once.
    assert codes[:4] == [201] * 4 and codes[4:] == [429] * 8, codes

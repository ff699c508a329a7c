"""Real server processes: SIGKILL mid-game loses no acknowledged move and every game resumes;
two instances on one PostgreSQL serve the players of one game to the end."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest
import websockets

from tests.server.conftest import ServerProcess, apply_delta


def _post(url: str, path: str, body: dict, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url + path, json=body, headers=headers, timeout=30)


def _state(url: str, gid: str, token: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{url}/api/games/{gid}/state", headers=headers, timeout=30).json()


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_sigkill_loses_no_acknowledged_move_and_games_resume(db_url):
    server = ServerProcess(db_url).start()
    try:
        human = _post(
            server.url,
            "/api/games",
            {"game": "ra", "players": 2, "join": 0, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
        ).json()
        bots = _post(
            server.url,
            "/api/games",
            {
                "game": "ra",
                "players": 3,
                "seats": [
                    {"kind": "bot", "bot": "random"},
                    {"kind": "bot", "bot": "heuristic"},
                    {"kind": "bot", "bot": "random"},
                ],
            },
        ).json()
        rng = random.Random(4)
        acked = None
        for _ in range(25):  # acknowledged moves by the human seat (bots answer in between)
            for _ in range(200):
                s = _state(server.url, human["id"], human["token"])
                if s["to_move"] == 0:
                    break
            a = rng.choice(s["legal"])
            r = _post(server.url, f"/api/games/{human['id']}/actions", {"action": a["id"], "version": s["version"]},
                      human["token"])  # fmt: skip
            assert r.status_code == 200
            acked = r.json()
        server.kill()  # SIGKILL: no shutdown handler runs
        server = ServerProcess(db_url, port=server.port).start()
        after = _state(server.url, human["id"], human["token"])
        assert after["version"] >= acked["version"]
        assert after["log"][: len(acked["log"])] == acked["log"]  # every acknowledged move is there
        # The all-bot game was resumed by the restarted server and runs to its end.
        for _ in range(600):
            if _state(server.url, bots["id"])["status"] == "finished":
                break
            asyncio.run(asyncio.sleep(0.05))
        assert _state(server.url, bots["id"])["status"] == "finished"
    finally:
        server.stop()


async def _play_seat(url: str, gid: str, token: str, seed: int) -> dict:
    """One player on one instance: acts on its turns over the WebSocket until the game ends."""
    rng = random.Random(seed)
    ws_url = url.replace("http://", "ws://") + f"/ws/games/{gid}?token={token}"
    held = None
    acted = None  # the version last acted on: a state of that version again (pushed twice, or a sync's
    # answer) is not acted on again; that second act was refused as stale and cost a pause each time
    async with websockets.connect(ws_url) as ws:
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if m["type"] == "delta":
                if held is None or m["base"] != held["version"]:
                    await ws.send(json.dumps({"type": "sync"}))  # a gap: ask for the whole state
                    continue
                m = apply_delta(held, m)
            if m["type"] == "state":
                held = m
            if m["type"] == "error":  # stale (the game moved on) or rate_limited: look again
                if m.get("code") != "stale":  # rate_limited: this client plays fast; wait, then act again
                    await asyncio.sleep(0.2)
                    acted = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if m["type"] != "state":
                continue
            if m["status"] == "finished":
                return m
            if m["legal"] and m["version"] != acted:
                acted = m["version"]
                await ws.send(json.dumps({"type": "act", "action": rng.choice(m["legal"])["id"],
                                          "version": m["version"]}))  # fmt: skip


def test_two_instances_on_one_postgresql_play_one_game_to_the_end(pg_url):
    a = ServerProcess(pg_url).start()
    b = ServerProcess(pg_url).start()
    try:
        g = _post(
            a.url,
            "/api/games",
            {
                "game": "ra",
                "players": 3,
                "join": 0,
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            },
        ).json()
        other = _post(b.url, f"/api/games/{g['id']}/join", {}).json()  # joins through the other instance

        async def both() -> list[dict]:
            return await asyncio.gather(_play_seat(a.url, g["id"], g["token"], 1),
                                        _play_seat(b.url, g["id"], other["token"], 2))  # fmt: skip

        end_a, end_b = asyncio.run(asyncio.wait_for(both(), 240))
        assert end_a["version"] == end_b["version"] and end_a["log"] == end_b["log"]
        assert end_a["view"]["winners"] == end_b["view"]["winners"]
        for url in (a.url, b.url):
            assert httpx.get(f"{url}/api/games/{g['id']}", timeout=10).json()["status"] == "finished"
    finally:
        a.stop()
        b.stop()

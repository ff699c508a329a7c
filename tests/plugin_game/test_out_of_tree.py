"""The out-of-tree test (issue 30 item 1): a game defined here, in tests/, registered with the public
``register`` and nothing else, gets the heuristic and search bots and the levels, the arena, the
terminal board, the PettingZoo env and a web page that plays."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import heliopolis
from heliopolis.arena.match import play_match
from heliopolis.arena.run import run_arena
from heliopolis.bots import make_bot
from heliopolis.core import registry
from heliopolis.core.testing import check_game

GAME = "coins"
SPEC = "tests.plugin_game.spec:SPEC"


@pytest.fixture
def coins() -> Iterator[str]:
    registry.register(GAME, SPEC)
    yield GAME
    registry.unregister(GAME)


def test_the_game_is_a_conforming_game(coins: str) -> None:
    report = check_game(coins, players=2, playouts=10, seed=3)
    assert report.playouts == 10 and report.checks["chance_sums"] > 0 and report.checks["views"] > 0


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iters=40", "rollout:iters=40", "mcts:iters=40", "easy",
                                  "medium", "hard:iters=40", "expert:iters=40"])  # fmt: skip
def test_heuristic_search_bots_and_levels_play_it(coins: str, spec: str) -> None:
    rec = play_match(coins, {}, [spec, "random"], seed=5)
    assert rec["game"] == coins and len(rec["scores"]) == 2 and sum(rec["scores"]) >= 6
    state = heliopolis.new_game(coins)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])  # six coins worth 3
    assert make_bot(spec, seed=1).step(state) in state.legal_actions()


def test_the_heuristic_beats_random_through_the_arena(coins: str, tmp_path: Path) -> None:
    records = run_arena("simulation", coins, 2, ["heuristic", "random"], 20, tmp_path / "run", seed=2, progress=False)
    assert len(records) == 20
    wins = sum(1 for r in records if 0 in r["winners"] and 1 not in r["winners"])
    losses = sum(1 for r in records if 1 in r["winners"] and 0 not in r["winners"])
    assert wins > losses


def test_the_terminal_board_and_play(coins: str) -> None:
    from heliopolis.cli import main, render

    state = heliopolis.new_game(coins)
    for a in (2, 3, 4, 4, 3, 2):
        state.apply_action(a)
    text = render(state, viewer=0)
    assert text.plain.splitlines()[:2] == ["Coins", "row: 1 2 3 3 2 1"] and "P0 (you): 0" in text.plain
    assert any(span.style == "bold yellow" for span in text.spans)  # the spec's own "coin" style
    result = CliRunner().invoke(main, ["play", coins, "--seats", "heuristic,random", "--seed", "4", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output and "P0 (heuristic)" in result.output


def test_the_pettingzoo_env(coins: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from heliopolis.integrations.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the advisory dict-observation warnings (tests/integrations)
        api_test(env(coins), num_cycles=200)
    e = env(coins)
    e.reset(seed=1)
    assert e.agents == ["player_0", "player_1"]


def test_a_web_page_that_plays(coins: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app

    limits = {"http_rate": 1000, "http_burst": 1000, "read_rate": 10_000, "read_burst": 10_000}
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0.0, **limits))
    with TestClient(app) as client:
        listed = client.get("/api/meta").json()
        assert coins in [g["id"] for g in listed["games"]]  # the lobby lists it
        body = {"game": coins, "players": 2, "options": {}, "join": 0,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}  # fmt: skip
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        gid, token = r.json()["id"], r.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        mine = _wait(client, gid, headers, lambda s: s["to_move"] in (0, None))
        assert mine["view"]["game"] == coins and len(mine["view"]["row"]) in (5, 6)
        move = mine["legal"][0]
        r = client.post(f"/api/games/{gid}/actions", json={"action": move["id"], "version": mine["version"]},
                        headers=headers)  # fmt: skip
        assert r.status_code == 200, r.text
        after = _wait(client, gid, headers, lambda s: s["version"] > mine["version"] + 1)  # the bot answered
        assert len(after["view"]["row"]) < len(mine["view"]["row"]) - 1
        page = client.get(f"/g/{gid}")
        assert page.status_code == 200 and "/static/js/game.js" in page.text
        # No views/coins.js: the page draws its generic view (the player view beside the legal moves)
        assert client.get(f"/static/js/views/{coins}.js").status_code == 404
        assert "function fallbackRender" in client.get("/static/js/game.js").text


def test_the_server_bot_workers_know_the_game(coins: str) -> None:
    """Bots in seats decide in worker processes: they register the game too (a worker that did not
    know it would answer an error, and the server would fall back to a random move)."""
    pytest.importorskip("fastapi")
    import asyncio
    import json

    from heliopolis.server.play.bots import Worker

    async def ask(job: dict) -> dict:
        worker = Worker()
        try:
            return await worker.run((json.dumps(job) + "\n").encode(), 60)
        finally:
            proc = worker.kill()
            if proc is not None:
                await proc.wait()

    job = {"game_id": coins, "options": {"players": 2}, "history": [2, 4, 4, 3, 3, 3], "seat": 0,
           "spec": "heuristic", "seed": 1}  # fmt: skip
    assert asyncio.run(ask(job)) == {"action": 1}  # row 1 3 3 2 2 2: the bigger end is the right one (choose)


def _wait(client, gid: str, headers: dict[str, str], pred) -> dict:  # noqa: ANN001
    import time

    deadline = time.monotonic() + 30
    while True:
        s = client.get(f"/api/games/{gid}/state", headers=headers).json()
        if pred(s) or time.monotonic() > deadline:
            return s
        time.sleep(0.02)

"""A clean shutdown hands its bot games over at once (lease.BotLeases.hand_off): two apps on one
PostgreSQL, the other one's periodic scan slowed to a minute, so only the hand-off notification can
explain a takeover within seconds."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the server tests need the [web] extra")

from fastapi.testclient import TestClient  # noqa: E402

from heliopolis.server.app import Settings, create_app  # noqa: E402
from tests.server.conftest import UNLIMITED  # noqa: E402

BOTS = {"game": "ra", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3}


def _wait(pred, timeout: float, what: str) -> float:  # noqa: ANN001
    t0 = time.monotonic()
    while not pred():
        assert time.monotonic() - t0 < timeout, what
        time.sleep(0.02)
    return time.monotonic() - t0


def test_sigterm_hands_the_bot_games_to_the_other_instance_at_once(pg_url):
    settings = {"db": pg_url, "bot_delay": 0.2, **UNLIMITED}
    b_app = create_app(Settings(**settings))
    with TestClient(b_app) as b:
        a = TestClient(create_app(Settings(**settings)))
        with a:
            gids = [a.post("/api/games", json=BOTS).json()["id"] for _ in range(2)]
            a_leases, b_leases = a.app.state.auth.leases, b_app.state.auth.leases
            _wait(lambda: set(gids) <= a_leases.held, 30, "the creating instance drives its bot games")
            b_leases.interval = 60.0  # from its next wait on: a minute between scans
            time.sleep(1.5)  # the wait in progress (1 s) ends; the next one lasts the minute
            assert not set(gids) & b_leases.held
            moves = {g: b.get(f"/api/games/{g}").json()["moves"] for g in gids}
        # The with block's end is the lifespan shutdown SIGTERM leads to: drain, then hand-off.
        took = _wait(lambda: set(gids) <= b_leases.held, 10, "the other instance did not take the games at once")
        _wait(lambda: all(b.get(f"/api/games/{g}").json()["moves"] > moves[g] for g in gids), 30,
              "the other instance does not move the bots")  # fmt: skip
        print(f"\nbot games taken over {took:.2f} s after the shutdown (periodic scan: every 60 s)")
        assert took < 10

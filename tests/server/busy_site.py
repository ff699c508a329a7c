"""A site with some of everything, played through the HTTP API: two accounts (Ann, Bob), a rated
game of theirs with a bot played to the end (ratings written), a running game with chat lines and
moves, and an open game waiting for players. Used by the admin and the backup/restore tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.server.conftest import auth, create, play_out
from tests.server.test_accounts import PW
from tests.server.test_ratings import two_accounts_and_a_bot, wait_ratings
from tests.server.test_table_integrity import move_once


@dataclass
class Site:
    finished: str
    running: str
    open: str
    tokens: dict[str, dict[int, str]] = field(default_factory=dict)
    accounts: dict[str, str] = field(default_factory=dict)  # name -> password

    @property
    def games(self) -> list[str]:
        return [self.finished, self.running, self.open]


def make_busy_site(client: Any) -> Site:
    ann, g, tokens = two_accounts_and_a_bot(client)
    play_out(ann, g["id"], tokens, seed=3)
    wait_ratings(ann, g["id"], 3)
    client.cookies = httpx.Cookies()  # guests from here on (the devices left their cookies on the client)
    running = create(client, ["human", "human"], join=0)
    joined = client.post(f"/api/games/{running['id']}/join", json={}).json()
    run_tokens = {0: running["token"], joined["seat"]: joined["token"]}
    move_once(client, running["id"], *run_tokens.values())
    for seat, text in ((0, "good luck"), (joined["seat"], "have fun, ünïcödé")):
        r = client.post(f"/api/games/{running['id']}/chat", json={"text": text}, headers=auth(run_tokens[seat]))
        assert r.status_code == 201, r.text
    waiting = create(client, ["human", "human", "random"], join=None)
    return Site(g["id"], running["id"], waiting["id"], {g["id"]: tokens, running["id"]: run_tokens},
                {"Ann": PW, "Bob": PW})  # fmt: skip

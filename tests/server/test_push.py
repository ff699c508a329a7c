"""push.Pusher: a connection's news written at once, or, under back-pressure, in order by one task."""

from __future__ import annotations

import asyncio

import pytest


class FakeSocket:
    """A send that returns at once while ``open`` is set, else waits for it (a full transport)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.open = asyncio.Event()
        self.open.set()
        self.fail = False

    async def send(self, text: str) -> None:
        await self.open.wait()
        if self.fail:
            raise RuntimeError("closed")
        self.sent.append(text)


def make(sock: FakeSocket, game: dict):  # noqa: ANN201
    from heliopolis.server.transport.push import Pusher

    have = [-1]
    loads = []

    def news() -> str | None:
        if game.get("rev") is None:
            raise LookupError("evicted")
        if game["rev"] == have[0]:
            return None
        have[0] = game["rev"]
        return f"v{game['rev']}"

    async def load() -> None:
        loads.append(1)
        game["rev"] = game.get("stored", 0)

    return Pusher(sock.send, news, load), loads


def test_push_writes_at_once_without_a_task():
    async def main() -> None:
        sock, game = FakeSocket(), {"rev": 1}
        p, _ = make(sock, game)
        p.push()
        assert sock.sent == ["v1"] and p.task is None  # written during the call
        p.push()
        assert sock.sent == ["v1"]  # nothing new: nothing sent
        game["rev"] = 2
        p.push()
        assert sock.sent == ["v1", "v2"] and p.task is None

    asyncio.run(main())


def test_back_pressure_sends_the_newest_news_once_in_order():
    async def main() -> None:
        sock, game = FakeSocket(), {"rev": 1}
        p, _ = make(sock, game)
        sock.open.clear()
        p.push()  # waits: a task finishes it
        assert p.task is not None and sock.sent == []
        for rev in (2, 3, 4):  # changes meanwhile: coalesced
            game["rev"] = rev
            p.push()
        sock.open.set()
        for _ in range(20):
            await asyncio.sleep(0)
        assert sock.sent == ["v1", "v4"] and p.task is None
        game["rev"] = 5
        p.push()
        assert sock.sent == ["v1", "v4", "v5"]

    asyncio.run(main())


def test_evicted_game_is_loaded_then_pushed():
    async def main() -> None:
        sock, game = FakeSocket(), {"rev": None, "stored": 7}
        p, loads = make(sock, game)
        p.push()
        await asyncio.wait_for(p.task, 1)
        assert loads == [1] and sock.sent == ["v7"]

    asyncio.run(main())


def test_a_closed_connection_stops_pushing():
    async def main() -> None:
        sock, game = FakeSocket(), {"rev": 1}
        p, _ = make(sock, game)
        sock.fail = True
        p.push()  # the send raises: nothing escapes to the publisher
        assert sock.sent == [] and p.task is None
        sock.fail, sock.open = False, asyncio.Event()
        game["rev"] = 2
        p.push()
        assert p.task is not None
        p.close()
        with pytest.raises(asyncio.CancelledError):
            await p.task
        game["rev"] = 3
        p.push()
        assert sock.sent == []

    asyncio.run(main())


def test_publish_survives_a_failing_subscriber():
    from heliopolis.server.transport.hub import Hub

    hub, got = Hub(), []

    def bad() -> None:
        raise ValueError("boom")

    hub.subscribe("g", bad)
    hub.subscribe("g", lambda: got.append(1))
    hub.publish("g")
    assert got == [1]

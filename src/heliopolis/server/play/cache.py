"""This process's copy of the games in play: ``Live`` (one game: its record, state, log and the
messages already encoded for its revision) and ``GameCache`` (load on first use, rebuild from the
event log after another writer, forget idle games past ``MAX_CACHED``).

A game is rebuilt by replaying its stored actions on a new state; chance outcomes are actions in
the log, so nothing else is needed (see ``authority.py`` for how they are drawn).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from heliopolis.core.registry import new_game
from heliopolis.server.play.lease import HANDOFF
from heliopolis.server.store.storage import GameRecord
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.core.game import PublicLog, State
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.table import TableState
    from heliopolis.server.transport.messages import Revision, WireLog

MAX_CACHED = 2000  # games kept in memory per process


@dataclass
class Live:
    """This instance's copy of one game: the record, the state, who made each move, the public
    log (built incrementally) and the messages already encoded for this revision."""

    rec: GameRecord
    state: State
    movers: list[int]  # seat per ply, -1 for chance
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    messages: dict[str, Revision] = field(default_factory=dict)  # this revision's encoded messages (messages.py)
    table: TableState | None = None  # settings, clock, seat events (table.py)
    wire: WireLog | None = None  # the public log's lines in their wire form (messages.py)
    marks: list[int] = field(default_factory=list)  # lines of the public log after each ply
    plog: PublicLog = field(init=False)

    def __post_init__(self) -> None:
        self.plog = self.new_log()

    def new_log(self) -> PublicLog:
        """The public log of the current state, built from its whole history."""
        log = self.state.game.new_public_log()
        self.marks = []
        for a in self.state.history():
            log.feed(a)
            self.marks.append(len(log.lines))
        return log

    def feed(self, action: int) -> None:
        """One more ply into the public log."""
        self.plog.feed(action)
        self.marks.append(len(self.plog.lines))

    def log(self) -> list[str]:
        return self.plog.lines


def build(rec: GameRecord) -> Live:
    """A game's ``Live`` from its stored record (the moves are replayed, then dropped from ``rec``)."""
    state = new_game(rec.game, **rec.options)  # the options hold "players"
    movers = []
    for action, seat in rec.moves:
        state.apply_action(action)
        movers.append(seat)
    rec.moves = []
    return Live(rec, state, movers)


class GameCache:
    """Games by id (``games``, shared with ``Authority.games``). The table layer hears of every game
    loaded (``events.attach``); the bot driver says which games it still needs (``evict``)."""

    def __init__(self, auth: Authority) -> None:
        self.auth = auth
        self.games: dict[str, Live] = {}

    async def get(self, game_id: str) -> Live:
        live = self.games.get(game_id)
        if live is not None:
            return live
        rec = await asyncio.to_thread(self.auth.storage.load, game_id)
        if rec is None:
            raise ServerError("not_found", f"no game {game_id!r}")
        built = build(rec)
        await self.auth.events.attach(built)  # the table: settings and clock of the game
        live = self.games.get(game_id)  # another task may have loaded it meanwhile
        if live is None:
            live = self.remember(built)
        return live

    def remember(self, live: Live) -> Live:
        if len(self.games) >= MAX_CACHED:
            self.evict()
        self.games[live.rec.id] = live
        return live

    def evict(self) -> None:
        """Forgets games nobody watches, no bot drives and no request holds (they reload on use)."""
        auth = self.auth
        driver, quotas = auth.driver, auth.quotas
        for gid, live in list(self.games.items()):
            if not auth.hub.watched(gid) and driver.idle(gid) and not live.lock.locked():
                del self.games[gid]
                quotas.seat_clients.pop(gid, None)  # kept for a time-out's cause; unknown after (counted as "")
                if live.rec.status == "open":  # memory stays bounded by the cache: a game nobody joins
                    quotas.forget(gid)
                driver.forget(gid)

    async def reload(self, game_id: str) -> Live | None:
        """Re-reads a game after another writer changed it (a lost race or another instance)."""
        rec = await asyncio.to_thread(self.auth.storage.load, game_id)
        if rec is None:
            self.games.pop(game_id, None)
            return None
        old = self.games.get(game_id)
        if old is not None and old.rec.revision >= rec.revision:
            return old
        live = build(rec)
        await self.auth.events.attach(live)  # the table: settings and clock of the game
        if old is not None:
            live.lock = old.lock
        self.games[game_id] = live
        self.auth.hub.publish(game_id)  # watchers of the stale copy must see the news
        return live

    async def on_remote_change(self, game_id: str, revision: int) -> None:
        """A notification from the database (maybe our own commit): refresh and wake watchers."""
        leases = self.auth.leases
        if game_id == HANDOFF:  # an instance shutting down let its bot games go: take them now
            if leases is not None:
                leases.wake()
            return
        live = self.games.get(game_id)
        driven = leases is not None and game_id in leases.held
        if live is not None and live.rec.revision >= revision:
            return
        if live is None and not self.auth.hub.watched(game_id) and not driven:
            return
        await self.reload(game_id)
        if driven:  # e.g. a human moved on another instance: this one drives the bots
            self.auth.driver.kick(game_id)

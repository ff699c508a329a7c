"""Rematch: the same table again, start player rotated; it starts when every human accepts.

The first seat of a finished game to ask creates the new game (same options, bots and table
settings, and the same visibility: the rematch of a public game is public — watched by anyone,
listed once it runs — and of a private game private, its id shown to the players only) and takes
its seat in it. Its seats are the players': the new game has an invitation code nobody is given,
so strangers cannot join it (the players do through this call); the link ``game_settings.rematch`` is written in the new
game's transaction with a conditional update, so when two players ask at once exactly one new game
exists (the other transaction rolls back and that player joins the winner's game). Every other
human then accepts with the same call. Seats rotate by one — the player of seat ``i`` sits at seat
``i - 1`` — so in a game where seat 0 starts (or with a fixed ``start_player``) another player
starts; games that draw their start player keep drawing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from heliopolis.server.play.clocks import ClockOptions
from heliopolis.server.play.table_db import game_settings
from heliopolis.server.play.table_options import TableOptions
from heliopolis.server.transport.protocol import CreateGame, SeatSpec, ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.table import TableService


class AlreadyLinked(Exception):
    """Another request created this game's rematch first."""


def link(c: sa.Connection, old: str, new: str) -> None:
    """Marks ``new`` as the rematch of ``old`` unless one exists (then rolls the transaction back)."""
    res = c.execute(game_settings.update().where(game_settings.c.game_id == old, game_settings.c.rematch.is_(None))
                    .values(rematch=new))  # fmt: skip
    if res.rowcount != 1:
        raise AlreadyLinked(old)


def ensure_settings(storage: Any, game_id: str) -> None:
    """A game created without table settings gets its row (with the defaults) before a rematch."""
    try:
        with storage.engine.begin() as c:
            if c.execute(sa.select(game_settings.c.game_id).where(game_settings.c.game_id == game_id)).first():
                return
            c.execute(game_settings.insert().values(game_id=game_id, private=False, takeover="heuristic",
                                                    allow_retake=True, rated=False, spectator_chat=True))  # fmt: skip
    except sa.exc.IntegrityError:
        pass  # another request inserted it


def _new_seat(old_seat: int, players: int) -> int:
    return (old_seat - 1) % players


class Rematch:
    def __init__(self, table: TableService) -> None:
        self.table = table
        self.auth = table.auth

    async def ask(self, game_id: str, token: str | None, account: int | None, client: str = "") -> dict[str, Any]:
        """``client``: the asking address (the rematch's bots count against it, as for a new game)."""
        live = await self.auth.get(game_id)
        seat = self.auth.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "only the players of a game can ask for its rematch")
        rec = live.rec
        if rec.status != "finished":
            raise ServerError("bad_request", "a rematch is offered after the end of the game")
        n = len(rec.seats)
        holder = rec.seats[seat].account_id
        new_id = self.table.state(live).settings["rematch"]
        if new_id is None:
            await self.auth._db(ensure_settings, self.auth.storage, rec.id)
            body = self._body(live, _new_seat(seat, n))
            prep = self.table.prepare(body, holder)
            assert prep is not None  # the body names the old game's table
            prep.rematch_of = rec.id
            prep.reserve()  # the seats are the players' (a public rematch has no code otherwise)
            try:
                new_rec, new_token = await self.auth.create(body, account=holder, also=prep, client=client)
            except AlreadyLinked:
                await self.auth.reload(game_id)
            else:
                await self._announce(game_id, new_rec.id)
                return {"id": new_rec.id, "seat": _new_seat(seat, n), "token": new_token, "url": f"/g/{new_rec.id}"}
            new_id = self.table.state(await self.auth.get(game_id)).settings["rematch"]
        new_seat = _new_seat(seat, n)
        new_live = await self.auth.get(new_id)
        if new_live.rec.seats[new_seat].token_hash is not None:
            raise ServerError("conflict", "you accepted this rematch already (open it with the link)")
        new_seat, new_token = await self.auth.join(new_id, new_seat, rec.seats[seat].name, holder, client=client)
        return {"id": new_id, "seat": new_seat, "token": new_token, "url": f"/g/{new_id}"}

    def _body(self, live: Live, join: int) -> CreateGame:
        rec = live.rec
        n = len(rec.seats)
        seats = []
        for j in range(n):
            old = rec.seats[(j + 1) % n]
            if old.kind == "bot" and old.left_reason is None:
                seats.append(SeatSpec(kind="bot", bot=old.bot, name=old.name))
            else:
                seats.append(SeatSpec(kind="human", bot=None, name=old.name))
        s = self.table.state(live).settings
        clock = ClockOptions(**s["clock"]) if s["clock"] else None
        table = TableOptions(private=s["private"], clock=clock, takeover=s["takeover"], allow_retake=s["allow_retake"],
                             spectator_chat=s["spectator_chat"], rated=s["rated"],
                             hints=s.get("hints", True))  # fmt: skip
        options = {k: v for k, v in rec.options.items() if k != "players"}
        return CreateGame(game=rec.game, players=n, options=options, seats=seats, join=join, table=table)

    async def _announce(self, game_id: str, new_id: str) -> None:
        """The finished game's record now names its rematch: bump its revision so every client
        (on every instance) gets a state message that says so."""
        live = await self.auth.get(game_id)
        async with live.lock:
            self.table.state(live).settings["rematch"] = new_id
            try:
                await self.auth.update(live)
            except ServerError:
                await self.auth.reload(game_id)
        self.auth.hub.publish(game_id)

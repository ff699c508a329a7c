"""Undo: a seat takes back its own last action, before anything was revealed and before another
player moved (bots' answers in between go with it). With other people at the table it is a request
each of them answers; a declined request makes the seat wait ``undo_cooldown`` seconds (the time
is in the seat's row, so every process sees it). Taking back truncates the event log (``truncate``)
and the cached game is replayed up to the target ply.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from heliopolis.core.registry import new_game
from heliopolis.server.store.storage import StaleError
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live


def undo_target(live: Live, seat: int | None) -> int | None:
    """The ply an undo by ``seat`` goes back to, or ``None`` if the policy forbids it."""
    rec, state = live.rec, live.state
    if seat is None or rec.status != "running" or state.is_terminal():
        return None
    movers = live.movers
    for j in range(len(movers) - 1, -1, -1):
        s = movers[j]
        if s == seat:
            return j
        if s < 0 or rec.seats[s].kind != "bot":
            return None  # a chance outcome (something was revealed) or another human moved
    return None


class Undo:
    def __init__(self, auth: Authority, cooldown: float = 30.0) -> None:
        self.auth = auth
        self.cooldown = cooldown

    async def undo(self, game_id: str, token: str | None, accept: bool | None, account: int | None = None) -> Live:
        """A request (``accept`` is ``None``) or an answer to someone's request."""
        auth = self.auth
        live = await auth.get(game_id)
        seat = auth.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "spectators cannot undo")
        async with live.lock:
            auth.check_writable(live.rec)
            if accept is not None:
                await self._answer(live, seat, accept)
            else:
                await self._ask(live, seat)
        auth.hub.publish(game_id)
        auth.driver.kick(game_id)
        return live

    async def _answer(self, live: Live, seat: int, accept: bool) -> None:
        rec, pending = live.rec, live.rec.undo
        if not pending or seat not in pending["awaiting"]:
            raise ServerError("bad_request", "there is no undo request waiting for your answer")
        if not accept:  # the cool-down is in the seat's row: every process sees it
            at = time.time()
            await self.auth.update(live, undo=None, seat_updates={pending["by"]: {"undo_declined_at": at}})
            rec.seats[pending["by"]].undo_declined_at = at
            return
        awaiting = [s for s in pending["awaiting"] if s != seat]
        if awaiting:
            await self.auth.update(live, undo={**pending, "awaiting": awaiting})
        else:
            await self.truncate(live, pending["ply"])

    async def _ask(self, live: Live, seat: int) -> None:
        rec, pending = live.rec, live.rec.undo
        if pending:  # one request at a time: a repeat changes nothing (no new version)
            who = "your" if pending["by"] == seat else f"seat {pending['by']}'s"
            raise ServerError("conflict", f"{who} undo request is waiting for an answer")
        wait = (rec.seats[seat].undo_declined_at or 0.0) + self.cooldown - time.time()
        if wait > 0:
            raise ServerError("undo_cooldown", f"your last undo request was declined: you can ask again "
                                               f"in {wait:.0f} s")  # fmt: skip
        target = undo_target(live, seat)
        if target is None:
            raise ServerError("bad_request", "undo is only possible for your own last action, before "
                                             "anything was revealed and before another player moved")  # fmt: skip
        others = [s.seat for s in rec.seats if s.kind == "human" and s.seat != seat]
        if not others:
            await self.truncate(live, target)
        else:
            await self.auth.update(live, undo={"by": seat, "ply": target, "awaiting": others})

    async def truncate(self, live: Live, ply: int) -> None:
        """Cuts the game back to ``ply`` in the event log, then in the cache (and the table's clocks)."""
        auth, rec = self.auth, live.rec
        try:
            rev = await auth._db(auth.storage.truncate, rec.id, rec.revision, ply)
        except StaleError:
            await auth.reload(rec.id)
            raise ServerError("stale", "the game changed; look again") from None
        state = new_game(rec.game, **rec.options)
        for a in live.state.history()[:ply]:
            state.apply_action(a)
        live.state, live.movers = state, live.movers[:ply]
        live.plog = live.new_log()
        rec.revision, rec.plies, rec.undo, rec.updated_at = rev, ply, None, time.time()
        auth.events.truncated(live, ply)  # the table: the clocks go back with the moves

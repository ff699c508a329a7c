"""The table around a game: settings chosen at creation (private + invitation code, clock, the
bot that takes over a seat whose player leaves, retake, spectators' chat), resignation, clock
expiry and retaking a seat (Board Game Arena's "zombie" rule).

A seat whose player resigns or runs out of time becomes a bot seat (``kind = "bot"``, the bot
spec from the settings, or a cheap one when whoever caused it is over a bot-game quota) and keeps
``left_at`` / ``left_reason``, so the record says who left and when, with what its clock held then
(``clock_left``) and, the first time, whether its player had made a move (``left_unmoved``: else
the game is not rated); the seat's token and account still identify the player, who may take it
back before the end if the settings allow (never after a time-out on a real-time clock, and with at
most the time the clock held when they left). Every such change is a compare-and-set on the game's revision: of
two server instances whose timers fire for the same expired clock, exactly one takes the seat
over; the other's write is stale and it reloads.

``TableService`` is the authority's ``events`` (``events.TableEvents``, wired by ``create_app``): it
hears ``attach`` (a game loaded), ``started``, ``committed``, ``truncated`` (the clocks follow the
moves), ``check_turn`` and ``rating_plan``, and gives the table part of every state message
(``view``); this module arms one timer per game whose clock runs. After each commit here it tells
its listeners (``events.GameListener``: ratings, turn e-mails) that the game ``finished`` or
``turned``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from heliopolis.bots import make_bot
from heliopolis.core.errors import HeliopolisError, error_msg, reason
from heliopolis.server.play.clocks import Clock, replay_clock
from heliopolis.server.play.table_db import game_settings, seat_events
from heliopolis.server.social.sanctions import NoSanctions, Sanctions
from heliopolis.server.store.storage import Move, Seat, StaleError, games, moves
from heliopolis.server.transport.protocol import CreateGame, ServerError

if TYPE_CHECKING:
    from heliopolis.core.game import State
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.events import GameListener

log = logging.getLogger("heliopolis.server")
CHEAP_TAKEOVER = "heuristic"  # the takeover bot of a seat whose leaving is over a bot-game quota
DEFAULTS: dict[str, Any] = {"private": False, "invite_hash": None, "clock": None, "takeover": "heuristic",
                            "allow_retake": True, "spectator_chat": True, "creator_account": None, "rated": False,
                            "rematch": None, "creator_seat": None, "hints": True}  # fmt: skip


def check_bot(spec: str, where: str, cap: float) -> None:
    """``cap``: the server's per-move wall-time cap (seconds)."""
    from heliopolis.server.play.authority import MAX_BOT_ITERS

    try:
        bot = make_bot(spec)
    except HeliopolisError as e:
        raise ServerError("bad_request", error_msg("errors.server.where", where=where, error=reason(e))) from None
    if (getattr(bot, "iters", None) or 0) > MAX_BOT_ITERS or (getattr(bot, "time_limit", None) or 0) > cap:
        raise ServerError("bad_request", f"{where}: bots on this server think at most {MAX_BOT_ITERS} iterations or "
                                         f"{cap:g} s per move")  # fmt: skip


@dataclass
class TableState:
    """One game's table: its settings, when it started, and (seat, time) of every move."""

    settings: dict[str, Any]
    started_at: float | None = None
    times: list[tuple[int, float]] = field(default_factory=list)
    cache: tuple[int, Clock] | None = None  # (moves fed, the clock after them): fed on, never replayed
    plan: dict[str, Any] | None = None  # the rating decision made as the game ended here (ratings.decide)
    events: list[dict[str, Any]] = field(default_factory=list)  # resigns, time-outs, retakes (seat_events)


@dataclass
class Prepared:
    """The settings row of a game being created, written in the game's own transaction."""

    settings: dict[str, Any]
    invite: str | None
    rematch_of: str | None = None  # a rematch: links the finished game to this one, exactly once

    def reserve(self) -> None:
        """Seats joined only by the server's own calls (a rematch): a code that is never shown."""
        if self.settings["invite_hash"] is None:
            self.settings["invite_hash"] = _hash(secrets.token_urlsafe(16))

    def write(self, c: sa.Connection, game_id: str) -> None:
        row = {**self.settings, "game_id": game_id}
        if row["clock"] is not None:
            row["clock"] = json.dumps(row["clock"])
        c.execute(game_settings.insert().values(**row))
        if self.rematch_of is not None:
            from heliopolis.server.social.rematch import link

            link(c, self.rematch_of, game_id)

    def attach(self, live: Live) -> None:
        rec = live.rec
        started = rec.created_at if rec.status == "running" else None
        live.table = TableState(dict(self.settings), started, [(-1, 0.0)] * rec.plies)


def _hash(code: str) -> str:
    import hashlib

    return hashlib.sha256(code.encode()).hexdigest()


class TableService:
    """The table of every game of this process; the authority's ``events`` (see the module's doc)."""

    def __init__(self, auth: Authority) -> None:
        self.auth = auth
        self.storage = auth.storage
        # One timer per game whose clock runs: a loop timer (re-armed after every move, so it must
        # be cheap: no task per move), which starts the expiry task when it fires.
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self._expiring: set[asyncio.Task] = set()
        self.listeners: list[GameListener] = []  # told after each commit here (ratings, alerts): ``listen``
        # awaited with (game, seat) before a retake; may refuse it (moderation: banned)
        self.sanctions: Sanctions = NoSanctions()  # a banned account takes no seat back (moderation.py)

    def listen(self, listener: GameListener) -> None:
        self.listeners.append(listener)

    # -- creation ------------------------------------------------------------------------------
    def prepare(self, body: CreateGame, account: int | None) -> Prepared | None:
        t = body.table
        if t is None:
            return None
        check_bot(t.takeover, "table.takeover", self.auth.bots.move_cap)
        invite = secrets.token_urlsafe(16) if t.private else None
        settings = {"private": t.private, "invite_hash": _hash(invite) if invite else None,
                    "clock": t.clock.config() if t.clock else None, "takeover": t.takeover,
                    "allow_retake": t.allow_retake, "spectator_chat": t.spectator_chat,
                    "rated": t.rated, "creator_account": account, "rematch": None,
                    "creator_seat": body.join, "hints": t.hints}  # fmt: skip
        return Prepared(settings, invite)

    async def create(self, body: CreateGame, account: int | None, client: str = "") -> dict[str, Any]:
        prep = self.prepare(body, account)
        rec, token = await self.auth.create(body, account=account, also=prep, client=client)
        out = {"id": rec.id, "seat": body.join, "token": token, "url": f"/g/{rec.id}"}
        if prep is not None and prep.invite:
            out["invite"] = prep.invite
            out["url"] = f"/g/{rec.id}?invite={prep.invite}"
        live = self.auth.games.get(rec.id)
        if live is not None:
            self.arm(live)
        return out

    def check_invite(self, live: Live, code: str | None) -> None:
        s = self.state(live).settings
        if s["invite_hash"] is None:
            return
        if not s["private"]:  # a public rematch: its seats wait for the players of the game before it
            raise ServerError("forbidden", error_msg("errors.server.invite_rematch"))
        if not code or not secrets.compare_digest(_hash(code), s["invite_hash"] or ""):
            raise ServerError("forbidden", error_msg("errors.server.invite_private"))

    # -- events from the authority (events.TableEvents) ---------------------------------------
    def state(self, live: Live) -> TableState:
        st = live.table
        if st is None:  # a game created without settings: the defaults
            st = live.table = TableState(dict(DEFAULTS))
        return st

    async def attach(self, live: Live) -> None:
        gid = live.rec.id
        live.table = await asyncio.to_thread(self._load, gid)
        self.arm(live)

    def _load(self, game_id: str) -> TableState:
        with self.storage.engine.connect() as c:
            row = c.execute(game_settings.select().where(game_settings.c.game_id == game_id)).mappings().first()
            settings = dict(DEFAULTS) if row is None else {k: row[k] for k in DEFAULTS}
            settings["hints"] = settings["hints"] is not False  # NULL (before 0008): allowed
            if row is not None and row["clock"]:
                settings["clock"] = json.loads(row["clock"])
            st = TableState(settings)
            cols = (seat_events.c.ply, seat_events.c.seat, seat_events.c.kind, seat_events.c.name, seat_events.c.bot)
            st.events = [dict(r) for r in c.execute(sa.select(*cols).where(seat_events.c.game_id == game_id)
                                                     .order_by(seat_events.c.n)).mappings()]  # fmt: skip
            if settings["clock"] is not None:
                g = c.execute(sa.select(games.c.started_at, games.c.created_at).where(games.c.id == game_id)).one()
                st.started_at = g.started_at if g.started_at is not None else g.created_at
                st.times = [
                    (s, t)
                    for s, t in c.execute(
                        sa.select(moves.c.seat, moves.c.created_at)
                        .where(moves.c.game_id == game_id)
                        .order_by(moves.c.ply)
                    )
                ]
        return st

    def started(self, live: Live, at: float) -> None:
        st = self.state(live)
        st.started_at, st.cache = at, None
        self.arm(live)

    def committed(self, live: Live, new: list[Move], now: float) -> None:
        st = self.state(live)
        if st.settings["clock"] is not None:  # the times feed the clock only (``_load`` reads them for clocks only)
            st.times.extend([(m.seat, now) for m in new])
            self.arm(live)
        if live.rec.status == "finished":
            for listener in self.listeners:
                listener.finished(live)
        else:
            actor = next((m.seat for m in new if m.seat >= 0), -1)
            for listener in self.listeners:
                listener.turned(live, actor)

    def rating_plan(self, live: Live, state: State, new: list[Move]) -> str | None:
        """The rating decision of a rated game ending with the moves ``new`` (JSON, committed with
        them); ``None`` for an unrated game."""
        from heliopolis.server.social.ratings import decide, pool_of

        st = self.state(live)
        if not st.settings.get("rated"):
            return None
        movers = [*live.movers, *(m.seat for m in new)]
        st.plan = decide(live.rec.seats, state, movers, pool_of(live.rec.game, live.rec.options))
        return json.dumps(st.plan)

    def truncated(self, live: Live, ply: int) -> None:
        st = self.state(live)
        del st.times[ply:]
        st.cache = None
        self.arm(live)

    def check_turn(self, live: Live, seat: int) -> None:
        s = live.rec.seats[seat]
        if s.kind == "bot":
            raise ServerError("forbidden", f"a bot plays seat {seat} since its player left; take the seat back first")
        running, deadline = self.running(live)
        if running == seat and deadline is not None and time.time() >= deadline:
            raise ServerError("time_out", "your time ran out; a bot takes over your seat")

    # -- clocks --------------------------------------------------------------------------------
    def clock(self, live: Live) -> Clock | None:
        st = self.state(live)
        cfg = st.settings["clock"]
        if cfg is None or st.started_at is None:
            return None
        # Each move feeds the clock once (a full replay per move would cost O(moves) on every commit);
        # an undo drops the cache (``truncated``) and the next call replays the shorter log.
        if st.cache is None or st.cache[0] > len(st.times):
            start = replay_clock(cfg, len(live.rec.seats), st.started_at, ())
            for i, s in enumerate(live.rec.seats):  # what takeover bots earned for players who came back
                start.left[i] -= getattr(s, "clock_debit", None) or 0.0
            st.cache = (0, start)
        fed, clock = st.cache
        if fed < len(st.times):
            for seat, at in st.times[fed:]:
                clock.feed(seat, at)
            st.cache = (len(st.times), clock)
        return clock

    def running(self, live: Live) -> tuple[int | None, float | None]:
        """The seat whose clock runs and when it runs out (``None`` if no clock runs)."""
        rec, state = live.rec, live.state
        if rec.status != "running" or state.is_terminal() or state.is_chance_node():
            return None, None
        seat = state.current_player()
        clock = self.clock(live)
        if clock is None or rec.seats[seat].kind != "human":
            return None, None
        return seat, clock.deadline(seat)

    def view(self, live: Live) -> dict[str, Any]:
        """The table part of every state message (nothing in it is private to a seat)."""
        s = self.state(live).settings
        clock = self.clock(live)
        running, _ = self.running(live)
        return {"private": s["private"], "takeover": s["takeover"], "allow_retake": s["allow_retake"],
                "spectator_chat": s["spectator_chat"], "rated": s["rated"], "rematch": s["rematch"],
                "creator_seat": s["creator_seat"], "events": self.events_view(live),
                "hints": bool(s.get("hints", True)) and not s["rated"],
                "clock": clock.view(running) if clock is not None else (
                    {**s["clock"], "running": None} if s["clock"] else None)}  # fmt: skip

    def events_view(self, live: Live) -> list[dict[str, Any]]:
        """The seat events with ``line``: how many lines of the public log come before each."""
        marks = live.marks
        out = []
        for e in self.state(live).events:
            ply = min(e["ply"], len(marks))
            out.append({**e, "line": marks[ply - 1] if ply > 0 else 0})
        return out

    async def record_event(self, live: Live, seat: int, kind: str) -> None:
        """Writes a resign, time-out or retake of ``seat`` at the current ply (after the seat's own
        update: a crash in between loses only this log line, never the seat change)."""
        s = live.rec.seats[seat]
        st = self.state(live)
        e = {"ply": live.rec.plies, "seat": seat, "kind": kind, "name": s.name,
             "bot": s.bot if kind != "retake" else None}  # fmt: skip
        row = {**e, "game_id": live.rec.id, "n": len(st.events), "created_at": time.time()}
        st.events.append(e)  # first: a message built while the row is written already has it

        def write() -> None:
            with self.storage.engine.begin() as c:
                c.execute(seat_events.insert().values(**row))

        await asyncio.to_thread(write)

    def arm(self, live: Live) -> None:
        gid = live.rec.id
        old = self.timers.pop(gid, None)
        if old is not None:
            old.cancel()
        seat, deadline = self.running(live)
        if seat is None or deadline is None:
            return
        loop = asyncio.get_running_loop()
        self.timers[gid] = loop.call_at(loop.time() + max(0.0, deadline - time.time()), self._fire, gid)

    def _fire(self, game_id: str) -> None:
        self.timers.pop(game_id, None)
        task = asyncio.get_running_loop().create_task(self._expire_quietly(game_id))
        self._expiring.add(task)
        task.add_done_callback(self._expiring.discard)

    async def _expire_quietly(self, game_id: str) -> None:
        try:
            await self.expire(game_id)
        except ServerError:
            pass
        except Exception:
            log.exception("clock of game %s", game_id)

    async def expire(self, game_id: str) -> bool:
        """Takes over the seat whose clock ran out; ``True`` if this call did it."""
        live = await self.auth.get(game_id)
        async with live.lock:
            live = self.auth.games.get(game_id, live)
            seat, deadline = self.running(live)
            if seat is None or deadline is None:
                return False
            if time.time() < deadline:
                self.arm(live)
                return False
            done = await self.takeover(live, seat, "timeout", deadline)
        if done:
            self.auth.hub.publish(game_id)
            self.auth.driver.kick(game_id)
        return done

    def _leaving(self, live: Live, seat: int, at: float) -> dict[str, Any]:
        """What is kept of a seat whose player leaves at ``at``: its clock then (a retake gets no more)
        and, the first time, whether the player left before making a move (that voids the rating)."""
        s, out = live.rec.seats[seat], {}
        clock = self.clock(live)
        if clock is not None:
            out["clock_left"] = clock.left_at(seat, at, self.running(live)[0] == seat)
        if s.left_reason is None:  # the first departure: every move of the seat so far was the player's
            out["left_unmoved"] = seat not in live.movers
        return out

    def _takeover_bot(self, live: Live, client: str) -> str:
        """The takeover spec, or a cheap bot if ``client`` (who caused the takeover) or the server is at
        its bot-game quota: the takeover counts like a game created with bots, and cannot be refused."""
        from heliopolis.server.play.bots import lane_of

        spec = self.state(live).settings["takeover"]
        rec = live.rec
        if lane_of(spec, rec.game, len(rec.seats)) == "light" or self.auth.bot_quota_error(client, rec.id) is None:
            return spec
        return CHEAP_TAKEOVER

    async def takeover(self, live: Live, seat: int, reason: str, at: float) -> bool:
        """``seat`` goes to its takeover bot (``reason``: "resigned", "timeout", "banned"); ``True`` if
        this call did it (``False``: the game changed meanwhile, and is reloaded). The seat's bot counts against the address of its player (``Authority.seat_clients``: the
        last one that took the seat or resigned it; ``""`` when unknown, e.g. after a restart)."""
        rec = live.rec
        client = self.auth.seat_clients.get(rec.id, {}).get(seat, "")
        cols = {"kind": "bot", "bot": self._takeover_bot(live, client), "left_at": at, "left_reason": reason,
                **self._leaving(live, seat, at)}  # fmt: skip
        try:
            rev = await self.auth._db(self.storage.update_game, rec.id, rec.revision, undo=None,
                                      seat_updates={seat: cols})  # fmt: skip
        except StaleError:
            await self.auth.reload(rec.id)
            return False
        s = rec.seats[seat]
        for k, v in cols.items():
            setattr(s, k, v)
        rec.revision, rec.undo = rev, None
        self.auth.count_bots(rec.id, client)
        self.arm(live)
        await self.record_event(live, seat, reason)
        return True

    async def resume(self) -> int:
        """After a restart: arms the clocks of every running game that has one."""
        ids = await asyncio.to_thread(self._clocked_running)
        for gid in ids:
            try:
                await self.auth.get(gid)
            except ServerError:
                pass
        return len(ids)

    def _clocked_running(self) -> list[str]:
        q = (sa.select(games.c.id).join(game_settings, game_settings.c.game_id == games.c.id)
             .where(games.c.status == "running", game_settings.c.clock.is_not(None)))  # fmt: skip
        with self.storage.engine.connect() as c:
            return list(c.execute(q).scalars())

    def close(self) -> None:
        for t in self.timers.values():
            t.cancel()
        self.timers.clear()
        for task in self._expiring:
            task.cancel()

    # -- resign / retake -----------------------------------------------------------------------
    async def resign(self, game_id: str, token: str | None, account: int | None, client: str = "") -> Live:
        live = await self.auth.get(game_id)
        seat = self.auth.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "only a player can resign: send your seat token or log in")
        async with live.lock:
            live = self.auth.games.get(game_id, live)
            rec = live.rec
            if rec.status == "open":
                raise ServerError("bad_request", "the game has not started yet")
            if rec.status != "running" or live.state.is_terminal():
                raise ServerError("finished", "the game is over")
            if rec.seats[seat].kind == "bot":
                raise ServerError("conflict", f"seat {seat} is already played by a bot")
            self.auth.seat_clients.setdefault(game_id, {})[seat] = client  # who resigns causes the bot
            if not await self.takeover(live, seat, "resigned", time.time()):
                raise ServerError("stale", "the game changed; try again")
        self.auth.hub.publish(game_id)
        self.auth.driver.kick(game_id)
        return live

    async def retake(self, game_id: str, token: str | None, account: int | None) -> Live:
        live = await self.auth.get(game_id)
        seat = self.auth.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "only the player who left can take the seat back")
        await self.sanctions.may_retake(live, seat)
        async with live.lock:
            live = self.auth.games.get(game_id, live)
            rec, s = live.rec, live.rec.seats[seat]
            if rec.status != "running" or live.state.is_terminal():
                raise ServerError("finished", "the game is over")
            if s.kind != "bot" or s.left_reason is None:
                raise ServerError("conflict", f"seat {seat} is yours already")
            if not self.state(live).settings["allow_retake"]:
                raise ServerError("forbidden", "this game's settings do not let a player who left come back")
            cols: dict[str, Any] = {"kind": "human", "bot": None}
            clock = self.clock(live)
            extra = 0.0
            if clock is not None:
                extra = self._check_retake_clock(clock, s)
                cols["clock_debit"] = (s.clock_debit or 0.0) + extra
            try:
                rec.revision = await self.auth._db(self.storage.update_game, game_id, rec.revision,
                                                   seat_updates={seat: cols})  # fmt: skip
            except StaleError:
                await self.auth.reload(game_id)
                raise ServerError("stale", "the game changed; try again") from None
            for k, v in cols.items():
                setattr(s, k, v)
            if clock is not None:
                clock.left[seat] -= extra
            self.arm(live)
            await self.record_event(live, seat, "retake")
        self.auth.hub.publish(game_id)
        return live

    @staticmethod
    def _check_retake_clock(clock: Clock, s: Seat) -> float:
        """Refuses a retake the clock does not allow; returns the seconds the takeover bot earned on
        the seat's clock beyond what it held when the player left (taken back: no time farming)."""
        if clock.cfg["kind"] == "fischer" and s.left_reason == "timeout":
            raise ServerError("no_retake", "your time ran out: a seat lost on time on a real-time clock is not "
                                           "taken back")  # fmt: skip
        extra = max(0.0, clock.left[s.seat] - s.clock_left) if s.clock_left is not None else 0.0
        if clock.cfg["kind"] == "fischer" and clock.left[s.seat] - extra <= 0:
            raise ServerError("no_retake", "your clock has no time left")
        return extra

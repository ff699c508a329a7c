"""The authority: holds every game's state, samples chance with its private seed, validates and
records every action, and answers each seat with its own view. The rooms beside it: ``cache.py``
(this process's copy of each game), ``driver.py`` (the bots), ``quotas.py`` (bot-game quotas),
``undo.py``; the table layer around a game hears from it through ``events.TableEvents``.

Chance outcome number ``ply`` of a game is drawn with ``Random(f"{seed}:{ply}")``, so nothing
but the seed and the log is needed to resume a game after a restart, and a game's future tiles
exist nowhere until they are drawn. Clients act against a ``version`` (the game's revision);
an action on an older version is refused as stale, so of two clients acting at once exactly one
is applied. State changes go through ``storage`` first and reach the cache only after commit.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import DBAPIError

from heliopolis.bots import make_bot
from heliopolis.bots.levels import resolve as resolve_level
from heliopolis.core.errors import HeliopolisError, IllegalActionError, NotationError, error_msg, reason
from heliopolis.core.game import State
from heliopolis.core.registry import game_class, load_game
from heliopolis.server.play.bots import BotPool
from heliopolis.server.play.cache import GameCache, Live
from heliopolis.server.play.driver import BotDriver, bot_seed
from heliopolis.server.play.events import NoTable, TableEvents
from heliopolis.server.play.quotas import MAX_BOT_GAMES, MAX_BOT_GAMES_PER_CLIENT, BotQuotas
from heliopolis.server.play.undo import Undo, undo_target
from heliopolis.server.store.storage import Busy, GameRecord, Move, Seat, StaleError, Storage, new_game_id
from heliopolis.server.transport.hub import Hub
from heliopolis.server.transport.protocol import ActBody, CreateGame, ServerError

if TYPE_CHECKING:
    from heliopolis.server.ops.metrics import Metrics
    from heliopolis.server.play.lease import BotLeases
    from heliopolis.server.play.table import Prepared

__all__ = ["READ_ONLY", "Authority", "Live", "available_meta", "bot_seed", "chance_rng", "hash_token"]

log = logging.getLogger("heliopolis.server")
_T = TypeVar("_T")
MAX_BOT_ITERS = 20_000  # a seat's bot must not hold a worker for long (time: the pool's per-move cap)
READ_ONLY = ("finished", "imported")  # archived games: replay and export only


@functools.lru_cache(maxsize=8192)
def hash_token(token: str) -> str:
    # Cached: every action over a WebSocket presents the connection's token again.
    return hashlib.sha256(token.encode()).hexdigest()


def chance_rng(seed: int, ply: int) -> random.Random:
    return random.Random(f"{seed}:{ply}")


def settle_chance(state: State, seed: int, ply: int) -> list[Move]:
    """Samples every chance node from here on (the authority's private RNG); returns the moves."""
    out: list[Move] = []
    while state.is_chance_node():
        a = state.sample_chance_outcome(chance_rng(seed, ply + len(out)))
        out.append(Move(a, state.action_to_string(a), -1))
        state.apply_action(a)
    return out


class Authority:
    """Every game of this process: creation, seats, actions and their commit. ``events`` is the table
    layer (``create_app`` wires it; ``NoTable`` until then). The doors of the rooms beside it are
    bound here (``get``, ``undo``, ...) as the rooms' own methods, so the move path takes no extra hop."""

    def __init__(self, storage: Storage, hub: Hub, bots: BotPool, bot_delay: float = 0.0,
                 bot_games_per_client: int = MAX_BOT_GAMES_PER_CLIENT, bot_games: int = MAX_BOT_GAMES,
                 undo_cooldown: float = 30.0) -> None:  # fmt: skip
        self.storage = storage
        self.hub = hub
        self.bots = bots
        self.bot_delay = bot_delay
        self.events: TableEvents = NoTable()  # the table layer: clocks, takeovers, settings (table.py)
        self.leases: BotLeases | None = None  # on PostgreSQL: which instance drives which game's bots
        self.metrics: Metrics | None = None  # with ``serve --metrics``
        self._write_lock = asyncio.Lock() if not storage.is_postgres else None  # SQLite: one writer
        self.cache = GameCache(self)
        self.driver = BotDriver(self)
        self.games: dict[str, Live] = self.cache.games
        self.drivers: dict[str, asyncio.Task[None]] = self.driver.tasks
        self.quotas = BotQuotas(bots, self.games, self.drivers, bot_games_per_client, bot_games)
        self.undos = Undo(self, undo_cooldown)
        # The rooms' doors (bound methods: no extra await on the way to the commit).
        self.get = self.cache.get
        self.reload = self.cache.reload
        self.on_remote_change = self.cache.on_remote_change
        self.take_over = self.driver.take_over
        self.resume_all = self.driver.resume_all
        self.drain = self.driver.drain
        self.undo = self.undos.undo
        self.undo_target = undo_target
        self.seat_clients = self.quotas.seat_clients
        self.bot_quota_error = self.quotas.error
        self.count_bots = self.quotas.count_bots
        self.bot_client = self.quotas.bot_client

    async def _db(self, fn: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        # run_in_executor, not to_thread: the storage calls read no context variables, so the
        # per-call context copy is skipped (the move path's hot hop).
        call = functools.partial(fn, *args, **kwargs)
        if self._write_lock is None:
            return await asyncio.get_running_loop().run_in_executor(None, call)
        async with self._write_lock:
            return await asyncio.get_running_loop().run_in_executor(None, call)

    async def _append(self, *args: Any, **kwargs: Any) -> int:
        """A move's commit: on SQLite straight from the event loop when no other write holds the
        lock (no thread hop; ``Storage.append_nowait``), else in a thread like every write; on
        PostgreSQL on the loop's pipelined connection (``Storage.append_async``)."""
        st = self.storage
        if st.is_postgres:
            return await st.append_async(*args, **kwargs)
        if self._write_lock is not None and not self._write_lock.locked():
            try:
                rev = st.append_nowait(*args, **kwargs)
            except Busy:
                pass
            else:
                if st.checkpoint_due:
                    st.checkpoint_due = False
                    asyncio.get_running_loop().run_in_executor(None, st.checkpoint)
                return rev
        return await self._db(st.append, *args, **kwargs)

    # -- lobby ---------------------------------------------------------------------------------
    async def create(self, req: CreateGame, account: int | None = None, also: Prepared | None = None, client: str = "",
                     ) -> tuple[GameRecord, str | None]:  # fmt: skip
        """``account`` holds the creator's seat; ``also`` (table.Prepared) adds the table settings;
        ``client`` (the creator's address) counts against the bot-game quotas."""
        try:
            game = load_game(req.game, req.players, **req.options)
        except HeliopolisError as e:
            raise ServerError("bad_request", reason(e)) from None
        except TypeError as e:
            raise ServerError("bad_request", f"bad options: {e}") from None
        if len(req.seats) != req.players:
            raise ServerError("bad_request", f"{req.players} players but {len(req.seats)} seats")
        seats = []
        for i, s in enumerate(req.seats):
            if s.kind == "bot":
                spec = s.bot or "heuristic"
                try:
                    bot = make_bot(resolve_level(spec, req.game, req.players))  # a level's budget counts too
                except HeliopolisError as e:
                    raise ServerError("bad_request", error_msg("errors.server.seat", no=i, error=reason(e))) from None
                iters, secs = getattr(bot, "iters", None), getattr(bot, "time_limit", None)
                cap = self.bots.move_cap
                if (iters or 0) > MAX_BOT_ITERS or (secs or 0) > cap:
                    raise ServerError("bad_request", f"seat {i}: bots on this server think at most {MAX_BOT_ITERS} "
                                                     f"iterations or {cap:g} s per move")  # fmt: skip
                seats.append(Seat(i, "bot", spec, s.name or spec))
            else:
                seats.append(Seat(i, "human", None, s.name))
        if any(s.kind == "bot" for s in seats):
            self.quotas.check(client)
        token = None
        if req.join is not None:
            if req.join >= len(seats) or seats[req.join].kind != "human":
                raise ServerError("bad_request", f"seat {req.join} is not a human seat")
            token = secrets.token_urlsafe(32)
            seats[req.join].token_hash = hash_token(token)
            seats[req.join].account_id = account
        seed = secrets.randbits(63)
        state = game.new_initial_state()
        initial = settle_chance(state, seed, 0)  # e.g. Ra's sun stacks: dealt before anyone looks
        status = "running" if all(s.token_hash or s.kind == "bot" for s in seats) else "open"
        now = time.time()  # stored as created (and started) time: the clocks run from it
        rec = GameRecord(new_game_id(), req.game, game.info.encoding, game.config(), seed, status,
                         0, len(initial), seats, now, now)  # fmt: skip
        write = (lambda c: also.write(c, rec.id)) if also is not None else None
        await self._db(self.storage.create_game, rec, initial, write)
        live = self.cache.remember(Live(rec, state, [-1] * len(initial)))
        if also is not None:  # table: settings and clock of the new game
            also.attach(live)
        if any(s.kind == "bot" for s in seats):
            self.count_bots(rec.id, client)
        if req.join is not None:
            self.seat_clients.setdefault(rec.id, {})[req.join] = client
        self.driver.kick(rec.id)
        return rec, token

    async def join(self, game_id: str, seat: int | None, name: str | None, account: int | None = None,
                   client: str = "") -> tuple[int, str]:  # fmt: skip
        """``client``: the joining address (a bot that takes the seat over on a time-out counts against it)."""
        live = await self.get(game_id)
        async with live.lock:
            rec = live.rec
            self.check_writable(rec)
            free = [s.seat for s in rec.seats if s.kind == "human" and s.token_hash is None]
            if seat is None:
                if not free:
                    raise ServerError("conflict", "every seat of this game is taken; you can watch it")
                seat = free[0]
            if not 0 <= seat < len(rec.seats):
                raise ServerError("bad_request", f"this game has seats 0..{len(rec.seats) - 1}")
            if seat not in free:
                raise ServerError("conflict", f"seat {seat} is taken")
            token = secrets.token_urlsafe(32)
            status = "running" if len(free) == 1 and rec.status == "open" else rec.status
            cols: dict[str, Any] = {"token_hash": hash_token(token), "name": (name or None), "account_id": account}
            started = {"started_at": time.time()} if status == "running" and rec.status == "open" else {}
            try:
                rev = await self._db(self.storage.update_game, game_id, rec.revision, status=status,
                                     seat_updates={seat: cols}, **started)  # fmt: skip
            except StaleError:
                await self.reload(game_id)
                raise ServerError("stale", "the game changed; try again") from None
            rec.seats[seat].token_hash, rec.seats[seat].name = cols["token_hash"], cols["name"]
            rec.seats[seat].account_id = account
            rec.status, rec.revision, rec.updated_at = status, rev, time.time()
            self.seat_clients.setdefault(game_id, {})[seat] = client
            if started:  # the table: the clocks start
                self.events.started(live, started["started_at"])
        self.hub.publish(game_id)
        self.driver.kick(game_id)
        return seat, token

    def seat_of(self, live: Live, token: str | None, account: int | None = None) -> int | None:
        """The seat a token holds (``None``: spectator); a wrong token is an error, not a spectator.
        Without a token, the seat ``account`` holds (the one to move first, if it holds several)."""
        if not token:
            held = [s.seat for s in live.rec.seats if account is not None and s.account_id == account]
            if not held:
                return None
            to_move = live.state.current_player() if not live.state.is_terminal() else None
            return to_move if to_move in held else held[0]
        h = hash_token(token)
        for s in live.rec.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.seat
        raise ServerError("forbidden", "this token holds no seat in this game")

    # -- play ----------------------------------------------------------------------------------
    async def act(self, game_id: str, token: str | None, body: ActBody, account: int | None = None) -> Live:
        t0 = time.perf_counter()
        live = await self.get(game_id)
        seat = self.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "spectators cannot act: join a seat first")
        async with live.lock:
            state = live.state
            self._check_can_act(live, seat, body.version)
            self.events.check_turn(live, seat)  # the table: a seat taken over by a bot, or out of time
            action = self._parse(state, body)
            nxt = state.clone()
            try:
                nxt.apply_action(action)
            except IllegalActionError as e:
                raise ServerError("illegal", reason(e)) from None
            new = [Move(action, state.action_to_string(action), seat)]
            await self.commit(live, nxt, new)
        if self.metrics is not None:
            self.metrics.move_latency.observe(time.perf_counter() - t0)
        self.hub.publish(game_id)
        self.driver.kick(game_id)
        return live

    @staticmethod
    def check_writable(rec: GameRecord) -> None:
        if rec.status in READ_ONLY:
            raise ServerError("read_only", f"this game is {rec.status}: it can be replayed and exported, "
                                           "not joined or changed")  # fmt: skip

    def _check_can_act(self, live: Live, seat: int, version: int) -> None:
        rec, state = live.rec, live.state
        if rec.status == "imported":
            self.check_writable(rec)
        if rec.status == "open":
            raise ServerError("not_your_turn", "the game starts when every seat is taken")
        if rec.status != "running" or state.is_terminal():
            raise ServerError("finished", "the game is over")
        if version != rec.revision:
            raise ServerError("stale", f"the game moved on (version {rec.revision}, you acted on {version}); "
                                       "look at the new position and act again")  # fmt: skip
        if state.current_player() != seat:
            raise ServerError("not_your_turn", f"it is not your turn: seat {state.current_player()} is to move")

    @staticmethod
    def _parse(state: State, body: ActBody) -> int:
        if (body.action is None) == (body.notation is None):
            raise ServerError("bad_request", "give exactly one of 'action' (an id) or 'notation'")
        if body.notation is not None:
            try:
                return state.string_to_action(body.notation)
            except NotationError as e:
                raise ServerError("bad_request", reason(e)) from None
        assert body.action is not None  # exactly one of the two is given (checked above)
        return body.action

    async def commit(self, live: Live, nxt: State, new: list[Move]) -> None:
        """Settles chance after ``new``, writes everything in one transaction, then updates the cache."""
        rec = live.rec
        new += settle_chance(nxt, rec.seed, rec.plies + len(new))
        done = nxt.is_terminal()
        now = time.time()
        # the table: whether the game is rated is decided as it ends, and committed with its last move
        plan = self.events.rating_plan(live, nxt, new) if done else None
        try:
            rev = await self._append(rec.id, rec.revision, rec.plies, new, status="finished" if done else None,
                                     winners=nxt.winners() if done else None, now=now, rating=plan)  # fmt: skip
        except StaleError:
            await self.reload(rec.id)
            raise ServerError("stale", "another move was made at the same time; look again and retry") from None
        except Exception as e:
            if self.metrics is not None and not isinstance(e, DBAPIError):  # the engine's errors are counted there
                self.metrics.db_errors.inc()
            raise
        if self.metrics is not None:
            self.metrics.committed(rec.seats, new)
        live.state = nxt
        live.movers.extend(m.seat for m in new)
        for m in new:
            live.feed(m.action)
        rec.revision, rec.plies, rec.undo, rec.updated_at = rev, rec.plies + len(new), None, time.time()
        if done:
            rec.status, rec.winners = "finished", nxt.winners()
        self.events.committed(live, new, now)  # the table: the clocks move on

    async def update(self, live: Live, **values: Any) -> None:
        try:
            live.rec.revision = await self._db(self.storage.update_game, live.rec.id, live.rec.revision, **values)
        except StaleError:
            await self.reload(live.rec.id)
            raise ServerError("stale", "the game changed; look again") from None
        live.rec.updated_at = time.time()
        if "undo" in values:
            live.rec.undo = values["undo"]

    async def close(self) -> None:
        await self.driver.close()
        await self.bots.close()


def available_meta() -> dict[str, Any]:
    from heliopolis.bots.base import LOBBY_BOTS
    from heliopolis.bots.levels import lobby_labels, lobby_ratings
    from heliopolis.core.registry import games_in_registration_order
    from heliopolis.server.learn.tutorials import available as tutorials

    out = []
    for gid in games_in_registration_order():  # Ra first: the lobby preselects the first game
        cls = game_class(gid)
        info = cls.info
        choices = getattr(cls, "option_choices", {})
        out.append({
            "id": gid, "name": info.name, "min_players": info.min_players, "max_players": info.max_players,
            "default_players": cls().players, "tutorial": gid in tutorials(),
            "options": [{"name": k, "choices": v, "default": info.options.get(k)} for k, v in choices.items()],
            # The lobby names levels with their measured rating at each table size.
            "bot_labels": {str(n): lobby_labels(LOBBY_BOTS, gid, n) for n in range(info.min_players, info.max_players + 1)},
            "bot_ratings": {str(n): lobby_ratings(LOBBY_BOTS, gid, n) for n in range(info.min_players, info.max_players + 1)},
        })  # fmt: skip
    return {"games": out, "bots": list(LOBBY_BOTS)}

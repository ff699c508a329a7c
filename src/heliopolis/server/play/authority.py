"""The authority: holds every game's state, samples chance with its private seed, validates and
records every action, runs the bots, and answers each seat with its own view.

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
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError

from heliopolis.bots import make_bot
from heliopolis.bots.levels import resolve as resolve_level
from heliopolis.core.errors import HeliopolisError, IllegalActionError, NotationError, error_msg, reason
from heliopolis.core.game import State
from heliopolis.core.registry import game_class, load_game, new_game
from heliopolis.server.play.bots import BotPool
from heliopolis.server.play.lease import HANDOFF
from heliopolis.server.store.storage import Busy, GameRecord, Move, Seat, StaleError, Storage
from heliopolis.server.transport.hub import Hub
from heliopolis.server.transport.protocol import ActBody, CreateGame, ServerError

log = logging.getLogger("heliopolis.server")
_T = TypeVar("_T")
MAX_CACHED = 2000  # games kept in memory per process
MAX_BOT_ITERS = 20_000  # a seat's bot must not hold a worker for long (time: the pool's per-move cap)
MAX_BOT_GAMES_PER_CLIENT = 4  # running games with bot seats one client address may have created
MAX_BOT_GAMES = 200  # running games with bot seats this server process takes on
READ_ONLY = ("finished", "imported")  # archived games: replay and export only


@functools.lru_cache(maxsize=8192)
def hash_token(token: str) -> str:
    # Cached: every action over a WebSocket presents the connection's token again.
    return hashlib.sha256(token.encode()).hexdigest()


def chance_rng(seed: int, ply: int) -> random.Random:
    return random.Random(f"{seed}:{ply}")


def bot_seed(seed: int, ply: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:bot:{ply}".encode()).digest()[:8], "big")


@dataclass
class Live:
    """This instance's copy of one game: the record, the state, who made each move, the public
    log (built incrementally) and the messages already encoded for this revision."""

    rec: GameRecord
    state: State
    movers: list[int]  # seat per ply, -1 for chance
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    plog: Any = None
    messages: dict[Any, Any] = field(default_factory=dict)  # this revision's encoded messages (messages.py)
    extra: dict[str, Any] = field(default_factory=dict)  # the table layer's per-game state (table.py)
    marks: list[int] = field(default_factory=list)  # lines of the public log after each ply

    def __post_init__(self) -> None:
        if self.plog is None:
            self.plog = self.new_log()

    def new_log(self) -> Any:
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


def settle_chance(state: State, seed: int, ply: int) -> list[Move]:
    """Samples every chance node from here on (the authority's private RNG); returns the moves."""
    out: list[Move] = []
    while state.is_chance_node():
        a = state.sample_chance_outcome(chance_rng(seed, ply + len(out)))
        out.append(Move(a, state.action_to_string(a), -1))
        state.apply_action(a)
    return out


class Authority:
    def __init__(self, storage: Storage, hub: Hub, bots: BotPool, bot_delay: float = 0.0,
                 bot_games_per_client: int = MAX_BOT_GAMES_PER_CLIENT, bot_games: int = MAX_BOT_GAMES,
                 undo_cooldown: float = 30.0) -> None:  # fmt: skip
        self.storage = storage
        self.hub = hub
        self.bots = bots
        self.bot_delay = bot_delay
        self.undo_cooldown = undo_cooldown
        self.bot_games_per_client, self.bot_games = bot_games_per_client, bot_games
        self.creator: dict[str, str] = {}  # game id -> the address that caused its first bot seat (bot_client)
        # game id -> every address its bot seats count against in the quotas: who created it with bots,
        # resigned or ran out of time in it (its takeover bots), asked for its rematch (this process)
        self.bot_clients: dict[str, set[str]] = {}
        self.seat_clients: dict[str, dict[int, str]] = {}  # game id -> seat -> the address that took it
        self.leases: Any = None  # lease.BotLeases on PostgreSQL: which instance drives which game's bots
        self.games: dict[str, Live] = {}
        self.drivers: dict[str, asyncio.Task] = {}
        self._write_lock = asyncio.Lock() if not storage.is_postgres else None  # SQLite: one writer
        self.table: Any = None  # table.TableService: clocks, takeovers, settings (hooks marked "table:")
        self.draining = False  # SIGTERM: no bot starts another move here (drain)
        self._committing: set[str] = set()  # games whose driver is writing a move: never cancelled
        self.metrics: Any = None  # metrics.Metrics with ``serve --metrics``

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

    # -- loading -------------------------------------------------------------------------------
    async def get(self, game_id: str) -> Live:
        live = self.games.get(game_id)
        if live is not None:
            return live
        rec = await asyncio.to_thread(self.storage.load, game_id)
        if rec is None:
            raise ServerError("not_found", f"no game {game_id!r}")
        built = self._build(rec)
        if self.table is not None:  # table: settings and clock of the game
            await self.table.attach(built)
        live = self.games.get(game_id)  # another task may have loaded it meanwhile
        if live is None:
            live = self._remember(built)
        return live

    def _remember(self, live: Live) -> Live:
        if len(self.games) >= MAX_CACHED:
            self._evict()
        self.games[live.rec.id] = live
        return live

    def _evict(self) -> None:
        """Forgets games nobody watches, no bot drives and no request holds (they reload on use)."""
        for gid, live in list(self.games.items()):
            task = self.drivers.get(gid)
            if not self.hub.watched(gid) and (task is None or task.done()) and not live.lock.locked():
                del self.games[gid]
                self.seat_clients.pop(gid, None)  # kept for a time-out's cause; unknown after (counted as "")
                if live.rec.status == "open":  # memory stays bounded by the cache: a game nobody joins
                    self._forget_bots(gid)
                self.drivers.pop(gid, None)
                if self.leases is not None and gid in self.leases.held:  # idle: let it go (see lease.py)
                    self.drivers[gid] = asyncio.create_task(self.leases.release(gid))

    def _build(self, rec: GameRecord) -> Live:
        state = new_game(rec.game, **rec.options)  # the options hold "players"
        movers = []
        for action, seat in rec.moves:
            state.apply_action(action)
            movers.append(seat)
        rec.moves = []
        return Live(rec, state, movers)

    async def reload(self, game_id: str) -> Live | None:
        """Re-reads a game after another writer changed it (a lost race or another instance)."""
        rec = await asyncio.to_thread(self.storage.load, game_id)
        if rec is None:
            self.games.pop(game_id, None)
            return None
        old = self.games.get(game_id)
        if old is not None and old.rec.revision >= rec.revision:
            return old
        live = self._build(rec)
        if self.table is not None:  # table: settings and clock of the game
            await self.table.attach(live)
        if old is not None:
            live.lock = old.lock
        self.games[game_id] = live
        self.hub.publish(game_id)  # watchers of the stale copy must see the news
        return live

    async def on_remote_change(self, game_id: str, revision: int) -> None:
        """A notification from the database (maybe our own commit): refresh and wake watchers."""
        if game_id == HANDOFF:  # an instance shutting down let its bot games go: take them now
            if self.leases is not None:
                self.leases.wake()
            return
        live = self.games.get(game_id)
        driven = self.leases is not None and game_id in self.leases.held
        if live is not None and live.rec.revision >= revision:
            return
        if live is None and not self.hub.watched(game_id) and not driven:
            return
        await self.reload(game_id)
        if driven:  # e.g. a human moved on another instance: this one drives the bots
            self._kick(game_id)

    async def take_over(self, game_id: str) -> None:
        """A running game with bots whose lease nobody holds (its instance died): drive it."""
        if await self.leases.acquire(game_id):
            await self.reload(game_id)
            self._kick(game_id)

    # -- lobby ---------------------------------------------------------------------------------
    def _forget_bots(self, game_id: str) -> None:
        self.creator.pop(game_id, None)
        self.bot_clients.pop(game_id, None)
        self.seat_clients.pop(game_id, None)

    def bot_quota_error(self, client: str, game_id: str | None = None) -> ServerError | None:
        """The refusal of one more game with bots counted against ``client`` (``game_id``: that game,
        already counted or not), over the per-client or per-server cap; ``None`` if within both. A game
        counts while its bots are driven (a bot or chance to move): an all-bot game until it ends, a
        game with people only while its bots answer them, so a game left waiting for a person costs
        nothing. It counts against every address that caused a bot seat in it (``count_bots``)."""
        for gid in list(self.bot_clients):
            live = self.games.get(gid)
            if live is not None and live.rec.status not in ("open", "running"):
                self._forget_bots(gid)
        busy = [gid for gid in self.bot_clients
                if gid != game_id and (t := self.drivers.get(gid)) is not None and not t.done()]  # fmt: skip
        if len(busy) >= self.bot_games:
            return ServerError("rate_limited", f"this server runs {self.bot_games} games with bots already; "
                                               "try again when some have finished")  # fmt: skip
        if sum(client in self.bot_clients[gid] for gid in busy) >= self.bot_games_per_client:
            return ServerError("rate_limited", f"your {self.bot_games_per_client} games whose bots are playing "
                                               "must finish first (games waiting for a person do not count)")  # fmt: skip
        return None

    def _bot_game_quota(self, client: str) -> None:
        err = self.bot_quota_error(client)
        if err is not None:
            raise err

    def bot_client(self, game_id: str, seat: int) -> str:
        """The address whose fair share of the bot workers a bot seat's decisions use: the player who
        left the seat to a bot (resigned it, or took it and ran out of time), else the address that
        created the game with its bots (or asked for the rematch); ``""`` when unknown (a restart)."""
        return self.seat_clients.get(game_id, {}).get(seat) or self.creator.get(game_id, "")

    def count_bots(self, game_id: str, client: str) -> None:
        """``client`` caused a bot seat of the game (created it, resigned, timed out, asked for the rematch)."""
        self.bot_clients.setdefault(game_id, set()).add(client)
        self.creator.setdefault(game_id, client)
        self.bots.expect(client)  # present for the fair shares before its first decision

    async def create(self, req: CreateGame, account: int | None = None, also: Any = None, client: str = "",
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
            self._bot_game_quota(client)
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
        rec = GameRecord(secrets.token_urlsafe(9), req.game, game.info.encoding, game.config(), seed, status,
                         0, len(initial), seats, now, now)  # fmt: skip
        write = (lambda c: also.write(c, rec.id)) if also is not None else None
        await self._db(self.storage.create_game, rec, initial, write)
        live = self._remember(Live(rec, state, [-1] * len(initial)))
        if also is not None:  # table: settings and clock of the new game
            also.attach(live)
        if any(s.kind == "bot" for s in seats):
            self.count_bots(rec.id, client)
        if req.join is not None:
            self.seat_clients.setdefault(rec.id, {})[req.join] = client
        self._kick(rec.id)
        return rec, token

    async def join(self, game_id: str, seat: int | None, name: str | None, account: int | None = None,
                   client: str = "") -> tuple[int, str]:  # fmt: skip
        """``client``: the joining address (a bot that takes the seat over on a time-out counts against it)."""
        live = await self.get(game_id)
        async with live.lock:
            rec = live.rec
            self._check_writable(rec)
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
            if self.table is not None and started:  # table: the clocks start
                self.table.started(live, started["started_at"])
        self.hub.publish(game_id)
        self._kick(game_id)
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
            if self.table is not None:  # table: a seat taken over by a bot, or out of time
                self.table.check_turn(live, seat)
            action = self._parse(state, body)
            nxt = state.clone()
            try:
                nxt.apply_action(action)
            except IllegalActionError as e:
                raise ServerError("illegal", reason(e)) from None
            new = [Move(action, state.action_to_string(action), seat)]
            await self._commit(live, nxt, new)
        if self.metrics is not None:
            self.metrics.move_latency.observe(time.perf_counter() - t0)
        self.hub.publish(game_id)
        self._kick(game_id)
        return live

    @staticmethod
    def _check_writable(rec: GameRecord) -> None:
        if rec.status in READ_ONLY:
            raise ServerError("read_only", f"this game is {rec.status}: it can be replayed and exported, "
                                           "not joined or changed")  # fmt: skip

    def _check_can_act(self, live: Live, seat: int, version: int) -> None:
        rec, state = live.rec, live.state
        if rec.status == "imported":
            self._check_writable(rec)
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

    async def _commit(self, live: Live, nxt: State, new: list[Move]) -> None:
        """Settles chance after ``new``, writes everything in one transaction, then updates the cache."""
        rec = live.rec
        new += settle_chance(nxt, rec.seed, rec.plies + len(new))
        done = nxt.is_terminal()
        now = time.time()
        # table: whether the game is rated is decided as it ends, and committed with its last move
        plan = self.table.rating_plan(live, nxt, new) if done and self.table is not None else None
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
        if self.table is not None:  # table: the clocks move on
            self.table.committed(live, new, now)

    # -- bots ----------------------------------------------------------------------------------
    def _kick(self, game_id: str) -> None:
        """Makes sure a driver runs the game while a bot (or chance) is to move."""
        task = self.drivers.get(game_id)
        if (task is None or task.done()) and not self.draining:
            live = self.games.get(game_id)
            if (
                live is not None
                and live.rec.status == "running"
                and not live.state.is_chance_node()
                and not live.state.is_terminal()
                and all(s.kind == "human" for s in live.rec.seats)
            ):
                return  # people only, a person to move: nothing to drive (no task per move)
            self.drivers[game_id] = asyncio.create_task(self._drive(game_id))

    async def _drive(self, game_id: str) -> None:
        try:
            while not self.draining:
                live = await self.get(game_id)
                rec, state = live.rec, live.state
                if rec.status != "running" or state.is_terminal():
                    if rec.status != "open":  # an open game's bots and seats count once it runs
                        self._forget_bots(game_id)
                    if self.leases is not None:
                        await self.leases.release(game_id)
                    return
                if self.leases is not None and any(s.kind == "bot" for s in rec.seats):
                    if game_id not in self.leases.held:
                        if not await self.leases.acquire(game_id):
                            return  # another live instance drives this game's bots
                        await self.reload(game_id)  # the newest state, not our cached copy
                        continue
                if state.is_chance_node():  # only after a crash between two writes
                    async with live.lock:
                        if live.state.is_chance_node() and live.rec.revision == rec.revision:
                            await self._commit(live, live.state.clone(), [])
                    self.hub.publish(game_id)
                    continue
                seat = state.current_player()
                if rec.seats[seat].kind != "bot":
                    return
                rev = rec.revision
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                seed = bot_seed(rec.seed, rec.plies)
                bot_spec = rec.seats[seat].bot
                assert bot_spec is not None  # a bot seat names its bot
                action = await self.bots.decide(rec.game, rec.options, state.history(), seat, bot_spec,
                                                seed, client=self.bot_client(game_id, seat), table=game_id)  # fmt: skip
                if action is None:  # the bot failed or hit the per-move cap: a seeded random legal move
                    action = random.Random(seed).choice(state.legal_actions())
                async with live.lock:
                    live = self.games.get(game_id, live)
                    if self.draining:
                        return  # the next instance moves it, from the committed state
                    if live.rec.revision != rev:
                        continue  # an undo or another instance got there first: look again
                    nxt = live.state.clone()
                    nxt.apply_action(action)
                    self._committing.add(game_id)
                    try:
                        await self._commit(live, nxt, [Move(action, state.action_to_string(action), seat)])
                    except ServerError:
                        continue
                    finally:
                        self._committing.discard(game_id)
                self.hub.publish(game_id)
        except ServerError:
            return
        except Exception:
            log.exception("bot driver for game %s stopped", game_id)

    async def resume_all(self) -> int:
        """After a restart: every running game whose next move is a bot's (or chance) goes on."""
        ids = await asyncio.to_thread(self.storage.running_ids)
        for gid in ids:
            self._kick(gid)
        return len(ids)

    async def drain(self, timeout: float) -> None:
        """Stops driving bots at a safe point (SIGTERM): a driver thinking or waiting is cancelled,
        one writing its move finishes the commit; at most ``timeout`` seconds. The leases go after."""
        self.draining = True
        for gid, t in self.drivers.items():
            if gid not in self._committing:
                t.cancel()
        pending = [t for t in self.drivers.values() if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)

    async def close(self) -> None:
        for t in self.drivers.values():
            t.cancel()
        await asyncio.gather(*self.drivers.values(), return_exceptions=True)
        await self.bots.close()

    # -- undo ----------------------------------------------------------------------------------
    def undo_target(self, live: Live, seat: int | None) -> int | None:
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

    async def undo(self, game_id: str, token: str | None, accept: bool | None, account: int | None = None) -> Live:
        live = await self.get(game_id)
        seat = self.seat_of(live, token, account)
        if seat is None:
            raise ServerError("forbidden", "spectators cannot undo")
        async with live.lock:
            rec = live.rec
            self._check_writable(rec)
            pending = rec.undo
            if accept is not None:  # an answer to someone's request
                if not pending or seat not in pending["awaiting"]:
                    raise ServerError("bad_request", "there is no undo request waiting for your answer")
                if not accept:  # the cool-down is in the seat's row: every process sees it
                    at = time.time()
                    await self._update(live, undo=None, seat_updates={pending["by"]: {"undo_declined_at": at}})
                    rec.seats[pending["by"]].undo_declined_at = at
                else:
                    awaiting = [s for s in pending["awaiting"] if s != seat]
                    if awaiting:
                        await self._update(live, undo={**pending, "awaiting": awaiting})
                    else:
                        await self._truncate(live, pending["ply"])
            else:
                if pending:  # one request at a time: a repeat changes nothing (no new version)
                    who = "your" if pending["by"] == seat else f"seat {pending['by']}'s"
                    raise ServerError("conflict", f"{who} undo request is waiting for an answer")
                wait = (rec.seats[seat].undo_declined_at or 0.0) + self.undo_cooldown - time.time()
                if wait > 0:
                    raise ServerError("undo_cooldown", f"your last undo request was declined: you can ask again "
                                                       f"in {wait:.0f} s")  # fmt: skip
                target = self.undo_target(live, seat)
                if target is None:
                    raise ServerError("bad_request", "undo is only possible for your own last action, before "
                                                     "anything was revealed and before another player moved")  # fmt: skip
                others = [s.seat for s in rec.seats if s.kind == "human" and s.seat != seat]
                if not others:
                    await self._truncate(live, target)
                else:
                    await self._update(live, undo={"by": seat, "ply": target, "awaiting": others})
        self.hub.publish(game_id)
        self._kick(game_id)
        return live

    async def _update(self, live: Live, **values: Any) -> None:
        try:
            live.rec.revision = await self._db(self.storage.update_game, live.rec.id, live.rec.revision, **values)
        except StaleError:
            await self.reload(live.rec.id)
            raise ServerError("stale", "the game changed; look again") from None
        live.rec.updated_at = time.time()
        if "undo" in values:
            live.rec.undo = values["undo"]

    async def _truncate(self, live: Live, ply: int) -> None:
        rec = live.rec
        try:
            rev = await self._db(self.storage.truncate, rec.id, rec.revision, ply)
        except StaleError:
            await self.reload(rec.id)
            raise ServerError("stale", "the game changed; look again") from None
        state = new_game(rec.game, **rec.options)
        for a in live.state.history()[:ply]:
            state.apply_action(a)
        live.state, live.movers = state, live.movers[:ply]
        live.plog = live.new_log()
        rec.revision, rec.plies, rec.undo, rec.updated_at = rev, ply, None, time.time()
        if self.table is not None:  # table: the clocks go back with the moves
            self.table.truncated(live, ply)


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

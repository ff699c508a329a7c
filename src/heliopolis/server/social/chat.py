"""Chat per game: seats, and spectators with an account unless the creator muted them.

Messages are stored in ``chat`` with the game (numbered per game, with the number of moves made
when they were said, so a replay shows them where they belong), kept in exports and imports, and
served as plain text: the browser renders them with ``textContent``. Limits: 1 to 500 characters
(control characters removed), 1 message a second with a burst of 5 per sender and game; per game,
300 messages per seat, 20 per spectator account and 300 for all spectators together (so spectators
never use up what the players may say), 2000 in all (imports).

A new message is pushed at once to every WebSocket connection of the game (``{"type": "chat"}``):
the seats, and the spectators unless the creator muted them (then, while the game runs, the chat
is the players' own: spectators neither read nor write it). The message is the same for every
audience and holds nothing a seat may not see. On PostgreSQL the insert notifies the channel
``heliopolis_chat`` (``<game>:<n>:<instance>``) in its transaction, so the other server instances
push it to their own connections. ``GET .../chat?after=n`` fills gaps (a reconnect).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, chat
from heliopolis.server.social.sanctions import NoSanctions, Sanctions
from heliopolis.server.transport.limits import KeyedLimiter
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.table import TableService

log = logging.getLogger("heliopolis.server")
MAX_TEXT, MAX_PER_GAME = 500, 2000
PER_SEAT, PER_SPECTATOR, SPECTATORS = 300, 20, 300  # messages per game: each seat, each spectator, all spectators
CHANNEL = "heliopolis_chat"  # PostgreSQL NOTIFY channel of new messages (other instances push them)


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=MAX_TEXT)


def clean(text: str) -> str:
    """Drops control and format characters (bidi overrides, zero-width tricks); keeps the rest."""
    out = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch == " ")
    return " ".join(out.split())


class Watcher:
    """One WebSocket connection of a game, as the chat sees it: its seat (``None``: a spectator)
    and how to send it a text frame."""

    __slots__ = ("game_id", "seat", "send")

    def __init__(self, game_id: str, seat: int | None, send: Callable[[str], Awaitable[None]]) -> None:
        self.game_id, self.seat, self.send = game_id, seat, send


class Chat:
    def __init__(self, auth: Authority, table: TableService, rate: float = 1.0, burst: float = 5.0) -> None:
        self.auth, self.table = auth, table  # the table: whether spectators may chat
        self.storage = auth.storage
        self.limiter = KeyedLimiter(rate, burst)
        self.watchers: dict[str, set[Watcher]] = {}
        self._sending: set[asyncio.Task] = set()  # pushes in flight (kept referenced until done)
        self.sanctions: Sanctions = NoSanctions()  # may this account chat? (moderation.py, wired by build_services)

    # -- live connections ----------------------------------------------------------------------
    def watch(self, game_id: str, seat: int | None, send: Callable[[str], Awaitable[None]]) -> Watcher:
        w = Watcher(game_id, seat, send)
        self.watchers.setdefault(game_id, set()).add(w)
        return w

    def unwatch(self, w: Watcher) -> None:
        ws = self.watchers.get(w.game_id)
        if ws is not None:
            ws.discard(w)
            if not ws:
                del self.watchers[w.game_id]

    def spectators_allowed(self, live: Live) -> bool:
        """Spectators see the chat of a running game only if the creator did not mute them; the
        chat of a finished game is part of its record (replays, exports)."""
        return live.rec.status not in ("open", "running") or bool(self.table.state(live).settings["spectator_chat"])

    def push(self, live: Live, msg: dict[str, Any]) -> int:
        """Sends a new message to this instance's connections of the game; returns how many."""
        text = json.dumps({"type": "chat", "game_id": live.rec.id, "message": msg}, separators=(",", ":"))
        return self._push_text(live.rec.id, text, self.spectators_allowed(live))

    def push_deleted(self, game_id: str, n: int) -> int:
        """Tells this instance's connections of the game that an admin deleted line ``n``."""
        text = json.dumps({"type": "chat_deleted", "game_id": game_id, "n": n}, separators=(",", ":"))
        return self._push_text(game_id, text, True)

    def _push_text(self, game_id: str, text: str, spectators: bool) -> int:
        watchers = self.watchers.get(game_id)
        if not watchers:
            return 0
        sent = 0
        for w in list(watchers):
            if w.seat is None and not spectators:
                continue
            task = asyncio.get_running_loop().create_task(self._send(w, text))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
            sent += 1
        return sent

    @staticmethod
    async def _send(w: Watcher, text: str) -> None:
        try:
            await w.send(text)
        except Exception:  # a connection closing meanwhile: its reconnect fetches what it missed
            pass

    async def on_remote(self, game_id: str, n: int) -> None:
        """A message inserted on another instance (PostgreSQL notification): push it here too."""
        if game_id not in self.watchers:
            return
        live = await self.auth.get(game_id)
        msgs = await asyncio.to_thread(self.messages, game_id, n - 1)
        for m in msgs:
            if m["n"] == n:
                self.push(live, m)

    # -- storage -------------------------------------------------------------------------------
    def _insert(self, game_id: str, seat: int | None, account: int | None, name: str, text: str, ply: int,
                ) -> dict[str, Any]:  # fmt: skip
        now = time.time()
        for _ in range(5):  # two writers may pick the same number: the primary key refuses one
            try:
                with self.storage.engine.begin() as c:
                    n = _check_caps(c, game_id, seat, account)
                    c.execute(chat.insert().values(game_id=game_id, n=n, seat=seat, account_id=account, name=name,
                                                   text=text, ply=ply, created_at=now))  # fmt: skip
                    if self.storage.is_postgres:  # delivered on commit, to every instance
                        c.execute(sa.select(sa.func.pg_notify(CHANNEL, f"{game_id}:{n}:{self.storage.instance}")))
                return {"n": n, "seat": seat, "name": name, "text": text, "ply": ply, "at": round(now, 3)}
            except sa.exc.IntegrityError:
                continue
        raise ServerError("conflict", "the chat is busy; try again")

    def messages(self, game_id: str, after: int = -1, upto_ply: int | None = None) -> list[dict[str, Any]]:
        q = (sa.select(chat).where(chat.c.game_id == game_id, chat.c.n > after, chat.c.deleted_at.is_(None))
             .order_by(chat.c.n))  # fmt: skip
        if upto_ply is not None:
            q = q.where(chat.c.ply <= upto_ply)
        with self.storage.engine.connect() as c:
            return [{"n": r["n"], "seat": r["seat"], "name": r["name"], "text": r["text"], "ply": r["ply"],
                     "at": round(r["created_at"], 3)} for r in c.execute(q).mappings()]  # fmt: skip

    async def read(self, game_id: str, token: str | None, account: int | None, after: int) -> list[dict[str, Any]]:
        live = await self.auth.get(game_id)  # 404 for an unknown game
        if self.auth.seat_of(live, token, account) is None and not self.spectators_allowed(live):
            raise ServerError("forbidden", "the creator of this game made its chat the players' own while it runs")
        return await asyncio.to_thread(self.messages, live.rec.id, after)

    def _username(self, account_id: int) -> str:
        with self.storage.engine.connect() as c:
            return c.execute(sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar() or "?"

    async def post(self, game_id: str, token: str | None, account: int | None, text: str) -> dict[str, Any]:
        live = await self.auth.get(game_id)
        if live.rec.status == "imported":  # a saved game's record: its chat is what was said then
            raise ServerError("read_only", "this game is imported: it can be replayed and exported, not chatted in")
        seat = self.auth.seat_of(live, token, account)
        text = clean(text)
        if not text:
            raise ServerError("bad_request", "text: say something (only spaces and control characters were sent)")
        if seat is None:
            if account is None:
                raise ServerError("forbidden", "spectators chat with an account: log in first")
            if not self.table.state(live).settings["spectator_chat"]:
                raise ServerError("forbidden", "the creator of this game muted spectators")
            name = await asyncio.to_thread(self._username, account)
        else:
            s = live.rec.seats[seat]
            name = s.name or f"Seat {seat}"
        # A muted or banned author is refused (the seat's account for a seat).
        await self.sanctions.may_chat(account if seat is None else live.rec.seats[seat].account_id)
        if not self.limiter.take(f"{game_id}:{seat if seat is not None else 'a' + str(account)}"):
            raise ServerError("rate_limited", "you are chatting too fast; slow down")
        msg = await self.auth._db(self._insert, game_id, seat, account if seat is None else None, name, text,
                                  live.rec.plies)  # fmt: skip
        self.push(self.auth.games.get(game_id, live), msg)
        return msg


def _check_caps(c: sa.Connection, game_id: str, seat: int | None, account: int | None) -> int:
    """The next message number, if the author (a seat, or a spectator's account) may say one more.
    Two writers counting at once pick the same number and the primary key refuses the second, which
    counts again: the caps hold exactly. Spectators have a budget of their own: the players' is
    never used up by them."""
    mine = chat.c.seat == seat if seat is not None else sa.and_(chat.c.seat.is_(None), chat.c.account_id == account)
    count = lambda cond: sa.func.coalesce(sa.func.sum(sa.case((cond, 1), else_=0)), 0)  # noqa: E731
    n, said, spectators = c.execute(sa.select(sa.func.coalesce(sa.func.max(chat.c.n), -1) + 1, count(mine),
                                              count(chat.c.seat.is_(None))).where(chat.c.game_id == game_id)).one()  # fmt: skip
    if seat is not None and said >= PER_SEAT:
        raise ServerError("chat_full", f"you have said {PER_SEAT} messages in this game's chat, the most a seat may")
    if seat is None and said >= PER_SPECTATOR:
        raise ServerError("chat_full", f"you have said {PER_SPECTATOR} messages in this game's chat, the most a "
                                       "spectator may")  # fmt: skip
    if seat is None and spectators >= SPECTATORS:
        raise ServerError("chat_full", f"the spectators have said {SPECTATORS} messages in this game's chat, all "
                                       "they may (the players still can)")  # fmt: skip
    if n >= MAX_PER_GAME:
        raise ServerError("chat_full", f"this game's chat is full ({MAX_PER_GAME} messages)")
    return int(n)


async def set_spectator_chat(
    service: Chat, game_id: str, token: str | None, account: int | None, allowed: bool
) -> dict[str, Any]:
    """The creator (the seat taken at creation, or the creating account) mutes or unmutes spectators."""
    from heliopolis.server.play.table_db import game_settings

    auth = service.auth
    live = await auth.get(game_id)
    seat = auth.seat_of(live, token, account)
    s = service.table.state(live).settings
    creator = (seat is not None and seat == s.get("creator_seat")) or (
        account is not None and account == s.get("creator_account")
    )
    if not creator:
        raise ServerError("forbidden", "only the creator of the game can mute or unmute spectators")

    def write(c: sa.Connection) -> None:
        c.execute(game_settings.update().where(game_settings.c.game_id == game_id).values(spectator_chat=allowed))

    async with live.lock:
        await auth._db(_in_tx, service.storage, write)
        s["spectator_chat"] = allowed
        await auth.update(live)  # a new revision: every client's state message says so
    auth.hub.publish(game_id)
    return {"spectator_chat": allowed}


class SavedMessage(BaseModel):
    """A message as ``GET .../export`` writes it into a saved game."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(None, ge=0, le=63)
    name: str = Field(min_length=1, max_length=64)
    text: str = Field(min_length=1, max_length=MAX_TEXT)
    ply: int = Field(ge=0, le=1_000_000)
    at: float = Field(ge=0, le=1e11)


def saved_chat(doc: Any) -> list[SavedMessage]:
    """The ``chat`` of a saved game being imported, checked (400 naming the field: nothing is
    imported); ``[]`` if it has none. Texts are cleaned as when they were said."""
    from pydantic import TypeAdapter, ValidationError

    raw = doc.get("chat") if isinstance(doc, dict) else None
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_PER_GAME:
        raise ServerError("bad_request", f"chat: a list of at most {MAX_PER_GAME} messages")
    try:
        said = TypeAdapter(list[SavedMessage]).validate_python(raw)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise ServerError("bad_request", f"chat.{where}: {err['msg']}") from None
    history = doc.get("history")
    plies = len(history) if isinstance(history, list) else 0
    players = (doc.get("options") or {}).get("players") if isinstance(doc.get("options"), dict) else None
    for i, m in enumerate(said):
        m.text, m.name = clean(m.text), clean(m.name)
        if not m.text or not m.name:
            raise ServerError("bad_request", f"chat.{i}: name and text must hold more than control characters")
        if m.ply > plies:
            raise ServerError("bad_request", f"chat.{i}.ply: {m.ply} is after the game's last move ({plies})")
        if m.seat is not None and isinstance(players, int) and m.seat >= players:
            raise ServerError("bad_request", f"chat.{i}.seat: the game has {players} seats")
    return said


def write_saved_chat(said: list[SavedMessage]) -> Callable[[sa.Connection, str], None] | None:
    """Writes an imported game's chat in the import's own transaction (numbered anew, in order)."""
    if not said:
        return None

    def write(c: sa.Connection, game_id: str) -> None:
        c.execute(chat.insert(), [{"game_id": game_id, "n": n, "seat": m.seat, "name": m.name, "text": m.text,
                                   "ply": m.ply, "created_at": m.at} for n, m in enumerate(said)])  # fmt: skip

    return write


def _in_tx(storage: Any, fn: Any) -> None:
    with storage.engine.begin() as c:
        fn(c)


class SpectatorChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    spectator_chat: bool

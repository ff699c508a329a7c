"""Chat per game: seats, and spectators with an account unless the creator muted them.

Messages are stored in ``chat`` with the game (numbered per game, with the number of moves made
when they were said, so a replay shows them where they belong), kept in exports, and served
as plain text: the browser renders them with ``textContent``. Limits: 1 to 500 characters
(control characters removed), 1 message a second with a burst of 5 per sender and game,
2000 messages per game. Clients poll ``GET .../chat?after=n`` (cheap, and it works unchanged
with several server instances); nothing in a message depends on a seat's hidden information.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.limits import KeyedLimiter
from heliopolis.server.protocol import ServerError
from heliopolis.server.table_db import accounts, chat

MAX_TEXT, MAX_PER_GAME = 500, 2000


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=MAX_TEXT)


def clean(text: str) -> str:
    """Drops control and format characters (bidi overrides, zero-width tricks); keeps the rest."""
    out = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch == " ")
    return " ".join(out.split())


class Chat:
    def __init__(self, auth: Any, rate: float = 1.0, burst: float = 5.0) -> None:
        self.auth = auth
        self.storage = auth.storage
        self.limiter = KeyedLimiter(rate, burst)

    def _insert(self, game_id: str, seat: int | None, name: str, text: str, ply: int) -> dict[str, Any]:
        now = time.time()
        for _ in range(5):  # two writers may pick the same number: the primary key refuses one
            try:
                with self.storage.engine.begin() as c:
                    n = c.execute(sa.select(sa.func.coalesce(sa.func.max(chat.c.n), -1) + 1)
                                  .where(chat.c.game_id == game_id)).scalar()  # fmt: skip
                    if n >= MAX_PER_GAME:
                        raise ServerError("conflict", f"this game's chat is full ({MAX_PER_GAME} messages)")
                    c.execute(chat.insert().values(game_id=game_id, n=n, seat=seat, name=name, text=text, ply=ply,
                                                   created_at=now))  # fmt: skip
                return {"n": n, "seat": seat, "name": name, "text": text, "ply": ply, "at": round(now, 3)}
            except sa.exc.IntegrityError:
                continue
        raise ServerError("conflict", "the chat is busy; try again")

    def messages(self, game_id: str, after: int = -1, upto_ply: int | None = None) -> list[dict[str, Any]]:
        q = sa.select(chat).where(chat.c.game_id == game_id, chat.c.n > after).order_by(chat.c.n)
        if upto_ply is not None:
            q = q.where(chat.c.ply <= upto_ply)
        with self.storage.engine.connect() as c:
            return [{"n": r["n"], "seat": r["seat"], "name": r["name"], "text": r["text"], "ply": r["ply"],
                     "at": r["created_at"]} for r in c.execute(q).mappings()]  # fmt: skip

    def _username(self, account_id: int) -> str:
        with self.storage.engine.connect() as c:
            return c.execute(sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar() or "?"

    async def post(self, game_id: str, token: str | None, account: int | None, text: str) -> dict[str, Any]:
        live = await self.auth.get(game_id)
        seat = self.auth.seat_of(live, token, account)
        text = clean(text)
        if not text:
            raise ServerError("bad_request", "text: say something (only spaces and control characters were sent)")
        if seat is None:
            if account is None:
                raise ServerError("forbidden", "spectators chat with an account: log in first")
            if not self.auth.table.state(live).settings["spectator_chat"]:
                raise ServerError("forbidden", "the creator of this game muted spectators")
            name = await asyncio.to_thread(self._username, account)
        else:
            s = live.rec.seats[seat]
            name = s.name or f"Seat {seat}"
        if not self.limiter.take(f"{game_id}:{seat if seat is not None else 'a' + str(account)}"):
            raise ServerError("rate_limited", "you are chatting too fast; slow down")
        return await self.auth._db(self._insert, game_id, seat, name, text, live.rec.plies)


async def set_spectator_chat(service: Chat, game_id: str, token: str | None, account: int | None,
                             allowed: bool) -> dict[str, Any]:
    """The creator (the seat taken at creation, or the creating account) mutes or unmutes spectators."""
    from heliopolis.server.table_db import game_settings

    auth = service.auth
    live = await auth.get(game_id)
    seat = auth.seat_of(live, token, account)
    s = auth.table.state(live).settings
    creator = (seat is not None and seat == s.get("creator_seat")) or (
        account is not None and account == s.get("creator_account"))
    if not creator:
        raise ServerError("forbidden", "only the creator of the game can mute or unmute spectators")

    def write(c: sa.Connection) -> None:
        c.execute(game_settings.update().where(game_settings.c.game_id == game_id).values(spectator_chat=allowed))

    async with live.lock:
        await auth._db(_in_tx, service.storage, write)
        s["spectator_chat"] = allowed
        await auth._update(live)  # a new revision: every client's state message says so
    auth.hub.publish(game_id)
    return {"spectator_chat": allowed}


def _in_tx(storage: Any, fn: Any) -> None:
    with storage.engine.begin() as c:
        fn(c)


class SpectatorChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    spectator_chat: bool


def router(service: Chat, accounts_service: Any, token_of: Any) -> APIRouter:
    r = APIRouter(tags=["chat"])

    @r.get("/api/games/{game_id}/chat")
    async def read(game_id: str, after: int = Query(-1, ge=-1, le=1_000_000)) -> dict[str, Any]:
        live = await service.auth.get(game_id)  # 404 for an unknown game
        msgs = await asyncio.to_thread(service.messages, live.rec.id, after)
        return {"messages": msgs}

    @r.post("/api/games/{game_id}/chat", status_code=201)
    async def say(game_id: str, body: ChatBody, request: Request) -> dict[str, Any]:
        token = token_of(request)
        account = await accounts_service.principal(request, write=True)
        return await service.post(game_id, token, account, body.text)

    @r.post("/api/games/{game_id}/chat/settings")
    async def settings(game_id: str, body: SpectatorChatBody, request: Request) -> dict[str, Any]:
        token = token_of(request)
        account = await accounts_service.principal(request, write=True)
        return await set_spectator_chat(service, game_id, token, account, body.spectator_chat)

    return r

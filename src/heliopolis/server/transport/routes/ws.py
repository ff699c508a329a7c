"""The game WebSocket, ``/ws/games/{id}``: one ``Connection`` per socket.

Opening: the origin check (``guard.origin_allowed``), the seat token (``ws_token``), the seat, then
the connection watches the game (a ``Pusher`` on the hub), its chat and its owner's ban. Each message
spends a token of the connection's bucket and is one of ``protocol.parse_client_message``'s: ``ping``,
``sync``, ``act``, ``undo``, ``undo_reply`` (docs/server-api.md).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from heliopolis.server.play.authority import Live
from heliopolis.server.transport import messages
from heliopolis.server.transport.deps import Services, Svc, bearer
from heliopolis.server.transport.guard import origin_allowed
from heliopolis.server.transport.limits import TokenBucket
from heliopolis.server.transport.protocol import (
    ServerError,
    WsAct,
    WsPing,
    WsSync,
    WsUndo,
    WsUndoReply,
    parse_client_message,
)
from heliopolis.server.transport.push import Pusher

SUBPROTOCOL = "heliopolis"  # offered with "heliopolis.token.<seat token>" by browsers (docs/server-api.md)
TOKEN_PROTOCOL = "heliopolis.token."
router = APIRouter()


def ws_token(websocket: WebSocket) -> tuple[str | None, str | None]:
    """(token, subprotocol to answer with): from the ``heliopolis.token.<t>`` subprotocol (browsers
    cannot set headers on a WebSocket), an Authorization header, or the deprecated ``?token=``."""
    offered = websocket.scope.get("subprotocols") or []
    chosen = SUBPROTOCOL if SUBPROTOCOL in offered else None
    for p in offered:
        if p.startswith(TOKEN_PROTOCOL):
            return p[len(TOKEN_PROTOCOL) :] or None, chosen
    return bearer(websocket) or websocket.query_params.get("token") or None, chosen


@router.websocket("/ws/games/{game_id}")
async def ws(websocket: WebSocket, game_id: str, svc: Svc) -> None:
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), svc.origins):
        await websocket.close(code=4403)  # before accept: the handshake is answered 403
        return
    token, subprotocol = ws_token(websocket)
    await websocket.accept(subprotocol=subprotocol)
    conn = Connection(svc, websocket, game_id, token)
    if not await conn.open():
        return
    try:
        await conn.serve()
    except WebSocketDisconnect:
        pass
    finally:
        conn.close()


class Connection:
    """One socket on one game, as one seat (or a spectator: ``seat`` None)."""

    __slots__ = ("account", "auth", "bucket", "game_id", "have", "owner", "pusher", "send_lock", "seat", "sub",
                 "svc", "token", "watcher", "websocket")  # fmt: skip

    def __init__(self, svc: Services, websocket: WebSocket, game_id: str, token: str | None) -> None:
        self.svc, self.auth, self.websocket, self.game_id, self.token = svc, svc.auth, websocket, game_id, token
        self.account: int | None = None
        self.seat: int | None = None
        self.have = -1  # the version this connection holds: deltas go from it (see messages.py)
        self.send_lock = asyncio.Lock()

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            await self.websocket.send_text(text)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.send_text(json.dumps(msg, separators=(",", ":")))

    async def open(self) -> bool:
        """Finds the game and the seat, then watches; on an error, says it and closes (4000 + status)."""
        try:
            live = await self.auth.get(self.game_id)
            self.account = None if self.token else await self.svc.accounts.ws_principal(self.websocket)
            self.seat = self.auth.seat_of(live, self.token, self.account)
        except ServerError as e:
            await self.send({"type": "error", **e.fields()})
            await self.websocket.close(code=4000 + e.status)
            return False
        self.watch(live)
        return True

    def watch(self, live: Live) -> None:
        svc = self.svc
        # Pushed straight from Hub.publish (push.py): no task per connection wakes up per change.
        self.pusher = Pusher(self.websocket.send_text, self.news, self.load)
        self.sub = svc.hub.subscribe(self.game_id, self.pusher.push)
        self.watcher = svc.chat.watch(self.game_id, self.seat, self.send_text)  # new chat lines are pushed (chat.py)
        seat, token = self.seat, self.token
        self.owner = self.account if seat is None or token is None else live.rec.seats[seat].account_id
        svc.moderation.track(self.owner, self.websocket)  # a ban closes it (moderation.py)
        self.bucket = TokenBucket(svc.settings.ws_rate, svc.settings.ws_burst)
        self.pusher.push()  # the first state

    def news(self) -> str | None:
        """The text this connection must be sent now (None: it is up to date); see push.py."""
        cur = self.auth.games.get(self.game_id)
        if cur is None:
            raise LookupError(self.game_id)  # evicted meanwhile: the pusher loads it and asks again
        if cur.rec.revision == self.have:
            return None
        text = messages.for_connection(self.auth, cur, self.seat, self.have)
        self.have = cur.rec.revision
        return text

    def load(self) -> Awaitable[Live]:
        return self.auth.get(self.game_id)

    async def serve(self) -> None:
        """The receive loop, until the client leaves; a refused message is answered with an error."""
        while True:
            msg = await self.websocket.receive()
            if msg["type"] == "websocket.disconnect":
                return
            sent_text = msg.get("text")
            try:
                await self.handle(sent_text if sent_text is not None else msg.get("bytes") or b"")
            except ServerError as e:
                await self.send({"type": "error", **e.fields()})

    async def handle(self, raw: str | bytes) -> None:
        if not self.bucket.take():
            if self.svc.metrics is not None:
                self.svc.metrics.refused["websocket_message"].inc()
            raise ServerError("rate_limited", "too many messages; slow down")
        m = parse_client_message(raw)
        if isinstance(m, WsPing):
            await self.send({"type": "pong"})
        elif isinstance(m, WsSync):
            cur = await self.auth.get(self.game_id)
            self.have = cur.rec.revision
            await self.send_text(messages.state_text(self.auth, cur, self.seat))
        elif isinstance(m, WsAct):
            await self.auth.act(self.game_id, self.token, m, self.account)  # a WsAct is an ActBody, validated
        elif isinstance(m, WsUndo):
            await self.auth.undo(self.game_id, self.token, None, self.account)
        elif isinstance(m, WsUndoReply):
            await self.auth.undo(self.game_id, self.token, m.accept, self.account)

    def close(self) -> None:
        self.pusher.close()
        self.svc.hub.unsubscribe(self.sub)
        self.svc.chat.unwatch(self.watcher)
        self.svc.moderation.untrack(self.owner, self.websocket)

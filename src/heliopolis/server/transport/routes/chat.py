"""A game's chat: read, say, and whether spectators may speak (``social/chat.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from heliopolis.server.social.chat import ChatBody, SpectatorChatBody, set_spectator_chat
from heliopolis.server.transport.deps import Reader, Svc, Writer

router = APIRouter(tags=["chat"])


@router.get("/api/games/{game_id}/chat")
async def read(game_id: str, svc: Svc, p: Reader, after: int = Query(-1, ge=-1, le=1_000_000)) -> dict[str, Any]:
    return {"messages": await svc.chat.read(game_id, p.token, p.account, after)}


@router.post("/api/games/{game_id}/chat", status_code=201)
async def say(game_id: str, body: ChatBody, svc: Svc, p: Writer) -> dict[str, Any]:
    return await svc.chat.post(game_id, p.token, p.account, body.text)


@router.post("/api/games/{game_id}/chat/settings")
async def settings(game_id: str, body: SpectatorChatBody, svc: Svc, p: Writer) -> dict[str, Any]:
    return await set_spectator_chat(svc.chat, game_id, p.token, p.account, body.spectator_chat)

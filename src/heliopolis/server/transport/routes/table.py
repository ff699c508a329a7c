"""The table around a game: resign, retake a seat a bot took over, ask for a rematch
(``play/table.py`` and ``social/rematch.py`` hold the rules)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from heliopolis.server.transport import messages
from heliopolis.server.transport.deps import Svc, Writer

router = APIRouter(tags=["table"])
rematch = APIRouter(tags=["table"])  # after chat's routes, as before (the OpenAPI document's order)


@router.post("/api/games/{game_id}/resign")
async def resign(game_id: str, svc: Svc, p: Writer) -> dict[str, Any]:
    live = await svc.table.resign(game_id, p.token, p.account, p.client)
    return messages.state_dict(svc.auth, live, svc.auth.seat_of(live, p.token, p.account))


@router.post("/api/games/{game_id}/retake")
async def retake(game_id: str, svc: Svc, p: Writer) -> dict[str, Any]:
    live = await svc.table.retake(game_id, p.token, p.account)
    return messages.state_dict(svc.auth, live, svc.auth.seat_of(live, p.token, p.account))


@rematch.post("/api/games/{game_id}/rematch")
async def ask(game_id: str, svc: Svc, p: Writer) -> dict[str, Any]:
    return await svc.rematch.ask(game_id, p.token, p.account, p.client)

"""Ratings: a pool's leaderboard, a game's rating changes, and an account's games (``social/ratings.py``)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request

from heliopolis.server.social.ratings import account_games
from heliopolis.server.transport.deps import Svc
from heliopolis.server.transport.protocol import ServerError

router = APIRouter(tags=["ratings"])


@router.get("/api/ratings/{pool}")
async def leaderboard(pool: str, svc: Svc, limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
    if len(pool) > 40:
        raise ServerError("bad_request", "pool: at most 40 characters (a game id, or ra:1999 / ra:2009)")
    return {"pool": pool, "players": await asyncio.to_thread(svc.ratings.leaderboard, pool, limit)}


@router.get("/api/games/{game_id}/ratings")
async def changes(game_id: str, svc: Svc) -> dict[str, Any]:
    service = svc.ratings
    await service.auth.get(game_id)
    return {"changes": await asyncio.to_thread(service.changes, game_id),
            "decision": await asyncio.to_thread(service.decision, game_id)}  # fmt: skip


@router.get("/api/account/games")
async def my_games(request: Request, svc: Svc) -> dict[str, Any]:
    """Running games with "your turn" first, then open ones (and rematches offered to you), then
    finished ones with results."""
    s = await svc.accounts.session(request)
    if s is None:
        raise ServerError("unauthorized", "log in to see your games")
    return {"games": await account_games(svc.ratings, s.account_id)}

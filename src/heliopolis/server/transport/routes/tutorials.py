"""The tutorials (``learn/tutorials/``): stateless, no table and no rating."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from heliopolis.server.learn.tutorials import Attempt, attempt, available, frame

router = APIRouter(tags=["tutorials"])


@router.get("/api/tutorials")
async def tutorials() -> dict[str, Any]:
    return {"tutorials": available()}


@router.get("/api/tutorials/{game}/{n}")
async def step(game: str, n: int, lang: str = "en") -> dict[str, Any]:
    return await asyncio.to_thread(frame, game, n, lang)


@router.post("/api/tutorials/{game}/{n}")
async def act(game: str, n: int, body: Attempt, lang: str = "en") -> dict[str, Any]:
    return await asyncio.to_thread(attempt, game, n, body.action, lang)

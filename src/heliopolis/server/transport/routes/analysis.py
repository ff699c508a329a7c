"""A finished game's analysis and a hint in a running one (``learn/analysis_jobs.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from heliopolis.server.transport.deps import Svc, Writer

router = APIRouter()


@router.get("/api/games/{game_id}/analysis")
async def read_analysis(game_id: str, svc: Svc) -> dict[str, Any]:
    return await svc.analysis.read(game_id)


@router.post("/api/games/{game_id}/analysis")
async def start_analysis(game_id: str, request: Request, svc: Svc) -> dict[str, Any]:
    return await svc.analysis.start(game_id, request.client.host if request.client else "?")


@router.post("/api/games/{game_id}/hint")
async def hint(game_id: str, svc: Svc, p: Writer) -> dict[str, Any]:
    return await svc.analysis.hint(game_id, p.token, p.account, p.client or "?")

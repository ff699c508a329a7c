"""What a page reads before it draws: the games on offer and the message catalogs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from heliopolis.server.play.authority import available_meta
from heliopolis.server.transport import catalogs
from heliopolis.server.transport.deps import Services, Svc

router = APIRouter()


@router.get("/api/meta")
async def meta() -> dict[str, Any]:
    return available_meta()


@router.get("/api/i18n/{lang}")
async def i18n_catalog(lang: str, request: Request, svc: Svc) -> Response:
    # The shared part of the browser's catalogs: immutable under its content hash (the pages name it), else by ETag.
    return i18n_part(request, svc, lang, catalogs.SHARED)


@router.get("/api/i18n/{lang}/{game}")
async def i18n_game_catalog(lang: str, game: str, request: Request, svc: Svc) -> Response:
    # One game's part, for the pages that draw its board.
    return i18n_part(request, svc, lang, game)


def i18n_part(request: Request, svc: Services, lang: str, game: str) -> Response:
    asset = catalogs.part(lang, game)
    return svc.assets.respond(request, asset, immutable=request.query_params.get("v") == catalogs.version(lang, game))

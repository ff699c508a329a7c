"""The browser's pages and static files (``assets.py`` builds and caches them)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from heliopolis.server.transport.deps import Svc
from heliopolis.server.transport.protocol import ServerError

router = APIRouter(include_in_schema=False)
PAGES = {"/": "index.html", "/leaderboard": "leaderboard.html", "/my": "my.html", "/admin": "admin.html",
         "/g/{game_id}": "game.html", "/rules/{game_id}": "rules.html", "/learn/{game_id}": "tutorial.html"}  # fmt: skip


async def serve(request: Request, svc: Svc) -> Response:
    """A page, revalidated by ETag: which one is the route's path (``PAGES``)."""
    web = svc.assets
    return web.respond(request, web.page(PAGES[request.scope["route"].path]), immutable=False)


for _path in PAGES:
    router.add_api_route(_path, serve, methods=["GET"])


@router.get("/static/{path:path}")
async def static(path: str, request: Request, svc: Svc) -> Response:
    # Versioned URLs (?v=<build>) are immutable; others revalidate by ETag (assets.py).
    hit = svc.assets.static(request, path)
    if hit is None:
        raise ServerError("not_found", f"no file {path!r}")
    return hit

"""The HTTP and WebSocket routes, one module per concern, each with a module-level ``router``.

Handlers are module-level functions that take what they need from FastAPI (``deps.py``: ``Svc``
for the services, ``Writer`` / ``Reader`` for who is asking); the logic stays in the services.
``ROUTERS`` is what ``create_app`` includes.
"""

from __future__ import annotations

from fastapi import APIRouter

from heliopolis.server.transport.routes import (
    accounts,
    alerts,
    analysis,
    chat,
    games,
    health,
    meta,
    moderation,
    pages,
    ratings,
    table,
    tutorials,
    ws,
)

# The move path's routes first: FastAPI tries the routes in this order, and every route passed costs
# (the OpenAPI document lists the paths in this order too; none of them overlap, so the order decides
# nothing else).
ROUTERS: tuple[APIRouter, ...] = (
    games.router, ws.router, accounts.router, accounts.lifecycle, accounts.data, table.router, chat.router,
    table.rematch, ratings.router, alerts.router, accounts.reset, moderation.router, health.router,
    tutorials.router, analysis.router, pages.router, meta.router,
)  # fmt: skip

"""What a route may ask FastAPI for: the app's services, and who is asking (``Principal``).

``create_app`` builds one ``Services`` and stores it on ``app.state.services``; a route takes
``svc: Svc`` and reads the service it needs (``svc.auth.act(...)``), so no route closes over a
service. Who is asking is ``Writer`` on a write (the session cookie needs its CSRF header) and
``Reader`` on a read. Every dependency is ``async`` and reads nothing from the database that the
handlers did not read before: a plain ``def`` would run in the thread pool, per request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from heliopolis.server.learn.analysis_jobs import AnalysisService
from heliopolis.server.ops.health import Health
from heliopolis.server.play.authority import Authority
from heliopolis.server.play.table import TableService
from heliopolis.server.settings import Settings
from heliopolis.server.social.accounts import Accounts
from heliopolis.server.social.alerts import Alerts
from heliopolis.server.social.chat import Chat
from heliopolis.server.social.moderation import Moderation
from heliopolis.server.social.ratings import Ratings
from heliopolis.server.social.rematch import Rematch
from heliopolis.server.store.archive import Archive
from heliopolis.server.store.storage import Storage
from heliopolis.server.transport.assets import Assets
from heliopolis.server.transport.hub import Hub

if TYPE_CHECKING:  # prometheus_client is only imported when metrics are on (serve --metrics)
    from heliopolis.server.ops.metrics import Metrics


@dataclass(frozen=True, slots=True)
class Services:
    """Every service of one app, built once by ``create_app``."""

    settings: Settings
    hub: Hub
    storage: Storage
    auth: Authority  # the authority: cached games, moves, bots, undo
    table: TableService
    accounts: Accounts
    chat: Chat
    ratings: Ratings
    alerts: Alerts
    archive: Archive
    moderation: Moderation
    rematch: Rematch
    analysis: AnalysisService
    health: Health
    metrics: Metrics | None  # None: nothing is counted (no --metrics)
    assets: Assets
    origins: tuple[str, ...]  # Settings.allowed_origins without trailing slashes (guard.origin_allowed)


async def services(conn: HTTPConnection) -> Services:
    """The app's services (HTTP and WebSocket routes alike)."""
    found: Services = conn.app.state.services
    return found


Svc = Annotated[Services, Depends(services)]


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: the account of its session cookie (None without one, or when a
    seat token is sent: the token decides then), the seat token and the client's address."""

    account: int | None
    token: str | None
    client: str


def bearer(conn: HTTPConnection) -> str | None:
    """The seat token from ``Authorization: Bearer`` (never from the URL, which browsers, proxies
    and access logs keep)."""
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


async def _principal(request: Request, svc: Services, write: bool) -> Principal:
    account = await svc.accounts.principal(request, write=write)
    return Principal(account, bearer(request), request.client.host if request.client else "")


async def writer(request: Request, svc: Svc) -> Principal:
    """A write's principal: a session cookie must come with its CSRF header (``forbidden`` otherwise)."""
    return await _principal(request, svc, write=True)


async def reader(request: Request, svc: Svc) -> Principal:
    """A read's principal: the session cookie alone will do."""
    return await _principal(request, svc, write=False)


Writer = Annotated[Principal, Depends(writer)]
Reader = Annotated[Principal, Depends(reader)]

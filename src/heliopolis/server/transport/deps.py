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
from heliopolis.server.transport.protocol import ServerError

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


def services_of(conn: HTTPConnection) -> Services:
    found: Services = conn.app.state.services
    return found


async def services(conn: HTTPConnection) -> Services:
    """The app's services (HTTP and WebSocket routes alike)."""
    return services_of(conn)


Svc = Annotated[Services, Depends(services)]


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a request acts for: the account of its session cookie (None without one, or when a
    seat token is sent: the token decides then), the seat token and the client's address."""

    account_id: int | None
    token: str | None
    client: str
    # A write's session without its CSRF header: raised where the handler first asks for the account,
    # so the checks it makes before (the body's, the game's, an invite's) still answer first, as they
    # did when handlers called ``accounts.principal`` themselves.
    refused: ServerError | None = None

    @property
    def account(self) -> int | None:
        if self.refused is not None:
            raise self.refused
        return self.account_id


def bearer(conn: HTTPConnection) -> str | None:
    """The seat token from ``Authorization: Bearer`` (never from the URL, which browsers, proxies
    and access logs keep)."""
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


async def _principal(request: Request, write: bool) -> Principal:
    # The services straight from app.state, not through ``Svc``: each sub-dependency costs FastAPI
    # about as much as routing does, on every request.
    accounts = services_of(request).accounts
    client = request.client.host if request.client else ""
    try:
        account = await accounts.principal(request, write=write)
    except ServerError as e:  # the CSRF check of a write
        return Principal(None, bearer(request), client, refused=e)
    return Principal(account, bearer(request), client)


async def writer(request: Request) -> Principal:
    """A write's principal: a session cookie must come with its CSRF header (``forbidden`` otherwise)."""
    return await _principal(request, write=True)


async def reader(request: Request) -> Principal:
    """A read's principal: the session cookie alone will do."""
    return await _principal(request, write=False)


Writer = Annotated[Principal, Depends(writer)]
Reader = Annotated[Principal, Depends(reader)]

"""The web application: HTTP API, WebSocket API and the browser UI (see docs/server-api.md).

``create_app(Settings(...))`` builds the services, includes the routers of ``transport/routes/`` and adds
the middleware; ``heliopolis serve`` runs it on uvicorn. Routes take the services from FastAPI
(``transport/deps.py``); the error answers are ``transport/errors.py`` (always JSON, 4xx for bad input,
never a 500), the start and the drain ``lifespan.py``.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from heliopolis.server.learn.analysis_jobs import AnalysisService
from heliopolis.server.lifespan import lifespan
from heliopolis.server.ops.health import Health
from heliopolis.server.play.authority import Authority
from heliopolis.server.play.bots import BotPool
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
from heliopolis.server.transport import catalogs, errors, routes
from heliopolis.server.transport.assets import Assets
from heliopolis.server.transport.deps import Services
from heliopolis.server.transport.guard import Guard
from heliopolis.server.transport.hub import Hub

if TYPE_CHECKING:  # prometheus_client is imported only with metrics on
    from heliopolis.server.ops.metrics import Metrics

__all__ = ["WEB", "Settings", "app_from_env", "catalog_versions", "create_app"]
WEB = Path(__file__).with_name("web")
GZIP_LEVEL = 5  # API JSON: level 5 is within a few % of 9's size at about half its CPU per move
GZIP_MIN = 1024  # bytes: small answers (an ack, an error) are sent as they are


def catalog_versions() -> dict[str, str]:
    """Catalog part -> its content hash (server/transport/catalogs.py): pages fetch ``/api/i18n/<lang>?v=<hash>``
    and a game's ``/api/i18n/<lang>/<game>?v=<hash>`` (immutable)."""
    return catalogs.versions()


def app_from_env() -> FastAPI:
    """The app of one process of ``heliopolis serve --workers N`` (uvicorn's factory): settings
    from ``HELIOPOLIS_SETTINGS``; the process dies with uvicorn's supervisor."""
    from heliopolis.server.play.botworker import die_with_parent

    die_with_parent(os.getppid())
    return create_app(Settings(**json.loads(os.environ["HELIOPOLIS_SETTINGS"])))


def create_app(settings: Settings | None = None) -> FastAPI:
    s = build_services(settings or Settings())
    app = FastAPI(title="Heliopolis", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json",
                  exception_handlers=errors.HANDLERS)  # fmt: skip
    app.state.services = s
    for f in fields(s):  # app.state.auth, .chat, ...: what tests and scripts reach for by name
        setattr(app.state, f.name, getattr(s, f.name))
    for router in routes.ROUTERS:
        app.include_router(router)
    if s.metrics is not None:
        app.include_router(routes.health.metrics)
    app.add_middleware(Guard, settings=s.settings, shared=s.storage if s.storage.is_postgres else None,
                       metrics=s.metrics)  # fmt: skip
    # Outermost: compresses what the app and Guard answer; WebSockets pass through untouched
    # (scope type "websocket"), and responses that are already gzipped (assets.py) are left as they are.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN, compresslevel=GZIP_LEVEL)
    if s.settings.log_context:  # outermost: Guard's refusals are logged with their request id too
        from heliopolis.server.ops.logsetup import RequestContext

        app.add_middleware(RequestContext)
    return app


def build_services(settings: Settings) -> Services:
    """Every service, wired to the ones it needs."""
    hub = Hub()
    storage = Storage(settings.db, instance=secrets.token_hex(6))
    auth = Authority(storage, hub, BotPool(settings.bot_workers, settings.bot_move_cap, settings.bot_slice), bot_delay=settings.bot_delay,
                     bot_games_per_client=settings.bot_games_per_client, bot_games=settings.bot_games,
                     undo_cooldown=settings.undo_cooldown)  # fmt: skip
    accounts = Accounts(storage)
    table = TableService(auth)
    auth.events = table  # the authority tells the table of every game loaded and every move (events.py)
    chat = Chat(auth, table)
    ratings = Ratings(auth, table)
    alerts = Alerts(auth, settings.smtp, settings.smtp_from, settings.public_url, settings.alert_interval)
    table.listen(ratings)  # after each commit here: a finished game is rated, whose turn it is is mailed
    table.listen(alerts)
    moderation = Moderation(auth, accounts, chat, table)
    chat.sanctions = table.sanctions = accounts.sanctions = moderation  # mutes and bans close these doors
    analysis = AnalysisService(auth, table, settings.analysis_budget, settings.analysis_daily, settings.hint_budget,
                               settings.hint_rate, settings.analysis_timeout)  # fmt: skip
    return Services(
        settings=settings, hub=hub, storage=storage, auth=auth, table=table, accounts=accounts, chat=chat,
        ratings=ratings, alerts=alerts, archive=Archive(auth), moderation=moderation,
        rematch=Rematch(table), analysis=analysis, health=Health(storage, auth.bots),
        metrics=_metrics(settings, storage, hub, auth), assets=Assets(WEB, catalog_versions),
        origins=tuple(o.rstrip("/") for o in settings.allowed_origins),
    )  # fmt: skip


def _metrics(settings: Settings, storage: Storage, hub: Hub, auth: Authority) -> Metrics | None:
    """The app's own metrics (``serve --metrics``), or None: nothing is counted then."""
    if not settings.metrics:
        return None
    from heliopolis.server.ops.metrics import Metrics

    metrics = Metrics()
    metrics.watch(storage, hub, auth, auth.bots)
    return metrics

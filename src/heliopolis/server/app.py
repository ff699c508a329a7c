"""The web application: HTTP API, WebSocket API and the browser UI (see docs/server-api.md).

``create_app(Settings(...))`` builds a FastAPI app; ``heliopolis serve`` runs it on uvicorn.
Every answer to bad input is a 4xx JSON error (``protocol.ServerError``), never a 500.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from heliopolis.server.learn import analysis_jobs
from heliopolis.server.learn import tutorials as tutorials_api
from heliopolis.server.ops import health as health_api
from heliopolis.server.ops.gc_tuning import tune_for_serving
from heliopolis.server.play import table as table_api
from heliopolis.server.play.authority import Authority, Live, available_meta
from heliopolis.server.play.bots import BotPool
from heliopolis.server.play.lease import BotLeases
from heliopolis.server.social import account_data, account_lifecycle, password_reset
from heliopolis.server.social import accounts as accounts_api
from heliopolis.server.social import alerts as alerts_api
from heliopolis.server.social import chat as chat_api
from heliopolis.server.social import moderation as moderation_api
from heliopolis.server.social import ratings as ratings_api
from heliopolis.server.social import rematch as rematch_api
from heliopolis.server.store import archive as archive_api
from heliopolis.server.store.storage import GameRecord, Storage
from heliopolis.server.transport import assets as assets_api
from heliopolis.server.transport import catalogs, messages
from heliopolis.server.transport.guard import Guard, origin_allowed
from heliopolis.server.transport.hub import Hub, PgListener
from heliopolis.server.transport.limits import TokenBucket
from heliopolis.server.transport.protocol import (
    ActBody,
    CreateGame,
    JoinGame,
    ServerError,
    UndoBody,
    WsAct,
    WsPing,
    WsSync,
    WsUndo,
    WsUndoReply,
    field_path,
    parse_client_message,
    parse_json_document,
    request_problem,
)  # fmt: skip
from heliopolis.server.transport.push import Pusher

WEB = Path(__file__).with_name("web")
log = logging.getLogger("heliopolis.server")
GZIP_LEVEL = 5  # API JSON: level 5 is within a few % of 9's size at about half its CPU per move
GZIP_MIN = 1024  # bytes: small answers (an ack, an error) are sent as they are


def catalog_versions() -> dict[str, str]:
    """Catalog part -> its content hash (server/transport/catalogs.py): pages fetch ``/api/i18n/<lang>?v=<hash>``
    and a game's ``/api/i18n/<lang>/<game>?v=<hash>`` (immutable)."""
    return catalogs.versions()


@dataclass
class Settings:
    db: str = "sqlite:///heliopolis.db"
    bot_delay: float = 0.4  # seconds a bot waits before moving, so people can follow the game
    bot_workers: int = 1  # search processes (cheap bots have one more of their own)
    bot_move_cap: float = 5.0  # seconds of wall time a bot may think per move, enforced
    bot_slice: float = 1.0  # the cap instead while a client over its share meets others (0: never cut)
    bot_games_per_client: int = 4  # games whose bots are playing, per creating address
    bot_games: int = 200  # games whose bots are playing, per server process
    http_rate: float = 20.0  # writes per second per client address
    http_burst: float = 100.0
    ws_rate: float = 20.0  # messages per second per connection
    ws_burst: float = 40.0
    ws_per_client: int = 64  # open WebSockets per client address (0: no limit)
    read_rate: float = 20.0  # API reads per second per client address (a lobby tab polls ~1/s)
    read_burst: float = 100.0
    create_rate: float = 0.5  # new games (created or imported) per second per client address
    create_burst: float = 10.0
    undo_cooldown: float = 30.0  # seconds before a seat whose undo request was declined may ask again
    # Origins (scheme://host[:port]) whose pages may open WebSockets besides the server's own; "*": any.
    allowed_origins: tuple[str, ...] = ()
    smtp: str | None = None  # smtp://host:port for turn e-mails (alerts.py); None: no e-mail
    smtp_from: str = "heliopolis@localhost"
    public_url: str = "http://127.0.0.1:8000"  # the links in e-mails
    alert_interval: float = 300.0  # seconds between two turn e-mails per account and game
    tune_gc: bool = False  # the serving collector settings (gc_tuning.py); `heliopolis serve` sets it
    drain_seconds: float = 10.0  # SIGTERM: how long requests in flight, then bots, may take to finish
    metrics: bool = False  # GET /metrics (metrics.py): `heliopolis serve --metrics`
    log_context: bool = False  # request and game ids in the logs (logsetup.py): `serve --log-format json`
    # Analysis and hints (analysis_jobs.py): samples per action (a whole game in about a minute of one
    # worker; hints within 2 s), analyses a client may start a day, hints per second per client.
    # HELIOPOLIS_ANALYSIS_BUDGET / HELIOPOLIS_HINT_BUDGET / HELIOPOLIS_HINT_RATE: for tests of a served site
    # (smaller budgets; browser tests that ask one hint each from one address, faster than one in 5 s).
    analysis_budget: int = field(default_factory=lambda: int(os.environ.get("HELIOPOLIS_ANALYSIS_BUDGET", "48")))
    analysis_daily: int = 20
    hint_budget: int = field(default_factory=lambda: int(os.environ.get("HELIOPOLIS_HINT_BUDGET", "100")))
    hint_rate: float = field(default_factory=lambda: float(os.environ.get("HELIOPOLIS_HINT_RATE", "0.2")))
    analysis_timeout: float = 30.0  # seconds one decision or hint may take in a worker


SUBPROTOCOL = "heliopolis"  # offered with "heliopolis.token.<seat token>" by browsers (docs/server-api.md)
TOKEN_PROTOCOL = "heliopolis.token."


def summary(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "game": rec.game, "players": rec.options.get("players"),
        "options": {k: v for k, v in rec.options.items() if k != "players"}, "status": rec.status,
        "seats": [s.public() for s in rec.seats], "moves": rec.plies, "created": rec.created_at,
        "updated": rec.updated_at, "winners": rec.winners,
    }  # fmt: skip


def state_message(auth: Authority, live: Live, seat: int | None) -> dict[str, Any]:
    """What one connection sees: its seat's view only, its legal actions only if it is to move."""
    return messages.state_dict(auth, live, seat)


def _token(request: Request | WebSocket) -> str | None:
    """The seat token from ``Authorization: Bearer`` (never from the URL, which browsers, proxies
    and access logs keep)."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


def _ws_token(websocket: WebSocket) -> tuple[str | None, str | None]:
    """(token, subprotocol to answer with): from the ``heliopolis.token.<t>`` subprotocol (browsers
    cannot set headers on a WebSocket), an Authorization header, or the deprecated ``?token=``."""
    offered = websocket.scope.get("subprotocols") or []
    chosen = SUBPROTOCOL if SUBPROTOCOL in offered else None
    for p in offered:
        if p.startswith(TOKEN_PROTOCOL):
            return p[len(TOKEN_PROTOCOL) :] or None, chosen
    return _token(websocket) or websocket.query_params.get("token") or None, chosen


def app_from_env() -> FastAPI:
    """The app of one process of ``heliopolis serve --workers N`` (uvicorn's factory): settings
    from ``HELIOPOLIS_SETTINGS``; the process dies with uvicorn's supervisor."""
    from heliopolis.server.play.botworker import die_with_parent

    die_with_parent(os.getppid())
    return create_app(Settings(**json.loads(os.environ["HELIOPOLIS_SETTINGS"])))


def _metrics(settings: Settings, storage: Storage, hub: Hub, auth: Authority) -> Any:
    """The app's own metrics (``serve --metrics``), or None: nothing is counted then."""
    if not settings.metrics:
        return None
    from heliopolis.server.ops.metrics import Metrics

    metrics = Metrics()
    metrics.watch(storage, hub, auth, auth.bots)
    return metrics


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    hub = Hub()
    storage = Storage(settings.db, instance=secrets.token_hex(6))
    auth = Authority(storage, hub, BotPool(settings.bot_workers, settings.bot_move_cap, settings.bot_slice), bot_delay=settings.bot_delay,
                     bot_games_per_client=settings.bot_games_per_client, bot_games=settings.bot_games,
                     undo_cooldown=settings.undo_cooldown)  # fmt: skip
    allowed_origins = tuple(o.rstrip("/") for o in settings.allowed_origins)
    archive = archive_api.Archive(auth)
    accounts = accounts_api.Accounts(storage)
    table = table_api.TableService(auth)
    auth.events = table  # the authority tells the table of every game loaded and every move (events.py)
    chat = chat_api.Chat(auth, table)
    ratings = ratings_api.Ratings(auth, table)
    alerts = alerts_api.Alerts(auth, settings.smtp, settings.smtp_from, settings.public_url, settings.alert_interval)
    table.listen(ratings)  # after each commit here: a finished game is rated, whose turn it is is mailed
    table.listen(alerts)
    moderation = moderation_api.Moderation(auth, accounts, chat, table)
    metrics = _metrics(settings, storage, hub, auth)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(storage.migrate)
        listener = chat_listener = None
        if storage.is_postgres:
            listener = PgListener("postgresql://" + storage.url.split("://", 1)[1], auth.on_remote_change,
                                  storage.instance)  # fmt: skip
            listener.start()
            await asyncio.wait_for(listener.ready.wait(), 10)
            auth.leases = BotLeases(listener.dsn, auth.take_over, instance=storage.instance)
            await auth.leases.start()
            chat_listener = PgListener(listener.dsn, chat.on_remote, storage.instance, channel=chat_api.CHANNEL)
            chat_listener.start()
            await asyncio.wait_for(chat_listener.ready.wait(), 10)
        await auth.bots.start()
        await auth.resume_all()
        await table.resume()
        await ratings.resume()
        await moderation.start(listener.dsn if listener is not None else None)
        if settings.tune_gc:
            tune_for_serving()
        yield
        # Drain (SIGTERM; uvicorn has stopped accepting, closed the WebSockets with 1012 and let
        # the requests in flight finish): bots stop at a safe point, their games go to the others.
        await auth.drain(settings.drain_seconds)
        if auth.leases is not None:
            await auth.leases.hand_off()
        for lst in (listener, chat_listener):
            if lst is not None:
                await lst.stop()
        await moderation.stop()
        table.close()
        if auth.leases is not None:
            await auth.leases.stop()
        await auth.close()
        archive.close()
        storage.dispose()

    app = FastAPI(title="Heliopolis", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.auth = auth
    app.state.table = table
    app.state.archive = archive
    app.state.settings = settings
    app.state.ratings = ratings
    app.state.alerts = alerts
    app.state.chat = chat
    app.state.accounts = accounts
    app.include_router(accounts_api.router(accounts, auth))
    app.include_router(account_lifecycle.router(accounts))
    app.include_router(account_data.router(accounts, auth))
    app.include_router(table_api.router(table, accounts, state_message, _token))
    app.include_router(chat_api.router(chat, accounts, _token))
    app.include_router(rematch_api.router(rematch_api.Rematch(table), accounts, _token))
    app.include_router(ratings_api.router(ratings, accounts))
    app.include_router(alerts_api.router(alerts, accounts))
    app.include_router(password_reset.router(accounts, alerts))
    app.include_router(moderation_api.router(moderation, _token))
    app.state.health = health_api.Health(storage, auth.bots)
    health_api.route(app, app.state.health)
    if metrics is not None:
        from heliopolis.server.ops.metrics import route as metrics_route

        metrics_route(app, metrics)
    app.include_router(tutorials_api.router())  # stateless: no table, no rating (tutorials/)
    analysis = analysis_jobs.AnalysisService(auth, table, settings.analysis_budget, settings.analysis_daily,
                                             settings.hint_budget, settings.hint_rate, settings.analysis_timeout)  # fmt: skip
    app.include_router(analysis_jobs.router(analysis, accounts, _token))

    # -- errors: always JSON, always 4xx for bad input -----------------------------------------
    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        if metrics is not None and exc.code == "rate_limited":
            metrics.refused["api"].inc()
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        body = ServerError("bad_request", request_problem(errors)).body()
        body["error"]["field"] = field_path(errors[0]) if errors else ""  # for client authors: where
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_request", 413: "too_large"}.get(exc.status_code, "bad_request")
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code)

    app.add_middleware(Guard, settings=settings, shared=storage if storage.is_postgres else None, metrics=metrics)
    # Outermost: compresses what the app and Guard answer; WebSockets pass through untouched
    # (scope type "websocket"), and responses that are already gzipped (assets.py) are left as they are.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN, compresslevel=GZIP_LEVEL)
    if settings.log_context:  # outermost: Guard's refusals are logged with their request id too
        from heliopolis.server.ops.logsetup import RequestContext

        app.add_middleware(RequestContext)

    # -- pages ---------------------------------------------------------------------------------
    web = assets_api.Assets(WEB, catalog_versions)
    app.state.assets = web

    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return web.respond(request, web.page(name), immutable=False)

        return serve

    for path, name in (("/", "index.html"), ("/leaderboard", "leaderboard.html"), ("/my", "my.html"),
                       ("/admin", "admin.html"), ("/g/{game_id}", "game.html"),
                       ("/rules/{game_id}", "rules.html"), ("/learn/{game_id}", "tutorial.html")):  # fmt: skip
        app.add_api_route(path, page(name), methods=["GET"], include_in_schema=False)

    @app.get("/static/{path:path}", include_in_schema=False)
    async def static(path: str, request: Request) -> Response:
        # Versioned URLs (?v=<build>) are immutable; others revalidate by ETag (assets.py).
        hit = web.static(request, path)
        if hit is None:
            raise ServerError("not_found", f"no file {path!r}")
        return hit

    # -- API -----------------------------------------------------------------------------------
    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return available_meta()

    @app.get("/api/i18n/{lang}")
    async def i18n_catalog(lang: str, request: Request) -> Response:
        # The shared part of the browser's catalogs: immutable under its content hash (the pages name it), else by ETag.
        return i18n_part(request, lang, catalogs.SHARED)

    @app.get("/api/i18n/{lang}/{game}")
    async def i18n_game_catalog(lang: str, game: str, request: Request) -> Response:
        # One game's part, for the pages that draw its board.
        return i18n_part(request, lang, game)

    def i18n_part(request: Request, lang: str, game: str) -> Response:
        asset = catalogs.part(lang, game)
        return web.respond(request, asset, immutable=request.query_params.get("v") == catalogs.version(lang, game))

    @app.get("/api/games")
    async def list_games(status: str | None = Query(None, pattern="^(open|running|finished|imported)$"),
                         limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:  # fmt: skip
        recs = await asyncio.to_thread(storage.list_games, status, limit)
        return {"games": [summary(r) for r in recs]}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        account = await accounts.principal(request, write=True)
        await accounts.check_names([s.name for s in body.seats], account)  # no seat passes for an account
        if body.join is not None and body.join < len(body.seats):
            body.seats[body.join].name = await accounts.seat_name(account, body.seats[body.join].name)
        return await table.create(body, account, client=request.client.host if request.client else "")

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> dict[str, Any]:
        return summary((await auth.get(game_id)).rec)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: JoinGame, request: Request) -> dict[str, Any]:
        table.check_invite(await auth.get(game_id), body.invite)
        account = await accounts.principal(request, write=True)
        seat, token = await auth.join(game_id, body.seat, await accounts.seat_name(account, body.name), account,
                                      client=request.client.host if request.client else "")  # fmt: skip
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}/state")
    async def get_state(game_id: str, request: Request) -> dict[str, Any]:
        live = await auth.get(game_id)
        account = await accounts.principal(request, write=False)
        return state_message(auth, live, auth.seat_of(live, _token(request), account))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActBody, request: Request) -> dict[str, Any]:
        token, account = _token(request), await accounts.principal(request, write=True)
        live = await auth.act(game_id, token, body, account)
        return state_message(auth, live, auth.seat_of(live, token, account))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: UndoBody, request: Request) -> dict[str, Any]:
        token, account = _token(request), await accounts.principal(request, write=True)
        live = await auth.undo(game_id, token, body.accept, account)
        return state_message(auth, live, auth.seat_of(live, token, account))

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, ply: int | None = Query(None, ge=0, le=100_000)) -> Response:
        text = await archive.replay_frame(game_id, ply)  # cached encoded frame (a JSON object)
        upto = (await auth.get(game_id)).rec.plies if ply is None else ply
        said = await asyncio.to_thread(chat.messages, game_id, -1, upto)
        return Response(text[:-1] + ',"chat":' + json.dumps(said) + "}", media_type="application/json")

    @app.get("/api/games/{game_id}/export")
    async def export(game_id: str) -> JSONResponse:
        doc = await archive.export(game_id)
        doc["chat"] = [{k: m[k] for k in ("seat", "name", "text", "ply", "at")}
                       for m in await asyncio.to_thread(chat.messages, game_id)]  # fmt: skip
        headers = {"Content-Disposition": f'attachment; filename="heliopolis-{game_id}.json"'}
        return JSONResponse(doc, headers=headers)

    @app.post("/api/import", status_code=201)
    async def import_game(request: Request) -> dict[str, Any]:
        doc = parse_json_document(await request.body())
        said = chat_api.saved_chat(doc)  # checked before anything is written
        rec = await archive.import_game(doc, chat_api.write_saved_chat(said))
        return {"id": rec.id, "url": f"/g/{rec.id}"}

    # -- WebSocket -----------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws(websocket: WebSocket, game_id: str) -> None:
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), allowed_origins):
            await websocket.close(code=4403)  # before accept: the handshake is answered 403
            return
        token, subprotocol = _ws_token(websocket)
        await websocket.accept(subprotocol=subprotocol)
        send_lock = asyncio.Lock()

        async def send_text(text: str) -> None:
            async with send_lock:
                await websocket.send_text(text)

        async def send(msg: dict[str, Any]) -> None:
            await send_text(json.dumps(msg, separators=(",", ":")))

        try:
            live = await auth.get(game_id)
            account = None if token else await accounts.ws_principal(websocket)
            seat = auth.seat_of(live, token, account)
        except ServerError as e:
            await send({"type": "error", **e.fields()})
            await websocket.close(code=4000 + e.status)
            return
        have = [-1]  # the version this connection holds: deltas go from it (see messages.py)

        def news() -> str | None:
            cur = auth.games.get(game_id)
            if cur is None:
                raise LookupError(game_id)  # evicted meanwhile: the pusher loads it and asks again
            if cur.rec.revision == have[0]:
                return None
            text = messages.for_connection(auth, cur, seat, have[0])
            have[0] = cur.rec.revision
            return text

        # Pushed straight from Hub.publish (push.py): no task per connection wakes up per change.
        pusher = Pusher(websocket.send_text, news, lambda: auth.get(game_id))
        sub = hub.subscribe(game_id, pusher.push)
        watcher = chat.watch(game_id, seat, send_text)  # new chat messages are pushed (chat.py)
        owner = account if seat is None or token is None else live.rec.seats[seat].account_id
        moderation.track(owner, websocket)  # a ban closes it (moderation.py)
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
        pusher.push()  # the first state
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                sent_text = msg.get("text")
                raw = sent_text if sent_text is not None else msg.get("bytes") or b""
                try:
                    if not bucket.take():
                        if metrics is not None:
                            metrics.refused["websocket_message"].inc()
                        raise ServerError("rate_limited", "too many messages; slow down")
                    m = parse_client_message(raw)
                    if isinstance(m, WsPing):
                        await send({"type": "pong"})
                    elif isinstance(m, WsSync):
                        cur = await auth.get(game_id)
                        have[0] = cur.rec.revision
                        await send_text(messages.state_text(auth, cur, seat))
                    elif isinstance(m, WsAct):
                        await auth.act(game_id, token, m, account)  # a WsAct is an ActBody, validated
                    elif isinstance(m, WsUndo):
                        await auth.undo(game_id, token, None, account)
                    elif isinstance(m, WsUndoReply):
                        await auth.undo(game_id, token, m.accept, account)
                except ServerError as e:
                    await send({"type": "error", **e.fields()})
        except WebSocketDisconnect:
            pass
        finally:
            pusher.close()
            hub.unsubscribe(sub)
            chat.unwatch(watcher)
            moderation.untrack(owner, websocket)

    return app

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
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from heliopolis.server import messages
from heliopolis.server.authority import Authority, Live, available_meta
from heliopolis.server.bots import BotPool
from heliopolis.server.hub import Hub, PgListener
from heliopolis.server.lease import BotLeases
from heliopolis.server.limits import KeyedLimiter, TokenBucket
from heliopolis.server.protocol import (
    MAX_HTTP_BODY, ActBody, CreateGame, JoinGame, ServerError, UndoBody, WsAct, WsPing, WsSync, WsUndo, WsUndoReply,
    parse_client_message,
)  # fmt: skip
from heliopolis.server.storage import GameRecord, Storage

WEB = Path(__file__).with_name("web")
log = logging.getLogger("heliopolis.server")


@dataclass
class Settings:
    db: str = "sqlite:///heliopolis.db"
    bot_delay: float = 0.4  # seconds a bot waits before moving, so people can follow the game
    bot_workers: int = 1  # search processes (cheap bots have one more of their own)
    bot_move_cap: float = 5.0  # seconds of wall time a bot may think per move, enforced
    bot_games_per_client: int = 4  # games whose bots are playing, per creating address
    bot_games: int = 200  # games whose bots are playing, per server process
    http_rate: float = 20.0  # writes per second per client address
    http_burst: float = 100.0
    ws_rate: float = 20.0  # messages per second per connection
    ws_burst: float = 40.0


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


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.query_params.get("token") or None


def app_from_env() -> FastAPI:
    """The app of one process of ``heliopolis serve --workers N`` (uvicorn's factory): settings
    from ``HELIOPOLIS_SETTINGS``; the process dies with uvicorn's supervisor."""
    from heliopolis.server.botworker import die_with_parent

    die_with_parent(os.getppid())
    return create_app(Settings(**json.loads(os.environ["HELIOPOLIS_SETTINGS"])))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    hub = Hub()
    storage = Storage(settings.db, instance=secrets.token_hex(6))
    auth = Authority(storage, hub, BotPool(settings.bot_workers, settings.bot_move_cap), bot_delay=settings.bot_delay,
                     bot_games_per_client=settings.bot_games_per_client, bot_games=settings.bot_games)  # fmt: skip
    limiter = KeyedLimiter(settings.http_rate, settings.http_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        await asyncio.to_thread(storage.migrate)
        listener = None
        if storage.is_postgres:
            listener = PgListener("postgresql://" + storage.url.split("://", 1)[1], auth.on_remote_change,
                                  storage.instance)  # fmt: skip
            listener.start()
            await asyncio.wait_for(listener.ready.wait(), 10)
            auth.leases = BotLeases(listener.dsn, auth.take_over)
            await auth.leases.start()
        await auth.bots.start()
        await auth.resume_all()
        yield
        if listener is not None:
            await listener.stop()
        if auth.leases is not None:
            await auth.leases.stop()
        await auth.close()
        storage.dispose()

    app = FastAPI(title="Heliopolis", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json")
    app.state.auth = auth
    app.state.settings = settings

    # -- errors: always JSON, always 4xx for bad input -----------------------------------------
    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        e = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
        msg = f"{where}: {e['msg']}" if where else e["msg"]
        return JSONResponse({"error": {"code": "bad_request", "message": msg}}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_request", 413: "too_large"}.get(exc.status_code, "bad_request")
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code)

    @app.middleware("http")
    async def _guard(request: Request, call_next):  # noqa: ANN001, ANN202
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            size = request.headers.get("content-length")
            if size is not None and (not size.isdigit() or int(size) > MAX_HTTP_BODY):
                return JSONResponse(ServerError("too_large", f"request bodies are limited to {MAX_HTTP_BODY} bytes")
                                    .body(), status_code=413)  # fmt: skip
            if size is None and request.headers.get("transfer-encoding"):
                return JSONResponse(ServerError("bad_request", "send a Content-Length").body(), status_code=411)
            client = request.client.host if request.client else "?"
            if not limiter.take(client):
                return JSONResponse(ServerError("rate_limited", "too many requests; slow down").body(),
                                    status_code=429)  # fmt: skip
        return await call_next(request)

    # -- pages ---------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- API -----------------------------------------------------------------------------------
    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return available_meta()

    @app.get("/api/games")
    async def list_games(status: str | None = Query(None, pattern="^(open|running|finished|imported)$"),
                         limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:  # fmt: skip
        recs = await asyncio.to_thread(storage.list_games, status, limit)
        return {"games": [summary(r) for r in recs]}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        rec, token = await auth.create(body, client=request.client.host if request.client else "")
        return {"id": rec.id, "seat": body.join, "token": token, "url": f"/g/{rec.id}"}

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> dict[str, Any]:
        return summary((await auth.get(game_id)).rec)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, body: JoinGame) -> dict[str, Any]:
        seat, token = await auth.join(game_id, body.seat, body.name)
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}/state")
    async def get_state(game_id: str, request: Request) -> dict[str, Any]:
        live = await auth.get(game_id)
        return state_message(auth, live, auth.seat_of(live, _token(request)))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActBody, request: Request) -> dict[str, Any]:
        token = _token(request)
        live = await auth.act(game_id, token, body)
        return state_message(auth, live, auth.seat_of(live, token))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: UndoBody, request: Request) -> dict[str, Any]:
        token = _token(request)
        live = await auth.undo(game_id, token, body.accept)
        return state_message(auth, live, auth.seat_of(live, token))

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, ply: int | None = Query(None, ge=0, le=100_000)) -> dict[str, Any]:
        return await auth.replay_frame(game_id, ply)

    @app.get("/api/games/{game_id}/export")
    async def export(game_id: str) -> JSONResponse:
        doc = await auth.export(game_id)
        headers = {"Content-Disposition": f'attachment; filename="heliopolis-{game_id}.json"'}
        return JSONResponse(doc, headers=headers)

    @app.post("/api/import", status_code=201)
    async def import_game(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_HTTP_BODY:
            raise ServerError("too_large", f"request bodies are limited to {MAX_HTTP_BODY} bytes")
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ServerError("bad_request", "the body is not JSON: send a saved-game file") from None
        rec = await auth.import_game(doc)
        return {"id": rec.id, "url": f"/g/{rec.id}"}

    # -- WebSocket -----------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        send_lock = asyncio.Lock()

        async def send_text(text: str) -> None:
            async with send_lock:
                await websocket.send_text(text)

        async def send(msg: dict[str, Any]) -> None:
            await send_text(json.dumps(msg, separators=(",", ":")))

        try:
            live = await auth.get(game_id)
            seat = auth.seat_of(live, websocket.query_params.get("token"))
        except ServerError as e:
            await send({"type": "error", "code": e.code, "message": e.message})
            await websocket.close(code=4000 + e.status)
            return
        token = websocket.query_params.get("token")
        sub = hub.subscribe(game_id)
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst)

        have = [-1]  # the version this connection holds: deltas go from it (see messages.py)

        async def pusher() -> None:
            while True:
                cur = auth.games.get(game_id) or await auth.get(game_id)
                if cur.rec.revision != have[0]:
                    text = messages.for_connection(auth, cur, seat, have[0])
                    have[0] = cur.rec.revision
                    await send_text(text)
                await sub.event.wait()
                sub.event.clear()

        push = asyncio.create_task(pusher())
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text") if msg.get("text") is not None else msg.get("bytes") or b""
                try:
                    if not bucket.take():
                        raise ServerError("rate_limited", "too many messages; slow down")
                    m = parse_client_message(raw)
                    if isinstance(m, WsPing):
                        await send({"type": "pong"})
                    elif isinstance(m, WsSync):
                        cur = await auth.get(game_id)
                        have[0] = cur.rec.revision
                        await send_text(messages.state_text(auth, cur, seat))
                    elif isinstance(m, WsAct):
                        await auth.act(game_id, token, ActBody(action=m.action, notation=m.notation,
                                                               version=m.version))  # fmt: skip
                    elif isinstance(m, WsUndo):
                        await auth.undo(game_id, token, None)
                    elif isinstance(m, WsUndoReply):
                        await auth.undo(game_id, token, m.accept)
                except ServerError as e:
                    await send({"type": "error", "code": e.code, "message": e.message})
        except WebSocketDisconnect:
            pass
        finally:
            push.cancel()
            hub.unsubscribe(sub)

    return app

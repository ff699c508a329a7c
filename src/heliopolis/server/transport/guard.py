"""The server's front door: request limits, security headers and the WebSocket origin check.

``Guard`` is plain ASGI middleware (not ``@app.middleware``, whose per-request task group and
streams cost more than the request itself under a flood). For every HTTP request it checks, in
order: the body size, then one token bucket per client address — writes, new games (creates and
imports) and API reads each have their own — and adds the security headers to every answer.
It also counts each client address's open WebSockets and turns away one over the limit
(``Settings.ws_per_client``): an error message, then close code 4429, before the app sees it.

The client address is the TCP peer, or the ``X-Forwarded-For`` client when the peer is a proxy
named in ``heliopolis serve --forwarded-allow-ips`` (uvicorn's ProxyHeadersMiddleware, off by
default), so a client cannot pick a new address per request.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import Message

from heliopolis.server.transport.limits import KeyedLimiter
from heliopolis.server.transport.protocol import MAX_HTTP_BODY, ServerError

# The UI is static ES modules and a stylesheet: no inline script or style, no third-party origin.
# ``'self'`` in connect-src covers ws:/wss: to the same host (CSP Level 3).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")  # fmt: skip
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin",
}  # fmt: skip
log = logging.getLogger("heliopolis.server")
DOCS_PATHS = ("/api/docs", "/api/openapi.json")  # Swagger UI loads its script from a CDN: no CSP there
CREATE_PATHS = ("/api/games", "/api/import")
WRITES = ("POST", "PUT", "PATCH", "DELETE")
TOO_MANY_GAMES = ServerError("rate_limited", "too many new games from your address; wait a little")
WS_TOO_MANY = 4429  # close code: too many sockets from one address (4000 + HTTP 429, as 4403 / 4404)


def _encoded(headers: dict[str, str]) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode(), v.encode()) for k, v in headers.items()]


PAGE_HEADERS = _encoded(SECURITY_HEADERS)
DOCS_HEADERS = _encoded({k: v for k, v in SECURITY_HEADERS.items() if k != "Content-Security-Policy"})


class Guard:
    def __init__(self, app: Any, settings: Any, shared: Any = None, metrics: Any = None) -> None:
        """``shared`` (a PostgreSQL ``Storage``): the new-games limit is one bucket per client address
        in the database, shared by every server process, instead of one per process. ``metrics``
        (metrics.Metrics): refusals are counted."""
        self.app = app
        self.metrics = metrics
        self.shared = shared
        self.create_rate, self.create_burst = settings.create_rate, settings.create_burst
        self.writes = KeyedLimiter(settings.http_rate, settings.http_burst)
        self.reads = KeyedLimiter(settings.read_rate, settings.read_burst)
        self.creates = KeyedLimiter(settings.create_rate, settings.create_burst)
        self.ws_per_client = settings.ws_per_client  # 0: no limit
        self.sockets: dict[str, int] = {}  # client address -> open WebSockets (this process)

    def refusal(self, scope: dict[str, Any]) -> ServerError | None:
        client = scope["client"][0] if scope.get("client") else "?"
        path = scope["path"]
        if scope["method"] in WRITES:
            headers = Headers(scope=scope)
            size = headers.get("content-length")
            if size is not None and (not size.isdigit() or int(size) > MAX_HTTP_BODY):
                return ServerError("too_large", f"request bodies are limited to {MAX_HTTP_BODY} bytes")
            if size is None and headers.get("transfer-encoding"):
                return ServerError("length_required", "send a Content-Length")
            if not self.writes.take(client):
                return ServerError("rate_limited", "too many requests; slow down")
            if path in CREATE_PATHS and self.shared is None and not self.creates.take(client):
                return TOO_MANY_GAMES
        elif path.startswith("/api/") and not self.reads.take(client):
            return ServerError("rate_limited", "too many requests; slow down")
        return None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            if scope["type"] == "websocket" and self.ws_per_client:
                await self.websocket(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        extra = DOCS_HEADERS if scope["path"].startswith(DOCS_PATHS) else PAGE_HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        err = self.refusal(scope)
        if err is None and self.shared is not None and scope["method"] == "POST" and scope["path"] in CREATE_PATHS:
            err = await self.shared_refusal(scope["client"][0] if scope.get("client") else "?")
        if err is not None:
            if self.metrics is not None and err.code == "rate_limited":
                kind = "create" if err is TOO_MANY_GAMES else "write" if scope["method"] in WRITES else "read"
                self.metrics.refused[kind].inc()
            await JSONResponse(err.body(), status_code=err.status)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    async def shared_refusal(self, client: str) -> ServerError | None:
        try:
            ok = await asyncio.to_thread(self.shared.take_token, "create", client, self.create_rate, self.create_burst)
        except Exception as e:  # the database is away: this process's own bucket still holds
            log.warning("shared rate limit unavailable (%s); using this process's own", e)
            ok = self.creates.take(client)
        return None if ok else TOO_MANY_GAMES

    async def websocket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        client = scope["client"][0] if scope.get("client") else "?"
        n = self.sockets.get(client, 0)
        if n >= self.ws_per_client:
            # Accepted, told why, closed: a browser sees the close code and reason (a refused
            # handshake would show it nothing but a failed connection).
            why = f"too many open connections from your address (at most {self.ws_per_client}); close some"
            if self.metrics is not None:
                self.metrics.refused["websocket_connections"].inc()
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.send", "text": json.dumps({"type": "error", "code": "rate_limited",
                                                                          "message": why})})  # fmt: skip
                await send({"type": "websocket.close", "code": WS_TOO_MANY, "reason": "too many connections"})
            return
        self.sockets[client] = n + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.sockets[client] - 1
            if left:
                self.sockets[client] = left
            else:
                del self.sockets[client]  # memory stays bounded by the open sockets


def _default_port(scheme: str) -> int | None:
    return {"http": 80, "ws": 80, "https": 443, "wss": 443}.get(scheme)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Cross-site WebSocket hijacking guard: a browser always sends Origin, so a page may open a
    socket only from the server's own origin (same host and port as the Host header) or an origin
    in ``allowed`` (``"*"``: any). Clients without an Origin (scripts, bots) are not browsers and pass."""
    if origin is None:
        return True
    if "*" in allowed or origin.rstrip("/") in allowed:
        return True
    try:
        o = urlsplit(origin)
        h = urlsplit(f"//{host or ''}")
        return (o.hostname is not None and o.hostname == h.hostname
                and (o.port or _default_port(o.scheme)) == (h.port or _default_port(o.scheme)))  # fmt: skip
    except ValueError:
        return False

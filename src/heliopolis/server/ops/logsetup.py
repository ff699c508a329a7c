"""The server's logs: ``heliopolis serve --log-format text|json --log-level LEVEL`` (docs/operations.md).

``log_config`` is uvicorn's ``log_config`` (``logging.config.dictConfig``; every ``--workers``
process applies it): uvicorn's own loggers (``uvicorn.error``, ``uvicorn.access``) and
``heliopolis`` write to stderr through one handler, in either format:

* ``text``: ``2026-12-02T01:02:03.456Z WARNING heliopolis.server: message``;
* ``json``: one object per line — ``time``, ``level``, ``logger``, ``message``, and, when known,
  ``request_id``, ``game_id``, ``client`` (the address after the proxy rule: uvicorn applies
  ``--forwarded-allow-ips`` before the app sees the request); access lines add ``method``,
  ``path``, ``status``.

``RequestContext`` (ASGI middleware, installed with ``--log-format json``) gives every request and
WebSocket a request id (the proxy's ``X-Request-ID`` when it looks like one, else a new one; sent
back in the answer) and notes the game its path names, in context variables the formatter reads:
what is logged while the request is handled carries them, the access line included.

Whatever is logged is scrubbed first (``scrub``): query values other than a few harmless ones
(``SAFE_QUERY``) — seat tokens, invite codes, e-mail confirmation tokens — become ``***``, and so
do bearer tokens and token subprotocols. Headers and cookies are never logged.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from typing import Any

LEVELS = ("debug", "info", "warning", "error")
FORMATS = ("text", "json")
SAFE_QUERY = frozenset(("v", "status", "limit", "ply", "after", "lang", "seat"))
HIDDEN = "***"
_QUERY = re.compile(r"([?&])([^=&\s\"'#]+)=([^&\s\"'#]*)")
_SECRETS = re.compile(r"(Bearer\s+|heliopolis\.token\.)[^\s\"',;]+", re.IGNORECASE)
_GAME_PATH = re.compile(r"^/(?:api/games|ws/games|g|rules)/([A-Za-z0-9_-]{1,32})")
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("heliopolis_request_id", default=None)
game_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("heliopolis_game_id", default=None)
client: contextvars.ContextVar[str | None] = contextvars.ContextVar("heliopolis_client", default=None)


def scrub(text: str) -> str:
    """``text`` without secrets: query values outside ``SAFE_QUERY``, bearer and subprotocol tokens."""
    if "=" in text:
        text = _QUERY.sub(lambda m: m.group(0) if m.group(2) in SAFE_QUERY else f"{m.group(1)}{m.group(2)}={HIDDEN}",
                          text)  # fmt: skip
    if "oken" in text or "earer" in text:
        text = _SECRETS.sub(lambda m: m.group(1) + HIDDEN, text)
    return text


def _stamp(record: logging.LogRecord) -> str:
    t = time.gmtime(record.created)
    return time.strftime("%Y-%m-%dT%H:%M:%S", t) + f".{int(record.msecs):03d}Z"


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = f"{_stamp(record)} {record.levelname} {record.name}: {scrub(record.getMessage())}"
        if record.exc_info:
            line += "\n" + scrub(self.formatException(record.exc_info))
        return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"time": _stamp(record), "level": record.levelname.lower(), "logger": record.name,
                               "message": scrub(record.getMessage())}  # fmt: skip
        for key, var in (("request_id", request_id), ("game_id", game_id), ("client", client)):
            value = var.get()
            if value is not None:
                out[key] = value
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            addr, method, path, _version, status = record.args  # uvicorn's access line
            out.update(client=str(addr).rsplit(":", 1)[0], method=method, path=scrub(str(path)), status=status)
        if record.exc_info:
            out["exception"] = scrub(self.formatException(record.exc_info))
        return json.dumps(out, ensure_ascii=False, default=str)


def log_config(fmt: str, level: str) -> dict[str, Any]:
    """uvicorn's ``log_config`` for ``--log-format fmt --log-level level``."""
    formatter = f"heliopolis.server.ops.logsetup.{'JsonFormatter' if fmt == 'json' else 'TextFormatter'}"
    lvl = level.upper()
    loggers = {name: {"handlers": ["stderr"], "level": lvl, "propagate": False}
               for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "heliopolis")}  # fmt: skip
    return {
        "version": 1, "disable_existing_loggers": False,
        "formatters": {"main": {"()": formatter}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}},
        "loggers": loggers,
    }  # fmt: skip


class RequestContext:
    """ASGI middleware: the request id, game id and client address of each request, for the logs."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = _incoming_id(scope) or secrets.token_hex(8)
        found = _GAME_PATH.match(scope.get("path", ""))
        tokens = (request_id.set(rid), game_id.set(found.group(1) if found else None),
                  client.set(scope["client"][0] if scope.get("client") else None))  # fmt: skip
        header = (b"x-request-id", rid.encode())

        async def send_with_id(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            for var, tok in zip((request_id, game_id, client), tokens):
                var.reset(tok)


def _incoming_id(scope: dict[str, Any]) -> str | None:
    for k, v in scope.get("headers", ()):
        if k == b"x-request-id":
            text = v.decode("latin-1")
            return text if _REQUEST_ID.match(text) else None
    return None

"""The app's error answers: always JSON, always 4xx for bad input (never a 500 for a bad request).

``HANDLERS`` goes to ``FastAPI(exception_handlers=...)``: a ``ServerError`` answers with its code's
status; a request that fails validation is ``bad_request`` (422) naming the field; Starlette's own
404/405/413 keep their status with a code of ours.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from heliopolis.server.transport.protocol import ServerError, field_path, request_problem


async def server_error(request: Request, exc: ServerError) -> JSONResponse:
    metrics = request.app.state.services.metrics
    if metrics is not None and exc.code == "rate_limited":
        metrics.refused["api"].inc()
    return JSONResponse(exc.body(), status_code=exc.status)


async def validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    body = ServerError("bad_request", request_problem(errors)).body()
    body["error"]["field"] = field_path(errors[0]) if errors else ""  # for client authors: where
    return JSONResponse(body, status_code=422)


async def http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    code = {404: "not_found", 405: "bad_request", 413: "too_large"}.get(exc.status_code, "bad_request")
    return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code)


HANDLERS: dict[int | type[Exception], Callable[[Request, Any], Coroutine[Any, Any, Response]]] = {
    ServerError: server_error,
    RequestValidationError: validation,
    StarletteHTTPException: http,
}

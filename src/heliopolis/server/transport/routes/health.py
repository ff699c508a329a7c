"""Liveness and readiness (``ops/health.py``) and, with ``serve --metrics``, Prometheus's ``/metrics``
(``ops/metrics.py``: ``metrics`` is included only then). None of them is in the OpenAPI document."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from starlette.responses import JSONResponse, Response

from heliopolis.server.transport.deps import Svc

router = APIRouter(include_in_schema=False)
metrics = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"})


@router.get("/readyz")
async def readyz(svc: Svc) -> JSONResponse:
    failed = await svc.health.ready()
    if failed is None:
        return JSONResponse({"status": "ready"})
    check, why = failed
    body = {"status": "not ready", "check": check, "reason": str(why), "msg": why.to_json()}
    return JSONResponse(body, status_code=503)


@metrics.get("/metrics")
async def serve_metrics(svc: Svc) -> Response:
    """Rendered in a thread (games by status is a query)."""
    from heliopolis.server.ops.metrics import CONTENT_TYPE

    assert svc.metrics is not None  # this router is included only with metrics on
    body = await asyncio.to_thread(svc.metrics.render)
    return Response(body, media_type=CONTENT_TYPE)

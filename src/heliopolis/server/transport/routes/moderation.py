"""Reports and the admin's tools (``social/moderation.py``): the admin is checked before a body is
read, so a stranger learns nothing from the answers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from heliopolis.server.social.moderation import (
    AccountAction,
    LineAction,
    ReportAction,
    ReportBody,
    _body,
    _err,
    _limit,
    list_users,
)
from heliopolis.server.transport.deps import Svc, bearer

router = APIRouter(tags=["moderation"])


async def admin_reader(request: Request, svc: Svc) -> tuple[int, str]:
    return await svc.moderation.admin(request, write=False)


async def admin_writer(request: Request, svc: Svc) -> tuple[int, str]:
    return await svc.moderation.admin(request, write=True)


Admin = Annotated[tuple[int, str], Depends(admin_reader)]  # (account id, username) of an admin
AdminWriter = Annotated[tuple[int, str], Depends(admin_writer)]  # ... with the CSRF header


@router.get("/api/moderation/me")
async def me(request: Request, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.session(request)
    ro = await asyncio.to_thread(svc.moderation._role, s.account_id) if s else None
    return {"admin": bool(ro and ro.admin), "muted": bool(ro and ro.muted_at is not None)}


@router.post("/api/reports", status_code=201)
async def report(request: Request, svc: Svc) -> dict[str, Any]:
    body = await _body(request, ReportBody)
    return await svc.moderation.report(request, body, bearer(request))


@router.get("/api/admin/reports")
async def list_reports(svc: Svc, _admin: Admin, status: str = "open", limit: str = "100") -> dict[str, Any]:
    if status not in ("open", "dismissed", "resolved"):
        raise _err("bad_request", "errors.mod.bad_field", field="status")
    return {"reports": await asyncio.to_thread(svc.moderation.open_reports, status, _limit(limit, 500))}


@router.get("/api/admin/audit")
async def audit_log(svc: Svc, _admin: Admin, limit: str = "200") -> dict[str, Any]:
    return {"entries": await asyncio.to_thread(svc.moderation.audit_entries, _limit(limit, 1000))}


@router.get("/api/admin/users")
async def users(svc: Svc, _admin: Admin) -> dict[str, Any]:
    def read() -> list[dict[str, Any]]:
        with svc.moderation.storage.engine.connect() as c:
            return list_users(c)

    return {"users": await asyncio.to_thread(read)}


Action = Callable[[Any, tuple[int, str]], Awaitable[dict[str, Any]]]


async def _act(request: Request, model: type[BaseModel], fn: Action, by: tuple[int, str]) -> dict[str, Any]:
    return await fn(await _body(request, model), by)


@router.post("/api/admin/delete-line", name="delete-line")
async def delete_line(request: Request, svc: Svc, by: AdminWriter) -> dict[str, Any]:
    return await _act(request, LineAction, svc.moderation.delete_line, by)


@router.post("/api/admin/mute", name="mute")
async def mute(request: Request, svc: Svc, by: AdminWriter) -> dict[str, Any]:
    return await _act(request, AccountAction, svc.moderation.mute, by)


@router.post("/api/admin/ban", name="ban")
async def ban(request: Request, svc: Svc, by: AdminWriter) -> dict[str, Any]:
    return await _act(request, AccountAction, svc.moderation.ban, by)


@router.post("/api/admin/dismiss", name="dismiss")
async def dismiss(request: Request, svc: Svc, by: AdminWriter) -> dict[str, Any]:
    return await _act(request, ReportAction, svc.moderation.dismiss, by)

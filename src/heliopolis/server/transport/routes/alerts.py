"""An account's turn e-mails: read and set them, confirm the address (``social/alerts.py``)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from heliopolis.server.social.alerts import AlertsBody, ConfirmBody, one_address
from heliopolis.server.transport.deps import Svc
from heliopolis.server.transport.protocol import ServerError

router = APIRouter(prefix="/api/account", tags=["accounts"])


@router.get("/alerts")
async def get(request: Request, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.session(request)
    if s is None:
        raise ServerError("unauthorized", "log in first")
    return await asyncio.to_thread(svc.alerts._get, s.account_id)


@router.put("/alerts")
async def put(body: AlertsBody, request: Request, svc: Svc) -> dict[str, Any]:
    alerts = svc.alerts
    s = await svc.accounts.require(request)
    email = body.email.strip() if body.email else None
    if email is not None and one_address(email) is None:
        raise ServerError.worded("bad_request", "ui.error.email_invalid")
    if body.turn_emails and email is None:
        raise ServerError.worded("bad_request", "ui.error.email_needed")
    if await asyncio.to_thread(alerts._set, s.account_id, email, body.turn_emails) and email is not None:
        if alerts.needs_mail(s.account_id, email):
            await asyncio.to_thread(alerts._send_confirmation, s.account_id, email)
    return await asyncio.to_thread(alerts._get, s.account_id)


@router.post("/confirm")
async def confirm(body: ConfirmBody, svc: Svc) -> dict[str, Any]:
    """The token alone authorises (it was mailed to the address): no session needed."""
    done = await asyncio.to_thread(svc.alerts.confirm, body.token)
    if done is None:
        raise ServerError.worded("bad_request", "ui.error.confirm_invalid")
    return done

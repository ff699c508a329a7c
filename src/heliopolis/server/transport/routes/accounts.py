"""Accounts (``social/accounts.py`` and its neighbours): sign up, log in and out, who am I, claim
seats (``router``); password and sessions (``lifecycle``); my data (``data``); password reset (``reset``).
All under ``/api/account``; a session cookie authorises them, with its CSRF header on writes."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import JSONResponse

from heliopolis.server.social import account_data, account_lifecycle, password_reset
from heliopolis.server.social.account_data import DeleteBody
from heliopolis.server.social.account_lifecycle import HANDLE, PasswordBody
from heliopolis.server.social.accounts import (
    CSRF_COOKIE,
    DEVICE_COOKIE,
    DEVICE_PATH,
    SESSION_COOKIE,
    ClaimBody,
    Credentials,
    check_password,
    check_username,
    claim_seat,
    client_address,
)
from heliopolis.server.social.login_limits import ADDRESS_BURST, ADDRESS_RATE
from heliopolis.server.social.password_reset import ResetBody, ResetRequest
from heliopolis.server.transport.deps import Svc
from heliopolis.server.transport.protocol import ServerError

router = APIRouter(prefix="/api/account", tags=["accounts"])
lifecycle = APIRouter(prefix="/api/account", tags=["accounts"])
data = APIRouter(prefix="/api/account", tags=["accounts"])
reset = APIRouter(prefix="/api/account", tags=["accounts"])


def _me(account_id: int, username: str, csrf: str) -> dict[str, Any]:
    return {"account": {"id": account_id, "username": username}, "csrf": csrf}


@router.post("/signup", status_code=201)
async def signup(body: Credentials, request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    acc = svc.accounts
    check_username(body.username)
    check_password(body.password, body.username)
    await acc.take(body.username.casefold(), client_address(request))
    account_id = await asyncio.to_thread(acc._create, body.username, body.password)
    csrf = await acc.start_session(request, response, account_id)
    return _me(account_id, body.username, csrf)


@router.post("/login")
async def login(body: Credentials, request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    acc = svc.accounts
    account_id, username = await acc.check_login(request, body.username, body.password)
    csrf = await acc.start_session(request, response, account_id)
    await acc.sanctions.may_log_in(account_id)  # moderation.py: a banned account is refused, its session ended
    return _me(account_id, username, csrf)


@router.post("/logout")
async def logout(request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.require(request)
    await asyncio.to_thread(svc.accounts._close_session, request.cookies[SESSION_COOKIE])
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")
    return {"account": None, "was": s.username}


@router.get("/me")
async def me(request: Request, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.session(request)
    return _me(s.account_id, s.username, s.csrf) if s else {"account": None, "csrf": None}


@router.post("/claim")
async def claim(body: ClaimBody, request: Request, svc: Svc) -> dict[str, Any]:
    """The seats whose tokens this browser holds become the account's."""
    s = await svc.accounts.require(request)
    claimed, refused = [], []
    for item in body.seats:
        try:
            seat = await claim_seat(svc.auth, item.game, item.token, s.account_id)
            claimed.append({"game": item.game, "seat": seat})
        except ServerError as e:
            refused.append({"game": item.game, "code": e.code, "message": e.message})
    return {"claimed": claimed, "refused": refused}


@lifecycle.post("/password")
async def change_password(body: PasswordBody, request: Request, svc: Svc) -> dict[str, Any]:
    acc = svc.accounts
    s = await acc.require(request)
    await acc.check_login(request, s.username, body.old)
    check_password(body.new, s.username)
    ended = await asyncio.to_thread(account_lifecycle._change, acc, s.account_id, body.new, s.id_hash,
                                    request.cookies.get(DEVICE_COOKIE))  # fmt: skip
    return {"changed": True, "sessions_ended": ended}


@lifecycle.get("/sessions")
async def list_sessions(request: Request, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.session(request)
    if s is None:
        raise ServerError("unauthorized", "log in first")
    return {"sessions": await asyncio.to_thread(account_lifecycle._list, svc.accounts, s.account_id, s.id_hash)}


@lifecycle.delete("/sessions/{handle}")
async def end_session(request: Request, response: Response, svc: Svc,
                      handle: str = Path(pattern=f"^[0-9a-f]{{{HANDLE}}}$")) -> dict[str, Any]:  # fmt: skip
    s = await svc.accounts.require(request)
    if await asyncio.to_thread(account_lifecycle._end, svc.accounts, s.account_id, handle) == 0:
        raise ServerError.worded("not_found", "ui.error.session_unknown")
    if s.id_hash.startswith(handle):
        account_lifecycle._forget_cookies(response)
    return {"ended": 1, "current": s.id_hash.startswith(handle)}


@lifecycle.delete("/sessions")
async def end_all(request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.require(request)
    ended = await asyncio.to_thread(account_lifecycle._end, svc.accounts, s.account_id, None)
    account_lifecycle._forget_cookies(response)
    return {"ended": ended, "account": None}


@data.get("/export")
async def export_data(request: Request, svc: Svc) -> JSONResponse:
    s = await svc.accounts.session(request)
    if s is None:
        raise ServerError("unauthorized", "log in first")
    doc = await asyncio.to_thread(account_data.export, svc.accounts, s.account_id)
    name = f"heliopolis-account-{s.username}.json"
    return JSONResponse(doc, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@data.post("/delete")
async def delete(body: DeleteBody, request: Request, response: Response, svc: Svc) -> dict[str, Any]:
    s = await svc.accounts.require(request)
    await svc.accounts.check_login(request, s.username, body.password)
    anon = await account_data.delete_account(svc.accounts, svc.auth, s.account_id, s.username)
    for cookie, path in ((SESSION_COOKIE, "/"), (CSRF_COOKIE, "/"), (DEVICE_COOKIE, DEVICE_PATH)):
        response.delete_cookie(cookie, path=path)
    return {"deleted": True, "name": anon, "account": None}


@reset.post("/reset", status_code=202)
async def request_reset(body: ResetRequest, request: Request, svc: Svc) -> dict[str, Any]:
    acc, address = svc.accounts, client_address(request)
    if not await acc._bucket("login-addr", address, ADDRESS_RATE, ADDRESS_BURST, acc.limits.by_address):
        raise ServerError.worded("rate_limited", "ui.error.login_rate")
    if svc.alerts.smtp is not None:
        asyncio.get_running_loop().run_in_executor(None, password_reset._issue, svc.alerts, body.username)
    return {"requested": True}


@reset.post("/reset/confirm")
async def confirm_reset(body: ResetBody, svc: Svc) -> dict[str, Any]:
    found = await asyncio.to_thread(password_reset._account_of, svc.accounts, body.token)
    if found is None:
        raise ServerError.worded("bad_request", "ui.error.reset_invalid")
    check_password(body.password, found[1])
    if not await asyncio.to_thread(password_reset._reset, svc.accounts, found[0], body.token, body.password):
        raise ServerError.worded("bad_request", "ui.error.reset_invalid")
    return {"reset": True, "username": found[1]}

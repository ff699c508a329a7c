"""Optional accounts: sign up, log in, log out, who am I, claim the seats of this browser.

Passwords are hashed with argon2id (``argon2-cffi``). A login creates a server-side session (a
row in ``sessions``, keyed by the SHA-256 of the cookie) and sets two cookies:

* ``heliopolis_session`` — HttpOnly, SameSite=Lax, Secure when the request came over HTTPS;
* ``heliopolis_csrf`` — readable by the page's script, which echoes it in an ``X-CSRF-Token``
  header; every write authorised by the session cookie must carry it (the value is also bound to
  the session row, so a cookie planted by another site does not help an attacker).

A session cookie authorises exactly the seats whose ``account_id`` is the account: it never opens
a seat the account does not hold. A seat token (``Authorization: Bearer``) still works as before
and wins over the cookie. Login attempts are rate limited per client address and per username.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.limits import KeyedLimiter
from heliopolis.server.protocol import ServerError
from heliopolis.server.storage import Storage, seats
from heliopolis.server.table_db import accounts, sessions

SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER = "heliopolis_session", "heliopolis_csrf", "x-csrf-token"
SESSION_DAYS = 30
USERNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$")
_hasher = PasswordHasher()  # argon2id with the library's recommended (RFC 9106 low-memory) parameters
_DUMMY_HASH = _hasher.hash("not a password of anyone")  # unknown users cost as much as known ones


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=3, max_length=32)
    password: str = Field(min_length=8, max_length=200)


class ClaimItem(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=32)
    token: str = Field(min_length=1, max_length=200)


class ClaimBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[ClaimItem] = Field(max_length=200)


@dataclass
class Session:
    account_id: int
    username: str
    csrf: str


class Accounts:
    """Sessions and passwords over the storage engine (blocking calls; run them in a thread)."""

    def __init__(self, storage: Storage, login_rate: float = 0.2, login_burst: float = 10.0) -> None:
        self.storage = storage
        self.by_address = KeyedLimiter(login_rate, login_burst)
        self.by_user = KeyedLimiter(login_rate, login_burst)
        self.login_checks: list[Any] = []  # awaited with the account after its session is written (moderation)

    # -- blocking DB work ----------------------------------------------------------------------
    def _create(self, username: str, password: str) -> int:
        h = _hasher.hash(password)
        try:
            with self.storage.engine.begin() as c:
                res = c.execute(accounts.insert().values(username=username, username_key=username.casefold(),
                                                         password_hash=h, created_at=time.time()))  # fmt: skip
                return int(res.inserted_primary_key[0])
        except sa.exc.IntegrityError:
            raise ServerError("conflict", f"username: {username!r} is taken") from None

    def _verify(self, username: str, password: str) -> tuple[int, str] | None:
        with self.storage.engine.connect() as c:
            row = c.execute(sa.select(accounts.c.id, accounts.c.username, accounts.c.password_hash)
                            .where(accounts.c.username_key == username.casefold())).first()  # fmt: skip
        try:
            _hasher.verify(row.password_hash if row else _DUMMY_HASH, password)
        except (VerificationError, InvalidHashError):
            return None
        if row is None:
            return None
        if _hasher.check_needs_rehash(row.password_hash):
            with self.storage.engine.begin() as c:
                c.execute(accounts.update().where(accounts.c.id == row.id).values(password_hash=_hasher.hash(password)))
        return int(row.id), row.username

    def _open_session(self, account_id: int) -> tuple[str, str]:
        token, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(24), time.time()
        with self.storage.engine.begin() as c:
            c.execute(sessions.delete().where(sessions.c.expires_at < now))
            c.execute(sessions.insert().values(id_hash=_sha(token), account_id=account_id, csrf=csrf, created_at=now,
                                               expires_at=now + SESSION_DAYS * 86400))  # fmt: skip
        return token, csrf

    def _session(self, token: str) -> Session | None:
        with self.storage.engine.connect() as c:
            row = c.execute(
                sa.select(sessions.c.account_id, sessions.c.csrf, accounts.c.username)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id_hash == _sha(token), sessions.c.expires_at > time.time())
            ).first()
        return Session(int(row.account_id), row.username, row.csrf) if row else None

    def _close_session(self, token: str) -> None:
        with self.storage.engine.begin() as c:
            c.execute(sessions.delete().where(sessions.c.id_hash == _sha(token)))

    # -- request helpers -----------------------------------------------------------------------
    async def session(self, request: Request) -> Session | None:
        token = request.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 100:
            return None
        return await asyncio.to_thread(self._session, token)

    async def require(self, request: Request) -> Session:
        """The logged-in session of a cookie-authenticated write (CSRF header checked)."""
        s = await self.session(request)
        if s is None:
            raise ServerError("unauthorized", "log in first")
        check_csrf(request, s)
        return s

    async def principal(self, request: Request, write: bool) -> int | None:
        """The account a request acts for, or ``None``. A seat token, if sent, decides instead
        (the caller uses it first), so the cookie is only consulted without one."""
        if _has_token(request):
            return None
        s = await self.session(request)
        if s is None:
            return None
        if write:
            check_csrf(request, s)
        return s.account_id

    async def ws_principal(self, websocket: Any) -> int | None:
        """A WebSocket's account: only from a page of this site (the Origin header is checked,
        since browsers send cookies on cross-site WebSocket handshakes too)."""
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host")
        if origin is None or host is None or origin.split("://", 1)[-1] != host:
            return None
        token = websocket.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 100:
            return None
        s = await asyncio.to_thread(self._session, token)
        return s.account_id if s else None

    async def seat_name(self, account_id: int | None, given: str | None) -> str | None:
        """A seat taken while logged in is named after the account unless a name was given."""
        if given or account_id is None:
            return given
        return await asyncio.to_thread(self._username, account_id)

    def _username(self, account_id: int) -> str | None:
        with self.storage.engine.connect() as c:
            return c.execute(sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar()

    def _rate(self, request: Request, username: str) -> None:
        client = request.client.host if request.client else "?"
        if not self.by_address.take(client) or not self.by_user.take(username.casefold()):
            raise ServerError("rate_limited", "too many login attempts; wait a minute and try again")


def _has_token(request: Request) -> bool:
    return request.headers.get("authorization", "").lower().startswith("bearer ") or "token" in request.query_params


def check_csrf(request: Request, s: Session) -> None:
    sent = request.headers.get(CSRF_HEADER, "")
    if not sent or not secrets.compare_digest(sent.encode(), s.csrf.encode()):
        raise ServerError("forbidden", f"{CSRF_HEADER}: missing or wrong (send the value of the "
                                       f"{CSRF_COOKIE} cookie with every write)")  # fmt: skip


def _set_cookies(request: Request, response: Response, token: str, csrf: str) -> None:
    secure = request.url.scheme == "https"
    age = SESSION_DAYS * 86400
    response.set_cookie(SESSION_COOKIE, token, max_age=age, httponly=True, samesite="lax", secure=secure, path="/")
    response.set_cookie(CSRF_COOKIE, csrf, max_age=age, httponly=False, samesite="lax", secure=secure, path="/")


def _me(account_id: int, username: str, csrf: str) -> dict[str, Any]:
    return {"account": {"id": account_id, "username": username}, "csrf": csrf}


def router(acc: Accounts, auth: Any) -> APIRouter:
    r = APIRouter(prefix="/api/account", tags=["accounts"])

    @r.post("/signup", status_code=201)
    async def signup(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        if not USERNAME.match(body.username):
            raise ServerError("bad_request", "username: 3 to 32 letters, digits, '_', '.' or '-', starting with a "
                                             "letter or digit")  # fmt: skip
        acc._rate(request, body.username)
        account_id = await asyncio.to_thread(acc._create, body.username, body.password)
        token, csrf = await asyncio.to_thread(acc._open_session, account_id)
        _set_cookies(request, response, token, csrf)
        return _me(account_id, body.username, csrf)

    @r.post("/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        acc._rate(request, body.username)
        found = await asyncio.to_thread(acc._verify, body.username, body.password)
        if found is None:
            raise ServerError("unauthorized", "username or password: no account matches")
        token, csrf = await asyncio.to_thread(acc._open_session, found[0])
        for check in acc.login_checks:  # moderation.py: a banned account is refused, its session ended
            await check(found[0])
        _set_cookies(request, response, token, csrf)
        return _me(found[0], found[1], csrf)

    @r.post("/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        s = await acc.require(request)
        await asyncio.to_thread(acc._close_session, request.cookies[SESSION_COOKIE])
        response.delete_cookie(SESSION_COOKIE, path="/")
        response.delete_cookie(CSRF_COOKIE, path="/")
        return {"account": None, "was": s.username}

    @r.get("/me")
    async def me(request: Request) -> dict[str, Any]:
        s = await acc.session(request)
        return _me(s.account_id, s.username, s.csrf) if s else {"account": None, "csrf": None}

    @r.post("/claim")
    async def claim(body: ClaimBody, request: Request) -> dict[str, Any]:
        """The seats whose tokens this browser holds become the account's."""
        s = await acc.require(request)
        claimed, refused = [], []
        for item in body.seats:
            try:
                seat = await claim_seat(auth, item.game, item.token, s.account_id)
                claimed.append({"game": item.game, "seat": seat})
            except ServerError as e:
                refused.append({"game": item.game, "code": e.code, "message": e.message})
        return {"claimed": claimed, "refused": refused}

    return r


async def claim_seat(auth: Any, game_id: str, token: str, account_id: int) -> int:
    from heliopolis.server.storage import StaleError

    live = await auth.get(game_id)
    async with live.lock:
        seat = auth.seat_of(live, token)
        held = live.rec.seats[seat].account_id
        if held == account_id:
            return seat
        if held is not None:
            raise ServerError("conflict", f"seat {seat} of game {game_id} belongs to another account")
        try:
            live.rec.revision = await auth._db(auth.storage.update_game, game_id, live.rec.revision,
                                               seat_updates={seat: {"account_id": account_id}})  # fmt: skip
        except StaleError:
            await auth.reload(game_id)
            raise ServerError("stale", "the game changed; try again") from None
        live.rec.seats[seat].account_id = account_id
    auth.hub.publish(game_id)
    return seat


def account_games(storage: Storage, account_id: int) -> list[tuple[str, int]]:
    """(game id, seat) of every seat the account holds."""
    with storage.engine.connect() as c:
        rows = c.execute(sa.select(seats.c.game_id, seats.c.seat).where(seats.c.account_id == account_id))
        return [(g, s) for g, s in rows]

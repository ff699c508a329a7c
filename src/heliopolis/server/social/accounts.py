"""Optional accounts: sign up, log in, log out, who am I, claim the seats of this browser.

Passwords are hashed with argon2id (``argon2-cffi``). A login creates a server-side session (a
row in ``sessions``, keyed by the SHA-256 of the cookie) and sets three cookies:

* ``heliopolis_session`` — HttpOnly, SameSite=Lax, Secure when the request came over HTTPS;
* ``heliopolis_csrf`` — readable by the page's script, which echoes it in an ``X-CSRF-Token``
  header; every write authorised by the session cookie must carry it (the value is also bound to
  the session row, so a cookie planted by another site does not help an attacker);
* ``heliopolis_device`` — HttpOnly, only sent to ``/api/account``: this browser logged in to the
  account before (a row in ``devices``), so the per-username login back-off does not apply to it.

A session cookie authorises exactly the seats whose ``account_id`` is the account: it never opens
a seat the account does not hold. A seat token (``Authorization: Bearer``) still works as before
and wins over the cookie. Names follow ``names.py`` (one policy for accounts and seats), new
passwords ``passwords.py``, login attempts ``login_limits.py``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request, Response
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, devices, sessions
from heliopolis.server.social import passwords
from heliopolis.server.social.login_limits import ADDRESS_BURST, ADDRESS_RATE, PAIR_BURST, PAIR_RATE, LoginLimits
from heliopolis.server.social.names import skeleton, valid_username
from heliopolis.server.social.sanctions import NoSanctions, Sanctions
from heliopolis.server.store.storage import Storage, seats
from heliopolis.server.transport.limits import KeyedLimiter
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from fastapi import WebSocket

    from heliopolis.server.play.authority import Authority

log = logging.getLogger("heliopolis.server")
SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER = "heliopolis_session", "heliopolis_csrf", "x-csrf-token"
DEVICE_COOKIE, DEVICE_PATH = "heliopolis_device", "/api/account"
SESSION_DAYS = 30
DEVICE_DAYS = 365
MAX_DEVICES = 20  # known devices kept per account (the newest)
_hasher = PasswordHasher()  # argon2id with the library's recommended (RFC 9106 low-memory) parameters
_DUMMY_HASH = _hasher.hash("not a password of anyone")  # unknown users cost as much as known ones


def hash_password(password: str) -> str:
    """The stored form of a new password (sign-up, change, reset): the one hasher of the server."""
    return _hasher.hash(password)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Credentials(BaseModel):
    """Lengths are checked by the policy (worded by the catalogs), not here: these bounds only keep
    a request small."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=passwords.MAX_LENGTH)


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
    id_hash: str = ""


def check_username(username: str) -> None:
    if not valid_username(username):
        raise ServerError.worded("bad_request", "ui.error.username_rule", field="username")


def check_password(password: str, username: str) -> None:
    why = passwords.problem(password, username)
    if why is not None:
        raise ServerError.worded("weak_password", why[0], **why[1])


def client_address(request: Request) -> str:
    return request.client.host if request.client else "?"


class Accounts:
    """Sessions and passwords over the storage engine (blocking calls; run them in a thread)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.limits = LoginLimits()
        self.sanctions: Sanctions = NoSanctions()  # asked after a login's session is written (moderation.py)

    # -- blocking DB work ----------------------------------------------------------------------
    def _create(self, username: str, password: str) -> int:
        h = hash_password(password)
        try:
            with self.storage.engine.begin() as c:
                res = c.execute(accounts.insert().values(username=username, username_key=username.casefold(),
                                                         username_skeleton=skeleton(username), password_hash=h,
                                                         created_at=time.time()))  # fmt: skip
                key = res.inserted_primary_key
                assert key is not None  # an INSERT of one row returns its key
                return int(key[0])
        except sa.exc.IntegrityError:  # the unique indexes decide, so two racing sign-ups cannot both win
            raise ServerError.worded("conflict", "ui.error.username_taken", field="username", name=username) from None

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

    def _open_session(self, account_id: int, agent: str = "") -> tuple[str, str]:
        token, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(24), time.time()
        with self.storage.engine.begin() as c:
            c.execute(sessions.delete().where(sessions.c.expires_at < now))
            c.execute(sessions.insert().values(id_hash=_sha(token), account_id=account_id, csrf=csrf, created_at=now,
                                               expires_at=now + SESSION_DAYS * 86400, user_agent=agent[:200] or None,
                                               last_seen=now))  # fmt: skip
        return token, csrf

    def _session(self, token: str) -> Session | None:
        with self.storage.engine.connect() as c:
            row = c.execute(
                sa.select(sessions.c.account_id, sessions.c.csrf, sessions.c.id_hash, accounts.c.username)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.id_hash == _sha(token), sessions.c.expires_at > time.time())
            ).first()
        return Session(int(row.account_id), row.username, row.csrf, row.id_hash) if row else None

    def _close_session(self, token: str) -> None:
        with self.storage.engine.begin() as c:
            c.execute(sessions.delete().where(sessions.c.id_hash == _sha(token)))

    def _known_device(self, username: str, token: str | None) -> bool:
        if not token or len(token) > 100:
            return False
        with self.storage.engine.connect() as c:
            return c.execute(sa.select(devices.c.account_id).join(accounts, accounts.c.id == devices.c.account_id)
                             .where(devices.c.id_hash == _sha(token),
                                    accounts.c.username_key == username.casefold())).first() is not None  # fmt: skip

    def _remember_device(self, account_id: int) -> str:
        token, now = secrets.token_urlsafe(32), time.time()
        with self.storage.engine.begin() as c:
            c.execute(devices.insert().values(id_hash=_sha(token), account_id=account_id, created_at=now))
            keep = (sa.select(devices.c.id_hash).where(devices.c.account_id == account_id)
                    .order_by(devices.c.created_at.desc()).limit(MAX_DEVICES))  # fmt: skip
            c.execute(devices.delete().where(devices.c.account_id == account_id, devices.c.id_hash.not_in(keep)))
        return token

    def _name_owners(self, names: list[str]) -> dict[str, int]:
        """The accounts the seat names would pass for (equal skeletons), by skeleton: one query."""
        with self.storage.engine.connect() as c:
            rows = c.execute(sa.select(accounts.c.username_skeleton, accounts.c.id)
                             .where(accounts.c.username_skeleton.in_({skeleton(n) for n in names})))  # fmt: skip
            return {sk: int(i) for sk, i in rows}

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

    async def ws_principal(self, websocket: WebSocket) -> int | None:
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
        """A seat taken while logged in is named after the account unless a name was given; a
        given name may not pass for another account's (``names.py``)."""
        if given:
            await self.check_names([given], account_id)
            return given
        if account_id is None:
            return given
        return await asyncio.to_thread(self._username, account_id)

    async def check_names(self, names: list[str | None], account_id: int | None) -> None:
        given = [n for n in names if n]
        if not given:
            return
        owners = await asyncio.to_thread(self._name_owners, given)
        for name in given:
            owner = owners.get(skeleton(name))
            if owner is not None and owner != account_id:
                raise ServerError.worded("conflict", "ui.error.name_of_account", name=name)

    def _username(self, account_id: int) -> str | None:
        with self.storage.engine.connect() as c:
            return c.execute(sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar()

    async def _bucket(self, limit: str, key: str, rate: float, burst: float, local: KeyedLimiter) -> bool:
        """One attempt from a bucket: on PostgreSQL the one every server process shares (``rate_buckets``,
        keyed by a hash: usernames are long), else (or with the database away) this process's."""
        if self.storage.is_postgres:
            try:
                return bool(await asyncio.to_thread(self.storage.take_token, limit, _sha(key)[:48], rate, burst))
            except Exception as e:  # noqa: BLE001 (this process's own bucket still holds)
                log.warning("shared login limit unavailable (%s); using this process's own", e)
        return local.take(key)

    async def take(self, user: str, address: str) -> None:
        """Checks (1) and (2) of ``login_limits.py`` for one attempt."""
        lim = self.limits
        if not (await self._bucket("login-addr", address, ADDRESS_RATE, ADDRESS_BURST, lim.by_address)
                and await self._bucket("login-pair", lim.pair(user, address), PAIR_RATE, PAIR_BURST, lim.by_pair)):  # fmt: skip
            raise ServerError.worded("rate_limited", "ui.error.login_rate")

    async def gate(self, request: Request, username: str) -> None:
        """The login limits (``login_limits.py``) for one attempt on ``username``. A browser known to
        the account has a strict bucket of its own instead of its address's, and no back-off: a
        guesser sharing its address (or spending the address's attempts) cannot keep it out."""
        user, address = username.casefold(), client_address(request)
        device = request.cookies.get(DEVICE_COOKIE)
        if device and bool(await asyncio.to_thread(self._known_device, username, device)):
            key = self.limits.pair(user, "device:" + _sha(device))
            if not await self._bucket("login-pair", key, PAIR_RATE, PAIR_BURST, self.limits.by_pair):
                raise ServerError.worded("rate_limited", "ui.error.login_rate")
            return
        await self.take(user, address)
        wait = self.limits.backoff(user, address)
        if wait > 0:
            raise ServerError.worded("rate_limited", "ui.error.login_backoff", n=max(1, round(wait)))

    async def check_login(self, request: Request, username: str, password: str) -> tuple[int, str]:
        """(account id, username) for the right password; every failure counts for the back-off."""
        await self.gate(request, username)
        found = await asyncio.to_thread(self._verify, username, password)
        if found is None:
            self.limits.failed(username.casefold(), client_address(request))
            raise ServerError.worded("unauthorized", "ui.error.login_failed")
        self.limits.succeeded(username.casefold(), client_address(request))
        return found

    async def start_session(self, request: Request, response: Response, account_id: int) -> str:
        """A new session (and, for a browser not yet known to the account, a device cookie)."""
        agent = request.headers.get("user-agent", "")
        token, csrf = await asyncio.to_thread(self._open_session, account_id, agent)
        _set_cookies(request, response, token, csrf)
        s = self.storage
        known = request.cookies.get(DEVICE_COOKIE)
        if not known or not await asyncio.to_thread(_device_of, s, known, account_id):
            device = await asyncio.to_thread(self._remember_device, account_id)
            response.set_cookie(DEVICE_COOKIE, device, max_age=DEVICE_DAYS * 86400, httponly=True, samesite="lax",
                                secure=request.url.scheme == "https", path=DEVICE_PATH)  # fmt: skip
        return csrf


def _device_of(storage: Storage, token: str, account_id: int) -> bool:
    if len(token) > 100:
        return False
    with storage.engine.connect() as c:
        row = c.execute(sa.select(devices.c.account_id).where(devices.c.id_hash == _sha(token))).first()
    return row is not None and int(row.account_id) == account_id


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


async def claim_seat(auth: Authority, game_id: str, token: str, account_id: int) -> int:
    from heliopolis.server.store.storage import StaleError

    live = await auth.get(game_id)
    async with live.lock:
        seat = auth.seat_of(live, token)
        if seat is None:  # an empty token holds no seat (a wrong one was refused by seat_of)
            raise ServerError("forbidden", "this token holds no seat in this game")
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

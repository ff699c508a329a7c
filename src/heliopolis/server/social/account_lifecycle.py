"""The account's own housekeeping: change the password (every other session and known device is
revoked), list my sessions, end one or all of them ("log out everywhere").

* ``POST /api/account/password`` ``{"old", "new"}`` — the old password is checked like a login
  (the same limits, a wrong one counts as a failure), the new one by the policy (``passwords.py``);
  the sessions and device cookies of other browsers end in the same transaction as the new hash.
* ``GET /api/account/sessions`` — ``{"sessions": [{"id", "created", "last_seen", "expires", "agent",
  "current"}]}``; ``id`` is a public handle (the first 16 hex digits of the stored SHA-256).
* ``DELETE /api/account/sessions/{id}`` — ends that session; ``DELETE /api/account/sessions`` — ends
  every session of the account, this one too.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from fastapi import Response
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, devices, sessions
from heliopolis.server.social import passwords
from heliopolis.server.social.accounts import CSRF_COOKIE, SESSION_COOKIE, Accounts, hash_password
from heliopolis.server.social.accounts import _sha as sha

HANDLE = 16  # hex digits of a session's public id


class PasswordBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    old: str = Field(min_length=1, max_length=passwords.MAX_LENGTH)
    new: str = Field(min_length=1, max_length=passwords.MAX_LENGTH)


def _change(acc: Accounts, account_id: int, new: str, keep_session: str, keep_device: str | None) -> int:
    """New hash; every other session and device of the account gone. The number of sessions ended."""
    h = hash_password(new)
    with acc.storage.engine.begin() as c:
        c.execute(accounts.update().where(accounts.c.id == account_id).values(password_hash=h))
        c.execute(sessions.update().where(sessions.c.id_hash == keep_session).values(last_seen=time.time()))
        ended = c.execute(sessions.delete().where(sessions.c.account_id == account_id,
                                                  sessions.c.id_hash != keep_session)).rowcount  # fmt: skip
        c.execute(devices.delete().where(devices.c.account_id == account_id,
                                         devices.c.id_hash != sha(keep_device or "")))  # fmt: skip
    return int(ended)


def _list(acc: Accounts, account_id: int, current: str) -> list[dict[str, Any]]:
    with acc.storage.engine.connect() as c:
        rows = c.execute(sa.select(sessions).where(sessions.c.account_id == account_id, sessions.c.expires_at > time.time())
                         .order_by(sessions.c.created_at)).all()  # fmt: skip
    return [{"id": r.id_hash[:HANDLE], "created": r.created_at, "last_seen": r.last_seen, "expires": r.expires_at,
             "agent": r.user_agent, "current": r.id_hash == current} for r in rows]  # fmt: skip


def _end(acc: Accounts, account_id: int, handle: str | None) -> int:
    """Ends the account's session with that public id (None: all of them)."""
    q = sessions.delete().where(sessions.c.account_id == account_id)
    if handle is not None:
        q = q.where(sessions.c.id_hash.startswith(handle, autoescape=True))
    with acc.storage.engine.begin() as c:
        return int(c.execute(q).rowcount)


def _forget_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")

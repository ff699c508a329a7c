"""Forgotten passwords: a single-use link mailed to the account's *confirmed* address.

* ``POST /api/account/reset`` ``{"username"}`` — always the same answer, 202 ``{"requested": true}``,
  whether or not the account exists or has a confirmed address (the mail, if any, goes out in the
  background, so the answer takes as long either way). Limited like log-ins per client address, and
  at most one mail per account and per address a minute (``Alerts.needs_mail``).
* ``POST /api/account/reset/confirm`` ``{"token", "password"}`` — the new password (checked by the
  policy first: a refused one leaves the token usable), then in one transaction: the token deleted
  (of two racing uses one finds it), the new hash, every session and known device of the account ended.
  Tokens last ``RESET_MINUTES``; one newer voids the older; changing the address voids them all.
"""

from __future__ import annotations

import secrets
import time

import sqlalchemy as sa
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, devices, email_tokens, sessions
from heliopolis.server.social import passwords
from heliopolis.server.social.accounts import Accounts, hash_password
from heliopolis.server.social.accounts import _sha as sha
from heliopolis.server.social.alerts import Alerts, log, one_address

RESET_MINUTES = 30


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    username: str = Field(min_length=1, max_length=200)


class ResetBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=passwords.MAX_LENGTH)


def _issue(alerts: Alerts, username: str) -> None:
    """Mails a reset link if the account exists and has a confirmed address (else nothing)."""
    try:
        with alerts.storage.engine.connect() as c:
            row = c.execute(sa.select(accounts.c.id, accounts.c.username, accounts.c.email, accounts.c.email_confirmed)
                            .where(accounts.c.username_key == username.casefold())).first()  # fmt: skip
        if row is None or not row.email_confirmed or not one_address(row.email or ""):
            return
        if not alerts.needs_mail(int(row.id), row.email, "reset"):
            return
        token = secrets.token_urlsafe(32)
        with alerts.storage.engine.begin() as c:
            c.execute(
                email_tokens.delete().where(email_tokens.c.account_id == row.id, email_tokens.c.purpose == "reset")
            )
            c.execute(email_tokens.insert().values(token_hash=sha(token), account_id=row.id, email=row.email,
                                                   purpose="reset", expires_at=time.time() + RESET_MINUTES * 60))  # fmt: skip
        alerts._mail(
            row.email,
            "Heliopolis: reset your password",
            f"Hello {row.username},\n\nsomeone (we hope you) asked to reset your Heliopolis password.\n"
            f"To choose a new one, open this link within {RESET_MINUTES} minutes:\n"
            f"{alerts.base_url}/#reset={token}\n\nIf it was not you, ignore this mail: nothing changes.\n",
        )
    except Exception as e:  # noqa: BLE001 (the answer was the same already; log only)
        log.warning("password reset mail: %s", e)


def _account_of(acc: Accounts, token: str) -> tuple[int, str] | None:
    with acc.storage.engine.connect() as c:
        row = c.execute(sa.select(accounts.c.id, accounts.c.username)
                        .join(email_tokens, email_tokens.c.account_id == accounts.c.id)
                        .where(email_tokens.c.token_hash == sha(token), email_tokens.c.purpose == "reset",
                               email_tokens.c.expires_at > time.time(), accounts.c.email == email_tokens.c.email,
                               accounts.c.email_confirmed == sa.true())).first()  # fmt: skip
    return (int(row.id), row.username) if row else None


def _reset(acc: Accounts, account_id: int, token: str, password: str) -> bool:
    h = hash_password(password)
    with acc.storage.engine.begin() as c:
        used = c.execute(email_tokens.delete().where(email_tokens.c.token_hash == sha(token),
                                                     email_tokens.c.purpose == "reset",
                                                     email_tokens.c.account_id == account_id)).rowcount  # fmt: skip
        if used != 1:
            return False
        c.execute(accounts.update().where(accounts.c.id == account_id).values(password_hash=h))
        c.execute(sessions.delete().where(sessions.c.account_id == account_id))
        c.execute(devices.delete().where(devices.c.account_id == account_id))
    return True

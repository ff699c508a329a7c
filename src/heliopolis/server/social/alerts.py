"""Optional e-mail turn alerts, when the server has an SMTP server (``Settings.smtp``).

An account may give one e-mail address and ask for turn e-mails (``PUT /api/account/alerts``).
The address is one plain ``local@domain`` (no list, no display name, no comment: ``one_address``)
and is not mailed anything but a confirmation until it is confirmed: setting it sends a
single-use link (``CONFIRM_HOURS``) whose token ``POST /api/account/confirm`` takes.
When a move committed on this instance hands the turn to another seat held by such an account,
one message goes out (the instance that committed the move is the only one that sends it), at
most one per account and game every ``min_interval`` seconds, so a fast game does not flood the
inbox. Sending runs in a thread with the standard library's SMTP client; a failure is logged and
never touches the game.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import smtplib
import time
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import getaddresses
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, email_tokens

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live

log = logging.getLogger("heliopolis.server")
# One RFC 5322 addr-spec in its plain form: a dot-atom local part, a host name with a letter TLD.
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
EMAIL = re.compile(rf"(?P<local>{_ATEXT}(?:\.{_ATEXT})*)@(?P<domain>(?:{_LABEL}\.)+[A-Za-z]{{2,63}})")
CONFIRM_HOURS = 2
RESEND_SECONDS = 60.0  # at most one confirmation mail per account, and per address, a minute


def one_address(text: str) -> str | None:
    """``text`` if it is exactly one plain address (the whole string: ``fullmatch``), else None.
    The standard library's parsers must agree that it is a single address, nothing more."""
    m = EMAIL.fullmatch(text)
    if m is None or len(text) > 254 or len(m["local"]) > 64:
        return None
    try:
        parsed = getaddresses([text])
        if len(parsed) != 1 or parsed[0] != ("", text) or Address(addr_spec=text).addr_spec != text:
            return None
    except (ValueError, IndexError, TypeError):
        return None
    return text


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class AlertsBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: str | None = Field(None, max_length=254)
    turn_emails: bool = False


class ConfirmBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=100)


class Alerts:
    def __init__(
        self, auth: Authority, smtp: str | None, sender: str, base_url: str, min_interval: float = 300.0
    ) -> None:
        self.auth = auth
        self.storage = auth.storage
        self.smtp = urlsplit(smtp) if smtp else None
        self.sender, self.base_url, self.min_interval = sender, base_url.rstrip("/"), min_interval
        self.last: dict[tuple[int, str], float] = {}
        self.confirm_sent: dict[str, float] = {}  # "<purpose>:a:<account>" / ":e:<address>" -> its last mail
        self.resend_seconds = RESEND_SECONDS
        self.sent = 0

    def finished(self, live: Live) -> None:
        """``GameListener``: nothing is mailed when a game ends."""

    def turned(self, live: Live, actor: int) -> None:
        """``GameListener``, after a commit here: mail the account whose turn it now is, if it asked for it."""
        if self.smtp is None:
            return
        state, rec = live.state, live.rec
        if rec.status != "running" or state.is_terminal() or state.is_chance_node():
            return
        seat = state.current_player()
        s = rec.seats[seat]
        if seat == actor or s.kind != "human" or s.account_id is None:
            return
        key = (s.account_id, rec.id)
        now = time.monotonic()
        if now - self.last.get(key, -1e18) < self.min_interval:
            return
        self.last[key] = now
        if len(self.last) > 10_000:  # forget only what no longer throttles (never every account at once)
            self.last = {k: t for k, t in self.last.items() if now - t < self.min_interval}
        asyncio.get_running_loop().run_in_executor(None, self._send, s.account_id, rec.id, rec.game)

    def _send(self, account_id: int, game_id: str, game: str) -> None:
        server = self.smtp
        if server is None:
            return
        try:
            with self.storage.engine.connect() as c:
                row = c.execute(sa.select(accounts.c.username, accounts.c.email, accounts.c.turn_emails,
                                          accounts.c.email_confirmed)
                                .where(accounts.c.id == account_id)).first()  # fmt: skip
            # Only a confirmed address, and only one (an address stored before 0004 is re-checked).
            if row is None or not row.turn_emails or not row.email_confirmed or not one_address(row.email or ""):
                return
            self._mail(
                row.email,
                f"Heliopolis: your turn ({game}, game {game_id})",
                f"Hello {row.username},\n\nit is your turn in game {game_id}:\n{self.base_url}/g/{game_id}\n",
            )
            self.sent += 1
        except Exception as e:  # noqa: BLE001 (the game never depends on the mail)
            log.warning("turn e-mail for game %s: %s", game_id, e)

    def _mail(self, to: str, subject: str, body: str) -> None:
        server = self.smtp
        assert server is not None
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg.set_content(body)
        with smtplib.SMTP(server.hostname or "localhost", server.port or 25, timeout=10) as smtp:
            smtp.send_message(msg, to_addrs=[to])  # one envelope recipient, whatever the headers say

    def _send_confirmation(self, account_id: int, email: str) -> None:
        """A new single-use token (earlier ones of the account are void), committed, then mailed."""
        token, now = secrets.token_urlsafe(32), time.time()
        with self.storage.engine.begin() as c:
            c.execute(email_tokens.delete().where(email_tokens.c.account_id == account_id,
                                                  email_tokens.c.purpose == "confirm"))  # fmt: skip
            c.execute(email_tokens.insert().values(token_hash=_sha(token), account_id=account_id, email=email,
                                                   purpose="confirm", expires_at=now + CONFIRM_HOURS * 3600))  # fmt: skip
        try:
            self._mail(
                email,
                "Heliopolis: confirm your e-mail address",
                f"Someone (we hope you) asked for Heliopolis turn e-mails to this address.\n"
                f"To confirm it, open this link within {CONFIRM_HOURS} hours:\n"
                f"{self.base_url}/#confirm={token}\n\nIf it was not you, ignore this mail.\n",
            )
        except Exception as e:  # noqa: BLE001 (the address stays unconfirmed; setting it again resends)
            log.warning("confirmation e-mail for account %s: %s", account_id, e)

    def confirm(self, token: str) -> dict[str, Any] | None:
        """Confirms the address a token was mailed to, once (the row is deleted in the same
        transaction: of two racing confirmations one finds it). None: unknown, used or expired."""
        with self.storage.engine.begin() as c:
            row = c.execute(sa.select(email_tokens).where(email_tokens.c.token_hash == _sha(token),
                                                          email_tokens.c.purpose == "confirm")).first()  # fmt: skip
            if row is None:
                return None
            gone = c.execute(email_tokens.delete().where(email_tokens.c.token_hash == row.token_hash)).rowcount
            if gone != 1 or row.expires_at < time.time():
                return None
            done = c.execute(accounts.update().where(accounts.c.id == row.account_id, accounts.c.email == row.email)
                             .values(email_confirmed=True)).rowcount  # fmt: skip
        return {"email": row.email, "confirmed": True} if done == 1 else None

    def _set(self, account_id: int, email: str | None, turn_emails: bool) -> bool:
        """Stores the choice; True when the address is new (so it needs confirming)."""
        with self.storage.engine.begin() as c:
            old = c.execute(sa.select(accounts.c.email, accounts.c.email_confirmed)
                            .where(accounts.c.id == account_id)).first()  # fmt: skip
            changed = old is None or old.email != email
            values: dict[str, Any] = {"email": email, "turn_emails": turn_emails}
            if changed:
                values["email_confirmed"] = False
                c.execute(email_tokens.delete().where(email_tokens.c.account_id == account_id))
            c.execute(accounts.update().where(accounts.c.id == account_id).values(**values))
        return email is not None and (changed or old is None or not old.email_confirmed)

    def _get(self, account_id: int) -> dict[str, Any]:
        with self.storage.engine.connect() as c:
            row = c.execute(
                sa.select(accounts.c.email, accounts.c.turn_emails, accounts.c.email_confirmed).where(
                    accounts.c.id == account_id
                )
            ).one()
        return {"email": row.email, "turn_emails": bool(row.turn_emails), "available": self.smtp is not None,
                "confirmed": bool(row.email_confirmed) and row.email is not None}  # fmt: skip

    def needs_mail(self, account_id: int, email: str, purpose: str = "confirm") -> bool:
        """Whether to send a ``purpose`` mail (confirm, reset) now: SMTP configured, and none sent for
        this account or to this address in the last ``resend_seconds`` (nobody can make the server
        bomb an inbox)."""
        now, keys = time.monotonic(), (f"{purpose}:a:{account_id}", f"{purpose}:e:{email.casefold()}")
        if self.smtp is None or any(now - self.confirm_sent.get(k, -1e18) < self.resend_seconds for k in keys):
            return False
        for k in keys:
            self.confirm_sent[k] = now
        if len(self.confirm_sent) > 10_000:
            self.confirm_sent = {k: v for k, v in self.confirm_sent.items() if now - v < self.resend_seconds}
        return True

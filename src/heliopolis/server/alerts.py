"""Optional e-mail turn alerts, when the server has an SMTP server (``Settings.smtp``).

An account may give an e-mail address and ask for turn e-mails (``PUT /api/account/alerts``).
When a move committed on this instance hands the turn to another seat held by such an account,
one message goes out (the instance that committed the move is the only one that sends it), at
most one per account and game every ``min_interval`` seconds, so a fast game does not flood the
inbox. Sending runs in a thread with the standard library's SMTP client; a failure is logged and
never touches the game.
"""

from __future__ import annotations

import asyncio
import logging
import re
import smtplib
import time
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.protocol import ServerError
from heliopolis.server.table_db import accounts

log = logging.getLogger("heliopolis.server")
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")


class AlertsBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: str | None = Field(None, max_length=254)
    turn_emails: bool = False


class Alerts:
    def __init__(self, auth: Any, smtp: str | None, sender: str, base_url: str, min_interval: float = 300.0) -> None:
        self.auth = auth
        self.storage = auth.storage
        self.smtp = urlsplit(smtp) if smtp else None
        self.sender, self.base_url, self.min_interval = sender, base_url.rstrip("/"), min_interval
        self.last: dict[tuple[int, str], float] = {}
        self.sent = 0

    def turn(self, live: Any, actor: int) -> None:
        """Hook after a commit: mail the account whose turn it now is, if it asked for it."""
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
        if len(self.last) > 10_000:
            self.last.clear()
        asyncio.get_running_loop().run_in_executor(None, self._send, s.account_id, rec.id, rec.game)

    def _send(self, account_id: int, game_id: str, game: str) -> None:
        server = self.smtp
        if server is None:
            return
        try:
            with self.storage.engine.connect() as c:
                row = c.execute(sa.select(accounts.c.username, accounts.c.email, accounts.c.turn_emails)
                                .where(accounts.c.id == account_id)).first()  # fmt: skip
            if row is None or not row.email or not row.turn_emails:
                return
            msg = EmailMessage()
            msg["From"], msg["To"] = self.sender, row.email
            msg["Subject"] = f"Heliopolis: your turn ({game}, game {game_id})"
            msg.set_content(f"Hello {row.username},\n\nit is your turn in game {game_id}:\n"
                            f"{self.base_url}/g/{game_id}\n")  # fmt: skip
            with smtplib.SMTP(server.hostname or "localhost", server.port or 25, timeout=10) as smtp:
                smtp.send_message(msg)
            self.sent += 1
        except Exception as e:  # noqa: BLE001 (the game never depends on the mail)
            log.warning("turn e-mail for game %s: %s", game_id, e)

    def _set(self, account_id: int, email: str | None, turn_emails: bool) -> None:
        with self.storage.engine.begin() as c:
            c.execute(accounts.update().where(accounts.c.id == account_id).values(email=email, turn_emails=turn_emails))

    def _get(self, account_id: int) -> dict[str, Any]:
        with self.storage.engine.connect() as c:
            row = c.execute(
                sa.select(accounts.c.email, accounts.c.turn_emails).where(accounts.c.id == account_id)
            ).first()
        return {"email": row.email, "turn_emails": bool(row.turn_emails), "available": self.smtp is not None}


def router(alerts: Alerts, accounts_service: Any) -> APIRouter:
    r = APIRouter(prefix="/api/account", tags=["accounts"])

    @r.get("/alerts")
    async def get(request: Request) -> dict[str, Any]:
        s = await accounts_service.session(request)
        if s is None:
            raise ServerError("unauthorized", "log in first")
        return await asyncio.to_thread(alerts._get, s.account_id)

    @r.put("/alerts")
    async def put(body: AlertsBody, request: Request) -> dict[str, Any]:
        s = await accounts_service.require(request)
        email = body.email.strip() if body.email else None
        if email is not None and not EMAIL.match(email):
            raise ServerError("bad_request", "email: not an e-mail address")
        if body.turn_emails and email is None:
            raise ServerError("bad_request", "email: turn e-mails need an address")
        await asyncio.to_thread(alerts._set, s.account_id, email, body.turn_emails)
        return await asyncio.to_thread(alerts._get, s.account_id)

    return r

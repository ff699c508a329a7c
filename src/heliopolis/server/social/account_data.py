"""My data: export it as JSON, or delete the account.

* ``GET /api/account/export`` (cookie) — one JSON document (a download): the account, its e-mail
  settings, its sessions (no cookie values), its seats, the chat lines said from them (and as a
  spectator under its name), its ratings and rating changes.
* ``POST /api/account/delete`` ``{"password"}`` (cookie + CSRF) — the password is checked like a
  login. Then every seat the account held keeps an anonymous name (``anon-<4 hex>``, one per
  deletion) and no account (each game's revision is bumped, so every instance and client sees it;
  the seat's token keeps working, so a running game is not broken), its chat lines take the same
  name, its ratings leave the leaderboard (the games' rating changes stay, without the account), and
  the account with its e-mail, sessions, known devices and tokens is deleted — each step committed
  before the next, the account row last, so an interrupted deletion is finished by deleting again.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.table_db import accounts, chat, devices, email_tokens, rating_changes, ratings, sessions
from heliopolis.server.social import passwords
from heliopolis.server.social.accounts import (
    Accounts,
    account_games,
)
from heliopolis.server.store.storage import StaleError, games, seats

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority


class DeleteBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    password: str = Field(min_length=1, max_length=passwords.MAX_LENGTH)


def _rows(c: sa.Connection, q: Any) -> list[dict[str, Any]]:
    return [dict(r) for r in c.execute(q).mappings()]


def export(acc: Accounts, account_id: int) -> dict[str, Any]:
    player = f"account:{account_id}"
    with acc.storage.engine.connect() as c:
        me = c.execute(sa.select(accounts.c.id, accounts.c.username, accounts.c.created_at, accounts.c.email,
                                 accounts.c.email_confirmed, accounts.c.turn_emails)
                       .where(accounts.c.id == account_id)).mappings().one()  # fmt: skip
        held = _rows(c, sa.select(seats.c.game_id, seats.c.seat, seats.c.name, games.c.game, games.c.status,
                                  games.c.created_at).join(games, games.c.id == seats.c.game_id)
                     .where(seats.c.account_id == account_id).order_by(games.c.created_at))  # fmt: skip
        said = _rows(c, sa.select(chat.c.game_id, chat.c.seat, chat.c.name, chat.c.text, chat.c.ply, chat.c.created_at)
                     .where(_lines_of(account_id, me["username"])).order_by(chat.c.created_at))  # fmt: skip
        return {
            "account": {**dict(me), "email_confirmed": bool(me["email_confirmed"]), "turn_emails": bool(me["turn_emails"])},
            "sessions": _rows(c, sa.select(sessions.c.created_at, sessions.c.last_seen, sessions.c.expires_at,
                                           sessions.c.user_agent).where(sessions.c.account_id == account_id)),
            "seats": held,
            "chat": said,
            "ratings": _rows(c, sa.select(ratings).where(ratings.c.player == player)),
            "rating_changes": _rows(c, sa.select(rating_changes).where(rating_changes.c.player == player)),
        }  # fmt: skip


def _lines_of(account_id: int, username: str) -> Any:
    """Chat lines of the account: said from its seats, or as a spectator (its account on the line; a line
    from before ``0005_table`` has none: then its name)."""
    from_seats = (sa.select(seats.c.game_id, seats.c.seat).where(seats.c.account_id == account_id)).subquery()
    mine = sa.tuple_(chat.c.game_id, chat.c.seat).in_(sa.select(from_seats.c.game_id, from_seats.c.seat))
    legacy = sa.and_(chat.c.seat.is_(None), chat.c.account_id.is_(None), chat.c.name == username)
    return sa.or_(mine, chat.c.account_id == account_id, legacy)


async def _release_seats(acc: Accounts, auth: Authority, account_id: int, anon: str) -> None:
    """Every seat of the account: anonymous name, no account; the game's revision bumped."""
    for game_id, seat in await asyncio.to_thread(account_games, acc.storage, account_id):
        for _ in range(5):  # a move may land in between: reload and try again
            live = await auth.get(game_id)
            async with live.lock:
                try:
                    live.rec.revision = await auth._db(auth.storage.update_game, game_id, live.rec.revision,
                                                       seat_updates={seat: {"account_id": None, "name": anon}})  # fmt: skip
                except StaleError:
                    pass
                else:
                    live.rec.seats[seat].account_id, live.rec.seats[seat].name = None, anon
                    break
            await auth.reload(game_id)
        auth.hub.publish(game_id)


def _erase(acc: Accounts, account_id: int) -> None:
    player = f"account:{account_id}"
    with acc.storage.engine.begin() as c:
        c.execute(ratings.delete().where(ratings.c.player == player))
        c.execute(rating_changes.update().where(rating_changes.c.player == player).values(player="deleted"))
        for t in (sessions, devices, email_tokens):
            c.execute(t.delete().where(t.c.account_id == account_id))
        c.execute(accounts.delete().where(accounts.c.id == account_id))


def _erase_chat(acc: Accounts, account_id: int, username: str, anon: str) -> None:
    with acc.storage.engine.begin() as c:
        c.execute(chat.update().where(_lines_of(account_id, username)).values(name=anon, account_id=None))


async def delete_account(acc: Accounts, auth: Authority, account_id: int, username: str) -> str:
    """Deletes the account (the module's docstring says what stays); returns the seats' new name."""
    anon = f"anon-{secrets.token_hex(2)}"
    # Chat lines first (they are found through the seats), then the seats, then the rest.
    await asyncio.to_thread(_erase_chat, acc, account_id, username, anon)
    await _release_seats(acc, auth, account_id, anon)
    await asyncio.to_thread(_erase, acc, account_id)
    return anon

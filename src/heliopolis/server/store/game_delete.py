"""Deleting a game for good (``heliopolis admin delete-game GAME_ID``).

Every row that belongs to the game goes in one transaction with its audit entry: its seats, its
moves (the event log), chat, settings, seat events, reports and rating changes, then the game
itself. The rows are deleted table by table rather than left to ``ON DELETE CASCADE``, so a SQLite
connection without ``PRAGMA foreign_keys`` leaves nothing behind either. Ratings the game already
changed stay as they are (a rating is a running sum, not recomputed). A server that has the game
loaded forgets it when it restarts; on PostgreSQL the other instances are told at once
(``NOTIFY heliopolis``), and reload it to find it gone.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from heliopolis.core.errors import error_msg
from heliopolis.server.social import moderation as m
from heliopolis.server.store.storage import games, metadata, seats
from heliopolis.server.transport.protocol import ServerError

PG_CHANNEL = "heliopolis"  # storage.py's channel: "<game>:<revision>:<instance>"


def _game_tables() -> list[sa.Table]:
    """The tables whose rows hang off ``games.id``, children first."""
    out = []
    for t in reversed(metadata.sorted_tables):
        if any(fk.column.table is games for fk in t.foreign_keys):
            out.append(t)
    return out


def delete_game(c: sa.Connection, game_id: str, by: tuple[int | None, str] = (None, m.CLI_ADMIN)) -> str:
    """Deletes the game ``game_id`` and everything of it; returns its id. Audited as ``delete_game``
    with what it was (game, status, plies, seat names) in the entry's detail."""
    row = c.execute(sa.select(games.c.game, games.c.status, games.c.plies, games.c.revision)
                    .where(games.c.id == game_id)).first()  # fmt: skip
    if row is None:
        raise ServerError("not_found", error_msg("errors.mod.no_game", game=game_id))
    names = [n or "" for n in c.execute(sa.select(seats.c.name).where(seats.c.game_id == game_id)
                                        .order_by(seats.c.seat)).scalars()]  # fmt: skip
    for t in _game_tables():
        c.execute(t.delete().where(t.c.game_id == game_id))
    c.execute(games.delete().where(games.c.id == game_id))
    detail = json.dumps({"game": row.game, "status": row.status, "plies": row.plies, "seats": names})
    m.write_audit(c, by, "delete_game", game_id=game_id, detail=detail[:500])
    if c.dialect.name == "postgresql":  # a revision past any: other instances reload it and find it gone
        c.execute(sa.text("SELECT pg_notify(:ch, :msg)"),
                  {"ch": PG_CHANNEL, "msg": f"{game_id}:{row.revision + 1}:cli"})  # fmt: skip
    return game_id


def exists(c: sa.Connection, game_id: str) -> Any:
    return c.execute(sa.select(games.c.id).where(games.c.id == game_id)).first() is not None

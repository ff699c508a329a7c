"""The bot-game quotas of one server process: how many games with bots playing one client address
and the whole process may have, and whose fair share of the bot workers a bot seat's decisions use.

A game counts while its bots are driven (a bot or chance to move): an all-bot game until it ends, a
game with people only while its bots answer them, so a game left waiting for a person costs
nothing. It counts against every address that caused a bot seat in it (``count_bots``): who
created it with bots, resigned or ran out of time in it (its takeover bots), asked for its rematch.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.bots import BotPool
    from heliopolis.server.play.cache import Live

MAX_BOT_GAMES_PER_CLIENT = 4  # running games with bot seats one client address may have created
MAX_BOT_GAMES = 200  # running games with bot seats this server process takes on


class BotQuotas:
    """``games`` and ``drivers`` are the authority's (shared, never copied): a game's driver task
    running is what makes it count."""

    def __init__(self, bots: BotPool, games: dict[str, Live], drivers: dict[str, asyncio.Task[None]],
                 per_client: int = MAX_BOT_GAMES_PER_CLIENT, total: int = MAX_BOT_GAMES) -> None:  # fmt: skip
        self.bots, self.games, self.drivers = bots, games, drivers
        self.per_client, self.total = per_client, total
        self.creator: dict[str, str] = {}  # game id -> the address that caused its first bot seat (bot_client)
        # game id -> every address its bot seats count against in the quotas: who created it with bots,
        # resigned or ran out of time in it (its takeover bots), asked for its rematch (this process)
        self.bot_clients: dict[str, set[str]] = {}
        self.seat_clients: dict[str, dict[int, str]] = {}  # game id -> seat -> the address that took it

    def forget(self, game_id: str) -> None:
        self.creator.pop(game_id, None)
        self.bot_clients.pop(game_id, None)
        self.seat_clients.pop(game_id, None)

    def error(self, client: str, game_id: str | None = None) -> ServerError | None:
        """The refusal of one more game with bots counted against ``client`` (``game_id``: that game,
        already counted or not), over the per-client or per-server cap; ``None`` if within both."""
        for gid in list(self.bot_clients):
            live = self.games.get(gid)
            if live is not None and live.rec.status not in ("open", "running"):
                self.forget(gid)
        busy = [gid for gid in self.bot_clients
                if gid != game_id and (t := self.drivers.get(gid)) is not None and not t.done()]  # fmt: skip
        if len(busy) >= self.total:
            return ServerError("rate_limited", f"this server runs {self.total} games with bots already; "
                                               "try again when some have finished")  # fmt: skip
        if sum(client in self.bot_clients[gid] for gid in busy) >= self.per_client:
            return ServerError("rate_limited", f"your {self.per_client} games whose bots are playing "
                                               "must finish first (games waiting for a person do not count)")  # fmt: skip
        return None

    def check(self, client: str) -> None:
        err = self.error(client)
        if err is not None:
            raise err

    def bot_client(self, game_id: str, seat: int) -> str:
        """The address whose fair share of the bot workers a bot seat's decisions use: the player who
        left the seat to a bot (resigned it, or took it and ran out of time), else the address that
        created the game with its bots (or asked for the rematch); ``""`` when unknown (a restart)."""
        return self.seat_clients.get(game_id, {}).get(seat) or self.creator.get(game_id, "")

    def count_bots(self, game_id: str, client: str) -> None:
        """``client`` caused a bot seat of the game (created it, resigned, timed out, asked for the rematch)."""
        self.bot_clients.setdefault(game_id, set()).add(client)
        self.creator.setdefault(game_id, client)
        self.bots.expect(client)  # present for the fair shares before its first decision

"""The bot driver: one task per game while a bot (or chance) is to move, which asks the bot pool
(``bots.py``) for the move and commits it like a person's (``Authority.commit``).

On PostgreSQL a game's bots are driven by the instance holding its lease (``lease.py``); SIGTERM
drains the drivers at a safe point (``drain``) and the leases go to the other instances. A bot's
decision is seeded by ``bot_seed(seed, ply)``, so a game's bots play the same after a restart.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
from typing import TYPE_CHECKING

from heliopolis.server.store.storage import Move
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority

log = logging.getLogger("heliopolis.server")


def bot_seed(seed: int, ply: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:bot:{ply}".encode()).digest()[:8], "big")


class BotDriver:
    """``tasks``: game id -> its driver (shared with ``Authority.drivers``); a lease release of an
    evicted game runs there too."""

    def __init__(self, auth: Authority) -> None:
        self.auth = auth
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.draining = False  # SIGTERM: no bot starts another move here (drain)
        self._committing: set[str] = set()  # games whose driver is writing a move: never cancelled

    def kick(self, game_id: str) -> None:
        """Makes sure a driver runs the game while a bot (or chance) is to move."""
        task = self.tasks.get(game_id)
        if (task is None or task.done()) and not self.draining:
            live = self.auth.games.get(game_id)
            if (
                live is not None
                and live.rec.status == "running"
                and not live.state.is_chance_node()
                and not live.state.is_terminal()
                and all(s.kind == "human" for s in live.rec.seats)
            ):
                return  # people only, a person to move: nothing to drive (no task per move)
            self.tasks[game_id] = asyncio.create_task(self._drive(game_id))

    def idle(self, game_id: str) -> bool:
        """No driver runs the game (it may leave the cache)."""
        task = self.tasks.get(game_id)
        return task is None or task.done()

    def forget(self, game_id: str) -> None:
        """The game left the cache: its driver is gone, and an idle game's lease is let go (lease.py)."""
        self.tasks.pop(game_id, None)
        leases = self.auth.leases
        if leases is not None and game_id in leases.held:
            self.tasks[game_id] = asyncio.create_task(leases.release(game_id))

    async def _drive(self, game_id: str) -> None:
        auth = self.auth
        try:
            while not self.draining:
                live = await auth.get(game_id)
                rec, state = live.rec, live.state
                if rec.status != "running" or state.is_terminal():
                    if rec.status != "open":  # an open game's bots and seats count once it runs
                        auth.quotas.forget(game_id)
                    if auth.leases is not None:
                        await auth.leases.release(game_id)
                    return
                if auth.leases is not None and any(s.kind == "bot" for s in rec.seats):
                    if game_id not in auth.leases.held:
                        if not await auth.leases.acquire(game_id):
                            return  # another live instance drives this game's bots
                        await auth.reload(game_id)  # the newest state, not our cached copy
                        continue
                if state.is_chance_node():  # only after a crash between two writes
                    async with live.lock:
                        if live.state.is_chance_node() and live.rec.revision == rec.revision:
                            await auth.commit(live, live.state.clone(), [])
                    auth.hub.publish(game_id)
                    continue
                seat = state.current_player()
                if rec.seats[seat].kind != "bot":
                    return
                rev = rec.revision
                if auth.bot_delay:
                    await asyncio.sleep(auth.bot_delay)
                seed = bot_seed(rec.seed, rec.plies)
                bot_spec = rec.seats[seat].bot
                assert bot_spec is not None  # a bot seat names its bot
                action = await auth.bots.decide(rec.game, rec.options, state.history(), seat, bot_spec, seed,
                                                client=auth.quotas.bot_client(game_id, seat), table=game_id)  # fmt: skip
                if action is None:  # the bot failed or hit the per-move cap: a seeded random legal move
                    action = random.Random(seed).choice(state.legal_actions())
                async with live.lock:
                    live = auth.games.get(game_id, live)
                    if self.draining:
                        return  # the next instance moves it, from the committed state
                    if live.rec.revision != rev:
                        continue  # an undo or another instance got there first: look again
                    nxt = live.state.clone()
                    nxt.apply_action(action)
                    self._committing.add(game_id)
                    try:
                        await auth.commit(live, nxt, [Move(action, state.action_to_string(action), seat)])
                    except ServerError:
                        continue
                    finally:
                        self._committing.discard(game_id)
                auth.hub.publish(game_id)
        except ServerError:
            return
        except Exception:
            log.exception("bot driver for game %s stopped", game_id)

    async def take_over(self, game_id: str) -> None:
        """A running game with bots whose lease nobody holds (its instance died): drive it."""
        leases = self.auth.leases
        if leases is not None and await leases.acquire(game_id):
            await self.auth.reload(game_id)
            self.kick(game_id)

    async def resume_all(self) -> int:
        """After a restart: every running game whose next move is a bot's (or chance) goes on."""
        ids = await asyncio.to_thread(self.auth.storage.running_ids)
        for gid in ids:
            self.kick(gid)
        return len(ids)

    async def drain(self, timeout: float) -> None:
        """Stops driving bots at a safe point (SIGTERM): a driver thinking or waiting is cancelled,
        one writing its move finishes the commit; at most ``timeout`` seconds. The leases go after."""
        self.draining = True
        for gid, t in self.tasks.items():
            if gid not in self._committing:
                t.cancel()
        pending = [t for t in self.tasks.values() if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)

    async def close(self) -> None:
        for t in self.tasks.values():
            t.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

"""Archived games: replay frames, export and import of saved games.

Finished and imported games never change, so each replay frame ``(game, revision, ply)`` is
computed once, in a thread of its own (off the event loop, and off the executor the database
calls use), and kept in an LRU; equal requests share one computation. Export and import use the
saved-game JSON of ``heliopolis replay FILE`` (``core.serialize``).
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from heliopolis.core.errors import HeliopolisError, error_msg, reason
from heliopolis.core.registry import new_game
from heliopolis.core.serialize import state_from_dict
from heliopolis.core.text import to_json, wire
from heliopolis.server.play.authority import READ_ONLY
from heliopolis.server.play.cache import Live
from heliopolis.server.store.storage import GameRecord, Move, Seat, new_game_id
from heliopolis.server.transport.protocol import ServerError, clean_name

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority


def replay_steps(movers: list[int]) -> list[int]:
    """The plies a replay steps to by decision: the empty table, the start once the setup is dealt,
    then after each player's move with the chance it caused (dice rolled, tiles drawn): the ply of
    the next decision, and the end last (``movers``: seat per ply, -1 for chance)."""
    decisions = [i for i, seat in enumerate(movers) if seat >= 0]
    return sorted({0, *decisions, len(movers)})


def replay_frame_text(game: str, options: dict[str, Any], history: list[int], ply: int,
                      steps: list[int] | None = None) -> str:  # fmt: skip
    """The public position after ``ply`` moves of a finished game, as JSON text (runs in a thread):
    ``move`` is the last action, ``decision`` the last player's move (the one a step by decision
    shows), ``steps`` the plies of those steps (``replay_steps``)."""
    state = new_game(game, **options)
    move = decision = None
    for a in history[:ply]:
        move = to_json(state.describe_action(a))  # a finished game: chance outcomes are public too
        if not state.is_chance_node():
            decision = move
        state.apply_action(a)
    return json.dumps({"ply": ply, "plies": len(history), "view": wire(state.player_view(None)),
                       "log": [to_json(x) for x in state.public_log()], "move": move, "decision": decision,
                       "steps": steps if steps is not None else []}, separators=(",", ":"))  # fmt: skip


class Archive:
    def __init__(self, auth: Authority, replay_cache: int = 2048) -> None:
        self.auth = auth
        # (game, revision, ply) -> future of the encoded frame, least recently used first.
        self.replays: OrderedDict[tuple[str, int, int], asyncio.Future] = OrderedDict()
        self.replay_cache = replay_cache
        self._replay_pool = ThreadPoolExecutor(1, thread_name_prefix="heliopolis-replay")

    def close(self) -> None:
        self._replay_pool.shutdown(wait=False, cancel_futures=True)

    async def replay_frame(self, game_id: str, ply: int | None) -> str:
        """The encoded replay frame: cached, computed at most once per (game, revision, ply)."""
        live = await self.auth.get(game_id)
        rec = live.rec
        if rec.status not in READ_ONLY:
            raise ServerError("bad_request", "replays are for finished games (a running game would reveal moves "
                                             "as they are made; watch it instead)")  # fmt: skip
        plies = rec.plies
        ply = plies if ply is None else ply
        if not 0 <= ply <= plies:
            raise ServerError("bad_request", f"ply must be 0..{plies}")
        key = (game_id, rec.revision, ply)
        fut = self.replays.get(key)
        if fut is not None:
            self.replays.move_to_end(key)
        else:
            history = list(live.state.history())
            fut = asyncio.get_running_loop().run_in_executor(self._replay_pool, replay_frame_text, rec.game,
                                                             rec.options, history, ply,
                                                             replay_steps(live.movers))  # fmt: skip
            self.replays[key] = fut
            while len(self.replays) > self.replay_cache:
                self.replays.popitem(last=False)
        try:
            return await asyncio.shield(fut)  # a client that goes away does not cancel the shared work
        except Exception:
            self.replays.pop(key, None)
            raise

    async def export(self, game_id: str) -> dict[str, Any]:
        live = await self.auth.get(game_id)
        if live.rec.status not in READ_ONLY:
            raise ServerError("bad_request", "only finished games can be exported (the log of a running game "
                                             "holds its future randomness)")  # fmt: skip
        doc = live.state.to_dict()
        doc["players"] = [{"seat": x.seat, "name": x.name, "kind": x.kind, "bot": x.bot} for x in live.rec.seats]
        return doc

    async def import_game(self, doc: Any, also: Any = None) -> GameRecord:
        """``also(connection, game_id)`` writes more rows in the import's transaction (its chat)."""
        try:
            state = state_from_dict(doc)
        except HeliopolisError as e:
            raise ServerError("bad_request", reason(e)) from None
        info = state.game.info
        replay = state.game.new_initial_state()
        moves = []
        for a in state.history():
            seat = -1 if replay.is_chance_node() else replay.current_player()
            moves.append(Move(a, replay.action_to_string(a), seat))
            replay.apply_action(a)
        players = state.game.players
        seats = saved_seats(doc, players)
        winners = state.winners() if state.is_terminal() else None
        now = time.time()
        rec = GameRecord(new_game_id(), info.game_id, info.encoding, state.game.config(),
                         secrets.randbits(63), "imported", 0, len(moves), seats, now, now, winners=winners)  # fmt: skip
        await self.auth._db(self.auth.storage.create_game, rec, moves, (lambda c: also(c, rec.id)) if also else None)
        self.auth.cache.remember(Live(rec, state, [m.seat for m in moves]))
        return rec


_BOT_SPEC = re.compile(r"^[A-Za-z0-9_:=.,+-]{1,200}$")


def saved_seats(doc: dict[str, Any], players: int) -> list[Seat]:
    """The seats of an imported game: the names (and bots) its export wrote under ``players``; a
    save without them (an older export, the terminal's) has unnamed seats ("Seat 1"). Read-only:
    an imported seat is never played, so a bot is only its label."""
    saved = doc.get("players")
    if saved is None:
        return [Seat(i, "human") for i in range(players)]
    seats = [_saved_seat(i, x) for i, x in enumerate(saved)] if isinstance(saved, list) else []
    if len(seats) != players or None in seats:
        raise ServerError("bad_request", error_msg("errors.save.players", count=players))
    return [x for x in seats if x is not None]


def _saved_seat(i: int, x: Any) -> Seat | None:
    """Seat ``i`` of a save's ``players``, or ``None`` if the entry is not one."""
    if not isinstance(x, dict) or x.get("seat", i) != i or not isinstance(x.get("name"), (str, type(None))):
        return None
    kind, bot = x.get("kind", "human"), x.get("bot")
    if kind not in ("human", "bot") or (kind == "bot" and not (isinstance(bot, str) and _BOT_SPEC.match(bot))):
        return None
    try:
        name = clean_name(x.get("name"))
    except ValueError:
        return None
    return Seat(i, kind, bot if kind == "bot" else None, name)

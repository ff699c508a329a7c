"""Bots in seats, decided off the event loop.

A decision is a pure function of (game, options, history, seat, bot spec, seed): the worker
rebuilds the state from the history, hands the bot ``resample_from_infostate(seat, rng)`` (never
the real state, as in the arena), and returns the action id. Search bots run in a process pool
so they never block the server; the cheap ones (random, heuristic) run inline.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Sequence

from heliopolis.bots import make_bot
from heliopolis.core.registry import new_game

INLINE = ("random", "heuristic")


def decide(game_id: str, options: dict[str, Any], history: Sequence[int], seat: int, spec: str, seed: int) -> int:
    state = new_game(game_id, **options)  # the options hold "players"
    for a in history:
        state.apply_action(a)
    if state.current_player() != seat:
        raise ValueError(f"seat {seat} is not to move")
    bot = make_bot(spec, seed=seed)
    return bot.step(state.resample_from_infostate(seat, random.Random(seed ^ 0x5EED)))


class BotRunner:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: forking a process that runs an event loop and DB threads is unsafe.
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("forkserver"))
        return self._pool

    async def decide(self, game_id: str, options: dict[str, Any], history: list[int], seat: int, spec: str,
                     seed: int) -> int:  # fmt: skip
        if spec.split(":", 1)[0] in INLINE:
            return decide(game_id, options, history, seat, spec, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), decide, game_id, options, history, seat, spec, seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

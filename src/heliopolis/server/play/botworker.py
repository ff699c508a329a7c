"""A bot worker process: ``python -m heliopolis.server.play.botworker``, started by ``bots.BotPool``.

Reads one JSON job per line on stdin, answers one JSON line on stdout. A decision is a pure
function of (game, options, history, seat, bot spec, seed): the worker rebuilds the state from the
history and hands the bot ``resample_from_infostate(seat, rng)`` (never the real state, as in the
arena). A search bot's wall-time budget is clamped to the server's per-move cap (``cap``).

The worker dies with the server, however the server ends (SIGKILL included): on Linux it asks the
kernel for SIGKILL when its parent dies (``PR_SET_PDEATHSIG``), a watchdog thread checks the
parent pid (other systems, and the window before the prctl call), and end of input means the server
closed the pipe.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no libc prctl: the watchdog below still works
            pass
    if os.getppid() != parent:  # the parent died before the prctl call
        os._exit(0)

    def watchdog() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watchdog, name="parent-watchdog", daemon=True).start()


def decide(game_id: str, options: dict[str, Any], history: Sequence[int], seat: int, spec: str, seed: int,
           cap: float | None = None) -> int:  # fmt: skip
    from heliopolis.bots import make_bot
    from heliopolis.core.registry import new_game

    state = new_game(game_id, **options)  # the options hold "players"
    for a in history:
        state.apply_action(a)
    if state.current_player() != seat:
        raise ValueError(f"seat {seat} is not to move")
    bot = make_bot(spec, seed=seed)
    if cap is not None and hasattr(bot, "time_limit"):
        # An iteration budget stops at the cap too: same seed and budget give the same move unless
        # the server is too busy to finish it in time (documented in docs/server-api.md).
        bot.time_limit = min(bot.time_limit or cap, cap)
    return bot.step(state.resample_from_infostate(seat, random.Random(seed ^ 0x5EED)))


def main() -> None:
    parent = int(os.environ.get("HELIOPOLIS_PARENT_PID") or os.getppid())
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C in the terminal is the server's to handle
    out = sys.stdout
    for line in sys.stdin:  # EOF: the server closed the pipe (or died)
        try:
            job = json.loads(line)
            kind = job.pop("kind", None)
            if kind is None:
                answer: dict[str, Any] = {"action": decide(**job)}
            else:  # an analysis or a hint (analysis_work)
                from heliopolis.server.learn.analysis_work import run

                answer = run(kind, job)
        except Exception as e:  # a bad job must not kill the worker
            answer = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()

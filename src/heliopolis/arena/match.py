"""``play_match``: one game between bots, as a JSON-safe record.

Honesty is structural: a bot never receives the real state, only
``state.resample_from_infostate(seat, rng)`` drawn with the bot's own RNG, so it cannot read the
bag order, face-down stacks or anything else its seat could not know.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from heliopolis.arena.seeds import sub_seed
from heliopolis.bots import make_bot
from heliopolis.core.registry import load_game


def play_match(game_id: str, options: dict[str, Any], bot_specs: Sequence[str], seed: int,
               index: int = 0, history: bool = False) -> dict[str, Any]:  # fmt: skip
    """Plays one game; ``options`` may hold ``players`` (default: one seat per bot spec).

    With ``history`` the record also holds every action (chance outcomes included), so that each
    position of the game can be rebuilt with ``load_game(...).new_initial_state()`` + ``apply_action``
    (what ``heliopolis train-evaluator`` learns from)."""
    opts = dict(options)
    players = opts.pop("players", len(bot_specs))
    if players != len(bot_specs):
        from heliopolis.core.errors import ConfigError, error_msg

        raise ConfigError(error_msg("errors.arena.specs_count", players=players, count=len(bot_specs)))
    game = load_game(game_id, players, **opts)
    bots = [make_bot(spec, seed=sub_seed(seed, f"bot{i}")) for i, spec in enumerate(bot_specs)]
    chance_rng = random.Random(sub_seed(seed, "chance"))
    view_rng = random.Random(sub_seed(seed, "views"))
    state = game.new_initial_state()
    think = [0.0] * players
    decisions = 0
    start = time.perf_counter()
    clock = time.perf_counter
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance_outcome(chance_rng)
        else:
            seat = state.current_player()
            t0 = clock()
            action = bots[seat].step(state.resample_from_infostate(seat, view_rng))
            think[seat] += clock() - t0
            decisions += 1
        for bot in bots:
            bot.inform_action(state, state.current_player(), action)
        state.apply_action(action)
    breakdown = state.score_breakdown()
    record = {
        "index": index,
        "game": game_id,
        "options": game.config(),
        "seed": seed,
        "bots": list(bot_specs),
        "scores": state.scores(),
        "winners": state.winners(),
        "length": len(state.history()),
        "decisions": decisions,
        "categories": breakdown,
        "seconds": round(clock() - start, 4),
        "think_seconds": [round(t, 4) for t in think],
    }
    if history:
        record["history"] = state.history()
    return record

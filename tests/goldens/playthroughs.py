"""Golden playthroughs: seeded random games whose every observable output is fingerprinted.

For each game and player count in ``GOLDENS``, games ``0 .. N-1`` are played with
``random.Random(seed)``; each game's fingerprint is a SHA-256 over its history, each move's
description, the player views of every seat and a spectator every ``VIEW_EVERY`` moves and at the
end, the final scores, winners, returns, score breakdown, text board, saved JSON and the public move
log (the games in ``WITH_LOG``: all of them). The file
``<game>.json`` beside this module holds the fingerprints made with the pure build (the reference);
``tests/test_goldens.py`` recomputes them under the build in use, and ``make test`` runs it once
per build, so both builds must reproduce the reference exactly.

Regenerate (only after a deliberate rules or view change, with the pure build):
``HELIOPOLIS_PURE=1 python -m tests.goldens.playthroughs --write [game ...]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import heliopolis

HERE = Path(__file__).parent
# game id -> (player counts, games per count, options)
GOLDENS: dict[str, tuple[tuple[int, ...], int, dict[str, Any]]] = {
    "ra": ((2, 3, 4, 5), 200, {}),
    "helios": ((2, 3, 4), 100, {}),
    "ra-dice": ((2, 3, 4), 200, {}),
    # Men-Nefer games are ~10x longer (and their views larger): fewer games keep the test to seconds
    "men-nefer": ((2, 3, 4), 40, {}),
}
VIEW_EVERY = 40
# Games whose fingerprint also covers the public move log (``state.public_log()``): every game's log tells
# what the rules do on their own (Helios's events, Men-Nefer's narrated steps, Ra Dice's rolls and
# effects, written by the compiled engines) and folds a run of draws into one line, which no other
# output shows.
WITH_LOG = frozenset(GOLDENS)


def fingerprint(game_id: str, players: int, seed: int, options: dict[str, Any]) -> str:
    rng = random.Random(seed)
    state = heliopolis.new_game(game_id, players=players, **options)
    h = hashlib.sha256()

    def put(obj: Any) -> None:
        h.update(json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode())

    seats: list[int | None] = [*range(players), None]
    moves = 0
    while not state.is_terminal():
        if moves % VIEW_EVERY == 0:
            put([state.player_view(s) for s in seats])
        if state.is_chance_node():
            action = state.sample_chance_outcome(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        put(state.describe_action(action))
        state.apply_action(action)
        moves += 1
    put([state.player_view(s) for s in seats])
    put([state.history(), state.scores(), state.winners(), state.returns(), state.score_breakdown()])
    put([str(state), state.to_json(seed), [state.information_state_string(p) for p in range(players)]])
    if game_id in WITH_LOG:
        put(state.public_log())
    return h.hexdigest()[:16]


def compute(game_id: str) -> dict[str, list[str]]:
    counts, games, options = GOLDENS[game_id]
    return {str(n): [fingerprint(game_id, n, seed, options) for seed in range(games)] for n in counts}


def path(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


def main() -> None:
    ap = argparse.ArgumentParser(description="Write or check the golden playthrough fingerprints.")
    ap.add_argument("--write", action="store_true", help="overwrite the stored fingerprints")
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    args = ap.parse_args()
    from heliopolis._native import BUILD

    for game_id in args.games or GOLDENS:
        got = compute(game_id)
        if args.write:
            if not BUILD.startswith("pure"):
                raise SystemExit("write goldens with the reference build: HELIOPOLIS_PURE=1")
            path(game_id).write_text(json.dumps(got, indent=0) + "\n", encoding="utf-8")
            print(f"wrote {path(game_id)} ({sum(map(len, got.values()))} games, {BUILD})")
        else:
            same = got == json.loads(path(game_id).read_text(encoding="utf-8"))
            print(f"{game_id}: {'identical' if same else 'DIFFERENT'} ({BUILD})")


if __name__ == "__main__":
    main()

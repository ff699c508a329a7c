"""Golden playthroughs: seeded random games whose every observable output is fingerprinted.

For each game and player count in ``GOLDENS``, games ``0 .. N-1`` are played with
``random.Random(seed)``; each game's fingerprint is a SHA-256 over its history, each move's
description, the player views of every seat and a spectator every ``VIEW_EVERY`` moves and at the
end, the final scores, winners, returns, score breakdown, text board, saved JSON and the public move
log (the games in ``WITH_LOG``: all of them). The file
``<game>.json`` beside this module holds the fingerprints made with the pure build (the reference);
``tests/test_goldens.py`` recomputes them under the build in use, and ``make test`` runs it once
per build, so both builds must reproduce the reference exactly.

Beside the fingerprints, ``<name>.txt`` holds one small human-readable playthrough per game and
edition (``PLAYTHROUGHS``, OpenSpiel style): the board at the start and the end, and per state the
player to move with the legal actions in notation and the one chosen (with its description), or the
chance outcomes with their probabilities and the one drawn; the observation string of the player to
move every ``OBS_EVERY`` decisions. A fingerprint says *that* something changed; the text's diff
says *what*. ``tests/test_goldens.py`` checks both.

Regenerate (only after a deliberate rules or view change, with the pure build):
``HELIOPOLIS_PURE=1 python -m tests.goldens.playthroughs --write [game ...]`` (fingerprints and texts)
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
# playthrough name -> (game id, players, options): one readable game (seed 0) per game and edition
PLAYTHROUGHS: dict[str, tuple[str, int, dict[str, Any]]] = {
    "ra-2009": ("ra", 2, {"edition": "2009"}),
    "ra-1999": ("ra", 3, {"edition": "1999"}),
    "ra-dice": ("ra-dice", 2, {}),
    "helios": ("helios", 2, {}),
    "men-nefer": ("men-nefer", 2, {}),
}
OBS_EVERY = 50
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


def _block(title: str, text: str) -> list[str]:
    return [title, *("    " + line if line else "" for line in text.splitlines())]


def _ply(state: Any, ply: int, rng: random.Random, decisions: int) -> tuple[int, list[str]]:
    """The lines of one state (and the action taken from it, drawn as ``fingerprint`` draws it)."""
    name = state.action_to_string
    if state.is_chance_node():
        outcomes = ", ".join(f"{name(a)} {p:.4g}" for a, p in state.chance_outcomes())
        action = state.sample_chance_outcome(rng)
        return action, [f"{ply} chance: {outcomes} -> {name(action)}"]
    player = state.current_player()
    lines = (
        _block(f"{ply} observation of p{player}:", state.observation_string(player))
        if decisions % OBS_EVERY == 0
        else []
    )
    legal = state.legal_actions()
    action = legal[rng.randrange(len(legal))]
    lines.append(f"{ply} p{player}: {', '.join(map(name, legal))} -> {name(action)} ({state.describe_action(action)})")
    return action, lines


def playthrough(name: str) -> str:
    """The readable playthrough ``name`` of ``PLAYTHROUGHS``: the same seeded random game ``fingerprint`` plays."""
    game_id, players, options = PLAYTHROUGHS[name]
    rng = random.Random(0)
    state = heliopolis.new_game(game_id, players=players, **options)
    out = [f"# {game_id}, {players} players, options {json.dumps(options, sort_keys=True)}, seed 0: a random game",
           "# (tests/goldens/playthroughs.py writes this file; tests/test_goldens.py compares it)",
           "# per ply: 'N pP: legal actions -> chosen (its description)' or 'N chance: outcome probability, ... -> drawn'",
           ""]  # fmt: skip
    out += _block("initial state:", str(state))
    ply = decisions = 0
    while not state.is_terminal():
        decisions += not state.is_chance_node()
        action, lines = _ply(state, ply, rng, decisions - 1)
        out += lines
        state.apply_action(action)
        ply += 1
    out += _block(f"final state after {ply} plies:", str(state))
    out += [f"scores: {state.scores()}", f"winners: {state.winners()}", f"returns: {state.returns()}"]
    return "\n".join(out) + "\n"


def text_path(name: str) -> Path:
    return HERE / f"{name}.txt"


def compute(game_id: str) -> dict[str, list[str]]:
    counts, games, options = GOLDENS[game_id]
    return {str(n): [fingerprint(game_id, n, seed, options) for seed in range(games)] for n in counts}


def path(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


def _texts(game_id: str, write: bool, build: str) -> None:
    """Writes (or checks) the readable playthroughs of ``game_id``."""
    for name in (n for n, (g, _, _) in PLAYTHROUGHS.items() if g == game_id):
        text = playthrough(name)
        if write:
            if not build.startswith("pure"):
                raise SystemExit("write goldens with the reference build: HELIOPOLIS_PURE=1")
            text_path(name).write_text(text, encoding="utf-8")
            print(f"wrote {text_path(name)} ({text.count(chr(10))} lines, {build})")
        else:
            same = text_path(name).exists() and text == text_path(name).read_text(encoding="utf-8")
            print(f"{name}.txt: {'identical' if same else 'DIFFERENT'} ({build})")


def main() -> None:
    ap = argparse.ArgumentParser(description="Write or check the golden playthrough fingerprints.")
    ap.add_argument("--write", action="store_true", help="overwrite the stored fingerprints")
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    args = ap.parse_args()
    from heliopolis._native import BUILD

    for game_id in args.games or GOLDENS:
        _texts(game_id, args.write, BUILD)
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

"""Saved games and state JSON: one document, replayed from its history.

A saved game is JSON: ``{"format": "heliopolis-game", "game", "encoding", "options", "seed",
"history": [notation, ...]}``. Loading replays the history through ``apply_action``, so a
loaded state is exactly the state that produced the file, and a corrupt or mismatched file is
reported as ``SaveGameError`` with the reason (never a traceback). Never pickle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from heliopolis.core.errors import HeliopolisError, SaveGameError
from heliopolis.core.game import State
from heliopolis.core.registry import game_class

FORMAT = "heliopolis-game"


def state_from_dict(doc: Any) -> State[Any]:
    if not isinstance(doc, dict):
        raise SaveGameError("a saved game must be a JSON object")
    if doc.get("format", FORMAT) != FORMAT:
        raise SaveGameError(f"not a Heliopolis saved game (format {doc.get('format')!r})")
    missing = [k for k in ("game", "encoding", "options", "history") if k not in doc]
    if missing:
        raise SaveGameError(f"saved game is missing {', '.join(missing)}")
    try:
        cls = game_class(doc["game"])
    except HeliopolisError as e:
        raise SaveGameError(f"saved game: {e}") from None
    if doc["encoding"] != cls.info.encoding:
        raise SaveGameError(
            f"saved game uses encoding {doc['encoding']!r}; this version of Heliopolis reads "
            f"{cls.info.encoding!r}"
        )
    options, history = doc["options"], doc["history"]
    if not isinstance(options, dict) or not isinstance(history, list):
        raise SaveGameError("saved game: 'options' must be an object and 'history' a list")
    options = dict(options)
    players = options.pop("players", None)
    try:
        state = cls(players, **options).new_initial_state()
    except HeliopolisError as e:
        raise SaveGameError(f"saved game has invalid options: {e}") from None
    for i, item in enumerate(history, 1):
        try:
            action = state.string_to_action(item) if isinstance(item, str) else _int_action(item)
            state.apply_action(action)
        except HeliopolisError as e:
            raise SaveGameError(f"saved game, move {i} ({item!r}): {e}") from None
    return state


def _int_action(item: Any) -> int:
    if isinstance(item, bool) or not isinstance(item, int):
        raise SaveGameError(f"history entries must be notation strings, got {item!r}")
    return item


def state_from_json(text: str | bytes) -> State[Any]:
    """Rebuilds a state from ``State.to_json()`` (or a saved-game file's text)."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as e:
        raise SaveGameError(f"not valid JSON: {e}") from None
    return state_from_dict(doc)


def load_saved_game(path: str | Path) -> tuple[State[Any], dict[str, Any]]:
    """Reads a saved-game file; returns the state and the raw document (for its seed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveGameError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise SaveGameError(f"{path} is not a text file") from None
    state = state_from_json(text)
    return state, json.loads(text)


def save_game(state: State[Any], path: str | Path, seed: int | None = None) -> None:
    """Writes the saved-game JSON atomically (write to a temp file, then rename)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(state.to_dict(seed), indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)

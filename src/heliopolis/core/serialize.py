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
            f"saved game uses encoding {doc['encoding']!r}; this version of Heliopolis reads {cls.info.encoding!r}"
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
            action = state.string_to_action(item) if isinstance(item, str) else _int_action(state, item)
            state.apply_action(action)
        except HeliopolisError as e:
            raise SaveGameError(f"saved game, move {i} ({item!r}): {e}") from None
    return state


def _int_action(state: State[Any], item: Any) -> int:
    if isinstance(item, bool) or not isinstance(item, int):
        raise SaveGameError(f"history entries must be notation strings, got {_short(item)}")
    info = state.game.info
    top = info.chance_offset + info.max_chance_outcomes
    if not (0 <= item < info.num_distinct_actions or info.chance_offset <= item < top):
        raise SaveGameError(
            f"{_short(item)} is not an action id of {info.name} (player actions are 0 to "
            f"{info.num_distinct_actions - 1}, chance outcomes {info.chance_offset} to {top - 1}); "
            "history entries are normally notation strings"
        )
    return item


def _short(item: Any) -> str:
    text = repr(item) if not isinstance(item, int) or abs(item) < 10**30 else f"a {len(str(abs(item)))}-digit number"
    return text if len(text) <= 60 else text[:57] + "..."


def state_from_json(text: str | bytes) -> State[Any]:
    """Rebuilds a state from ``State.to_json()`` (or a saved-game file's text)."""
    return state_from_dict(_parse_json(text))


def _parse_json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as e:
        raise SaveGameError(f"not valid JSON: {e}") from None
    except RecursionError:
        raise SaveGameError("not a saved game: the JSON is nested too deeply") from None
    except ValueError as e:  # an integer beyond Python's digit limit (sys.int_info.str_digits_check_threshold)
        if "digits" in str(e):
            raise SaveGameError("not a saved game: it holds a number too long to read (thousands of digits)") from None
        raise SaveGameError(f"not valid JSON: {e}") from None


def load_saved_game(path: str | Path) -> tuple[State[Any], dict[str, Any]]:
    """Reads a saved-game file; returns the state and the raw document (for its seed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SaveGameError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise SaveGameError(f"{path} is not a text file") from None
    doc = _parse_json(text)
    return state_from_dict(doc), doc


def save_game(state: State[Any], path: str | Path, seed: int | None = None) -> None:
    """Writes the saved-game JSON atomically (write to a temp file, then rename)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(state.to_dict(seed), indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)

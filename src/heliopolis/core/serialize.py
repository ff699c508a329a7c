"""Saved games and state JSON: one document, replayed from its history.

A saved game is JSON: ``{"format": "heliopolis-game", "game", "encoding", "options", "seed",
"history": [notation, ...]}``. Loading replays the history through ``apply_action``, so a
loaded state is exactly the state that produced the file, and a corrupt or mismatched file is
reported as ``SaveGameError`` with the reason (never a traceback). Never pickle.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

from heliopolis.core.errors import HeliopolisError, SaveGameError, error_msg, game_name, reason
from heliopolis.core.game import State
from heliopolis.core.registry import available_games, game_class

FORMAT = "heliopolis-game"


def state_from_dict(doc: Any) -> State[Any]:
    if not isinstance(doc, dict):
        raise SaveGameError(error_msg("errors.save.not_object"))
    if doc.get("format", FORMAT) != FORMAT:
        raise SaveGameError(error_msg("errors.save.format", format=repr(doc.get("format"))))
    missing = [k for k in ("game", "encoding", "options", "history") if k not in doc]
    if missing:
        raise SaveGameError(error_msg("errors.save.missing", fields=", ".join(missing)))
    try:
        cls = game_class(doc["game"])
    except HeliopolisError as e:
        raise SaveGameError(error_msg("errors.save.game", error=reason(e))) from None
    if doc["encoding"] != cls.info.encoding:
        raise SaveGameError(_encoding_error(doc["game"], doc["encoding"], cls.info.encoding))
    options, history = doc["options"], doc["history"]
    if not isinstance(options, dict) or not isinstance(history, list):
        raise SaveGameError(error_msg("errors.save.shape"))
    options = dict(options)
    players = options.pop("players", None)
    try:
        state = cls(players, **options).new_initial_state()
    except HeliopolisError as e:
        raise SaveGameError(error_msg("errors.save.options", error=reason(e))) from None
    for i, item in enumerate(history, 1):
        try:
            action = state.string_to_action(item) if isinstance(item, str) else _int_action(state, item)
            state.apply_action(action)
        except HeliopolisError as e:
            raise SaveGameError(error_msg("errors.save.move", i=i, item=repr(item), error=reason(e))) from None
    return state


def _encoding_error(game_id: str, encoding: Any, expected: str) -> str:
    """The moves' encoding is not the game's: the save names another game than the one its moves
    are written for (its ``game`` was changed), or it comes from another version of Heliopolis."""
    for other in available_games():
        info = game_class(other).info
        if other != game_id and (encoding == info.encoding or str(encoding).startswith(f"{other}-v")):
            return error_msg("errors.save.game_mismatch", other=game_name(other, info.name), encoding=repr(encoding),
                             game=repr(game_id))  # fmt: skip
    return error_msg("errors.save.encoding", encoding=repr(encoding), expected=repr(expected))


def _int_action(state: State[Any], item: Any) -> int:
    if isinstance(item, bool) or not isinstance(item, int):
        raise SaveGameError(error_msg("errors.save.entry_type", got=_short(item)))
    info = state.game.info
    top = info.chance_offset + info.max_chance_outcomes
    if not (0 <= item < info.num_distinct_actions or info.chance_offset <= item < top):
        raise SaveGameError(
            error_msg("errors.save.entry_id", got=_short(item), game=game_name(info.game_id, info.name),
                      last=info.num_distinct_actions - 1, first_chance=info.chance_offset, last_chance=top - 1)
        )  # fmt: skip
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
    except json.JSONDecodeError as e:
        raise SaveGameError(error_msg("errors.save.json", line=e.lineno, column=e.colno)) from None
    except UnicodeDecodeError:
        raise SaveGameError(error_msg("errors.save.not_utf8")) from None
    except TypeError:
        raise SaveGameError(error_msg("errors.save.json_type", type=type(text).__name__)) from None
    except RecursionError:
        raise SaveGameError(error_msg("errors.save.too_deep")) from None
    except ValueError as e:  # an integer beyond Python's digit limit (sys.int_info.str_digits_check_threshold)
        if "digits" in str(e):
            raise SaveGameError(error_msg("errors.save.too_long")) from None
        raise SaveGameError(error_msg("errors.save.json_other", detail=str(e))) from None


_OS_ERRORS = {
    errno.ENOENT: "errors.file.not_found",
    errno.EACCES: "errors.file.denied",
    errno.EISDIR: "errors.file.directory",
}


def load_saved_game(path: str | Path) -> tuple[State[Any], dict[str, Any]]:
    """Reads a saved-game file; returns the state and the raw document (for its seed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        key = _OS_ERRORS.get(e.errno or 0)
        why = error_msg(key) if key else str(e.strerror or e)
        raise SaveGameError(error_msg("errors.save.read", path=str(path), error=why)) from None
    except UnicodeDecodeError:
        raise SaveGameError(error_msg("errors.save.not_text", path=str(path))) from None
    doc = _parse_json(text)
    return state_from_dict(doc), doc


def save_game(state: State[Any], path: str | Path, seed: int | None = None) -> None:
    """Writes the saved-game JSON atomically (write to a temp file, then rename)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(state.to_dict(seed), indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)

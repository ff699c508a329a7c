"""A resumable JSONL file read back: one record a line, appended and flushed as each is finished.

A crash mid-write leaves at most a torn last line; that one is reported (its record is made
again), while any other line that is not a record is a ``ConfigError`` naming the file and line.
Used for a run's ``results.jsonl`` (:mod:`heliopolis.arena.runner`) and ``heliopolis analyse --out``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from heliopolis.core.errors import ConfigError
from heliopolis.locale import msg

T = TypeVar("T")

Torn = tuple[int, int]  # where a torn last line starts: (line number, byte offset)


def bad_line(path: Path, line: int, reason: str) -> ConfigError:
    return ConfigError(msg("cli.error.results_line", path=str(path), line=line, reason=reason))


def _json(raw: bytes) -> tuple[bool, Any]:
    """``(True, value)`` for a line of JSON, ``(False, None)`` otherwise."""
    try:
        return True, json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return False, None


def scan_jsonl(path: Path, record: Callable[[int, Any], T]) -> tuple[list[T], Torn | None]:
    """Each non-blank line's JSON value passed through ``record(line number, value)`` (which raises
    on a value that is not a record), in file order, and where a torn last line starts, or None."""
    data = path.read_bytes() if path.exists() else b""
    records: list[T] = []
    start, line = 0, 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end + 1
        raw, line = data[start:end].strip(), line + 1
        if raw:
            ok, value = _json(raw)
            if not ok:
                if not data[end:].strip():
                    return records, (line, start)
                raise bad_line(path, line, msg("cli.error.results_not_json"))
            records.append(record(line, value))
        start = end
    return records, None


def cut_torn(path: Path, torn: Torn) -> None:
    """Removes the torn last line that :func:`scan_jsonl` found."""
    with path.open("r+b") as f:
        f.truncate(torn[1])

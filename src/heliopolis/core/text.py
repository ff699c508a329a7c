"""Sentences a person reads, kept translatable: ``Msg`` is its English text *and* the catalog key
and arguments it was made from.

A ``Msg`` is a ``str`` (its English text), so the terminal, saved logs and tests that compare text
keep working, while the server sends ``to_json()`` (key and arguments) and the browser renders it
in the reader's language from the same catalogs (``heliopolis.locale``). Arguments are ints, strs,
or nested ``Msg`` (a game term such as a tile name, translated too). An argument whose name starts
with ``seat`` and holds an int is a seat number: readers show the seat's name for it.
"""

from __future__ import annotations

from typing import Any, Union

Arg = Union[int, str, "Msg"]


class Msg(str):
    __slots__ = ("key", "args", "_json")
    key: str
    args: dict[str, Arg]
    _json: dict[str, Any] | None

    def __new__(cls, key: str, text: str, args: dict[str, Arg] | None = None) -> Msg:
        self = super().__new__(cls, text)
        self.key = key
        self.args = args or {}
        self._json = None
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"k": key, "a": {name: value}, "t": english}``; nested messages nest the same way.
        Made once per message (views share their cached component texts): do not change it."""
        if self._json is None:
            out: dict[str, Any] = {"k": self.key, "t": str(self)}
            if self.args:
                out["a"] = {n: v.to_json() if isinstance(v, Msg) else v for n, v in self.args.items()}
            self._json = out
        return self._json

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (process pools) keep key and arguments
        return (Msg, (self.key, str(self), self.args))

    # A message is never changed after it is made: copies (a view's deepcopy of cached tables) share it.
    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, memo: Any) -> Msg:
        return self


def to_json(line: str) -> Any:
    """A log line or label for the wire: structured if it is a ``Msg``, else the plain text."""
    return line.to_json() if isinstance(line, Msg) else line


def wire(value: Any) -> Any:
    """A player view (or any JSON-like value) for the wire: every ``Msg`` inside it becomes its
    structured form, so the browser shows it in the reader's language (JSON encoders would send a
    ``Msg`` as its English text, since it is a ``str``)."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, dict):
        return {k: wire(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [wire(v) for v in value]
    return value

"""Typed errors, python-chess style: every one is a ``ValueError`` with a message a player understands.

Each error is raised *before* anything changes, so a caught error leaves the state untouched.

An error's message is a catalog message (``core.text.Msg``, made with :func:`error_msg`): ``str(error)``
is its English text, and readers show it in their own language with ``heliopolis.locale.error_text``.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.text import Msg


class HeliopolisError(ValueError):
    """Base class of every error Heliopolis raises on bad input."""


class ConfigError(HeliopolisError):
    """Unknown game id, bad player count, or an unknown or invalid option."""


class NotationError(HeliopolisError):
    """Text that is not a well-formed action in the game's canonical notation."""


class IllegalActionError(HeliopolisError):
    """A well-formed action that is not legal in the current position."""


class SaveGameError(HeliopolisError):
    """A saved game or state JSON that is corrupt, truncated or from another game/encoding."""


class ComponentDataError(RuntimeError):
    """A game's component data file is inconsistent: an edited or corrupt data file (for example a
    swapped-in printed value), reported at load time with what is wrong, never mid-game."""


def error_msg(key: str, **args: Any) -> Msg:
    """The catalog message ``key`` to raise an error with (only built on the error path)."""
    from heliopolis.locale import msg  # lazily: the catalogs are read on the first error only

    return msg(key, **args)


def game_name(game_id: str, name: str) -> str:
    """A game's name in a message: its catalog term (``ui.gamename.<id>``) when the catalogs know the
    game, else ``name`` as it is (a game registered from outside)."""
    from heliopolis.locale import messages, msg

    key = f"ui.gamename.{game_id}"
    return msg(key) if messages("en").get(key) == name else name


def reason(error: BaseException) -> str:
    """What ``error`` says, to nest in another message: its catalog message if it has one (so a
    reader still gets it in their language), else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Msg) else str(error)

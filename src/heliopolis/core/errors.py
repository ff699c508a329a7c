"""Typed errors, python-chess style: every one is a ``ValueError`` with a message a player understands.

Each error is raised *before* anything changes, so a caught error leaves the state untouched.
"""

from __future__ import annotations


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

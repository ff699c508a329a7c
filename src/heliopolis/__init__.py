"""Heliopolis: Ra, Ra: The Dice Game, Helios and Men-Nefer — engines, bots, play and research.

>>> import heliopolis
>>> "ra" in heliopolis.available_games()
True
"""

# First of all: which build of the engines this process runs (compiled or pure; see _native.py).
from heliopolis._native import install as _install_build

_install_build()

from heliopolis.core import (  # noqa: E402
    CHANCE,
    TERMINAL,
    ConfigError,
    Game,
    GameInfo,
    HeliopolisError,
    IllegalActionError,
    NotationError,
    SaveGameError,
    State,
    available_games,
    load_game,
    new_game,
    sample_chance,
    state_from_json,
)

__version__ = "0.2.0"  # the same as pyproject.toml and CHANGELOG.md's latest release (tests/docs/test_spine.py)
__all__ = [
    "CHANCE", "TERMINAL", "ConfigError", "Game", "GameInfo", "HeliopolisError", "IllegalActionError",
    "NotationError", "SaveGameError", "State", "available_games", "load_game", "new_game",
    "sample_chance", "state_from_json",
]  # fmt: skip

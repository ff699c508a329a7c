"""Game-agnostic core: the State protocol, chance, notation helpers, serialization, errors, registry."""

from heliopolis.core.chance import sample_chance
from heliopolis.core.errors import ConfigError, HeliopolisError, IllegalActionError, NotationError, SaveGameError
from heliopolis.core.game import CHANCE, TERMINAL, Game, GameInfo, State
from heliopolis.core.registry import available_games, load_game, new_game
from heliopolis.core.serialize import state_from_json

__all__ = [
    "CHANCE", "TERMINAL", "ConfigError", "Game", "GameInfo", "HeliopolisError", "IllegalActionError",
    "NotationError", "SaveGameError", "State", "available_games", "load_game", "new_game",
    "sample_chance", "state_from_json",
]  # fmt: skip

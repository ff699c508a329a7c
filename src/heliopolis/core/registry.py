"""Game registry: ``new_game``, ``load_game``, ``available_games``.

Games register lazily by module path so that importing ``heliopolis`` stays cheap and a game
package is only imported when it is used.
"""

from __future__ import annotations

import importlib
from typing import Any

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, State

# game id -> "module:ClassName" of its Game subclass
_GAMES: dict[str, str] = {
    "ra": "heliopolis.games.ra.game:RaGame",
    "ra-dice": "heliopolis.games.ra_dice.game:RaDiceGame",
    "helios": "heliopolis.games.helios.game:HeliosGame",
    "men-nefer": "heliopolis.games.men_nefer.game:MenNeferGame",
}


def register(game_id: str, target: str) -> None:
    """Registers a game class given as ``"package.module:ClassName"``."""
    _GAMES[game_id] = target


def available_games() -> list[str]:
    return sorted(_GAMES)


def games_in_registration_order() -> list[str]:
    """The ids in the order the games were added (Ra first), for a lobby's list."""
    return list(_GAMES)


def game_class(game_id: str) -> type[Game]:
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise ConfigError(
            error_msg("errors.config.unknown_game", game=repr(game_id), games=", ".join(available_games()))
        )
    module, _, name = _GAMES[game_id].partition(":")
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, Game)
    return cls


def load_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """An OpenSpiel-style game object with ``info`` and ``new_initial_state()``."""
    return game_class(game_id)(players, **options)


def new_game(game_id: str, *, players: int | None = None, **options: Any) -> State[Any]:
    """A fresh initial state, e.g. ``new_game("ra", players=3, edition="1999")``."""
    return load_game(game_id, players, **options).new_initial_state()

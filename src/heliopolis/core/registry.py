"""Game registry: ``new_game``, ``load_game``, ``available_games`` and each game's ``GameSpec``.

Games register lazily by module path so that importing ``heliopolis`` stays cheap and a game
package is only imported when it is used. Every layer finds a game's parts (views, heuristics,
terminal board, observer, ...) through ``spec(game_id)`` (see ``core/spec.py``), never by building
a module path from the id.
"""

from __future__ import annotations

import os
import warnings
from typing import Any, Final

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, State
from heliopolis.core.spec import GameSpec, conventional, load_ref

# game id -> where its spec is ("module:SPEC"), in the order a lobby lists them (Ra first)
BUILTIN: Final = {
    "ra": "heliopolis.games.ra.spec:SPEC",
    "ra-dice": "heliopolis.games.ra_dice.spec:SPEC",
    "helios": "heliopolis.games.helios.spec:SPEC",
    "men-nefer": "heliopolis.games.men_nefer.spec:SPEC",
}
DEFAULT_GAME: Final = "ra"  # what the CLI and the adapters play when no game is named
ENV: Final = "HELIOPOLIS_GAMES"  # games from outside the tree every process registers: "id=module:SPEC,..."

# game id -> a GameSpec, "module:SPEC" (a spec) or "module:Class" (a Game subclass, parts by convention)
_GAMES: dict[str, GameSpec | str] = dict(BUILTIN)
_SPECS: dict[str, GameSpec] = {}
_UNREGISTERED: dict[type, GameSpec] = {}  # game classes used without registering them


def register(game_id: str, target: GameSpec | str) -> None:
    """Registers a game: its ``GameSpec``, ``"module:SPEC"`` naming one, or (the short form) its
    ``Game`` class as ``"package.module:ClassName"``, whose parts are then the modules of the standard
    layout found next to it (``views.py``, ``render.py``, ``heuristics.py``, ...)."""
    if isinstance(target, GameSpec) and target.game_id != game_id:
        raise ConfigError(error_msg("errors.config.spec_id", game=repr(game_id), spec=repr(target.game_id)))
    _GAMES[game_id] = target
    _SPECS.pop(game_id, None)


def exported() -> str:
    """The games registered beyond the built-in ones by reference, as ``HELIOPOLIS_GAMES`` spells them
    (``id=module:attr,...``): a process started with it (a server's bot worker) knows them too. A game
    registered as a ``GameSpec`` object cannot be named to another process and is left out."""
    return ",".join(f"{g}={t}" for g, t in _GAMES.items() if isinstance(t, str) and not is_builtin(g))


def register_from(text: str) -> None:
    """Registers the games of a ``HELIOPOLIS_GAMES`` value (``id=module:attr``, comma-separated)."""
    for item in filter(None, (x.strip() for x in text.split(","))):
        game_id, sep, target = item.partition("=")
        if not sep or ":" not in target or not game_id.strip():
            raise ConfigError(error_msg("errors.config.games_env", env=ENV, item=repr(item)))
        register(game_id.strip(), target.strip())


def unregister(game_id: str) -> None:
    """Removes a game added with ``register`` (the built-in ones included: a test may hide one)."""
    _GAMES.pop(game_id, None)
    _SPECS.pop(game_id, None)


def available_games() -> list[str]:
    return sorted(_GAMES)


def games_in_registration_order() -> list[str]:
    """The ids in the order the games were added (Ra first), for a lobby's list."""
    return list(_GAMES)


def is_builtin(game_id: str) -> bool:
    """Whether ``game_id`` is one of the games shipped in ``heliopolis.games`` (as registered now)."""
    return _GAMES.get(game_id) == BUILTIN.get(game_id, 0)


def _unknown(game_id: object) -> ConfigError:
    return ConfigError(error_msg("errors.config.unknown_game", game=repr(game_id), games=", ".join(available_games())))


def spec(game_id: str) -> GameSpec:
    """The ``GameSpec`` of a registered game (resolved on first use, then remembered)."""
    found = _SPECS.get(game_id) if isinstance(game_id, str) else None
    if found is not None and game_id in _GAMES:
        return found
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise _unknown(game_id)
    target = _GAMES[game_id]
    if isinstance(target, str):
        obj = load_ref(target)
        target = obj if isinstance(obj, GameSpec) else conventional(game_id, target)
    _SPECS[game_id] = target
    return target


def spec_of(game: Game) -> GameSpec:
    """The spec of a configured game; a game class that was never registered gets its parts by
    convention (the modules next to its class's module), as a registered class would."""
    gid = game.info.game_id
    if gid in _GAMES:
        return spec(gid)
    cls = type(game)
    found = _UNREGISTERED.get(cls)
    if found is None:
        found = _UNREGISTERED[cls] = conventional(gid, f"{cls.__module__}:{cls.__qualname__}")
    return found


def game_class(game_id: str) -> type[Game]:
    cls = load_ref(spec(game_id).game)
    assert isinstance(cls, type) and issubclass(cls, Game)
    return cls


def load_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """An OpenSpiel-style game object with ``info`` and ``new_initial_state()``."""
    return game_class(game_id)(players, **options)


def new_game(game_id: str, *, players: int | None = None, **options: Any) -> State[Any]:
    """A fresh initial state, e.g. ``new_game("ra", players=3, edition="1999")``."""
    return load_game(game_id, players, **options).new_initial_state()


def _from_environment() -> None:
    """``HELIOPOLIS_GAMES`` at import; a bad value is one warning line, not a failed import."""
    try:
        register_from(os.environ.get(ENV, ""))
    except ConfigError as e:
        warnings.warn(str(e), RuntimeWarning, stacklevel=2)


_from_environment()

"""The game-agnostic protocol: ``GameInfo``, ``Game`` and ``State`` (OpenSpiel-shaped).

A game is a ``Game`` subclass (static facts plus option validation) and a ``State`` subclass
(the rules). Public methods live here; games implement the ``_hooks``. Conventions:

* ``current_player()`` is a seat ``>= 0``, ``CHANCE`` (-1) or ``TERMINAL`` (-4), as in OpenSpiel.
* Action ids are dense ints. Player actions use ``[0, num_distinct_actions)``; chance outcomes use
  ``[chance_offset, chance_offset + max_chance_outcomes)``, so every id in a history names itself
  and ``action_to_string`` is context-free (like a UCI move).
* Chance is explicit: the state never holds an RNG. Drivers call ``heliopolis.sample_chance``.
* ``apply_action`` validates and raises ``IllegalActionError`` *before* mutating anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from heliopolis.core.errors import ConfigError, NotationError, error_msg, game_name
from heliopolis.core.spec import hook, part

# The state base class lives in core/state.py (compiled with the engines); re-exported here.
from heliopolis.core.state import CHANCE as CHANCE
from heliopolis.core.state import TERMINAL as TERMINAL
from heliopolis.core.state import State as State

if TYPE_CHECKING:
    from heliopolis.core.observation import ObservationType, Observer
    from heliopolis.core.spec import GameSpec


_NOTATION: dict[tuple[type, str], Any] = {}  # (game class, function) -> the spec's notation function


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game: what kind of game it is, before any rule is read."""

    game_id: str  #: registry id, e.g. ``"ra"``
    encoding: str  #: action-table/serialization version, e.g. ``"ra-v1"``; bumped on any change
    name: str
    min_players: int
    max_players: int
    num_distinct_actions: int  #: player action ids are ``0 .. num_distinct_actions-1``
    chance_offset: int  #: first chance-outcome id
    max_chance_outcomes: int
    max_game_length: int  #: upper bound on ``len(history())`` for the largest player count
    hidden_information: bool
    options: Mapping[str, Any] = field(default_factory=dict)  #: option name -> default


class Game:
    """A configured game (OpenSpiel's ``pyspiel.Game``): validated options and a state factory."""

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State[Any]]]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.default_players()
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(error_msg("errors.config.players_int", got=repr(players)))
        unknown = sorted(set(options) - set(self.info.options))
        if unknown:
            allowed = ", ".join(sorted(self.info.options))
            raise ConfigError(
                error_msg("errors.config.unknown_options", game=self.info.game_id, options=", ".join(unknown),
                          allowed=allowed or error_msg("errors.none"))
            )  # fmt: skip
        merged = {**self.info.options, **options}
        self.players = players
        self.options: dict[str, Any] = self.validate_options(players, merged)

    def default_players(self) -> int:
        return self.info.min_players

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Checks the player count and options; returns the canonical (JSON-safe) option dict."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise ConfigError(players_error(self.info.game_id, self.info.name, self.info.min_players,
                                            self.info.max_players, players))  # fmt: skip
        return options

    def new_initial_state(self) -> State[Any]:
        return self.state_class(self)  # type: ignore[call-arg]  # every State subclass takes its game

    def action_to_string(self, action: int) -> str:
        """Canonical, context-free notation for an action id (raises ``NotationError`` if unknown):
        the spec's ``notation.action_to_string`` unless the game overrides this."""
        text: str = self._notation("action_to_string")(action)
        return text

    def string_to_action(self, text: str) -> int:
        action: int = self._notation("string_to_action")(text)
        return action

    def _notation(self, name: str) -> Any:
        key = (type(self), name)
        fn = _NOTATION.get(key)
        if fn is None:  # resolved once per game class, not per action
            fn = _NOTATION[key] = hook(self.spec(), "notation", name)
            if fn is None:
                raise NotImplementedError(
                    f"{type(self).__name__} needs a notation module with {name} (or its own method)"
                )
        return fn

    def config(self) -> dict[str, Any]:
        """JSON-safe description: everything needed to rebuild this game."""
        return {"players": self.players, **self.options}

    def has_private_information(self) -> bool:
        """Whether, in this configuration, some seat observes something another seat does not
        (chance outcomes that nobody has seen yet, such as a bag's order, do not count). Research
        adapters use it to declare the game perfect or imperfect information. Defaults to
        ``info.hidden_information``; games whose secrets depend on options override it."""
        return self.info.hidden_information

    def make_observer(self, obs_type: ObservationType | None = None) -> Observer[Any]:
        """The game's observation encoder for ``obs_type`` (default: ``OBSERVATION``), cached.

        The ``make_observer(game, obs_type)`` of the observation module the game's ``GameSpec`` names.
        Raises ``NoObserverError`` (a ``NotImplementedError``) when the game has none.
        """
        from heliopolis.core.observation import OBSERVATION, NoObserverError, Observer

        obs_type = OBSERVATION if obs_type is None else obs_type
        cache = self.__dict__.setdefault("_observers", {})
        observer = cache.get(obs_type)
        if observer is None:
            spec = self.spec()
            make = hook(spec, "observation", "make_observer")
            if make is None:
                where = spec.package.replace(".", "/") + "/observation.py"
                raise NoObserverError(
                    f"game {self.info.game_id!r} has no observation encoder: add {where} with "
                    "make_observer(game, obs_type) and name it in the game's spec (see heliopolis/core/observation.py)"
                )
            observer = cache[obs_type] = make(self, obs_type)
        assert isinstance(observer, Observer)
        return observer

    def spec(self) -> GameSpec:
        """The game's ``GameSpec`` (``core/spec.py``): where its parts are."""
        from heliopolis.core.registry import spec_of

        return spec_of(self)

    def new_public_log(self) -> PublicLog:
        """An incremental builder of the public move log (a server feeds it each new move rather
        than replaying the game for every message): the spec's ``log`` class, else ``PublicLog``."""
        cls = part(self.spec(), "log") or PublicLog
        log: PublicLog = cls(self)
        return log

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config().items())
        return f"{type(self).__name__}({opts})"


class PublicLog:
    """The public move log, built one action at a time: ``feed(action)`` appends the lines that
    action adds to ``lines``. This default writes the notation of every move, which is only right
    for games whose every action and chance outcome is public; a game with secret moves (or nicer
    sentences) returns its own builder from ``Game.new_public_log``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lines: list[str] = []
        self._silent = game.info.hidden_information

    def feed(self, action: int) -> list[str]:
        if self._silent:
            return []
        line = self.game.action_to_string(action)
        self.lines.append(line)
        return [line]


class DescribedLog(PublicLog):
    """The move log of a game whose every action and chance outcome is public: each line is
    ``describe_action`` in the position the action was played from (a state follows along)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._silent = False
        self._state = game.new_initial_state()

    def feed(self, action: int) -> list[str]:
        line = self._state.describe_action(action)
        self._state.apply_action(action)
        self.lines.append(line)
        return [line]


def parse_kind_arg(text: str) -> tuple[str, str | None]:
    """Splits canonical ``kind[:arg]`` notation after trimming and lower-casing."""
    if not isinstance(text, str):
        raise NotationError(error_msg("errors.notation.not_text", type=type(text).__name__))
    t = text.strip().lower()
    if not t:
        raise NotationError(error_msg("errors.notation.empty"))
    kind, sep, arg = t.partition(":")
    return kind.strip(), (arg.strip() if sep else None)


def players_error(game_id: str, name: str, low: int, high: int, players: int) -> str:
    """``"Ra takes 2 to 5 players, got 7"``, as a catalog message."""
    return error_msg("errors.config.players_range", game=game_name(game_id, name), low=low, high=high, got=players)

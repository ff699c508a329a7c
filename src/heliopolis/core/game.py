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

import importlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Mapping, Self

from heliopolis.core.errors import ConfigError, NotationError

if TYPE_CHECKING:
    from heliopolis.core.observation import ObservationType, Observer

CHANCE: Final = -1
TERMINAL: Final = -4


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
    state_class: ClassVar[type["State"]]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.default_players()
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"players must be an integer, got {players!r}")
        unknown = sorted(set(options) - set(self.info.options))
        if unknown:
            raise ConfigError(
                f"unknown option(s) for {self.info.game_id}: {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(self.info.options)) or 'none'}"
            )
        merged = {**self.info.options, **options}
        self.players = players
        self.options: dict[str, Any] = self.validate_options(players, merged)

    def default_players(self) -> int:
        return self.info.min_players

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Checks the player count and options; returns the canonical (JSON-safe) option dict."""
        if not self.info.min_players <= players <= self.info.max_players:
            raise ConfigError(
                f"{self.info.name} takes {self.info.min_players} to {self.info.max_players} players, got {players}"
            )
        return options

    def new_initial_state(self) -> "State":
        return self.state_class(self)  # type: ignore[call-arg]  # every State subclass takes its game

    def action_to_string(self, action: int) -> str:
        """Canonical, context-free notation for an action id (raises ``NotationError`` if unknown)."""
        raise NotImplementedError

    def string_to_action(self, text: str) -> int:
        raise NotImplementedError

    def config(self) -> dict[str, Any]:
        """JSON-safe description: everything needed to rebuild this game."""
        return {"players": self.players, **self.options}

    def has_private_information(self) -> bool:
        """Whether, in this configuration, some seat observes something another seat does not
        (chance outcomes that nobody has seen yet, such as a bag's order, do not count). Research
        adapters use it to declare the game perfect or imperfect information. Defaults to
        ``info.hidden_information``; games whose secrets depend on options override it."""
        return self.info.hidden_information

    def make_observer(self, obs_type: "ObservationType | None" = None) -> "Observer[Any]":
        """The game's observation encoder for ``obs_type`` (default: ``OBSERVATION``), cached.

        Found by convention: ``make_observer(game, obs_type)`` in the ``observation`` module next to
        the game's ``Game`` class (``heliopolis/games/<id>/observation.py``). Raises
        ``NoObserverError`` (a ``NotImplementedError``) when the game has none.
        """
        from heliopolis.core.observation import OBSERVATION, NoObserverError, Observer

        obs_type = OBSERVATION if obs_type is None else obs_type
        cache = self.__dict__.setdefault("_observers", {})
        observer = cache.get(obs_type)
        if observer is None:
            package = type(self).__module__.rpartition(".")[0]
            name = f"{package}.observation"
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name not in (name, package):
                    raise
                raise NoObserverError(
                    f"game {self.info.game_id!r} has no observation encoder: add {name.replace('.', '/')}.py "
                    f"with make_observer(game, obs_type) (see heliopolis/core/observation.py)"
                ) from None
            observer = cache[obs_type] = module.make_observer(self, obs_type)
        assert isinstance(observer, Observer)
        return observer

    def new_public_log(self) -> "PublicLog":
        """An incremental builder of the public move log (a server feeds it each new move rather
        than replaying the game for every message)."""
        return PublicLog(self)

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


_SIBLINGS: dict[tuple[str, str], Any] = {}


def _sibling(cls: type, name: str) -> Any:
    """The module ``name`` next to the module defining ``cls`` (``games/<id>/views.py`` for a
    ``games/<id>/state.py`` state), imported on first use and remembered; ``None`` if there is none."""
    key = (cls.__module__, name)
    try:
        return _SIBLINGS[key]
    except KeyError:
        pass
    full = f"{cls.__module__.rpartition('.')[0]}.{name}"
    try:
        module = importlib.import_module(full)
    except ModuleNotFoundError as e:
        if e.name != full:
            raise
        module = None
    _SIBLINGS[key] = module
    return module


class State:
    """Base class of every game state. Mutable, updated in place by ``apply_action``.

    The view, text and checking methods below are found by convention in the game's package,
    next to its state module, and imported on first use (so ``import heliopolis`` stays cheap):
    ``views.player_view(state, seat)``, ``views.information_state_string``, ``views.describe_action``,
    ``views.information_state_key``, ``views.resample_from_infostate``, ``heuristics.table_helper``,
    ``invariants.check_invariants`` and ``render.render_text`` (``str(state)``). A state may
    override any of them instead.
    """

    __slots__ = ()
    game: Game

    def _hook(self, module: str, name: str) -> Any:
        """``name`` from the game's ``module``, or ``None``."""
        return getattr(_sibling(type(self), module), name, None)

    def _required(self, module: str, name: str) -> Any:
        fn = self._hook(module, name)
        if fn is None:
            raise NotImplementedError(f"{type(self).__name__} needs {module}.{name} (or its own {name} method)")
        return fn

    # -- the protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` or ``TERMINAL``."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Legal action ids in ascending order (at a chance node: the possible outcomes)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability)]`` at a chance node; probabilities sum to 1."""
        raise NotImplementedError

    def sample_chance_outcome(self, rng: Any) -> int:
        """Draws one outcome with exactly the ``chance_outcomes()`` distribution.

        Games may override this with a faster exact sampler; the default walks the outcome list.
        """
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def apply_action(self, action: int) -> None:
        """Applies a legal action in place; an illegal one raises ``IllegalActionError`` and changes nothing."""
        raise NotImplementedError

    def clone(self) -> Self:
        raise NotImplementedError

    def child(self, action: int) -> Self:
        """A clone with ``action`` applied."""
        c = self.clone()
        c.apply_action(action)
        return c

    def history(self) -> list[int]:
        raise NotImplementedError

    def scores(self) -> list[int]:
        """The game's own points now (true values; views decide what a seat may see)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Winning seats after the end (raises ``ValueError`` before)."""
        raise NotImplementedError

    def score_breakdown(self) -> dict[str, list[int]] | None:
        """Points per scoring category and seat so far (true values), or ``None`` if the game
        has no categories. Used by the arena's per-category statistics."""
        return None

    def returns(self) -> list[float]:
        """Zeros before the end; at the end 1.0 shared equally by the winners, 0.0 for the others."""
        n = self.game.players
        if not self.is_terminal():
            return [0.0] * n
        w = self.winners()
        share = 1.0 / len(w)
        return [share if p in w else 0.0 for p in range(n)]

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.game.string_to_action(text)

    def describe_action(self, action: int) -> str:
        """Human text for this action in this position (like SAN beside UCI); the notation if the
        game's ``views`` has no ``describe_action``."""
        fn = self._hook("views", "describe_action")
        return fn(self, action) if fn else self.action_to_string(action)

    def player_view(self, player: int | None) -> dict[str, Any]:
        """JSON-safe view for a seat (``None`` = spectator): nothing that seat could not see at the table."""
        view: dict[str, Any] = self._required("views", "player_view")(self, player)
        return view

    def information_state_string(self, player: int) -> str:
        text: str = self._required("views", "information_state_string")(self, player)
        return text

    def observation_tensor(self, player: int, obs_type: "ObservationType | None" = None) -> list[float]:
        """What ``player`` observes now as plain floats (layout: ``game.make_observer(obs_type).pieces``)."""
        return self.game.make_observer(obs_type).tensor(self, player)

    def observation_string(self, player: int, obs_type: "ObservationType | None" = None) -> str:
        """What ``player`` observes now as text (the same information as ``observation_tensor``)."""
        return self.game.make_observer(obs_type).string(self, player)

    def public_log(self) -> list[str]:
        """One human line per public event so far (the move log of a UI): the game's
        ``PublicLog`` fed with the whole history."""
        log = self.game.new_public_log()
        for a in self.history():
            log.feed(a)
        return log.lines

    def table_helper(self) -> dict[str, Any] | None:
        """Optional hints a UI may show every player (public information only), e.g. provisional
        scores. ``None`` when the game offers none."""
        fn = self._hook("heuristics", "table_helper")
        return fn(self) if fn else None

    def information_state_key(self, player: int) -> Any:
        """A hashable that equals another state's key exactly when their information state strings
        are equal. Search bots key their trees on it; games give something cheaper than building
        the string (Ra: the seat and its shared history tuple)."""
        fn = self._hook("views", "information_state_key")
        return fn(self, player) if fn else self.information_state_string(player)

    def resample_from_infostate(self, player: int, rng: Any) -> Self:
        """A state consistent with what ``player`` knows; hidden parts redrawn with ``rng``."""
        state: Self = self._required("views", "resample_from_infostate")(self, player, rng)
        return state

    def check_invariants(self) -> None:
        """Raises ``AssertionError`` if a conservation law or phase invariant is broken (a game
        without ``invariants.check_invariants`` has none to check)."""
        fn = self._hook("invariants", "check_invariants")
        if fn:
            fn(self)

    def __str__(self) -> str:
        fn = self._hook("render", "render_text")
        return fn(self) if fn else repr(self)

    # -- serialization -----------------------------------------------------------------------
    def to_dict(self, seed: int | None = None) -> dict[str, Any]:
        """The saved-game document: game id, encoding, options, seed, history as notation."""
        info = self.game.info
        return {
            "format": "heliopolis-game",
            "game": info.game_id,
            "encoding": info.encoding,
            "options": self.game.config(),
            "seed": seed,
            "history": [self.game.action_to_string(a) for a in self.history()],
        }

    def to_json(self, seed: int | None = None) -> str:
        return json.dumps(self.to_dict(seed), separators=(",", ":"))

    # -- equality by content (used by the conformance suite and tests) -----------------------
    def _key(self) -> tuple[Any, ...]:
        """Every field of the state as a hashable tuple; equal keys mean equal states."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.game.config() == other.game.config() and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable


def parse_kind_arg(text: str) -> tuple[str, str | None]:
    """Splits canonical ``kind[:arg]`` notation after trimming and lower-casing."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be given as text, got {type(text).__name__}")
    t = text.strip().lower()
    if not t:
        raise NotationError("empty action text")
    kind, sep, arg = t.partition(":")
    return kind.strip(), (arg.strip() if sep else None)

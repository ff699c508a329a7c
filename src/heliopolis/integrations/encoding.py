"""What the adapters share: the configurations of a game, options as scalar parameters, observation
arrays and action masks. Only the standard library at import time; numpy is imported on use."""

from __future__ import annotations

import importlib
import itertools
import math
import random
from typing import Any

from heliopolis.core.errors import ConfigError
from heliopolis.core.game import Game, State
from heliopolis.core.observation import OBSERVATION, NoObserverError, ObservationType, Observer, PartsBuffer
from heliopolis.core.registry import available_games, game_class, load_game

EXTRA_HINT = "pip install 'heliopolis[rl]'"


def require(module: str) -> Any:
    """Imports an optional library of the ``[rl]`` extra, or raises an ``ImportError`` that says how
    to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"{module} is needed for this adapter: {EXTRA_HINT} ({e})") from e


# Above this many option combinations per player count, options vary one at a time instead.
MAX_CROSSED = 8


def _option_sets(choices: dict[str, list[Any]]) -> list[dict[str, Any]]:
    names = sorted(choices)
    if math.prod(len(choices[k]) for k in names) <= MAX_CROSSED:
        return [dict(zip(names, values)) for values in itertools.product(*(choices[k] for k in names))]
    base = {k: choices[k][0] for k in names}
    return [base] + [{**base, k: v} for k in names for v in choices[k][1:]]


def game_configs(game_id: str) -> list[dict[str, Any]]:
    """Every valid configuration of a game: each player count crossed with each combination of the
    options a lobby offers (``Game.option_choices``), as ``{"players": n, **options}``; a game with
    many options (Men-Nefer's six rule variants) gets the defaults plus each variant on its own.

    Ra: editions 2009 (2-5 players) and 1999 (3-5), each with hidden and open scores: 14.
    """
    cls = game_class(game_id)
    choices: dict[str, list[Any]] = dict(getattr(cls, "option_choices", {}) or {})
    out = []
    for players in range(cls.info.min_players, cls.info.max_players + 1):
        for options in _option_sets(choices):
            try:
                cls(players, **options)
            except ConfigError:
                continue
            out.append({"players": players, **options})
    return out


def has_observer(game_id: str) -> bool:
    """Whether the game has an observation encoder (``games/<id>/observation.py``)."""
    try:
        load_game(game_id).make_observer(OBSERVATION)
    except NoObserverError:
        return False
    return True


def games_with_observer() -> list[str]:
    """The registered games the adapters can serve (those with an observation encoder)."""
    return [g for g in available_games() if has_observer(g)]


def scalar_options(game_id: str) -> dict[str, Any]:
    """The options that can travel as scalar parameters (OpenSpiel game strings, env kwargs), with
    their defaults: ``bool``, ``int``, ``float`` and ``str`` defaults (a ``str`` default that reads
    as an integer, like Ra's ``edition="2009"``, becomes an ``int`` so that it survives a game
    string round trip). ``None``-default options (Ra's scripted ``suns``) are left out."""
    out: dict[str, Any] = {}
    for name, default in game_class(game_id).info.options.items():
        if isinstance(default, str) and default.lstrip("-").isdigit():
            out[name] = int(default)
        elif isinstance(default, (bool, int, float, str)):
            out[name] = default
    return out


def options_from_params(game_id: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """``(players, options)`` for ``load_game`` from scalar parameters (inverse of ``scalar_options``)."""
    info = game_class(game_id).info
    params = dict(params)
    players = params.pop("players", None)
    options = {}
    for name, value in params.items():
        default = info.options.get(name)
        if isinstance(default, str) and not isinstance(value, str):
            value = str(value)
        options[name] = value
    if players is None:
        players = load_game(game_id).players
    return int(players), options


def default_players(game_id: str) -> int:
    return load_game(game_id).players


_NUMPY: Any = None


def numpy() -> Any:
    """The numpy module (imported on first use: numpy belongs to the ``[rl]`` extra)."""
    global _NUMPY
    if _NUMPY is None:
        _NUMPY = require("numpy")
    return _NUMPY


class ArrayObserver:
    """An observer writing float32 numpy arrays: a fresh array per call (``array``), or in place
    (``fill``) for adapters that own a buffer.

    Observers that split their tensor into parts (``Observer.part_keys`` / ``encode_part``) are
    encoded incrementally by ``core.observation.PartsBuffer`` (compiled with the engines): only the
    parts whose key changed are rewritten, and the result is a numpy copy of its buffer (the caller
    may keep it). The result equals ``numpy.asarray(tensor(...), dtype=float32)``.
    """

    def __init__(self, game: Game, obs_type: ObservationType = OBSERVATION) -> None:
        np = numpy()
        self.observer: Observer[Any] = game.make_observer(obs_type)
        self.size = self.observer.size
        low, high = self.observer.bounds()
        self.low = np.asarray(low, dtype=np.float32)
        self.high = np.asarray(high, dtype=np.float32)
        self._float32 = np.float32
        self._asarray = np.asarray
        self._parts = PartsBuffer(self.observer)
        self._update = self._parts.update
        # numpy sees the parts buffer through a view sharing its memory: one copy per observation
        self._view = np.frombuffer(self._parts.buffer, dtype=np.float32)

    def array(self, state: State, player: int) -> Any:
        if self._update(state, player):
            return self._view.copy()
        return self._asarray(self.observer.tensor(state, player), dtype=self._float32)

    def fill(self, state: State, player: int, out: Any) -> None:
        if self._update(state, player):
            out[:] = self._view
        else:
            out[:] = self.observer.tensor(state, player)


def action_mask(state: State, num_actions: int, np: Any, player: int | None = None) -> Any:
    """int8 mask of the legal player actions (all zero at chance and terminal nodes, and for a seat
    that is not to move when ``player`` is given)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    cp = state.current_player()
    if cp >= 0 and (player is None or player == cp):
        mask[state.legal_actions()] = 1
    return mask


class MaskCache:
    """``action_mask`` for an adapter: the mask of each set of legal actions is built once and
    copied on later calls (a copy is cheaper than filling a fresh array from a list)."""

    MAX_CACHED = 4096  # masks kept (cleared when full)

    def __init__(self, num_actions: int) -> None:
        np = numpy()
        self._zeros = np.zeros(num_actions, dtype=np.int8)
        self._np = np
        self._num_actions = num_actions
        self._masks: dict[tuple[int, ...], Any] = {}

    def mask(self, state: State, player: int | None = None) -> Any:
        cp = state.current_player()
        if cp < 0 or (player is not None and player != cp):
            return self._zeros.copy()
        legal = tuple(state.legal_actions())
        m = self._masks.get(legal)
        if m is None:
            if len(self._masks) >= self.MAX_CACHED:
                self._masks.clear()
            m = self._masks[legal] = action_mask(state, self._num_actions, self._np, player)
        return m.copy()


def advance_chance(state: State, rng: random.Random) -> None:
    """Samples chance nodes with ``rng`` until a seat is to move or the game is over."""
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))


def camel_name(game_id: str) -> str:
    """``"ra"`` -> ``"Ra"``, ``"ra-dice"`` -> ``"RaDice"`` (Gymnasium ids)."""
    return "".join(part.capitalize() for part in game_id.replace("_", "-").split("-"))

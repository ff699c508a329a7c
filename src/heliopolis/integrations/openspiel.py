"""Heliopolis games as OpenSpiel (pyspiel) Python games: ``python_heliopolis_<id>``.

>>> from heliopolis.integrations import openspiel as hos       # doctest: +SKIP
>>> game = hos.load_game("ra", players=3, edition=1999)       # doctest: +SKIP
>>> game                                                      # doctest: +SKIP
python_heliopolis_ra(edition=1999,hidden_scores=True,players=3)
>>> import pyspiel; pyspiel.load_game("python_heliopolis_ra(players=2)")  # after registration  # doctest: +SKIP

Importing this module registers every game that has an observation encoder (``register_games`` picks
up games registered later). Parameters are the game's scalar options plus ``players`` (see
``encoding.scalar_options``; Ra: ``players``, ``edition`` as an int, ``hidden_scores``).

Mapping:

* Player actions keep their ids. Chance outcomes are shifted down by ``GameInfo.chance_offset`` so
  that they lie in ``[0, max_chance_outcomes)`` as OpenSpiel requires (Ra: ``tile:ra`` is 0).
* ``GameType.information`` is per configuration: ``PERFECT_INFORMATION`` when
  ``Game.has_private_information()`` is false (Ra with ``hidden_scores=False``: its only secret is the
  bag, and the bag is explicit chance), ``IMPERFECT_INFORMATION`` otherwise. The type registered for
  the name (what ``pyspiel.registered_games()`` lists) uses the game's ``GameInfo.hidden_information``,
  the safe choice for the defaults.
* Utility: constant-sum, 1.0 shared by the winners (the protocol's ``returns()``).
* Observations come from the game's encoder through a Python observer that honours
  ``iig_obs_type`` (public / private none-single-all / perfect recall).
* ``str(state)`` is the omniscient observation string (table and every secret); ``state.engine`` is
  the engine state.
* ``clone()`` uses the engine's own ``clone()`` (OpenSpiel deep-copies a Python state's attributes:
  the engine state sits in a holder whose ``__deepcopy__`` calls ``clone()``), and serialization
  stores the engine's saved-game JSON, replayed on load.

Performance: every OpenSpiel call goes through pybind11 into Python; see ``bench/bench_adapters.py``.
"""

from __future__ import annotations

import random
from typing import Any

from heliopolis.core.observation import (
    OBSERVATION,
    PRIVATE_ALL,
    PRIVATE_NONE,
    PRIVATE_SINGLE,
    NoObserverError,
    ObservationType,
)
from heliopolis.core.registry import game_class
from heliopolis.core.registry import load_game as _load_engine_game
from heliopolis.core.serialize import state_from_json
from heliopolis.integrations.encoding import games_with_observer, options_from_params, require, scalar_options

try:  # the [rl] extra; without it the module imports and its functions raise ImportError
    import numpy as np
    import pyspiel
except ImportError:  # pragma: no cover - exercised only without the extra
    np = None  # type: ignore[assignment]  # the functions call require() before any use
    pyspiel = None

PREFIX = "python_heliopolis_"
_OMNISCIENT = ObservationType(private=PRIVATE_ALL)
_GameBase: Any = pyspiel.Game if pyspiel is not None else object
_StateBase: Any = pyspiel.State if pyspiel is not None else object
_REGISTERED: dict[str, type] = {}  # pyspiel name -> the HeliopolisGame subclass registered for it


def game_name(game_id: str) -> str:
    """The pyspiel short name of a game: ``"ra"`` -> ``"python_heliopolis_ra"``."""
    return PREFIX + game_id.replace("-", "_")


def _game_type(game_id: str, private_information: bool) -> Any:
    cls = game_class(game_id)
    info = cls.info
    Info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=game_name(game_id),
        long_name=f"Heliopolis {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=Info.IMPERFECT_INFORMATION if private_information else Info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": _load_engine_game(game_id).players, **scalar_options(game_id)},
        default_loadable=True,
        provides_factored_observation_string=True,
    )


def register_games(game_ids: list[str] | None = None) -> list[str]:
    """Registers ``python_heliopolis_<id>`` for each game (default: every registered game that has an
    observation encoder; others are skipped). Idempotent. Returns the pyspiel names."""
    require("pyspiel")
    ids = games_with_observer() if game_ids is None else game_ids
    names = []
    for gid in ids:
        name = game_name(gid)
        if name not in _REGISTERED:
            _load_engine_game(gid).make_observer(OBSERVATION)  # NoObserverError for a game without one
            # One class per game, as OpenSpiel's own Python games do. (A functools.partial creator
            # would be freed by OpenSpiel's registry after the interpreter has shut down: abort.)
            cls = type(f"HeliopolisGame_{gid.replace('-', '_')}", (HeliopolisGame,), {"game_id": gid})
            pyspiel.register_game(_game_type(gid, game_class(gid).info.hidden_information), cls)
            _REGISTERED[name] = cls
        names.append(name)
    return names


def load_game(game_id: str, **params: Any) -> Any:
    """``pyspiel.load_game`` for a Heliopolis game, registering it first; ``params`` are ``players``
    and the game's scalar options (``edition=1999`` or ``edition="1999"``)."""
    register_games([game_id])
    spec = scalar_options(game_id)
    fixed = {}
    for k, v in params.items():
        if isinstance(spec.get(k), int) and not isinstance(spec[k], bool) and isinstance(v, str) and v.isdigit():
            v = int(v)  # "1999" -> 1999: such options are int parameters (see encoding.scalar_options)
        fixed[k] = v
    return pyspiel.load_game(game_name(game_id), fixed)


class HeliopolisGame(_GameBase):
    """A configured Heliopolis game as a ``pyspiel.Game``; ``register_games`` makes one subclass per
    game id (setting ``game_id``)."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        players, options = options_from_params(game_id, params)
        self.engine = _load_engine_game(game_id, players, **options)
        info = self.engine.info
        self.chance_offset = info.chance_offset
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions,
            max_chance_outcomes=info.max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=info.max_game_length,
        )
        params.setdefault("players", players)
        super().__init__(_game_type(game_id, self.engine.has_private_information()), game_info, params)

    def new_initial_state(self) -> HeliopolisState:
        return HeliopolisState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.engine.info.max_game_length

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PyObserver:
        """OpenSpiel's observer factory: the game's encoder for ``iig_obs_type``."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return PyObserver(self.engine.make_observer(_obs_type(iig_obs_type)))


def _obs_type(iig: Any) -> ObservationType:
    if iig is None:
        return OBSERVATION
    private = {
        pyspiel.PrivateInfoType.NONE: PRIVATE_NONE,
        pyspiel.PrivateInfoType.SINGLE_PLAYER: PRIVATE_SINGLE,
        pyspiel.PrivateInfoType.ALL_PLAYERS: PRIVATE_ALL,
    }[iig.private_info]
    return ObservationType(public=iig.public_info, private=private, perfect_recall=iig.perfect_recall)


class PyObserver:
    """OpenSpiel's Python observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, observer: Any) -> None:
        self.observer = observer
        self.tensor = np.zeros(observer.size, np.float32)
        self.dict = {name: self.tensor[a:b].reshape(shape) for name, (a, b, shape) in observer.layout().items()}

    def set_from(self, state: HeliopolisState, player: int) -> None:
        self.tensor[:] = self.observer.tensor(state.engine, player)

    def string_from(self, state: HeliopolisState, player: int) -> str:
        return self.observer.string(state.engine, player)


class _Engine:
    """Holds the engine state inside a pyspiel state: OpenSpiel's ``Clone`` deep-copies a Python
    state's attributes (here: ``clone()``), and ``Serialize`` pickles them (here: the saved-game JSON,
    which also keeps the pickle flat however long the game)."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> _Engine:
        return _Engine(self.state.clone())

    def __reduce__(self) -> tuple:
        return (_engine_from_json, (self.state.to_json(),))


def _engine_from_json(text: str) -> _Engine:
    return _Engine(state_from_json(text))


class HeliopolisState(_StateBase):
    """A ``pyspiel.State`` around an engine state (``.engine``)."""

    def __init__(self, game: HeliopolisGame, engine_state: Any = None) -> None:
        super().__init__(game)
        self._engine = _Engine(engine_state if engine_state is not None else game.engine.new_initial_state())
        self._offset = game.chance_offset

    @property
    def engine(self) -> Any:
        return self._engine.state

    def current_player(self) -> int:
        return self._engine.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._engine.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        off = self._offset
        return [(a - off, p) for a, p in self._engine.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        s = self._engine.state
        s.apply_action(action + self._offset if s.is_chance_node() else action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            action += self._offset
        return self._engine.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        return self._engine.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HeliopolisState:
        """A state with the same information state for ``player_id``: the engine's
        ``resample_from_infostate`` with an RNG seeded from OpenSpiel's sampler."""
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = self._engine.state.resample_from_infostate(player_id, rng)
        if sample.history() == self._engine.state.history():
            out = self.clone()
            out._engine = _Engine(sample)
            return out
        out = self.get_game().new_initial_state()  # hidden actions differ: replay to keep history() right
        off = self._offset
        for a in sample.history():
            out.apply_action(a - off if out.is_chance_node() else a)
        return out

    def __str__(self) -> str:
        """The whole table and every secret, as the game's omniscient observation string (cheap;
        ``str(state.engine)`` is the engine's board rendering, which also replays the event log)."""
        s = self._engine.state
        return s.game.make_observer(_OMNISCIENT).string(s, 0)


if pyspiel is not None:
    try:
        register_games()
    except NoObserverError:  # pragma: no cover - a game lost its encoder between the checks
        pass

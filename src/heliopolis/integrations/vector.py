"""A batched self-play environment for RL: many games of one configuration per call, numpy in and out.

>>> from heliopolis.integrations.vector import VectorEnv                # doctest: +SKIP
>>> venv = VectorEnv("helios", num_envs=64, players=2)                  # doctest: +SKIP
>>> obs, mask, seat = venv.reset(seed=0)                                # doctest: +SKIP
>>> obs, mask, seat, returns, done = venv.step(actions)                 # doctest: +SKIP

Every game is observed by its seat to move (self-play: one policy plays every seat), so one call
steps every game by one decision. ``obs`` is ``(num_envs, size)`` float32 (the game's encoder, the
same as PettingZoo's ``observation`` for that seat), ``mask`` is ``(num_envs, num_actions)`` int8,
``seat`` is ``(num_envs,)`` int64. ``step(actions)`` takes one action per game; a game that ends
gets ``done[i] = True`` and ``returns[i]`` (``(num_envs, players)`` float32, the protocol's returns:
1.0 shared by the winners) and restarts at once, so ``obs[i]`` is then its next game's first
observation (Gymnasium's same-step autoreset); ``returns`` is zero for games that did not end.

Game ``i`` samples chance from ``random.Random(seed + i)`` and keeps that RNG across restarts: it
plays exactly what ``pettingzoo.env(...)`` reset with ``seed + i`` plays for the same actions.
The arrays returned are copies (keep them); ``copy=False`` returns the env's own buffers instead,
overwritten by the next call. An illegal action raises ``IllegalActionError`` before any game moves.

Per game-step this costs the engine's step plus a few changed observation parts (written in place,
``core.batch``, compiled with the engines) and a handful of mask entries, with no per-step Python
``dict`` or numpy call per game: the numbers are in docs/research.md.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.batch import GameBatch
from heliopolis.core.observation import OBSERVATION
from heliopolis.core.registry import DEFAULT_GAME, load_game
from heliopolis.integrations.encoding import numpy


class VectorEnv:
    """``num_envs`` games of one configuration (``players`` and the game's options), stepped together."""

    def __init__(self, game_id: str = DEFAULT_GAME, num_envs: int = 16, players: int | None = None, copy: bool = True,
                 **options: Any) -> None:  # fmt: skip
        np = numpy()
        self.game = load_game(game_id, players, **options)
        self.game_id = game_id
        self.num_envs = num_envs
        self.copy = copy
        observer = self.game.make_observer(OBSERVATION)
        self._batch = GameBatch(self.game, num_envs, observer)
        b = self._batch
        self.players = b.players
        self.num_actions = b.num_actions
        self.observation_size = b.size
        low, high = observer.bounds()
        self.observation_low = np.asarray(low, dtype=np.float32)
        self.observation_high = np.asarray(high, dtype=np.float32)
        self._obs = np.frombuffer(b.obs, dtype=np.float32).reshape(num_envs, b.size)
        self._mask = np.frombuffer(b.masks, dtype=np.int8).reshape(num_envs, b.num_actions)
        self._seat = np.frombuffer(b.seats, dtype=np.int64)
        self._returns = np.frombuffer(b.returns, dtype=np.float32).reshape(num_envs, b.players)
        self._done = np.frombuffer(b.done, dtype=np.int8).view(np.bool_)

    def reset(self, seed: int | None = None) -> tuple[Any, Any, Any]:
        """Starts every game; returns ``(obs, mask, seat)``."""
        self._batch.reset(seed)
        return self._out(self._obs), self._out(self._mask), self._out(self._seat)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, Any]:
        """One action per game; returns ``(obs, mask, seat, returns, done)``."""
        self._batch.step(actions.tolist() if hasattr(actions, "tolist") else actions)
        out = self._out
        return out(self._obs), out(self._mask), out(self._seat), out(self._returns), out(self._done)

    def _out(self, a: Any) -> Any:
        return a.copy() if self.copy else a

    @property
    def states(self) -> list[Any]:
        """The engine states being played (for inspection; do not mutate)."""
        return self._batch.states

"""Many games of one configuration stepped together: the hot loop of the batched research env.

``GameBatch`` keeps ``count`` games, each observed by its seat to move, in flat buffers: the
observations (``count x size`` float32, ``array.array``), the action masks (``count x
num_actions`` int8), the seats to move, the returns of games that ended on the last step and
their flags. One ``step`` applies one action per game, samples chance nodes with each game's own
RNG, restarts finished games and rewrites only what changed (the observations part by part, with
``PartsBuffer`` writing straight into the batch's buffer; the masks entry by entry). Standard
library only, compiled with the engines; ``integrations.vector`` views the buffers with numpy.

Game ``i`` draws its chance outcomes from ``random.Random(seed + i)`` and restarts with the same
RNG, so it plays exactly what one PettingZoo env reset with ``seed + i`` (and then reset without a
seed after each game) plays for the same actions.
"""

from __future__ import annotations

import array
import random
from collections.abc import Hashable, Sequence
from typing import Any, Final

from heliopolis.core.errors import IllegalActionError
from heliopolis.core.game import Game, State
from heliopolis.core.observation import Observer, PartsBuffer

MAX_MASKS: Final = 4096  # mask rows kept (cleared when full; a cache, never a result)


class GameBatch:
    """``count`` games of ``game`` in flat buffers; see the module docstring."""

    def __init__(self, game: Game, count: int, observer: Observer[Any]) -> None:
        if count < 1:
            raise ValueError(f"a batch needs at least one game, got {count}")
        self.game = game
        self.count = count
        self.observer = observer
        self.size = size = observer.size
        self.num_actions = game.info.num_distinct_actions
        self.players = game.players
        self.obs = array.array("f", bytes(4 * size * count))
        self.masks = array.array("b", bytes(self.num_actions * count))
        self.seats = array.array("q", bytes(8 * count))
        self.returns = array.array("f", bytes(4 * self.players * count))
        self.done = array.array("b", bytes(count))
        caches: list[dict[Hashable, array.array[float]]] = []  # the part encodings, shared by the games
        self._buffers = [PartsBuffer(observer, self.obs, i * size, caches) for i in range(count)]
        self.states: list[State[Any]] = []
        self._rngs: list[random.Random] = []
        self._legal: list[list[int]] = [[] for _ in range(count)]  # per game: the actions set in its mask
        self._mask_rows: dict[tuple[int, ...], array.array[int]] = {}  # legal actions -> mask row

    def reset(self, seed: int | None = None) -> None:
        """Starts every game afresh; game ``i`` draws its chance outcomes from ``Random(seed + i)``
        (fresh unseeded RNGs without a seed)."""
        self._rngs = [random.Random(None if seed is None else seed + i) for i in range(self.count)]
        self.states = []
        for i in range(self.count):
            self.states.append(self._start(i))
            self._observe(i)
        self.returns[:] = array.array("f", bytes(4 * self.players * self.count))
        self.done[:] = array.array("b", bytes(self.count))

    def _start(self, i: int) -> State[Any]:
        s = self.game.new_initial_state()
        rng = self._rngs[i]
        while s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
        return s

    def _observe(self, i: int) -> None:
        """Writes game ``i``'s observation, mask and seat (a fresh game always has a seat to move)."""
        s = self.states[i]
        cp = s.current_player()
        self.seats[i] = cp
        buffer = self._buffers[i]
        if not buffer.update(s, cp):
            base = i * self.size
            self.obs[base : base + self.size] = array.array("f", self.observer.tensor(s, cp))
        # The mask row of each set of legal actions is built once and copied (a memcpy) after:
        # cheaper than clearing and setting entries one by one.
        legal = s.legal_actions()
        key = tuple(legal)
        row = self._mask_rows.get(key)
        if row is None:
            if len(self._mask_rows) >= MAX_MASKS:
                self._mask_rows.clear()
            row = array.array("b", bytes(self.num_actions))
            for a in legal:
                row[a] = 1
            self._mask_rows[key] = row
        base = i * self.num_actions
        self.masks[base : base + self.num_actions] = row
        self._legal[i] = legal

    def step(self, actions: Sequence[int]) -> None:
        """Applies ``actions[i]`` in game ``i`` for every game. Every action is checked against
        its game's mask first: an illegal one raises ``IllegalActionError`` and changes nothing."""
        count = self.count
        if len(actions) != count:
            raise ValueError(f"expected {count} actions (one per game), got {len(actions)}")
        num_actions = self.num_actions
        masks = self.masks
        chosen: list[int] = []
        for i in range(count):
            a = int(actions[i])
            if not (0 <= a < num_actions and masks[i * num_actions + a]):
                raise IllegalActionError(
                    f"game {i}: action {a} is not legal for seat {self.seats[i]} (legal: {self._legal[i]})"
                )
            chosen.append(a)
        players = self.players
        returns = self.returns
        done = self.done
        for i in range(count):
            s = self.states[i]
            s.apply_action(chosen[i])
            rng = self._rngs[i]
            while s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            base = i * players
            if s.is_terminal():
                r = s.returns()
                for p in range(players):
                    returns[base + p] = r[p]
                done[i] = 1
                self.states[i] = self._start(i)
            elif done[i]:
                for p in range(players):
                    returns[base + p] = 0.0
                done[i] = 0
            self._observe(i)

"""Heliopolis games as PettingZoo AEC environments.

>>> from heliopolis.integrations.pettingzoo import env                   # doctest: +SKIP
>>> e = env("ra", players=3, edition="1999")                            # doctest: +SKIP
>>> e.reset(seed=1)                                                     # doctest: +SKIP
>>> for agent in e.agent_iter():                                        # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     mask = obs["action_mask"]
...     e.step(None if terminated or truncated else e.action_space(agent).sample(mask))

Agents are ``player_0`` .. ``player_{n-1}`` (seats). Observations are
``{"observation": float32 array, "action_mask": int8 array}``: the game's encoder for that seat
(public information plus that seat's secrets, ``heliopolis.core.observation.OBSERVATION``) and the
legal actions (all zero for a seat that is not to move). The action space is
``Discrete(num_distinct_actions)``. Chance nodes are sampled inside the env with its own RNG, seeded
by ``reset(seed=...)``. Rewards are the protocol's returns at the end (1.0 shared by the winners),
zero before. ``state()`` is the omniscient observation (everyone's secrets).

The game and its options are fixed when the env is built and kept by ``reset`` (a known trap of
Shimmy's OpenSpiel wrapper, which rebuilds the game from its short name and so drops its parameters).
An illegal action raises ``IllegalActionError`` (the mask says what is legal).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from heliopolis.core.game import State
from heliopolis.core.observation import OBSERVATION, ObservationType
from heliopolis.core.registry import DEFAULT_GAME, load_game
from heliopolis.integrations.encoding import ArrayObserver, MaskCache, advance_chance, require

try:  # the [rl] extra
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
except ImportError:  # pragma: no cover - exercised only without the extra
    np = spaces = None  # type: ignore[assignment]  # never read: require() refuses first

    class AECEnv:  # type: ignore[no-redef]  # placeholders so that the module imports
        pass

    class EzPickle:  # type: ignore[no-redef]
        pass


_NOT_STARTED = "call reset() first"


def env(
    game_id: str = DEFAULT_GAME, players: int | None = None, render_mode: str | None = None, **options: Any
) -> HeliopolisAECEnv:
    """An AEC env for ``game_id`` (``players`` and the game's options, e.g. ``edition="1999"``)."""
    return HeliopolisAECEnv(game_id, players, render_mode=render_mode, **options)


raw_env = env


class HeliopolisAECEnv(AECEnv, EzPickle):
    """One configured game as a PettingZoo ``AECEnv``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "heliopolis", "is_parallelizable": False}

    def __init__(self, game_id: str = DEFAULT_GAME, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:  # fmt: skip
        require("pettingzoo")
        AECEnv.__init__(self)
        EzPickle.__init__(self, game_id, players, render_mode, **options)
        self.game = load_game(game_id, players, **options)
        self.game_id = game_id
        self.metadata = {**self.metadata, "name": f"heliopolis_{game_id.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        n = self.game.players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._num_actions = self.game.info.num_distinct_actions
        self._observer = ArrayObserver(self.game, OBSERVATION)
        self._masks = MaskCache(self._num_actions)
        self._omniscient = ArrayObserver(self.game, ObservationType(private="all"))
        obs_box = spaces.Box(self._observer.low, self._observer.high, dtype=np.float32)
        mask_box = spaces.Box(0, 1, (self._num_actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs_box, "action_mask": mask_box}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(self._omniscient.low, self._omniscient.high, dtype=np.float32)
        self._rng = random.Random()
        self._state: State | None = None  # set by reset(), which PettingZoo calls first
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # -- the AEC protocol -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Starts a new game of the same configuration (``options`` is accepted and ignored: the
        game's options are fixed at construction)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self._state = s = self.game.new_initial_state()
        advance_chance(s, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[s.current_player()]
        self._paid = False  # rewards were paid by the last step (the game's end)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        s = self._state
        if s is None:  # inline, not _live(): observe runs on every step
            raise RuntimeError(_NOT_STARTED)
        return {
            "observation": self._observer.array(s, seat),
            "action_mask": self._masks.mask(s, seat),
        }

    # ``last`` and ``agent_iter`` are PettingZoo's own, minus per-step Python layers: they run once
    # per decision, and at compiled-engine speed each interpreted call shows (docs/research.md).
    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        """Yields ``agent_selection`` until no agent is left (or ``max_iter`` times), like
        PettingZoo's ``AECIterable`` (a generator: no Python ``__next__`` call per step)."""
        return _AgentIterable(self, max_iter)

    def state(self) -> Any:
        """Everything on the table and every seat's secrets (for centralised critics)."""
        return self._omniscient.array(self._live(), 0)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # Rewards are paid only at the end, so before it clearing and accumulating them would
        # only add zeros (PettingZoo's _clear_rewards / _accumulate_rewards loop over every agent).
        if self._paid:
            self._clear_rewards()
            self._paid = False
        s = self._state
        if s is None:
            raise RuntimeError(_NOT_STARTED)
        s.apply_action(int(action))
        while s.is_chance_node():  # advance_chance, inlined: it runs on every step
            s.apply_action(s.sample_chance_outcome(self._rng))
        if s.is_terminal():
            for a, r in zip(self.possible_agents, s.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            seat = self._seat[agent]
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
            self._accumulate_rewards()
            self._paid = True
        else:
            self.agent_selection = self.possible_agents[s.current_player()]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return str(self._state)

    def close(self) -> None:
        pass

    def _live(self) -> State:
        """The state being played."""
        s = self._state
        if s is None:
            raise RuntimeError(_NOT_STARTED)
        return s

    @property
    def engine_state(self) -> Any:
        """The engine state being played (for inspection; do not mutate)."""
        return self._state

    def __str__(self) -> str:
        return self.metadata["name"]


class _AgentIterable:
    """``env.agent_iter(max_iter)``: iterable more than once, each iteration a fresh generator."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: HeliopolisAECEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection

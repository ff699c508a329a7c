"""Heliopolis games as single-agent Gymnasium environments: one learning seat, bots in the others.

>>> import gymnasium as gym                                            # doctest: +SKIP
>>> import heliopolis.integrations.gymnasium                            # doctest: +SKIP
>>> env = gym.make("heliopolis/Ra-v0", players=2, opponents="random")   # doctest: +SKIP
>>> obs, info = env.reset(seed=0)                                       # doctest: +SKIP
>>> obs["observation"].shape, obs["action_mask"].sum() > 0              # doctest: +SKIP
((225,), True)

Importing this module registers ``heliopolis/<Name>-v0`` for every game with an observation encoder
(``Ra-v0``; ``register_envs()`` picks up games registered later). ``gym.make`` also accepts the
``"heliopolis.integrations.gymnasium:heliopolis/Ra-v0"`` form, which imports the module first.

Keyword arguments: ``players``, the game's options (``edition``, ``hidden_scores``, ...), ``seat``
(the learning seat, or ``"random"`` for a new one each episode), ``opponents`` (one bot spec for every
other seat, or a list with one per other seat in seat order: ``"random"``, ``"heuristic"``,
``"ismcts:iters=200"``...), ``illegal_action`` (``"lose"``, default: the episode ends with
``illegal_reward``; or ``"raise"``) and ``render_mode`` (``"ansi"``).

Observations are ``{"observation": float32 array, "action_mask": int8 array}`` (the game's encoder for
the learning seat; the legal actions); ``info["action_mask"]`` and ``action_masks()`` give the mask
too. The reward is the seat's return at the end (1.0 for a win, shared on a tie), 0 before. Bots
decide on ``state.resample_from_infostate(seat, rng)``, as in the arena, and every random number
(chance, bots, the random seat) comes from ``reset(seed=...)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from heliopolis.bots import make_bot
from heliopolis.core.errors import ConfigError
from heliopolis.core.game import State
from heliopolis.core.observation import OBSERVATION
from heliopolis.core.registry import DEFAULT_GAME, load_game
from heliopolis.integrations.encoding import ArrayObserver, MaskCache, camel_name, games_with_observer, require

try:  # the [rl] extra
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError:  # pragma: no cover - exercised only without the extra
    gymnasium = np = spaces = None  # type: ignore[assignment]  # require() refuses before any use

_EnvBase: Any = gymnasium.Env if gymnasium is not None else object
NAMESPACE = "heliopolis"
ENTRY_POINT = "heliopolis.integrations.gymnasium:HeliopolisEnv"


def env_id(game_id: str) -> str:
    """``"ra"`` -> ``"heliopolis/Ra-v0"``."""
    return f"{NAMESPACE}/{camel_name(game_id)}-v0"


def register_envs(game_ids: list[str] | None = None) -> list[str]:
    """Registers ``heliopolis/<Name>-v0`` for each game (default: every game with an observation
    encoder). Idempotent. Returns the env ids."""
    gym = require("gymnasium")
    ids = games_with_observer() if game_ids is None else game_ids
    out = []
    for gid in ids:
        eid = env_id(gid)
        if eid not in gym.registry:
            gym.register(id=eid, entry_point=ENTRY_POINT, kwargs={"game_id": gid}, disable_env_checker=False)
        out.append(eid)
    return out


class HeliopolisEnv(_EnvBase):
    """A game seen from one learning seat; the other seats are played by bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game_id: str = DEFAULT_GAME, players: int | None = None, seat: int | str = 0,
                 opponents: str | Sequence[str] = "random", illegal_action: str = "lose",
                 illegal_reward: float = -1.0, render_mode: str | None = None, **options: Any) -> None:  # fmt: skip
        require("gymnasium")
        self.game = load_game(game_id, players, **options)
        n = self.game.players
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise ConfigError(f"seat must be 0..{n - 1} or 'random', got {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ConfigError(f"{n} players need {n - 1} opponent bot specs, got {len(specs)}")
        for spec in specs:
            make_bot(spec)  # validates the spec now (ConfigError) rather than at the first reset
        if illegal_action not in ("lose", "raise"):
            raise ConfigError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.game_id = game_id
        self.seat_option = seat
        self.opponent_specs = specs
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._num_actions = self.game.info.num_distinct_actions
        self._observer = ArrayObserver(self.game, OBSERVATION)
        self._masks = MaskCache(self._num_actions)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self._observer.low, self._observer.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self._num_actions,), dtype=np.int8),
        })  # fmt: skip
        self.action_space = spaces.Discrete(self._num_actions)
        self.seat = seat if isinstance(seat, int) else 0
        self._state: State | None = None  # set by reset()
        self._bots: dict[int, Any] = {}
        self._rng = random.Random()

    # -- the Gymnasium protocol -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        # Every random number of the episode comes from np_random (seeded by reset(seed=...)).
        draw = lambda: int(self.np_random.integers(2**62))  # noqa: E731
        self._rng = random.Random(draw())
        n = self.game.players
        self.seat = int(self.np_random.integers(n)) if self.seat_option == "random" else int(self.seat_option)
        others = [p for p in range(n) if p != self.seat]
        self._bots = {p: make_bot(spec, seed=draw()) for p, spec in zip(others, self.opponent_specs)}
        self._view_rng = random.Random(draw())
        self._state = s = self.game.new_initial_state()
        self._advance(s)
        return self._obs_info(s)

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        s = self._state
        if s is None or s.is_terminal():
            raise RuntimeError("call reset() before step() (the episode is over)")
        action = int(action)
        if action not in s.legal_actions():
            if self.illegal_action == "raise":
                s.apply_action(action)  # raises IllegalActionError with the game's explanation
            obs, info = self._obs_info(s)
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        s.apply_action(action)
        self._advance(s)
        terminated = s.is_terminal()
        reward = float(s.returns()[self.seat]) if terminated else 0.0
        obs, info = self._obs_info(s)
        return obs, reward, terminated, False, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self._state)
        return None

    def close(self) -> None:
        pass

    def action_masks(self) -> Any:
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        if self._state is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._masks.mask(self._state, self.seat)

    # -- helpers ----------------------------------------------------------------------------------
    def _advance(self, s: State) -> None:
        """Chance and the bots move in ``s`` until the learning seat is to move or the game is over."""
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(self._rng))
                continue
            p = s.current_player()
            if p == self.seat:
                return
            s.apply_action(self._bots[p].step(s.resample_from_infostate(p, self._view_rng)))

    def _obs_info(self, s: State) -> tuple[dict[str, Any], dict[str, Any]]:
        """The observation and the info dict of ``s`` (the state being played); the legal actions are
        looked up once for both masks."""
        mask = self.action_masks()
        obs = {"observation": self._observer.array(s, self.seat), "action_mask": mask}
        info: dict[str, Any] = {"seat": self.seat, "action_mask": mask.copy()}
        if s.is_terminal():
            info["scores"] = s.scores()
            info["winners"] = s.winners()
        return obs, info

    @property
    def engine_state(self) -> Any:
        """The engine state being played (for inspection; do not mutate)."""
        return self._state


if gymnasium is not None:
    register_envs()

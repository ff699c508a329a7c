"""Root rollout search: one step of policy improvement over the heuristic policy.

For each legal action at the root, the bot plays simulations with the game's heuristic policy
for EVERY seat (what a table of heuristic bots actually plays) and keeps the action whose
simulations end best for it. A rollout algorithm improves on its base policy (Bertsekas &
Tsitsiklis 1996; Tesauro & Galperin 1997), and at 3-5 players it is far stronger than a single
shared ISMCTS tree, whose averages mix up every seat's choices.

* Honest: every simulation starts from ``state.resample_from_infostate(player, rng)`` drawn with
  the bot's own RNG.
* Budget: ``iters`` simulations per decision (deterministic), or ``time_limit`` seconds of wall
  clock (not reproducible). The budget (at least one simulation per action) is spread by sequential halving (Karnin, Koren & Somekh
  2013): each round plays every surviving action equally often and keeps the better half, so
  most simulations go to the actions that are close.
* Common random numbers: within a round, every action is played from the same determinizations
  with the same rollout seeds, so the comparison between actions is paired and needs far fewer
  simulations than independent averages.
* Rewards: a simulation is cut after ``depth`` actions and scored by the game's ``evaluate``
  (expected final points), or played to the end. ``reward="margin"`` scores the player's value
  minus the best other seat's, in points (smooth, low variance); ``reward="mean"`` the player's
  value minus the others' mean (no reward for spoiling the leader at the player's own cost, which at
  4-5 players mostly helps the third parties); ``reward="win"`` a soft win chance (softmax of the
  values with ``temperature``).
* Horizon: with ``horizon`` (a function of the state, e.g. the epoch number) a simulation also
  stops when it changes: at the end of a scoring period the evaluation is nearly exact, while a
  cut in mid-epoch leaves the worth of unspent suns (and the like) to a rough estimate.
* Wide roots (more than ``width`` actions) keep only the ``width`` best by a one-ply evaluation,
  and always the heuristic's own choice. The heuristic's choice also wins ties, and gets
  ``bias`` points of benefit of the doubt so that noise alone does not overturn it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from heliopolis.bots.base import SeededBot
from heliopolis.core.game import State

Evaluator = Callable[[State], list[float]]
Policy = Callable[[State, random.Random], int]
REWARDS = ("margin", "mean", "win")


class RolloutBot(SeededBot):
    def __init__(self, evaluator: Evaluator, policy: Policy, seed: int | None = None, iters: int | None = 800,
                 time_limit: float | None = None, depth: int | None = 60, reward: str = "margin",
                 temperature: float = 5.0, width: int = 12, bias: float = 0.0,
                 horizon: Callable[[State], object] | None = None) -> None:  # fmt: skip
        if iters is None and time_limit is None:
            raise ValueError("a rollout bot needs an iteration budget or a time limit")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        super().__init__(seed)
        self.evaluator = evaluator
        self.policy = policy
        self.iters = iters
        self.time_limit = time_limit
        self.depth = depth
        self.reward = reward
        self.temperature = temperature
        self.width = width
        self.bias = bias
        self.horizon = horizon
        self.last_iterations = 0

    # -- decision ------------------------------------------------------------------------------
    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self.rng
        player = state.current_player()
        favourite = self.policy(state.resample_from_infostate(player, rng), rng)
        cands = self._candidates(state, legal, favourite, player, rng)
        if len(cands) == 1:
            self.last_iterations = 0
            return cands[0]
        total = {a: 0.0 for a in cands}
        count = {a: 0 for a in cands}
        clock = time.perf_counter
        deadline = clock() + self.time_limit if self.time_limit else None
        budget = self.iters
        rounds = max(1, math.ceil(math.log2(len(cands))))
        used = 0
        alive = list(cands)
        for r in range(rounds):
            left = rounds - r
            if budget is not None:
                # Each remaining round gets an equal share; never fewer than one sample per action.
                per = max(1, (budget - used) // (left * len(alive)))
                if r and used + per * len(alive) > budget:
                    break
                stop = None
            else:
                assert deadline is not None
                per = 1 << 30
                stop = clock() + (deadline - clock()) / left
            for _ in range(per):
                det = state.resample_from_infostate(player, rng)
                seed = rng.getrandbits(64)
                for a in alive:
                    s = det.clone()
                    s.apply_action(a)
                    total[a] += self._simulate(s, player, random.Random(seed))
                    count[a] += 1
                used += len(alive)
                if stop is not None and clock() >= stop:
                    break
            if len(alive) > 1 and r + 1 < rounds:
                alive = self._halve(alive, total, count, favourite)
        self.last_iterations = used
        return self._best(alive, total, count, favourite)

    def _score(self, a: int, total: dict, count: dict, favourite: int) -> tuple[float, int]:
        mean = total[a] / count[a] if count[a] else -math.inf
        return (mean + (self.bias if a == favourite else 0.0), a == favourite)

    def _halve(self, alive: list[int], total: dict, count: dict, favourite: int) -> list[int]:
        ranked = sorted(alive, key=lambda a: self._score(a, total, count, favourite), reverse=True)
        return ranked[: max(1, (len(ranked) + 1) // 2)]

    def _best(self, alive: list[int], total: dict, count: dict, favourite: int) -> int:
        return max(alive, key=lambda a: self._score(a, total, count, favourite))

    def _candidates(self, state: State, legal: list[int], favourite: int, player: int,
                    rng: random.Random) -> list[int]:  # fmt: skip
        if len(legal) <= self.width:
            return list(legal)
        from heliopolis.bots.heuristic import expected_values, margin

        det = state.resample_from_infostate(player, rng)
        scored = []
        for a in legal:
            child = det.clone()
            child.apply_action(a)
            scored.append((margin(expected_values(child, self.evaluator), player), -legal.index(a), a))
        scored.sort(reverse=True)
        keep = [a for _, _, a in scored[: self.width]]
        if favourite not in keep:
            keep[-1] = favourite
        return keep

    # -- one simulation --------------------------------------------------------------------------
    def simulate(self, s: State, player: int, rng: random.Random) -> float:
        """Plays ``s`` on (in place) with the policy for every seat, chance drawn from ``rng``, and
        returns ``player``'s reward (the analysis of bots/analysis.py uses the same simulation)."""
        return self._simulate(s, player, rng)

    def _simulate(self, s: State, player: int, rng: random.Random) -> float:
        policy = self.policy
        limit = self.depth
        horizon = self.horizon
        period = horizon(s) if horizon is not None else None
        steps = 0
        while not s.is_terminal():
            if (limit is not None and steps >= limit) or (horizon is not None and horizon(s) != period):
                return self._value(self.evaluator(s), player)
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                s.apply_action(policy(s, rng))
            steps += 1
        if self.reward == "win":
            return s.returns()[player]
        return self._value([float(x) for x in s.scores()], player)

    def _value(self, values: list[float], player: int) -> float:
        if self.reward == "margin":
            mine = values[player]
            return mine - max(v for q, v in enumerate(values) if q != player)
        if self.reward == "mean":
            return values[player] - (sum(values) - values[player]) / (len(values) - 1)
        best = max(values)
        exps = [math.exp((v - best) / self.temperature) for v in values]
        return exps[player] / sum(exps)

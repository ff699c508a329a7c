"""Information-set MCTS (single-observer, multi-player) and chance-aware UCT.

ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration draws a determinization of the root
with ``state.resample_from_infostate(player, rng)`` on the bot's own RNG — never the real game's
hidden state — and walks one shared tree whose nodes are keyed by the acting seat's
``information_state_key`` (the information state string, or a cheaper equivalent). Selection uses UCB1 with availability counts (an action's
statistics are compared only over the iterations in which it was legal). Chance nodes are
sampled with the bot's RNG. Rollouts are uniformly random to the end of the game unless a
``rollout_depth`` and an evaluator are given; rewards are ``returns()`` (win = 1, shared ties).

``MCTSBot`` is the same search with a single determinization per decision (UCT over the
determinized game, chance outcomes sampled): for a game like Ra, whose state hides nothing
that the history does not reveal, it is plain chance-aware UCT.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable

from heliopolis.bots.base import SeededBot
from heliopolis.core.game import State

Evaluator = Callable[[State], list[float]]
Policy = Callable[[State, random.Random], int]


class _Node:
    __slots__ = ("visits", "stats")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[int, list[float]] = {}  # action -> [visits, reward sum, availability]


class ISMCTSBot(SeededBot):
    def __init__(self, seed: int | None = None, iters: int | None = None, time_limit: float | None = None,
                 uct_c: float = 0.7, rollout_depth: int | None = None, evaluator: Evaluator | None = None,
                 rollout_policy: Policy | None = None, temperature: float = 5.0,
                 resample_each_iteration: bool = True) -> None:  # fmt: skip
        if iters is None and time_limit is None:
            iters = 1000
        super().__init__(seed)
        self.iters = iters
        self.time_limit = time_limit
        self.uct_c = uct_c
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.rollout_policy = rollout_policy
        self.temperature = temperature
        self.resample_each_iteration = resample_each_iteration
        self.last_iterations = 0

    def step(self, state: State) -> int:
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        tree: dict[object, _Node] = {}
        deadline = time.perf_counter() + self.time_limit if self.time_limit else None
        root_det = None if self.resample_each_iteration else state.resample_from_infostate(player, rng)
        it = 0
        while True:
            if self.iters is not None and it >= self.iters:
                break
            if deadline is not None and (it & 15) == 0 and time.perf_counter() >= deadline:
                break
            det = state.resample_from_infostate(player, rng) if root_det is None else root_det.clone()
            self._iterate(det, tree, rng)
            it += 1
        self.last_iterations = it
        root = tree.get(state.information_state_key(player))
        if root is None:
            return legal[rng.randrange(len(legal))]
        best = max(legal, key=lambda a: (root.stats.get(a, (0,))[0], rng.random()))
        return best

    def _iterate(self, s: State, tree: dict, rng: random.Random) -> None:
        path: list[tuple[_Node, int, int]] = []  # (node, action, acting seat)
        expanded = False
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            p = s.current_player()
            key = s.information_state_key(p)
            node = tree.get(key)
            if node is None:
                if expanded:
                    break
                node = tree[key] = _Node()
                expanded = True
            legal = s.legal_actions()
            stats = node.stats
            untried = [a for a in legal if a not in stats]
            if untried:
                a = untried[rng.randrange(len(untried))]
                stats[a] = [0, 0.0, 0]
            else:
                a = self._select(node, legal, rng)
            for b in legal:
                st = stats.get(b)
                if st is not None:
                    st[2] += 1
            path.append((node, a, p))
            s.apply_action(a)
            if untried:
                break
        rewards = self._rollout(s, rng)
        for node, a, p in path:
            node.visits += 1
            st = node.stats[a]
            st[0] += 1
            st[1] += rewards[p]

    def _select(self, node: _Node, legal: list[int], rng: random.Random) -> int:
        c = self.uct_c
        stats = node.stats
        best, best_val = legal[0], -1.0
        for a in legal:
            n, w, avail = stats[a]
            val = w / n + c * math.sqrt(math.log(max(avail, 1)) / n) + rng.random() * 1e-9
            if val > best_val:
                best, best_val = a, val
        return best

    def _rollout(self, s: State, rng: random.Random) -> list[float]:
        depth = 0
        limit = self.rollout_depth if self.evaluator is not None else None
        policy = self.rollout_policy
        uniform = rng.random
        while not s.is_terminal():
            if limit is not None and depth >= limit:
                return self._soft_wins(self.evaluator(s))
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            elif policy is not None:
                s.apply_action(policy(s, rng))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(uniform() * len(legal))])
            depth += 1
        return s.returns()

    def _soft_wins(self, values: list[float]) -> list[float]:
        """Turns evaluated points into win chances: a softmax over the point margins."""
        best = max(values)
        exps = [math.exp((v - best) / self.temperature) for v in values]
        z = sum(exps)
        return [e / z for e in exps]


class MCTSBot(ISMCTSBot):
    """Chance-aware UCT over one determinization of the root per decision."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("resample_each_iteration", False)
        super().__init__(**kwargs)

"""The hot loop of the tree-search bots (``ISMCTSBot``, ``MCTSBot``): one search per decision.

Kept apart from ``ismcts.py`` (the bot class, its options and the seeded RNG it shares with the
other bots) so that the compiled build compiles it with the engines (``_native.COMPILED_MODULES``):
walking the tree, UCB1, the statistics and the rollouts then run as native code calling the
compiled engines natively. The pure build runs this same source; both make the same decisions
for the same seed and budget (the RNG is drawn in the same order and the arithmetic is the same
IEEE double arithmetic).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from heliopolis.core.rng import randbelow
from heliopolis.core.state import State

Evaluator = Callable[[Any], list[float]]
Policy = Callable[[Any, random.Random], int]


class Stat:
    """One action's statistics at a node: visits, reward sum, and availability (the number of
    visits to the node in which the action was legal)."""

    __slots__ = ("n", "w", "avail")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0


class Node:
    __slots__ = ("visits", "stats")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[int, Stat] = {}


class Search:
    """One configured search: ``run`` plays iterations from a root state and fills ``tree``."""

    def __init__(self, uct_c: float, rollout_depth: int | None, evaluator: Evaluator | None,
                 policy: Policy | None, temperature: float) -> None:  # fmt: skip
        self.uct_c = uct_c
        # A depth limit means something only with an evaluator to score the cut position.
        self.limit = rollout_depth if evaluator is not None else None
        self.evaluator = evaluator
        self.policy = policy
        self.temperature = temperature
        self.tree: dict[object, Node] = {}

    def run(self, state: State[Any], player: int, rng: random.Random, iters: int | None, time_limit: float | None,
            resample_each_iteration: bool) -> int:  # fmt: skip
        """Plays iterations until ``iters`` or ``time_limit`` (checked every 16 iterations); returns
        how many were played."""
        deadline = time.perf_counter() + time_limit if time_limit else -1.0
        root_det = None if resample_each_iteration else state.resample_from_infostate(player, rng)
        it = 0
        while True:
            if iters is not None and it >= iters:
                break
            if deadline >= 0.0 and (it & 15) == 0 and time.perf_counter() >= deadline:
                break
            det = state.resample_from_infostate(player, rng) if root_det is None else root_det.clone()
            self.iterate(det, rng)
            it += 1
        return it

    def best(self, state: State[Any], player: int, legal: list[int], rng: random.Random) -> int:
        """The most visited root action (ties broken by ``rng``); a random one if the root was never reached."""
        root = self.tree.get(state.information_state_key(player))
        if root is None:
            return legal[randbelow(rng, len(legal))]
        stats = root.stats
        best = legal[0]
        best_key: tuple[int, float] | None = None
        for a in legal:  # max() semantics: the first of equal keys wins; one rng draw per action
            st = stats.get(a)
            key = (st.n if st is not None else 0, rng.random())
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def iterate(self, s: State[Any], rng: random.Random) -> None:
        tree = self.tree
        path: list[tuple[Node, int, int]] = []  # (node, action, acting seat)
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
                node = Node()
                tree[key] = node
                expanded = True
            legal = s.legal_actions()
            stats = node.stats
            untried = [a for a in legal if a not in stats]
            if untried:
                a = untried[randbelow(rng, len(untried))]
                stats[a] = Stat()
            else:
                a = self.select(node, legal, rng)
            for b in legal:
                st = stats.get(b)
                if st is not None:
                    st.avail += 1
            path.append((node, a, p))
            s.apply_action(a)
            if untried:
                break
        rewards = self.rollout(s, rng)
        for node, a, p in path:
            node.visits += 1
            st = node.stats[a]
            st.n += 1
            st.w += rewards[p]

    def select(self, node: Node, legal: list[int], rng: random.Random) -> int:
        """UCB1 with availability counts; a 1e-9 random jitter breaks ties."""
        c = self.uct_c
        stats = node.stats
        best, best_val = legal[0], -1.0
        for a in legal:
            st = stats[a]
            n = st.n
            val = st.w / n + c * math.sqrt(math.log(max(st.avail, 1)) / n) + rng.random() * 1e-9
            if val > best_val:
                best, best_val = a, val
        return best

    def rollout(self, s: State[Any], rng: random.Random) -> list[float]:
        depth = 0
        limit = self.limit
        policy = self.policy
        while not s.is_terminal():
            if limit is not None and depth >= limit:
                evaluator = self.evaluator
                assert evaluator is not None
                return soft_wins(evaluator(s), self.temperature)
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            elif policy is not None:
                s.apply_action(policy(s, rng))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
            depth += 1
        return s.returns()


def soft_wins(values: list[float], temperature: float) -> list[float]:
    """Turns evaluated points into win chances: a softmax over the point margins."""
    best = max(values)
    exps = [math.exp((v - best) / temperature) for v in values]
    z = sum(exps)
    return [e / z for e in exps]

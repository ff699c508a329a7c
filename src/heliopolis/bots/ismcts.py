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

import random
from collections.abc import Callable
from typing import Any, TypeVar

from heliopolis.bots.base import SeededBot
from heliopolis.bots.search import Search
from heliopolis.core.game import State

Evaluator = Callable[[State], list[float]]
Policy = Callable[[State, random.Random], int]


class ISMCTSBot(SeededBot):
    """The search's options; the tree walk itself is ``search.Search`` (compiled in the compiled build)."""

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
        search = Search(self.uct_c, self.rollout_depth, _for_state(self.evaluator, state),
                        _for_state(self.rollout_policy, state), self.temperature)  # fmt: skip
        self.last_iterations = search.run(state, player, rng, self.iters, self.time_limit,
                                          self.resample_each_iteration)  # fmt: skip
        return search.best(state, player, legal, rng)


_F = TypeVar("_F")


def _for_state(fn: _F, state: State) -> _F:
    """The per-game function behind a lazy per-game wrapper (``bots.base._lazy``), resolved once per
    decision instead of on every call; any other callable as it is."""
    resolve = getattr(fn, "for_state", None)
    return resolve(state) if resolve is not None else fn


class MCTSBot(ISMCTSBot):
    """Chance-aware UCT over one determinization of the root per decision."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("resample_each_iteration", False)
        super().__init__(**kwargs)

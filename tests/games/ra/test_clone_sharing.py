"""``clone()`` shares the board (displays, points, discards) until one side writes to it (copy on
write): whatever either copy plays afterwards never shows in the other."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import heliopolis


def _play(s, rng: random.Random, steps: int) -> None:  # noqa: ANN001
    for _ in range(steps):
        if s.is_terminal():
            return
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])


def _snapshot(s) -> tuple:  # noqa: ANN001
    return (s.bag, s.track, s.pend, s.up, s.down, s.bids, s.disp, s.points, s.discard, s.history())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), before=st.integers(0, 250),
       after=st.integers(1, 120))  # fmt: skip
def test_a_clone_and_its_original_never_see_each_others_moves(seed: int, players: int, before: int, after: int) -> None:
    rng = random.Random(seed)
    s = heliopolis.new_game("ra", players=players)
    _play(s, rng, before)
    frozen = _snapshot(s)
    c = s.clone()
    c2 = c.clone()  # a clone of a clone shares the same board too
    _play(c, random.Random(seed + 1), after)
    assert _snapshot(s) == frozen and _snapshot(c2) == frozen
    _play(s, random.Random(seed + 2), after)
    assert _snapshot(c2) == frozen
    for x in (s, c, c2):
        x.check_invariants()
        # Each state is what replaying its own history gives.
        replay = heliopolis.new_game("ra", players=players)
        for a in x.history():
            replay.apply_action(a)
        assert _snapshot(replay) == _snapshot(x)

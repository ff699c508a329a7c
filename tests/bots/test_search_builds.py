"""The search bots decide the same in both builds: same seed and budget => same actions.

The compiled build compiles the search loop (``bots/search.py``) and Ra's rollout policy; the
pure build is the reference. Each build runs in its own process (``HELIOPOLIS_PURE=1`` forces the
pure modules) and plays a fixed-seed decision sequence; the sequences must be identical.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heliopolis import _native
from heliopolis.core.rng import randbelow

_DECISIONS = r"""
import json, random
import heliopolis
from heliopolis.bots import make_bot
from heliopolis.bots.heuristic import HeuristicBot
out = {"build": heliopolis._native.BUILD}
for game, n in (("ra", 4), ("ra", 2), ("ra-dice", 3)):
    rng = random.Random(5)
    h = HeuristicBot(3)
    states = []
    s = heliopolis.new_game(game, players=n)
    while not s.is_terminal() and len(states) < 3:
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        if rng.random() < 0.1 and len(s.legal_actions()) > 1:
            states.append(s.clone())
        s.apply_action(h.step(s))
    for spec in ("ismcts:iters=40", "ismcts:iters=40,rollout=random,depth=0", "mcts:iters=30"):
        bot = make_bot(spec, seed=11)
        out[game + str(n) + " " + spec] = [bot.step(st.clone()) for st in states] + [bot.last_iterations]
print(json.dumps(out))
"""


def _decisions(pure: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("HELIOPOLIS_PURE", None)
    if pure:
        env["HELIOPOLIS_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", _DECISIONS], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(not _native.is_compiled(), reason="needs the compiled build (make build)")
def test_fixed_seed_search_decisions_are_the_same_in_both_builds() -> None:
    pure, compiled = _decisions(pure=True), _decisions(pure=False)
    assert pure.pop("build") == "pure (HELIOPOLIS_PURE=1)"
    assert str(compiled.pop("build")).startswith("compiled")
    assert compiled == pure


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 2**70), draws=st.integers(1, 20))
def test_randbelow_draws_what_randrange_draws(seed: int, n: int, draws: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    assert [randbelow(a, n) for _ in range(draws)] == [b.randrange(n) for _ in range(draws)]
    assert a.getstate() == b.getstate()


def test_randbelow_defers_to_other_rngs() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 0

    assert randbelow(Fixed(1), 10) == 0

"""Long random playouts with the invariants checked after every action.

The default suite runs a sample; ``make soak`` (``pytest -m slow``) runs 10^5 games per player
count and edition (override with ``SOAK_GAMES``). Half the games favour ``draw`` so that full
auction tracks, god turns and disasters are common.
"""

import os

import pytest

from heliopolis.core.testing import soak

CONFIGS = [("2009", n) for n in (2, 3, 4, 5)] + [("1999", n) for n in (3, 4, 5)]


@pytest.mark.rule("RA-COMP-2", "RA-COMP-5", "RA-SCORE-1")
@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_soak_sample(edition, players):
    for bias in (0.0, 0.6):
        st = soak("ra", 60, players=players, edition=edition, seed=players * 1000, first_bias=bias)
        assert st.games == 60 and st.score_min >= 0


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_soak_full(edition, players):
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    half = games // 2
    a = soak("ra", half, players=players, edition=edition, seed=1, first_bias=0.0)
    b = soak("ra", games - half, players=players, edition=edition, seed=2, first_bias=0.6)
    a.merge(b)
    print(
        f"\nsoak ra {edition} {players}p: {a.games} games, {a.actions} actions, "
        f"max length {a.max_length}, scores {a.score_min}..{a.score_max}"
    )
    assert a.games == games

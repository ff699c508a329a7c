"""Long random playouts with the invariants (markers within tracks and areas, area capacity never
exceeded, dice accounted for) checked after every action.

The default suite runs a sample; ``pytest -m slow`` runs 10^5 games (override with ``SOAK_GAMES``),
spread over 2, 3 and 4 players, half of them favouring the lowest action id (``stop`` when rolling,
a Pharaoh step when applying) so that fewer dice are rerolled and more suns and disasters come up.
"""

import os

import pytest

from heliopolis.core.testing import soak


@pytest.mark.rule("RD-BOARD-4", "RD-BOARD-5", "RD-CIV-3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_sample(players):
    for bias in (0.0, 0.5):
        st = soak("ra-dice", 25, players=players, seed=players * 1000, first_bias=bias)
        assert st.games == 25 and st.max_length > 0


@pytest.mark.slow
def test_soak_full():
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    total = 0
    for i, players in enumerate((2, 3, 4)):
        share = games // 3 + (1 if i < games % 3 else 0)
        half = share // 2
        a = soak("ra-dice", half, players=players, seed=10 + players, first_bias=0.0)
        b = soak("ra-dice", share - half, players=players, seed=20 + players, first_bias=0.5)
        a.merge(b)
        total += a.games
        print(
            f"\nsoak ra-dice {players}p: {a.games} games, {a.actions} actions, "
            f"max length {a.max_length}, scores {a.score_min}..{a.score_max}"
        )
    assert total == games

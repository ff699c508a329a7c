"""Long random playouts with the invariants checked after every action: action tiles conserved,
land and special tiles never created, at most 2 resources per tile, tiles only on light hexes, the
sun never on a tile, never enclosed and its anchor consistent with a fresh coast, persons owned once.

The default suite runs a sample; ``pytest -m slow`` runs 10^5 games (override with ``SOAK_GAMES``),
a third at each player count, half of them favouring the lowest legal action id (``take:land``,
then the first hexes and colours of the table), which skews play away from uniform: more land
tiles, fuller boards, more dead ends for the sun.
"""

import os

import pytest

from heliopolis.core.testing import soak, soak_share
from heliopolis.games.helios.game import HeliosGame


@pytest.mark.rule("HE-FIELD-1", "HE-IRR-3", "HE-BOARD-1", "HE-SUN-9", "HE-LAND-2e", "HE-COMP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_sample(players):
    for bias in (0.0, 0.5):
        st = soak("helios", 6, players=players, seed=players * 100, first_bias=bias)
        assert st.games == 6 and 0 < st.max_length <= HeliosGame.info.max_game_length


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_full(players):
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    st = soak_share("helios", players, games)
    assert st.games == games // 3 + (1 if players - 2 < games % 3 else 0)

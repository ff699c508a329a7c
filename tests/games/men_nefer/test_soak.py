"""Long random playouts with the invariants checked after every action (food and heka within 0-10,
prestige never below 0, pieces conserved, each turn option used at most 3 times in an era and
exactly 3 times at each Harvest).

The default suite runs a sample (``test_conformance.test_soak_with_invariants``); ``pytest -m slow``
runs 10^5 games (override with ``SOAK_GAMES``), a third at each player count, half of them favouring
the lowest legal action id (visiting, the first tile and house), which skews play away from uniform.
"""

import os

import pytest

from heliopolis.core.testing import soak_share


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_full(players):
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    st = soak_share("men-nefer", players, games)
    assert st.games == games // 3 + (1 if players - 2 < games % 3 else 0)

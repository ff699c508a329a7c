"""Helios knowledge for bots: ``evaluate`` (each seat's estimated final VP) and ``table_helper``.

``evaluate(state)`` is, per seat, the VP in the bag plus final scoring as if the game ended now
(HE-END-2), plus small values for what turns into VP later: resources (pay for temples and
buildings), mana (buys persons; 1 VP each at the end anyway), sun range and temples (future
irradiation), and owned but inactive persons. It sees only public information (Helios hides
nothing in the state). There is no ``choose``: the heuristic bot then looks one ply ahead on it.
"""

from __future__ import annotations

from typing import Any

from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import DATA


def evaluate(state: Any) -> list[float]:
    n = state.game.players
    if state.final:
        return [float(v) for v in state.final]
    rounds_left = DATA.rounds[n] - state.round + 1
    out = []
    for p in range(n):
        v = float(state.vp[p]) + sum(R.final_categories(state, p).values())
        v += 0.8 * sum(state.res[p]) + 0.4 * state.mana[p]
        v += rounds_left * (0.6 * sum(state.temples[p]) + 0.25 * state.rng[p])
        v += 3.0 * bin(state.owned[p] & ~state.active[p]).count("1")
        out.append(v)
    return out


def table_helper(state: Any) -> dict[str, Any]:
    """Public hints for a UI: each seat's total if the game ended now."""
    n = state.game.players
    return {"total_now": [state.vp[p] + sum(R.final_categories(state, p).values()) for p in range(n)]}

"""Helios knowledge for bots: ``evaluate``, ``choose``, ``rollout`` and ``table_helper``.

``evaluate(state)`` is, per seat, the VP in the bag plus final scoring as if the game ended now
(HE-END-2), plus small values for what turns into VP later: resources (pay for temples and
buildings), mana (buys persons; 1 VP each at the end anyway), sun range and temples (future
irradiation), and owned but inactive persons. It sees only public information (Helios hides
nothing in the state).

``choose`` (the heuristic bot) looks ahead to the end of its own turn: one Helios turn is a chain
of small decisions (take a tile, attach it, then pay resource by resource, step the sun hex by hex),
and most links change nothing ``evaluate`` sees until the chain completes, so a one-ply greedy
choice is blind exactly where it matters (which tile, which slot). Each candidate is followed by
greedy one-ply choices of the same seat until its turn ends, and the end position is evaluated
(``core.lookahead.turn_lookahead``).
That wins 88 % (2p) of games against the one-ply greedy bot (60 games per count, seats rotated).

``rollout`` is the cheap policy search bots use inside simulations, where ``choose`` (about a
millisecond a decision) would cost too much: uniformly random, except that a seat never forgoes an
action it could carry out.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, cast

from heliopolis.core.lookahead import Evaluate, turn_lookahead
from heliopolis.games.helios import rules as R
from heliopolis.games.helios.actions import FORGO
from heliopolis.games.helios.components import DATA
from heliopolis.games.helios.phases import PH_TAKE

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

ROUNDS: Final[dict[int, int]] = DATA.rounds


def evaluate(state: HeliosState) -> list[float]:
    n = state.game.players
    if state.final:
        return [float(v) for v in state.final]
    rounds_left = ROUNDS[n] - state.round + 1
    out: list[float] = []
    for p in range(n):
        v = float(state.vp[p]) + sum(R.final_categories(state, p).values())
        v += 0.8 * sum(state.res[p]) + 0.4 * state.mana[p]
        v += rounds_left * (0.6 * sum(state.temples[p]) + 0.25 * state.rng[p])
        v += 3.0 * bin(state.owned[p] & ~state.active[p]).count("1")
        out.append(v)
    return out


def table_helper(state: HeliosState) -> dict[str, Any]:
    """Public hints for a UI: each seat's total if the game ended now."""
    n = state.game.players
    return {"total_now": [state.vp[p] + sum(R.final_categories(state, p).values()) for p in range(n)]}


# Inner greedy decisions per candidate: a turn's chain (take, slot, action, payments, sun steps,
# bonus action) is rarely longer; the cap bounds a Kraftwerk sun walk along a long coast.
TURN_LOOKAHEAD: Final = 12


def _turn_over(state: Any, seat: int) -> bool:
    return bool(state.current_player() != seat or state.phase == PH_TAKE)


def choose(state: HeliosState, rng: random.Random) -> int:
    """The heuristic bot's move: ``turn_lookahead`` on ``evaluate`` (see the module docstring)."""
    return turn_lookahead(state, rng, cast(Evaluate, evaluate), limit=TURN_LOOKAHEAD, turn_over=_turn_over)


def rollout(state: HeliosState, rng: random.Random) -> int:
    """Simulation policy: uniform over the legal actions other than ``forgo`` when there are any."""
    legal = state.legal_actions()
    if len(legal) > 1 and FORGO in legal:
        legal = [a for a in legal if a != FORGO]
    action: int = legal[rng.randrange(len(legal))]
    return action

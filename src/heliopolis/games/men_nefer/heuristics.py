"""Men-Nefer knowledge for bots: ``evaluate`` (each seat's estimated final PP) and ``table_helper``.

``evaluate(state)`` is, per seat, the PP now plus what a Harvest would give right now (MN-SCORE),
counted once for every Harvest still to come: sarcophagi, sun disc, Great Pyramid, queens' pyramids
and fulfilled agreements score again each Harvest, and the Duat distance is scored each time. On top
come small values for what turns into PP later: food and heka (with diminishing use), available
sarcophagi, sphinxes and eyes, filled wares (offerings), scarab progress (stronger actions), open
agreements, priestesses deep in the temple, boats past the fishing boats (Flood food) and progress
of the stone blocks and the sun disc. It reads
only public information (nothing is hidden in the state).

``choose`` (the heuristic bot) is ``core.lookahead.turn_lookahead`` on ``evaluate``: a turn is a
chain of decisions (which tile and apprentice, which house, which of two actions, each transport
step, each favour), most of which ``evaluate`` cannot tell apart until the chain completes, so each
candidate is followed by greedy one-ply choices of the same seat to the end of its turn. ``rollout``,
the policy search bots simulate with, is uniformly random: ``choose`` costs about a millisecond.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, cast

from heliopolis.core.lookahead import Evaluate, turn_lookahead
from heliopolis.core.rng import randbelow
from heliopolis.games.men_nefer.components import DATA, NUM_HOUSES, WARE_SPACES
from heliopolis.games.men_nefer.harvest import harvest_points

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

# weights (PP per unit); tuned by hand, not by data
W_RESOURCE: Final = 0.3
RESOURCE_USEFUL: Final = 7  # food / heka beyond this many is rarely used
W_PIECE: Final = 1.0  # an available sarcophagus, sphinx or eye of Horus
W_FILLED_WARE: Final = 0.6
W_SCARAB: Final = 0.5  # per scarab space, scaled by the share of the game left
W_OPEN_AGREEMENT: Final = 0.4
W_PRIESTESS_ROOM: Final = 0.15
W_FISHING: Final = 0.3  # per fishing boat passed, per Flood still to come
W_TRACK: Final = 0.3  # per space of a stone block or the sun disc (seals, constructions and deities ahead)
PRIEST_W: Final = (DATA.rooms + 1) * 2


def harvests_left(state: MenNeferState) -> int:
    return 0 if state.over else DATA.eras - state.era + 1


def horizon(state: MenNeferState) -> int:
    """The scoring period a search rollout may stop at: the era."""
    return state.era


def evaluate(state: MenNeferState) -> list[float]:
    if state.over:
        return [float(v) for v in state.pp]
    left = harvests_left(state)
    share = left / DATA.eras
    out = []
    for p in range(state.n):
        v = float(state.pp[p]) + left * sum(harvest_points(state, p).values())
        v += W_RESOURCE * (min(state.food[p], RESOURCE_USEFUL) + min(state.heka[p], RESOURCE_USEFUL))
        v += W_PIECE * (state.sarc_av[p] + state.sphinx_av[p] + state.eye_av[p])
        v += W_FILLED_WARE * state.ware_state[p * WARE_SPACES : (p + 1) * WARE_SPACES].count(1)
        v += W_SCARAB * share * sum(state.scarab[p * NUM_HOUSES : (p + 1) * NUM_HOUSES])
        v += W_OPEN_AGREEMENT * sum(1 for t in state.ta[p * DATA.ta_slots:(p + 1) * DATA.ta_slots]
                                    if t >= 0 and not t & 1)  # fmt: skip
        v += W_PRIESTESS_ROOM * sum(r * (state.priest[p * PRIEST_W + 2 * r] + state.priest[p * PRIEST_W + 2 * r + 1])
                                    for r in range(DATA.rooms + 1))  # fmt: skip
        v += W_TRACK * share * (state.gp[p] + state.qp[p] + state.sun[p])
        fishing = sum(DATA.loc_fishing[state.boats[p * DATA.boats + b]] for b in range(DATA.boats))
        v += W_FISHING * fishing * (left - 1)
        out.append(v)
    return out


# Inner greedy decisions per candidate: covers a turn's chain (tile, house, action choices, transport
# steps, favours); longer chains are cut and evaluated where they stand.
TURN_LOOKAHEAD: Final = 12


def choose(state: MenNeferState, rng: random.Random) -> int:
    return turn_lookahead(state, rng, cast(Evaluate, evaluate), limit=TURN_LOOKAHEAD)


def rollout(state: MenNeferState, rng: random.Random) -> int:
    legal = state.legal  # read, not copied (legal_actions() copies): this runs for every rollout step
    return legal[randbelow(rng, len(legal))]  # the value rng.randrange would give, compiled


def table_helper(state: MenNeferState) -> dict[str, Any]:
    """Public hints for a UI: each seat's PP if a Harvest happened now, by scoring step."""
    return {"harvest_now": [harvest_points(state, p) for p in range(state.n)]}

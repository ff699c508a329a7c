"""Men-Nefer features for learned evaluators: one vector of public quantities per seat.

``features(state)`` returns, for every seat, the numbers a learned model maps to that seat's final
PP (``heliopolis train-evaluator men-nefer`` fits it; ``bots/learned.py`` evaluates it). The state
holds no secret (boards, supplies and markets are public; bags and stacks are drawn at chance
nodes), and no feature reads the order of a bag or stack. The tests check that every seat's
determinization gives the same vectors.

Per seat: PP and their gaps to the others, the hand-written ``heuristics.evaluate`` (its value and
gap to the best other seat), what a Harvest would give now by step (MN-SCORE: Duat, agreements,
sarcophagi, sun disc, Great Pyramid, queens' pyramids) and that times the Harvests to come, the
stores (food, heka, available sarcophagi, sphinxes and eyes, filled wares), scarab progress, open
agreements, the stone blocks and the sun disc, the Harvests left and the seat to move.

``bucket(state)`` is the era: how many Harvests are still to come changes the weight of everything
that scores again at each Harvest.

Pure Python and cheap: it runs at the leaves of search trees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.men_nefer.components import DATA, NUM_HOUSES, WARE_SPACES
from heliopolis.games.men_nefer.harvest import harvest_points
from heliopolis.games.men_nefer.heuristics import evaluate, harvests_left

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

BUCKETS = DATA.eras
_STEPS = ("duat", "agreements", "sarcophagi", "sun_disc", "great_pyramid", "queens")
FEATURE_NAMES = (
    "bias", "pp", "pp_vs_others_mean", "pp_vs_best_other", "heuristic", "heuristic_vs_best_other",
    *(f"harvest_{k}" for k in _STEPS), "harvest_now", "harvest_now_x_left", "harvest_now_vs_best_other",
    "food", "heka", "pieces", "filled_wares", "scarab", "open_agreements", "stone_blocks_and_sun",
    "harvests_left", "to_move",
)  # fmt: skip


def bucket(state: MenNeferState) -> int:
    return min(state.era, BUCKETS) - 1


def features(state: MenNeferState) -> list[list[float]]:
    """One feature vector per seat (``FEATURE_NAMES`` order), public information only."""
    n = state.n
    pp = state.pp
    heur = evaluate(state)
    left = float(harvests_left(state))
    harvest = [harvest_points(state, p) for p in range(n)]
    now = [sum(h.values()) for h in harvest]
    cur = state.current_player()
    total = sum(pp)
    slots = DATA.ta_slots
    out = []
    for p in range(n):
        others = [q for q in range(n) if q != p]
        h = harvest[p]
        out.append([
            1.0, float(pp[p]), pp[p] - (total - pp[p]) / (n - 1), float(pp[p] - max(pp[q] for q in others)),
            heur[p], heur[p] - max(heur[q] for q in others),
            *(float(h[k]) for k in _STEPS), float(now[p]), now[p] * left, float(now[p] - max(now[q] for q in others)),
            float(state.food[p]), float(state.heka[p]),
            float(state.sarc_av[p] + state.sphinx_av[p] + state.eye_av[p]),
            float(state.ware_state[p * WARE_SPACES : (p + 1) * WARE_SPACES].count(1)),
            float(sum(state.scarab[p * NUM_HOUSES : (p + 1) * NUM_HOUSES])),
            float(sum(1 for t in state.ta[p * slots : (p + 1) * slots] if t >= 0 and not t & 1)),
            float(state.gp[p] + state.qp[p] + state.sun[p]), left, 1.0 if cur == p else 0.0,
        ])  # fmt: skip
    return out

"""Helios features for learned evaluators: one vector of public quantities per seat.

``features(state)`` returns, for every seat, the numbers a learned model maps to that seat's final
points (``heliopolis train-evaluator helios`` fits it; ``bots/learned.py`` evaluates it). Helios
hides nothing in the state (the bag's VP, boards, resources and mana are public); the tile decks'
order is drawn at chance nodes, and no feature reads the decks. The tests check that every seat's
determinization gives the same vectors.

Per seat: VP in the bag and their gaps to the others, the hand-written ``heuristics.evaluate`` (its
value and gap to the best other seat), final scoring as if the game ended now by category (HE-END-2:
corners, specials, buildings, persons, mana), what turns into VP later (resources, mana, temples,
sun range, owned persons not yet active, tiles on the board), the rounds left and the seat to move.

``bucket(state)`` is the third of the game (by round): the worth of resources and sun range against
points already banked changes as the rounds run out, and player counts play 3 or 4 rounds.

Pure Python and cheap: it runs at the leaves of search trees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import DATA
from heliopolis.games.helios.heuristics import evaluate
from heliopolis.games.helios.scoring import tile_count

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

BUCKETS = 3
FEATURE_NAMES = (
    "bias", "vp", "vp_vs_others_mean", "vp_vs_best_other", "heuristic", "heuristic_vs_best_other",
    "final_now", "final_now_vs_best_other", "corners", "specials", "buildings", "persons", "mana_vp",
    "resources", "mana", "temples", "temples_x_rounds_left", "sun_range", "sun_range_x_rounds_left",
    "persons_owned_inactive", "persons_active", "tiles", "rounds_left", "to_move",
)  # fmt: skip
_CATS = ("corners", "specials", "buildings", "persons", "mana")


def bucket(state: HeliosState) -> int:
    rounds = DATA.rounds[state.game.players]
    return min(BUCKETS - 1, BUCKETS * (min(state.round, rounds) - 1) // rounds)


def features(state: HeliosState) -> list[list[float]]:
    """One feature vector per seat (``FEATURE_NAMES`` order), public information only."""
    n = state.game.players
    vp = state.vp
    heur = evaluate(state)
    cats = [R.final_categories(state, p) for p in range(n)]
    final_now = [vp[p] + sum(c.values()) for p, c in enumerate(cats)]
    rounds_left = float(max(0, DATA.rounds[n] - state.round + 1))
    cur = state.current_player()
    total = sum(vp)
    out = []
    for p in range(n):
        others = [q for q in range(n) if q != p]
        c = cats[p]
        temples = float(sum(state.temples[p]))
        sun_range = float(state.rng[p])
        out.append([
            1.0, float(vp[p]), vp[p] - (total - vp[p]) / (n - 1), float(vp[p] - max(vp[q] for q in others)),
            heur[p], heur[p] - max(heur[q] for q in others),
            float(final_now[p]), float(final_now[p] - max(final_now[q] for q in others)),
            *(float(c[k]) for k in _CATS),
            float(sum(state.res[p])), float(state.mana[p]), temples, temples * rounds_left,
            sun_range, sun_range * rounds_left,
            float((state.owned[p] & ~state.active[p]).bit_count()), float(state.active[p].bit_count()),
            float(tile_count(state.tiles[p])), rounds_left, 1.0 if cur == p else 0.0,
        ])  # fmt: skip
    return out

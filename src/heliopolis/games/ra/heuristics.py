"""Ra position evaluation for bots: each seat's expected final points, estimated from here.

``evaluate(state)`` returns one value per seat, in points. It is the per-game knowledge that the
game-agnostic heuristic bot and the search bots' evaluators use. It reads only what every seat
sees at the table (displays, suns, tracks, the bag's counts) plus the scores, which the bots
get through the seat's own information state (see ``views.py``).

What it counts, per seat:

* points scored so far;
* the current display scored as if the epoch ended now (gods, gold, civilizations, pharaohs
  against the others, Nile only with a flood), because it will be scored at the epoch's end;
* monuments at their final value (they stay until the end);
* an auction in progress is projected: the current high bidder is assumed to win the lot,
  with disasters costing two tiles of their category, and to swap his bid for the centre sun;
* suns: each face-up sun still to spend this epoch is worth the lots it can still buy, more
  for high suns and when many Ra tiles remain; at the end sun sums score +5 / -5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra import scoring
from heliopolis.games.ra.components import (
    CIVS, DATA, DROUGHT, EARTHQUAKE, EPOCHS, FLOOD, FUNERAL, GOD, GOLD, IS_DISASTER, MONUMENTS, NILE,
    NUM_TILES, PHARAOH, UNREST,
)  # fmt: skip

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T = NUM_TILES
SUN_OPTION_VALUE = 2.0  # points a face-up sun is worth while the epoch has Ra tiles to go


def _apply_disaster(d: list[int], t: int) -> None:
    """Crude disaster loss for projections: two tiles of the category, cheapest first."""
    if t == FUNERAL:
        d[PHARAOH] = max(0, d[PHARAOH] - 2)
    elif t == DROUGHT:
        k = min(2, d[FLOOD])
        d[FLOOD] -= k
        d[NILE] = max(0, d[NILE] - (2 - k))
    else:
        kinds = CIVS if t == UNREST else MONUMENTS
        for _ in range(2):
            best = max(kinds, key=lambda k: d[k])
            if d[best]:
                d[best] -= 1


def evaluate(state: "RaState") -> list[float]:
    n = state.n
    disp = [state.disp[p * T:(p + 1) * T] for p in range(n)]
    up = list(state.up)
    down = list(state.down)
    from heliopolis.games.ra.state import AUCTION

    if state.phase == AUCTION and state.high_bidder >= 0:
        w = state.high_bidder
        for t in state.track:
            if t >= 0 and not IS_DISASTER[t]:
                disp[w][t] += 1
        for t in state.track:
            if t >= 0 and IS_DISASTER[t]:
                _apply_disaster(disp[w], t)
        up[w] &= ~(1 << state.high)
        down[w] |= 1 << state.centre
    pharaohs = scoring.pharaoh_points([d[PHARAOH] for d in disp])
    epochs_left = EPOCHS - state.epoch  # epochs after this one
    ra_left_frac = 1.0 - state.ra_n / state.ra_needed
    sun_sums = [_sum(up[p] | down[p]) for p in range(n)]
    suns_final = scoring.sun_points(sun_sums)
    out = []
    for p in range(n):
        d = disp[p]
        v = float(state.points[p])
        v += d[GOD] * DATA["god_points"] + d[GOLD] * DATA["gold_points"]
        v += scoring.civilization_points([d[c] for c in CIVS])
        # Nile without a flood may still meet one; count half its value.
        v += scoring.nile_points(d[NILE], d[FLOOD]) if d[FLOOD] else 0.5 * d[NILE]
        v += pharaohs[p] * (1 + 0.5 * epochs_left)  # pharaohs stay and score again
        v += scoring.monument_points([d[m] for m in MONUMENTS])
        v += suns_final[p] * (0.4 + 0.2 * (state.epoch - 1))
        face_up = _values(up[p])
        v += sum(SUN_OPTION_VALUE * (0.5 + s / 16) for s in face_up) * ra_left_frac
        out.append(v)
    return out


def _values(mask: int) -> list[int]:
    return [v for v in range(1, 17) if mask >> v & 1]


def _sum(mask: int) -> int:
    return sum(_values(mask))


assert EARTHQUAKE > UNREST

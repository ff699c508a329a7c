"""Ra knowledge for bots: ``evaluate`` (each seat's expected final points) and ``choose`` (a
rule-of-thumb policy for the heuristic bot).

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

import random
from typing import TYPE_CHECKING, Final

from heliopolis.games.ra import actions as _A
from heliopolis.games.ra import scoring
from heliopolis.games.ra.components import (
    AUCTION_SPACES,
    CIVS,
    DATA,
    DROUGHT,
    EPOCHS,
    FLOOD,
    FUNERAL,
    GOD,
    GOLD,
    IS_DISASTER,
    MONUMENTS,
    NILE,
    NUM_TILES,
    PHARAOH,
    UNREST,
    sun_list,
    sun_sum,
)
from heliopolis.games.ra.phases import AUCTION as _AUCTION
from heliopolis.games.ra.phases import B_DISP, C_DOWN, C_TRACK, C_UP
from heliopolis.games.ra.phases import DISCARD as _DISCARD
from heliopolis.games.ra.phases import GOD_TURN as _GOD_TURN

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T: Final = NUM_TILES
SUN_OPTION_VALUE: Final = 2.0  # points a face-up sun is worth while the epoch has Ra tiles to go


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


def horizon(state: RaState) -> int:
    """The scoring period a search rollout may stop at: the epoch (its end scores the displays)."""
    return state.epoch


def evaluate(state: RaState) -> list[float]:
    n = state.n
    b = state.board
    disp = [b[B_DISP + p * T : B_DISP + (p + 1) * T] for p in range(n)]
    up = state.up
    down = state.down
    track = state.track
    points = state.points
    if state.phase == _AUCTION and state.high_bidder >= 0:
        w = state.high_bidder
        for t in track:
            if t >= 0 and not IS_DISASTER[t]:
                disp[w][t] += 1
        for t in track:
            if t >= 0 and IS_DISASTER[t]:
                _apply_disaster(disp[w], t)
        up[w] &= ~(1 << state.high)
        down[w] |= 1 << state.centre
    pharaohs = scoring.pharaoh_points([d[PHARAOH] for d in disp])
    epochs_left = EPOCHS - state.epoch  # epochs after this one
    ra_left_frac = 1.0 - state.ra_n / state.ra_needed
    sun_sums = [sun_sum(up[p] | down[p]) for p in range(n)]
    suns_final = scoring.sun_points(sun_sums)
    out = []
    for p in range(n):
        d = disp[p]
        v = float(points[p])
        v += d[GOD] * DATA["god_points"] + d[GOLD] * DATA["gold_points"]
        v += scoring.civilization_points([d[c] for c in CIVS])
        # Nile without a flood may still meet one; count half its value.
        v += scoring.nile_points(d[NILE], d[FLOOD]) if d[FLOOD] else 0.5 * d[NILE]
        v += pharaohs[p] * (1 + 0.5 * epochs_left)  # pharaohs stay and score again
        v += scoring.monument_points([d[m] for m in MONUMENTS])
        v += suns_final[p] * (0.4 + 0.2 * (state.epoch - 1))
        face_up = sun_list(up[p])
        v += sum(SUN_OPTION_VALUE * (0.5 + s / 16) for s in face_up) * ra_left_frac
        out.append(v)
    return out


def table_helper(state: RaState) -> dict[str, list[float]]:
    """What a UI may show everyone (public information only): each display scored as if the epoch
    ended now (netted, before the 0 floor; monuments and suns count only in the last epoch), and
    what the auction track's tiles are worth to each seat under ``lot_value``."""
    n = state.n
    c = state.cells
    b = state.board
    displays = [b[B_DISP + p * T : B_DISP + (p + 1) * T] for p in range(n)]
    sun_sums = [sun_sum(c[C_UP + p] | c[C_DOWN + p]) for p in range(n)]
    cats = scoring.score_epoch(displays, sun_sums, state.epoch == EPOCHS)
    lot = [t for t in state.track if t >= 0]
    return {
        "display_now": [sum(c) for c in cats],
        "lot_value": [round(lot_value(state, p, lot), 1) if lot else 0.0 for p in range(n)],
    }


# -- the heuristic policy ---------------------------------------------------------------------------
# The policy is the rollout policy of the search bots: it runs tens of times per simulation, so
# display values are memoised and the per-call work is kept to slices and dict lookups.
_VALUE_CACHE: dict[tuple[tuple[int, ...], int, int, int], float] = {}
_SCORED = slice(GOD, MONUMENTS[-1] + 1)  # the display entries that scoring reads
_GOD_PTS: Final[int] = DATA["god_points"]
_GOLD_PTS: Final[int] = DATA["gold_points"]
_CIV0: Final = CIVS[0]
_CIV1: Final = CIVS[-1] + 1
_MON0: Final = MONUMENTS[0]
_MON1: Final = MONUMENTS[-1] + 1


def _value(key: tuple[int, ...], omax: int, omin: int, epoch: int) -> float:
    """What a display is worth to its owner by the end of the game, in points (rough), given its
    scoring tiles (``key`` = ``tuple(d[_SCORED])``) and the other seats' most and fewest pharaohs.

    Memoised on those and the epoch: search rollouts evaluate the same displays again and again.
    """
    ck = (key, omax, omin, epoch)
    v = _VALUE_CACHE.get(ck)
    if v is not None:
        return v
    d = (0,) * GOD + key  # back to tile indices
    v = d[GOD] * _GOD_PTS + d[GOLD] * _GOLD_PTS
    v += scoring.civilization_points(list(d[_CIV0:_CIV1]))
    v += scoring.nile_points(d[NILE], d[FLOOD]) if d[FLOOD] else 0.5 * d[NILE]
    rest = EPOCHS - epoch
    mine = d[PHARAOH]
    if mine > omax:
        v += 5 * (1 + 0.6 * rest)
    elif mine < omin:
        v -= 2 * (1 + 0.6 * rest)
    v += 0.8 * mine  # progress towards the lead
    mons = list(d[_MON0:_MON1])
    v += scoring.monument_points(mons) + 0.6 * sum(mons)
    if len(_VALUE_CACHE) > 500_000:
        _VALUE_CACHE.clear()
    _VALUE_CACHE[ck] = v
    return v


def _pharaoh_range(state: RaState, p: int) -> tuple[int, int]:
    b = state.board
    others = [b[B_DISP + q * T + PHARAOH] for q in range(state.n) if q != p]
    return max(others), min(others)


def _lot(state: RaState) -> list[int]:
    """The tiles on the auction track, left to right."""
    c = state.cells
    return [c[i] for i in range(C_TRACK, C_TRACK + AUCTION_SPACES) if c[i] >= 0]


def lot_value(state: RaState, p: int, tiles: list[int]) -> float:
    """Points ``p`` gains by adding ``tiles`` (disasters resolved crudely) to its display."""
    omax, omin = _pharaoh_range(state, p)
    base = B_DISP + p * T
    d = state.board[base : base + T]
    epoch = state.epoch
    before = _value(tuple(d[_SCORED]), omax, omin, epoch)
    disasters = False
    for t in tiles:
        if IS_DISASTER[t]:
            disasters = True
        else:
            d[t] += 1
    if disasters:
        for t in tiles:
            if IS_DISASTER[t]:
                _apply_disaster(d, t)
    return _value(tuple(d[_SCORED]), omax, omin, epoch) - before


def sun_cost(state: RaState, p: int, sun: int, gain_sun: int) -> float:
    """Cost of spending ``sun`` (and receiving ``gain_sun`` for later epochs): the lots this sun
    could still buy, cheaper when there are more suns than Ra tiles left to draw."""
    mine = bin(state.cells[C_UP + p]).count("1")
    ra_left = state.ra_needed - state.ra_n
    scarcity = min(1.0, ra_left / max(1, mine))
    later = (EPOCHS - state.epoch) / EPOCHS  # value of the centre sun in later epochs
    return 5.0 * scarcity + 0.12 * sun - 0.15 * gain_sun * later


def choose(state: RaState, rng: random.Random) -> int:
    """Rule-of-thumb play. In an auction: bid the lowest winning sun when the lot (tiles under the
    scoring rules, disasters included) is worth more than the sun (scarce while many Ra tiles
    remain, cheap when a seat holds more suns than the epoch has Ra tiles left). On a turn: use
    gods on tiles worth more than a god's 2 points at scoring; invoke Ra when the track is worth
    a sun, or before the epoch's last Ra tile can wipe it; otherwise draw. Disasters: lose the
    tile whose loss costs least."""
    p = state.cur
    phase = state.phase
    legal = state.legal_actions()
    if phase == _AUCTION:
        if legal[-1] < _A.BID_BASE + 1:  # only pass (bids have the highest ids of the three)
            return _A.PASS
        lowest = legal[1] if legal[0] == _A.PASS else legal[0]
        forced = legal[0] != _A.PASS
        if forced:
            return lowest
        lot = _lot(state)
        value = lot_value(state, p, lot)
        cost = sun_cost(state, p, lowest - _A.BID_BASE, state.centre)
        return lowest if value > cost else _A.PASS
    if phase == _DISCARD:
        omax, omin = _pharaoh_range(state, p)
        base = B_DISP + p * T
        epoch = state.epoch
        d = state.board[base : base + T]
        before = _value(tuple(d[_SCORED]), omax, omin, epoch)
        best, best_loss = legal[0], None
        for a in legal:
            t = _A.DISCARD_TILE[a - _A.DISCARD_BASE]
            d[t] -= 1
            loss = before - _value(tuple(d[_SCORED]), omax, omin, epoch)
            d[t] += 1
            if best_loss is None or loss < best_loss:
                best, best_loss = a, loss
        return best
    if state.track_n == 0 and legal[0] == _A.DRAW:
        return _A.DRAW  # an empty track: nothing to buy or take with a god
    gods = [a for a in legal if _A.GOD_BASE <= a < _A.DISCARD_BASE]
    if gods:
        scored = [(lot_value(state, p, [_A.GOD_TILE[a - _A.GOD_BASE]]), a) for a in gods]
        value, a = max(scored)
        if value > _GOD_PTS + 0.5:
            return a
    if phase == _GOD_TURN:
        return _A.DONE
    if legal[0] != _A.DRAW:
        return _A.RA_CALL
    lot = _lot(state)
    value = lot_value(state, p, lot)
    m = state.cells[C_UP + p]
    cost = sun_cost(state, p, (m & -m).bit_length() - 1, state.centre)  # the lowest face-up sun
    ra_left = state.ra_needed - state.ra_n
    if value > cost + 1.0 or (ra_left <= 1 and value > 1.0) or (len(lot) >= 6 and value > cost):
        return _A.RA_CALL
    return _A.DRAW

"""End of an epoch (RA-EPOCH): discards, scoring with netting and the floor, and the reset.

Kept apart from ``state.py`` because it runs three times a game, not on the hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.core.game import TERMINAL
from heliopolis.games.ra import scoring
from heliopolis.games.ra.components import AUCTION_SPACES, CIVS, EPOCHS, FLOOD, GOD, GOLD, NUM_TILES, RA, sun_sum
from heliopolis.games.ra.phases import B_DISCARD, B_DISP, B_POINTS, C_BIDS, C_DOWN, C_TRACK, C_UP, END

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T: Final = NUM_TILES
# One scored epoch: (epoch, category results per seat, points before, points after).
EpochRecord = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


def end_epoch(state: RaState) -> None:
    """RA-EPOCH-2/3/4: discard, score the epoch (netted and floored), then reset or end the game."""
    c = state.cells
    b = state._board()
    for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):  # RA-EPOCH-3: the auction track goes with the Ra tiles
        t = c[i]
        if t >= 0:
            b[B_DISCARD + t] += 1
            c[i] = -1
    state.track_n = 0
    b[B_DISCARD + RA] += state.ra_n
    state.ra_n = 0
    final = state.epoch == EPOCHS  # RA-EPOCH-6
    n = state.n
    displays = [b[B_DISP + p * T : B_DISP + (p + 1) * T] for p in range(n)]
    sun_sums = [sun_sum(c[C_UP + p] | c[C_DOWN + p]) for p in range(n)]
    cats = scoring.score_epoch(displays, sun_sums, final)
    before = tuple(b[B_POINTS : B_POINTS + n])
    for p in range(n):
        b[B_POINTS + p] = scoring.floor_total(b[B_POINTS + p], sum(cats[p]))  # RA-SCORE-1
        base = B_DISP + p * T
        for t in (GOD, GOLD, FLOOD, *CIVS):  # RA-SCORE-2/4/5/6: these leave the display
            b[B_DISCARD + t] += b[base + t]
            b[base + t] = 0
    state.epoch_log = state.epoch_log + ((state.epoch, tuple(map(tuple, cats)), before,
                                          tuple(b[B_POINTS:B_POINTS + n])),)  # fmt: skip
    if final:
        state.phase = END  # RA-END-1
        state.cur = TERMINAL
        return
    for p in range(n):  # RA-EPOCH-4: face-down suns turn face up
        c[C_UP + p] |= c[C_DOWN + p]
        c[C_DOWN + p] = 0
    state.epoch += 1
    state.ra_player = -1
    state.trigger = 0
    state.high = 0
    state.high_bidder = -1
    for i in range(C_BIDS, C_BIDS + n):
        c[i] = -1
    state._start_epoch()


def score_breakdown(state: RaState) -> dict[str, list[int]]:
    """Category results summed over the scored epochs (before the 0 floor, RA-SCORE-1)."""
    out = {c: [0] * state.n for c in scoring.CATEGORIES}
    for _, cats, _, _ in state.epoch_log:
        for p in range(state.n):
            for i, c in enumerate(scoring.CATEGORIES):
                out[c][p] += cats[p][i]
    return out

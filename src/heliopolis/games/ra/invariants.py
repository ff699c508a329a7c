"""Invariants of a Ra state, checked after every action by the soak tests and ``check_game``.

* 180 tiles accounted for, per kind: bag + auction track + Ra track + displays + discards.
* The suns in play are conserved: every value once, in exactly one place (a seat's face-up or
  face-down suns, or the centre).
* Scores never negative; phase-specific consistency (the player to act is in the epoch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra.components import AUCTION_SPACES, NUM_TILES, RA, TILE_COUNTS
from heliopolis.games.ra.phases import AUCTION, DEAL, DISCARD, GOD_TURN, TURN

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T = NUM_TILES


def initial_suns(state: RaState) -> set[int]:
    g = state.game
    stacks = g.sun_assignment if g.sun_assignment is not None else g.stacks
    return {v for s in stacks for v in s} | {g.centre_start}


def check_invariants(state: RaState) -> None:
    n = state.n
    bag, track, discard, disp = state.bag, state.track, state.discard, state.disp  # copies: read once
    # Tiles (RA-COMP-2).
    for t in range(T):
        where = bag[t] + track.count(t) + discard[t] + sum(disp[p * T + t] for p in range(n))
        if t == RA:
            where += state.ra_n
        assert where == TILE_COUNTS[t], f"tile kind {t}: {where} accounted for, {TILE_COUNTS[t]} exist"
    assert state.bag_total == sum(state.bag), "bag total out of step with its counts"
    assert state.track_n == sum(1 for t in state.track if t >= 0) <= AUCTION_SPACES
    assert RA not in state.track, "a Ra tile on the auction track"
    assert 0 <= state.ra_n < state.ra_needed or state.is_terminal()
    # Suns (RA-COMP-5): each value exactly once.
    if state.phase != DEAL:
        seen: list[int] = [state.centre]
        for p in range(n):
            assert not state.up[p] & state.down[p], f"seat {p} has a sun both face up and face down"
            for mask in (state.up[p], state.down[p]):
                seen += [v for v in range(1, 17) if mask >> v & 1]
        assert len(seen) == len(set(seen)), f"a sun value appears twice: {sorted(seen)}"
        assert set(seen) == initial_suns(state), "suns created or lost"
    # Points (RA-SCORE-1).
    assert all(pt >= 0 for pt in state.points), f"negative score {state.points}"
    # Who acts.
    if state.phase in (TURN, GOD_TURN):
        assert state.up[state.cur], "a player out of the epoch is to act"
    if state.phase == AUCTION:
        assert state.up[state.cur] or state.cur == state.ra_player
        assert state.up[state.ra_player], "the Ra player must be in the epoch"
    if state.phase == DISCARD:
        assert state.pend[2] or state.pend[3]
    if not state.is_terminal():
        assert state.legal_actions(), "no legal action before the end"

"""Invariants of a Ra: The Dice Game state, checked after every action by the soak tests and
``check_game``.

* Markers within their tracks: Pharaoh and Nile 0..12, the Ra figure between its start space and
  the last space; flood markers never negative.
* Areas: a Civilization space holds at most N - 1 markers, only of seats in the game (so at most
  one per seat); a Monument space holds at most one marker, of a seat in the game.
* The dice: five dice, each in exactly one state; the free-dice counts match the faces shown;
  locked dice show suns and their number is S; no more than three rolls.
* A started Civilization set or Monument pair can still be completed (``free_ankhs() >= 0``);
  at most one marker per die used; phase consistency (the seat to act, the victim's choices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice.components import ANKH, CIV, MON, NUM_DICE, NUM_FACES, SUN

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState


def check_invariants(state: RaDiceState) -> None:
    g = state.game
    n = state.n
    # Tracks (RD-BOARD-1/2/3).
    assert g.ra_start <= state.ra <= g.ra_last, f"Ra figure off the Sun track: {state.ra}"
    for p in range(n):
        assert 0 <= state.phar[p] <= g.phar_max, f"Pharaoh marker of P{p} off the track: {state.phar[p]}"
        assert 0 <= state.nile[p] <= g.nile_max, f"Nile marker of P{p} off the track: {state.nile[p]}"
        assert state.floods[p] >= 0
    # Areas (RD-BOARD-4/5, RD-CIV-3).
    assert len(state.civ) == NUM_DICE and len(state.mon) == NUM_DICE * g.rules.mon_columns
    everyone = (1 << n) - 1
    for c, mask in enumerate(state.civ):
        assert mask & ~everyone == 0, f"Civilization space {c} holds a marker of no seat"
        assert mask.bit_count() <= g.cap, f"Civilization space {c} holds {mask.bit_count()} > {g.cap} markers"
    assert all(-1 <= o < n for o in state.mon), "a Monument space holds a marker of no seat"
    if g.floor:
        assert all(pt >= 0 for pt in state.points), f"negative score with score_floor_zero: {state.points}"
    assert 1 <= state.epoch <= g.epochs
    if state.is_terminal():
        assert len(state.epoch_log) == g.epochs
        return
    assert len(state.epoch_log) == state.epoch - 1
    if state.phase == S.START:
        return
    # Dice (RD-TURN, RD-DICE-1).
    face, dst = state.face, state.dst
    counts = [0] * NUM_FACES
    for d in range(NUM_DICE):
        st = dst[d]
        assert 0 <= st <= S.USED
        if st == S.PENDING:
            assert face[d] == -1 and state.pend >> d & 1, f"die {d} pending but not in the roll"
        else:
            assert 0 <= face[d] < NUM_FACES and not state.pend >> d & 1
        if st == S.LOCKED:
            assert face[d] == SUN, "a locked die that does not show a sun"
        if st == S.FREE:
            assert face[d] != SUN, "a sun that is not locked"
            counts[face[d]] += 1
        assert (st == S.MARKED) == bool(state.marks >> d & 1)
    assert counts == state.avail, f"free dice {counts} but counted {state.avail}"
    assert state.suns == sum(1 for d in range(NUM_DICE) if dst[d] == S.LOCKED)
    assert 0 <= state.rolls <= g.rolls_max
    used = sum(1 for d in range(NUM_DICE) if dst[d] == S.USED)
    assert state.civ_n + state.mon_n <= used
    assert state.mon_n <= g.mon_max
    # The sets started this turn can be completed (RD-CIV-1/4, RD-MON-2).
    assert state.free_ankhs() >= 0, "a Civilization set or Monument pair can no longer be completed"
    assert state.avail[ANKH] >= 0 and state.avail[CIV] >= 0 and state.avail[MON] >= 0
    ph = state.phase
    if ph == S.ROLL:
        assert state.pend and state.pend & ~state.rmask == 0
    else:
        assert state.pend == 0
    if ph == S.REROLL:
        assert state.rolls < g.rolls_max and state.suns < NUM_DICE
    if ph in (S.ROLL, S.REROLL):
        assert used == 0 and state.dis == S.DIS_NONE
    if ph == S.APPLY:
        assert state.marks == 0
    if ph == S.REMOVE:
        assert state.vic != state.cur and 0 <= state.vic < n and state.vic_left > 0
        own = state.own_markers(state.vic, state.vic_kind)
        assert len(own) > state.vic_left, "a forced removal should have happened automatically"
    else:
        assert state.vic == -1
    assert state.legal_actions(), "no legal action before the end"
    if ph in (S.REROLL, S.APPLY, S.REMOVE):
        assert len(state.legal_actions()) > 1, "a decision with one option should have happened automatically"

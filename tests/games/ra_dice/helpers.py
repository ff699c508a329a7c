"""Scenario helpers for Ra: The Dice Game tests.

Positions are built in two ways:

* ``play(state, "die:red:sun die:yellow:nile ... stop pharaoh finish")`` applies canonical notation;
  ``roll(state, "sun nile ankh civ mon")`` gives the dice being rolled their faces (in colour order),
  and ``turn(state, "...")`` rolls all five dice and stops, so the dice are ready to apply. Tests
  choose every chance outcome themselves, so any legal game can be scripted exactly.
* ``setup(state, pharaoh=[...], civ={"blue": [1, 2, 3]}, mon={"yellow:1": 0}, ...)`` places markers
  directly (between turns, before the dice are rolled) for scoring and placement scenarios.
"""

from __future__ import annotations

from typing import Any

import pytest

import heliopolis
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.components import COLOUR_INDEX, COLOURS, COLUMNS, FACE_INDEX, NUM_FACES
from heliopolis.games.ra_dice.state import APPLY, ROLL, RaDiceState

STARTING = [10, 11, 12, 13]


def new(players: int = 3, start: int | None = 0, **options: Any) -> RaDiceState:
    """A fresh state; seat ``start`` starts (``None``: the start player is a chance node)."""
    return heliopolis.new_game("ra-dice", players=players, start_player=start, **options)


def play(state: RaDiceState, moves: str) -> RaDiceState:
    for m in moves.split():
        state.apply_action(state.string_to_action(m))
        state.check_invariants()
    return state


def roll(state: RaDiceState, faces: str) -> RaDiceState:
    """The dice being rolled show ``faces`` (space-separated face names, colour order; or
    ``colour:face`` tokens)."""
    for token in faces.split():
        assert state.phase == ROLL, f"no die is being rolled (phase {state.phase})"
        if ":" in token:
            colour, face = token.split(":")
            d = COLOUR_INDEX[colour]
        else:
            d, face = (state.pend & -state.pend).bit_length() - 1, token
        state.apply_action(A.DIE_BASE + d * NUM_FACES + FACE_INDEX[face])
        state.check_invariants()
    return state


def turn(state: RaDiceState, faces: str, then: str = "stop") -> RaDiceState:
    """Rolls all five dice with ``faces`` (colour order: red yellow green blue purple), then ``then``."""
    roll(state, faces)
    if then and state.phase != APPLY:
        play(state, then)
    return state


def legal(state: RaDiceState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def space(name: str) -> int:
    """``"yellow:3"`` -> Monument space index."""
    colour, col = name.split(":")
    return COLOUR_INDEX[colour] * COLUMNS + int(col) - 1


def setup(state: RaDiceState, *, points: list[int] | None = None, pharaoh: list[int] | None = None,
          nile: list[int] | None = None, floods: list[int] | None = None,
          civ: dict[str, list[int]] | None = None, mon: dict[str, int] | None = None,
          ra: int | None = None) -> RaDiceState:  # fmt: skip
    """Sets tracks and places markers (``civ``: colour -> seats; ``mon``: "colour:column" -> seat)."""
    assert state.phase == ROLL and state.rolls == 0 and state.pend == 31, "set up before the dice are rolled"
    state._own_board()  # the board lists may be shared with a clone (copy-on-write)
    if points is not None:
        state.points = list(points)
    if pharaoh is not None:
        state.phar = list(pharaoh)
    if nile is not None:
        state.nile = list(nile)
    if floods is not None:
        state.floods = list(floods)
    for colour, seats in (civ or {}).items():
        mask = 0
        for p in seats:
            mask |= 1 << p
        state.civ[COLOUR_INDEX[colour]] = mask
    for name, seat in (mon or {}).items():
        state.mon[space(name)] = seat
    if ra is not None:
        state.ra = ra
    state.check_invariants()
    return state


def civ_of(state: RaDiceState, seat: int) -> list[str]:
    return [COLOURS[c] for c in range(5) if state.civ[c] >> seat & 1]


def mon_of(state: RaDiceState, seat: int) -> list[str]:
    return [f"{COLOURS[i // COLUMNS]}:{i % COLUMNS + 1}" for i in range(len(state.mon)) if state.mon[i] == seat]


def assert_illegal(s: RaDiceState, move: str | int, match: str | None = None) -> None:
    """``move`` raises ``IllegalActionError`` and leaves the state exactly as it was."""
    before_json, before = s.to_json(), s.clone()
    action = s.string_to_action(move) if isinstance(move, str) else move
    with pytest.raises(heliopolis.IllegalActionError, match=match):
        s.apply_action(action)
    assert s.to_json() == before_json
    assert s == before

"""Scenario helpers for Ra tests.

Positions are built in two ways:

* ``play(state, "draw tile:pharaoh ra pass bid:13")`` applies canonical notation. Tests choose
  chance outcomes themselves, so any legal game can be scripted exactly.
* ``setup(state, track=[...], displays={seat: {...}}, ...)`` places tiles directly for scoring and
  disaster scenarios. Every tile it places is taken from the bag, so the 180-tile invariant holds.
"""

from __future__ import annotations

from typing import Any

import pytest

import heliopolis
from heliopolis.games.ra.components import NUM_TILES, TILE_INDEX
from heliopolis.games.ra.phases import B_DISP, B_POINTS, C_BAG, C_TRACK
from heliopolis.games.ra.state import RaState

STACKS = {
    2: [[9, 6, 5, 2], [8, 7, 4, 3]],
    3: [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
    4: [[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
    5: [[16, 7, 2], [15, 8, 3], [14, 9, 4], [13, 10, 5], [12, 11, 6]],
}


def new(players: int = 3, edition: str = "2009", suns: Any = "default", **options: Any) -> RaState:
    """A fresh Ra state with the stacks dealt in table order (seat 0 gets stack 1) unless given."""
    if suns == "default":
        suns = STACKS[players]
    return heliopolis.new_game("ra", players=players, edition=edition, suns=suns, **options)


def play(state: RaState, moves: str) -> RaState:
    for m in moves.split():
        state.apply_action(state.string_to_action(m))
        state.check_invariants()
    return state


def legal(state: RaState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def tile(name: str) -> int:
    return TILE_INDEX[name]


def setup(state: RaState, *, track: list[str] | None = None, displays: dict[int, dict[str, int]] | None = None,
          points: list[int] | None = None, ra_tiles: int | None = None, cur: int | None = None) -> RaState:  # fmt: skip
    """Places tiles (taken from the bag) and sets points / Ra-track count / player to move."""
    if track is not None:
        assert len(track) <= 8
        for i, name in enumerate(track):
            t = tile(name)
            state.cells[C_BAG + t] -= 1
            state.bag_total -= 1
            state.cells[C_TRACK + i] = t
        state.track_n = len(track)
    for seat, tiles in (displays or {}).items():
        for name, c in tiles.items():
            t = tile(name)
            assert state.bag[t] >= c, f"not enough {name} in the bag"
            state.cells[C_BAG + t] -= c
            state.bag_total -= c
            state._board()[B_DISP + seat * NUM_TILES + t] += c
    if ra_tiles is not None:
        state.cells[C_BAG] -= ra_tiles
        state.bag_total -= ra_tiles
        state.ra_n = ra_tiles
    if points is not None:
        state._board()[B_POINTS : B_POINTS + len(points)] = points
    if cur is not None:
        state.cur = cur
    state.check_invariants()
    return state


def display(state: RaState, seat: int) -> dict[str, int]:
    from heliopolis.games.ra.components import TILE_NAMES

    base = seat * NUM_TILES
    return {TILE_NAMES[t]: state.disp[base + t] for t in range(NUM_TILES) if state.disp[base + t]}


def suns(state: RaState, seat: int) -> tuple[list[int], list[int]]:
    from heliopolis.games.ra.views import sun_list

    return sun_list(state.up[seat]), sun_list(state.down[seat])


def assert_illegal(s: RaState, move: str) -> None:
    """``move`` raises ``IllegalActionError`` and leaves the state exactly as it was."""
    before_json, before = s.to_json(), s.clone()
    with pytest.raises(heliopolis.IllegalActionError):
        s.apply_action(s.string_to_action(move))
    assert s.to_json() == before_json
    assert s == before

"""Storage of a Ra position: ``RaLayout``, the base of ``RaState`` (offsets in ``phases.py``).

A position keeps its counters in two flat int lists. ``cells`` (copied by ``clone()`` in one
slice) holds, at the offsets ``phases.C_*``, what most actions change: the bag (counts per tile
kind), the auction track, the pending disasters, and per seat the suns (bitmasks, bit ``v`` = sun
``v``) and the bids. ``board`` holds, at ``phases.B_*``, the discards and per seat the points and
the display (``board[B_DISP + seat*23 + tile]``): it changes only when tiles are won, taken with a
god, destroyed or scored, so clones share it and the first writer copies it (``_board()``; copy
on write, the mechanism of ``core.state``: a clone costs one short list, not the whole table). The read-only properties ``bag``,
``discard``, ``track``, ``pend``, ``points``, ``up``, ``down``, ``bids`` and ``disp`` return copies
of those blocks for views, tools and tests (the names the state had before the flat lists).
Compiled with ``state.py`` (``_native.COMPILED_MODULES``): ``RaState`` inherits natively from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from heliopolis.core.game import State
from heliopolis.core.state import cow_release
from heliopolis.games.ra.components import AUCTION_SPACES
from heliopolis.games.ra.phases import B_DISCARD, B_DISP, B_POINTS, C_BAG, C_BIDS, C_DOWN, C_PEND, C_TRACK, C_UP, T

COW_BOARD: Final = 1  # the copy-on-write group of ``board`` (core.state)

if TYPE_CHECKING:
    from heliopolis.games.ra.game import RaGame  # noqa: F401 (named in the base class, State["RaGame"])


class RaLayout(State["RaGame"]):
    """The two counter lists of a Ra position, with copy on write of ``board``; see the module docstring."""

    __slots__ = ("n", "cells", "board", "cow")
    n: int
    cells: list[int]
    board: list[int]
    cow: int  # copy-on-write groups a clone may share (core.state): COW_BOARD, ``board``

    def _board(self) -> list[int]:
        """``board`` for writing: copied first if a clone shares it (copy on write)."""
        b = self.board
        if self.cow & COW_BOARD:
            b = self.board = b[:]
            self.cow = cow_release(self.cow, COW_BOARD)
        return b

    # -- read-only copies of the blocks (for views, tools and tests) ----------------------------
    @property
    def bag(self) -> list[int]:
        return self.cells[C_BAG : C_BAG + T]

    @property
    def discard(self) -> list[int]:
        return self.board[B_DISCARD : B_DISCARD + T]

    @property
    def track(self) -> list[int]:
        return self.cells[C_TRACK : C_TRACK + AUCTION_SPACES]

    @property
    def pend(self) -> list[int]:
        return self.cells[C_PEND : C_PEND + 4]

    @property
    def points(self) -> list[int]:
        return self.board[B_POINTS : B_POINTS + self.n]

    @property
    def up(self) -> list[int]:
        return self.cells[C_UP : C_UP + self.n]

    @property
    def down(self) -> list[int]:
        return self.cells[C_DOWN : C_DOWN + self.n]

    @property
    def bids(self) -> list[int]:
        return self.cells[C_BIDS : C_BIDS + self.n]

    @property
    def disp(self) -> list[int]:
        return self.board[B_DISP : B_DISP + self.n * T]


def sun_mask(suns: Iterable[int]) -> int:
    """The bitmask of a set of suns as ``cells`` stores it (bit ``v`` = sun ``v``)."""
    m = 0
    for v in suns:
        m |= 1 << v
    return m

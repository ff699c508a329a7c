"""Turn-state constants of Ra: phases, auction triggers and the pending-disaster slots.

Kept apart from ``state.py`` so that the modules ``state.py`` uses (``epochs.py``, ``views.py``)
and the ones reading a state (``invariants.py``, ``observation.py``, ``render.py``) import them
without an import cycle. ``state.py`` re-exports every name (``state.AUCTION``, ...).
"""

from __future__ import annotations

from typing import Final

from heliopolis.games.ra.components import AUCTION_SPACES, DROUGHT, EARTHQUAKE, FUNERAL, NUM_TILES, UNREST

# Phases. DEAL and DRAWN are chance nodes. One ``Final`` per name (not ``range`` unpacking) so that
# the compiled build inlines them.
DEAL: Final = 0
DRAWN: Final = 1
TURN: Final = 2
AUCTION: Final = 3
GOD_TURN: Final = 4
DISCARD: Final = 5
END: Final = 6
PHASE_NAMES: Final = ("deal", "drawn", "turn", "auction", "god_turn", "discard", "end")
# Auction triggers (RA-AUCT-1).
T1_RA_TILE: Final = 1
T2_VOLUNTARY: Final = 2
T3_FORCED: Final = 3
TRIGGER_NAMES: Final = {T1_RA_TILE: "ra_tile", T2_VOLUNTARY: "voluntary", T3_FORCED: "forced"}
# Disaster categories held in ``pend`` (tiles still to destroy): index by this table.
PEND_FUNERAL: Final = 0
PEND_DROUGHT: Final = 1
PEND_UNREST: Final = 2
PEND_EARTHQUAKE: Final = 3
_PEND_OF: Final = {FUNERAL: PEND_FUNERAL, DROUGHT: PEND_DROUGHT, UNREST: PEND_UNREST, EARTHQUAKE: PEND_EARTHQUAKE}
PEND_INDEX: Final = tuple(_PEND_OF.get(t, -1) for t in range(NUM_TILES))
T: Final = NUM_TILES  # row stride of the flat display list ``disp[seat * T + tile]``

# The state's counters live in two flat int lists. ``RaState.cells`` holds what changes on most
# actions and is copied by ``clone()`` (one slice); ``RaState.board`` holds what changes only when
# tiles leave the track or the bag for good (auctions won, gods, disasters, epoch ends) and is
# shared by clones until one of them writes to it (copy on write). Per-seat blocks are sized for the
# most seats (5). Literal ints so that the compiled build inlines them; checked against the data.
MAX_SEATS: Final = 5
C_BAG: Final = 0  # T tile counts left in the bag
C_TRACK: Final = 23  # AUCTION_SPACES slots: tile kind, or -1
C_PEND: Final = 31  # 4: tiles still to destroy per disaster category (PEND_*)
C_UP: Final = 35  # per seat: face-up suns, bit v = sun v
C_DOWN: Final = 40  # per seat: face-down suns
C_BIDS: Final = 45  # per seat, this auction: -1 not yet, 0 passed, else the sun bid
CELLS: Final = 50
B_DISCARD: Final = 0  # T tile counts discarded
B_POINTS: Final = 23  # per seat
B_DISP: Final = 28  # per seat x T: display counts, ``board[B_DISP + seat * T + tile]`` (n seats long)
assert C_TRACK == C_BAG + T and C_PEND == C_TRACK + AUCTION_SPACES and C_UP == C_PEND + 4
assert C_BIDS == C_DOWN + MAX_SEATS == C_UP + 2 * MAX_SEATS and CELLS == C_BIDS + MAX_SEATS
assert B_POINTS == B_DISCARD + T and B_DISP == B_POINTS + MAX_SEATS

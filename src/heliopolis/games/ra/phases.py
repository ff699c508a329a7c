"""Turn-state constants of Ra: phases, auction triggers and the pending-disaster slots.

Kept apart from ``state.py`` so that the modules ``state.py`` uses (``epochs.py``, ``views.py``)
and the ones reading a state (``invariants.py``, ``observation.py``, ``render.py``) import them
without an import cycle. ``state.py`` re-exports every name (``state.AUCTION``, ...).
"""

from __future__ import annotations

from typing import Final

from heliopolis.games.ra.components import DROUGHT, EARTHQUAKE, FUNERAL, NUM_TILES, UNREST

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

"""Turn-state constants of Ra: The Dice Game: phases, die states and the disaster slot.

Kept apart from ``state.py`` so that ``dice.py`` and ``disasters.py`` (which ``state.py`` imports)
can use them without an import cycle. ``state.py`` re-exports every name, and the other modules
and the tests keep reading them from there (``state.APPLY``, ``state.FREE``, ...).
"""

from __future__ import annotations

from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.components import COLUMNS, NUM_DICE

# Phases. START and ROLL are chance nodes.
START, ROLL, REROLL, APPLY, REMOVE, END = range(6)
PHASE_NAMES = ("start", "roll", "reroll", "apply", "remove", "end")
# Die states within a turn.
PENDING, FREE, MARKED, LOCKED, USED = range(5)
DIE_STATE_NAMES = ("rolling", "free", "chosen", "sun", "used")
# The disaster slot ``dis``: none, available (4-5 suns), or declared (DIS_DECLARED + kind).
DIS_NONE, DIS_AVAILABLE, DIS_DECLARED = 0, 1, 2
ALL_DICE = (1 << NUM_DICE) - 1
NUM_SPACES = A.NUM_SPACES
# Monument space indices per column (0-based), for the column rule (RD-MON-2).
COLUMN_SPACES = tuple(tuple(r * COLUMNS + col for r in range(NUM_DICE)) for col in range(COLUMNS))

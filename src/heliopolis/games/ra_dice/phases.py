"""Turn-state constants of Ra: The Dice Game: phases, die states and the disaster slot.

Kept apart from ``state.py`` so that ``dice.py`` and ``disasters.py`` (which ``state.py`` imports)
can use them without an import cycle. ``state.py`` re-exports every name, and the other modules
and the tests keep reading them from there (``state.APPLY``, ``state.FREE``, ...).
"""

from __future__ import annotations

from typing import Final

from heliopolis.games.ra_dice.components import COLUMNS, NUM_DICE

# Phases. START and ROLL are chance nodes. One ``Final`` per name (not ``range`` unpacking) so that
# the compiled build inlines them.
START: Final = 0
ROLL: Final = 1
REROLL: Final = 2
APPLY: Final = 3
REMOVE: Final = 4
END: Final = 5
PHASE_NAMES: Final = ("start", "roll", "reroll", "apply", "remove", "end")
# Die states within a turn.
PENDING: Final = 0
FREE: Final = 1
MARKED: Final = 2
LOCKED: Final = 3
USED: Final = 4
DIE_STATE_NAMES: Final = ("rolling", "free", "chosen", "sun", "used")
# The disaster slot ``dis``: none, available (4-5 suns), or declared (DIS_DECLARED + kind).
DIS_NONE: Final = 0
DIS_AVAILABLE: Final = 1
DIS_DECLARED: Final = 2
ALL_DICE: Final[int] = (1 << NUM_DICE) - 1
NUM_SPACES: Final[int] = NUM_DICE * COLUMNS  # = actions.NUM_SPACES
# Monument space indices per column (0-based), for the column rule (RD-MON-2).
COLUMN_SPACES: Final = tuple(tuple(r * COLUMNS + col for r in range(NUM_DICE)) for col in range(COLUMNS))

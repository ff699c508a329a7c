"""The closing step of a tutorial: the player's first scoring, line by line, in the game's words.

The game's ``tutorial`` part words it (core/spec.py): each line pairs the points the engine scored
(its own breakdown: Ra's ``epoch_log``, Men-Nefer's Harvest line) with the counts they came from (the
position just before the scoring), so the numbers are the engine's, never recomputed here.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.registry import spec
from heliopolis.core.spec import hook
from heliopolis.core.text import Msg


def explain(game: str, pos: Any, seat: int) -> list[Msg]:
    """The closing lines of ``game``'s tutorial at ``pos`` (tutorials.Position): an epoch's scoring
    from the position before it, else what the last step's move scored."""
    before = pos.scored_from if pos.scored_from is not None else pos.before_last
    lines: list[Msg] = hook(spec(game), "tutorial", "explain")(before, pos.state, pos.log, seat)
    return lines

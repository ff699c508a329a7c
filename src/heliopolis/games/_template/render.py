"""The board as styled lines (``render_segments``, for the terminal) and plain text (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.game import CHANCE
from heliopolis.core.helpers import segments_text
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games._template.state import PebblesState

Line = list[tuple[Any, str]]


def render_segments(s: PebblesState, viewer: int | None = None, *, omniscient: bool = True,
                    names: list[str] | None = None) -> list[Line]:  # fmt: skip
    names = names or [f"P{p}" for p in range(s.game.players)]
    lines: list[Line] = [[(msg("pebbles.board.title"), "title")],
                         [(msg("pebbles.board.pile", n=s.pile), "label"), ("  " + "o" * s.pile, "pebble")]]  # fmt: skip
    cp = s.current_player()
    for p, points in enumerate(s.scores()):
        mark = "current" if p == cp else "bold"
        you = " *" if p == viewer else ""
        lines.append([(f"{names[p]}{you}", mark), ("  ", ""), (msg("pebbles.board.points", n=points), "dim")])
    if cp == CHANCE:
        lines.append([(msg("pebbles.board.choosing_start"), "dim")])
    elif s.is_terminal():
        lines.append([(msg("pebbles.board.game_over"), "title")])
    return lines


def render_text(s: PebblesState) -> str:
    return segments_text(render_segments(s))

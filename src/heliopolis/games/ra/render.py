"""Text rendering of a Ra position: both tracks, centre sun, the five display rows per player,
suns face up / face down, points where visible, epoch, whose turn, and the last few events.

``render_segments`` returns lines of ``(text, style)`` pairs so that a terminal front end can
colour them (the CLI maps the style names to ``rich`` styles); ``render_text`` is the plain
form used by ``str(state)``. No terminal library is imported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.core.helpers import event_lines, results_lines, segments_text
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import (
    AUCTION_SPACES,
    DATA,
    DISPLAY_ROWS,
    EPOCHS,
    IS_DISASTER,
    NUM_TILES,
    RA,
    sun_list,
)
from heliopolis.games.ra.phases import AUCTION, DISCARD, GOD_TURN, PEND_UNREST, TRIGGER_NAMES
from heliopolis.games.ra.views import points_visible, public_events, tile_label

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

Segment = tuple[str, str]
Line = list[Segment]
T = NUM_TILES


def _tile_style(t: int) -> str:
    return "disaster" if IS_DISASTER[t] else ("ra" if t == RA else "tile")


def render_segments(state: RaState, viewer: int | None = None, *, omniscient: bool = True,
                    names: list[str] | None = None, events: int = 6) -> list[Line]:  # fmt: skip
    """The board as styled lines. ``omniscient`` shows every score (debugging, ``str``)."""
    g = state.game
    n = state.n
    names = names or [f"P{p}" for p in range(n)]
    out: list[Line] = []
    cp = state.current_player()
    if state.is_terminal():
        status = "game over"
    elif state.is_chance_node():
        status = "chance: " + ("dealing suns" if state.phase == 0 else f"{names[state.cur]} draws a tile")
    else:
        what = {AUCTION: "auction", GOD_TURN: "god turn", DISCARD: "disaster: choose discards"}.get(state.phase, "turn")
        status = f"{names[cp]} to act ({what})"
    out.append([("RA", "title"), (f" · {g.edition} edition · {n} players · epoch {min(state.epoch, EPOCHS)} of {EPOCHS} · ", "dim"),
                (status, "bold")])  # fmt: skip
    # Ra track: blocked spaces, Ra tiles, free usable spaces.
    blocked = g.blocked_ra_spaces
    line: Line = [("Ra track       ", "label")]
    for i in range(DATA["ra_track_spaces"]):
        if i < blocked:
            line.append(("[×]", "dim"))
        elif i - blocked < state.ra_n:
            line.append(("[☉]", "ra"))
        else:
            line.append(("[ ]", "dim"))
    line.append((f"  {state.ra_n}/{state.ra_needed} Ra tiles", "dim"))
    out.append(line)
    line = [("Auction track  ", "label")]
    for t in state.track:
        line.append(("[", "dim"))
        line.append((tile_label(t) if t >= 0 else " ", _tile_style(t) if t >= 0 else "dim"))
        line.append(("]", "dim"))
    line.append((f"  {state.track_n}/{AUCTION_SPACES}", "dim"))
    out.append(line)
    out.append([("Centre sun     ", "label"), (f"({state.centre})", "sun"),
                (f"     bag: {state.bag_total} tiles, {state.bag[RA]} Ra", "dim")])  # fmt: skip
    if state.phase == AUCTION:
        bids = []
        for p in range(n):
            b = state.bids[p]
            bids.append(f"{names[p]} " + ("—" if b < 0 else "pass" if b == 0 else str(b)))
        out.append([("Auction        ", "label"),
                    (f"Ra player {names[state.ra_player]} ({TRIGGER_NAMES[state.trigger]}) · ", "bold"),
                    ("bids: " + ", ".join(bids), "bold")])  # fmt: skip
    if state.phase == DISCARD:
        cat = "civilization" if state.pend[PEND_UNREST] else "monument"
        need = state.pend[PEND_UNREST] or state.pend[3]
        out.append([("Disaster       ", "label"), (f"{names[state.cur]} must discard {need} {cat} tile(s)", "disaster")])
    out.append([])
    for p in range(n):
        marker = "▶ " if p == cp else "  "
        pts = state.points[p] if (omniscient or points_visible(state, viewer, p)) else None
        you = " (you)" if viewer == p else ""
        line = [(marker, "bold"), (f"{names[p]}{you}", "current" if p == cp else "bold"),
                (f"  points {pts if pts is not None else '?'}", "dim"), ("  suns ", "dim")]  # fmt: skip
        for v in sun_list(state.up[p]):
            line.append((f"{v} ", "sun"))
        for v in sun_list(state.down[p]):
            line.append((f"({v}) ", "sun_down"))
        if not state.up[p] and not state.is_terminal():
            line.append(("— out of the epoch", "dim"))
        out.append(line)
        base = p * T
        for label, row in DISPLAY_ROWS:
            items = [(t, state.disp[base + t]) for t in row if state.disp[base + t]]
            cells: Line = [(f"    {label:<15}", "dim")]
            if not items:
                cells.append(("·", "dim"))
            for t, c in items:
                cells.append((tile_label(t) + (f"×{c}" if c > 1 else "") + "  ", "tile"))
            out.append(cells)
    out += results_lines(state, names, None if omniscient else lambda p: points_visible(state, viewer, p))
    if events:
        out += event_lines(public_events(state, last=events))
    return out


def render_text(state: RaState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(state, viewer, omniscient=omniscient))


assert A.MAX_SUN == 16

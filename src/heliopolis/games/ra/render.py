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
from heliopolis.locale import listing, msg, padded

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

Segment = tuple[str, str]
Line = list[Segment]
T = NUM_TILES


_PHASE = {AUCTION: "auction", GOD_TURN: "god_turn", DISCARD: "discard"}
_ROW_KEYS = ("gods_gold", "pharaohs", "nile_floods", "civilization", "monuments")  # DISPLAY_ROWS, in order


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
        status = msg("ra.board.game_over")
    elif state.is_chance_node():
        status = msg("ra.board.dealing") if state.phase == 0 else msg("ra.board.chance_draws", who=names[state.cur])
    else:
        what = _PHASE.get(state.phase, "turn")
        status = msg("ra.board.to_act", who=names[cp], what=msg(f"ra.board.phase.{what}"))
    out.append([("RA", "title"), (padded(msg("ra.board.header", edition=g.edition, n=n, epoch=min(state.epoch, EPOCHS),
                                             epochs=EPOCHS), lead=" ", trail=" "), "dim"), (status, "bold")])  # fmt: skip
    # Ra track: blocked spaces, Ra tiles, free usable spaces.
    blocked = g.blocked_ra_spaces
    line: Line = [(padded(msg("ra.board.ra_track"), 15), "label")]
    for i in range(DATA["ra_track_spaces"]):
        if i < blocked:
            line.append(("[×]", "dim"))
        elif i - blocked < state.ra_n:
            line.append(("[☉]", "ra"))
        else:
            line.append(("[ ]", "dim"))
    line.append((padded(msg("ra.board.ra_tiles", n=state.ra_n, needed=state.ra_needed), lead="  "), "dim"))
    out.append(line)
    track_key = "ra.board.auction_track_1999" if g.edition == "1999" else "ra.board.auction_track"
    line = [(padded(msg(track_key), 15), "label")]
    for t in state.track:
        line.append(("[", "dim"))
        line.append((tile_label(t) if t >= 0 else " ", _tile_style(t) if t >= 0 else "dim"))
        line.append(("]", "dim"))
    line.append((f"  {state.track_n}/{AUCTION_SPACES}", "dim"))
    out.append(line)
    out.append([(padded(msg("ra.board.centre_sun"), 15), "label"), (f"({state.centre})", "sun"),
                (padded(msg("ra.board.bag", n=state.bag_total, ra=state.bag[RA]), lead="     "), "dim")])  # fmt: skip
    if state.phase == AUCTION:
        bids = []
        for p in range(n):
            b = state.bids[p]
            bids.append(msg("ra.board.bid_none", who=names[p]) if b < 0 else msg("ra.board.bid_pass", who=names[p])
                        if b == 0 else msg("ra.board.bid", who=names[p], bid=b))  # fmt: skip
        out.append([(padded(msg("ra.board.auction"), 15), "label"),
                    (padded(msg("ra.board.ra_player", who=names[state.ra_player],
                                trigger=msg(f"ra.board.trigger.{TRIGGER_NAMES[state.trigger]}")), trail=" "), "bold"),
                    (msg("ra.board.bids", bids=listing("ra.board.list", bids)), "bold")])  # fmt: skip
    if state.phase == DISCARD:
        cat = "civilization" if state.pend[PEND_UNREST] else "monument"
        need = state.pend[PEND_UNREST] or state.pend[3]
        out.append([(padded(msg("ra.board.disaster"), 15), "label"),
                    (msg(f"ra.board.must_discard_{cat}", who=names[state.cur], n=need), "disaster")])  # fmt: skip
    out.append([])
    for p in range(n):
        marker = "▶ " if p == cp else "  "
        pts = state.points[p] if (omniscient or points_visible(state, viewer, p)) else None
        who = msg("ra.board.you", who=names[p]) if viewer == p else names[p]
        line = [(marker, "bold"), (who, "current" if p == cp else "bold"),
                (padded(msg("ra.board.points", pts=pts if pts is not None else "?"), lead="  "), "dim"),
                (padded(msg("ra.board.suns"), lead="  ", trail=" "), "dim")]  # fmt: skip
        for v in sun_list(state.up[p]):
            line.append((f"{v} ", "sun"))
        for v in sun_list(state.down[p]):
            line.append((f"({v}) ", "sun_down"))
        if not state.up[p] and not state.is_terminal():
            line.append((msg("ra.board.out_of_epoch"), "dim"))
        out.append(line)
        base = p * T
        for k, (_label, row) in enumerate(DISPLAY_ROWS):
            items = [(t, state.disp[base + t]) for t in row if state.disp[base + t]]
            cells: Line = [(padded(msg(f"ra.board.row.{_ROW_KEYS[k]}"), 19, lead="    "), "dim")]
            if not items:
                cells.append(("·", "dim"))
            for t, c in items:
                cells.append((tile_label(t), "tile"))
                cells.append(((f"×{c}" if c > 1 else "") + "  ", "tile"))
            out.append(cells)
    out += results_lines(state, names, None if omniscient else lambda p: points_visible(state, viewer, p))
    if events:
        out += event_lines(public_events(state, last=events))
    return out


def render_text(state: RaState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(state, viewer, omniscient=omniscient))


assert A.MAX_SUN == 16

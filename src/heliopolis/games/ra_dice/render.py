"""Text rendering of a Ra: The Dice Game position: the Sun track with the Ra figure and this turn's
suns, the five dice, the Pharaoh and Nile tracks, the Civilization area, the Monument grid, scores,
epoch results and the last few events.

``render_segments`` returns lines of ``(text, style)`` pairs so that a terminal front end can
colour them (the CLI maps the style names to ``rich`` styles); ``render_text`` is the plain form
used by ``str(state)``. No terminal library is imported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.core.helpers import event_lines, results_lines, segments_text
from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice.components import COLUMNS, D_CIV, DISASTER_LABELS, FACE_LABELS, NUM_DICE
from heliopolis.games.ra_dice.views import public_events

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState

Segment = tuple[str, str]
Line = list[Segment]


def _status(state: RaDiceState, names: list[str]) -> str:
    if state.is_terminal():
        return "game over"
    if state.phase == S.START:
        return "chance: choosing the start player"
    if state.phase == S.ROLL:
        return f"{names[state.cur]} rolls"
    if state.phase == S.REROLL:
        return f"{names[state.cur]} chooses dice to reroll (or stops)"
    if state.phase == S.REMOVE:
        kind = "Civilization" if state.vic_kind == D_CIV else "Monument"
        return f"{names[state.vic]} removes {state.vic_left} {kind} marker(s)"
    return f"{names[state.cur]} applies the dice"


def render_segments(state: RaDiceState, viewer: int | None = None, *, omniscient: bool = True,
                    names: list[str] | None = None, events: int = 6) -> list[Line]:  # fmt: skip
    """The board as styled lines (nothing is hidden in this game: ``omniscient`` changes nothing)."""
    g = state.game
    n = state.n
    names = names or [f"P{p}" for p in range(n)]
    cp = state.current_player()
    colours = g.colour_names
    out: list[Line] = []
    out.append([("RA: THE DICE GAME", "title"),
                (f" · {n} players · epoch {min(state.epoch, g.epochs)} of {g.epochs} · ", "dim"),
                (_status(state, names), "bold")])  # fmt: skip
    # Sun track: spaces before the start are unused for this player count.
    suns = state.suns if state.phase in (S.ROLL, S.REROLL) else 0  # placed in front of the Ra figure
    line: Line = [("Sun track      ", "label")]
    for i in range(g.ra_last + 1):
        if i < g.ra_start:
            line.append(("[·]", "dim"))
        elif i == state.ra:
            line.append(("[R]", "ra"))
        elif state.ra < i <= state.ra + suns:
            line.append(("[☉]", "sun"))
        else:
            line.append(("[ ]", "dim"))
    beyond = state.ra + suns - g.ra_last
    if beyond > 0:
        line.append((f" +{beyond}☉", "sun"))
    line.append((f"  Ra on {state.ra}, last space {g.ra_last}", "dim"))
    out.append(line)
    # Dice.
    if state.phase in (S.ROLL, S.REROLL, S.APPLY, S.REMOVE):
        line = [("Dice           ", "label")]
        for d in range(NUM_DICE):
            f = state.face[d]
            st = state.dst[d]
            label = FACE_LABELS[f] if f >= 0 else "?"
            text, style = {
                S.PENDING: (f"{colours[d]}:?", "dim"),
                S.FREE: (f"{colours[d]}:{label}", "tile"),
                S.MARKED: (f"{colours[d]}:{label}↻", "bold"),
                S.LOCKED: (f"{colours[d]}:Sun☉", "sun"),
                S.USED: (f"{colours[d]}:{label}✓", "dim"),
            }[st]
            line.append((text + "  ", style))
        current = state.rolls + (1 if state.phase == S.ROLL else 0)
        line.append((f"roll {current} of {g.rolls_max}, {state.suns} sun(s)", "dim"))
        out.append(line)
        if state.phase in (S.APPLY, S.REMOVE):
            bits = []
            if state.civ_n:
                bits.append(f"Civilization set: {state.civ_n} marker(s), {state.civ_n + g.civ_fill} dice")
            if state.mon_n:
                bits.append(f"Monument markers: {state.mon_n}")
            bits.append(f"free ankhs {state.free_ankhs()}")
            if state.dis == S.DIS_AVAILABLE:
                bits.append("a disaster may be declared")
            elif state.dis >= S.DIS_DECLARED:
                bits.append(f"{DISASTER_LABELS[state.dis - S.DIS_DECLARED]} disaster declared")
            out.append([("This turn      ", "label"), (" · ".join(bits), "dim")])
    out.append([])
    # Seats with their tracks.
    for p in range(n):
        marker = "▶ " if p == cp else "  "
        you = " (you)" if viewer == p else ""
        floods = f" +{state.floods[p]} flood" if state.floods[p] else ""
        civ = ",".join(colours[c] for c in range(NUM_DICE) if state.civ[c] >> p & 1) or "·"
        mons = sum(1 for o in state.mon if o == p)
        out.append([
            (marker, "bold"), (f"{names[p]}{you}", "current" if p == cp else "bold"),
            (f"  points {state.points[p]:>3}", "bold"),
            (f"  Pharaoh {state.phar[p]:>2}", "tile"),
            (f"  Nile {state.nile[p]:>2}{floods}", "tile"),
            (f"  Civilization {civ}", "tile"),
            (f"  Monuments {mons}", "tile"),
        ])  # fmt: skip
    # Civilization area.
    out.append([])
    line = [("Civilization   ", "label")]
    for c in range(NUM_DICE):
        seats = [f"P{p}" for p in range(n) if state.civ[c] >> p & 1]
        seats += ["·"] * (g.cap - len(seats))
        line.append((f"{colours[c]} [{' '.join(seats)}]  ", "tile"))
    out.append(line)
    # Monument grid.
    out.append([("Monuments      ", "label"), ("".join(f"{col + 1:>4}" for col in range(COLUMNS)), "dim")])
    for c in range(NUM_DICE):
        row = state.mon[c * COLUMNS:(c + 1) * COLUMNS]
        out.append([(f"  {colours[c]:<13}", "dim"), ("".join(f"{('P' + str(o)) if o >= 0 else '·':>4}" for o in row), "tile")])
    # Epoch results and the end.
    out += results_lines(state, names)
    if events:
        out += event_lines(public_events(state, last=events))
    return out


def render_text(state: RaDiceState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(state, viewer, omniscient=omniscient))

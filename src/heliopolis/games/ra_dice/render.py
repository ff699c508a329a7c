"""Text rendering of a Ra: The Dice Game position: the Sun track with the Ra figure and this turn's
suns, the five dice, the Pharaoh and Nile tracks, the Civilization area, the Monument grid, scores,
epoch results and the last few events.

``render_segments`` returns lines of ``(text, style)`` pairs so that a terminal front end can
colour them (the CLI maps the style names to ``rich`` styles); ``render_text`` is the plain form
used by ``str(state)``. No terminal library is imported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.helpers import event_lines, results_lines, segments_text
from heliopolis.core.text import Msg
from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice.components import COLUMNS, D_CIV, DISASTER_LABELS, FACE_LABELS, NUM_DICE
from heliopolis.games.ra_dice.views import public_events
from heliopolis.locale import joined, msg, padded

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState

assert len(FACE_LABELS) == 6 and len(DISASTER_LABELS) == 4  # _FACE and _DISASTER below follow them

Segment = tuple[str, str]
Line = list[Segment]


_FACE = ("sun", "pharaoh", "nile", "civ", "mon", "ankh")  # FACE_LABELS as ra-dice.face.<key>
_DISASTER = ("pharaoh", "nile", "civ", "mon")  # DISASTER_LABELS
B = "ra-dice.board."


def _status(state: RaDiceState, names: list[str]) -> Msg:
    if state.is_terminal():
        return msg(B + "game_over")
    if state.phase == S.START:
        return msg(B + "choosing_start")
    if state.phase == S.ROLL:
        return msg(B + "rolls", who=names[state.cur])
    if state.phase == S.REROLL:
        return msg(B + "rerolls", who=names[state.cur])
    if state.phase == S.REMOVE:
        kind = "civilization" if state.vic_kind == D_CIV else "monument"
        return msg(B + f"removes_{kind}", who=names[state.vic], n=state.vic_left)
    return msg(B + "applies", who=names[state.cur])


def render_segments(state: RaDiceState, viewer: int | None = None, *, omniscient: bool = True,
                    names: list[str] | None = None, events: int = 6) -> list[Line]:  # fmt: skip
    """The board as styled lines (nothing is hidden in this game: ``omniscient`` changes nothing).
    Words are catalog messages (``ra-dice.board.*``): the terminal shows them in its language."""
    g = state.game
    n = state.n
    names = names or [f"P{p}" for p in range(n)]
    cp = state.current_player()
    colours = [msg(f"ra-dice.colour.{c}") for c in g.colour_names]
    out: list[Line] = []
    out.append([(msg(B + "title"), "title"),
                (padded(msg(B + "header", n=n, epoch=min(state.epoch, g.epochs), epochs=g.epochs), lead=" ", trail=" "), "dim"),
                (_status(state, names), "bold")])  # fmt: skip
    # Sun track: spaces before the start are unused for this player count.
    suns = state.suns if state.phase in (S.ROLL, S.REROLL) else 0  # placed in front of the Ra figure
    line: Line = [(padded(msg(B + "sun_track"), 15), "label")]
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
    line.append((padded(msg(B + "ra_on", ra=state.ra, last=g.ra_last), lead="  "), "dim"))
    out.append(line)
    # Dice.
    if state.phase in (S.ROLL, S.REROLL, S.APPLY, S.REMOVE):
        line = [(padded(msg(B + "dice"), 15), "label")]
        for d in range(NUM_DICE):
            f = state.face[d]
            st = state.dst[d]
            label: Any = msg(f"ra-dice.face.{_FACE[f]}") if f >= 0 else "?"
            text, style = {
                S.PENDING: (msg(B + "die", colour=colours[d], face="?", mark=""), "dim"),
                S.FREE: (msg(B + "die", colour=colours[d], face=label, mark=""), "tile"),
                S.MARKED: (msg(B + "die", colour=colours[d], face=label, mark="↻"), "bold"),
                S.LOCKED: (msg(B + "die", colour=colours[d], face=msg("ra-dice.face.sun"), mark="☉"), "sun"),
                S.USED: (msg(B + "die", colour=colours[d], face=label, mark="✓"), "dim"),
            }[st]
            line.append((padded(text, trail="  "), style))
        current = state.rolls + (1 if state.phase == S.ROLL else 0)
        line.append((msg(B + "roll_of", k=current, of=g.rolls_max, suns=state.suns), "dim"))
        out.append(line)
        if state.phase in (S.APPLY, S.REMOVE):
            bits: list[Any] = []
            if state.civ_n:
                bits.append(msg(B + "civ_set", n=state.civ_n, dice=state.civ_n + g.civ_fill))
            if state.mon_n:
                bits.append(msg(B + "mon_markers", n=state.mon_n))
            bits.append(msg(B + "free_ankhs", n=state.free_ankhs()))
            if state.dis == S.DIS_AVAILABLE:
                bits.append(msg(B + "disaster_may"))
            elif state.dis >= S.DIS_DECLARED:
                bits.append(
                    msg(B + "disaster_declared", kind=msg(f"ra-dice.face.{_DISASTER[state.dis - S.DIS_DECLARED]}"))
                )
            out.append([(padded(msg(B + "this_turn"), 15), "label"), (joined(bits, " · "), "dim")])
    out.append([])
    # Seats with their tracks.
    for p in range(n):
        marker = "▶ " if p == cp else "  "
        who: Any = msg(B + "you", who=names[p]) if viewer == p else names[p]
        floods = msg(B + "floods", n=state.floods[p]) if state.floods[p] else ""
        civ = joined([colours[c] for c in range(NUM_DICE) if state.civ[c] >> p & 1], ",") or "·"
        mons = sum(1 for o in state.mon if o == p)
        out.append([
            (marker, "bold"), (who, "current" if p == cp else "bold"),
            (padded(msg(B + "points", pts=f"{state.points[p]:>3}"), lead="  "), "bold"),
            (padded(msg(B + "pharaoh", n=f"{state.phar[p]:>2}"), lead="  "), "tile"),
            (padded(msg(B + "nile", n=f"{state.nile[p]:>2}", floods=floods), lead="  "), "tile"),
            (padded(msg(B + "civilization", colours=civ), lead="  "), "tile"),
            (padded(msg(B + "monuments", n=mons), lead="  "), "tile"),
        ])  # fmt: skip
    # Civilization area.
    out.append([])
    line = [(padded(msg(B + "civilization_area"), 15), "label")]
    for c in range(NUM_DICE):
        seats = [f"P{p}" for p in range(n) if state.civ[c] >> p & 1]
        seats += ["·"] * (g.cap - len(seats))
        line.append((padded(msg(B + "civ_row", colour=colours[c], seats=" ".join(seats)), trail="  "), "tile"))
    out.append(line)
    # Monument grid.
    out.append(
        [(padded(msg(B + "monument_area"), 15), "label"), ("".join(f"{col + 1:>4}" for col in range(COLUMNS)), "dim")]
    )
    for c in range(NUM_DICE):
        row = state.mon[c * COLUMNS : (c + 1) * COLUMNS]
        out.append([(padded(colours[c], 15, lead="  "), "dim"),
                    ("".join(f"{('P' + str(o)) if o >= 0 else '·':>4}" for o in row), "tile")])  # fmt: skip
    # Epoch results and the end.
    out += results_lines(state, names)
    if events:
        out += event_lines(public_events(state, last=events))
    return out


def render_text(state: RaDiceState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(state, viewer, omniscient=omniscient))

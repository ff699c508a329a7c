"""Text rendering of a Helios state: styled lines (``render_segments``) and plain text (``str(state)``).

Each player board is drawn as a flat-top hex map, one text row per value of ``2r + q``, so
neighbouring hexes sit diagonally or two rows apart as on the printed board. A hex shows its tile
(land colour letter, or the special tile's letter), a temple (``^``), its resources (a digit) and
the sun (``@``); an empty hex shows ``.`` (light) or ``:`` (dark). On the board of the seat to
move, hexes that are legal targets right now are ``*`` (sun steps) or ``+`` (placements, temples,
resources). The game imports no terminal library: styles are names the CLI maps to colours.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.helpers import Segments, segments_text
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import rules as R
from heliopolis.games.helios.legality import has, slot_count
from heliopolis.games.helios.phases import POWER_PLANT
from heliopolis.games.helios.components import (
    COLOURS, COLUMN_LETTERS, DATA, SPECIALS, SYMBOLS, TILE_COLOURS, hex_label)  # fmt: skip

LAND_LETTER = "UBGNK"  # blue brown grey green black (U: blue, so that B can be brown)
SPECIAL_LETTER = "FCRT"  # free fields, created land, resources, temples
LEGEND = ("U blue  B brown  G grey  N green  K black  F/C/R/T special tile  ^ temple  digit: resources  "
          "@ sun  . light  : dark  * sun may go here  + legal target  ·  hexes are named like e5: column letter, "
          "then the hex counted from the bottom of that column")  # fmt: skip


def _targets(s: Any, p: int) -> dict[int, str]:
    """Hexes that a legal action of the seat to move names, with their mark."""
    if s.is_terminal() or s.is_chance_node() or s.current_player() != p:
        return {}
    out: dict[int, str] = {}
    for a in s.legal_actions():
        kind, _, arg = A.NAMES[a].partition(":")
        if kind in ("step", "place", "temple", "put"):
            q, r = (int(x) for x in arg.split(":")[0].split(","))
            out[DATA.hexes.index((q, r))] = "*" if kind == "step" else "+"
    return out


def _cell(s: Any, p: int, h: int, marks: dict[int, str]) -> tuple[str, str]:
    t = s.tiles[p][h]
    n_res = sum(s.res[p][h * 5:h * 5 + 5])
    if s.sun[p] == h:
        return "@" + marks.get(h, " "), "sun"
    if t < 0:
        if h in marks:
            return marks[h] + " ", "current"
        return ("." if DATA.light[h] else ":") + " ", "dim"
    ch = LAND_LETTER[t] if t < 5 else SPECIAL_LETTER[t - 5]
    extra = "^" if s.temples[p][h] else (str(n_res) if n_res else " ")
    if h in marks:  # a temple or a resource may go onto this tile
        extra = marks[h]
    return ch + extra, ("he-" + COLOURS[t]) if t < 5 else "he-special"


def board_lines(s: Any, p: int, marks: dict[int, str] | None = None) -> Segments:
    """Player p's hex board as styled rows (flat-top columns q = -4..4, 3 characters apart), with
    the board coordinates: column letters above and below, and each row's outermost hexes named."""
    marks = marks or {}
    rows: dict[int, dict[int, int]] = {}
    for h, (q, r) in enumerate(DATA.hexes):
        rows.setdefault(2 * r + q, {})[q] = h
    qs = sorted({q for q, _ in DATA.hexes})
    letters = [("    ", "")]
    for i, q in enumerate(qs):
        letters.append(((" " * 2 if i else "") + COLUMN_LETTERS[i], "label"))
    out: Segments = [letters]
    for y in sorted(rows):
        first = rows[y][min(rows[y])]
        line: list[tuple[str, str]] = [(f"{hex_label(first):>3} ", "dim")]
        col = 0
        for q in sorted(rows[y]):
            x = (q - qs[0]) * 3
            line.append((" " * (x - col), ""))
            text, style = _cell(s, p, rows[y][q], marks)
            line.append((text, style))
            col = x + len(text)
        line.append((hex_label(rows[y][max(rows[y])]), "dim"))
        out.append(line)
    out.append(letters)
    return out


def _status(s: Any, names: list[str]) -> str:
    from heliopolis.games.helios.phases import PH_IDLE, PHASE_NAMES

    if s.is_terminal():
        return "game over"
    if s.is_chance_node():
        return "chance: " + PHASE_NAMES[s.phase]
    phase = PHASE_NAMES[s.phase] if s.phase != PH_IDLE else "idle"
    return f"{names[s.current_player()]} to move ({phase})"


def render_segments(s: Any, viewer: int | None = None, *, omniscient: bool = True, names: list[str] | None = None,
                    events: int = 0) -> Segments:  # fmt: skip
    """The whole table as styled lines. Nothing in Helios is hidden (HE-GEN-7): ``viewer`` only
    marks "(you)", and ``omniscient`` changes nothing."""
    n = s.game.players
    names = names or [f"P{p}" for p in range(n)]
    cp = -1 if s.is_terminal() or s.is_chance_node() else s.current_player()
    out: Segments = [[("HELIOS", "title"), (f" · {n} players · round {min(s.round, DATA.rounds[n])} of {DATA.rounds[n]}"
                                                 f" · dragon {names[s.dragon] if s.dragon >= 0 else '-'} · ", "dim"),
                      (_status(s, names), "bold")]]  # fmt: skip
    cols = "  ".join(f"{SYMBOLS[i]} [{' '.join(TILE_COLOURS[c] for c in s.columns[i]) or '-'}]" for i in range(3))
    out.append([("Action tiles ", "label"), (cols, "tile")])
    land = " ".join((COLOURS[c] if c >= 0 else "-") for c in s.face_up)
    specials = " ".join(f"{SPECIALS[k]}×{s.special[k]}" for k in range(4) if s.special[k])
    out.append([("Land tiles   ", "label"), (land, "tile"), (f"  (extra stack {sum(s.extra)})  specials: {specials or '-'}", "dim")])
    persons = ", ".join(DATA.persons[i].name for i in range(8) if s.persons_free >> i & 1)
    out.append([("Persons      ", "label"), (persons or "none left", "dim")])
    if s.hand:
        what = (COLOURS[s.hand[1]] + " land tile") if s.hand[0] == "land" else (SPECIALS[s.hand[1]] + " special tile")
        out.append([("In hand      ", "label"), (what, "bold")])
    if s.pay:
        kind, _what, spec, one, anyn = s.pay
        due = [f"{k} {COLOURS[c]}" for c, k in enumerate(spec) if k]
        due += [f"{one} black or blue"] if one else []
        due += [f"{anyn} of any colour"] if anyn else []
        out.append([("Payment due  ", "label"), (f"for the {kind}: {', '.join(due) or 'nothing'}", "bold")])
    if s.bonus_pending:
        out.append([("Bonus actions", "label"), (f" {s.bonus_pending} pending", "bold")])
    for p in range(n):
        out.append([])
        you = " (you)" if viewer == p else ""
        slots = " ".join(f"{TILE_COLOURS[sl]} {slot_count(s, p, sl)}" for sl in range(3))
        rng = "coast (Kraftwerk)" if has(s, p, POWER_PLANT) else str(s.rng[p])
        out.append([("▶ " if p == cp else "  ", "bold"), (names[p] + you, "current" if p == cp else "bold"),
                    (f"  {s.vp[p]} VP  mana {s.mana[p]}  sun range {rng}  laps {s.x[p]}/{s.xmax[p]}  slots {slots}",
                     "")])  # fmt: skip
        built = ", ".join(DATA.buildings[i].name for i in range(12) if s.buildings[p] >> i & 1)
        owned = ", ".join(DATA.persons[i].name + (" ✓" if s.active[p] >> i & 1 else "")
                          for i in range(8) if s.owned[p] >> i & 1)  # fmt: skip
        out.append([("    buildings ", "label"), (built or "-", "dim"), ("  persons ", "label"), (owned or "-", "dim")])
        out += board_lines(s, p, _targets(s, p) if p == cp else None)
    out.append([("  " + LEGEND, "dim")])
    if s.final:
        out.append([])
        for cat, vals in R.breakdown(s).items():
            out.append([(f"  {cat:<10}", "label"), ("".join(f"{v:>6}" for v in vals), "")])
        out.append([("Final      ", "title"), ("".join(f"{v:>6}" for v in s.final), "bold")])
        out.append([("Winners: ", "title"), (", ".join(names[p] for p in s.winners()), "bold")])
    return out


def render_text(s: Any, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(s, viewer, omniscient=omniscient))


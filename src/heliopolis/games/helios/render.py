"""Text rendering of a Helios state (``str(state)``): styled lines, no terminal library."""

from __future__ import annotations

from typing import Any

from heliopolis.core.helpers import Segments, segments_text
from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import COLOURS, DATA, SYMBOLS, TILE_COLOURS

_TILE = "UBGNK"  # blue brown grey green black (land), then specials F C R T
_SPECIAL = "FCRT"


def _hex_char(s: Any, p: int, h: int) -> str:
    t = s.tiles[p][h]
    if s.sun[p] == h:
        return "@"
    if t < 0:
        return "." if DATA.light[h] else ":"
    ch = _TILE[t] if t < 5 else _SPECIAL[t - 5]
    if s.temples[p][h]:
        return ch.lower() if t < 5 else ch.lower()
    return ch


def board_lines(s: Any, p: int) -> list[str]:
    """The hex board, one text row per value of 2r+q (flat-top columns q = -4..4)."""
    rows: dict[int, dict[int, str]] = {}
    for h, (q, r) in enumerate(DATA.hexes):
        rows.setdefault(2 * r + q, {})[q] = _hex_char(s, p, h)
    out = []
    for y in sorted(rows):
        line = [" "] * 37
        for q, ch in rows[y].items():
            line[(q + 4) * 4 + 2] = ch
        out.append("".join(line).rstrip())
    return out


def render_segments(s: Any) -> Segments:
    lines: Segments = []
    n = s.game.players
    lines.append([(f"Helios, {n} players, round {s.round}/{DATA.rounds[n]}, dragon P{s.dragon}", "title")])
    cols = "  ".join(f"{SYMBOLS[i]}:[{' '.join(TILE_COLOURS[c][0] for c in s.columns[i])}]" for i in range(3))
    lines.append([("Columns ", "label"), (cols, "")])
    land = " ".join((COLOURS[c] if c >= 0 else "-") for c in s.face_up)
    lines.append([("Land ", "label"), (land, ""), (f"  extra stack {sum(s.extra)}", "dim")])
    for p in range(n):
        slots = "/".join(str(R.slot_count(s, p, sl)) for sl in range(3))
        lines.append([(f"P{p}", "label"), (f" VP {s.vp[p]} mana {s.mana[p]} range {s.rng[p]} slots {slots}", "")])
        for row in board_lines(s, p):
            lines.append([("   " + row, "dim")])
    if s.final:
        lines.append([("Final: " + " ".join(map(str, s.final)), "title")])
    return lines


def render_text(s: Any) -> str:
    return segments_text(render_segments(s))

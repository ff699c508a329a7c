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
from heliopolis.games.helios.components import (
    COLOURS,  # fmt: skip
    COLUMN_LETTERS,
    DATA,
    SPECIALS,
    SYMBOLS,
    TILE_COLOURS,
    hex_label,
)
from heliopolis.games.helios.legality import has, slot_count
from heliopolis.games.helios.phases import POWER_PLANT
from heliopolis.locale import joined, msg, padded

LAND_LETTER = "UBGNK"  # blue brown grey green black (U: blue, so that B can be brown)
SPECIAL_LETTER = "FCRT"  # free fields, created land, resources, temples


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
    n_res = sum(s.res[p][h * 5 : h * 5 + 5])
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
    for i in range(len(qs)):
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


B = "helios.board."


def _status(s: Any, names: list[str]) -> Any:
    from heliopolis.games.helios.phases import PH_IDLE, PHASE_NAMES

    if s.is_terminal():
        return msg(B + "game_over")
    if s.is_chance_node():
        return msg(B + "chance", phase=msg(B + "phase." + PHASE_NAMES[s.phase]))
    phase = PHASE_NAMES[s.phase] if s.phase != PH_IDLE else "idle"
    return msg(B + "to_move", who=names[s.current_player()], phase=msg(B + "phase." + phase))


def _building(i: int) -> Any:
    return msg(f"helios.building.{DATA.buildings[i].id}")


def _person(i: int) -> Any:
    return msg(f"helios.person.{DATA.persons[i].id}")


def render_segments(s: Any, viewer: int | None = None, *, omniscient: bool = True, names: list[str] | None = None,
                    events: int = 0) -> Segments:  # fmt: skip
    """The whole table as styled lines. Nothing in Helios is hidden (HE-GEN-7): ``viewer`` only
    marks "(you)", and ``omniscient`` changes nothing. Words are catalog messages
    (``helios.board.*`` and the game's terms): the terminal shows them in its language."""
    n = s.game.players
    names = names or [f"P{p}" for p in range(n)]
    cp = -1 if s.is_terminal() or s.is_chance_node() else s.current_player()
    header = msg(B + "header", n=n, round=min(s.round, DATA.rounds[n]), rounds=DATA.rounds[n],
                 dragon=names[s.dragon] if s.dragon >= 0 else "-")  # fmt: skip
    out: Segments = [[("HELIOS", "title"), (padded(header, lead=" ", trail=" "), "dim"), (_status(s, names), "bold")]]
    cols = joined([msg(B + "column", symbol=msg(f"helios.symbol.{SYMBOLS[i]}"),
                       tiles=joined([msg(f"helios.tile_colour.{TILE_COLOURS[c]}") for c in s.columns[i]]) or "-")
                   for i in range(3)], "  ")  # fmt: skip
    out.append([(padded(msg(B + "action_tiles"), 13), "label"), (cols, "tile")])
    land = joined([msg(f"helios.colour.{COLOURS[c]}") if c >= 0 else "-" for c in s.face_up])
    specials = joined([msg(B + "special_n", special=msg(f"helios.special.{SPECIALS[k]}"), n=s.special[k])
                       for k in range(4) if s.special[k]])  # fmt: skip
    out.append([(padded(msg(B + "land_tiles"), 13), "label"), (land, "tile"),
                (padded(msg(B + "extra", n=sum(s.extra), specials=specials or "-"), lead="  "), "dim")])  # fmt: skip
    persons = joined([_person(i) for i in range(8) if s.persons_free >> i & 1], ", ")
    out.append([(padded(msg(B + "persons"), 13), "label"), (persons or msg(B + "none_left"), "dim")])
    if s.hand:
        what = (msg(B + "hand_land", colour=msg(f"helios.colour.{COLOURS[s.hand[1]]}")) if s.hand[0] == "land"
                else msg(B + "hand_special", special=msg(f"helios.special.{SPECIALS[s.hand[1]]}")))  # fmt: skip
        out.append([(padded(msg(B + "in_hand"), 13), "label"), (what, "bold")])
    if s.pay:
        kind, _what, spec, one, anyn = s.pay
        due: list[Any] = [
            msg(B + "due_colour", n=k, colour=msg(f"helios.colour.{COLOURS[c]}")) for c, k in enumerate(spec) if k
        ]
        due += [msg(B + "due_black_or_blue", n=one)] if one else []
        due += [msg(B + "due_any", n=anyn)] if anyn else []
        out.append([(padded(msg(B + "payment_due"), 13), "label"),
                    (msg(B + "pay_for", kind=msg(B + "pay_kind." + kind), due=joined(due, ", ") if due else msg(B + "nothing")), "bold")])  # fmt: skip
    if s.bonus_pending:
        out.append(
            [(msg(B + "bonus_actions"), "label"), (padded(msg(B + "pending", n=s.bonus_pending), lead=" "), "bold")]
        )
    for p in range(n):
        out.append([])
        who: Any = msg(B + "you", who=names[p]) if viewer == p else names[p]
        slots = joined([msg(B + "slot", colour=msg(f"helios.tile_colour.{TILE_COLOURS[sl]}"), n=slot_count(s, p, sl))
                        for sl in range(3)])  # fmt: skip
        rng: Any = (
            msg(B + "coast", building=msg("helios.building.power_plant")) if has(s, p, POWER_PLANT) else str(s.rng[p])
        )
        out.append([("▶ " if p == cp else "  ", "bold"), (who, "current" if p == cp else "bold"),
                    (padded(msg(B + "stats", vp=s.vp[p], mana=s.mana[p], range=rng, laps=s.x[p], of=s.xmax[p], slots=slots),
                            lead="  "), "")])  # fmt: skip
        built = joined([_building(i) for i in range(12) if s.buildings[p] >> i & 1], ", ")
        owned = joined([joined([_person(i), "✓"]) if s.active[p] >> i & 1 else _person(i)
                        for i in range(8) if s.owned[p] >> i & 1], ", ")  # fmt: skip
        out.append([(padded(msg(B + "buildings"), lead="    ", trail=" "), "label"), (built or "-", "dim"),
                    (padded(msg(B + "persons_owned"), lead="  ", trail=" "), "label"), (owned or "-", "dim")])  # fmt: skip
        out += board_lines(s, p, _targets(s, p) if p == cp else None)
    out.append([(padded(msg(B + "legend"), lead="  "), "dim")])
    if s.final:
        out.append([])
        for cat, vals in R.breakdown(s).items():
            out.append(
                [(padded(msg(B + "cat." + cat), 12, lead="  "), "label"), ("".join(f"{v:>6}" for v in vals), "")]
            )
        out.append([(padded(msg(B + "final"), 11), "title"), ("".join(f"{v:>6}" for v in s.final), "bold")])
        out.append(
            [(padded(msg(B + "winners"), trail=" "), "title"), (joined([names[p] for p in s.winners()], ", "), "bold")]
        )
    return out


def render_text(s: Any, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(s, viewer, omniscient=omniscient))

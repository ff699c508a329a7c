"""Text rendering of a Men-Nefer state (``str(state)``): styled lines, no terminal library."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.helpers import Segments, segments_text
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    FAVOUR_KINDS,
    NUM_HOUSES,
    WARE_SPACES,
    loc_name,
)
from heliopolis.games.men_nefer.texts import view_tables
from heliopolis.locale import joined, msg, padded

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

PRIEST_W = (DATA.rooms + 1) * 2
APPR_W = NUM_HOUSES * 2
ROW_LEN = len(DATA.papyrus_slot_cost)
NPOS = len(DATA.gp_build_places)
_FAV = ("food_or_heka", "feather", "heart", "eye")  # men-nefer.board.fav.<kind>: F/H, Fea, Hrt, Eye
B = "men-nefer.board."


def _id(ids: tuple[str, ...], i: int) -> str:
    return ids[i] if i >= 0 else "--"


def _duat(s: MenNeferState, p: int) -> str:
    cells = []
    for x in range(DATA.duat_last + 1):
        h, f = s.heart[p] == x, s.feather[p] == x
        cells.append("X" if h and f else "H" if h else "F" if f else ("^" if x in DATA.scales else "."))
    return "".join(cells)


def _houses(s: MenNeferState) -> Segments:
    n = s.n
    out = []
    for h in DATA.house_order:
        parts = []
        for side, name in ((0, "sun"), (1, "moon")):
            who = []
            for o in range(n + 1):
                who += ["N" if o == n else str(o)] * s.appr[o * APPR_W + h * 2 + side]
            parts.append(msg(B + name, who="".join(who)))
        out.append([(padded(msg(B + "house." + DATA.houses[h]), 13, lead="  "), "dim"), (joined(parts), "dim")])
    return out


def _tile_text(s: MenNeferState, t: int) -> Any:
    if t < 0:
        return "--"
    tid = DATA.tile_ids[t]
    return msg(B + "tile", id=tid, text=view_tables(s.opt)["tiles"][tid]["text"])


def _player_lines(s: MenNeferState, p: int, name: Any, current: bool) -> Segments:
    na = DATA.apprentices
    lines: Segments = []
    used = joined([msg(B + "used", option=msg(B + "option." + o), n=s.used[p * 3 + i], of=DATA.options_per_era)
                   for i, o in enumerate(("visit", "raise", "take"))])  # fmt: skip
    lines.append([("▶ " if current else "  ", "bold"), (name, "current" if current else "bold"),
                  (padded(msg(B + "stats", pp=s.pp[p], food=s.food[p], heka=s.heka[p], used=used), lead="  "), "")])  # fmt: skip
    for k in range(na):  # apprentice k's action tile; * = the apprentice is at home
        home = msg(B + ("at_home" if s.home[p] >> k & 1 else "out"))
        lines.append([(padded(msg(B + "apprentice", k=k + 1, home=home), lead="    ", trail=" "), "dim"),
                      (_tile_text(s, s.slots[p * na + k]), "tile")])  # fmt: skip
    scar = joined([msg(B + "scarab_at", house=msg(B + "house_short." + DATA.houses[h]), n=s.scarab[p * NUM_HOUSES + h])
                   for h in range(NUM_HOUSES)])  # fmt: skip
    lines.append([(padded(msg(B + "duat"), lead="    ", trail=" "), "dim"), (_duat(s, p), ""),
                  (padded(msg(B + "scarabs", scarabs=scar, glyph=s.glyph[p]), lead="  "), "dim")])  # fmt: skip
    pr = s.priest[p * PRIEST_W : (p + 1) * PRIEST_W]
    temple = " ".join(f"{r}:{pr[2 * r]}{'+' + str(pr[2 * r + 1]) + 'L' if pr[2 * r + 1] else ''}"
                      for r in range(DATA.rooms + 1))  # fmt: skip
    boats = ",".join(loc_name(s.boats[p * DATA.boats + b]) for b in range(DATA.boats))
    lines.append(
        [("    ", ""), (msg(B + "pieces1", sun=s.sun[p], gp=s.gp[p], qp=s.qp[p], temple=temple, boats=boats), "")]
    )
    wares = " ".join(("." if s.wares[p * WARE_SPACES + i] < 0 else
                      DATA.ware_ids[s.wares[p * WARE_SPACES + i]] + ("" if s.ware_state[p * WARE_SPACES + i] == 1 else "'"))
                     for i in range(WARE_SPACES))  # fmt: skip
    row = " ".join(DATA.papyrus_ids[x] for x in s.row[p * ROW_LEN : (p + 1) * ROW_LEN] if x >= 0) or "-"
    pieces = msg(B + "pieces2", sphinx=f"{s.sphinx_sup[p]}/{s.sphinx_av[p]}", mummy=f"{s.mummy_sup[p]}/{s.sarc_av[p]}",
                 eye=f"{s.eye_sup[p]}/{s.eye_av[p]}", wares=wares, papyri=row, rolled=s.rolled[p])  # fmt: skip
    lines.append([("    ", ""), (pieces, "dim")])
    w = DATA.ta_slots
    tas = " ".join(DATA.ta_ids[t >> 1] + ("✓" if t & 1 else "") for t in s.ta[p * w : (p + 1) * w] if t >= 0) or "-"
    lines.append([(padded(msg(B + "agreements"), lead="    ", trail=" "), "dim"), (tas, "")])
    return lines


def render_segments(s: MenNeferState, viewer: int | None = None, *, omniscient: bool = True, names: list[str] | None = None,
                    events: int = 0) -> Segments:  # fmt: skip
    """The whole table as styled lines. Nothing in the state is hidden (bags and stacks are sets of
    what is inside; only their sizes are shown), so ``omniscient`` changes nothing; ``viewer``
    marks "(you)". Words are catalog messages (``men-nefer.board.*``): the terminal shows them in
    its language, ``str(state)`` in English."""
    n = s.n
    names_: list[Any] = [msg(B + "you", who=nm) if p == viewer else nm
                         for p, nm in enumerate(names or [f"P{p}" for p in range(n)])]  # fmt: skip
    lines: Segments = []
    status = (
        msg(B + "game_over") if s.over else msg(B + "to_move", who=msg(B + "chance") if s.chance else names_[s.actor])
    )
    lines.append(
        [(msg(B + "title", n=n, era=s.era, round=max(s.rnd, 0) + 1), "title"), (padded(status, lead="  "), "dim")]
    )
    lines.append([(padded(msg(B + "turn_order"), trail=" "), "label"), (" ".join(f"P{p}" for p in s.order), ""),
                  (padded(msg(B + "deity"), lead="  ", trail=" "), "label"),
                  (msg(B + "deity_id." + DATA.deity_ids[s.deity]) if s.deity >= 0 else "-", "")])  # fmt: skip
    lines.append([(padded(msg(B + "display"), trail=" "), "label"),
                  (msg(B + "supply", tile=_tile_text(s, s.supply_top), n=len(s.discard)), "dim")])  # fmt: skip
    for k, t in enumerate(s.display):  # slot k: its food cost or gain, then the tile
        slot = view_tables(s.opt)["display"][k]
        lines.append([(padded(msg(B + "slot", k=k + 1, food=f"{slot['food']:+d}", text=slot["text"]), lead="  ", trail=" "), "dim"),
                      (_tile_text(s, t), "tile")])  # fmt: skip
    lines.append([(padded(msg(B + "markets"), trail=" "), "label"),
                  (msg(B + "wares", ids=" ".join(_id(DATA.ware_ids, w) for w in s.ware_mkt)), ""),
                  (padded(msg(B + "papyri", ids=" ".join(_id(DATA.papyrus_ids, x) for x in s.pap_mkt)), lead="  "), "")])  # fmt: skip
    cities = "  ".join(f"{loc_name(DATA.sections + c)}:{_id(DATA.advantage_ids, s.city_adv[c])}["
                       + ",".join(_id(DATA.ta_ids, t) for t in s.city_ta[c * CITY_SLOTS:(c + 1) * CITY_SLOTS]) + "]"
                       for c in range(len(DATA.city_arrow)))  # fmt: skip
    lines.append([(padded(msg(B + "cities"), trail=" "), "label"), (cities, "")])
    gp = joined(
        [
            joined(
                [
                    "." if f < 0 else msg(B + "fav." + FAVOUR_KINDS[f]) if FAVOUR_KINDS[f] in _FAV else "?"
                    for f in s.gp_grid[lv * NPOS : (lv + 1) * NPOS]
                ]
            )
            for lv in range(len(DATA.gp_piece_favours))
        ],
        " | ",
    )
    if s.pyramidion:
        gp = joined([gp, msg(B + "pyramidion")], " | ")
    lines.append([(padded(msg(B + "great_pyramid"), trail=" "), "label"), (gp, ""),
                  (padded(msg(B + "queens", tiles=" ".join(f"{_id(DATA.queen_tiles, s.qtiles[q])}:{s.qp_levels[q]}"
                                                         for q in range(DATA.queens))), lead="  "), "dim")])  # fmt: skip
    graves = " ".join(f"{DATA.grave_ids[g]}={o}" for g, o in enumerate(s.graves) if o >= 0) or "-"
    mast = joined([msg(B + "mastaba_at", slot=msg(B + "mslot." + DATA.mastaba_slots[k].lower()), tile=_id(DATA.mastaba_ids, m))
                   for k, m in enumerate(s.mastaba)])  # fmt: skip
    lines.append([(padded(msg(B + "necropolis"), trail=" "), "label"), (graves, ""),
                  (padded(msg(B + "mastabas", tiles=mast), lead="  "), "dim")])  # fmt: skip
    peds = (
        joined(
            [
                msg(
                    B + "pedestal_at",
                    avenue=msg(B + "avenue." + DATA.pedestal_ids[i].split("-")[1]),
                    numeral=DATA.pedestal_ids[i].split("-")[2],
                    owner=o,
                )
                for i, o in enumerate(s.pedestals)
                if o >= 0
            ]
        )
        or "-"
    )
    temple = " ".join(f"{DATA.temple_ids[t]}={o}" for t, o in enumerate(s.temple) if o >= 0) or "-"
    lines.append([(padded(msg(B + "sphinxes"), trail=" "), "label"), (peds, ""),
                  (padded(msg(B + "temple_baskets"), lead="  ", trail=" "), "label"), (temple, "")])  # fmt: skip
    lines.append([(msg(B + "houses"), "label")])
    lines += _houses(s)
    for p in range(n):
        lines += _player_lines(s, p, names_[p], not s.over and not s.chance and s.actor == p)
    for era, before, after in s.harvest_log:
        parts = " · ".join(f"P{p} {after[p] - before[p]:+d} → {after[p]}" for p in range(n))
        lines.append([(padded(msg(B + "harvest", era=era), trail=" "), "label"), (parts, "dim")])
    if s.over:
        lines.append([(padded(msg("cli.board.winner"), trail=" "), "label"), (joined([names_[p] for p in s.winners()], ", "), "title"),
                      (padded(msg(B + "final", pp=str(s.pp)), lead="  "), "bold")])  # fmt: skip
    return lines


def render_text(s: MenNeferState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(s, viewer, omniscient=omniscient))

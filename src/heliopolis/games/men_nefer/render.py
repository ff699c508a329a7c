"""Text rendering of a Men-Nefer state (``str(state)``): styled lines, no terminal library."""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.core.helpers import Segments, segments_text
from heliopolis.games.men_nefer.views import view_tables
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    FAVOUR_KINDS,
    NUM_HOUSES,
    WARE_SPACES,
    loc_name,
)

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

PRIEST_W = (DATA.rooms + 1) * 2
APPR_W = NUM_HOUSES * 2
ROW_LEN = len(DATA.papyrus_slot_cost)
NPOS = len(DATA.gp_build_places)
_FAV = {"food_or_heka": "F/H", "feather": "Fea", "heart": "Hrt", "eye": "Eye"}


def _id(ids: tuple[str, ...], i: int) -> str:
    return ids[i] if i >= 0 else "--"


def _duat(s: MenNeferState, p: int) -> str:
    cells = []
    for x in range(DATA.duat_last + 1):
        h, f = s.heart[p] == x, s.feather[p] == x
        cells.append("X" if h and f else "H" if h else "F" if f else ("^" if x in DATA.scales else "."))
    return "".join(cells)


def _houses(s: MenNeferState) -> list[str]:
    n = s.n
    out = []
    for h in DATA.house_order:
        parts = []
        for side, name in ((0, "sun"), (1, "moon")):
            who = []
            for o in range(n + 1):
                who += ["N" if o == n else str(o)] * s.appr[o * APPR_W + h * 2 + side]
            parts.append(f"{name}[{''.join(who)}]")
        out.append(f"  {DATA.houses[h]:<10} {' '.join(parts)}")
    return out


def _tile_text(s: MenNeferState, t: int) -> str:
    if t < 0:
        return "--"
    tid = DATA.tile_ids[t]
    return f"{tid} ({view_tables(s.opt)['tiles'][tid]['text']})"


def _player_lines(s: MenNeferState, p: int, name: str, current: bool) -> Segments:
    na = DATA.apprentices
    lines: Segments = []
    used = " ".join(f"{o} {s.used[p * 3 + i]}/{DATA.options_per_era}" for i, o in enumerate(("visit", "raise", "take")))
    lines.append([("▶ " if current else "  ", "bold"), (name, "current" if current else "bold"),
                  (f"  PP {s.pp[p]}  food {s.food[p]}  heka {s.heka[p]}  this era: {used}", "")])  # fmt: skip
    for k in range(na):  # apprentice k's action tile; * = the apprentice is at home
        home = "at home" if s.home[p] >> k & 1 else "out"
        lines.append([(f"    apprentice {k + 1} ({home}): ", "dim"), (_tile_text(s, s.slots[p * na + k]), "tile")])
    scar = " ".join(f"{DATA.houses[h][:3]}{s.scarab[p * NUM_HOUSES + h]}" for h in range(NUM_HOUSES))
    lines.append([("    duat ", "dim"), (_duat(s, p), ""), (f"  scarabs {scar}  glyph {s.glyph[p]}", "dim")])
    pr = s.priest[p * PRIEST_W:(p + 1) * PRIEST_W]
    temple = " ".join(f"{r}:{pr[2 * r]}{'+' + str(pr[2 * r + 1]) + 'L' if pr[2 * r + 1] else ''}"
                      for r in range(DATA.rooms + 1))  # fmt: skip
    boats = ",".join(loc_name(s.boats[p * DATA.boats + b]) for b in range(DATA.boats))
    lines.append([("    ", ""), (f"sun {s.sun[p]}  GP {s.gp[p]}  QP {s.qp[p]}  priestesses {temple}  boats {boats}", "")])
    wares = " ".join(("." if s.wares[p * WARE_SPACES + i] < 0 else
                      DATA.ware_ids[s.wares[p * WARE_SPACES + i]] + ("" if s.ware_state[p * WARE_SPACES + i] == 1 else "'"))
                     for i in range(WARE_SPACES))  # fmt: skip
    row = " ".join(DATA.papyrus_ids[x] for x in s.row[p * ROW_LEN:(p + 1) * ROW_LEN] if x >= 0) or "-"
    pieces = (f"sphinx {s.sphinx_sup[p]}/{s.sphinx_av[p]}  mummy {s.mummy_sup[p]}/{s.sarc_av[p]}  "
              f"eye {s.eye_sup[p]}/{s.eye_av[p]}  wares {wares}  papyri {row} (+{s.rolled[p]} rolled)")
    lines.append([("    ", ""), (pieces, "dim")])
    w = DATA.ta_slots
    tas = " ".join(DATA.ta_ids[t >> 1] + ("✓" if t & 1 else "") for t in s.ta[p * w:(p + 1) * w] if t >= 0) or "-"
    lines.append([("    agreements ", "dim"), (tas, "")])
    return lines


def render_segments(s: MenNeferState, viewer: int | None = None, *, omniscient: bool = True, names: list[str] | None = None,
                    events: int = 0) -> Segments:  # fmt: skip
    """The whole table as styled lines. Nothing in the state is hidden (bags and stacks are sets of
    what is inside; only their sizes are shown), so ``omniscient`` changes nothing; ``viewer``
    marks "(you)"."""
    n = s.n
    names = [(nm + (" (you)" if p == viewer else "")) for p, nm in enumerate(names or [f"P{p}" for p in range(n)])]
    lines: Segments = []
    status = "game over" if s.over else f"to move: {'chance' if s.chance else names[s.actor]}"
    lines.append([(f"Men-Nefer, {n} players, era {s.era}, round {max(s.rnd, 0) + 1}", "title"), (f"  {status}", "dim")])
    lines.append([("Turn order ", "label"), (" ".join(f"P{p}" for p in s.order), ""),
                  ("  deity ", "label"), (DATA.deity_ids[s.deity] if s.deity >= 0 else "-", "")])  # fmt: skip
    lines.append([("Display ", "label"), (f"supply top {_tile_text(s, s.supply_top)}  discard {len(s.discard)}", "dim")])
    for k, t in enumerate(s.display):  # slot k: its food cost or gain, then the tile
        slot = view_tables(s.opt)["display"][k]
        lines.append([(f"  slot {k + 1} ({slot['food']:+d} food, {slot['text']}): ", "dim"), (_tile_text(s, t), "tile")])
    lines.append([("Markets ", "label"), ("wares " + " ".join(_id(DATA.ware_ids, w) for w in s.ware_mkt), ""),
                  ("  papyri " + " ".join(_id(DATA.papyrus_ids, x) for x in s.pap_mkt), "")])  # fmt: skip
    cities = "  ".join(f"{loc_name(DATA.sections + c)}:{_id(DATA.advantage_ids, s.city_adv[c])}["
                       + ",".join(_id(DATA.ta_ids, t) for t in s.city_ta[c * CITY_SLOTS:(c + 1) * CITY_SLOTS]) + "]"
                       for c in range(len(DATA.city_arrow)))  # fmt: skip
    lines.append([("Cities ", "label"), (cities, "")])
    gp = " | ".join(" ".join(_FAV.get(FAVOUR_KINDS[f], "?") if f >= 0 else "." for f in s.gp_grid[lv * NPOS:(lv + 1) * NPOS])
                    for lv in range(len(DATA.gp_piece_favours)))  # fmt: skip
    lines.append([("Great Pyramid ", "label"), (gp + (" | pyramidion" if s.pyramidion else ""), ""),
                  ("  queens " + " ".join(f"{_id(DATA.queen_tiles, s.qtiles[q])}:{s.qp_levels[q]}"
                                          for q in range(DATA.queens)), "dim")])  # fmt: skip
    graves = " ".join(f"{DATA.grave_ids[g]}={o}" for g, o in enumerate(s.graves) if o >= 0) or "-"
    mast = " ".join(f"{DATA.mastaba_slots[k]}={_id(DATA.mastaba_ids, m)}" for k, m in enumerate(s.mastaba))
    lines.append([("Necropolis ", "label"), (graves, ""), (f"  mastabas {mast}", "dim")])
    peds = " ".join(f"{DATA.pedestal_ids[i]}={o}" for i, o in enumerate(s.pedestals) if o >= 0) or "-"
    temple = " ".join(f"{DATA.temple_ids[t]}={o}" for t, o in enumerate(s.temple) if o >= 0) or "-"
    lines.append([("Sphinxes ", "label"), (peds, ""), ("  temple baskets ", "label"), (temple, "")])
    lines.append([("Houses of life", "label")])
    lines += [[(x, "dim")] for x in _houses(s)]
    for p in range(n):
        lines += _player_lines(s, p, names[p], not s.over and not s.chance and s.actor == p)
    for era, before, after in s.harvest_log:
        parts = " · ".join(f"P{p} {after[p] - before[p]:+d} → {after[p]}" for p in range(n))
        lines.append([(f"Harvest {era}: ", "label"), (parts, "dim")])
    if s.over:
        lines.append([("Winner: ", "label"), (", ".join(names[p] for p in s.winners()), "title"),
                      (f"  final PP {s.pp}", "bold")])  # fmt: skip
    return lines


def render_text(s: MenNeferState, viewer: int | None = None, *, omniscient: bool = True) -> str:
    return segments_text(render_segments(s, viewer, omniscient=omniscient))

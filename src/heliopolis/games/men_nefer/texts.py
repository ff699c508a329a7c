"""Men-Nefer texts: the printed actions in words (``effect_text``, ``group_text``) and the fixed board
and component texts of the browser view (``view_tables``), all read from the data file; ``views.py``
puts them into ``player_view``, ``log.py`` and ``render.py`` read them too.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from heliopolis.games.men_nefer import flow
from heliopolis.games.men_nefer.components import (
    CHOICE,
    DATA,
    FAVOUR_KINDS,
    GP_CONSTRUCTION,
    GP_FAVOUR,
    GP_SEAL,
    NUM_HOUSES,
    NUMERALS,
    OPS,
    Effect,
    Group,
    loc_name,
)
from heliopolis.locale import msg

# -- texts and static tables for the browser view --------------------------------------------------------
# Short English texts for the printed actions (the notation of MN-DATA, in words), so a browser view
# shows exactly the tiles, tracks and spaces the engine plays with (every value comes from the data file).
# Every printed action is a message of the ``men-nefer`` catalog: men-nefer.effect.<op> with {n}, {bangs}
# (favour !!, mastaba !) and {numeral} (bury II); a group joins its actions with men-nefer.and ("+").


def effect_text(eff: Effect) -> str:
    """One printed action in words (MN-DATA notation): "limestone 2", "boats 2 !", "(carve / embalm)"."""
    op = OPS[eff[0]]
    n = eff[1]
    if eff[0] == CHOICE:
        alts = [group_text(alt) for alt in eff[2]]
        out = alts[-1]
        for alt in reversed(alts[:-1]):
            out = msg("men-nefer.alternatives", first=alt, sep=str(n), rest=out)
        return msg("men-nefer.effect.choice", alternatives=out)
    if op == "priestesses":
        return msg("men-nefer.effect.priestesses_offering" if eff[2] else "men-nefer.effect.priestesses", n=n)
    if op == "boats":
        return (
            msg("men-nefer.effect.boats_activate", n=n, bangs="!" * eff[2])
            if eff[2]
            else msg("men-nefer.effect.boats", n=n)
        )
    args: dict[str, Any] = {"n": n}
    if op in ("favour", "mastaba"):
        args = {"bangs": "!" * n}
    elif op in ("bury", "erect"):
        args = {"numeral": NUMERALS[n]}
    elif op in ("eye", "embalm", "buy_papyrus", "free_papyrus", "buy_ware", "free_ware", "carve", "scarab",
                "take_trade_agreement"):  # fmt: skip
        args = {}
    return msg(f"men-nefer.effect.{op}", **args)


def group_text(g: Group) -> str:
    """A group in words; a lone choice needs no brackets ("heart 1 / feather 1")."""
    if len(g) == 1 and g[0][0] == CHOICE:
        alts = [group_text(alt) for alt in g[0][2]]
        out = alts[-1]
        for alt in reversed(alts[:-1]):
            out = msg("men-nefer.alternatives", first=alt, sep=str(g[0][1]), rest=out)
        return out
    parts = [effect_text(e) for e in g]
    if not parts:
        return msg("men-nefer.nothing")
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("men-nefer.and", first=part, rest=out)
    return out


def _gt(g: Group) -> str:
    """``group_text`` for the cached tables: a ``Msg`` (the browser renders it in its language)."""
    return group_text(g)


# Trade agreement conditions (rulebook: "Handelsabkommen", p. 19) and queens' tile scorings (p. 20):
# men-nefer.agreement.<kind> with {n}; men-nefer.queen_tile.<id>.
_GP_FEATURE = {GP_CONSTRUCTION: "construction", GP_FAVOUR: "favour", GP_SEAL: "seal"}


def _ta_text(t: int, named: bool) -> str:
    kind = DATA.ta_kind[t]
    if kind == "rooms":
        rooms = [str(r) for r in DATA.ta_rooms[t]]
        out: Any = rooms[-1]
        for r in reversed(rooms[:-1]):
            out = msg("men-nefer.agreement.rooms_and", first=r, rest=out)
        return msg("men-nefer.agreement.rooms", rooms=out, n=len(rooms))
    named_houses = DATA.ta_named[t]
    if kind == "two_scarabs" and named and named_houses:
        houses, m = named_houses
        names: Any = msg(f"men-nefer.house.{DATA.houses[houses[-1]]}")
        for h in reversed(houses[:-1]):
            names = msg("men-nefer.and", first=msg(f"men-nefer.house.{DATA.houses[h]}"), rest=names)
        return msg("men-nefer.agreement.two_scarabs_named", houses=names, n=m)
    return msg(f"men-nefer.agreement.{kind}", n=DATA.ta_n[t])


def _board_tables() -> dict[str, Any]:
    """The houses, their tracks, the city tiles, the display and the player boards."""
    return {
        "houses": [DATA.houses[h] for h in DATA.house_order],
        "occupancy_cost": list(DATA.occupancy_cost),
        "tracks": {DATA.houses[h]: [_gt(g) for g in DATA.tracks[h]] for h in range(NUM_HOUSES)},
        "tiles": {
            t: {
                "number": DATA.tile_number[i],
                "glyph": DATA.glyphs[DATA.tile_glyph[i]],
                "text": _gt(DATA.tile_actions[i]),
            }
            for i, t in enumerate(DATA.tile_ids)
        },
        "display": [{"food": f, "text": _gt(g)} for f, g in zip(DATA.display_food, DATA.display_actions)],
        "boards": {
            b: [
                {"glyph": DATA.glyphs[g], "bonus": effect_text(e)}
                for g, e in zip(DATA.board_glyphs[i], DATA.board_bonus[i])
            ]
            for i, b in enumerate(DATA.board_ids)
        },
    }


def _market_tables() -> dict[str, Any]:
    """The ware spaces and wares, the papyri and the two markets."""
    return {
        "ware_spaces": [
            {"space": nm, "level": DATA.ware_space_level[i] + 1, "pp": DATA.ware_space_pp[i]}
            for i, nm in enumerate(DATA.ware_space_names)
        ],
        "wares": {
            w: {"kind": DATA.ware_kinds[DATA.ware_kind[i]], "levels": [_gt(g) for g in _ware_levels(i)]}
            for i, w in enumerate(DATA.ware_ids)
        },
        "ware_market_cost": list(DATA.ware_market_cost),
        "papyri": {
            x: {"left": DATA.drawing_kinds[DATA.papyrus_left[i]], "right": DATA.drawing_kinds[DATA.papyrus_right[i]]}
            for i, x in enumerate(DATA.papyrus_ids)
        },
        "papyrus_market_cost": list(DATA.papyrus_market_cost),
        "papyrus_slot_cost": list(DATA.papyrus_slot_cost),
    }


def _necropolis_tables(free_ware: bool) -> dict[str, Any]:
    """The graves, the mastabas and the sphinx pedestals."""
    mastaba_actions = DATA.mastaba_actions_free_ware if free_ware else DATA.mastaba_actions
    return {
        "graves": {
            g: {
                "column": DATA.grave_column[i],
                "row": "upper" if "-U-" in g else "lower",
                "mastabas": [DATA.mastaba_slots[k] for k in DATA.grave_mastabas[i]],
                "text": _gt(DATA.grave_bonus[i]),
            }
            for i, g in enumerate(DATA.grave_ids)
        },
        "column_activations": list(DATA.column_activations),
        "mastaba_slots": list(DATA.mastaba_slots),
        "mastabas": {
            m: {"pp": DATA.mastaba_pp[i], "text": _gt(mastaba_actions[i])} for i, m in enumerate(DATA.mastaba_ids)
        },
        "pedestals": {
            x: {
                "avenue": x.split("-")[1],
                "numeral": NUMERALS[DATA.pedestal_numeral[i]],
                "text": _gt(DATA.pedestal_bonus[i]),
            }
            for i, x in enumerate(DATA.pedestal_ids)
        },
    }


def _temple_tables(temple_8: bool) -> dict[str, Any]:
    """The temple rooms and tiles, the obelisk and the deities."""
    return {
        "rooms": DATA.rooms,
        "room_cost": list(DATA.room_cost),
        "temple": {
            t: {"room": DATA.temple_room[i], "text": _gt(DATA.temple_actions[i])}
            for i, t in enumerate(DATA.temple_ids)
            if not temple_8 or i in DATA.temple_variant
        },
        "obelisk": [
            {
                "seal": DATA.obelisk_seal[k],
                "deity": DATA.obelisk_deity[k],
                "heka": DATA.obelisk_heka[k] if k and DATA.obelisk_heka[k] != DATA.obelisk_heka[k - 1] else 0,
            }
            for k in range(DATA.obelisk_top + 1)
        ],
        "deities": {d: _gt(DATA.deity_actions[i]) for i, d in enumerate(DATA.deity_ids)},
    }


def _pyramid_tables() -> dict[str, Any]:
    """The Great Pyramid's and the queens' pyramids' tracks and tiles."""
    return {
        "gp_track": [{"feature": _GP_FEATURE.get(kind), "n": n} for kind, n in DATA.gp_feature],
        "gp_build_places": [FAVOUR_KINDS[f] for f in DATA.gp_build_places],
        "qp_track": [
            {"feature": "construction" if k in DATA.qp_construction else None} for k in range(DATA.qp_len + 1)
        ],
        "queen_levels": DATA.queen_levels,
        "queen_tiles": {q: msg(f"men-nefer.queen_tile.{q.lower()}") for q in DATA.queen_tiles},
    }


def _nile_tables(named: bool) -> dict[str, Any]:
    """The Nile's locations and cities, the advantages and the trade agreements."""
    sections = DATA.sections
    borders = {b: a for a, b in DATA.sail_edges if b >= sections and a < sections}
    return {
        "locations": [
            {
                "id": loc_name(i),
                "city": i >= sections,
                "food": DATA.loc_food[i],
                "fishing": DATA.loc_fishing[i],
                **(
                    {
                        "bank": "upper" if DATA.locations[i].startswith("U") else "lower",
                        "borders": loc_name(borders[i]),
                        "arrow": loc_name(DATA.city_arrow[i - sections]),
                    }
                    if i >= sections
                    else {}
                ),
            }
            for i in range(len(DATA.locations))
        ],
        "advantages": {a: _gt(DATA.advantage_actions[i]) for i, a in enumerate(DATA.advantage_ids)},
        "agreements": {
            t: {"value": DATA.ta_value[i], "kind": DATA.ta_kind[i], "text": _ta_text(i, named)}
            for i, t in enumerate(DATA.ta_ids)
        },
    }


@cache
def view_tables(flags: Any) -> dict[str, Any]:
    """The fixed board and component texts (from the data file, under the game's rule options), for
    the browser view: names, costs and printed actions of every tile, track space and board space."""
    named = bool(getattr(flags, "two_scarabs_named", False))
    free_ware = bool(getattr(flags, "mastaba_free_ware", False))
    temple_8 = bool(getattr(flags, "temple_8_total", False))
    return {
        **_board_tables(),
        **_market_tables(),
        **_necropolis_tables(free_ware),
        **_temple_tables(temple_8),
        **_pyramid_tables(),
        **_nile_tables(named),
        "duat": {"last": DATA.duat_last, "scales": sorted(DATA.scales)},
        "track_len": DATA.track_len,
        "options_per_era": DATA.options_per_era,  # each turn option this often per era (MN-FLOW-3)
        "rounds": flow.NOPT * DATA.options_per_era,  # Sowing rounds per era (MN-PHASE-11)
        "eras": DATA.eras,
        "caps": {"food": DATA.cap_food, "heka": DATA.cap_heka},
    }


def _ware_levels(w: int) -> list[tuple[Any, ...]]:
    """The actions printed beside each level of a ware (its offer gives levels I..its space's level)."""
    full = DATA.ware_offer[w]
    out = []
    for lv, g in enumerate(full):
        prev = full[lv - 1] if lv else ()
        out.append(g[len(prev) :] if g[: len(prev)] == prev else g)
    return out

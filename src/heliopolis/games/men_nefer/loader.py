"""Parsing and validating the Men-Nefer data file into a ``Data`` record (``build``).

Every check names the rule it protects, so a hand-corrected data file that breaks an assumption
of the rules code is refused at load time with the reason (``ComponentDataError``).
"""

from __future__ import annotations

from typing import Any, cast

from heliopolis.games.men_nefer.schema import (
    BOATS,
    BURY,
    BUY_WARE,
    CHOICE,
    ERECT,
    FAVOUR,
    FAVOUR_KINDS,
    FEATHER,
    FILE,
    FOOD,
    FOOD_OR_HEKA,
    FREE_WARE,
    GP_CONSTRUCTION,
    GP_FAVOUR,
    GP_NONE,
    GP_SEAL,
    HEART,
    HEKA,
    LIMESTONE,
    MASTABA,
    MIX,
    NUMERALS,
    OPS,
    PP,
    PRIESTESSES,
    SCARAB,
    SIDES,
    SUN,
    ComponentDataError,
    Data,
    Effect,
    Group,
)


def _fail(message: str) -> ComponentDataError:
    return ComponentDataError(f"{FILE}: {message}")


def _check(ok: object, message: str) -> None:
    if not ok:
        raise _fail(message)


def _v(entry: Any) -> Any:
    """Unwraps ``{"value": x, ...}`` entries of the component file."""
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


def _level(text: Any, where: str) -> int:
    _check(text in NUMERALS, f"{where}: level must be one of {NUMERALS}, got {text!r}")
    return NUMERALS.index(text)


def _effect(e: dict[str, Any], where: str) -> Effect:
    op = e.get("op")
    _check(op in OPS, f"{where}: unknown op {op!r}")
    code = OPS.index(op)

    def n(key: str = "n") -> int:
        v = e.get(key)
        _check(isinstance(v, int) and not isinstance(v, bool) and v >= 0, f"{where}: {op} needs an integer {key}")
        return cast(int, v)

    if code in (FOOD, HEKA, PP, HEART, FEATHER, LIMESTONE, FAVOUR, FOOD_OR_HEKA, SUN, MASTABA, MIX):
        return (code, n(), 0)
    if code in (BURY, ERECT):
        return (code, _level(e.get("level"), where), 0)
    if code == PRIESTESSES:
        return (code, n(), 1 if e.get("offering") else 0)
    if code == BOATS:
        acts = n("activations")
        _check(acts <= 2, f"{where}: at most 2 boat activations (! or !!)")
        return (code, n(), acts)
    if code == CHOICE:
        sep = e.get("sep")
        alts: Any = e.get("of")
        _check(isinstance(alts, list) and 2 <= len(alts) <= 3, f"{where}: a choice needs 2 or 3 alternatives")
        _check(sep in ("/", "⊥"), f"{where}: unknown separator {sep!r}")
        return (code, sep, tuple(_group(a, f"{where}/alternative {i + 1}") for i, a in enumerate(alts)))
    return (code, 0, 0)


def _group(items: Any, where: str) -> Group:
    _check(isinstance(items, list), f"{where}: actions must be a list")
    return _checked(tuple(_effect(e, where) for e in items), where)


def _checked(g: Group, where: str) -> Group:
    seen: dict[int, Effect] = {}
    for eff in g:  # ``do:<op>`` names an item by its op, so same-op items must be interchangeable
        _check(seen.setdefault(eff[0], eff) == eff, f"{where}: two different {OPS[eff[0]]} actions in one group")
    return g


def _ops_in(g: Group) -> set[int]:
    out = set()
    for eff in g:
        out.add(eff[0])
        if eff[0] == CHOICE:
            for alt in eff[2]:
                out |= _ops_in(alt)
    return out


def _free_ware(g: Group) -> Group:
    """MN-AMB-8 alternative reading: a mastaba tile's ware icon is a free ware."""
    out: list[Effect] = []
    for eff in g:
        if eff[0] == BUY_WARE:
            out.append((FREE_WARE, 0, 0))
        elif eff[0] == CHOICE:
            out.append((CHOICE, eff[1], tuple(_free_ware(a) for a in eff[2])))
        else:
            out.append(eff)
    return tuple(out)


def _index(ids: list[str], what: str) -> dict[str, int]:
    _check(len(set(ids)) == len(ids), f"duplicate {what} ids")
    return {x: i for i, x in enumerate(ids)}


def build(raw: dict[str, Any]) -> Data:
    """Parses and validates a parsed data file (raises ``ComponentDataError`` naming the problem)."""
    try:
        return _build(raw)
    except ComponentDataError:
        raise
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
        raise _fail(f"missing or malformed entry ({type(e).__name__}: {e})") from e


def _build(raw: dict[str, Any]) -> Data:
    """The data file section by section (each checks its part and returns its ``Data`` fields)."""
    fields = _general(raw)
    fields.update(_houses(raw))
    house_index = {h: i for i, h in enumerate(fields["houses"])}
    fields.update(_action_tiles(raw))
    fields.update(_player_boards(raw, {g: i for i, g in enumerate(fields["glyphs"])}))
    fields.update(_wares_papyri(raw))
    fields.update(_necropolis(raw))
    fields.update(_temple(raw))
    fields.update(_pyramids(raw))
    fields.update(_nile(raw))
    fields.update(_agreements(raw, house_index))
    fields.update(_neutrals_duat_setup(raw, house_index, fields["player_counts"]))
    data = Data(**fields)
    _validate(data, raw)
    return data


def _general(raw: dict[str, Any]) -> dict[str, Any]:
    """The general rules: player counts, eras, caps, starting values, occupancy costs, favours."""
    meta, gen = raw["meta"], raw["general"]
    unknown = [op for op in OPS if op not in meta["effect_ops"]]
    _check(not unknown, f"meta.effect_ops does not define {unknown}")
    player_counts = tuple(meta["player_counts"])
    occ = gen["occupancy_food_cost"]
    food = gen["food_start_by_turn_order"]["values"]
    favours_list = gen["favour_actions"]["list"]
    _check([f["id"] for f in favours_list] == list(FAVOUR_KINDS), f"favour actions must be {FAVOUR_KINDS}")
    favours = tuple(_effect(f["effect"], f"favour {f['id']}") for f in favours_list)
    return {
        "player_counts": player_counts,
        "eras": _v(gen["eras"]["count"]),
        "options_per_era": gen["turns_per_player_per_era"]["each_option_times"],
        "cap_food": gen["resource_cap"]["food"],
        "cap_heka": gen["resource_cap"]["heka"],
        "heka_start": _v(gen["heka_start"]),
        "food_start": tuple(food[str(i)] for i in range(1, len(food) + 1)),
        "pp_start": _v(gen["prestige_start"]),
        "pp_min": gen["prestige_start"]["minimum"],
        "occupancy_cost": (0, occ["others_1"], occ["others_2"], occ["others_3_or_more"]),
        "cannot_pay_gain": occ["cannot_pay_gain"],
        "favours": favours,
    }


def _houses(raw: dict[str, Any]) -> dict[str, Any]:
    """The houses of life and their specialization tracks."""
    hl = raw["houses_of_life"]
    houses = tuple(hl["houses"]["list"])
    house_index = _index(list(houses), "house")
    order = tuple(house_index[h] for h in hl["order_top_to_bottom"]["list"])
    _check(sorted(order) == list(range(len(houses))), "house order must list every house once")
    st = hl["specialization_tracks"]
    track_len = _v(st["spaces_after_start"])
    tracks = []
    for h in houses:
        spaces = st["tracks"][h]
        _check([x["space"] for x in spaces] == list(range(1, track_len + 1)), f"track {h}: spaces 1..{track_len}")
        tracks.append(tuple(_group(x["actions"], f"track {h} space {x['space']}") for x in spaces))

    def reached(house: str, op: int) -> tuple[int, ...]:
        out, best = [0], 0
        for g in tracks[house_index[house]]:
            for eff in g:
                if eff[0] == op and eff[1] > best:
                    best = eff[1]
            out.append(best)
        return tuple(out)

    return {
        "houses": houses,
        "house_order": order,
        "track_len": track_len,
        "tracks": tuple(tracks),
        "bury_reached": reached("necropolis", BURY),
        "erect_reached": reached("sphinxes", ERECT),
    }


def _action_tiles(raw: dict[str, Any]) -> dict[str, Any]:
    """The action tiles, the display and the hieroglyphs."""
    common = raw["components"]["common"]
    glyphs = tuple(raw["hieroglyphs"]["kinds"])
    glyph_index = _index(list(glyphs), "hieroglyph")
    at = raw["action_tiles"]
    tiles = at["tiles"]
    _check(len(tiles) == _v(at["count"]) == common["action_tiles"]["count"], "action tile count")
    tile_ids = tuple(t["id"] for t in tiles)
    _index(list(tile_ids), "action tile")
    for t in tiles:
        _check(t["number"] in common["action_tiles"]["numbers"], f"tile {t['id']}: unknown number")
        _check(t["hieroglyph"] in glyph_index, f"tile {t['id']}: unknown hieroglyph")
    disp = raw["action_display"]["slots_top_to_bottom"]
    _check([d["slot"] for d in disp] == list(range(1, len(disp) + 1)), "display slots must be numbered 1..n")
    _check(len(disp) == _v(raw["action_display"]["count"]), "display slot count")
    return {
        "tile_ids": tile_ids,
        "tile_number": tuple(t["number"] for t in tiles),
        "tile_glyph": tuple(glyph_index[t["hieroglyph"]] for t in tiles),
        "tile_actions": tuple(_group(t["actions"], f"tile {t['id']}") for t in tiles),
        "glyphs": glyphs,
        "display_food": tuple(d["food"] for d in disp),
        "display_actions": tuple(_group(d["actions"], f"display slot {d['slot']}") for d in disp),
    }


def _player_boards(raw: dict[str, Any], glyph_index: dict[str, int]) -> dict[str, Any]:
    """The player boards: ware area, hieroglyph tracks, papyrus slots, and the pieces per player."""
    common, per = raw["components"]["common"], raw["components"]["per_player"]
    pb = raw["player_boards"]
    wa = pb["ware_area"]
    levels = tuple(wa["levels"][k] for k in ("I", "II", "III"))
    _check(sum(levels) == wa["total"] == per["baskets"], "ware area: level sizes must add up to the baskets")
    _check(all(levels[i + 1] == levels[i] - 1 for i in range(len(levels) - 1)),
           "ware area: each level needs one space fewer than the level below (MN-ACT-13)")  # fmt: skip
    space_level, space_pp, support, names = [], [], [], []
    for lv, k in enumerate(levels):
        pps = wa["pp_on_space"][("I", "II", "III")[lv]]
        _check(len(pps) == k, f"ware area level {lv + 1}: one PP value per space")
        for i in range(k):
            space_level.append(lv)
            space_pp.append(pps[i])
            names.append(f"{('i', 'ii', 'iii')[lv]}{i + 1}")
            below = sum(levels[: lv - 1]) if lv else 0
            support.append((below + i, below + i + 1) if lv else ())
    boards = pb["boards"]
    _check(len(boards) == _v(pb["count"]), "player board count")
    board_glyphs, board_bonus = [], []
    for b in boards:
        trk = b["hieroglyph_track"]
        _check([x["space"] for x in trk] == list(range(1, len(trk) + 1)), f"board {b['id']}: spaces 1..n")
        board_glyphs.append(tuple(glyph_index[x["hieroglyph"]] for x in trk))
        bonus = tuple(_effect(x["bonus"], f"board {b['id']} space {x['space']}") for x in trk)
        _check(all(e[0] in (PP, SCARAB) for e in bonus), f"board {b['id']}: a bonus is 1 PP or the scarab bonus")
        board_bonus.append(bonus)
    pap_slots = pb["papyrus_slots"]
    _check(len(pap_slots["heka_cost"]) == pap_slots["count"], "papyrus slots: one cost per slot")
    return {
        "deal_numbers": tuple(n for n in common["action_tiles"]["numbers"][: pb["apprentice_slots"]["value"]]),
        "apprentices": per["apprentices"],
        "board_ids": tuple(b["id"] for b in boards),
        "board_glyphs": tuple(board_glyphs),
        "board_bonus": tuple(board_bonus),
        "ware_levels": levels,
        "ware_space_level": tuple(space_level),
        "ware_space_pp": tuple(space_pp),
        "ware_support": tuple(support),
        "ware_space_names": tuple(names),
        "papyrus_slot_cost": tuple(pap_slots["heka_cost"]),
        "ta_slots": pb["trade_agreement_slots"]["count"],
        "priestesses": per["priestesses"],
        "mummies": per["mummies_sarcophagi"],
        "boats": per["boats"],
        "sphinxes": per["sphinxes"],
        "eyes": per["eyes_of_horus"],
        "baskets": per["baskets"],
    }


def _wares_papyri(raw: dict[str, Any]) -> dict[str, Any]:
    """The wares, the papyri and their markets."""
    common = raw["components"]["common"]
    wr = raw["wares"]
    ware_kinds = tuple(wr["kinds"]["list"])
    wk = _index(list(ware_kinds), "ware kind")
    _check(len(wr["tiles"]) == _v(wr["count"]) == common["ware_tiles"]["count"], "ware count")
    ware_offer = []
    for w in wr["tiles"]:
        per_level = [_group(w[k], f"ware {w['id']} {k}") for k in ("I", "II", "III")]
        ware_offer.append(tuple(_group_concat(per_level[: lv + 1], f"ware {w['id']}") for lv in range(3)))
    pa = raw["papyrus"]
    drawings = tuple(pa["drawing_kinds"]["list"])
    dk = _index(list(drawings), "drawing kind")
    _check(len(pa["tiles"]) == _v(pa["count"]) == common["papyrus_tiles"]["count"], "papyrus count")
    _check(len(pa["market"]["heka_cost_left_to_right"]) == pa["market"]["slots"], "papyrus market costs")
    wm = raw["ware_market"]
    _check(len(wm["food_cost_left_to_right"]) == wm["slots"], "ware market costs")
    return {
        "ware_ids": tuple(w["id"] for w in wr["tiles"]),
        "ware_kind": tuple(wk[w["kind"]] for w in wr["tiles"]),
        "ware_kinds": ware_kinds,
        "ware_offer": tuple(ware_offer),
        "ware_market_cost": tuple(wm["food_cost_left_to_right"]),
        "papyrus_ids": tuple(x["id"] for x in pa["tiles"]),
        "papyrus_left": tuple(dk[x["left_edge"]] for x in pa["tiles"]),
        "papyrus_right": tuple(dk[x["right_edge"]] for x in pa["tiles"]),
        "drawing_kinds": drawings,
        "papyrus_market_cost": tuple(pa["market"]["heka_cost_left_to_right"]),
    }


def _necropolis(raw: dict[str, Any]) -> dict[str, Any]:
    """The necropolis (graves, mastaba slots and tiles) and the sphinx pedestals."""
    common = raw["components"]["common"]
    ne = raw["necropolis"]
    cols = ne["columns"]["list"]
    _check(cols == list(NUMERALS[1:]), "necropolis columns must be I, II, III")
    slots = tuple(ne["mastaba_slots"]["list"])
    si = _index(list(slots), "mastaba slot")
    _check(len(slots) == common["mastaba_bonus_tiles"]["in_play"], "one mastaba slot per tile in play")
    graves = ne["spaces"]
    _check(len(graves) == ne["grid"]["total_spaces"], "necropolis space count")
    mt = raw["mastaba_bonus_tiles"]["tiles"]
    _check(len(mt) == common["mastaba_bonus_tiles"]["count"], "mastaba tile count")
    mastaba_actions = tuple(_group(m["actions"], f"mastaba {m['id']}") for m in mt)

    sp = raw["sphinx_pedestals"]
    peds = sp["pedestals"]
    _check(len(peds) == _v(sp["count"]), "pedestal count")
    for x in peds:
        _check(x["avenue"] in sp["avenues"]["list"], f"pedestal {x['id']}: unknown avenue")
    return {
        "grave_ids": tuple(g["id"] for g in graves),
        "grave_column": tuple(_level(g["column"], g["id"]) for g in graves),
        "grave_mastabas": tuple((si[g["mastaba_horizontal"]], si[g["mastaba_vertical"]]) for g in graves),
        "grave_bonus": tuple(_group(g["bonus"], f"necropolis {g['id']}") for g in graves),
        "column_activations": (0,) + tuple(ne["columns"]["activations"][c] for c in cols),
        "mastaba_slots": slots,
        "mastaba_ids": tuple(m["id"] for m in mt),
        "mastaba_pp": tuple(m["pp"] for m in mt),
        "mastaba_actions": mastaba_actions,
        "mastaba_actions_free_ware": tuple(_free_ware(g) for g in mastaba_actions),
        "pedestal_ids": tuple(x["id"] for x in peds),
        "pedestal_numeral": tuple(_level(x["numeral"], x["id"]) for x in peds),
        "pedestal_bonus": tuple(_group(x["bonus"], f"pedestal {x['id']}") for x in peds),
    }


def _temple(raw: dict[str, Any]) -> dict[str, Any]:
    """The temple, the obelisk and the deities."""
    common = raw["components"]["common"]
    te = raw["temple"]
    rooms = te["rooms"]
    tspaces = te["spaces"]
    per_room = _v(te["basket_spaces_per_room"])
    _check(len(tspaces) == rooms * per_room, "temple: basket spaces per room x rooms")
    tid = _index([x["id"] for x in tspaces], "temple space")
    for x in tspaces:
        _check(1 <= x["room"] <= rooms, f"temple space {x['id']}: bad room")
    variant = frozenset(tid[x] for x in te["variant_8_spaces_total"]["spaces"])
    ob = raw["obelisk"]
    top = ob["top"]
    _check([x["space"] for x in ob["spaces"]] == list(range(1, top + 1)), "obelisk spaces 1..top")
    seal, heka, deity = [0], [0], [False]
    for x in ob["spaces"]:
        f = x["feature"]
        _check(f in (None, "seal", "heka_space", "deity"), f"obelisk space {x['space']}: unknown feature {f!r}")
        seal.append(x["pp"] if f == "seal" else 0)
        heka.append(max(heka[-1], x["flood_income"] if f == "heka_space" else 0))
        deity.append(f == "deity")
    dl = raw["deities"]["list"]
    _check(len(dl) == _v(raw["deities"]["count"]) == common["deity_tiles"]["count"], "deity count")
    return {
        "rooms": rooms,
        "room_cost": (0,) + tuple(te["entry_step_cost"][str(r)] for r in range(1, rooms + 1)),
        "temple_ids": tuple(x["id"] for x in tspaces),
        "temple_room": tuple(x["room"] for x in tspaces),
        "temple_actions": tuple(_group(x["actions"], f"temple {x['id']}") for x in tspaces),
        "temple_variant": variant,
        "obelisk_top": top,
        "obelisk_seal": tuple(seal),
        "obelisk_heka": tuple(heka),
        "obelisk_deity": tuple(deity),
        "deity_ids": tuple(x["id"] for x in dl),
        "deity_actions": tuple(_group(x["effect"], f"deity {x['id']}") for x in dl),
    }


def _pyramids(raw: dict[str, Any]) -> dict[str, Any]:
    """The Great Pyramid and the queens' pyramids."""
    common = raw["components"]["common"]
    gp = raw["great_pyramid"]
    tr = gp["track"]
    _check([x["space"] for x in tr["spaces"]] == list(range(1, tr["length"] + 1)), "Great Pyramid track spaces")
    feat = [(GP_NONE, 0)]
    for x in tr["spaces"]:
        f = x["feature"]
        kind = {None: GP_NONE, "construction": GP_CONSTRUCTION, "favour": GP_FAVOUR, "seal": GP_SEAL}.get(f, -1)
        _check(kind >= 0, f"Great Pyramid space {x['space']}: unknown feature {f!r}")
        feat.append((kind, x.get("n", x.get("pp", 0))))
    fi = {k: i for i, k in enumerate(FAVOUR_KINDS)}
    bps = gp["build_places"]["favours"]
    _check(len(bps) == gp["build_places"]["count"], "build place count")
    gp_levels = tuple(tuple(fi[f] for f in gp["pieces"]["levels"][lv]["favours"]) for lv in ("I", "II", "III"))
    for lv, favs in enumerate(gp_levels):
        _check(len(favs) == len(bps) == gp["pieces"]["levels"][("I", "II", "III")[lv]]["count"],
               "each Great Pyramid level has one piece per build place")  # fmt: skip
    _check(sum(len(f) for f in gp_levels) + 1 == common["great_pyramid_pieces"]["count"], "13 Great Pyramid pieces")
    qp = raw["queens_pyramids"]
    qtr = qp["track"]
    _check([x["space"] for x in qtr["spaces"]] == list(range(1, qtr["length"] + 1)), "queens' track spaces")
    qcon = frozenset(x["space"] for x in qtr["spaces"] if x["feature"] == "construction_eye")
    _check(all(x["feature"] in (None, "construction_eye") for x in qtr["spaces"]),
           "queens' track: construction (with an eye) is its only effect (MN-AMB-52)")  # fmt: skip
    qt = raw["queens_pyramid_tiles"]
    _check(len(qt["tiles"]) == _v(qt["count"]) and qt["in_play"] == len(qp["pyramids"]), "queens' tiles")
    _check([t["id"] for t in qt["tiles"]] == [f"QT{i}" for i in range(1, 7)], "queens' tiles must be QT1..QT6")
    return {
        "gp_len": tr["length"],
        "gp_feature": tuple(feat),
        "gp_build_places": tuple(fi[b["favour"]] for b in bps),
        "gp_piece_favours": gp_levels,
        "gp_pyramidion_picks": 2 if gp["pieces"]["pyramidion"]["favour"] is None else 0,
        "qp_len": qtr["length"],
        "qp_construction": qcon,
        "queens": len(qp["pyramids"]),
        "queen_levels": len(qp["levels"]),
        "queen_tiles": tuple(t["id"] for t in qt["tiles"]),
    }


def _nile(raw: dict[str, Any]) -> dict[str, Any]:
    """The Nile: sections, cities, sailing edges and the cities' advantages."""
    nl = raw["nile"]
    secs = nl["sections"]
    _check([s["index"] for s in secs] == list(range(len(secs))) and secs[0].get("harbor"), "Nile sections")
    cities = nl["cities"]
    locs = [s["id"] for s in secs] + [c["id"] for c in cities]
    li = _index(locs, "Nile location")
    edges = []
    for line in nl["white_lines"]:
        a, b = (li[x] for x in line["between"])
        _check(b == a + 1, f"white line {line['id']} must join neighbouring sections")
        edges.append((a, b))
    for c in cities:
        _check(li[c["borders"]] < len(secs) and li[c["arrow_to"]] < len(secs), f"city {c['id']}: bad sections")
        _check(li[c["arrow_to"]] > li[c["borders"]], f"city {c['id']}: its arrow must lead downstream")
        edges.append((li[c["borders"]], li[c["id"]]))
        edges.append((li[c["id"]], li[c["arrow_to"]]))
    adv = raw["city_advantage_tiles"]["tiles"]
    _check(len(adv) == len(cities) == _v(raw["city_advantage_tiles"]["count"]), "one advantage per city")
    return {
        "locations": tuple(locs),
        "sections": len(secs),
        "loc_food": tuple(s["food"] for s in secs) + (0,) * len(cities),
        "loc_fishing": tuple(s["fishing_passed"] for s in secs) + tuple(c["fishing_passed"] for c in cities),
        "sail_edges": tuple(edges),
        "city_arrow": tuple(li[c["arrow_to"]] for c in cities),
        "city_setup_value": tuple(c["trade_value_setup"] for c in cities),
        "city_slot_marks": tuple(tuple(s["mark"] for s in c["slots"]) for c in cities),
        "advantage_ids": tuple(a["id"] for a in adv),
        "advantage_actions": tuple(_group(a["effect"], f"advantage {a['id']}") for a in adv),
    }


def _agreements(raw: dict[str, Any], house_index: dict[str, int]) -> dict[str, Any]:
    """The trade agreements."""
    common = raw["components"]["common"]
    ta = raw["trade_agreements"]
    tat = ta["tiles"]
    _check(len(tat) == _v(ta["count"]) == common["trade_agreement_tiles"]["count"], "trade agreement count")
    kinds = ta["condition_kinds"]
    for t in tat:
        _check(t["condition"] in kinds, f"agreement {t['id']}: unknown condition {t['condition']!r}")
        _check(t["value"] in ta["values"]["list"], f"agreement {t['id']}: unknown value")
    named = []
    for t in tat:
        v = t.get("variant_named_houses")
        named.append((tuple(house_index[h] for h in v["houses"]), v["n"]) if v else None)
    return {
        "ta_ids": tuple(t["id"] for t in tat),
        "ta_value": tuple(t["value"] for t in tat),
        "ta_kind": tuple(t["condition"] for t in tat),
        "ta_n": tuple(t.get("n", 0) for t in tat),
        "ta_rooms": tuple(tuple(t.get("rooms", ())) for t in tat),
        "ta_named": tuple(named),
        "ta_refill_value": (0, 0) + tuple(ta["refill"][f"era_{r}"] for r in ("II", "III")),
    }


def _neutrals_duat_setup(
    raw: dict[str, Any], house_index: dict[str, int], player_counts: tuple[int, ...]
) -> dict[str, Any]:
    """The neutral apprentices, the Duat, the setup per player count and the rule options."""
    nt = raw["neutral_placement_tiles"]["tiles"]
    _check(len(nt) == _v(raw["neutral_placement_tiles"]["count"]), "neutral placement tile count")

    def side(lst: list[dict[str, str]]) -> tuple[tuple[int, int], ...]:
        return tuple((house_index[x["house"]], SIDES.index(x["space"])) for x in lst)

    neutral_sides = {3: tuple(side(t["side_3p"]) for t in nt), 2: tuple(side(t["side_2p"]) for t in nt)}

    duat = raw["tracks"]["duat"]
    lo, hi = duat["index_range"]
    _check(lo == 0 and duat["positions"] == hi + 1, "Duat positions are 0..last")
    setup = {int(k): v for k, v in raw["player_count_setup"].items()}
    _check(sorted(setup) == sorted(player_counts), "player_count_setup must cover every player count")
    opts = {k: (v["default"], *v.get("alternatives", ())) for k, v in raw["rule_options"].items() if k != "note"}
    return {
        "neutral_ids": tuple(t["id"] for t in nt),
        "neutral_sides": neutral_sides,
        "duat_last": hi,
        "heart_start": duat["heart_start"],
        "feather_start": duat["feather_start"],
        "scales": frozenset(duat["scale_symbol_positions"]),
        "setup": setup,
        "rule_options": opts,
        "gp_construction_2p": tuple(
            setup.get(2, {}).get("great_pyramid_construction_tiles", {}).get("track_spaces", ())
        ),
    }


def _group_concat(groups: list[Group], where: str) -> Group:
    return _checked(tuple(e for g in groups for e in g), where)


def _validate(d: Data, raw: dict[str, Any]) -> None:
    """Cross-checks that the rules code relies on (each names the rule it protects)."""
    _check(d.eras == len(raw["tracks"]["era"]["spaces"]), "era count (MN-FLOW-1)")
    _check(len(d.food_start) >= max(d.player_counts), "starting food for every turn position (MN-SETUP-29)")
    _check(len(d.deal_numbers) == d.apprentices, "one dealt tile per apprentice slot (MN-SETUP-30)")
    _check(d.glyphs and all(len(g) == len(d.board_glyphs[0]) for g in d.board_glyphs), "hieroglyph tracks")
    _check(len(d.ware_kind) == len(d.ware_ids) and len(d.tracks) == len(d.houses), "wares / houses")
    _check(d.options_per_era * len(("visit", "raise", "take")) == raw["general"]["turns_per_player_per_era"]["value"],
           "turns per era = 3 options x their count (MN-FLOW-3)")  # fmt: skip
    # MN-PHASE-10: the option rule assumes each visit frees a tile slot and places one apprentice
    _check(d.options_per_era == d.apprentices, "each option is used once per apprentice per era (MN-PHASE-10)")
    for g, (h, v) in enumerate(d.grave_mastabas):
        _check(h != v, f"necropolis {d.grave_ids[g]}: needs a horizontal and a vertical mastaba (MN-ACT-9)")
    _check(len(d.gp_build_places) == len(d.gp_piece_favours[0]), "Great Pyramid positions")
    constructions = sum(1 for k, _ in d.gp_feature if k == GP_CONSTRUCTION)
    _check(constructions >= 1 and d.qp_construction, "both pyramid tracks need construction spaces")
    for s in d.gp_construction_2p:
        _check(1 <= s <= d.gp_len, "2-player construction tiles must lie on the track (MN-SETUP-17)")
    # Priestess moves and offerings only come from turn options: nothing reachable inside an
    # offering may move priestesses or start another one (MN-AMB-29).
    for name, groups in (("ware", [g for w in d.ware_offer for g in w]), ("temple space", d.temple_actions),
                         ("mastaba tile", d.mastaba_actions), ("pedestal", d.pedestal_bonus),
                         ("necropolis space", d.grave_bonus), ("city advantage", d.advantage_actions),
                         ("deity", d.deity_actions)):  # fmt: skip
        for group in groups:
            _check(
                PRIESTESSES not in _ops_in(group),
                f"a {name} moves priestesses; nested offerings are unsupported (MN-AMB-29)",
            )
    for n in d.player_counts:
        cfg = d.setup[n]
        lv = len(cfg["queens_preplaced_levels"]["levels"])
        _check(lv < d.queen_levels, f"{n} players: too many preplaced queens' levels")
        na = cfg["neutral_apprentices"]["value"]
        _check(na == 0 or all(len(t) == na for t in d.neutral_sides.get(n, ())),
               f"{n} players: each placement tile shows {na} neutral apprentices (MN-SETUP-16)")  # fmt: skip
        excluded = set(cfg["trade_slots_filled"]["marks_excluded"])
        slots = sum(1 for marks in d.city_slot_marks for m in marks if m not in excluded)
        _check(slots == cfg["trade_slots_filled"]["slots"], f"{n} players: city slot count (MN-SETUP-15)")
    for opt, choices in d.rule_options.items():
        _check(len(set(choices)) == len(choices), f"rule option {opt}: duplicate choices")

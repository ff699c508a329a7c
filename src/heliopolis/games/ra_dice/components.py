"""Ra: The Dice Game component data, loaded once from ``data/ra-dice-components.json`` and validated.

Every number the rules use (dice faces, Sun-track start spaces and length, track lengths, Nile
point values, Civilization capacity, Monument grid, starting scores, sun effects, disaster sizes,
scoring tables, epochs) comes from that file, a copy of the project's component spec
(``ra-dice-components.json``). Values the spec marks ``reconstructed`` (the Sun track, the Nile
values, the score-track length, the fourth player colour, the colour order) are read from the file
like the rest, so printed values can be dropped into the JSON without touching code;
``PROVENANCE`` records where each value the engine uses comes from.

Symbols and colours are small ints in the order of the canonical notation (see ``actions.py``):
faces ``SUN PHARAOH NILE CIV MON ANKH`` = 0..5 and die colours ``red yellow green blue purple`` =
0..4 (the data file's canonical order).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

from heliopolis.core.errors import ComponentDataError as ComponentDataError  # re-exported: C.ComponentDataError

# Faces, in notation order (never reorder: ids depend on it).
FACE_NAMES: Final = ("sun", "pharaoh", "nile", "civ", "mon", "ankh")
FACE_LABELS: Final = ("Sun", "Pharaoh", "Nile", "Civilization", "Monument", "Ankh")
SUN: Final = 0
PHARAOH: Final = 1
NILE: Final = 2
CIV: Final = 3
MON: Final = 4
ANKH: Final = 5
NUM_FACES: Final = len(FACE_NAMES)
_JSON_FACE = {"SUN": SUN, "PHARAOH": PHARAOH, "NILE": NILE, "CIV": CIV, "MON": MON, "ANKH": ANKH}

DISASTER_NAMES: Final = ("pharaoh", "nile", "civ", "mon")
DISASTER_LABELS: Final = ("Pharaoh", "Nile", "Civilization", "Monument")
D_PHARAOH: Final = 0
D_NILE: Final = 1
D_CIV: Final = 2
D_MON: Final = 3


def _load() -> dict[str, Any]:
    text = resources.files("heliopolis.games.ra_dice").joinpath("data/ra-dice-components.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def _v(entry: Any) -> Any:
    """Unwraps ``{"value": x, ...}`` entries of the component file."""
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


def _int_keys(table: Mapping[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in table.items() if k.lstrip("-").isdigit()}


@dataclass(frozen=True)
class RulesData:
    """Every rules value, as plain ints and tuples (shared by all games; never mutated)."""

    min_players: int
    max_players: int
    colours: tuple[str, ...]  # die colours = Civilization spaces = Monument rows (canonical order)
    face_weights: tuple[int, ...]  # faces per die showing each symbol, in FACE order
    rolls_per_turn: int
    sun_last: int  # index of the Sun track's last space
    sun_start: Mapping[int, int]  # players -> start index of the Ra figure
    pharaoh_max: int
    pharaoh_start: int
    nile_max: int
    nile_start: int
    nile_points: tuple[int, ...]  # points printed on Nile space 0..nile_max
    civ_capacity: Mapping[int, int]  # players -> markers per Civilization space
    mon_columns: int
    mon_rows: int
    starting_scores: tuple[int, ...]  # by seat order from the start player
    sun_effect: tuple[tuple[int, int, bool], ...]  # S -> (Ra advance, points, disaster allowed)
    ankh_pair_points: int
    flood_dice: int
    flood_min_real: int
    civ_markers_by_dice: Mapping[int, int]  # set size -> markers
    mon_first_dice: int
    mon_further_dice: int
    mon_max_markers: int
    dis_pharaoh_back: int
    dis_nile_floods: int
    dis_nile_back: int
    dis_civ_remove: int
    dis_mon_remove: int
    pharaoh_most: int
    pharaoh_least: int
    pharaoh_most_move: int
    pharaoh_least_move: int
    civ_points: tuple[int, ...]  # markers 0..5 -> points
    mon_column_points: tuple[int, ...]  # occupied columns 0..8 -> points
    mon_bonus: tuple[int, ...]  # own markers in one column 0..5 -> bonus
    epochs: int
    score_track_spaces: int
    player_colours: tuple[str, ...]


def build(doc: dict[str, Any]) -> RulesData:
    """Validates a component document and turns it into ``RulesData``."""
    dice = doc["dice"]
    colours = tuple(c["color"] for c in dice["colors"])
    if len(colours) != dice["count"] or len(set(colours)) != len(colours):
        raise ComponentDataError(f"expected {dice['count']} distinct die colours, got {colours}")
    weights = [0] * NUM_FACES
    for face in dice["faces"]:
        weights[_JSON_FACE[face["symbol"]]] = face["count_per_die"]
    if sum(weights) != dice["faces_per_die"] or min(weights) <= 0:
        raise ComponentDataError(f"die faces {weights} do not make a {dice['faces_per_die']}-sided die")
    sun = doc["sun_track"]
    last = sun["last_index"]
    start = {int(k): v for k, v in sun["start_index_by_players"].items()}
    for n, i in start.items():
        if not 0 <= i < last or sun["spaces_to_end_by_players"][str(n)] != last - i:
            raise ComponentDataError(f"Sun track start {i} for {n} players is inconsistent with last index {last}")
    nile = doc["nile_track"]
    values = sorted(nile["values"], key=lambda e: e["space"])
    if [e["space"] for e in values] != list(range(nile["min"], nile["max"] + 1)):
        raise ComponentDataError("Nile values must list every space of the track once")
    civ = doc["civilization_area"]
    civ_colours = tuple(s["color"] for s in civ["spaces"])
    mon = doc["monument_area"]
    rows = tuple(_v(mon["row_colors"]))
    if set(civ_colours) != set(colours) or set(rows) != set(colours) or mon["rows"] != len(colours):
        raise ComponentDataError("Civilization spaces and Monument rows must be the die colours")
    if civ_colours != colours or rows != colours:
        raise ComponentDataError("Civilization spaces and Monument rows must follow the canonical colour order")
    eff = doc["turn_effects"]
    sun_effect = []
    for s in range(dice["count"] + 1):
        e = eff["sun_count_effect"][str(s)]
        sun_effect.append((e["ra_advance"], e["points"], bool(e["disaster"])))
    sc = doc["scoring"]
    ph = sc["pharaoh"]
    civ_pts = _int_keys(sc["civilization"]["by_markers"])
    cols = _int_keys(sc["monument"]["by_columns_occupied"])
    bonus = _int_keys(sc["monument"]["bonus_per_column_by_own_markers"])
    if sorted(cols) != list(range(mon["columns"] + 1)) or sorted(civ_pts) != list(range(len(colours) + 1)):
        raise ComponentDataError("scoring tables must cover every possible count")
    dis = doc["disasters"]
    md = eff["monument_dice"]
    flood = eff["flood_dice"]
    if flood["dice"] - flood["max_ankh"] != flood["min_real_nile"]:
        raise ComponentDataError("flood dice: min real Nile + max ankhs must equal the dice")
    if md["first_marker"] + (md["max_markers"] - 1) * md["each_further_marker"] > dice["count"]:
        raise ComponentDataError("monument markers need more dice than there are")
    players = doc["players"]
    cap = {int(k): v for k, v in civ["capacity_by_players"].items()}
    for n in range(players["min"], players["max"] + 1):
        if n not in start or n not in cap or cap[n] != n - 1:
            raise ComponentDataError(f"missing or inconsistent per-player data for {n} players")
    return RulesData(
        min_players=players["min"],
        max_players=players["max"],
        colours=colours,
        face_weights=tuple(weights),
        rolls_per_turn=dice["rolls_per_turn_max"],
        sun_last=last,
        sun_start=MappingProxyType(start),
        pharaoh_max=doc["pharaoh_track"]["max"],
        pharaoh_start=doc["pharaoh_track"]["start"],
        nile_max=nile["max"],
        nile_start=nile["start"],
        nile_points=tuple(e["points"] for e in values),
        civ_capacity=MappingProxyType(cap),
        mon_columns=mon["columns"],
        mon_rows=mon["rows"],
        starting_scores=tuple(_v(doc["score_track"]["starting_scores_by_seat_from_start_player"])),
        sun_effect=tuple(sun_effect),
        ankh_pair_points=eff["ankh_pair_points"]["value"],
        flood_dice=flood["dice"],
        flood_min_real=flood["min_real_nile"],
        civ_markers_by_dice=MappingProxyType(_int_keys(eff["civilization_markers_by_dice"])),
        mon_first_dice=md["first_marker"],
        mon_further_dice=md["each_further_marker"],
        mon_max_markers=md["max_markers"],
        dis_pharaoh_back=dis["pharaoh"]["others_retreat"],
        dis_nile_floods=dis["nile"]["others_with_flood_remove_flood_markers"],
        dis_nile_back=dis["nile"]["others_without_flood_retreat"],
        dis_civ_remove=dis["civilization"]["others_remove_own_markers"],
        dis_mon_remove=dis["monument"]["others_remove_own_markers"],
        pharaoh_most=ph["most"],
        pharaoh_least=ph["least"],
        pharaoh_most_move=ph["after"]["scorers_of_plus5_move"],
        pharaoh_least_move=ph["after"]["scorers_of_minus2_move"],
        civ_points=tuple(civ_pts[i] for i in range(len(colours) + 1)),
        mon_column_points=tuple(cols[i] for i in range(mon["columns"] + 1)),
        mon_bonus=tuple(bonus.get(i, 0) for i in range(len(colours) + 1)),
        epochs=_v(doc["epochs"]),
        score_track_spaces=_v(doc["score_track"]["spaces"]),
        player_colours=tuple(c["color"] for c in _v(doc["player_colors"])),
    )


def provenance(doc: dict[str, Any]) -> dict[str, Any]:
    """Where each value the engine reads comes from: a list of sources, or ``"reconstructed"``.

    Mirrors the ``source`` / ``reconstructed`` fields of the component file (see RD-BOARD-*)."""
    nile = doc["nile_track"]["values_status"]
    return {
        "dice": doc["dice"]["source"],
        "die_faces": sorted({s for f in doc["dice"]["faces"] for s in f["source"]}),
        "die_colours": sorted({s for c in doc["dice"]["colors"] for s in c["source"]}),
        "sun_track": "reconstructed"
        if doc["sun_track"].get("reconstructed")
        else doc["sun_track"]["rulebook_facts_source"],
        "pharaoh_track": doc["pharaoh_track"]["source"],
        "nile_track_length": doc["nile_track"]["min_max_source"],
        "nile_values": {
            "space_12": nile["space_12_equals_12"]["source"],
            "space_4": nile["space_4_equals_4"]["source"],
            "other_spaces": "reconstructed" if nile["other_spaces"].get("reconstructed") else "printed",
        },
        "civilization_area": doc["civilization_area"]["capacity_source"],
        "monument_area": doc["monument_area"]["columns_source"],
        "monument_row_order": "reconstructed"
        if doc["monument_area"]["row_colors"].get("order_reconstructed")
        else "printed",
        "starting_scores": doc["score_track"]["starting_scores_by_seat_from_start_player"]["source"],
        "score_track_length": "reconstructed" if doc["score_track"]["spaces"].get("reconstructed") else "printed",
        "turn_effects": doc["turn_effects"]["sun_count_effect"]["source"],
        "disasters": doc["disasters"]["nile"]["source"],
        "scoring": doc["scoring"]["pharaoh"]["source"],
        "epochs": doc["epochs"]["source"],
    }


RAW: Final = MappingProxyType(_load())
DATA: Final[RulesData] = build(dict(RAW))
PROVENANCE: Final = MappingProxyType(provenance(dict(RAW)))

COLOURS: Final = DATA.colours
NUM_DICE: Final = len(COLOURS)
COLOUR_INDEX: Final = MappingProxyType({c: i for i, c in enumerate(COLOURS)})
COLUMNS: Final = DATA.mon_columns
FACE_INDEX: Final = MappingProxyType({f: i for i, f in enumerate(FACE_NAMES)})

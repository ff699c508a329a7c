"""Helios component data, loaded once from ``data/helios.json`` and validated.

``data/helios.json`` is a copy of the project's component spec (``helios-components.json``). Values
it marks ``reconstructed`` (the player-board geometry, the action-tile colour split, the sun track)
are read from the file like the printed ones, so a corrected board can be dropped in without touching
code (HE-BOARD-3, HE-AMB-35).

Small ints in notation order (never reorder: action ids depend on them):
resource colours ``blue brown grey green black`` = 0..4 (HE-GEN-5); action-tile symbols
``land build sun`` = 0..2; action-tile colours ``red blue yellow grey`` = 0..3 (slots use 0..2);
special tiles ``free created resources temples`` = 0..3; buildings and persons in the JSON order.
Hexes are indexed 0..60 in the JSON's order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from heliopolis.core.errors import ComponentDataError

COLOURS: Final = ("blue", "brown", "grey", "green", "black")
BLUE: Final = 0
BROWN: Final = 1
GREY: Final = 2
GREEN: Final = 3
BLACK: Final = 4
SYMBOLS: Final = ("land", "build", "sun")
LAND: Final = 0
BUILD: Final = 1
SUN: Final = 2
TILE_COLOURS: Final = ("red", "blue", "yellow", "grey")
WILD: Final = 3
SPECIALS: Final = ("free", "created", "resources", "temples")
SPECIAL_JSON_IDS: Final = ("free_fields", "created_land", "resources", "temples")
FREE_FIELDS: Final = 0
CREATED_LAND: Final = 1
RESOURCES_SP: Final = 2
TEMPLES_SP: Final = 3
DIRS: Final = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))  # N NE SE S SW NW, clockwise


@dataclass(frozen=True)
class Cost:
    """A payment (HE-PAY-2): specific colours, neutral count, and the Zitadelle's "black or blue"."""

    specific: tuple[int, ...]  # count per colour
    any: int
    one_of: tuple[int, ...]  # colours of one "X or Y" requirement, () if none


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    rule_id: str
    cost: Cost
    sun_range: int
    mana: int
    effect: str | None
    vp: int


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    rule_id: str
    buy_mana: int
    cost: Cost
    sun_range: int
    mana: int
    bonus_resources: int


@dataclass(frozen=True)
class Rules:
    """Everything the rules read from the data file."""

    land_counts: tuple[int, ...]
    start_colours: tuple[int, ...]
    per_colour_stack: int
    action_dist: tuple[int, ...]  # per symbol, per tile colour (red blue yellow grey)
    column_size: int
    slot_bonus_at: int
    start_range: int
    lap_vp: int
    lap_vp_watchtower: int
    corner_vp: int
    corner_vp_explorer: int
    special_copies: tuple[int, ...]
    buildings: tuple[Building, ...]
    persons: tuple[Person, ...]
    rounds: dict[int, int]
    turns_per_round: dict[int, int]
    deal_after: dict[int, tuple[int, ...]]
    bonus_seats: dict[int, tuple[int, ...]]  # 1-based seats relative to the dragon
    # geometry
    hexes: tuple[tuple[int, int], ...]
    light: tuple[bool, ...]
    nbrs: tuple[tuple[int, ...], ...]  # per hex, per direction: neighbour index or -1
    centre: int
    sun_start: int
    yellow: frozenset[int]
    corners: tuple[int, ...]
    bonus_fields: frozenset[int]
    mana_fields: frozenset[int]


def _cost(d: dict[str, Any]) -> Cost:
    spec = [0] * 5
    for c, n in d["specific"].items():
        spec[COLOURS.index(c)] = n
    one_of = tuple(COLOURS.index(c) for c in (d.get("one_of") or ()))
    return Cost(tuple(spec), d["any"], one_of)


def _load() -> Rules:
    return build(json.loads(resources.files(__package__).joinpath("data/helios.json").read_text(encoding="utf-8")))


def build(raw: dict[str, Any]) -> Rules:
    """``Rules`` from a parsed data file, or a ``ComponentDataError`` saying what is wrong."""
    try:
        return _parse(raw)
    except (KeyError, ValueError, TypeError, IndexError) as e:
        raise ComponentDataError(f"data/helios.json: missing or malformed entry ({type(e).__name__}: {e})") from e


def _parse(raw: dict[str, Any]) -> Rules:
    _check(tuple(raw["resources"]["colours"]) == COLOURS, f"resource colours must be {COLOURS}")
    land = raw["land_tiles"]
    dist = raw["action_tiles"]["distribution"]["per_symbol_per_colour"]
    b = raw["board"]
    hexes = tuple((h["q"], h["r"]) for h in b["hexes"])
    index = {h: i for i, h in enumerate(hexes)}
    light = tuple(h["kind"] == "light" for h in b["hexes"])
    nbrs = tuple(tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in hexes)
    pc = raw["player_counts"]
    buildings = tuple(
        Building(x["id"], x["name_de"], x["rule_id"], _cost(x["cost"]), x["on_build"]["sun_range"],
                 x["on_build"]["mana"], (x["function"] or {}).get("effect"), x["vp"])
        for x in raw["buildings"])  # fmt: skip
    persons = tuple(
        Person(x["id"], x["name_de"], x["rule_id"], x["buy_mana"], _cost(x["activation"]),
               x["on_activate"]["sun_range"], x["on_activate"]["mana"], x["on_activate"]["bonus_resources"])
        for x in raw["persons"])  # fmt: skip
    specials = {s["id"]: s["count"] for s in raw["special_tiles"]}
    rules = Rules(
        land_counts=tuple(land["counts"][c] for c in COLOURS),
        start_colours=tuple(COLOURS.index(c) for c in land["start_tile_colours"]),
        per_colour_stack=land["per_colour_stack"],
        action_dist=tuple(dist[c] for c in TILE_COLOURS),
        column_size=raw["action_tiles"]["display"]["tiles_per_column"],
        slot_bonus_at=raw["action_tiles"]["bonus_at_slot_count"],
        start_range=raw["sun"]["start_range"],
        lap_vp=raw["sun"]["lap_vp"],
        lap_vp_watchtower=raw["sun"]["lap_vp_watchtower"],
        corner_vp=raw["final_scoring"]["corner_field_vp"],
        corner_vp_explorer=raw["final_scoring"]["corner_field_vp_explorer"],
        special_copies=tuple(specials[s] for s in SPECIAL_JSON_IDS),
        buildings=buildings,
        persons=persons,
        rounds={int(n): v["rounds"] for n, v in pc.items()},
        turns_per_round={int(n): v["action_rounds_per_round"] for n, v in pc.items()},
        deal_after={int(n): tuple(v["action_tile_refill_after_round"]) for n, v in pc.items()},
        bonus_seats={int(n): tuple(v["bonus_resource_seats"]) for n, v in pc.items()},
        hexes=hexes,
        light=light,
        nbrs=nbrs,
        centre=index[tuple(b["centre"])],
        sun_start=index[tuple(b["sun_start"]["hex"])],
        yellow=frozenset(index[tuple(h)] for h in b["yellow_bordered"]["hexes"]),
        corners=tuple(index[tuple(h)] for h in b["corner_fields"]["hexes"]),
        bonus_fields=frozenset(index[tuple(h)] for h in b["bonus_resource_fields"]["hexes"]),
        mana_fields=frozenset(index[tuple(h)] for h in b["mana_fields"]["hexes"]),
    )
    _validate(rules)
    return rules


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise ComponentDataError(f"data/helios.json: {message}")


def _validate(r: Rules) -> None:
    """Checks a (possibly hand-corrected) data file before any game starts."""
    _check(len(r.hexes) == 61 and sum(r.light) == 37, "the board needs 37 light + 24 dark hexes (HE-BOARD-3)")
    _check(len(set(r.hexes)) == len(r.hexes), "a board hex is listed twice")
    _check(sum(r.land_counts) == 36 and sum(r.special_copies) == 8, "36 land tiles and 8 special tiles (HE-COMP-8/9)")
    _check(len(r.buildings) == 12 and len(r.persons) == 8, "12 buildings and 8 persons (HE-COMP-10, HE-COMP-5)")
    for i, light in enumerate(r.light):  # tiles on light hexes only ever have on-board neighbours
        _check(not light or all(n >= 0 for n in r.nbrs[i]), f"light hex {r.hexes[i]} lies on the board's edge")
    _check(r.sun_start in r.nbrs[r.centre], "the sun start hex must touch the centre hex (HE-SUN-13)")
    _check(r.sun_start in r.yellow, "the sun start hex is itself a yellow hex (HE-SUN-13)")
    _check(len(r.action_dist) == len(TILE_COLOURS), "action tiles: one count per tile colour")
    for n in (2, 3, 4):
        _check(n in r.rounds and n in r.turns_per_round and n in r.deal_after and n in r.bonus_seats,
               f"missing per-player data for {n} players")  # fmt: skip


DATA: Final = _load()
HEX_INDEX: Final = {h: i for i, h in enumerate(DATA.hexes)}
NUM_HEXES: Final = len(DATA.hexes)
LIGHT_HEXES: Final = tuple(i for i in range(NUM_HEXES) if DATA.light[i])
BUILDING_IDS: Final = tuple(b.id for b in DATA.buildings)
PERSON_IDS: Final = tuple(p.id for p in DATA.persons)
B = {b.id: i for i, b in enumerate(DATA.buildings)}  # building id -> index
P = {p.id: i for i, p in enumerate(DATA.persons)}  # person id -> index


def hex_name(i: int) -> str:
    """The canonical notation of hex i, axial ``q,r`` (saved games use it; see ``hex_label``)."""
    q, r = DATA.hexes[i]
    return f"{q},{r}"


# The board's own coordinates, the names a player reads on the board (terminal map, browser, move
# log, buttons), like a1 in chess: columns a, b, c, ... from left to right (the board is flat-top,
# so each column is a vertical file of hexes) and, in each column, hexes numbered 1, 2, 3, ... from
# the bottom up, as in Glinski's hexagonal chess. Derived from the hexes in the data file.
_QS: Final = sorted({q for q, _ in DATA.hexes})
COLUMN_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"[: len(_QS)]
_BOTTOM: Final = {q: max(r for qq, r in DATA.hexes if qq == q) for q in _QS}


def _label(i: int) -> str:
    q, r = DATA.hexes[i]
    return f"{COLUMN_LETTERS[_QS.index(q)]}{_BOTTOM[q] - r + 1}"


HEX_LABELS: Final = tuple(_label(i) for i in range(len(DATA.hexes)))
LABEL_INDEX: Final = {lab: i for i, lab in enumerate(HEX_LABELS)}
assert len(LABEL_INDEX) == len(HEX_LABELS)


def hex_label(i: int) -> str:
    """The board coordinate of hex i a player reads: ``e5`` (column e, 5th hex from the bottom)."""
    return HEX_LABELS[i]


def hex_of_name(text: str) -> int | None:
    """Hex index of a board coordinate (``e5``) or axial notation (``0,-1``); ``None`` if neither."""
    t = text.strip().lower()
    if t in LABEL_INDEX:
        return LABEL_INDEX[t]
    q, sep, r = t.partition(",")
    try:
        return HEX_INDEX.get((int(q), int(r))) if sep else None
    except ValueError:
        return None


def hex_of(q: int, r: int) -> int:
    return HEX_INDEX[(q, r)]

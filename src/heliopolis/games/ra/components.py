"""Ra component data, loaded once from ``data/ra-components.json`` and validated.

Every number the rules use (tile counts, sun stacks, blocked Ra spaces, scoring tables,
starting points, epochs) comes from that file, which is a copy of the project's component
spec; no printed value is written into rules code. Tiles are identified by a small int
(``TILE_*``) in the order of the canonical notation.
"""

from __future__ import annotations

import json
from importlib import resources
from types import MappingProxyType
from typing import Any, Final

from heliopolis.core.errors import ComponentDataError  # noqa: F401  (re-exported: C.ComponentDataError)

# Tile kinds, in notation order (the order of the action table; never reorder: see actions.py).
TILE_NAMES: Final[tuple[str, ...]] = (
    "ra", "god", "gold", "pharaoh", "nile", "flood",
    "art", "agriculture", "religion", "astronomy", "writing",
    "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step-pyramid", "temple",
    "funeral", "drought", "unrest", "earthquake",
)  # fmt: skip
NUM_TILES: Final = len(TILE_NAMES)
TILE_INDEX: Final = MappingProxyType({name: i for i, name in enumerate(TILE_NAMES)})

RA: Final = 0
GOD: Final = 1
GOLD: Final = 2
PHARAOH: Final = 3
NILE: Final = 4
FLOOD: Final = 5
CIVS: Final = tuple(range(6, 11))
MONUMENTS: Final = tuple(range(11, 19))
FUNERAL: Final = 19
DROUGHT: Final = 20
UNREST: Final = 21
EARTHQUAKE: Final = 22
DISASTERS: Final = (FUNERAL, DROUGHT, UNREST, EARTHQUAKE)
IS_DISASTER: Final = tuple(t in DISASTERS for t in range(NUM_TILES))
# Tiles a god may take from the auction track (RA-GOD-2): everything but Ra and god tiles.
GOD_TARGETS: Final = tuple(t for t in range(NUM_TILES) if t not in (RA, GOD))
# Tiles whose discard is a player's choice (RA-DIS-3): civilization and monument kinds.
DISCARD_CHOICES: Final = CIVS + MONUMENTS

# JSON ids that differ from the notation names.
_JSON_TO_NOTATION = {"statues": "statue", "step_pyramid": "step-pyramid"}


def _load() -> dict[str, Any]:
    text = resources.files("heliopolis.games.ra").joinpath("data/ra-components.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def _v(entry: Any) -> Any:
    """Unwraps ``{"value": x, ...}`` entries of the component file."""
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


def _build(doc: dict[str, Any]) -> dict[str, Any]:
    counts = [0] * NUM_TILES
    tiles = doc["tiles"]
    for kind in tiles["kinds"]:
        if kind["id"] in ("civilization", "monument"):
            continue
        counts[TILE_INDEX[kind["id"]]] = kind["count"]
    for sub in tiles["civilization_subkinds"] + tiles["monument_subkinds"]:
        name = _JSON_TO_NOTATION.get(sub["id"], sub["id"])
        counts[TILE_INDEX[name]] = sub["count"]
    if sum(counts) != tiles["total"]:
        raise ComponentDataError(f"tile counts add up to {sum(counts)}, expected {tiles['total']}")
    sets = {int(n): tuple(tuple(s) for s in stacks) for n, stacks in doc["suns"]["sets"].items()}
    for n, stacks in sets.items():
        flat = [v for s in stacks for v in s]
        if len(flat) != len(set(flat)) or doc["suns"]["centre_start"] in flat:
            raise ComponentDataError(f"sun stacks for {n} players repeat a value")
    editions = {
        ed: {"players": tuple(e["players"]), "god_may_take_disaster": bool(_v(e["god_may_take_disaster"]))}
        for ed, e in doc["editions"].items()
    }
    sc = doc["scoring"]
    civ = sc["civilization"]["by_distinct_kinds"]
    mon = sc["monument"]["by_distinct_kinds"]
    same = sc["monument"]["bonus_by_identical_count_per_kind"]
    return {
        "tile_counts": tuple(counts),
        "sun_sets": MappingProxyType(sets),
        "centre_start": doc["suns"]["centre_start"],
        "ra_tiles_ending_epoch": MappingProxyType(
            {int(k): v for k, v in doc["ra_track"]["ra_tiles_ending_epoch"].items()}
        ),
        "blocked_ra_spaces": MappingProxyType(
            {int(k): v for k, v in doc["ra_track"]["blocked_leading_spaces"].items()}
        ),
        "ra_track_spaces": doc["board"]["ra_track_spaces"],
        "auction_track_spaces": doc["board"]["auction_track_spaces"],
        "editions": MappingProxyType(editions),
        "starting_points": _v(doc["starting_points"]),
        "epochs": _v(doc["epochs"]),
        "tiles_destroyed": doc["disasters"]["unrest"]["tiles_destroyed"],
        "god_points": sc["god"]["points_each"],
        "gold_points": sc["gold"]["points_each"],
        "pharaoh_most": sc["pharaoh"]["most"],
        "pharaoh_fewest": sc["pharaoh"]["fewest"],
        "nile_points": sc["nile"]["points_per_nile"],
        "flood_points": sc["nile"]["points_per_flood"],
        "civ_by_kinds": tuple(civ[str(i)] for i in range(len(CIVS) + 1)),
        "monument_by_kinds": tuple(mon[str(i)] for i in range(len(MONUMENTS) + 1)),
        # bonus for n identical monuments of one kind, n = 0..5
        "monument_same": tuple(same.get(str(i), 0) for i in range(6)),
        "sun_highest": sc["sun_sum"]["highest"],
        "sun_lowest": sc["sun_sum"]["lowest"],
        "floor": sc["floor"],
    }


DATA: Final = MappingProxyType(_build(_load()))
TILE_COUNTS: Final[tuple[int, ...]] = DATA["tile_counts"]
TOTAL_TILES: Final = sum(TILE_COUNTS)
AUCTION_SPACES: Final[int] = DATA["auction_track_spaces"]
EPOCHS: Final[int] = DATA["epochs"]
EDITIONS: Final = DATA["editions"]

# Tile classes as shown in the rulebook's five display rows (render and views use them).
DISPLAY_ROWS: Final = (
    ("Gods & gold", (GOD, GOLD)),
    ("Pharaohs", (PHARAOH,)),
    ("Nile & floods", (NILE, FLOOD)),
    ("Civilization", CIVS),
    ("Monuments", MONUMENTS),
)


def sun_list(mask: int) -> list[int]:
    """Sun values in a bitmask (bit ``v`` = sun ``v``), highest first."""
    return [v for v in range(16, 0, -1) if mask >> v & 1]


def sun_sum(mask: int) -> int:
    """Sum of the sun values in a bitmask (RA-SCORE-8)."""
    return sum(v for v in range(1, 17) if mask >> v & 1)


DISASTER_TARGETS: Final = MappingProxyType({
    FUNERAL: (PHARAOH,), DROUGHT: (FLOOD, NILE), UNREST: CIVS, EARTHQUAKE: MONUMENTS,
})  # fmt: skip

"""Men-Nefer component data, loaded once from ``data/men-nefer-components.json`` and validated.

The data file is a copy of the project's component spec (``men-nefer-components.json``). Every
number the rules use (tracks, tiles, costs, board spaces, thresholds, start values) is read from it;
the values the spec marks ``reconstructed`` are read exactly like the printed ones, so players with
the physical game can correct them by editing that one file (``docs/men-nefer-values.md``). The file
is checked when this module is imported (``loader.build``): an edited file that breaks a rule the
engine relies on raises ``ComponentDataError`` naming the problem, before any game starts.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

from heliopolis.games.men_nefer.loader import _effect, _group, build  # noqa: F401  (re-exported)
from heliopolis.games.men_nefer.schema import *  # noqa: F403  (the data model, re-exported)
from heliopolis.games.men_nefer.schema import FILE, Data


def _load() -> Data:
    text = resources.files("heliopolis.games.men_nefer").joinpath(FILE).read_text(encoding="utf-8")
    return build(json.loads(text))


DATA: Final = _load()
NUM_HOUSES: Final = len(DATA.houses)
NUM_LOCS: Final = len(DATA.locations)
HARBOR: Final = 0
NUM_CITIES: Final = NUM_LOCS - DATA.sections
WARE_SPACES: Final = len(DATA.ware_space_level)
CITY_SLOTS: Final = max(len(m) for m in DATA.city_slot_marks)


def loc_name(i: int) -> str:
    return DATA.locations[i].lower()


def city_of(loc: int) -> int:
    """City index of a Nile location (-1 for a river section)."""
    return loc - DATA.sections if loc >= DATA.sections else -1

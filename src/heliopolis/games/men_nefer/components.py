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

# the data model, re-exported name by name (the compiled build binds no names for an ``import *``)
from heliopolis.games.men_nefer.schema import BOATS as BOATS
from heliopolis.games.men_nefer.schema import BURY as BURY
from heliopolis.games.men_nefer.schema import BUY_PAPYRUS as BUY_PAPYRUS
from heliopolis.games.men_nefer.schema import BUY_WARE as BUY_WARE
from heliopolis.games.men_nefer.schema import CARVE as CARVE
from heliopolis.games.men_nefer.schema import CHOICE as CHOICE
from heliopolis.games.men_nefer.schema import EMBALM as EMBALM
from heliopolis.games.men_nefer.schema import ERECT as ERECT
from heliopolis.games.men_nefer.schema import EYE as EYE
from heliopolis.games.men_nefer.schema import FAV_EYE as FAV_EYE
from heliopolis.games.men_nefer.schema import FAV_FEATHER as FAV_FEATHER
from heliopolis.games.men_nefer.schema import FAV_FOOD_OR_HEKA as FAV_FOOD_OR_HEKA
from heliopolis.games.men_nefer.schema import FAV_HEART as FAV_HEART
from heliopolis.games.men_nefer.schema import FAVOUR as FAVOUR
from heliopolis.games.men_nefer.schema import FAVOUR_KINDS as FAVOUR_KINDS
from heliopolis.games.men_nefer.schema import FEATHER as FEATHER
from heliopolis.games.men_nefer.schema import FILE as FILE
from heliopolis.games.men_nefer.schema import FOOD as FOOD
from heliopolis.games.men_nefer.schema import FOOD_OR_HEKA as FOOD_OR_HEKA
from heliopolis.games.men_nefer.schema import FREE_PAPYRUS as FREE_PAPYRUS
from heliopolis.games.men_nefer.schema import FREE_WARE as FREE_WARE
from heliopolis.games.men_nefer.schema import GP_CONSTRUCTION as GP_CONSTRUCTION
from heliopolis.games.men_nefer.schema import GP_FAVOUR as GP_FAVOUR
from heliopolis.games.men_nefer.schema import GP_NONE as GP_NONE
from heliopolis.games.men_nefer.schema import GP_SEAL as GP_SEAL
from heliopolis.games.men_nefer.schema import HEART as HEART
from heliopolis.games.men_nefer.schema import HEKA as HEKA
from heliopolis.games.men_nefer.schema import LIMESTONE as LIMESTONE
from heliopolis.games.men_nefer.schema import MASTABA as MASTABA
from heliopolis.games.men_nefer.schema import MIX as MIX
from heliopolis.games.men_nefer.schema import NUMERALS as NUMERALS
from heliopolis.games.men_nefer.schema import OPS as OPS
from heliopolis.games.men_nefer.schema import PP as PP
from heliopolis.games.men_nefer.schema import PRIESTESSES as PRIESTESSES
from heliopolis.games.men_nefer.schema import SCARAB as SCARAB
from heliopolis.games.men_nefer.schema import SIDES as SIDES
from heliopolis.games.men_nefer.schema import SUN as SUN
from heliopolis.games.men_nefer.schema import TAKE_TA as TAKE_TA
from heliopolis.games.men_nefer.schema import ComponentDataError as ComponentDataError
from heliopolis.games.men_nefer.schema import Data as Data
from heliopolis.games.men_nefer.schema import Effect as Effect
from heliopolis.games.men_nefer.schema import Group as Group


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

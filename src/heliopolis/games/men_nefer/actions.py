"""The Men-Nefer action table, built once in an explicit order (never sorted), and its notation.

Player actions (ids ``0 .. NUM_DISTINCT_ACTIONS-1``), in this order (see docs/men-nefer-notation.md):

==========================  ===============================================================
``visit:<tile>``            visit a house of life with the apprentice under that tile (MN-TURN-1/2)
``house:<house>``           the house whose sun space that apprentice goes to (MN-TURN-3)
``raise:<house>``           raise that specialization (MN-TURN-7..10)
``take:<slot>``             take the display tile of slot 1..5 (MN-TURN-11..17)
``track:<space>``           perform that specialization-track space (MN-TURN-9/10)
``row:<slot>``              perform the display actions beside that slot (MN-TURN-15)
``do:<op>``                 perform that action of the current group next (MN-GEN-4)
``alt:<k>``                 choose alternative k of ``/`` or ``⊥`` (MN-GEN-5)
``block:<great|queens>``    one limestone step with that stone block (MN-ACT-1)
``position:<k>``            build the Great Pyramid piece on position k (MN-ACT-3, MN-AMB-40)
``favour:<kind>``           a Khufu favour of choice: food heka feather heart eye (MN-ACT-5)
``gain:<food|heka>``        the outcome of food-or-heka or of one Isis unit
``pyramid:<q>``             place the eye beside that queens' pyramid (MN-ACT-6)
``grave:<space>``           bury on that necropolis space (MN-ACT-9)
``mastaba:<slot>``          activate the mastaba tile on that slot (MN-ACT-9, MN-ACT-21)
``papyrus:<slot>``          take the papyrus of market slot 1..4 (MN-ACT-11/12)
``ware:<slot>``             take the ware of market slot 1..4 (MN-ACT-13, MN-ACT-27)
``place:<space>``           put the new ware on that ware-area space (MN-ACT-13)
``priestess:<from>``        move one priestess one room deeper (MN-ACT-15)
``offer:<space>``           offer the ware on that ware-area space (MN-ACT-16)
``basket:<space>``          put the offered basket on that temple space (MN-ACT-16)
``sail:<from>:<to>``        one boat step (MN-ACT-17); a boat not yet activated this turn if any
``sail-activated:<f>:<t>``  the same step by an already activated boat sharing the location
``activate:<location>``     activate your boat there (MN-ACT-18)
``agreement:<city>:<k>``    take the trade agreement of that city slot (MN-ACT-18, MN-ACT-25)
``discard:<k|new>``         make room on a full agreement board (MN-ACT-26)
``pedestal:<id>``           erect the sphinx on that pedestal (MN-ACT-20)
``scarab:<house>``          the scarab bonus on that track (MN-ACT-24)
``pass``                    stop / decline the current action (MN-GEN-4)
==========================  ===============================================================

Chance outcomes (from ``CHANCE_OFFSET``): ``start:<seat>``, ``board:<id>``, ``queens:<tile>``,
``mastaba-tile:<id>``, ``deity:<id>``, ``advantage:<id>``, ``neutral:<tile>``, ``piece:<favour>``,
``ware-draw:<id>``, ``papyrus-draw:<id>``, ``agreement-draw:<id>``, ``tile:<id>``.
"""

from __future__ import annotations

from typing import Final

from heliopolis.core.notation import ActionNames
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    FAVOUR_KINDS,
    NUM_LOCS,
    OPS,
    loc_name,
)

ENCODING: Final = "men-nefer-v2"

_names: list[str] = []


def _block(names: list[str]) -> int:
    base = len(_names)
    _names.extend(names)
    return base


HOUSES: Final = DATA.houses
TILES: Final = [t.lower() for t in DATA.tile_ids]
N_TILES: Final[int] = len(TILES)
N_HOUSES: Final[int] = len(HOUSES)
N_DISPLAY: Final[int] = len(DATA.display_food)
VISIT: Final[int] = _block([f"visit:{t}" for t in TILES])
HOUSE: Final[int] = _block([f"house:{h}" for h in HOUSES])
RAISE: Final[int] = _block([f"raise:{h}" for h in HOUSES])
TAKE: Final[int] = _block([f"take:{k}" for k in range(1, N_DISPLAY + 1)])
TRACK: Final[int] = _block([f"track:{k}" for k in range(1, DATA.track_len + 1)])
ROW: Final[int] = _block([f"row:{k}" for k in range(1, N_DISPLAY + 1)])
DO: Final[int] = _block([f"do:{op}" for op in OPS])
ALT: Final[int] = _block([f"alt:{k}" for k in range(1, 4)])
BLOCK: Final[int] = _block(["block:great", "block:queens"])
POSITION: Final[int] = _block([f"position:{k}" for k in range(1, len(DATA.gp_build_places) + 1)])
# favour:<kind> with food-or-heka split: food, heka, then feather, heart, eye
FAVOUR_NAMES: Final = ("food", "heka") + FAVOUR_KINDS[1:]
FAVOUR: Final[int] = _block([f"favour:{k}" for k in FAVOUR_NAMES])
GAIN: Final[int] = _block(["gain:food", "gain:heka"])
PYRAMID: Final[int] = _block([f"pyramid:q{k}" for k in range(1, DATA.queens + 1)])
GRAVE: Final[int] = _block([f"grave:{g.lower()}" for g in DATA.grave_ids])
MASTABA: Final[int] = _block([f"mastaba:{m.lower().replace('_', '-')}" for m in DATA.mastaba_slots])
PAPYRUS: Final[int] = _block([f"papyrus:{k}" for k in range(1, len(DATA.papyrus_market_cost) + 1)])
WARE: Final[int] = _block([f"ware:{k}" for k in range(1, len(DATA.ware_market_cost) + 1)])
PLACE: Final[int] = _block([f"place:{n}" for n in DATA.ware_space_names])
PRIEST_FROM: Final = ("entrance",) + tuple(f"{r}{p}" for r in range(1, DATA.rooms) for p in "sl")
PRIEST: Final[int] = _block([f"priestess:{f}" for f in PRIEST_FROM])  # PRIEST + 0: entrance; + 2r-1 / 2r: room r s/l
OFFER: Final[int] = _block([f"offer:{n}" for n in DATA.ware_space_names])
BASKET: Final[int] = _block([f"basket:{t.lower()}" for t in DATA.temple_ids])
SAIL_EDGES: Final = DATA.sail_edges
SAIL: Final[int] = _block([f"sail:{loc_name(a)}:{loc_name(b)}" for a, b in SAIL_EDGES])
# the same step by a boat already activated this turn, where it shares a location with one that is not
SAIL_ACTIVATED: Final[int] = _block([f"sail-activated:{loc_name(a)}:{loc_name(b)}" for a, b in SAIL_EDGES])
ACTIVATE: Final[int] = _block([f"activate:{loc_name(i)}" for i in range(1, NUM_LOCS)])  # ACTIVATE + loc - 1
AGREEMENT: Final[int] = _block([f"agreement:{loc_name(DATA.sections + c)}:{k}"
                    for c in range(len(DATA.city_arrow)) for k in range(1, CITY_SLOTS + 1)])  # fmt: skip
DISCARD: Final[int] = _block([f"discard:{k}" for k in range(1, DATA.ta_slots + 1)] + ["discard:new"])
DISCARD_NEW: Final[int] = DISCARD + DATA.ta_slots
PEDESTAL: Final[int] = _block([f"pedestal:{p.lower()}" for p in DATA.pedestal_ids])
SCARAB: Final[int] = _block([f"scarab:{h}" for h in HOUSES])
PASS: Final[int] = _block(["pass"])
NUM_DISTINCT_ACTIONS: Final = len(_names)
CHANCE_OFFSET: Final = NUM_DISTINCT_ACTIONS
START: Final[int] = _block([f"start:{s}" for s in range(max(DATA.player_counts))])
BOARD: Final[int] = _block([f"board:{b.lower()}" for b in DATA.board_ids])
QUEENS: Final[int] = _block([f"queens:{q.lower()}" for q in DATA.queen_tiles])
MASTABA_TILE: Final[int] = _block([f"mastaba-tile:{m.lower()}" for m in DATA.mastaba_ids])
DEITY: Final[int] = _block([f"deity:{d}" for d in DATA.deity_ids])
ADVANTAGE: Final[int] = _block([f"advantage:{a.lower()}" for a in DATA.advantage_ids])
NEUTRAL: Final[int] = _block([f"neutral:{t.lower()}" for t in DATA.neutral_ids])
PIECE: Final[int] = _block([f"piece:{k.replace('_', '-')}" for k in FAVOUR_KINDS])
WARE_DRAW: Final[int] = _block([f"ware-draw:{w.lower()}" for w in DATA.ware_ids])
PAPYRUS_DRAW: Final[int] = _block([f"papyrus-draw:{p.lower()}" for p in DATA.papyrus_ids])
TA_DRAW: Final[int] = _block([f"agreement-draw:{t.lower()}" for t in DATA.ta_ids])
TILE: Final[int] = _block([f"tile:{t}" for t in TILES])
MAX_CHANCE_OUTCOMES: Final = len(_names) - CHANCE_OFFSET
NAMES: Final = tuple(_names)
_TABLE: Final = ActionNames("Men-Nefer", NAMES, "docs/men-nefer-notation.md")
action_to_string = _TABLE.to_string
string_to_action = _TABLE.to_action

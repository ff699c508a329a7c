"""The Helios action table, built once in an explicit order (never sorted), and its notation.

Player actions (ids ``0 .. NUM_DISTINCT_ACTIONS-1``), in this order:

=====================  =====================================================================
``take:<symbol>``      take the bottom tile of a column (symbols ``land build sun``), HE-ACT-2
``slot:<colour>``      attach a grey tile to the red/blue/yellow slot, HE-ACT-3
``forgo``              forgo the regular or bonus action, HE-ACT-5 / HE-ACT-8
``do:<symbol>``        the bonus action's free choice, HE-ACT-8
``land:<colour>``      take the face-up land tile of a colour stack, HE-LAND-1
``land:extra``         take the face-up land tile of the extra stack
``special:<kind>``     take a special tile (``free created resources temples``)
``place:<q>,<r>``      create the tile in hand on hex (q, r), HE-LAND-2
``temple:<q>,<r>``     build a temple on the tile at (q, r), HE-TMP-1
``build:<building>``   build a city building, HE-BLD-2
``pay:<q>,<r>:<col>``  pay one resource of colour col from the tile at (q, r), HE-PAY-1
``step:<q>,<r>``       move the sun one step to (q, r), HE-SUN-5/7
``stop``               end the sun move (irradiation follows), HE-SUN-1
``trade:<n>``          Tauschbasar: exchange n = 0..3 mana for 4 VP each, HE-BLD-T9
``gain:<colour>``      choose the colour of a bonus resource, HE-FIELD-1 / HE-SETUP-10 / HE-REF-6
``put:<q>,<r>``        put that bonus resource on the tile at (q, r)
``home:<colour>``      choose the starting land tile, HE-SETUP-6
``buy:<person>``       buy a person, HE-PERS-5
``activate:<person>``  activate an owned person, HE-PERS-6
``pass``               end a person-turn, HE-PERS-3
=====================  =====================================================================

Chance outcomes (from ``CHANCE_OFFSET``): ``start:<seat>`` (start player, HE-SETUP-5),
``deal:<tile colour>`` (the colour of the next action tile dealt from the current symbol's stack,
HE-SETUP-1 / HE-REF-4), ``extra:<colour>`` (the colour of the next tile drawn from the extra land
stack, HE-SETUP-8 / HE-REF-1 / HE-BLD-T11). Stacks are kept as counts, so a drawn tile is its type.
"""

from __future__ import annotations

from typing import Final

from heliopolis.core.notation import ActionNames
from heliopolis.games.helios.components import (
    BUILDING_IDS,  # fmt: skip
    COLOURS,
    LABEL_INDEX,
    NUM_HEXES,
    PERSON_IDS,
    SPECIALS,
    SYMBOLS,
    TILE_COLOURS,
    hex_label,
    hex_name,
    hex_of_name,
)

ENCODING: Final = "helios-v1"

_names: list[str] = []


def _block(names: list[str]) -> int:
    base = len(_names)
    _names.extend(names)
    return base


HEXN = [hex_name(h) for h in range(NUM_HEXES)]
TAKE = _block([f"take:{s}" for s in SYMBOLS])
SLOT = _block([f"slot:{c}" for c in TILE_COLOURS[:3]])
FORGO = _block(["forgo"])
DO = _block([f"do:{s}" for s in SYMBOLS])
LAND = _block([f"land:{c}" for c in COLOURS] + ["land:extra"])
LAND_EXTRA = LAND + 5
SPECIAL = _block([f"special:{k}" for k in SPECIALS])
PLACE = _block([f"place:{h}" for h in HEXN])
TEMPLE = _block([f"temple:{h}" for h in HEXN])
BUILD = _block([f"build:{b}" for b in BUILDING_IDS])
PAY = _block([f"pay:{h}:{c}" for h in HEXN for c in COLOURS])  # PAY + hex * 5 + colour
STEP = _block([f"step:{h}" for h in HEXN])
STOP = _block(["stop"])
TRADE = _block([f"trade:{n}" for n in range(4)])
GAIN = _block([f"gain:{c}" for c in COLOURS])
PUT = _block([f"put:{h}" for h in HEXN])
HOME = _block([f"home:{c}" for c in COLOURS])
BUY = _block([f"buy:{p}" for p in PERSON_IDS])
ACTIVATE = _block([f"activate:{p}" for p in PERSON_IDS])
PASS = _block(["pass"])
NUM_DISTINCT_ACTIONS: Final = len(_names)
CHANCE_OFFSET: Final = NUM_DISTINCT_ACTIONS
START = _block([f"start:{s}" for s in range(4)])
DEAL = _block([f"deal:{c}" for c in TILE_COLOURS])
EXTRA = _block([f"extra:{c}" for c in COLOURS])
MAX_CHANCE_OUTCOMES: Final = len(_names) - CHANCE_OFFSET
NAMES: Final = tuple(_names)
HEX_KINDS: Final = ("place", "temple", "pay", "step", "put")


def shown_name(name: str) -> str:
    """A canonical name as the board shows it: ``place:0,-1`` -> ``place:e6`` (the examples of an error)."""
    kind, _, arg = name.partition(":")
    where, sep, rest = arg.partition(":")
    h = hex_of_name(where) if kind in HEX_KINDS else None
    return name if h is None else f"{kind}:{hex_label(h)}{sep}{rest}"


_TABLE: Final = ActionNames("Helios", NAMES, "docs/helios-notation.md", shown_name)
action_to_string = _TABLE.to_string


def string_to_action(text: str) -> int:
    """Canonical notation (axial ``place:0,-1``); a hex may also be named by its board coordinate
    (``place:e6``, ``pay:e5:blue``), the name the board, the log and the buttons show. An error
    quotes the text as typed."""
    if isinstance(text, str):
        kind, _, arg = "".join(text.lower().split()).partition(":")
        where, sep, rest = arg.partition(":")
        if kind in HEX_KINDS and where in LABEL_INDEX:
            found = _TABLE.index.get(f"{kind}:{hex_name(LABEL_INDEX[where])}{sep}{rest}")
            if found is not None:
                return found
    return _TABLE.to_action(text)

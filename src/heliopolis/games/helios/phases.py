"""What ``state``, ``legality`` and ``rules`` share: the decision phases and the building indices.

A module of its own so that the state and the rules do not import each other (the rules import the
state's type for annotations only). One ``Final`` per name, so the compiled build inlines them.
"""

from __future__ import annotations

from typing import Final

from heliopolis.games.helios.components import B

# Decision phases (``HeliosState.phase``); the numbers are part of the observation tensor.
PH_CHANCE_START: Final = 0
PH_DEAL: Final = 1
PH_HOME: Final = 2
PH_EXTRA: Final = 3
PH_GAIN: Final = 4
PH_PUT: Final = 5
PH_TAKE: Final = 6
PH_SLOT: Final = 7
PH_ACTION: Final = 8
PH_PLACE: Final = 9
PH_PAY: Final = 10
PH_SUN: Final = 11
PH_TRADE: Final = 12
PH_BONUS: Final = 13
PH_LV: Final = 14
PH_PERSON: Final = 15
PH_END: Final = 16
PH_IDLE: Final = 99  # between decisions: the task loop (``rules.run``) runs
PHASE_NAMES: Final = ("start", "deal", "home", "extra", "gain", "put", "take", "slot", "action", "place",
                      "pay", "sun", "trade", "bonus", "land_office", "person", "end")  # fmt: skip

# Buildings whose effects the rules apply (indices into ``DATA.buildings``, bits of ``buildings[p]``).
LAND_OFFICE: Final[int] = B["land_office"]
PALACE: Final[int] = B["palace"]
BAZAAR: Final[int] = B["bazaar"]
POWER_PLANT: Final[int] = B["power_plant"]
WATCHTOWER: Final[int] = B["watchtower"]
WAREHOUSE: Final[int] = B["warehouse"]
COUNCIL: Final[int] = B["council"]
CITADEL: Final[int] = B["citadel"]

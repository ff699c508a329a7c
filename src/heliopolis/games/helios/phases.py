"""What ``state``, ``legality`` and ``rules`` share: the decision phases and the building indices.

A module of its own so that the state and the rules do not import each other (the rules import the
state's type for annotations only). One ``Final`` per name, so the compiled build inlines them.
"""

from __future__ import annotations

from typing import Final, NamedTuple

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
# ``state.acted``, bits of the person phase's current person-turn (HE-PERS-3, HE-PERS-4)
ACTED: Final = 1  # a person bought or activated: the round of passes starts again
BOUGHT: Final = 2  # a person bought: at most one purchase per person-turn


class Payment(NamedTuple):
    """``state.pay``: a cost still to pay, one resource per PAY action (HE-PAY-1)."""

    kind: str  # "temple", "build" or "person"
    what: int  # the building's or person's index (for a temple: the TEMPLE action's offset)
    spec: tuple[int, ...]  # resources still owed per colour (blue brown grey green black)
    one: int  # still owed: resources all of one colour (any colour)
    anyn: int  # still owed: resources of any colours


LAND_OFFICE: Final[int] = B["land_office"]
PALACE: Final[int] = B["palace"]
BAZAAR: Final[int] = B["bazaar"]
POWER_PLANT: Final[int] = B["power_plant"]
WATCHTOWER: Final[int] = B["watchtower"]
WAREHOUSE: Final[int] = B["warehouse"]
COUNCIL: Final[int] = B["council"]
CITADEL: Final[int] = B["citadel"]

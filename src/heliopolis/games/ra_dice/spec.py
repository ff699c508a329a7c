"""Ra: The Dice Game's ``GameSpec``: its parts, as the registry hands them to every layer (see ``core/spec.py``)."""

from __future__ import annotations

from heliopolis.core.spec import GameSpec

SPEC = GameSpec(
    game_id="ra-dice",
    game="heliopolis.games.ra_dice.game:RaDiceGame",
    views="heliopolis.games.ra_dice.views",
    render="heliopolis.games.ra_dice.render",
    notation="heliopolis.games.ra_dice.actions",
    heuristics="heliopolis.games.ra_dice.heuristics",
    features="heliopolis.games.ra_dice.features",
    observation="heliopolis.games.ra_dice.observation",
    log="heliopolis.games.ra_dice.views:RaDicePublicLog",
    invariants="heliopolis.games.ra_dice.invariants",
    tutorial="heliopolis.games.ra_dice.tutorial",
    catalogs=("ra-dice",),
    compiled=(
        "components",
        "actions",
        "phases",
        "scoring",
        "epochs",
        "disasters",
        "dice",
        "state",
        "heuristics",
        "observation",
    ),  # fmt: skip
    terminal_styles=(("ra", "bold yellow"), ("sun", "bold yellow")),
)

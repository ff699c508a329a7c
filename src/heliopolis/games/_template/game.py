"""``PebblesGame``: the static facts, option validation and the notation (PB-1..PB-5 in ``__init__``)."""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, GameInfo
from heliopolis.core.notation import ActionNames
from heliopolis.games._template.state import MAX_PILE, MAX_PLAYERS, MAX_TAKE, MIN_PILE, START_BASE, PebblesState

ENCODING = "pebbles-v1"  # bump on any change of the action table
NAMES = ActionNames("Pebbles", [f"take:{k}" for k in range(1, MAX_TAKE + 1)] +
                    [f"start:{p}" for p in range(MAX_PLAYERS)], "take:<1-3>, start:<seat>")  # fmt: skip
action_to_string = NAMES.to_string
string_to_action = NAMES.to_action


class PebblesGame(Game):
    """Pebbles. Options: ``pile``, the pebbles at the start (5 to 30, default 15)."""

    option_choices: ClassVar[dict[str, list[Any]]] = {"pile": [15, 21]}
    info: ClassVar[GameInfo] = GameInfo(
        game_id="pebbles", encoding=ENCODING, name="Pebbles", min_players=2, max_players=MAX_PLAYERS,
        num_distinct_actions=MAX_TAKE, chance_offset=START_BASE, max_chance_outcomes=MAX_PLAYERS,
        max_game_length=1 + MAX_PILE, hidden_information=False, options={"pile": 15},
    )  # fmt: skip
    state_class = PebblesState

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        options = super().validate_options(players, options)
        pile = options["pile"]
        if isinstance(pile, bool) or not isinstance(pile, int) or not MIN_PILE <= pile <= MAX_PILE:
            raise ConfigError(error_msg("pebbles.error.pile", got=repr(pile), low=MIN_PILE, high=MAX_PILE))
        return options

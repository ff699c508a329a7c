"""``HeliosGame``: Helios's static facts (``GameInfo``) and option validation."""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.game import Game, GameInfo, PublicLog
from heliopolis.core.helpers import check_start_player
from heliopolis.games.helios import actions as A
from heliopolis.games.helios.state import HeliosState

# Upper bound on len(history()): per turn at most take + slot + 3 actions (regular, 4th-tile bonus,
# Palast bonus) of at most ~70 decisions each (a Kraftwerk sun move walks at most the coast, < 62
# positions, plus the dead-end path; a temple costs at most ~40 payments; the Landverwaltung adds
# 2 draws, 2 placements and 2 bonus resources); 4 rounds x 16 turns; plus person phases and chance.
MAX_PER_TURN = 2 + 3 * 80
MAX_GAME_LENGTH = 1 + 4 * (16 * MAX_PER_TURN + 600 + 40)


class HeliosGame(Game):
    """Helios (Martin Kallenborn & Matthias Prinz, Hans im Glück 2014), 2-4 players.

    Options:
        start_player: the seat holding the start-player dragon (``None``, the default: a chance
            node ``start:<seat>`` draws it uniformly, HE-SETUP-5 / HE-AMB-30).
    """

    option_choices: ClassVar[dict[str, list[Any]]] = {}
    info: ClassVar[GameInfo] = GameInfo(
        game_id="helios",
        encoding=A.ENCODING,
        name="Helios",
        min_players=2,
        max_players=4,
        num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
        chance_offset=A.CHANCE_OFFSET,
        max_chance_outcomes=A.MAX_CHANCE_OUTCOMES,
        max_game_length=MAX_GAME_LENGTH,
        hidden_information=False,
        options={"start_player": None},
    )
    state_class = HeliosState

    def default_players(self) -> int:
        return 3

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        options = super().validate_options(players, options)
        check_start_player(players, options["start_player"])
        return options

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def new_public_log(self) -> PublicLog:
        """The whole story in sentences, automatic steps included (``log.HeliosLog``)."""
        from heliopolis.games.helios.log import HeliosLog

        return HeliosLog(self)

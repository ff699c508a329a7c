"""``MenNeferGame``: Men-Nefer's static facts (``GameInfo``) and option validation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, GameInfo, PublicLog
from heliopolis.core.helpers import check_start_player
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.state import MenNeferState

# The interpretations the spec keeps configurable (rule_options in the data file): option name ->
# the data file's key. Defaults come from the data file.
RULE_OPTIONS: dict[str, str] = {
    "question_mark_without_numeral": "question_mark_without_numeral",  # MN-AMB-11
    "two_scarabs_condition": "two_scarabs_condition",  # MN-AMB-46
    "temple_basket_spaces": "temple_basket_spaces",  # MN-AMB-9
    "mastaba_ware_icon": "mastaba_ware_icon",  # MN-AMB-8
    "supply_recycle_timing": "supply_recycle_timing",  # MN-AMB-21
    "boat_activations_split": "boat_activations_split",  # MN-AMB-53
}

# Upper bound on len(history()): a turn has at most a few hundred decisions (a limestone 4 with
# constructions and favours, an offering with its ware and space actions, boats with activations
# that trigger deities), the setup about 60 chance nodes, each turn at most 8 market draws, each
# Flood at most 12 agreement draws; 27 turns per player.
MAX_PER_TURN = 400
MAX_GAME_LENGTH = 100 + max(DATA.player_counts) * 27 * (MAX_PER_TURN + 8) + 3 * 12


@dataclass(frozen=True)
class RuleFlags:
    """The rule options as booleans (True = the alternative reading)."""

    question_level_i: bool
    two_scarabs_named: bool
    temple_8_total: bool
    mastaba_free_ware: bool
    recycle_immediately: bool
    boats_strict: bool


class MenNeferGame(Game):
    """Men-Nefer (Germán P. Millán; Ludonova 2024, German edition Pegasus Spiele), 2-4 players.

    Options:
        start_player: the start player's seat (``None``, the default: a chance node ``start:<seat>``,
            MN-SETUP-28 / MN-AMB-49).
        question_mark_without_numeral, two_scarabs_condition, temple_basket_spaces,
        mastaba_ware_icon, supply_recycle_timing, boat_activations_split: the interpretations the
            spec keeps configurable (MN-AMB-11, -46, -9, -8, -21, -53); defaults and choices come
            from ``rule_options`` in the data file.
    """

    # the lobby offers the spec's open readings (first choice: the default)
    option_choices: ClassVar[dict[str, list[Any]]] = {k: list(DATA.rule_options[v]) for k, v in RULE_OPTIONS.items()}
    info: ClassVar[GameInfo] = GameInfo(
        game_id="men-nefer",
        encoding=A.ENCODING,
        name="Men-Nefer",
        min_players=min(DATA.player_counts),
        max_players=max(DATA.player_counts),
        num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
        chance_offset=A.CHANCE_OFFSET,
        max_chance_outcomes=A.MAX_CHANCE_OUTCOMES,
        max_game_length=MAX_GAME_LENGTH,
        hidden_information=False,
        options={"start_player": None, **{k: DATA.rule_options[v][0] for k, v in RULE_OPTIONS.items()}},
    )
    state_class = MenNeferState
    _initial: MenNeferState | None = None  # the start position, built on first use (new_initial_state)

    def default_players(self) -> int:
        return 3

    def new_initial_state(self) -> MenNeferState:
        # Every game starts from the same position (the setup up to its first draw): built once per
        # game object, then cloned (a clone is an equal, independent state, and far cheaper than the setup).
        if self._initial is None:
            self._initial = MenNeferState(self)
        return self._initial.clone()

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        options = super().validate_options(players, options)
        check_start_player(players, options["start_player"])
        for name, key in RULE_OPTIONS.items():
            if options[name] not in DATA.rule_options[key]:
                raise ConfigError(error_msg("errors.config.one_of", option=name, values=", ".join(DATA.rule_options[key]),
                                            got=repr(options[name])))  # fmt: skip
        alt = {name: options[name] != DATA.rule_options[key][0] for name, key in RULE_OPTIONS.items()}
        self.rule_flags = RuleFlags(
            question_level_i=alt["question_mark_without_numeral"],
            two_scarabs_named=alt["two_scarabs_condition"],
            temple_8_total=alt["temple_basket_spaces"],
            mastaba_free_ware=alt["mastaba_ware_icon"],
            recycle_immediately=alt["supply_recycle_timing"],
            boats_strict=alt["boat_activations_split"],
        )
        return options

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def new_public_log(self) -> PublicLog:
        """The whole story in sentences, forced steps and scoring included (``log.MenNeferLog``)."""
        from heliopolis.games.men_nefer.log import MenNeferLog

        return MenNeferLog(self)

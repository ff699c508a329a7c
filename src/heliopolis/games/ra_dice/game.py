"""``RaDiceGame``: Ra: The Dice Game's static facts (``GameInfo``) and option validation."""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, GameInfo, players_error
from heliopolis.core.helpers import check_start_player
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice import components as C
from heliopolis.games.ra_dice.state import RaDiceState

# Every turn moves the Ra figure with probability at least P_ADVANCE, whatever the players do (the
# minimum over reroll strategies of P(1 or 2 suns) by dynamic programming over (suns locked, free
# dice, rolls left)); an epoch needs at most 14 advances; TURNS_PER_EPOCH turns without them has
# probability below 1.3e-17 (binomial tail), see ``_max_game_length``.
P_ADVANCE = 0.3118
TURNS_PER_EPOCH = 200


def _max_actions_per_turn(players: int) -> int:
    """Chance: 5 + 5 + 5 dice; rerolls: 2 x (5 choices + roll); applying: <= 5 die uses, 1 disaster,
    1 finish; victims: <= 2 removals for each other player."""
    dice = C.NUM_DICE
    return 3 * dice + 2 * (dice + 1) + dice + 2 + C.DATA.dis_mon_remove * (players - 1)


def _max_game_length() -> int:
    """An upper bound on ``len(history())`` that a game exceeds with probability < 1e-16.

    The rules put no hard limit on a game: a turn with 0 or 3-5 suns leaves the Ra figure where it
    is, so an epoch can last any number of turns. Every turn advances it with probability at least
    ``P_ADVANCE`` (~0.31) whatever the players choose, and an epoch ends after at most 14 advances,
    so an epoch longer than ``TURNS_PER_EPOCH`` turns has probability below 1.3e-17.
    """
    return 1 + C.DATA.epochs * TURNS_PER_EPOCH * _max_actions_per_turn(C.DATA.max_players)


class RaDiceGame(Game):
    """Ra: The Dice Game (Reiner Knizia, Rio Grande Games 2009), 2-4 players.

    Options:
        start_player: the seat that starts (``None``, the default: a chance node ``start:<seat>``
            draws it uniformly, RD-SETUP-4).
        score_floor_zero: keep scores at 0 or above (default false: the rulebook has no floor,
            RD-AMB-3). Epoch results are netted before the floor applies.
    """

    # The options a lobby offers, with their choices (``start_player`` is for scripted set-ups).
    option_choices: ClassVar[dict[str, list[Any]]] = {"score_floor_zero": [False, True]}
    info: ClassVar[GameInfo] = GameInfo(
        game_id="ra-dice",
        encoding=A.ENCODING,
        name="Ra: The Dice Game",
        min_players=C.DATA.min_players,
        max_players=C.DATA.max_players,
        num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
        chance_offset=A.DIE_BASE,
        max_chance_outcomes=A.MAX_CHANCE_OUTCOMES,
        max_game_length=_max_game_length(),
        hidden_information=False,
        options={"start_player": None, "score_floor_zero": False},
    )
    state_class = RaDiceState

    def default_players(self) -> int:
        return 3

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        rules = C.DATA  # read at construction, so a corrected data file needs no code change
        if not rules.min_players <= players <= rules.max_players:  # RD-SETUP-1
            raise ConfigError(players_error(self.info.game_id, self.info.name, rules.min_players, rules.max_players,
                                            players))  # fmt: skip
        start = options["start_player"]
        check_start_player(players, start)
        floor = options["score_floor_zero"]
        if not isinstance(floor, bool):
            raise ConfigError(error_msg("errors.config.bool", option="score_floor_zero", got=repr(floor)))
        self._derive(rules, players)
        self.start_player = start
        self.floor = floor
        return {"start_player": start, "score_floor_zero": floor}

    def _derive(self, r: C.RulesData, players: int) -> None:
        """Per-configuration tables the state reads on its hot path (all from the component data)."""
        self.rules = r
        self.colour_names = r.colours
        self.ra_start = r.sun_start[players]  # RD-BOARD-1
        self.ra_last = r.sun_last
        self.cap = r.civ_capacity[players]  # RD-BOARD-4, RD-CIV-3
        self.phar_max, self.phar_start = r.pharaoh_max, r.pharaoh_start
        self.nile_max, self.nile_start = r.nile_max, r.nile_start
        self.nile_points = r.nile_points  # RD-BOARD-3
        self.starting_scores = r.starting_scores
        self.sun_effect = r.sun_effect
        self.ankh_pair_points = r.ankh_pair_points
        self.rolls_max = r.rolls_per_turn
        self.flood_dice = r.flood_dice
        self.flood_max_ankh = r.flood_dice - r.flood_min_real
        fills = {k - m for k, m in r.civ_markers_by_dice.items()}
        if len(fills) != 1:
            raise C.ComponentDataError("every Civilization set size must give (size - fillers) markers")
        self.civ_fill = fills.pop()  # dice in a Civilization set beyond one per marker
        self.mon_partners = r.mon_further_dice - r.mon_first_dice  # partner dice per further marker
        self.mon_max = r.mon_max_markers
        self.dis_pharaoh_back = r.dis_pharaoh_back
        self.dis_nile_floods = r.dis_nile_floods
        self.dis_nile_back = r.dis_nile_back
        self.dis_civ_remove = r.dis_civ_remove
        self.dis_mon_remove = r.dis_mon_remove
        self.epochs = r.epochs
        self.face_weights = r.face_weights
        total = sum(r.face_weights)
        self.face_table = tuple(f for f, w in enumerate(r.face_weights) for _ in range(w))
        self.roll_outcomes = tuple(
            tuple((A.DIE_BASE + d * C.NUM_FACES + f, w / total) for f, w in enumerate(r.face_weights) if w)
            for d in range(C.NUM_DICE)
        )  # fmt: skip
        self.roll_legal = tuple(tuple(a for a, _ in outs) for outs in self.roll_outcomes)

    def new_public_log(self) -> Any:
        """The move log in sentences (``views.RaDicePublicLog``), fed one action at a time."""
        from heliopolis.games.ra_dice.views import RaDicePublicLog

        return RaDicePublicLog(self)

    def has_private_information(self) -> bool:
        """Nothing is hidden: dice, tracks, areas and scores are on the table."""
        return False

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

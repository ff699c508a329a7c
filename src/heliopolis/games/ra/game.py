"""``RaGame``: Ra's static facts (``GameInfo``) and option validation."""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import Game, GameInfo
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import DATA, EDITIONS
from heliopolis.games.ra.state import RaState

DEFAULT_EDITION = "2009"
MAX_SUN = A.MAX_SUN


def _max_game_length() -> int:
    """A proven upper bound on the number of actions (chance included) in a 5-player game.

    <= 4 deals; <= 180 draws, each followed by a chance node; auctions: <= 30 from Ra tiles,
    <= 3 x 16 won (each spends a sun), <= 150 / 8 forced all-pass ones (each discards 8 tiles),
    each with <= 5 bids/passes plus its invocation; <= 8 god plays + 8 'done'; <= 65 discards.
    """
    auctions = 30 + 3 * 16 + 150 // 8
    return 4 + 2 * 180 + auctions * (5 + 1) + 16 + 65


class RaGame(Game):
    """Ra (Reiner Knizia), 1999 alea and 2009 Rio Grande editions.

    Options:
        edition: ``"2009"`` (default, 2-5 players) or ``"1999"`` (3-5 players).
        hidden_scores: keep other players' points out of player views until the end (default true).
        suns: an explicit sun assignment, one list per seat, e.g. ``[[13, 8, 5, 2], [12, 9, 6, 3],
            [11, 10, 7, 4]]``. Without it the RA-SETUP-5 stacks are dealt at random by chance nodes
            (``stack:<k>``) at the start of the game.
    """

    # The options a lobby offers, with their choices (``suns`` is for scripted set-ups only).
    option_choices: ClassVar[dict[str, list[Any]]] = {"edition": ["2009", "1999"], "hidden_scores": [True, False]}
    info: ClassVar[GameInfo] = GameInfo(
        game_id="ra",
        encoding=A.ENCODING,
        name="Ra",
        min_players=2,
        max_players=5,
        num_distinct_actions=A.NUM_DISTINCT_ACTIONS,
        chance_offset=A.TILE_BASE,
        max_chance_outcomes=A.MAX_CHANCE_OUTCOMES,
        max_game_length=_max_game_length(),
        hidden_information=True,
        options={"edition": DEFAULT_EDITION, "hidden_scores": True, "suns": None},
    )
    state_class = RaState
    # Set by validate_options (the options decide them); read by RaState on every new game.
    edition: str
    hidden_scores: bool
    sun_assignment: list[list[int]] | None
    stacks: tuple[tuple[int, ...], ...]
    ra_needed: int
    blocked_ra_spaces: int
    centre_start: int
    starting_points: int
    god_may_take_disaster: bool

    def default_players(self) -> int:
        return 3

    def validate_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        edition = options["edition"]
        if isinstance(edition, int) and not isinstance(edition, bool):
            edition = str(edition)
        if edition not in EDITIONS:
            raise ConfigError(
                error_msg("ra.error.edition", edition=repr(options["edition"]), allowed=", ".join(sorted(EDITIONS)))
            )
        allowed = EDITIONS[edition]["players"]
        if players not in allowed:  # RA-SETUP-1, RA-DIFF-1
            raise ConfigError(
                error_msg("ra.error.edition_players", edition=edition, low=min(allowed), high=max(allowed), got=players)
            )
        hidden = options["hidden_scores"]
        if not isinstance(hidden, bool):
            raise ConfigError(error_msg("errors.config.bool", option="hidden_scores", got=repr(hidden)))
        suns = options["suns"]
        if suns is not None:
            suns = self._validate_suns(players, suns)
        self.edition = edition
        self.hidden_scores = hidden
        self.sun_assignment = suns
        self.stacks = DATA["sun_sets"][players]
        self.ra_needed = DATA["ra_tiles_ending_epoch"][players]  # RA-SETUP-7
        self.blocked_ra_spaces = DATA["blocked_ra_spaces"][players]
        self.centre_start = DATA["centre_start"]
        self.starting_points = DATA["starting_points"]
        self.god_may_take_disaster = EDITIONS[edition]["god_may_take_disaster"]
        return {"edition": edition, "hidden_scores": hidden, "suns": suns}

    def _validate_suns(self, players: int, suns: Any) -> list[list[int]]:
        if not isinstance(suns, (list, tuple)) or len(suns) != players:
            raise ConfigError(error_msg("ra.error.suns_sets", players=players, got=repr(suns)))
        seen: set[int] = set()
        out = []
        for seat, stack in enumerate(suns):
            if not isinstance(stack, (list, tuple)) or not stack:
                raise ConfigError(error_msg("ra.error.suns_seat", no=seat))
            for v in stack:
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_SUN:
                    raise ConfigError(error_msg("ra.error.sun_value", max=MAX_SUN, got=repr(v)))
                if v == DATA["centre_start"]:
                    raise ConfigError(error_msg("ra.error.sun_centre", v=v))
                if v in seen:
                    raise ConfigError(error_msg("ra.error.sun_twice", v=v))
                seen.add(v)
            out.append(sorted(stack, reverse=True))
        return out

    def new_public_log(self) -> Any:
        from heliopolis.games.ra.views import RaPublicLog

        return RaPublicLog(self)

    def has_private_information(self) -> bool:
        """Only hidden scores are private (RA-SCORE-10); the bag is explicit chance, so with open
        scores Ra is a perfect-information game with chance (see ``observation.py``)."""
        return self.hidden_scores

    def action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

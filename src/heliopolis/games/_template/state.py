"""``PebblesState``: the rules. Flat fields, a hand-written ``clone()``, legality checked before any change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.errors import IllegalActionError, error_msg
from heliopolis.core.game import CHANCE, TERMINAL, State
from heliopolis.core.helpers import illegal_message

if TYPE_CHECKING:
    from heliopolis.games._template.game import PebblesGame

MAX_TAKE: Final = 3  # PB-3
MAX_PLAYERS: Final = 4
START_BASE: Final = MAX_TAKE  # chance outcome start:<seat> is START_BASE + seat
MIN_PILE: Final = 5
MAX_PILE: Final = 30
LAST_BONUS: Final = 3  # PB-5


class PebblesState(State["PebblesGame"]):
    __slots__ = ("game", "pile", "taken", "to_move", "last", "hist")

    def __init__(self, game: PebblesGame) -> None:
        self.game = game
        self.pile: int = game.options["pile"]  # PB-1
        self.taken = [0] * game.players
        self.to_move = CHANCE  # PB-2: chance picks the start player first
        self.last = -1  # the seat that took the last pebble
        self.hist: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move  # PB-4

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        if cp == CHANCE:
            return [START_BASE + p for p in range(self.game.players)]
        return [] if cp == TERMINAL else list(range(min(MAX_TAKE, self.pile)))  # PB-3: take:k is id k-1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        legal = self.legal_actions() if self.is_chance_node() else []
        return [(a, 1.0 / len(legal)) for a in legal]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(illegal_message(self, action, error_msg("errors.illegal.not_legal")))
        if self.to_move == CHANCE:
            self.to_move = action - START_BASE
        else:
            k = action + 1
            self.pile -= k
            self.taken[self.to_move] += k
            if self.pile == 0:
                self.last = self.to_move
            self.to_move = (self.to_move + 1) % self.game.players
        self.hist.append(action)

    def clone(self) -> PebblesState:
        c = PebblesState.__new__(PebblesState)
        c.game, c.pile, c.taken, c.to_move, c.last, c.hist = (self.game, self.pile, self.taken[:], self.to_move,
                                                              self.last, self.hist[:])  # fmt: skip
        return c

    def history(self) -> list[int]:
        return list(self.hist)

    def scores(self) -> list[int]:
        return [t + (LAST_BONUS if p == self.last else 0) for p, t in enumerate(self.taken)]  # PB-5

    def winners(self) -> list[int]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        s = self.scores()
        return [p for p, v in enumerate(s) if v == max(s)]

    def resample_from_infostate(self, player: int, rng: Any) -> PebblesState:
        return self.clone()  # nothing is hidden

    def _key(self) -> tuple[Any, ...]:
        return (self.pile, tuple(self.taken), self.to_move, self.last, tuple(self.hist))

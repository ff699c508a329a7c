"""A tiny hidden-information game for bot honesty tests.

Chance deals seat 0 a secret card 1-3 that seat 1 cannot see; seat 1 then guesses it. Seat 1
wins on a correct guess. A bot that reads the hidden card wins every game; an honest one a third.
"""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.errors import IllegalActionError, NotationError
from heliopolis.core.game import CHANCE, TERMINAL, Game, GameInfo, State

GUESS = (0, 1, 2)  # guess:1 .. guess:3
DEAL = (3, 4, 5)  # chance card:1 .. card:3
NAMES = [f"guess:{i}" for i in (1, 2, 3)] + [f"card:{i}" for i in (1, 2, 3)]


class SecretState(State):
    __slots__ = ("game", "card", "guess", "hist")

    def __init__(self, game: SecretGame) -> None:
        self.game = game
        self.card = 0
        self.guess = 0
        self.hist: list[int] = []

    def current_player(self) -> int:
        return CHANCE if not self.card else (1 if not self.guess else TERMINAL)

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        return list(DEAL) if cp == CHANCE else list(GUESS) if cp == 1 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1 / 3) for a in DEAL]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal")
        if self.current_player() == CHANCE:
            self.card = action - 2
        else:
            self.guess = action + 1
        self.hist.append(action)

    def clone(self) -> SecretState:
        c = SecretState(self.game)
        c.card, c.guess, c.hist = self.card, self.guess, self.hist[:]
        return c

    def history(self) -> list[int]:
        return list(self.hist)

    def scores(self) -> list[int]:
        return [0, int(self.guess == self.card)] if self.guess else [0, 0]

    def winners(self) -> list[int]:
        return [1] if self.guess == self.card else [0]

    def player_view(self, player: int | None) -> dict[str, Any]:
        return {"card": self.card if player == 0 else None, "guess": self.guess or None}

    def information_state_string(self, player: int) -> str:
        return f"p{player} card={self.card if player == 0 else '?'} guess={self.guess}"

    def resample_from_infostate(self, player: int, rng: Any) -> SecretState:
        c = self.clone()
        if player != 0 and c.card:
            c.card = rng.randrange(1, 4)
            c.hist[0] = c.card + 2
        return c

    def _key(self) -> tuple:
        return (self.card, self.guess, tuple(self.hist))


class SecretGame(Game):
    info: ClassVar[GameInfo] = GameInfo("secret", "secret-v1", "Secret", 2, 2, 3, 3, 3, 2, True, {})
    state_class = SecretState

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < len(NAMES):
            raise NotationError(f"no action {action}")
        return NAMES[action]

    def string_to_action(self, text: str) -> int:
        try:
            return NAMES.index(text.strip().lower())
        except ValueError:
            raise NotationError(f"cannot read {text!r}") from None

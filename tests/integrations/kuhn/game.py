"""Kuhn poker (3 cards, 2 seats, one ante each, pass/bet) as a Heliopolis game.

Action ids: ``pass`` 0, ``bet`` 1; chance outcomes ``card:J`` 2, ``card:Q`` 3, ``card:K`` 4 (seat 0's
card, then seat 1's). Returns follow the protocol: 1.0 to the seat that wins the pot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from heliopolis.core.errors import IllegalActionError, NotationError
from heliopolis.core.game import CHANCE, TERMINAL, Game, GameInfo, State

PASS, BET = 0, 1
CARD_BASE = 2
NAMES = ["pass", "bet", "card:J", "card:Q", "card:K"]


class KuhnState(State):
    __slots__ = ("game", "cards", "bets", "pot", "hist")

    def __init__(self, game: KuhnGame) -> None:
        self.game = game
        self.cards: list[int] = []
        self.bets: list[int] = []
        self.pot = [1, 1]
        self.hist: list[int] = []

    def _over(self) -> bool:
        b = self.bets
        return min(self.pot) == 2 or (len(b) == 2 and b[1] == PASS) or len(b) == 3

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return TERMINAL if self._over() else len(self.bets) % 2

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        if cp == CHANCE:
            return [CARD_BASE + c for c in range(3) if c not in self.cards]
        return [] if cp == TERMINAL else [PASS, BET]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        legal = self.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now; legal: {self.legal_actions()}")
        if self.current_player() == CHANCE:
            self.cards.append(action - CARD_BASE)
        else:
            if action == BET:
                self.pot[len(self.bets) % 2] += 1
            self.bets.append(action)
        self.hist.append(action)

    def clone(self) -> KuhnState:
        c = KuhnState(self.game)
        c.cards, c.bets, c.pot, c.hist = self.cards[:], self.bets[:], self.pot[:], self.hist[:]
        return c

    def history(self) -> list[int]:
        return list(self.hist)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        if self.pot[0] != self.pot[1]:
            return [0 if self.pot[0] > self.pot[1] else 1]
        return [0 if self.cards[0] > self.cards[1] else 1]

    def scores(self) -> list[int]:
        if not self.is_terminal():
            return [0, 0]
        w = self.winners()[0]
        won = min(self.pot) if self.pot[0] == self.pot[1] or len(self.bets) == 3 else self.pot[1 - w]
        return [won if p == w else -won for p in range(2)]

    def player_view(self, player: int | None) -> dict[str, Any]:
        end = self.is_terminal()
        return {"cards": [c if end or p == player else None for p, c in enumerate(self.cards)],
                "bets": ["pb"[b] for b in self.bets], "pot": list(self.pot)}  # fmt: skip

    def information_state_string(self, player: int) -> str:
        card = "JQK"[self.cards[player]] if len(self.cards) > player else "?"
        return f"p{player} card:{card} bets:{''.join('pb'[b] for b in self.bets)}"

    def resample_from_infostate(self, player: int, rng: Any) -> KuhnState:
        """Redraws the other seat's card among those ``player`` has not seen."""
        c = self.clone()
        if len(c.cards) == 2:
            other = 1 - player
            choices = [k for k in range(3) if k != c.cards[player]]
            c.cards[other] = choices[rng.randrange(2)]
            c.hist[other] = CARD_BASE + c.cards[other]
        return c

    def _key(self) -> tuple:
        return (tuple(self.cards), tuple(self.bets), tuple(self.pot), tuple(self.hist))


class KuhnGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        game_id="kuhn", encoding="kuhn-v1", name="Kuhn poker", min_players=2, max_players=2,
        num_distinct_actions=2, chance_offset=CARD_BASE, max_chance_outcomes=3, max_game_length=5,
        hidden_information=True, options={},
    )  # fmt: skip
    state_class = KuhnState

    def action_to_string(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(NAMES):
            raise NotationError(f"no Kuhn action {action!r}")
        return NAMES[action]

    def string_to_action(self, text: str) -> int:
        try:
            return NAMES.index(text.strip())
        except ValueError:
            raise NotationError(f"cannot read {text!r} as a Kuhn action") from None

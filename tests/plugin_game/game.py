"""Coins (see ``__init__``): rules, notation, views, board, heuristics, observer and invariants."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from heliopolis.core.errors import IllegalActionError, NotationError
from heliopolis.core.game import CHANCE, TERMINAL, DescribedLog, Game, GameInfo, State
from heliopolis.core.observation import ObservationType, Observer, Piece, one_hot

COINS, TOP = 6, 3
LEFT, RIGHT = 0, 1
VALUE_BASE = 2  # chance outcome value:<v> is VALUE_BASE + v - 1
NAMES = ["left", "right", *(f"value:{v}" for v in range(1, TOP + 1))]


# -- notation ----------------------------------------------------------------------------------
def action_to_string(action: int) -> str:
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(NAMES):
        raise NotationError(f"no Coins action {action!r}")
    return NAMES[action]


def string_to_action(text: str) -> int:
    try:
        return NAMES.index(text.strip().lower())
    except (ValueError, AttributeError):
        raise NotationError(f"cannot read {text!r} as a Coins action; try left, right or value:<1-3>") from None


# -- rules -------------------------------------------------------------------------------------
class CoinsState(State["CoinsGame"]):
    __slots__ = ("game", "row", "sums", "turn", "hist")

    def __init__(self, game: CoinsGame) -> None:
        self.game = game
        self.row: list[int] = []
        self.sums = [0, 0]
        self.turn = 0
        self.hist: list[int] = []

    def current_player(self) -> int:
        if len(self.hist) < COINS:
            return CHANCE
        return TERMINAL if not self.row else self.turn

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        if cp == CHANCE:
            return [VALUE_BASE + v for v in range(TOP)]
        return [] if cp == TERMINAL else [LEFT, RIGHT]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, 1.0 / TOP) for a in self.legal_actions()] if self.is_chance_node() else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now; legal: {self.legal_actions()}")
        if self.is_chance_node():
            self.row.append(action - VALUE_BASE + 1)
        else:
            self.sums[self.turn] += self.row.pop(0 if action == LEFT else -1)
            self.turn = 1 - self.turn
        self.hist.append(action)

    def clone(self) -> CoinsState:
        c = CoinsState(self.game)
        c.row, c.sums, c.turn, c.hist = self.row[:], self.sums[:], self.turn, self.hist[:]
        return c

    def history(self) -> list[int]:
        return list(self.hist)

    def scores(self) -> list[int]:
        return list(self.sums)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [p for p in (0, 1) if self.sums[p] == max(self.sums)]

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.row), tuple(self.sums), self.turn, tuple(self.hist))


class CoinsGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        game_id="coins", encoding="coins-v1", name="Coins", min_players=2, max_players=2, num_distinct_actions=2,
        chance_offset=VALUE_BASE, max_chance_outcomes=TOP, max_game_length=2 * COINS, hidden_information=False,
    )  # fmt: skip
    state_class = CoinsState

    def default_players(self) -> int:
        return 2

    def new_public_log(self) -> DescribedLog:
        return DescribedLog(self)


# -- views -------------------------------------------------------------------------------------
def player_view(s: CoinsState, player: int | None) -> dict[str, Any]:
    return {"game": "coins", "row": list(s.row), "sums": list(s.sums), "to_move": s.current_player(), "you": player}


def information_state_string(s: CoinsState, player: int) -> str:
    return f"p{player} " + " ".join(NAMES[a] for a in s.hist)


def resample_from_infostate(s: CoinsState, player: int, rng: Any) -> CoinsState:
    return s.clone()  # nothing is hidden


def describe_action(s: CoinsState, action: int) -> str:
    if s.is_chance_node():
        return f"a coin worth {action - VALUE_BASE + 1} is laid"
    coin = s.row[0 if action == LEFT else -1]
    return f"P{s.turn} takes the {NAMES[action]} coin ({coin})"


def check_invariants(s: CoinsState) -> None:
    dealt = [a - VALUE_BASE + 1 for a in s.hist[:COINS]]
    assert sum(s.sums) + sum(s.row) == sum(dealt), (s.sums, s.row, dealt)


# -- the terminal board ------------------------------------------------------------------------
def render_segments(s: CoinsState, viewer: int | None = None, *, omniscient: bool = True,
                    names: list[str] | None = None) -> list[list[tuple[str, str]]]:  # fmt: skip
    names = names or ["P0", "P1"]
    lines = [[("Coins", "title")], [("row: ", "label"), (" ".join(map(str, s.row)) or "-", "coin")]]
    for p in (0, 1):
        you = " (you)" if p == viewer else ""
        lines.append([(f"{names[p]}{you}: ", "current" if p == s.current_player() else "bold"), (str(s.sums[p]), "")])
    return lines


def render_text(s: CoinsState) -> str:
    return "\n".join("".join(t for t, _ in line) for line in render_segments(s))


# -- heuristics --------------------------------------------------------------------------------
def evaluate(s: CoinsState) -> list[float]:
    """Each seat's sum plus half of what is still on the table."""
    half = sum(s.row) / 2
    return [s.sums[0] + half, s.sums[1] + half]


def choose(s: CoinsState, rng: random.Random) -> int:
    """The bigger end (left on a tie)."""
    return LEFT if s.row[0] >= s.row[-1] else RIGHT


# -- observer ----------------------------------------------------------------------------------
def make_observer(game: CoinsGame, obs_type: ObservationType) -> CoinsObserver:
    return CoinsObserver(game, obs_type)


class CoinsObserver(Observer[CoinsState]):
    def __init__(self, game: CoinsGame, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        self.pieces = (Piece("player", (2,)), Piece("row", (COINS, TOP + 1)), Piece("sums", (2,), 0.0, COINS * TOP))

    def tensor(self, state: CoinsState, player: int) -> list[float]:
        out = one_hot(player, 2)
        for i in range(COINS):
            out += one_hot(state.row[i] if i < len(state.row) else 0, TOP + 1)
        return out + [float(v) for v in state.sums]

    def string(self, state: CoinsState, player: int) -> str:
        return f"p{player} row:{','.join(map(str, state.row))} sums:{state.sums[0]},{state.sums[1]}"

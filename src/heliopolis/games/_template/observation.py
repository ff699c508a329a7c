"""The research adapters' encoder: the seat, the pile (scaled) and each seat's pebbles (scaled)."""

from __future__ import annotations

from typing import Any

from heliopolis.core.observation import PRIVATE_NONE, ObservationType, Observer, Piece, one_hot
from heliopolis.games._template.state import MAX_PILE


def make_observer(game: Any, obs_type: ObservationType) -> PebblesObserver:
    return PebblesObserver(game, obs_type)


class PebblesObserver(Observer[Any]):
    def __init__(self, game: Any, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        n = game.players
        pieces = [Piece("player", (n,))] if obs_type.private != PRIVATE_NONE else []
        if obs_type.public:
            pieces += [Piece("pile", (1,)), Piece("taken", (n,)), Piece("to_move", (n,))]
        self.pieces = tuple(pieces)

    def tensor(self, state: Any, player: int) -> list[float]:
        n = self.game.players
        out = one_hot(player, n) if self.obs_type.private != PRIVATE_NONE else []
        if self.obs_type.public:
            out += [state.pile / MAX_PILE, *(t / MAX_PILE for t in state.taken)]
            out += one_hot(state.current_player(), n)  # all zero at the chance node and at the end
        return out

    def string(self, state: Any, player: int) -> str:
        head = [f"p{player}"] if self.obs_type.private != PRIVATE_NONE else []
        body = [f"pile:{state.pile}", "taken:" + ",".join(map(str, state.taken)),
                f"to_move:{state.current_player()}"] if self.obs_type.public else []  # fmt: skip
        return " ".join(head + body)

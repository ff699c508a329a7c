"""Kuhn poker's encoder, the same pieces as OpenSpiel's ``python/games/kuhn_poker.py`` observer:
``player`` (2), ``private_card`` (3 per seat shown), and ``pot_contribution`` (2, no recall) or
``betting`` (3 x 2, perfect recall)."""

from __future__ import annotations

from heliopolis.core.observation import PRIVATE_ALL, PRIVATE_NONE, PRIVATE_SINGLE, ObservationType, Observer, Piece


def make_observer(game, obs_type: ObservationType) -> KuhnObserver:
    return KuhnObserver(game, obs_type)


class KuhnObserver(Observer):
    def __init__(self, game, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        pieces = []
        if obs_type.private != PRIVATE_NONE:
            pieces.append(Piece("player", (2,)))
        if obs_type.private == PRIVATE_SINGLE:
            pieces.append(Piece("private_card", (3,)))
        elif obs_type.private == PRIVATE_ALL:
            pieces.append(Piece("private_card", (2, 3)))
        if obs_type.public:
            if obs_type.perfect_recall:
                pieces.append(Piece("betting", (3, 2)))
            else:
                pieces.append(Piece("pot_contribution", (2,), 0.0, 2.0))
        self.pieces = tuple(pieces)

    def _shown(self, player: int) -> list[int]:
        pr = self.obs_type.private
        return [player] if pr == PRIVATE_SINGLE else ([0, 1] if pr == PRIVATE_ALL else [])

    def tensor(self, state, player: int) -> list[float]:
        out: list[float] = []
        if self.obs_type.private != PRIVATE_NONE:
            out += [1.0 if p == player else 0.0 for p in range(2)]
        for p in self._shown(player):
            out += [1.0 if len(state.cards) > p and state.cards[p] == c else 0.0 for c in range(3)]
        if self.obs_type.public:
            if self.obs_type.perfect_recall:
                for turn in range(3):
                    b = state.bets[turn] if turn < len(state.bets) else -1
                    out += [1.0 if b == 0 else 0.0, 1.0 if b == 1 else 0.0]
            else:
                out += [float(x) for x in state.pot]
        return out

    def string(self, state, player: int) -> str:
        parts = []
        if self.obs_type.private != PRIVATE_NONE and self.obs_type.public:
            parts.append(f"p{player}")
        for p in self._shown(player):
            if len(state.cards) > p:
                parts.append(f"card{p}:{'JQK'[state.cards[p]]}")
        if self.obs_type.public:
            if self.obs_type.perfect_recall:
                parts.append("bets:" + "".join("pb"[b] for b in state.bets))
            else:
                parts.append(f"pot[{state.pot[0]} {state.pot[1]}]")
        return " ".join(parts)

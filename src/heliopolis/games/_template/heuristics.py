"""The heuristic bot's evaluation and policy: points now, plus the last-pebble bonus for whoever can reach it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from heliopolis.core.game import CHANCE
from heliopolis.games._template.state import LAST_BONUS

if TYPE_CHECKING:
    from heliopolis.games._template.state import PebblesState


def evaluate(s: PebblesState) -> list[float]:
    """Expected final points per seat: what each has, the pile shared out, and the bonus to the mover
    when the pile is within one take (they can end the game) or to the next seat when it is a multiple of 4."""
    n = s.game.players
    values = [float(v) for v in s.scores()]
    if s.is_terminal() or s.current_player() == CHANCE:
        return values
    share = s.pile / n
    values = [v + share for v in values]
    mover = s.current_player()
    winner = mover if s.pile % 4 else (mover + 1) % n  # PB-3 with two players: a multiple of 4 loses the race
    values[winner] += LAST_BONUS
    return values


def choose(s: PebblesState, rng: random.Random) -> int:
    """Leave a multiple of 4 when possible (the two-player race to the last pebble), else take 1."""
    legal = s.legal_actions()
    good = [a for a in legal if (s.pile - (a + 1)) % 4 == 0]
    return good[0] if good else legal[rng.randrange(len(legal))]

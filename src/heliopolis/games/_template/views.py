"""What a seat sees (everything: Pebbles hides nothing), the move's description, and the invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.game import CHANCE
from heliopolis.core.text import Msg
from heliopolis.games._template.state import START_BASE
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games._template.state import PebblesState


def player_view(s: PebblesState, player: int | None) -> dict[str, Any]:
    return {"game": s.game.info.game_id, "pile": s.pile, "taken": list(s.taken), "scores": s.scores(),
            "to_move": s.current_player(), "last": s.last, "you": player}  # fmt: skip


def information_state_string(s: PebblesState, player: int) -> str:
    moves = " ".join(s.game.action_to_string(a) for a in s.hist)
    return f"p{player} pile:{s.pile} taken:{','.join(map(str, s.taken))} moves:{moves}"


def describe_action(s: PebblesState, action: int) -> Msg:
    if s.current_player() == CHANCE:
        return msg("pebbles.log.start", seat=action - START_BASE)
    return msg("pebbles.log.take", seat=s.to_move, n=action + 1)


def check_invariants(s: PebblesState) -> None:
    """The pebbles are conserved (PB-1, PB-3) and only the last take earns the bonus (PB-5)."""
    assert s.pile >= 0 and s.pile + sum(s.taken) == s.game.options["pile"], (s.pile, s.taken)
    assert (s.last >= 0) == (s.pile == 0), (s.last, s.pile)

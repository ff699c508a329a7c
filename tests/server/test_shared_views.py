"""The server builds one view per revision for every seat when a game says its views are the same
for all (``views.same_for_all``, messages.py): that must never hand a seat anything it may not see."""

from __future__ import annotations

import random

import pytest

import heliopolis
from heliopolis.core.registry import games_in_registration_order


@pytest.mark.parametrize("game", games_in_registration_order())
def test_same_for_all_is_true_only_when_every_view_is_the_spectators(game):
    probe = heliopolis.new_game(game)
    same = probe._hook("views", "same_for_all")
    if same is None:
        pytest.skip(f"{game}: every seat's view is built on its own")
    for players in sorted({probe.game.info.min_players, probe.game.info.max_players}):
        for seed in range(2):
            rng = random.Random(seed)
            s = heliopolis.new_game(game, players=players)
            for _ in range(400):
                if same(s):
                    public = s.player_view(None)
                    for seat in range(players):
                        assert s.player_view(seat) == {**public, "viewer": seat}
                if s.is_terminal():
                    break
                s.apply_action(rng.choice(s.legal_actions()))


def test_a_seat_sees_its_own_view_when_scores_are_hidden():
    """Ra with hidden scores (the default): the server builds each seat's view on its own."""
    from heliopolis.server.transport import messages

    class Rec:
        id, revision, status, game, seats, undo = "g", 3, "running", "ra", [], None

    from heliopolis.server.play.events import NoTable

    class Auth:
        events = NoTable()

        def undo_target(self, live, seat):  # noqa: ANN001, ANN201
            return None

    class Live:
        def __init__(self, state):  # noqa: ANN001
            self.rec, self.state, self.messages, self.wire = Rec(), state, {}, None
            self.plog = state.game.new_public_log()

        def log(self):  # noqa: ANN201
            return self.plog.lines

    for hidden in (True, False):
        s = heliopolis.new_game("ra", players=3, hidden_scores=hidden)
        rng = random.Random(1)
        while s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
        live = Live(s)
        for seat in (None, 0, 1, 2):
            assert messages.audience(Auth(), live, seat).fields["view"] == s.player_view(seat)
        assert (live.messages["rev"].shared["view"] is None) == hidden

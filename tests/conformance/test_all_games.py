"""``check_game`` over every registered game and player count (and Ra's 1999 edition)."""

import pytest

import heliopolis
from heliopolis.core.registry import game_class
from heliopolis.core.testing import check_game

CASES = [
    (g, n, {})
    for g in heliopolis.available_games()
    for n in range(game_class(g).info.min_players, game_class(g).info.max_players + 1)
] + [("ra", n, {"edition": "1999"}) for n in (3, 4, 5)] + [("ra", 3, {"hidden_scores": False})]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=lambda v: str(v))
def test_check_game(game_id, players, options):
    report = check_game(game_id, players=players, playouts=8, seed=players, **options)
    assert report.playouts == 8
    assert report.max_length <= game_class(game_id).info.max_game_length
    for name in ("chance_sums", "notation", "illegal_rejected", "clone_independence", "views",
                 "serialization", "determinism"):
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_check_game_catches_a_broken_clone(monkeypatch):
    """The suite must fail when clone() shares a mutable list (it is not a test that cannot fail)."""
    from heliopolis.games.ra.state import RaState

    original = RaState.clone

    def shallow(self):
        c = original(self)
        c.disp = self.disp  # bug: shared display list
        c.track = self.track
        return c

    monkeypatch.setattr(RaState, "clone", shallow)
    with pytest.raises(AssertionError, match="changed the original"):
        check_game("ra", players=3, playouts=3, deep_every=1)

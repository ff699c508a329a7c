"""``check_game`` at 2, 3 and 4 players (default options are also run by ``tests/conformance``, which
parametrizes over every registered game), here with the option variants."""

import pytest

import heliopolis
from heliopolis.core.testing import CHECKS, check_game
from heliopolis.games.ra_dice.game import RaDiceGame


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{"score_floor_zero": True}, {"start_player": 1}], ids=["floor", "start1"])
def test_check_game(players, options):
    report = check_game("ra-dice", players=players, playouts=3, seed=10 + players, **options)
    assert report.playouts == 3 and report.max_length <= RaDiceGame.info.max_game_length
    for name in CHECKS:
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_the_conformance_suite_covers_ra_dice():
    from tests.conformance.test_all_games import CASES

    assert {(g, n) for g, n, opts in CASES if g == "ra-dice" and not opts} == {
        ("ra-dice", 2),
        ("ra-dice", 3),
        ("ra-dice", 4),
    }
    assert "ra-dice" in heliopolis.available_games()


def test_check_game_catches_a_broken_clone(monkeypatch):
    """The suite fails when clone() shares a mutable list (so it is not a test that cannot fail)."""
    from heliopolis.games.ra_dice.state import RaDiceState

    original = RaDiceState.clone

    def shallow(self):
        c = original(self)
        c.dst = self.dst  # bug: shared dice list (the board lists are shared copy-on-write, legitimately)
        return c

    monkeypatch.setattr(RaDiceState, "clone", shallow)
    with pytest.raises(AssertionError, match="changed the original"):
        check_game("ra-dice", players=3, playouts=2, deep_every=1)

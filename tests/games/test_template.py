"""The template game (``games/_template``, docs/adding-a-game.md): a real game that ``check_game``
passes once registered, and that the shipped registry does not list (no lobby shows it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import heliopolis
from heliopolis.core import registry
from heliopolis.core.errors import ConfigError, IllegalActionError
from heliopolis.core.testing import CHECKS, check_game

TEMPLATE = "heliopolis.games._template.spec:SPEC"


@pytest.fixture
def pebbles() -> Iterator[str]:
    registry.register("pebbles", TEMPLATE)
    yield "pebbles"
    registry.unregister("pebbles")


def test_the_template_is_not_a_shipped_game() -> None:
    assert "pebbles" not in registry.BUILTIN and "pebbles" not in heliopolis.available_games()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_passes_the_template(pebbles: str, players: int) -> None:
    report = check_game(pebbles, players=players, playouts=6, seed=players)
    for name in CHECKS:
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_the_rules_of_the_template(pebbles: str) -> None:
    """PB-3: 1 to 3 pebbles, never more than the pile; PB-5: a point each, 3 more for the last."""
    s = heliopolis.new_game(pebbles, players=2, pile=5)
    s.apply_action(s.string_to_action("start:1"))
    assert s.current_player() == 1 and s.legal_actions() == [0, 1, 2]
    for text in ("take:3", "take:1"):
        s.apply_action(s.string_to_action(text))
    assert s.legal_actions() == [0]  # one pebble left: take:1 only
    with pytest.raises(IllegalActionError):
        s.apply_action(2)
    s.apply_action(0)
    assert s.is_terminal() and s.scores() == [1, 3 + 1 + 3] and s.winners() == [1]  # PB-5: the last pebble's bonus
    assert "Pebbles" in str(s) and s.public_log()[0] == "P1 starts"
    with pytest.raises(ConfigError, match="the pile holds 5 to 30 pebbles"):
        heliopolis.new_game(pebbles, players=2, pile=2)

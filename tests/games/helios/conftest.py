"""Registers Helios for this package's tests only (the game is not in the registry yet), and
removes it again afterwards so that no other test module ever sees it."""

import pytest

from heliopolis.core import registry


@pytest.fixture(autouse=True)
def helios_registered():
    had = "helios" in registry._GAMES
    registry.register("helios", "heliopolis.games.helios.game:HeliosGame")
    yield
    if not had:
        registry._GAMES.pop("helios", None)

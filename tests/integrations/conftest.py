"""Fixtures of the adapter tests."""

from __future__ import annotations

import pytest

from heliopolis.core import registry


@pytest.fixture
def kuhn():
    """Registers the Kuhn poker test double (``tests/integrations/kuhn``) for one test and removes it
    afterwards, so that no other test module sees it in ``available_games()``."""
    had = registry._GAMES.get("kuhn")
    registry.register("kuhn", "tests.integrations.kuhn.game:KuhnGame")
    yield "kuhn"
    if had is None:
        registry._GAMES.pop("kuhn", None)
    else:
        registry._GAMES["kuhn"] = had

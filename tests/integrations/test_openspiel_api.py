"""OpenSpiel's own integration test (``open_spiel/integration_tests/api_test.py``) on every Heliopolis
game and configuration.

``api_test`` builds its game list from ``pyspiel.registered_games()`` when it is imported, so this
wrapper registers the Heliopolis games first. pytest collects one ``EnforceAPIOnPartialTreeBase``
subclass per configuration below (api_test itself only loads each game with its default parameters).
Run OpenSpiel's module itself, restricted to our games, with::

    python -m tests.integrations.test_openspiel_api
"""

from __future__ import annotations

import sys

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (open_spiel) is not installed")

from heliopolis.integrations import openspiel as hos  # noqa: E402
from heliopolis.integrations.encoding import games_with_observer  # noqa: E402
from tests.integrations.cases import CASES  # noqa: E402

hos.register_games()  # before api_test is imported: it reads the registry at import time
api_test = pytest.importorskip("open_spiel.integration_tests.api_test")


def _classes():
    for case in CASES:
        game_id, cfg = case.values
        if game_id not in games_with_observer():
            continue  # test doubles without an encoder (see cases.require_observer)
        game = hos.load_game(game_id, **cfg)
        name = "TestOpenSpielApi_" + "".join(ch if ch.isalnum() else "_" for ch in case.id)
        yield type(name, (api_test.EnforceAPIOnPartialTreeBase,), {"game": game, "game_name": str(game)})


for _cls in _classes():
    globals()[_cls.__name__] = _cls
del _cls


def test_api_test_lists_our_default_games():
    for gid in games_with_observer():
        assert hos.game_name(gid) in api_test._GAMES_TO_TEST


if __name__ == "__main__":
    # OpenSpiel's module as it is (its own load_tests), restricted to the Heliopolis games.
    from absl import app
    from absl.testing import absltest

    sys.argv += ["--test_only_games=python_heliopolis_.*"]
    app.run(lambda _argv: absltest.main(module=api_test))

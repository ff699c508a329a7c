"""The configurations every adapter test runs on, computed from the registry at collection time.

Every registered game and every valid configuration (``encoding.game_configs``: each player count
crossed with the options a lobby offers; Ra: editions 2009 with 2-5 players and 1999 with 3-5, each
with hidden and open scores). A game registered by another test module as a test double (its
``Game`` class lives outside the ``heliopolis`` package, e.g. ``tests/bots/secret_game.py``) and
without an observation encoder is skipped with that reason; a real game without one fails.
"""

from __future__ import annotations

import pytest

import heliopolis
from heliopolis.core.registry import game_class
from heliopolis.integrations.encoding import game_configs, has_observer


def _id(cfg: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in cfg.items())


CASES = [
    pytest.param(game_id, cfg, id=f"{game_id}[{_id(cfg)}]")
    for game_id in heliopolis.available_games()
    for cfg in game_configs(game_id)
]


def require_observer(game_id: str) -> None:
    """Skips a test double without an encoder; fails a real game without one."""
    if has_observer(game_id):
        return
    module = game_class(game_id).__module__
    if not module.startswith("heliopolis."):
        pytest.skip(f"{game_id!r} is a test double ({module}) without an observation encoder")
    pytest.fail(f"game {game_id!r} has no observation encoder: add games/{game_id}/observation.py")


def options(cfg: dict) -> tuple[int, dict]:
    cfg = dict(cfg)
    return cfg.pop("players"), cfg

"""The out-of-tree game's spec: every part in one module, named once."""

from __future__ import annotations

from heliopolis.core.spec import GameSpec

_HERE = "tests.plugin_game.game"
SPEC = GameSpec(
    game_id="coins",
    game=f"{_HERE}:CoinsGame",
    views=_HERE,
    render=_HERE,
    notation=_HERE,
    heuristics=_HERE,
    observation=_HERE,
    invariants=_HERE,
    terminal_styles=(("coin", "bold yellow"),),
)

"""Pebbles's ``GameSpec``: every part of the game, named once (see ``core/spec.py``). A copy of this
package renames ``heliopolis.games._template`` and the game id here and registers ``SPEC``."""

from __future__ import annotations

from heliopolis.core.spec import GameSpec

SPEC = GameSpec(
    game_id="pebbles",
    game="heliopolis.games._template.game:PebblesGame",
    views="heliopolis.games._template.views",
    render="heliopolis.games._template.render",
    notation="heliopolis.games._template.game",
    heuristics="heliopolis.games._template.heuristics",
    observation="heliopolis.games._template.observation",
    log="heliopolis.core.game:DescribedLog",  # nothing is hidden: each move's description is the log
    invariants="heliopolis.games._template.views",
    # tutorial="heliopolis.games._template.tutorial",  # optional: a scripted first game (docs/tutorials.md)
    catalogs=("pebbles",),
    compiled=(),  # a game's hot modules, once measured (mypyc; see docs/compiled-build.md)
    terminal_styles=(("pebble", "bold yellow"),),
)

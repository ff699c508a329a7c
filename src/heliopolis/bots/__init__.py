"""Game-agnostic bots (OpenSpiel's bot protocol): ``step(state) -> action``.

``make_bot(spec, seed=...)`` builds a bot from the spec string used by the CLI (``random``).
Stronger bots (heuristic, MCTS, ISMCTS) plug into the same registry.
"""

from __future__ import annotations

from heliopolis.bots.base import Bot, RandomBot, make_bot, split_specs

__all__ = ["Bot", "RandomBot", "make_bot", "split_specs"]

"""Ra's ``GameSpec``: its parts, as the registry hands them to every layer (see ``core/spec.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from heliopolis.core.spec import GameSpec


def rating_pool(options: Mapping[str, Any]) -> str:
    """Each edition is rated apart (``ra:1999``, ``ra:2009``): they are different games to play."""
    return f"ra:{options.get('edition')}"


SPEC = GameSpec(
    game_id="ra",
    game="heliopolis.games.ra.game:RaGame",
    views="heliopolis.games.ra.views",
    render="heliopolis.games.ra.render",
    notation="heliopolis.games.ra.actions",
    heuristics="heliopolis.games.ra.heuristics",
    features="heliopolis.games.ra.features",
    observation="heliopolis.games.ra.observation",
    log="heliopolis.games.ra.views:RaPublicLog",
    invariants="heliopolis.games.ra.invariants",
    tutorial="heliopolis.games.ra.tutorial",
    catalogs=("ra",),
    compiled=("phases", "components", "actions", "scoring", "epochs", "layout", "state", "heuristics", "observation"),
    terminal_styles=(
        ("ra", "bold yellow"),
        ("disaster", "bold red"),
        ("sun", "bold yellow"),
        ("sun_down", "yellow dim"),
    ),
    rating_pool=rating_pool,
)

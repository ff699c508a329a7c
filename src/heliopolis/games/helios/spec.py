"""Helios's ``GameSpec``: its parts, as the registry hands them to every layer (see ``core/spec.py``)."""

from __future__ import annotations

from heliopolis.core.spec import GameSpec

SPEC = GameSpec(
    game_id="helios",
    game="heliopolis.games.helios.game:HeliosGame",
    views="heliopolis.games.helios.views",
    render="heliopolis.games.helios.render",
    notation="heliopolis.games.helios.actions",
    heuristics="heliopolis.games.helios.heuristics",
    features="heliopolis.games.helios.features",
    observation="heliopolis.games.helios.observation",
    log="heliopolis.games.helios.log:HeliosLog",
    invariants="heliopolis.games.helios.invariants",
    tutorial="heliopolis.games.helios.tutorial",
    catalogs=("helios",),
    # the play path (views, log, rendering stay interpreted)
    compiled=(
        "actions",
        "phases",
        "scoring",
        "sun",
        "events",
        "legality",
        "rounds",
        "rules",
        "state",
        "heuristics",
        "observation",
    ),  # fmt: skip
    terminal_styles=(
        ("sun", "bold yellow"),
        ("he-blue", "bold blue"),
        ("he-brown", "bold dark_orange3"),
        ("he-grey", "bold grey70"),
        ("he-green", "bold green"),
        ("he-black", "bold white on grey15"),
        ("he-special", "bold yellow"),
    ),  # fmt: skip
)

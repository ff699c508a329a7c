"""Men-Nefer's ``GameSpec``: its parts, as the registry hands them to every layer (see ``core/spec.py``)."""

from __future__ import annotations

from heliopolis.core.spec import GameSpec

SPEC = GameSpec(
    game_id="men-nefer",
    game="heliopolis.games.men_nefer.game:MenNeferGame",
    views="heliopolis.games.men_nefer.views",
    render="heliopolis.games.men_nefer.render",
    notation="heliopolis.games.men_nefer.actions",
    heuristics="heliopolis.games.men_nefer.heuristics",
    features="heliopolis.games.men_nefer.features",
    observation="heliopolis.games.men_nefer.observation",
    log="heliopolis.games.men_nefer.log:MenNeferLog",
    invariants="heliopolis.games.men_nefer.invariants",
    texts="heliopolis.games.men_nefer.texts",
    tutorial="heliopolis.games.men_nefer.tutorial",
    catalogs=("men-nefer", "men-nefer-ui"),
    # the task machinery, the flow and every mini-game (all on the playout path)
    compiled=(
        "schema",
        "components",
        "actions",
        "tasks",
        "perform",
        "necropolis",
        "sphinx",
        "nile",
        "pyramids",
        "temple",
        "effects",
        "harvest",
        "draws",
        "flow",
        "state",
        "heuristics",
        "observation",
    ),  # fmt: skip
    terminal_styles=(("sun", "bold yellow"),),
)

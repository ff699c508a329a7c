"""Men-Nefer's tutorial (docs/tutorials.md): its script, and the closing step's lines, the player's first
Harvest step by step from the engine's own Harvest line in the public log (MN-SCORE)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Final

from heliopolis.core.text import Msg
from heliopolis.games.men_nefer.state import MenNeferState
from heliopolis.locale import msg

SCRIPT: Final = resources.files("heliopolis.games.men_nefer").joinpath("data/tutorial.json")


def scorings(state: MenNeferState) -> int:
    """How many Harvests have been scored."""
    return len(state.harvest_log)


def explain(before: MenNeferState, after: MenNeferState, log: Sequence[object], seat: int) -> list[Msg]:
    """The seat's latest Harvest: its Harvest line carries the breakdown, the track the Duat's marks."""
    line = next(x for x in reversed(log) if isinstance(x, Msg) and x.key == "men-nefer.log.harvest_seat"
                and x.args.get("seat") == seat)  # fmt: skip
    a = line.args
    era, old, new = after.harvest_log[-1]
    me = after.player_view(seat)["players"][seat]
    duat = "passed" if me["heart"] > me["feather"] else "apart"
    return [
        msg("tutorial.men-nefer.score.papyri"),
        msg(f"tutorial.men-nefer.score.duat_{duat}", heart=me["heart"], feather=me["feather"], pts=a["duat"]),
        msg("tutorial.men-nefer.score.agreements", pts=a["agreements"]),
        msg("tutorial.men-nefer.score.sarcophagi", pts=a["sarcophagi"]),
        msg("tutorial.men-nefer.score.sun_disc", pts=a["sun_disc"]),
        msg("tutorial.men-nefer.score.great_pyramid", pts=a["great_pyramid"]),
        msg("tutorial.men-nefer.score.queens", pts=a["queens"]),
        msg("tutorial.men-nefer.score.total", era=era, before=old[seat], delta=a["gained"], after=new[seat]),
        msg("tutorial.men-nefer.score.kept"),
    ]

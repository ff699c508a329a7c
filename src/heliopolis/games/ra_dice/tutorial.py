"""Ra: The Dice Game's tutorial (docs/tutorials.md): its script, and the closing step's lines, the
player's first epoch scoring from the engine's own breakdown (``epoch_log``) and the seats before it."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Final

from heliopolis.core.text import Msg
from heliopolis.games.ra_dice.state import RaDiceState
from heliopolis.locale import msg

SCRIPT: Final = resources.files("heliopolis.games.ra_dice").joinpath("data/tutorial.json")


def scorings(state: RaDiceState) -> int:
    """How many epochs have been scored (the tutorial keeps the position before the latest)."""
    return len(state.epoch_log)


def _signed(v: int) -> str:
    return f"{v:+d}"


def explain(before: RaDiceState, after: RaDiceState, log: Sequence[object], seat: int) -> list[Msg]:
    """Pharaoh, Nile, Civilization and Monuments of the seat's latest epoch scoring."""
    epoch, cats, old, new = after.epoch_log[-1]
    pharaoh, nile, civ, _ = cats[seat]
    seats = before.player_view(seat)["seats"]
    me = seats[seat]
    marks = [s["pharaoh"] for s in seats]
    if max(marks) == min(marks):
        which = "equal"
    else:
        which = "most" if me["pharaoh"] == max(marks) else "fewest" if me["pharaoh"] == min(marks) else "middle"
    return [
        msg(f"tutorial.ra-dice.score.pharaoh_{which}", n=me["pharaoh"], pts=_signed(pharaoh)),
        msg("tutorial.ra-dice.score.nile" if me["floods"] else "tutorial.ra-dice.score.nile_dry", space=me["nile"],
            pts=_signed(nile)),
        msg("tutorial.ra-dice.score.civilization", n=len(me["civilization"]), pts=_signed(civ)),
        msg("tutorial.ra-dice.score.monument", n=me["monuments"]),
        msg("tutorial.ra-dice.score.total", epoch=epoch, before=old[seat], delta=_signed(new[seat] - old[seat]),
            after=new[seat]),
        msg("tutorial.ra-dice.score.kept"),
    ]  # fmt: skip

"""Ra's tutorial (docs/tutorials.md): its script, and the closing step's lines, the player's first epoch
scoring from the engine's own breakdown (``epoch_log``) and the displays just before it."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Final

from heliopolis.core.text import Msg
from heliopolis.games.ra.state import RaState
from heliopolis.locale import msg

SCRIPT: Final = resources.files("heliopolis.games.ra").joinpath("data/tutorial.json")
CIVS: Final = ("art", "agriculture", "religion", "astronomy", "writing")
MONUMENTS: Final = ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step-pyramid", "temple")


def scorings(state: RaState) -> int:
    """How many epochs have been scored (the tutorial keeps the position before the latest)."""
    return len(state.epoch_log)


def _signed(v: int) -> str:
    return f"{v:+d}"


def _pharaoh_line(displays: list[dict[str, int]], seat: int, pts: int) -> Msg:
    counts = [d.get("pharaoh", 0) for d in displays]
    mine = counts[seat]
    if max(counts) == min(counts):
        return msg("tutorial.ra.score.pharaoh_equal", n=mine, pts=_signed(pts))
    which = "most" if mine == max(counts) else "fewest" if mine == min(counts) else "middle"
    return msg(f"tutorial.ra.score.pharaoh_{which}", n=mine, pts=_signed(pts))


def explain(before: RaState, after: RaState, log: Sequence[object], seat: int) -> list[Msg]:
    """One line per category of the seat's latest epoch scoring, the total, what is kept."""
    epoch, cats, old, new = after.epoch_log[-1]
    cat = dict(zip(("god", "pharaoh", "nile", "civilization", "gold", "monument", "sun"), cats[seat], strict=False))
    displays: list[dict[str, int]] = [s["display"] for s in before.player_view(seat)["seats"]]
    d = displays[seat]
    kinds = sum(1 for c in CIVS if d.get(c))
    monuments = sum(d.get(m, 0) for m in MONUMENTS)
    return [
        msg("tutorial.ra.score.god", n=d.get("god", 0), pts=_signed(cat["god"])),
        _pharaoh_line(displays, seat, cat["pharaoh"]),
        msg("tutorial.ra.score.nile" if d.get("flood") else "tutorial.ra.score.nile_dry",
            nile=d.get("nile", 0), flood=d.get("flood", 0), pts=_signed(cat["nile"])),
        msg("tutorial.ra.score.civilization", kinds=kinds, pts=_signed(cat["civilization"])),
        msg("tutorial.ra.score.gold", n=d.get("gold", 0), pts=_signed(cat["gold"])),
        msg("tutorial.ra.score.monument", n=monuments),
        msg("tutorial.ra.score.sun"),
        msg("tutorial.ra.score.total", epoch=epoch, before=old[seat], delta=_signed(new[seat] - old[seat]),
            after=new[seat]),
        msg("tutorial.ra.score.kept"),
    ]  # fmt: skip

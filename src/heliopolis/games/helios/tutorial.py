"""Helios's tutorial (docs/tutorials.md): its script, and the closing step's lines, the sun's irradiation
that gave the player their first VP, temple by temple (HE-IRR-4)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Final

from heliopolis.core.text import Msg
from heliopolis.games.helios.components import hex_label, hex_of
from heliopolis.games.helios.state import HeliosState
from heliopolis.locale import msg

SCRIPT: Final = resources.files("heliopolis.games.helios").joinpath("data/tutorial.json")
AXIAL: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# no ``scorings``: the VP come from the last step's move itself, so its position before is the one explained


def _signed(v: int) -> str:
    return f"{v:+d}"


def explain(before: HeliosState, after: HeliosState, log: Sequence[object], seat: int) -> list[Msg]:
    """The temples next to the sun, each with its neighbouring tiles, then the total and what scores later."""
    me, was = after.player_view(seat)["players"][seat], before.player_view(seat)["players"][seat]
    tiles = {tuple(map(int, t["hex"].split(","))): t for t in me["tiles"]}
    sq, sr = map(int, me["sun"].split(","))
    lines = []
    for (q, r), t in sorted(tiles.items()):
        if t["temple"] and (q - sq, r - sr) in AXIAL:
            n = sum((q + dq, r + dr) in tiles for dq, dr in AXIAL)
            lines.append(msg("tutorial.helios.score.temple", hex=hex_label(hex_of(q, r)), n=n, pts=f"{1 + n:+d}"))
    lines += [
        msg("tutorial.helios.score.total", before=was["vp"], delta=_signed(me["vp"] - was["vp"]), after=me["vp"]),
        msg("tutorial.helios.score.land"),
        msg("tutorial.helios.score.end"),
    ]
    return lines

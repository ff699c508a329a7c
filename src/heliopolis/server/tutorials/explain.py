"""The closing step of a tutorial: the player's first scoring, line by line, in the game's words.

Each line pairs the points the engine scored (its own breakdown: Ra's ``epoch_log``) with the
counts they came from (the displays just before the scoring), so the numbers are the engine's,
never recomputed here.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.text import Msg
from heliopolis.locale import msg

CIVS = ("art", "agriculture", "religion", "astronomy", "writing")
MONUMENTS = ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step-pyramid", "temple")


def _signed(v: int) -> str:
    return f"{v:+d}"


def _pharaoh_line(displays: list[dict[str, int]], seat: int, pts: int) -> Msg:
    counts = [d.get("pharaoh", 0) for d in displays]
    mine = counts[seat]
    if max(counts) == min(counts):
        return msg("tutorial.ra.score.pharaoh_equal", n=mine, pts=_signed(pts))
    which = "most" if mine == max(counts) else "fewest" if mine == min(counts) else "middle"
    return msg(f"tutorial.ra.score.pharaoh_{which}", n=mine, pts=_signed(pts))


def explain_ra(before: Any, after: Any, seat: int) -> list[Msg]:
    """Ra: one line per category of the seat's latest epoch scoring, the total, what is kept."""
    epoch, cats, old, new = after.epoch_log[-1]
    cat = dict(zip(("god", "pharaoh", "nile", "civilization", "gold", "monument", "sun"), cats[seat]))
    displays = [s["display"] for s in before.player_view(seat)["seats"]]
    d = displays[seat]
    kinds = sum(1 for c in CIVS if d.get(c))
    monuments = sum(d.get(m, 0) for m in MONUMENTS)
    lines = [
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
    return lines


def explain_ra_dice(before: Any, after: Any, seat: int) -> list[Msg]:
    """Ra: The Dice Game: Pharaoh, Nile, Civilization and Monuments of the seat's latest epoch scoring."""
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


AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def explain_helios(before: Any, after: Any, seat: int) -> list[Msg]:
    """Helios: the sun's irradiation that gave the seat its first VP, temple by temple (HE-IRR-4)."""
    from heliopolis.games.helios.components import hex_label, hex_of

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


def explain_men_nefer(pos: Any, seat: int) -> list[Msg]:
    """Men-Nefer: the seat's Harvest, step by step, from the engine's own Harvest line (MN-SCORE)."""
    line = next(x for x in reversed(pos.log) if isinstance(x, Msg) and x.key == "men-nefer.log.harvest_seat"
                and x.args.get("seat") == seat)  # fmt: skip
    a = line.args
    era, before, after = pos.state.harvest_log[-1]
    me = pos.state.player_view(seat)["players"][seat]
    duat = "passed" if me["heart"] > me["feather"] else "apart"
    return [
        msg("tutorial.men-nefer.score.papyri"),
        msg(f"tutorial.men-nefer.score.duat_{duat}", heart=me["heart"], feather=me["feather"], pts=a["duat"]),
        msg("tutorial.men-nefer.score.agreements", pts=a["agreements"]),
        msg("tutorial.men-nefer.score.sarcophagi", pts=a["sarcophagi"]),
        msg("tutorial.men-nefer.score.sun_disc", pts=a["sun_disc"]),
        msg("tutorial.men-nefer.score.great_pyramid", pts=a["great_pyramid"]),
        msg("tutorial.men-nefer.score.queens", pts=a["queens"]),
        msg("tutorial.men-nefer.score.total", era=era, before=before[seat], delta=a["gained"], after=after[seat]),
        msg("tutorial.men-nefer.score.kept"),
    ]


EXPLAIN = {"ra": explain_ra, "ra-dice": explain_ra_dice, "helios": explain_helios}


def explain(game: str, pos: Any, seat: int) -> list[Msg]:
    """The closing lines of ``game``'s tutorial at ``pos`` (tutorials.Position): an epoch's scoring
    from the position before it, else what the last step's move scored."""
    if game == "men-nefer":  # its Harvest line carries the breakdown
        return explain_men_nefer(pos, seat)
    before = pos.scored_from if pos.scored_from is not None else pos.before_last
    return EXPLAIN[game](before, pos.state, seat)

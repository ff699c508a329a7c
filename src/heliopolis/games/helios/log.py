"""Helios in words: ``describe`` (one sentence per action, for buttons, the terminal and the log)
and the move log (``HeliosLog``), which adds what the rules do on their own.

Places are named by the board's own coordinates (``components.hex_label``: column letter, then the
hex counted from the bottom of the column, ``e5``), never by the axial notation of saved games.
The log replays the history with ``record_events`` on, so the rules note (``events.note``) what no
action names: an action forgone because nothing could be paid or placed, a bonus resource lost, an
automatic person-phase pass, a sun move stopped by its range, irradiation, laps, the phases, rounds
and the final scoring; changes of VP, mana and sun range per seat follow each action.

Every sentence is a message of the ``helios`` catalog (``heliopolis.locale.msg``): English text with
key and arguments, so the browser shows it in the reader's language with seat names.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.game import PublicLog
from heliopolis.core.text import Msg
from heliopolis.games.helios import actions as A
from heliopolis.games.helios.components import (
    COLOURS,
    DATA,
    SPECIALS,
    SYMBOLS,
    TILE_COLOURS,
    hex_label,
    hex_of_name,
)
from heliopolis.games.helios.events import Event, Snapshot, snapshot
from heliopolis.locale import listing, msg

# Game terms of the ``helios`` catalog, by the engine's ids: helios.colour.<resource/land colour>,
# helios.tile_colour.<action-tile colour>, helios.special.<special tile>, helios.symbol.<action symbol>,
# helios.building.<id>, helios.person.<id>, helios.category.<final-scoring category>.
SIMPLE = {"gain": "colour", "slot": "tile_colour", "home": "colour"}  # argument -> term kind
assert set(SPECIALS) == {"free", "created", "resources", "temples"} and set(SYMBOLS) == {"land", "build", "sun"}


def term(kind: str, name: str) -> Any:
    return msg(f"helios.{kind}.{name}")


def where(arg: str) -> str:
    """A hex argument of the notation (``0,-1``) as its board coordinate (``e6``)."""
    h = hex_of_name(arg)
    return hex_label(h) if h is not None else arg


def describe(s: Any, action: int) -> str:
    text = A.action_to_string(action)
    kind, _, arg = text.partition(":")
    who = s.actor
    if action >= A.CHANCE_OFFSET:
        if kind == "start":
            return msg("helios.log.dragon", seat=int(arg))
        if kind == "deal":
            return msg("helios.log.dealt", colour=term("tile_colour", arg))
        return msg("helios.log.extra_land", colour=term("colour", arg))
    if kind == "take":
        col = s.columns[SYMBOLS.index(arg)]
        symbol = term("symbol", arg)
        if col:
            return msg("helios.move.take", seat=who, colour=term("tile_colour", TILE_COLOURS[col[-1]]), symbol=symbol)
        return msg("helios.move.take_any", seat=who, symbol=symbol)
    if kind == "land":
        if arg == "extra":
            c = s.face_up[5]
            if c >= 0:
                return msg("helios.move.land_extra", seat=who, colour=term("colour", COLOURS[c]))
            return msg("helios.move.land_extra_any", seat=who)
        return msg("helios.move.land", seat=who, colour=term("colour", arg))
    if kind == "place":
        if s.hand:
            if s.hand[0] == "land":
                return msg(
                    "helios.move.place_land", seat=who, colour=term("colour", COLOURS[s.hand[1]]), hex=where(arg)
                )
            return msg(
                "helios.move.place_special", seat=who, special=term("special", SPECIALS[s.hand[1]]), hex=where(arg)
            )
        return msg("helios.move.place", seat=who, hex=where(arg))
    if kind in ("temple", "put", "step"):
        return msg(f"helios.move.{kind}", seat=who, hex=where(arg))
    if kind == "pay":
        h, _, colour = arg.partition(":")
        return msg("helios.move.pay", seat=who, colour=term("colour", colour), hex=where(h))
    if kind == "build":
        return msg("helios.move.build", seat=who, building=term("building", arg))
    if kind in ("buy", "activate"):
        return msg(f"helios.move.{kind}", seat=who, person=term("person", arg))
    if kind == "special":
        return msg("helios.move.special", seat=who, special=term("special", arg))
    if kind in SIMPLE:
        return msg(f"helios.move.{kind}", seat=who, colour=term(SIMPLE[kind], arg))
    if kind == "trade":
        return msg("helios.move.trade", seat=who, n=int(arg))
    if kind == "do":
        return msg("helios.move.do", seat=who, symbol=term("symbol", arg))
    if kind in ("stop", "pass", "forgo"):
        return msg(f"helios.move.{kind}", seat=who)
    return msg("helios.move.other", seat=who, notation=text)


def event_text(s: Any, event: Event) -> str:
    kind, *args = event
    if kind == "forgone":
        p, sym = args
        return msg(f"helios.log.forgone_{SYMBOLS[sym]}", seat=p, symbol=term("symbol", SYMBOLS[sym]))
    if kind in ("gain_lost", "auto_pass", "phase2"):
        return msg(f"helios.log.{kind}", seat=args[0])
    if kind in ("range_stop", "irradiate"):
        return msg(f"helios.log.{kind}", seat=args[0], hex=hex_label(args[1]))
    if kind == "lap":
        return msg("helios.log.lap", seat=args[0], vp=args[1])
    if kind == "reshuffle":
        return msg("helios.log.reshuffle", symbol=term("symbol", SYMBOLS[args[0]]))
    if kind == "slot_full":
        return msg("helios.log.slot_full", seat=args[0], colour=term("tile_colour", TILE_COLOURS[args[1]]))
    if kind == "phase1_over":
        return msg("helios.log.phase2_discard" if args[0] else "helios.log.phase2_start")
    if kind == "round":
        return msg("helios.log.round", round=args[0], rounds=DATA.rounds[s.game.players], seat=args[1])
    if kind in ("phase3", "new_deal", "final"):
        return msg(f"helios.log.{kind}")
    raise AssertionError(f"unknown Helios event {event}")  # pragma: no cover


COUNTERS = ("vp", "mana", "range")  # the first three fields of a snapshot, as helios.change.<name>


def _changes(s: Any, old: Snapshot, new: Snapshot, irradiated: set[int]) -> list[str]:
    lines: list[str] = []
    counters = (old[0], new[0]), (old[1], new[1]), (old[2], new[2])
    for p in range(s.game.players):
        parts: list[Any] = [msg(f"helios.change.{name}", delta=f"{now[p] - was[p]:+d}", total=now[p])
                            for name, (was, now) in zip(COUNTERS, counters) if was[p] != now[p]]  # fmt: skip
        if p in irradiated:
            grown = [hex_label(h) for h in range(len(DATA.hexes))
                     if sum(new[3][p][h * 5:h * 5 + 5]) > sum(old[3][p][h * 5:h * 5 + 5])]  # fmt: skip
            parts.append(
                msg("helios.change.grown", hexes=", ".join(grown)) if grown else msg("helios.change.none_grown")
            )
        if parts:
            lines.append(msg("helios.log.changes", seat=p, changes=listing("helios.list", parts)))
    return lines


def final_lines(s: Any) -> list[str]:
    from heliopolis.games.helios import rules as R

    out: list[str] = []
    for p in range(s.game.players):
        cats = R.final_categories(s, p)
        gained = sum(cats.values())
        out.append(msg("helios.log.final_seat", seat=p, gained=gained, before=s.vp[p], total=s.final[p], **cats))
    out.append(
        msg("helios.log.winners", seats=listing("helios.list", [msg("helios.seat", seat=w) for w in s.winners()]))
    )
    return out


class HeliosLog(PublicLog):
    """The public move log (``Game.new_public_log``), fed one action at a time."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._silent = False
        self.replay = game.new_initial_state()
        self.replay.record_events = True
        self._dealt: list[Any] = []  # the colours of a refill being dealt, one line once it is done

    def feed(self, action: int) -> list[str]:
        s = self.replay
        first = describe(s, action)
        lines = self._feed(s, action, first)
        if isinstance(first, Msg) and first.key == "helios.log.dealt":  # a tile of a refill: one line for all
            self._dealt.append(first.args["colour"])
            lines = lines[1:]
            if not lines and s.is_chance_node() and not s.is_terminal():
                return []  # more tiles to come
        out = [*self._deal_line(), *lines]
        self.lines.extend(out)
        return out

    def _deal_line(self) -> list[str]:
        """The refill dealt so far as one line ("12 action tiles are dealt: 4 blue, 3 red, ...")."""
        dealt, self._dealt = self._dealt, []
        if len(dealt) <= 1:
            return [msg("helios.log.dealt", colour=c) for c in dealt]
        counts: dict[str, list[Any]] = {}
        for c in dealt:
            counts.setdefault(c.key, []).append(c)
        parts = [msg("helios.log.dealt_count", count=len(cs), colour=cs[0]) for cs in counts.values()]
        return [msg("helios.log.dealt_group", count=len(dealt), tiles=listing("helios.list", parts))]

    def _feed(self, s: Any, action: int, first: Any) -> list[str]:
        lines = [first]
        snap = snapshot(s)
        s.events.clear()
        s.apply_action(action)
        irradiated: set[int] = set()  # seats whose sun irradiated since the last event
        for event, at in s.events:
            lines += _changes(s, snap, at, irradiated)
            lines.append(event_text(s, event))
            snap = at
            irradiated = {event[1]} if event[0] == "irradiate" else set()
        lines += _changes(s, snap, snapshot(s), irradiated)
        if s.is_terminal():
            lines += final_lines(s)
        s.events.clear()
        return lines


__all__ = ["HeliosLog", "describe", "event_text", "term", "where"]

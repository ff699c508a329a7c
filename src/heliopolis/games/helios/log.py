"""Helios in words: ``describe`` (one sentence per action, for buttons, the terminal and the log)
and the move log (``HeliosLog``), which adds what the rules do on their own.

Places are named by the board's own coordinates (``components.hex_label``: column letter, then the
hex counted from the bottom of the column, ``e5``), never by the axial notation of saved games.
The log replays the history with ``record_events`` on, so the rules note (``events.note``) what no
action names: an action forgone because nothing could be paid or placed, a bonus resource lost, an
automatic person-phase pass, a sun move stopped by its range, irradiation, laps, the phases, rounds
and the final scoring; changes of VP, mana and sun range per seat follow each action.

Every sentence of Helios's moves and log is in this module (one place to move into message catalogs).
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.game import PublicLog
from heliopolis.games.helios import actions as A
from heliopolis.games.helios.events import Event, Snapshot, snapshot
from heliopolis.games.helios.components import (
    COLOURS,
    DATA,
    SPECIALS,
    SYMBOLS,
    TILE_COLOURS,
    hex_label,
    hex_of_name,
)

SPECIAL_WORDS = {"free": "free-fields", "created": "created-land", "resources": "resources", "temples": "temples"}
SYMBOL_WORDS = {"land": "land", "build": "build", "sun": "sun"}
CATEGORY_WORDS = {"bag": "VP during play"}
assert set(SPECIAL_WORDS) == set(SPECIALS) and set(SYMBOL_WORDS) == set(SYMBOLS)


def seat(p: int) -> str:
    return f"P{p}"


def where(arg: str) -> str:
    """A hex argument of the notation (``0,-1``) as its board coordinate (``e6``)."""
    h = hex_of_name(arg)
    return hex_label(h) if h is not None else arg


def special_tile(k: int) -> str:
    return f"the {SPECIAL_WORDS[SPECIALS[k]]} special tile"


_SIMPLE = {
    "home": "starts with a {} land tile", "gain": "gains a {} resource", "slot": "attaches the grey action tile to the {} slot",
    "special": "takes {}", "stop": "stops the sun", "trade": "trades {} mana for VP", "do": "takes the bonus action: {}",
    "pass": "passes", "forgo": "forgoes the rest of the action",
}  # fmt: skip


def describe(s: Any, action: int) -> str:
    text = A.action_to_string(action)
    kind, _, arg = text.partition(":")
    who = seat(s.actor)
    if action >= A.CHANCE_OFFSET:
        if kind == "start":
            return f"{seat(int(arg))} takes the dragon (start player)"
        if kind == "deal":
            return f"a {arg} action tile is dealt"
        return f"a {arg} land tile comes from the extra stack"
    if kind == "take":
        col = s.columns[SYMBOLS.index(arg)]
        colour = f"{TILE_COLOURS[col[-1]]} " if col else ""
        return f"{who} takes the {colour}action tile from the {SYMBOL_WORDS[arg]} column"
    if kind == "land":
        if arg == "extra":
            c = s.face_up[5]
            return f"{who} takes the face-up {COLOURS[c] + ' ' if c >= 0 else ''}land tile of the extra stack"
        return f"{who} takes the face-up {arg} land tile"
    if kind == "place":
        if s.hand:
            what = f"the {COLOURS[s.hand[1]]} land tile" if s.hand[0] == "land" else special_tile(s.hand[1])
            return f"{who} places {what} on {where(arg)}"
        return f"{who} places the tile on {where(arg)}"
    if kind == "temple":
        return f"{who} builds a temple on {where(arg)}"
    if kind == "put":
        return f"{who} puts the resource on {where(arg)}"
    if kind == "step":
        return f"{who} moves the sun to {where(arg)}"
    if kind == "pay":
        h, _, colour = arg.partition(":")
        return f"{who} pays {colour} from {where(h)}"
    if kind in ("build", "buy", "activate"):
        names = {b.id: b.name for b in DATA.buildings} if kind == "build" else {p.id: p.name for p in DATA.persons}
        verb = {"build": "builds", "buy": "buys", "activate": "activates"}[kind]
        return f"{who} {verb} the {names.get(arg, arg)}"
    if kind == "special":
        return f"{who} takes {special_tile(SPECIALS.index(arg))}"
    if kind in _SIMPLE:
        return f"{who} " + _SIMPLE[kind].format(arg)
    return f"{who}: {text}"


def event_text(s: Any, event: Event) -> str:
    kind, *args = event
    if kind == "forgone":
        p, sym = args
        why = {"land": "no land tile or special tile can be taken and placed",
               "build": "nothing (building or temple) can be paid for"}.get(SYMBOLS[sym], "nothing can be done")
        return f"{seat(p)} cannot use the {SYMBOLS[sym]} action: {why}; it is forgone"
    if kind == "gain_lost":
        return f"{seat(args[0])}'s bonus resource is lost: no tile can take it"
    if kind == "auto_pass":
        return f"{seat(args[0])} passes: no person can be bought or activated"
    if kind == "range_stop":
        return f"{seat(args[0])}'s sun stops on {hex_label(args[1])}: its range is used up"
    if kind == "irradiate":
        return f"{seat(args[0])}'s sun irradiates the tiles around {hex_label(args[1])}"
    if kind == "lap":
        return f"{seat(args[0])}'s sun completes a lap: +{args[1]} VP"
    if kind == "reshuffle":
        return f"The {SYMBOLS[args[0]]} discard pile is shuffled into a new stack"
    if kind == "slot_full":
        return f"{seat(args[0])}'s full {TILE_COLOURS[args[1]]} slot goes to the discard piles"
    if kind == "phase1_over":
        extra = "; the action tiles left in the columns are discarded" if args[0] else ""
        return f"— Phase 2: persons (most mana first){extra} —"
    if kind == "phase2":
        return f"{seat(args[0])} has the most mana and starts the person phase"
    if kind == "phase3":
        return "— Phase 3: new land tiles face up, bonus resources, the dragon moves on —"
    if kind == "round":
        return f"— Round {args[0]} of {DATA.rounds[s.game.players]}: {seat(args[1])} has the dragon —"
    if kind == "new_deal":
        return "The action-tile columns are discarded and dealt anew"
    if kind == "final":
        return "— Final scoring —"
    raise AssertionError(f"unknown Helios event {event}")  # pragma: no cover


def _changes(s: Any, old: Snapshot, new: Snapshot, irradiated: set[int]) -> list[str]:
    lines = []
    for p in range(s.game.players):
        parts = []
        for words, was, now in (("VP", old[0], new[0]), ("mana", old[1], new[1]), ("sun range", old[2], new[2])):
            if was[p] != now[p]:
                parts.append(f"{words} {now[p] - was[p]:+d} → {now[p]}")
        if p in irradiated:
            grown = [hex_label(h) for h in range(len(DATA.hexes))
                     if sum(new[3][p][h * 5:h * 5 + 5]) > sum(old[3][p][h * 5:h * 5 + 5])]  # fmt: skip
            parts.append(f"new resources on {', '.join(grown)}" if grown else "no new resources")
        if parts:
            lines.append(f"{seat(p)}: {', '.join(parts)}")
    return lines


def final_lines(s: Any) -> list[str]:
    from heliopolis.games.helios import rules as R

    out = []
    for p in range(s.game.players):
        cats = R.final_categories(s, p)
        parts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in cats.items())
        out.append(f"{seat(p)} scores {sum(cats.values())} VP at the end ({parts}): {s.vp[p]} + "
                   f"{sum(cats.values())} = {s.final[p]} VP")  # fmt: skip
    w = s.winners()
    out.append(f"Game over: winner {', '.join(map(seat, w))}")
    return out


class HeliosLog(PublicLog):
    """The public move log (``Game.new_public_log``), fed one action at a time."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._silent = False
        self.replay = game.new_initial_state()
        self.replay.record_events = True

    def feed(self, action: int) -> list[str]:
        s = self.replay
        text = describe(s, action)
        lines = [text[:1].upper() + text[1:]]
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
        self.lines.extend(lines)
        return lines


__all__ = ["HeliosLog", "describe", "event_text", "where"]

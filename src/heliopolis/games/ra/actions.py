"""Ra's action table: stable integer ids <-> canonical notation (encoding ``ra-v1``).

The table is built once, in this explicit order, and pinned by ``tests/games/ra/action_table.txt``.
Any change to it must bump ``ENCODING``: saved games name the encoding they were played under.

=========  ==========================  ==========================================
ids        notation                    meaning
=========  ==========================  ==========================================
0          ``draw``                    draw a tile from the bag (then a chance node)
1          ``ra``                      invoke Ra (voluntary, or forced when the track is full)
2          ``pass``                    pass in an auction
3          ``done``                    end a god turn after one or more god plays
4-19       ``bid:1`` .. ``bid:16``     bid that sun
20-40      ``god:<tile>``              spend one god to take a tile of that kind from the track
41-53      ``discard:<tile>``          disaster choice: discard one civilization/monument tile
54-76      ``tile:<tile>``             chance: the kind of tile drawn from the bag
77-81      ``stack:1`` .. ``stack:5``  chance: which sun stack (RA-SETUP-5 table row) a seat receives
=========  ==========================  ==========================================
"""

from __future__ import annotations

import difflib
from typing import Final

from heliopolis.core.errors import NotationError, error_msg
from heliopolis.core.game import parse_kind_arg
from heliopolis.games.ra.components import DISCARD_CHOICES, GOD_TARGETS, NUM_TILES, TILE_INDEX, TILE_NAMES

ENCODING: Final = "ra-v1"

DRAW: Final = 0
RA_CALL: Final = 1
PASS: Final = 2
DONE: Final = 3
BID_BASE: Final = 3  # bid:v has id BID_BASE + v
MAX_SUN: Final = 16
GOD_BASE: Final = BID_BASE + MAX_SUN + 1  # 20
DISCARD_BASE: Final = GOD_BASE + len(GOD_TARGETS)  # 41
NUM_DISTINCT_ACTIONS: Final = DISCARD_BASE + len(DISCARD_CHOICES)  # 54
TILE_BASE: Final = NUM_DISTINCT_ACTIONS  # chance tile:t has id TILE_BASE + t
STACK_BASE: Final = TILE_BASE + NUM_TILES - 1  # stack:k (1-based) has id STACK_BASE + k
MAX_STACKS: Final = 5
MAX_CHANCE_OUTCOMES: Final = NUM_TILES + MAX_STACKS
NUM_IDS: Final = NUM_DISTINCT_ACTIONS + MAX_CHANCE_OUTCOMES

# tile -> id of god:<tile> / discard:<tile> (-1 where not allowed), and back.
GOD_ACTION: Final = tuple(GOD_BASE + GOD_TARGETS.index(t) if t in GOD_TARGETS else -1 for t in range(NUM_TILES))
GOD_TILE: Final = GOD_TARGETS
DISCARD_ACTION: Final = tuple(
    DISCARD_BASE + DISCARD_CHOICES.index(t) if t in DISCARD_CHOICES else -1 for t in range(NUM_TILES)
)
DISCARD_TILE: Final = DISCARD_CHOICES


def _build_strings() -> tuple[str, ...]:
    s = ["draw", "ra", "pass", "done"]
    s += [f"bid:{v}" for v in range(1, MAX_SUN + 1)]
    s += [f"god:{TILE_NAMES[t]}" for t in GOD_TARGETS]
    s += [f"discard:{TILE_NAMES[t]}" for t in DISCARD_CHOICES]
    s += [f"tile:{name}" for name in TILE_NAMES]
    s += [f"stack:{k}" for k in range(1, MAX_STACKS + 1)]
    assert len(s) == NUM_IDS
    return tuple(s)


ACTION_STRINGS: Final = _build_strings()
_STRING_TO_ID: Final = {s: i for i, s in enumerate(ACTION_STRINGS)}


def action_to_string(action: int) -> str:
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_IDS:
        raise NotationError(error_msg("ra.error.unknown_id", action=repr(action), last=NUM_IDS - 1))
    return ACTION_STRINGS[action]


def string_to_action(text: str) -> int:
    kind, arg = parse_kind_arg(text)
    canon = kind if arg is None else f"{kind}:{arg}"
    found = _STRING_TO_ID.get(canon)
    if found is not None:
        return found
    # Explain what is wrong, in the player's terms.
    if kind in ("draw", "ra", "pass", "done") and arg is not None:
        raise NotationError(error_msg("ra.error.no_argument", kind=kind, text=repr(text)))
    if kind == "bid":
        raise NotationError(error_msg("ra.error.bid", text=repr(text)))
    if kind in ("god", "discard", "tile"):
        raise NotationError(_tile_error(text, kind, arg))
    if kind == "stack":
        raise NotationError(error_msg("ra.error.stack", last=MAX_STACKS, text=repr(text)))
    close = difflib.get_close_matches(kind, ["draw", "ra", "pass", "done", "bid", "god", "discard"], n=1)
    if close:
        raise NotationError(error_msg("ra.error.unreadable_close", text=repr(text), close=close[0]))
    raise NotationError(error_msg("ra.error.unreadable", text=repr(text)))


def _tile_error(text: str, kind: str, arg: str | None) -> str:
    if arg is None:
        return error_msg("ra.error.needs_tile", kind=kind)
    if arg in TILE_INDEX:  # a tile this kind of action cannot name
        return error_msg("ra.error.not_action", text=repr(text), why=error_msg(f"ra.error.why_{kind}"))
    close = difflib.get_close_matches(arg, TILE_NAMES, n=1)
    if close:
        return error_msg("ra.error.unknown_tile_close", tile=repr(arg), kind=kind, close=close[0])
    return error_msg("ra.error.unknown_tile", tile=repr(arg), tiles=" ".join(TILE_NAMES))

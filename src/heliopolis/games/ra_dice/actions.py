"""Ra: The Dice Game's action table: stable integer ids <-> canonical notation (encoding ``ra-dice-v1``).

The table is built once, in this explicit order, and pinned by ``tests/games/ra_dice/action_table.txt``;
``docs/ra-dice-notation.md`` documents it with examples. Any change must bump ``ENCODING``: saved
games name the encoding they were played under. Colours are ``red yellow green blue purple``,
columns ``1``-``8``, faces ``sun pharaoh nile civ mon ankh``.

=========  ===============================  ===================================================
ids        notation                         meaning
=========  ===============================  ===================================================
0          ``stop``                         roll no more: apply the dice (nothing chosen to reroll)
1          ``roll``                         reroll the dice chosen with ``reroll:<colour>``
2-6        ``reroll:<colour>``              choose that die for the next roll (colour order)
7          ``pharaoh``                      a real Pharaoh die moves the Pharaoh marker 1
8          ``pharaoh:ankh``                 an ankh moves it 1 more (after a real Pharaoh)
9          ``nile``                         a real Nile die moves the Nile stack 1
10         ``nile:ankh``                    an ankh moves it 1 more (after a real Nile advance)
11-13      ``flood:nnn|nna|naa``            flood with 3 Nile / 2 Nile + ankh / 1 Nile + 2 ankhs
14-18      ``civ:<colour>``                 a Civilization marker on that space (real die of it)
19-58      ``mon:<colour>:<column>``        a Monument marker on that space (real die of it)
59-62      ``disaster:pharaoh|nile|civ|mon``  declare a disaster (4 or 5 suns)
63         ``finish``                       end the turn (unused ankh pairs score)
64-68      ``remove:civ:<colour>``          disaster victim: remove own marker from that space
69-108     ``remove:mon:<colour>:<column>`` disaster victim: remove own marker from that space
109-138    ``die:<colour>:<face>``          chance: the face the die of that colour shows
139-142    ``start:<seat>``                 chance: the start player (without ``start_player``)
=========  ===============================  ===================================================
"""

from __future__ import annotations

import difflib
from typing import Final

from heliopolis.core.errors import NotationError, error_msg
from heliopolis.core.game import parse_kind_arg
from heliopolis.games.ra_dice.components import (
    COLOUR_INDEX,
    COLOURS,
    COLUMNS,
    DATA,
    DISASTER_NAMES,
    FACE_INDEX,
    FACE_NAMES,
    NUM_DICE,
    NUM_FACES,
)

ENCODING: Final = "ra-dice-v1"

STOP, ROLL = 0, 1
REROLL_BASE: Final = 2  # reroll:<colour c> = REROLL_BASE + c
PHARAOH_REAL: Final = REROLL_BASE + NUM_DICE  # 7
PHARAOH_ANKH: Final = PHARAOH_REAL + 1
NILE_REAL: Final = PHARAOH_ANKH + 1
NILE_ANKH: Final = NILE_REAL + 1
FLOOD_BASE: Final = NILE_ANKH + 1  # flood with k ankhs = FLOOD_BASE + k (k = 0, 1, 2)
FLOOD_NAMES: Final = ("nnn", "nna", "naa")
CIV_BASE: Final = FLOOD_BASE + len(FLOOD_NAMES)  # 14
MON_BASE: Final = CIV_BASE + NUM_DICE  # 19; mon:<c>:<col> = MON_BASE + c * COLUMNS + col - 1
NUM_SPACES: Final = NUM_DICE * COLUMNS  # 40 Monument spaces, index c * COLUMNS + col - 1
DISASTER_BASE: Final = MON_BASE + NUM_SPACES  # 59
FINISH: Final = DISASTER_BASE + len(DISASTER_NAMES)  # 63
REMOVE_CIV_BASE: Final = FINISH + 1  # 64
REMOVE_MON_BASE: Final = REMOVE_CIV_BASE + NUM_DICE  # 69
NUM_DISTINCT_ACTIONS: Final = REMOVE_MON_BASE + NUM_SPACES  # 109
DIE_BASE: Final = NUM_DISTINCT_ACTIONS  # die:<c>:<face f> = DIE_BASE + c * NUM_FACES + f
START_BASE: Final = DIE_BASE + NUM_DICE * NUM_FACES  # start:<seat> = START_BASE + seat
MAX_CHANCE_OUTCOMES: Final = NUM_DICE * NUM_FACES + DATA.max_players
NUM_IDS: Final = NUM_DISTINCT_ACTIONS + MAX_CHANCE_OUTCOMES


def _build_strings() -> tuple[str, ...]:
    s = ["stop", "roll"]
    s += [f"reroll:{c}" for c in COLOURS]
    s += ["pharaoh", "pharaoh:ankh", "nile", "nile:ankh"]
    s += [f"flood:{k}" for k in FLOOD_NAMES]
    s += [f"civ:{c}" for c in COLOURS]
    s += [f"mon:{c}:{col}" for c in COLOURS for col in range(1, COLUMNS + 1)]
    s += [f"disaster:{d}" for d in DISASTER_NAMES]
    s += ["finish"]
    s += [f"remove:civ:{c}" for c in COLOURS]
    s += [f"remove:mon:{c}:{col}" for c in COLOURS for col in range(1, COLUMNS + 1)]
    s += [f"die:{c}:{f}" for c in COLOURS for f in FACE_NAMES]
    s += [f"start:{p}" for p in range(DATA.max_players)]
    assert len(s) == NUM_IDS
    return tuple(s)


ACTION_STRINGS: Final = _build_strings()
_STRING_TO_ID: Final = {s: i for i, s in enumerate(ACTION_STRINGS)}
# Friendly spellings accepted on input (never produced).
_ALIASES: Final = {
    "keep": "stop", "done": "finish", "end": "finish",
    "civilization": "civ", "civilisation": "civ", "monument": "mon",
}  # fmt: skip

_KINDS: Final = ("stop", "roll", "reroll", "pharaoh", "nile", "flood", "civ", "mon", "disaster", "finish",
                 "remove", "die", "start")  # fmt: skip


def action_to_string(action: object) -> str:
    # ``object``: anything but a valid id is a NotationError (in the compiled build too, where an
    # ``int`` parameter would raise TypeError on entry).
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_IDS:
        raise NotationError(error_msg("ra-dice.error.unknown_id", action=repr(action), last=NUM_IDS - 1))
    return ACTION_STRINGS[action]


def string_to_action(text: str) -> int:
    kind, arg = parse_kind_arg(text)
    kind = _ALIASES.get(kind, kind)
    if arg is not None:
        arg = ":".join(_ALIASES.get(part.strip(), part.strip()) for part in arg.split(":"))
    canon = kind if arg is None else f"{kind}:{arg}"
    found = _STRING_TO_ID.get(canon)
    if found is not None:
        return found
    raise NotationError(_explain(text, kind, arg))


def _bad_colour(text: str, word: str) -> str:
    close = difflib.get_close_matches(word, COLOURS, n=1)
    hint = (error_msg("ra-dice.error.hint_close", close=close[0]) if close
            else error_msg("ra-dice.error.hint_colours", colours=", ".join(COLOURS)))  # fmt: skip
    return error_msg("ra-dice.error.unknown_colour", colour=repr(word), text=repr(text), hint=hint)


def _explain(text: str, kind: str, arg: str | None) -> str:
    """Why ``text`` is not an action, in the player's terms (a catalog message)."""
    parts = arg.split(":") if arg is not None else []
    t = repr(text)
    if kind in ("stop", "roll", "finish") and arg is not None:
        return error_msg("ra-dice.error.no_argument", kind=kind, text=t)
    if kind == "reroll" or kind == "civ":
        return error_msg("ra-dice.error.needs_colour", kind=kind) if arg is None else _bad_colour(text, arg)
    if kind in ("pharaoh", "nile"):
        return error_msg("ra-dice.error.real_die", kind=kind, text=t)
    if kind in ("flood", "disaster", "start"):
        return error_msg(f"ra-dice.error.{kind}", text=t, last=DATA.max_players - 1)
    if kind == "mon":
        return _space_error(text, parts, "mon:yellow:3")
    if kind == "remove":
        if parts and parts[0] == "civ":
            return error_msg("ra-dice.error.remove_civ", text=t) if len(parts) != 2 else _bad_colour(text, parts[1])
        if parts and parts[0] == "mon":
            return _space_error(text, parts[1:], "remove:mon:yellow:3")
        return error_msg("ra-dice.error.remove", text=t)
    if kind == "die":
        if len(parts) != 2:
            return error_msg("ra-dice.error.die", text=t)
        if parts[0] not in COLOUR_INDEX:
            return _bad_colour(text, parts[0])
        return error_msg("ra-dice.error.unknown_face", face=repr(parts[1]), text=t, faces=", ".join(FACE_NAMES))
    close = difflib.get_close_matches(kind, _KINDS, n=1)
    help_ = error_msg("ra-dice.error.help", colours=" ".join(COLOURS), faces=" ".join(FACE_NAMES))
    if close:
        return error_msg("ra-dice.error.unreadable_close", text=t, close=close[0], help=help_)
    return error_msg("ra-dice.error.unreadable", text=t, help=help_)


def _space_error(text: str, parts: list[str], example: str) -> str:
    if len(parts) != 2:
        return error_msg("ra-dice.error.space", example=example, text=repr(text))
    colour, col = parts
    if colour not in COLOUR_INDEX:
        return _bad_colour(text, colour)
    return error_msg("ra-dice.error.column", last=COLUMNS, col=repr(col), text=repr(text))


# Decoding helpers (ints only; used on the hot path).
def mon_action(colour: int, space_col: int) -> int:
    """``mon:<colour>:<col+1>`` for a 0-based column."""
    return MON_BASE + colour * COLUMNS + space_col


assert FACE_INDEX["sun"] == 0 and NUM_FACES == 6

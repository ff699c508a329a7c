"""Helios views: ``player_view``, information-state strings, ``describe_action`` and the move log.

Everything in Helios is open (HE-GEN-7) except the order of the face-down stacks, and the engine
keeps those stacks as counts of tile types (chance outcomes are types), so the state holds no hidden
information: a seat's information state is the whole public history, ``resample_from_infostate``
returns an equal copy (there is nothing to redraw; the ``rng`` is accepted and unused), and VP
totals are visible to all (HE-AMB-33 default).
"""

from __future__ import annotations

import copy
from typing import Any, Final

from heliopolis.core.helpers import check_seat
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import (
    BUILDING_IDS,  # fmt: skip
    COLOURS,
    DATA,
    PERSON_IDS,
    SPECIALS,
    SYMBOLS,
    TILE_COLOURS,
    hex_label,
    hex_name,
)
from heliopolis.games.helios.legality import has, slot_count
from heliopolis.games.helios.phases import POWER_PLANT


def _board(s: Any, p: int) -> dict[str, Any]:
    tiles = []
    for h, t in enumerate(s.tiles[p]):
        if t < 0:
            continue
        kind = COLOURS[t] if t < 5 else "special:" + SPECIALS[t - 5]
        res = [COLOURS[c] for c in range(5) for _ in range(s.res[p][h * 5 + c])]
        tiles.append({"hex": hex_name(h), "tile": kind, "resources": res, "temple": bool(s.temples[p][h])})
    slots = {TILE_COLOURS[sl]: slot_count(s, p, sl) for sl in range(3)}
    return {
        "tiles": tiles,
        "sun": hex_name(s.sun[p]),
        "sun_range": "sun" if has(s, p, POWER_PLANT) else s.rng[p],
        "numeric_range": s.rng[p],
        "laps": {"x": s.x[p], "x_max": s.xmax[p]},
        "slots": slots,
        "buildings": [BUILDING_IDS[i] for i in range(12) if s.buildings[p] >> i & 1],
        "persons": [
            {"id": PERSON_IDS[i], "active": bool(s.active[p] >> i & 1)} for i in range(8) if s.owned[p] >> i & 1
        ],  # fmt: skip
        "mana": s.mana[p],
        "vp": s.vp[p],
    }


def player_view(s: Any, player: int | None) -> dict[str, Any]:
    check_seat(s.game.players, player)
    from heliopolis.games.helios.phases import PH_END, PH_IDLE, PHASE_NAMES

    return {
        "game": "helios",
        "you": player,
        "round": s.round,
        "rounds": DATA.rounds[s.game.players],
        "turn": s.turn,
        "phase": PHASE_NAMES[s.phase] if s.phase != PH_IDLE else "idle",
        "to_move": s.current_player(),
        "dragon": s.dragon,
        "columns": {SYMBOLS[i]: [TILE_COLOURS[c] for c in s.columns[i]] for i in range(3)},
        "draw_stacks": {SYMBOLS[i]: sum(s.draw[i]) for i in range(3)},
        "discards": {SYMBOLS[i]: {TILE_COLOURS[c]: s.discard[i][c] for c in range(4)} for i in range(3)},
        "face_up_land": {
            (COLOURS[i] if i < 5 else "extra"): (COLOURS[c] if c >= 0 else None) for i, c in enumerate(s.face_up)
        },  # fmt: skip
        "land_stacks": {COLOURS[i]: s.land_stack[i] for i in range(5)},
        "extra_stack": sum(s.extra),
        "special_tiles": {SPECIALS[k]: s.special[k] for k in range(4)},
        "persons_available": [PERSON_IDS[i] for i in range(8) if s.persons_free >> i & 1],
        "hand": list(s.hand) if s.hand else None,
        "payment_due": _pay_text(s),
        "bonus_actions_pending": s.bonus_pending,
        "players": [_board(s, p) for p in range(s.game.players)],
        "final_scores": s.final[:] or None,
        "terminal": s.phase == PH_END,
        "winners": s.winners() if s.phase == PH_END else None,
        "score_breakdown": R.breakdown(s) if s.final else None,
        "tables": copy.deepcopy(TABLES),  # a copy: callers may edit their view
    }


def _cost_text(c: Any) -> str:
    parts = [COLOURS[i] for i, n in enumerate(c.specific) for _ in range(n)]
    if c.one_of:
        parts.append(" or ".join(COLOURS[i] for i in c.one_of))
    if c.any:
        parts.append(f"+{c.any} any")
    return " ".join(parts)


def english_name(ident: str) -> str:
    """A building's or person's English name from its id (``sun_lodge`` -> "Sun Lodge"); the data
    file's names are the German rulebook's."""
    return ident.replace("_", " ").title()


def _tables() -> dict[str, Any]:
    """The fixed board features and the building/person tables from the data file, so a browser
    view draws exactly the board and costs the engine plays with (HE-BOARD-3: swappable data)."""
    return {
        # "label": the board coordinate a player reads (components.hex_label), "hex": the notation
        "hexes": [{"hex": hex_name(h), "label": hex_label(h), "light": DATA.light[h]} for h in range(len(DATA.hexes))],
        "sun_start": hex_name(DATA.sun_start),
        "corners": [hex_name(h) for h in DATA.corners],
        "bonus_fields": sorted(hex_name(h) for h in DATA.bonus_fields),
        "mana_fields": sorted(hex_name(h) for h in DATA.mana_fields),
        "yellow": sorted(hex_name(h) for h in DATA.yellow),
        # English names (the catalog's helios.building.<id> / helios.person.<id>; the browser translates by id)
        "buildings": {
            b.id: {
                "name": english_name(b.id),
                "cost": _cost_text(b.cost),
                "vp": b.vp,
                "sun_range": b.sun_range,
                "mana": b.mana,
            }
            for b in DATA.buildings
        },  # fmt: skip
        "persons": {
            p.id: {
                "name": english_name(p.id),
                "buy_mana": p.buy_mana,
                "cost": _cost_text(p.cost),
                "sun_range": p.sun_range,
                "mana": p.mana,
            }
            for p in DATA.persons
        },  # fmt: skip
    }


TABLES: Final = _tables()


def _pay_text(s: Any) -> dict[str, Any] | None:
    if not s.pay:
        return None
    kind, what, spec, one, anyn = s.pay
    return {"for": kind, "what": what, "colours": {COLOURS[c]: k for c, k in enumerate(spec) if k},
            "black_or_blue": one, "any": anyn}  # fmt: skip


def information_state_string(s: Any, player: int) -> str:
    check_seat(s.game.players, player)
    return f"p{player} " + " ".join(A.NAMES[a] for a in s.history())


def information_state_key(s: Any, player: int) -> tuple[int, Any]:
    check_seat(s.game.players, player)
    # the linked-tuple history is shared between clones and hashes at C speed (no unlinking per call)
    return (player, s.hist)


def resample_from_infostate(s: Any, player: int, rng: Any) -> Any:
    check_seat(s.game.players, player)
    return s.clone()


def describe_action(s: Any, action: int) -> str:
    """One plain sentence for the move log and the terminal's move list (``log.describe``)."""
    from heliopolis.games.helios.log import describe

    return describe(s, action)

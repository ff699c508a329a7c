"""Men-Nefer views: ``player_view``, information-state strings, ``describe_action`` and the move log.

Information model: everything on the table is open. What nobody can see (the order inside the
bags, the face-down agreement stacks, the part of the action-tile supply below its face-up top) is
kept as a set of what is still inside, and a draw is a chance node naming the drawn component, so
the state holds no secret: a seat's information state is the public history, ``resample_from_infostate``
returns an equal copy, and ``player_view`` shows only counts of bags, stacks, the unseen supply and
the face-down discard pile (its order is known to anyone who remembers the game, not visible).

For the browser view (``server/web/js/views/men-nefer.js``) ``player_view`` also carries the pending
``decision`` (what the player on turn is choosing, in words), ``terminal``, ``final_scores``,
``score_breakdown``, the 2-player ``construction_tiles``, the ``city_slots`` in use and ``tables``: the
printed texts of every tile, track space and board space, read from the data file.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from heliopolis.core.helpers import check_seat
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import flow, nile, temple
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    FAVOUR_KINDS,
    NUM_HOUSES,
    NUMERALS,
    OPS,
    WARE_SPACES,
    loc_name,
)
from heliopolis.games.men_nefer.texts import effect_text, group_text, view_tables
from heliopolis.locale import msg

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

PRIEST_W = (DATA.rooms + 1) * 2
APPR_W = NUM_HOUSES * 2
ROW_LEN = len(DATA.papyrus_slot_cost)
NPOS = len(DATA.gp_build_places)
NFAV = len(FAVOUR_KINDS)


def _bits(mask: int) -> int:
    return mask.bit_count()


def _tile(t: int) -> str | None:
    return DATA.tile_ids[t] if t >= 0 else None


def _player(s: MenNeferState, p: int) -> dict[str, Any]:
    na = DATA.apprentices
    w = DATA.ta_slots
    base = p * PRIEST_W
    return {
        "seat": p,
        "board": DATA.board_ids[s.board[p]] if s.board[p] >= 0 else None,
        "pp": s.pp[p],
        "food": s.food[p],
        "heka": s.heka[p],
        "heart": s.heart[p],
        "feather": s.feather[p],
        "sun_disc": s.sun[p],
        "great_pyramid_block": s.gp[p],
        "queens_block": s.qp[p],
        "hieroglyph": s.glyph[p],
        "scarabs": {DATA.houses[h]: s.scarab[p * NUM_HOUSES + h] for h in range(NUM_HOUSES)},
        "tile_slots": [
            {"tile": _tile(s.slots[p * na + k]), "apprentice_home": bool(s.home[p] >> k & 1)} for k in range(na)
        ],
        "options_used": dict(zip(("visit", "raise", "take"), s.used[p * 3 : p * 3 + 3])),
        "sphinxes": {"supply": s.sphinx_sup[p], "available": s.sphinx_av[p]},
        "mummies": {"supply": s.mummy_sup[p], "sarcophagi": s.sarc_av[p]},
        "eyes": {"supply": s.eye_sup[p], "available": s.eye_av[p]},
        "priestesses": {
            ("entrance" if r == 0 else f"room{r}"): {
                "standing": s.priest[base + 2 * r],
                "lying": s.priest[base + 2 * r + 1],
            }
            for r in range(DATA.rooms + 1)
        },
        "boats": [loc_name(s.boats[p * DATA.boats + b]) for b in range(DATA.boats)],
        "wares": [
            {
                "space": DATA.ware_space_names[i],
                "ware": DATA.ware_ids[s.wares[p * WARE_SPACES + i]] if s.wares[p * WARE_SPACES + i] >= 0 else None,
                "state": ("basket", "filled", "offered")[s.ware_state[p * WARE_SPACES + i]],
            }
            for i in range(WARE_SPACES)
        ],
        "papyri": [DATA.papyrus_ids[x] for x in s.row[p * ROW_LEN : (p + 1) * ROW_LEN] if x >= 0],
        "rolled_papyri": s.rolled[p],
        "agreements": [
            None if t < 0 else {"id": DATA.ta_ids[t >> 1], "fulfilled": bool(t & 1)} for t in s.ta[p * w : (p + 1) * w]
        ],
        "eyes_beside_queens": s.qp_eyes[p * DATA.queens : (p + 1) * DATA.queens],
    }


def _decision(s: MenNeferState) -> dict[str, Any] | None:
    """What the pending decision is about (everything on it is public), for the browser's prompt."""
    if s.over or s.chance or not s.todo:
        return None
    t = s.todo[-1]
    k = t[0]
    d: dict[str, Any] = {"kind": k}
    if k == "house":
        d["tile"] = DATA.tile_ids[t[1]]
    elif k == "track":
        d["house"] = DATA.houses[t[1]]
    elif k == "row":
        d["slot"] = t[1] + 1
    elif k == "group":
        g, mask = t[1], t[2]
        d["ops"] = {OPS[g[i][0]]: effect_text(g[i]) for i in range(len(g)) if mask >> i & 1}
    elif k == "choice":
        d["sep"] = t[1][1]
        d["alternatives"] = [group_text(alt) for alt in t[1][2]]
    elif k in ("lime", "favour"):
        d["steps" if k == "lime" else "count"] = t[1]
    elif k == "gain":
        d["n"] = t[1]
        d["per_unit"] = bool(t[2])
    elif k == "gp_pos":
        d["level"] = t[1] + 1
    elif k == "pyramidion":
        d["picks"] = t[2]
    elif k in ("bury", "erect"):
        d["level"] = NUMERALS[t[1]]
    elif k == "bury_acts":
        d["grave"] = DATA.grave_ids[t[1]]
        d["activations"] = t[2]
    elif k == "mastaba_any":
        d["activations"] = t[1]
    elif k in ("papyrus", "ware"):
        d["free"] = bool(t[1])
    elif k == "ware_place":
        d["ware"] = DATA.ware_ids[t[1]]
    elif k == "priest":
        d.update(steps=t[1], offering=bool(t[2]) and not t[3] & temple.OFFERED, moved=bool(t[3] & temple.MOVED))
    elif k == "basket":
        d["ware_space"] = DATA.ware_space_names[t[1]]
    elif k == "boats":
        d.update(
            steps=t[1],
            activations=t[2],
            moved=bool(t[3] & nile.MOVED),
            activated=sorted(
                {loc_name(s.boats[s.actor * DATA.boats + b]) for b in range(DATA.boats) if s.activated >> b & 1}
            ),
        )
    elif k == "city_ta":
        d["city"] = loc_name(DATA.sections + t[1])
    elif k == "ta_place":
        d["agreement"] = DATA.ta_ids[t[1]]
    return d


def player_view(s: MenNeferState, player: int | None) -> dict[str, Any]:
    check_seat(s.n, player)
    n = s.n
    houses = {}
    for h in range(NUM_HOUSES):
        houses[DATA.houses[h]] = {
            side: {
                ("neutral" if o == n else f"p{o}"): s.appr[o * APPR_W + h * 2 + k]
                for o in range(n + 1)
                if s.appr[o * APPR_W + h * 2 + k]
            }
            for k, side in enumerate(("sun", "moon"))
        }
    return {
        "game": "men-nefer",
        "you": player,
        "era": s.era,
        "round": max(s.rnd, 0),
        "to_move": s.current_player(),
        "pending": s.todo[-1][0] if s.todo else None,
        "turn_order": s.order[:],
        "deity": DATA.deity_ids[s.deity] if s.deity >= 0 else None,
        "queens_tiles": [DATA.queen_tiles[q] if q >= 0 else None for q in s.qtiles],
        "queens_levels": s.qp_levels[:],
        "mastaba_tiles": {
            DATA.mastaba_slots[k]: (DATA.mastaba_ids[m] if m >= 0 else None) for k, m in enumerate(s.mastaba)
        },
        "houses": houses,
        "display": [_tile(t) for t in s.display],
        "supply_top": _tile(s.supply_top),
        "supply_size": len(s.supply_seq) + _bits(s.tile_pool) + (s.supply_top >= 0),
        "discard_size": len(s.discard),
        "ware_market": [DATA.ware_ids[w] if w >= 0 else None for w in s.ware_mkt],
        "papyrus_market": [DATA.papyrus_ids[x] if x >= 0 else None for x in s.pap_mkt],
        "ware_bag": _bits(s.bag_wares),
        "papyrus_bag": _bits(s.bag_papyri),
        "agreement_stacks": {
            str(v): sum(1 for t in range(len(DATA.ta_ids)) if s.ta_stack >> t & 1 and DATA.ta_value[t] == v)
            for v in sorted(set(DATA.ta_value))
        },
        "cities": {
            loc_name(DATA.sections + c): {
                "advantage": DATA.advantage_ids[s.city_adv[c]] if s.city_adv[c] >= 0 else None,
                "agreements": [
                    DATA.ta_ids[t] if t >= 0 else None for t in s.city_ta[c * CITY_SLOTS : (c + 1) * CITY_SLOTS]
                ],
            }
            for c in range(len(DATA.city_arrow))
        },
        "necropolis": {DATA.grave_ids[g]: o for g, o in enumerate(s.graves) if o >= 0},
        "pedestals": {DATA.pedestal_ids[i]: o for i, o in enumerate(s.pedestals) if o >= 0},
        "temple": {DATA.temple_ids[t]: o for t, o in enumerate(s.temple) if o >= 0},
        "great_pyramid": {
            "levels": [
                [FAVOUR_KINDS[f] if f >= 0 else None for f in s.gp_grid[lv * NPOS : (lv + 1) * NPOS]]
                for lv in range(len(DATA.gp_piece_favours))
            ],
            "stack_tops": [FAVOUR_KINDS[f] if f >= 0 else None for f in s.gp_top],
            "stack_sizes": [
                sum(s.gp_stack[lv * NFAV : (lv + 1) * NFAV]) + (s.gp_top[lv] >= 0)
                for lv in range(len(DATA.gp_piece_favours))
            ],
            "pyramidion": s.pyramidion,
        },
        "players": [_player(s, p) for p in range(n)],
        "harvests": [{"era": e, "before": list(b), "after": list(a)} for e, b, a in s.harvest_log],
        "winners": s.winners() if s.over else None,
        # for the browser view (js/views/men-nefer.js): the pending decision, the results, the tables
        "decision": _decision(s),
        "terminal": s.over,
        "final_scores": s.pp[:] if s.over else None,
        "score_breakdown": s.score_breakdown() if s.over else None,
        "construction_tiles": list(DATA.setup[n]["great_pyramid_construction_tiles"]["track_spaces"]),
        "city_slots": {
            loc_name(DATA.sections + c): [flow.slot_valid(n, c, k) for k in range(CITY_SLOTS)]
            for c in range(len(DATA.city_arrow))
        },
        "tables": copy.deepcopy(view_tables(s.opt)),  # a copy: callers may edit their view
    }


def information_state_string(s: MenNeferState, player: int) -> str:
    check_seat(s.n, player)
    return f"p{player} " + " ".join(A.NAMES[a] for a in s.history())


def information_state_key(s: MenNeferState, player: int) -> tuple[Any, ...]:
    check_seat(s.n, player)
    # the linked-tuple history is shared between clones and hashes at C speed (no unlinking per call)
    return (player, s.hist)


def resample_from_infostate(s: MenNeferState, player: int, rng: Any) -> Any:
    check_seat(s.n, player)
    return s.clone()  # nothing is hidden in the state (see the module docstring)


# chance outcomes: men-nefer.chance.<kind> with {id} (the component's printed id) or a term
_TERM_CHANCE = {"deity": "deity", "piece": "favour"}


def describe_action(s: MenNeferState, action: int) -> str:
    text = A.action_to_string(action)
    kind, _, arg = text.partition(":")
    if action >= A.CHANCE_OFFSET:
        key = f"men-nefer.chance.{kind.replace('-', '_')}"
        if kind == "start":
            return msg(key, seat=int(arg))
        if kind in _TERM_CHANCE:
            return msg(key, term=msg(f"men-nefer.{_TERM_CHANCE[kind]}.{arg.replace('-', '_')}"))
        return msg(key, id=arg.upper())
    who = s.actor
    if kind == "visit":
        return msg("men-nefer.move.visit", seat=who, tile=arg.upper())
    if kind in ("house", "raise"):
        return msg(f"men-nefer.move.{kind}", seat=who, house=msg(f"men-nefer.house.{arg}"))
    if kind == "take":
        return msg("men-nefer.move.take", seat=who, tile=_tile(s.display[int(arg) - 1]) or "?", slot=int(arg))
    if kind == "do":
        task = s.todo[-1] if s.todo else ("",)
        if task[0] == "group":
            effs = [e for e in task[1] if OPS[e[0]] == arg]
            if effs:
                return msg("men-nefer.move.do", seat=who, action=effect_text(effs[0]))
        return msg("men-nefer.move.do", seat=who, action=msg(f"men-nefer.op.{arg}"))
    if kind == "pass":
        return msg("men-nefer.move.pass", seat=who)
    more = _describe_step(s, kind, arg)
    return (
        msg("men-nefer.move.step", seat=who, step=more)
        if more
        else msg("men-nefer.move.other", seat=who, notation=text)
    )


def _describe_step(s: MenNeferState, kind: str, arg: str) -> str | None:
    """The decisions inside a turn, in words (the pending task on top of the stack says what for)."""
    p = s.actor
    task = s.todo[-1] if s.todo else ("",)
    m = msg
    if kind == "track" and task[0] == "track":
        house = task[1]
        return m("men-nefer.step.track", house=m(f"men-nefer.house.{DATA.houses[house]}"), space=int(arg),
                 actions=group_text(DATA.tracks[house][int(arg) - 1]))  # fmt: skip
    if kind == "row":
        return m("men-nefer.step.row", slot=int(arg), actions=group_text(DATA.display_actions[int(arg) - 1]))
    if kind == "alt" and task[0] == "choice":
        return m("men-nefer.step.alt", actions=group_text(task[1][2][int(arg) - 1]))
    if kind == "block":
        if arg == "great":
            pos = s.gp[p]
            return (
                m("men-nefer.step.block_beyond")
                if pos >= DATA.gp_len
                else m("men-nefer.step.block_great", space=pos + 1)
            )
        return m("men-nefer.step.block_queens", space=s.qp[p] + 1)
    if kind == "position":
        return m("men-nefer.step.position", position=int(arg))
    if kind == "favour":
        return m("men-nefer.step.favour", favour=m(f"men-nefer.favour.{arg}"))
    if kind == "gain":
        n = task[1] if task[0] == "gain" and not task[2] else 1
        return m(f"men-nefer.step.gain_{arg}", n=n)
    if kind == "pyramid":
        return m("men-nefer.step.pyramid", pyramid=arg.upper())
    if kind == "grave":
        g = A.NAMES.index(f"grave:{arg}") - A.GRAVE
        return m("men-nefer.step.grave", grave=DATA.grave_ids[g], actions=group_text(DATA.grave_bonus[g]))
    if kind == "mastaba":
        k = A.NAMES.index(f"mastaba:{arg}") - A.MASTABA
        mt = s.mastaba[k]
        return m("men-nefer.step.mastaba", tile=DATA.mastaba_ids[mt] if mt >= 0 else "?",
                 slot=m(f"men-nefer.mastaba_slot.{arg.replace('-', '_')}"))  # fmt: skip
    if kind == "papyrus":
        x = s.pap_mkt[int(arg) - 1]
        return m("men-nefer.step.papyrus", papyrus=DATA.papyrus_ids[x] if x >= 0 else "?", slot=int(arg))
    if kind == "ware":
        w = s.ware_mkt[int(arg) - 1]
        if w < 0:
            return m("men-nefer.step.ware_unknown", slot=int(arg))
        return m("men-nefer.step.ware", kind=m(f"men-nefer.ware_kind.{DATA.ware_kinds[DATA.ware_kind[w]]}"),
                 ware=DATA.ware_ids[w], slot=int(arg))  # fmt: skip
    if kind == "place":
        return m("men-nefer.step.place", space=arg.upper())
    if kind == "priestess":
        if arg == "entrance":
            return m("men-nefer.step.priestess_entrance")
        room = int(arg[:-1])
        return m("men-nefer.step.priestess_standing" if arg[-1] == "s" else "men-nefer.step.priestess_lying",
                 room=room, to=room + 1)  # fmt: skip
    if kind == "offer":
        return m("men-nefer.step.offer", space=arg.upper())
    if kind == "basket":
        t = A.NAMES.index(f"basket:{arg}") - A.BASKET
        return m("men-nefer.step.basket", space=DATA.temple_ids[t], actions=group_text(DATA.temple_actions[t]))
    if kind in ("sail", "sail-activated"):
        a, _, b = arg.partition(":")
        return m("men-nefer.step.sail_activated" if kind == "sail-activated" else "men-nefer.step.sail",
                 start=a.upper(), to=b.upper())  # fmt: skip
    if kind == "activate":
        return m("men-nefer.step.activate", location=arg.upper())
    if kind == "agreement":
        i = A.NAMES.index(f"agreement:{arg}") - A.AGREEMENT
        t = s.city_ta[i]
        return m("men-nefer.step.agreement", agreement=DATA.ta_ids[t] if t >= 0 else "?",
                 city=arg.partition(":")[0].upper())  # fmt: skip
    if kind == "discard":
        if arg == "new":
            return m("men-nefer.step.discard_new")
        t = s.ta[p * DATA.ta_slots + int(arg) - 1]
        return m("men-nefer.step.discard", agreement=DATA.ta_ids[t >> 1] if t >= 0 else "?")
    if kind == "pedestal":
        i = A.NAMES.index(f"pedestal:{arg}") - A.PEDESTAL
        avenue, numeral = DATA.pedestal_ids[i].split("-")[1:]  # "SP-temple-II": English stays the printed id
        return m("men-nefer.step.pedestal", actions=group_text(DATA.pedestal_bonus[i]),
                 pedestal=m("men-nefer.pedestal", avenue=m(f"men-nefer.avenue.{avenue}"), numeral=numeral))  # fmt: skip
    if kind == "scarab":
        return m("men-nefer.step.scarab", house=m(f"men-nefer.house.{arg}"))
    return None


__all__ = [
    "OPS",
    "describe_action",
    "information_state_key",
    "information_state_string",
    "player_view",
    "resample_from_infostate",
]

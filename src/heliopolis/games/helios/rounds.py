"""Helios rounds: the deal, the turns of phase I, the persons of phase II, the refill of phase III and
the final scoring, run by the task loop in ``rules`` (HE-ACT-1, HE-PERS-2, HE-REF-1..7, HE-END-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from heliopolis.games.helios import actions as A
from heliopolis.games.helios import legality as L
from heliopolis.games.helios import scoring as SC
from heliopolis.games.helios.components import DATA, WILD
from heliopolis.games.helios.events import note
from heliopolis.games.helios.legality import person_options
from heliopolis.games.helios.phases import PH_DEAL, PH_END, PH_PERSON, PH_TAKE

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

TURNS: Final = tuple(n * DATA.turns_per_round[n] if n in DATA.turns_per_round else 0 for n in range(5))  # per round


def _deal(s: HeliosState) -> None:
    """HE-SETUP-1 / HE-REF-4 / HE-AMB-13: deal the next tile, reshuffling discards when short."""
    for col in range(3):
        if s.deal_need[col]:
            d = s.draw[col]
            if not (d[0] or d[1] or d[2] or d[3]):  # (4 tile colours, WILD the last)
                note(s, ("reshuffle", col))
                d = s.draw[col] = s.discard[col]
                s.discard[col] = [0, 0, 0, 0]
            if not (d[0] or d[1] or d[2] or d[3]):
                s.deal_need[col] = 0  # dealt short
                continue
            s.phase = PH_DEAL
            return


def _form_stacks(s: HeliosState) -> None:
    """HE-SETUP-7/8: 4 per colour into colour stacks, the rest into the extra stack."""
    left = list(DATA.land_counts)
    for p in range(len(s.vp)):
        left[s.tiles[p][DATA.centre]] -= 1
    for c in range(5):
        s.land_stack[c] = DATA.per_colour_stack - 1
        s.face_up[c] = c
        s.extra[c] = left[c] - DATA.per_colour_stack


def _turn(s: HeliosState) -> None:
    n = len(s.vp)
    c = s.columns
    if s.turn >= TURNS[n] or not (c[0] or c[1] or c[2]):  # HE-ACT-1, HE-AMB-13
        if n == 4:
            _discard_columns(s)  # HE-ACT-11
        note(s, ("phase1_over", n == 4))
        s.todo.append(("phase2",))
        return
    s.actor = (s.dragon + s.turn) % n
    s.phase = PH_TAKE
    s.legal_cache = L.TAKE_ACTIONS[(1 if c[0] else 0) | (2 if c[1] else 0) | (4 if c[2] else 0)]  # (shared)


def _discard_columns(s: HeliosState) -> None:
    for sym in range(3):
        for c in s.columns[sym]:
            s.discard[sym][c] += 1
        s.columns[sym] = []


def _end_turn(s: HeliosState) -> None:
    p = s.actor
    if s.full_slot >= 0:  # HE-ACT-7: the 4 tiles go to the discard piles, by symbol
        sl = s.full_slot
        note(s, ("slot_full", p, sl))
        for sym in range(3):
            s.discard[sym][sl] += s.slots[p][sl * 3 + sym]
            s.discard[sym][WILD] += s.slots[p][9 + sl * 3 + sym]
            s.slots[p][sl * 3 + sym] = s.slots[p][9 + sl * 3 + sym] = 0
        s.full_slot = -1
    s.lapped = False
    s.turn += 1
    _turn(s)  # (as a ("turn",) task on top of the stack would)


def _phase2(s: HeliosState) -> None:
    """HE-PERS-2 / HE-AMB-36/38: most mana starts; ties to the seat nearest seat 1 clockwise."""
    n = len(s.vp)
    seats = [(s.dragon + i) % n for i in range(n)]
    best = max(s.mana)
    s.person_order = [next(p for p in seats if s.mana[p] == best)]
    note(s, ("phase2", s.person_order[0]))
    s.passes = 0
    s.acted = 0
    s.todo.append(("person_turn",))


def _person_turn(s: HeliosState) -> None:
    n = len(s.vp)
    while s.passes < n:
        p = s.person_order[0]
        options = person_options(s, p)
        if options:
            s.actor = p
            s.phase = PH_PERSON
            options.append(A.PASS)
            s.legal_cache = options  # (legality.legal of the new phase, worked out once)
            return
        s.passes += 1  # nothing possible: an automatic pass
        note(s, ("auto_pass", p))
        s.person_order = [(p + 1) % n]  # (a new list: clones share it)
    s.todo.append(("final",) if s.round >= DATA.rounds[n] else ("phase3",))  # HE-END-1, HE-AMB-29


def _phase3(s: HeliosState) -> None:
    """HE-REF-1..7."""
    note(s, ("phase3",))
    for c in range(5):
        s.face_up[c] = -1
        if s.land_stack[c]:
            s.land_stack[c] -= 1
            s.face_up[c] = c
    s.face_up[5] = -1
    s.todo += [("round_start",), ("refill_gains",), ("dragon",), ("deal_round",), ("extra_reveal",)]


def _final(s: HeliosState) -> None:
    s.final = [s.vp[p] + sum(final_categories(s, p).values()) for p in range(len(s.vp))]
    note(s, ("final",))
    s.phase = PH_END


def final_categories(s: HeliosState, p: int) -> dict[str, int]:
    return SC.final_breakdown(s.tiles[p], s.res[p], s.temples[p], s.buildings[p], s.active[p], s.mana[p], s.rng[p])


def breakdown(s: HeliosState) -> dict[str, list[int]]:
    n = len(s.vp)
    out: dict[str, list[int]] = {"bag": s.vp[:]}
    if s.final:
        cats = [final_categories(s, p) for p in range(n)]
        for k in cats[0]:
            out[k] = [c[k] for c in cats]
    return out

"""Scenario helpers for Men-Nefer tests.

``ready(players, seed)`` plays the setup with seeded chance outcomes and returns the state at the
first decision of era I. Tests then rewrite fields directly (``s.food[0] = 3``) and start exactly
the step they check: ``act(s, p, fx("limestone", n=2))`` performs one printed action for seat p,
``turn(s, p)`` opens a turn option decision; both stop when that action or turn is done (the task
stack is then empty). ``play(s, "block:great position:2 gain:food")`` applies canonical notation.
"""

from __future__ import annotations

import random
from typing import Any

from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import DATA, _effect, _group
from heliopolis.games.men_nefer.flow import sun_houses
from heliopolis.games.men_nefer.game import MenNeferGame
from heliopolis.games.men_nefer.perform import start, start_group
from heliopolis.games.men_nefer.state import MenNeferState

EDITED: set[int] = set()  # ids of states rewritten by hand (conservation laws may not hold)


def new(players: int = 4, start: int | None = 0, **options: Any) -> MenNeferState:
    return MenNeferGame(players, start_player=start, **options).new_initial_state()


def play(s: MenNeferState, moves: str) -> MenNeferState:
    for m in moves.split():
        s.apply_action(A.string_to_action(m))
        if id(s) not in EDITED:
            s.check_invariants()
    return s


def strings(s: MenNeferState) -> list[str]:
    return [A.NAMES[a] for a in s.legal_actions()]


def ready(players: int = 4, seed: int = 0, start: int | None = 0, **options: Any) -> MenNeferState:
    s = new(players, start, **options)
    rng = random.Random(seed)
    while s.is_chance_node():
        s.apply_action(s.sample_chance_outcome(rng))
    return s


def fx(op: str, **params: Any) -> tuple:
    """One compiled effect, e.g. ``fx("bury", level="II")`` or ``fx("boats", n=2, activations=1)``."""
    return _effect({"op": op, **params}, "test")


def group(*effects: dict[str, Any]) -> tuple:
    return _group(list(effects), "test")


def edit(s: MenNeferState) -> MenNeferState:
    EDITED.add(id(s))
    return s


def edited(s: MenNeferState) -> None:
    """What the state keeps beside the fields a test rewrites by hand, brought up to date."""
    s.sun_houses = sun_houses(s)


def act(s: MenNeferState, p: int, *effects: tuple) -> MenNeferState:
    """Seat p performs the given effects (one effect, or several as one group) and nothing else."""
    edit(s)
    edited(s)
    s.actor = p
    s.todo = []
    if len(effects) == 1:
        start(s, p, effects[0])
    else:
        start_group(s, tuple(effects))
    T.run(s)
    return s


def task(s: MenNeferState, p: int, *tasks: tuple) -> MenNeferState:
    """Seat p resolves raw tasks (pushed in order: the last one runs first)."""
    edit(s)
    edited(s)
    s.actor = p
    s.todo = list(tasks)
    T.run(s)
    return s


def turn(s: MenNeferState, p: int) -> MenNeferState:
    """Opens seat p's turn-option decision; the state stops after that turn's actions."""
    return task(s, p, ("option",))


def done(s: MenNeferState) -> bool:
    return not s.todo and not s.legal


def tile(tid: str) -> int:
    return DATA.tile_ids.index(tid)


def house(name: str) -> int:
    return DATA.houses.index(name)


def loc(name: str) -> int:
    return DATA.locations.index(name)


def boats(s: MenNeferState, p: int, *where: str) -> None:
    edit(s)
    places = [loc(w) for w in where] + [0] * (DATA.boats - len(where))
    s.boats[p * DATA.boats : (p + 1) * DATA.boats] = places


def ware_id(wid: str) -> int:
    return DATA.ware_ids.index(wid)


def grave(gid: str) -> int:
    return DATA.grave_ids.index(gid)


def mastaba_tile(mid: str) -> int:
    return DATA.mastaba_ids.index(mid)


def slot(name: str) -> int:
    return DATA.mastaba_slots.index(name)


def temple_space(tid: str) -> int:
    return DATA.temple_ids.index(tid)


def pedestal(pid: str) -> int:
    return DATA.pedestal_ids.index(pid)


def agreement(tid: str) -> int:
    return DATA.ta_ids.index(tid)


def papyrus(pid: str) -> int:
    return DATA.papyrus_ids.index(pid)


def lowest_until(s: MenNeferState, stop: Any, rng: random.Random | None = None) -> MenNeferState:
    """Plays random (or lowest-id) actions until ``stop(s)``, checking invariants."""
    while not s.is_terminal() and not stop(s):
        if s.is_chance_node():
            a = s.sample_chance_outcome(rng) if rng else s.legal_actions()[0]
        else:
            legal = s.legal_actions()
            a = rng.choice(legal) if rng else legal[0]
        s.apply_action(a)
        if id(s) not in EDITED:
            s.check_invariants()
    return s

"""Scenario helpers for Helios tests.

``ready(players, ...)`` plays the whole setup with chosen chance outcomes (all action tiles of a
column get one colour unless ``columns`` says otherwise) and returns the state at the first turn.
``board(state, p, land={...}, ...)`` then rewrites a player's board directly for geometry and
scoring scenarios; ``play(state, "take:land land:blue place:1,0")`` applies canonical notation.
"""

from __future__ import annotations

from heliopolis.games.helios import actions as A
from heliopolis.games.helios.components import COLOURS, SPECIALS, hex_of
from heliopolis.games.helios.game import HeliosGame
from heliopolis.games.helios.state import HeliosState


def new(players: int = 4, start: int | None = 0) -> HeliosState:
    return HeliosGame(players, start_player=start).new_initial_state()


EDITED: set[int] = set()  # ids of states whose boards were rewritten (component counts no longer add up)


def play(state: HeliosState, moves: str) -> HeliosState:
    for m in moves.split():
        state.apply_action(A.string_to_action(m))
        if id(state) not in EDITED:
            state.check_invariants()
    return state


def strings(state: HeliosState) -> list[str]:
    return [A.NAMES[a] for a in state.legal_actions()]


def ready(players: int = 4, columns: tuple[str, str, str] = ("yybbrr", "yybbrr", "yybbrr"),
          homes: str | None = None, extra: str = "blue", gains: str = "black black") -> HeliosState:  # fmt: skip
    """Setup with dragon at seat 0; ``columns`` letters r/b/y/g = red/blue/yellow/grey, dealt in order."""
    s = new(players)
    names = {"r": "red", "b": "blue", "y": "yellow", "g": "grey"}
    for col in columns:
        for ch in col:
            play(s, f"deal:{names[ch]}")
    for c in (homes or " ".join(["brown", "grey", "green", "brown"][:players])).split():
        play(s, f"home:{c}")
    play(s, f"extra:{extra}")
    for g in gains.split()[: {2: 0, 3: 1, 4: 2}[players]]:
        play(s, f"gain:{g}")
    return s


def h(q: int, r: int) -> int:
    return hex_of(q, r)


def board(s: HeliosState, p: int, land: dict[tuple[int, int], str] | None = None, sun: tuple[int, int] | None = None,
          res: dict[tuple[int, int], str] | None = None, temples: tuple = (), special: dict | None = None,
          keep: bool = False) -> HeliosState:  # fmt: skip
    """Rewrites seat p's board: land colours, special tiles, resources ("blue grey"), temples, sun."""
    EDITED.add(id(s))
    if not keep:
        s.tiles[p] = [-1] * 61
        s.res[p] = [0] * 305
        s.temples[p] = [0] * 61
    for (q, r), c in (land or {}).items():
        s.tiles[p][h(q, r)] = COLOURS.index(c)
    for (q, r), k in (special or {}).items():
        s.tiles[p][h(q, r)] = 5 + SPECIALS.index(k)
    for (q, r), cs in (res or {}).items():
        for c in cs.split():
            s.res[p][h(q, r) * 5 + COLOURS.index(c)] += 1
    for q, r in temples:
        s.temples[p][h(q, r)] = 1
    if sun is not None:
        s.sun[p] = h(*sun)
        from heliopolis.games.helios.sun import edge_to

        s.anchor[p] = edge_to(s.tiles[p], s.sun[p])
    return s


def sun_targets(s: HeliosState) -> list[str]:
    return [m.split(":")[1] for m in strings(s) if m.startswith("step:")]


def begin(s: HeliosState, symbol: str, p: int = 0) -> HeliosState:
    """Puts seat p in front of its regular action of ``symbol`` (as after taking a tile)."""
    from heliopolis.games.helios import rules as R
    from heliopolis.games.helios.components import SYMBOLS

    s.actor = p
    s.phase = R.PH_IDLE
    s.todo += [("end_turn",), ("bonuses",), ("action", SYMBOLS.index(symbol))]
    R.run(s)
    return s


def moves(s: HeliosState) -> dict[tuple, int]:
    """Every distinct sun move from a state in the sun phase: ``(hex, position, vp gained, X, X_max)``
    -> fewest steps. Positions are coast indices (HE-SUN-6), so two positions of a hex differ."""
    from heliopolis.games.helios import rules as R
    from heliopolis.games.helios.components import hex_name
    from heliopolis.games.helios.sun import coast

    p = s.actor
    vp0 = s.vp[p]
    out: dict[tuple, int] = {}

    def walk(st: HeliosState, depth: int) -> None:
        for a in st.legal_actions():
            if a in (A.FORGO,):
                continue
            c = st.clone()
            c.todo = [("end_turn",)]  # stop right after the move
            c.apply_action(a) if a != A.STOP else None
            if a == A.STOP:
                sun = st.sun[p]
                c2 = st.clone()
                cst = coast(c2.tiles[p])
                pos = cst.pos_of_edge.get(c2.anchor[p], -1)
                key = (hex_name(sun), pos, st.vp[p] - vp0, st.x[p], st.xmax[p])
                out[key] = min(out.get(key, 99), depth)
                continue
            if c.phase == R.PH_SUN and c.actor == p and c.sun_ctx is not None:
                walk(c, depth + 1)
            else:  # the move ended by itself (range used up)
                cst = coast(st.tiles[p])
                key = (hex_name(c.sun[p]), cst.pos_of_edge.get(c.anchor[p], -1), c.vp[p] - vp0, c.x[p], c.xmax[p])
                out[key] = min(out.get(key, 99), depth + 1)

    walk(s, 0)
    return out


def dest_hexes(s: HeliosState) -> dict[str, int]:
    out: dict[str, int] = {}
    for key, d in moves(s).items():
        out[key[0]] = min(out.get(key[0], 99), d)
    return out


def lowest_until(s: HeliosState, stop, rng=None) -> HeliosState:
    """Plays the lowest legal id (forgo wherever possible; chance: the first outcome) until stop(s)."""
    while not s.is_terminal() and not stop(s):
        legal = s.legal_actions()
        s.apply_action(legal[0] if rng is None or s.is_chance_node() else rng.choice(legal))
        if id(s) not in EDITED:
            s.check_invariants()
    return s


def person_phase(s: HeliosState, first: int = 0) -> HeliosState:
    """Jumps straight into a person phase with seat ``first`` to move (scenario set-up)."""
    from heliopolis.games.helios import rules as R

    s.todo = [("phase3",)] if s.round < 4 else [("final",)]
    s.person_order, s.passes, s.acted = [first], 0, 0
    s.todo.append(("person_turn",))
    s.phase = R.PH_IDLE
    R.run(s)
    return s

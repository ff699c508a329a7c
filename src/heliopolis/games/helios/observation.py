"""Helios's observation encoder for the research adapters (see ``heliopolis/core/observation.py``).

Information model (see ``views.py``): nothing is hidden in the state, so every seat observes the
same table; ``private`` adds only the observing seat's one-hot ``player`` piece, and the table is a
sufficient statistic of the history (the perfect-recall string is ``information_state_string``).

Tensor layout, in this order, for ``n`` players; every value is in ``[0, 1]`` (counts are divided
by a cap and clipped to it: mana 60, VP 400, range 20, laps 10):

===================  =============  ===============================================================
piece                shape          meaning
===================  =============  ===============================================================
``player``           n              one-hot observing seat (only with private information)
``current_player``   n              one-hot seat to act (zero at chance nodes and at the end)
``phase``            18             one-hot decision phase (17 phases + between decisions)
``round``            4              one-hot round
``dragon``           n              one-hot start player
``columns``          3 x 6 x 4      per column (land, build, sun), position from the bottom: one-hot tile colour
``draw_stacks``      3 x 4          per symbol and tile colour: tiles in the draw stack / 16
``land``             6 x 5          face-up land tile of each colour stack / the extra stack: one-hot colour
``land_stacks``      10             colour stacks / 4, extra stack by colour / 8
``specials``         4              special tiles left / 2
``persons``          8              person still on display
``hand``             9              tile in hand: land colour (5) or special kind (4)
``payment``          11             payment due: kind (temple, building, person), colours / 2, black-or-blue, any / 12
``sun_move``         3              a sun move in progress, its range left / 20, moved yet
``tiles``            n x 61 x 10    per seat and hex: land colour (5), special kind (4), temple
``resources``        n x 61 x 5     resources per hex and colour / 2
``sun``              n x 61         one-hot sun hex
``player_stats``     n x 36         slots / 4 (3), buildings (12), persons owned (8) / active (8),
                                    mana, VP, range, laps X, X_max (scaled)
===================  =============  ===============================================================
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from itertools import chain
from typing import Any

from heliopolis.core.helpers import check_seat
from heliopolis.core.observation import PRIVATE_NONE, ObservationType, Observer, PartKey, Piece, one_hot, one_hots
from heliopolis.games.helios.components import NUM_HEXES
from heliopolis.games.helios.legality import slot_count
from heliopolis.games.helios.state import HeliosState

NUM_PHASES = 18
_PAY_KINDS = ("temple", "build", "person")
_NO_TILE = [0.0] * 10
# a hex's 10 values by (tile, temple) for a tile with a temple flag of 0 or 1 (what the rules write)
_HEX = {(t, m): one_hot(t, 9) + [float(m)] for t in range(9) for m in (0, 1)}


def _cap(v: float, cap: float) -> float:
    return max(0.0, min(v, cap)) / cap


_RES_CAP = {k: _cap(k, 2) for k in range(-16, 64)}  # a resource count's value, by count
# the supply's values by count (what ``_supply`` computes), and a colour's one-hot by colour
_DRAW_CAP = {k: min(k, 16) / 16 for k in range(-16, 64)}
_LAND_CAP = {k: _cap(k, 4) for k in range(-16, 64)}
_EXTRA_CAP = {k: _cap(k, 8) for k in range(-16, 64)}
_COLOUR = {c: [1.0 if c == k else 0.0 for k in range(5)] for c in range(-1, 5)}
# the same as float32 cells, for boards rewritten cell by cell (Observer.board_cells)
_HEX_CELL = {tm: array.array("f", v) for tm, v in _HEX.items()}
_NO_TILE_CELL = array.array("f", _NO_TILE)
_RES_CELL = {k: array.array("f", [v]) for k, v in _RES_CAP.items()}


def _supply(draw: Sequence[Sequence[int]], face_up: Sequence[int], land_stack: Sequence[int], extra: Sequence[int],
            special: Sequence[int], persons_free: int) -> list[float]:  # fmt: skip
    """The supply's values, from the draw piles to the free persons (the tables above hold the same)."""
    out = [min(k, 16) / 16 for pile in draw for k in pile]
    for c in face_up:
        out += [1.0 if c == k else 0.0 for k in range(5)]
    out += [_cap(k, 4) for k in land_stack] + [_cap(k, 8) for k in extra]
    out += [k / 2 for k in special]
    return out + [float(persons_free >> i & 1) for i in range(8)]


_BITS: dict[tuple[int, int], list[float]] = {}  # (mask, k) -> its k bits as floats (memoised, read-only)


def _bits(mask: int, k: int) -> list[float]:
    bits = _BITS.get((mask, k))
    if bits is None:
        bits = [float(mask >> i & 1) for i in range(k)]
        if len(_BITS) < 65536:
            _BITS[(mask, k)] = bits
    return bits  # never mutated: callers concatenate it


class HeliosObserver(Observer[HeliosState]):
    def __init__(self, game: Any, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        n = self._n = game.players
        pieces = []
        if obs_type.private != PRIVATE_NONE:
            pieces.append(Piece("player", (n,)))
        if obs_type.public:
            pieces += [
                Piece("current_player", (n,)), Piece("phase", (NUM_PHASES,)), Piece("round", (4,)),
                Piece("dragon", (n,)), Piece("columns", (3, 6, 4)), Piece("draw_stacks", (3, 4)),
                Piece("land", (6, 5)), Piece("land_stacks", (10,)), Piece("specials", (4,)),
                Piece("persons", (8,)), Piece("hand", (9,)), Piece("payment", (11,)), Piece("sun_move", (3,)),
                Piece("tiles", (n, NUM_HEXES, 10)), Piece("resources", (n, NUM_HEXES, 5)),
                Piece("sun", (n, NUM_HEXES)), Piece("player_stats", (n, 36)),
            ]  # fmt: skip
        self.pieces = tuple(pieces)

    def tensor(self, state: Any, player: int) -> list[float]:
        check_seat(self._n, player)
        n = self._n
        out: list[float] = []
        if self.obs_type.private != PRIVATE_NONE:
            out += [1.0 if p == player else 0.0 for p in range(n)]
        if not self.obs_type.public:
            return out
        cp = state.current_player()
        out += [1.0 if p == cp else 0.0 for p in range(n)]
        ph = [0.0] * NUM_PHASES
        ph[state.phase if state.phase < 17 else 17] = 1.0
        out += ph
        out += [1.0 if r == state.round else 0.0 for r in range(1, 5)]
        out += [1.0 if p == state.dragon else 0.0 for p in range(n)]
        for col in state.columns:
            for i in range(6):
                v = [0.0] * 4
                if i < len(col):
                    v[col[-1 - i]] = 1.0
                out += v
        out += _supply(state.draw, state.face_up, state.land_stack, state.extra, state.special, state.persons_free)
        hand = [0.0] * 9
        if state.hand:
            hand[state.hand[1] + (0 if state.hand[0] == "land" else 5)] = 1.0
        out += hand
        pay = [0.0] * 11
        if state.pay:
            kind, _, spec, one, anyn = state.pay
            pay[("temple", "build", "person").index(kind)] = 1.0
            pay[3:8] = [_cap(k, 2) for k in spec]
            pay[8] = float(one)
            pay[9] = _cap(anyn, 12)
        out += pay
        if state.sun_ctx:
            out += [1.0, _cap(state.sun_ctx[1], 20), float(state.sun_ctx[2])]
        else:
            out += [0.0, 0.0, 0.0]
        for p in range(n):
            for h in range(NUM_HEXES):
                v = [0.0] * 10
                t = state.tiles[p][h]
                if t >= 0:
                    v[t] = 1.0
                    v[9] = float(state.temples[p][h])
                out += v
        for p in range(n):
            out += [_cap(k, 2) for k in state.res[p]]
        for p in range(n):
            out += [1.0 if h == state.sun[p] else 0.0 for h in range(NUM_HEXES)]
        for p in range(n):
            out += [_cap(slot_count(state, p, sl), 4) for sl in range(3)]
            out += [float(state.buildings[p] >> i & 1) for i in range(12)]
            out += [float(state.owned[p] >> i & 1) for i in range(8)]
            out += [float(state.active[p] >> i & 1) for i in range(8)]
            out += [_cap(state.mana[p], 60), _cap(state.vp[p], 400), _cap(state.rng[p], 20),
                    _cap(state.x[p], 10), _cap(state.xmax[p], 10)]  # fmt: skip
        return out

    # -- the same tensor as memoisable parts (core.observation: the adapters' fast path) ---------
    # Parts, in tensor order, each a pure function of its key (nothing is hidden in Helios):
    #   0 head: player, current_player, phase, round, dragon   key (player or -1, cp, phase, round, dragon)
    #   1-3 columns: one part per column                       key: the column as a tuple
    #   4 draw_stacks .. persons (the supply)                  key: the stacks, face-up tiles, specials, persons
    #   5 hand, payment, sun_move                              key (hand, pay, sun_ctx): immutable tuples or None
    #   then n parts tiles of seat p                           key: list tiles[p] + temples[p] (a board: not cached)
    #   then n parts resources of seat p                       key: the seat's own list res[p] (a board)
    #   then sun                                               key: the seats' sun hexes
    #   then per seat p two parts of player_stats: slots       key: the seat's slots
    #                      and buildings .. xmax               key (buildings, owned, active, mana, vp, rng, x, xmax)
    # A step changes a few of them (the phase; a column; a seat's slots one step in three, a board
    # one step in five), so the adapters rewrite those and copy the rest from the previous observation.
    # With ``public=False`` only part 0 (player) remains.
    def part_keys(self, state: HeliosState, player: int) -> tuple[PartKey, ...]:
        if type(player) is not int or not 0 <= player < self._n:
            check_seat(self._n, player)  # raises the usual error
        private = self.obs_type.private != PRIVATE_NONE
        if not self.obs_type.public:
            return ((player, -1, -1, -1, -1),) if private else ()
        s = state
        n = self._n
        c = s.columns
        d = s.draw
        tiles = s.tiles
        temples = s.temples
        return (
            (player if private else -1, s.current_player(), s.phase, s.round, s.dragon),
            tuple(c[0]), tuple(c[1]), tuple(c[2]),
            (tuple(d[0]), tuple(d[1]), tuple(d[2]), tuple(s.face_up), tuple(s.land_stack), tuple(s.extra),
             tuple(s.special), s.persons_free),
            (s.hand, s.pay, s.sun_ctx),
            *[tiles[p] + temples[p] for p in range(n)],
            *s.res,
            tuple(s.sun),
            *chain.from_iterable(zip(
                map(tuple, s.slots), zip(s.buildings, s.owned, s.active, s.mana, s.vp, s.rng, s.x, s.xmax)
            )),
        )  # fmt: skip

    def encode_part(self, index: int, key: Any) -> list[float]:  # noqa: C901 - one branch per part
        n = self._n
        if index == 0:
            player, cp, phase, rnd, dragon = key
            out: list[float] = one_hot(player, n) if self.obs_type.private != PRIVATE_NONE else []
            if not self.obs_type.public:
                return out
            return out + one_hots((cp, n), (phase if phase < 17 else 17, NUM_PHASES), (rnd - 1, 4), (dragon, n))
        if index <= 3:  # a column, from the bottom
            out = []
            for i in range(6):
                out += one_hot(key[-1 - i], 4) if i < len(key) else [0.0] * 4
            return out
        if index == 4:
            d0, d1, d2, face_up, land_stack, extra, special, persons_free = key
            try:  # by table (the counts are small)
                out = list(map(_DRAW_CAP.__getitem__, d0 + d1 + d2))
                for c in face_up:
                    out += _COLOUR[c]
                out += map(_LAND_CAP.__getitem__, land_stack)
                out += map(_EXTRA_CAP.__getitem__, extra)
            except KeyError:  # a count beyond the tables
                return _supply((d0, d1, d2), face_up, land_stack, extra, special, persons_free)
            out += [k / 2 for k in special]
            return out + _bits(persons_free, 8)
        if index == 5:
            hand, pay, sun_ctx = key
            out = [0.0] * 9
            if hand:
                out[hand[1] + (0 if hand[0] == "land" else 5)] = 1.0
            v = [0.0] * 11
            if pay:
                kind, _, spec, one, anyn = pay
                v[_PAY_KINDS.index(kind)] = 1.0
                v[3:8] = [_cap(k, 2) for k in spec]
                v[8] = float(one)
                v[9] = _cap(anyn, 12)
            out += v
            return out + ([1.0, _cap(sun_ctx[1], 20), float(sun_ctx[2])] if sun_ctx else [0.0, 0.0, 0.0])
        i = index - 6  # then: n tiles, n resources, sun, 2n player_stats
        if 0 <= i < n:  # tiles and temples of one seat
            out = []
            hexes = NUM_HEXES
            for h in range(hexes):
                t = key[h]
                if t < 0:
                    out += _NO_TILE
                else:
                    cell = _HEX.get((t, key[hexes + h]))
                    out += cell if cell is not None else one_hot(t, 9) + [float(key[hexes + h])]
            return out
        if n <= i < 2 * n:  # resources of one seat: _cap(k, 2) per hex and colour
            try:
                return list(map(_RES_CAP.__getitem__, key))
            except KeyError:
                return [_cap(k, 2) for k in key]
        if i == 2 * n:
            out = []
            for h in key:
                out += one_hot(h, NUM_HEXES)
            return out
        if 2 * n < i <= 4 * n and i % 2 == 1:  # slots: legality.slot_count per slot (slot * 3 + symbol;
            t = key  # grey tiles at 9 + slot * 3 + symbol)
            return [_cap(t[j] + t[j + 1] + t[j + 2] + t[9 + j] + t[10 + j] + t[11 + j], 4) for j in (0, 3, 6)]
        if 2 * n < i <= 4 * n:
            buildings, owned, active, mana, vp, rng, x, xmax = key
            return (_bits(buildings, 12) + _bits(owned, 8) + _bits(active, 8)
                    + [_cap(mana, 60), _cap(vp, 400), _cap(rng, 20), _cap(x, 10), _cap(xmax, 10)])  # fmt: skip
        raise IndexError(f"Helios observations have no part {index}")

    # The boards by cell: a seat's tiles (61 hexes of 10 values: key entries h and 61 + h) and its
    # resources (one value per key entry). A step changes a hex or two of one board.
    def board_cells(self, index: int) -> int:
        i = index - 6
        if 0 <= i < self._n:
            return NUM_HEXES
        if self._n <= i < 2 * self._n:
            return NUM_HEXES * 5
        return 0

    def encode_cell(self, index: int, key: list[int], cell: int) -> array.array[float]:
        if index - 6 < self._n:  # a hex of a tiles board
            t = key[cell]
            if t < 0:
                return _NO_TILE_CELL
            m = key[NUM_HEXES + cell]
            v = _HEX_CELL.get((t, m))
            return v if v is not None else array.array("f", one_hot(t, 9) + [float(m)])
        r = _RES_CELL.get(key[cell])
        return r if r is not None else array.array("f", [_cap(key[cell], 2)])

    def string(self, state: Any, player: int) -> str:
        check_seat(self._n, player)
        return self.open_game_string(state, player)  # nothing is private in Helios


def make_observer(game: Any, obs_type: ObservationType) -> HeliosObserver:
    return HeliosObserver(game, obs_type)

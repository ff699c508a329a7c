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

from typing import Any

from heliopolis.core.helpers import check_seat
from heliopolis.core.observation import PRIVATE_NONE, ObservationType, Observer, Piece
from heliopolis.games.helios.components import NUM_HEXES
from heliopolis.games.helios.legality import slot_count
from heliopolis.games.helios.state import HeliosState

NUM_PHASES = 18


def _cap(v: float, cap: float) -> float:
    return max(0.0, min(v, cap)) / cap


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
        for sym in range(3):
            out += [min(k, 16) / 16 for k in state.draw[sym]]
        for c in state.face_up:
            out += [1.0 if c == k else 0.0 for k in range(5)]
        out += [_cap(k, 4) for k in state.land_stack] + [_cap(k, 8) for k in state.extra]
        out += [k / 2 for k in state.special]
        out += [float(state.persons_free >> i & 1) for i in range(8)]
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

    def string(self, state: Any, player: int) -> str:
        check_seat(self._n, player)
        return self.open_game_string(state, player)  # nothing is private in Helios


def make_observer(game: Any, obs_type: ObservationType) -> HeliosObserver:
    return HeliosObserver(game, obs_type)

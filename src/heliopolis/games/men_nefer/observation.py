"""Men-Nefer's observation encoder for the research adapters (see ``heliopolis/core/observation.py``).

Information model (see ``views.py``): nothing is hidden in the state, so every seat observes the same
table; ``private`` adds only the observing seat's one-hot ``player`` piece, and the table is a
sufficient statistic of the history (the perfect-recall string is ``information_state_string``).

Tensor layout, in this order, for ``n`` players; every value is in ``[0, 1]`` (counts are divided by
a cap and clipped):

====================  ===============  ============================================================
piece                 shape            meaning
====================  ===============  ============================================================
``player``            n                one-hot observing seat (only with private information)
``current_player``    n                one-hot seat to act (zero at chance nodes and at the end)
``era``               eras             one-hot era
``round``             9                one-hot Sowing round
``turn_order``        n x n            one-hot turn position per seat
``pending``           kinds            one-hot kind of the decision in progress
``display``           5 x 20           one-hot action tile per display slot
``supply_top``        20               one-hot face-up supply tile
``markets``           4 x 35 + 4 x 40  one-hot wares and papyri in the markets
``cities``            12 x 51 + 6 x 6  agreements in city slots, advantage per city
``board``             12 + 12 + 32     owner-coded necropolis, pedestals, temple (value (seat+1)/n)
``pyramids``          12 x 4 + 3 x 4   Great Pyramid pieces by favour; queens' levels and tiles / 4
``houses``            (n+1) x 10       apprentices per owner and space / 4
``player_stats``      n x 60           resources, tracks, pieces, wares, papyri, agreements (scaled)
====================  ===============  ============================================================
"""

from __future__ import annotations

import array
from itertools import chain
from typing import TYPE_CHECKING, Any

from heliopolis.core.helpers import check_seat
from heliopolis.core.observation import PRIVATE_NONE, ObservationType, Observer, PartKey, Piece, one_hot
from heliopolis.games.men_nefer import tasks as T
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    NUM_CITIES,
    NUM_HOUSES,
    NUM_LOCS,
    WARE_SPACES,
)

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

PENDING = tuple(sorted(T.DECIDE))
_PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING)}
NT, NW, NP, NTA = len(DATA.tile_ids), len(DATA.ware_ids), len(DATA.papyrus_ids), len(DATA.ta_ids)
ROUNDS = 3 * DATA.options_per_era
STATS = 60
ROW_LEN = len(DATA.papyrus_slot_cost)


def _cap(v: float, cap: float) -> float:
    return max(0.0, min(v, cap)) / cap


_onehot = one_hot
# widths of the per-seat slices of the flat per-player lists the stats read
_PRIEST_W = (DATA.rooms + 1) * 2
_NUM_RES = 9  # pp .. glyph
_NUM_SUPPLY = 6  # sphinx_sup .. eye_av


# where the third stats part of a seat starts (its first two parts have fixed sizes)
_STATS_B = 9 + NUM_HOUSES + 6 + _PRIEST_W + DATA.boats + WARE_SPACES + 2 + 2
_CAPPED: dict[int, dict[int, float]] = {}  # cap -> count -> _cap(count, cap), for small counts


def _capped(values: tuple[int, ...], cap: int) -> list[float]:
    """``[_cap(x, cap) for x in values]`` by table (the counts are small ints)."""
    table = _CAPPED.get(cap)
    if table is None:
        table = _CAPPED[cap] = {k: _cap(k, cap) for k in range(-16, 4 * cap + 16)}
    try:
        return list(map(table.__getitem__, values))
    except KeyError:
        return [_cap(x, cap) for x in values]


_BOATS, _TA_SLOTS, _QUEENS = DATA.boats, DATA.ta_slots, DATA.queens
_SEATS = 14  # the first part of the seats' stats (part_keys)
_MARKET_WIDTHS = (NT, NW, NP)  # one-hot width of a cell of parts 2-4: display + supply top, wares, papyri
_ONE_HOT_CELLS: dict[tuple[int, int], array.array[float]] = {}  # (width, index) -> one_hot as float32


class MenNeferObserver(Observer["MenNeferState"]):
    def __init__(self, game: Any, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        n = self._n = game.players
        pieces = []
        if obs_type.private != PRIVATE_NONE:
            pieces.append(Piece("player", (n,)))
        if obs_type.public:
            pieces += [
                Piece("current_player", (n,)), Piece("era", (DATA.eras,)), Piece("round", (ROUNDS,)),
                Piece("turn_order", (n, n)), Piece("pending", (len(PENDING),)),
                Piece("display", (len(DATA.display_food), NT)), Piece("supply_top", (NT,)),
                Piece("markets", (len(DATA.ware_market_cost) * NW + len(DATA.papyrus_market_cost) * NP,)),
                Piece("cities", (NUM_CITIES * CITY_SLOTS * NTA + NUM_CITIES * len(DATA.advantage_ids),)),
                Piece("board", (len(DATA.grave_ids) + len(DATA.pedestal_ids) + len(DATA.temple_ids),)),
                Piece("pyramids", (len(DATA.gp_piece_favours) * 4 * 4 + DATA.queens * 2,)),
                Piece("houses", ((n + 1) * NUM_HOUSES * 2,)),
                Piece("player_stats", (n, STATS)),
            ]  # fmt: skip
        self.pieces = tuple(pieces)

    def tensor(self, state: MenNeferState, player: int) -> list[float]:
        check_seat(self._n, player)
        n = self._n
        out: list[float] = []
        if self.obs_type.private != PRIVATE_NONE:
            out += _onehot(player, n)
        if not self.obs_type.public:
            return out
        out += _onehot(state.current_player(), n)
        out += _onehot(state.era - 1, DATA.eras)
        out += _onehot(state.rnd, ROUNDS)
        for p in range(n):
            out += _onehot(state.order.index(p), n)
        kind = state.todo[-1][0] if state.todo and not state.chance else ""
        out += _onehot(PENDING.index(kind) if kind in PENDING else -1, len(PENDING))
        for t in state.display:
            out += _onehot(t, NT)
        out += _onehot(state.supply_top, NT)
        for w in state.ware_mkt:
            out += _onehot(w, NW)
        for x in state.pap_mkt:
            out += _onehot(x, NP)
        for t in state.city_ta:
            out += _onehot(t, NTA)
        for a in state.city_adv:
            out += _onehot(a, len(DATA.advantage_ids))
        for owners in (state.graves, state.pedestals, state.temple):
            out += [(o + 1) / n for o in owners]
        for f in state.gp_grid:
            out += _onehot(f, 4)
        out += [_cap(x, DATA.queen_levels) for x in state.qp_levels] + [(q + 1) / 6 for q in state.qtiles]
        out += [_cap(x, 4) for x in state.appr]
        for p in range(n):
            out += self._stats(state, p)
        return out

    def _stats(self, s: MenNeferState, p: int) -> list[float]:
        v = [_cap(s.pp[p], 150), s.food[p] / DATA.cap_food, s.heka[p] / DATA.cap_heka,
             s.heart[p] / DATA.duat_last, s.feather[p] / DATA.duat_last, s.sun[p] / DATA.obelisk_top,
             s.gp[p] / DATA.gp_len, s.qp[p] / DATA.qp_len, _cap(s.glyph[p], len(DATA.board_glyphs[0]))]  # fmt: skip
        v += [s.scarab[p * NUM_HOUSES + h] / DATA.track_len for h in range(NUM_HOUSES)]
        v += [_cap(x, 4) for x in (s.sphinx_sup[p], s.sphinx_av[p], s.mummy_sup[p], s.sarc_av[p], s.eye_sup[p],
                                   s.eye_av[p])]  # fmt: skip
        v += [_cap(x, 4) for x in s.priest[p * (DATA.rooms + 1) * 2 : (p + 1) * (DATA.rooms + 1) * 2]]
        v += [loc / (NUM_LOCS - 1) for loc in s.boats[p * DATA.boats : (p + 1) * DATA.boats]]
        v += [x / 2 for x in s.ware_state[p * WARE_SPACES : (p + 1) * WARE_SPACES]]
        v += [_cap(sum(1 for x in s.row[p * ROW_LEN : (p + 1) * ROW_LEN] if x >= 0), ROW_LEN), _cap(s.rolled[p], 20)]
        w = DATA.ta_slots
        v += [_cap(sum(1 for t in s.ta[p * w:(p + 1) * w] if t >= 0 and t & 1), w),
              _cap(sum(1 for t in s.ta[p * w:(p + 1) * w] if t >= 0 and not t & 1), w)]  # fmt: skip
        v += [_cap(x, 3) for x in s.used[p * 3 : p * 3 + 3]]
        v += [_cap(x, 4) for x in s.qp_eyes[p * DATA.queens : (p + 1) * DATA.queens]]
        v += [float(s.home[p] >> k & 1) for k in range(DATA.apprentices)]
        return (v + [0.0] * STATS)[:STATS]

    # -- the same tensor as memoisable parts (core.observation: the adapters' fast path) ---------
    # Parts, in tensor order, each a pure function of its key (nothing is hidden in Men-Nefer):
    #   0 player, current_player            key (player or -1, cp)
    #   1 era .. pending                    key (era, round, turn order, pending kind index)
    #   2 display, supply_top               key: display + [supply top] (a board of one-hot cells)
    #   3, 4 markets                        keys: the state's ware and papyrus markets (boards of one-hot cells)
    #   5 .. 12 cities, board, pyramids     keys: the state's own lists (city_ta, city_adv, graves,
    #                                       pedestals, temple, gp_grid, qp_levels, qtiles): boards, compared
    #                                       with the last copy, re-encoded when changed (a few times an era)
    #   13 houses                           key: the state's list of apprentices per owner and space (a board)
    #   14 .. 14+3n-1 player_stats of seat p, in three parts (values 0-8, 9-(_STATS_B-1), the rest)
    #                                       keys: the seat's values and slices (built by zip, in C)
    # With ``public=False`` only part 0 (player) remains.
    def part_keys(self, state: MenNeferState, player: int) -> tuple[PartKey, ...]:
        if type(player) is not int or not 0 <= player < self._n:
            check_seat(self._n, player)  # raises the usual error
        private = self.obs_type.private != PRIVATE_NONE
        if not self.obs_type.public:
            return (player,) if private else ()
        s = state
        kind = s.todo[-1][0] if s.todo and not s.chance else ""
        pending = _PENDING_INDEX.get(kind, -1)
        return (
            (player if private else -1, s.current_player()),
            (s.era, s.rnd, tuple(s.order), pending),
            s.display + [s.supply_top], s.ware_mkt, s.pap_mkt,
            s.city_ta, s.city_adv, s.graves, s.pedestals, s.temple, s.gp_grid, s.qp_levels, s.qtiles,
            s.appr,
            # per seat, three parts: resources and tracks; boards; this era's visits, eyes, apprentices home
            # (``zip(*[iter(values)] * width)``: the seats' slices of a flat list as tuples, built in C)
            *chain.from_iterable(zip(
                zip(s.pp, s.food, s.heka, s.heart, s.feather, s.sun, s.gp, s.qp, s.glyph),
                zip(zip(*[iter(s.scarab)] * NUM_HOUSES),
                    zip(s.sphinx_sup, s.sphinx_av, s.mummy_sup, s.sarc_av, s.eye_sup, s.eye_av),
                    zip(*[iter(s.priest)] * _PRIEST_W), zip(*[iter(s.boats)] * _BOATS),
                    zip(*[iter(s.ware_state)] * WARE_SPACES), zip(*[iter(s.row)] * ROW_LEN), s.rolled,
                    zip(*[iter(s.ta)] * _TA_SLOTS)),
                zip(zip(*[iter(s.used)] * 3), zip(*[iter(s.qp_eyes)] * _QUEENS), s.home),
            )),
        )  # fmt: skip

    def encode_part(self, index: int, key: Any) -> list[float]:
        n = self._n
        if not self.obs_type.public:
            return _onehot(key, n)  # the only part: the observing seat
        if index == 0:
            player, cp = key
            out: list[float] = _onehot(player, n) if self.obs_type.private != PRIVATE_NONE else []
            return out + _onehot(cp, n)
        if index == 1:
            era, rnd, order, pending = key
            out = _onehot(era - 1, DATA.eras) + _onehot(rnd, ROUNDS)
            for p in range(n):
                out += _onehot(order.index(p), n)
            return out + _onehot(pending, len(PENDING))
        if index <= 4:  # display + supply top, ware market, papyrus market: one-hot per slot
            width = _MARKET_WIDTHS[index - 2]
            return list(chain.from_iterable(_onehot(t, width) for t in key))
        if index == 5:  # city_ta
            return list(chain.from_iterable(_onehot(t, NTA) for t in key))
        if index == 6:  # city_adv
            return list(chain.from_iterable(_onehot(a, len(DATA.advantage_ids)) for a in key))
        if index <= 9:  # graves, pedestals, temple: owner-coded
            return [(o + 1) / n for o in key]
        if index == 10:  # gp_grid
            return list(chain.from_iterable(_onehot(f, 4) for f in key))
        if index == 11:
            return [_cap(x, DATA.queen_levels) for x in key]
        if index == 12:
            return [(q + 1) / 6 for q in key]
        if index == 13:
            return _capped(tuple(key), 4)
        if _SEATS <= index < _SEATS + 3 * n:
            block = (index - _SEATS) % 3
            if block == 0:
                pp, food, heka, heart, feather, sun, gp, qp, glyph = key
                return [_cap(pp, 150), food / DATA.cap_food, heka / DATA.cap_heka, heart / DATA.duat_last,
                        feather / DATA.duat_last, sun / DATA.obelisk_top, gp / DATA.gp_len, qp / DATA.qp_len,
                        _cap(glyph, len(DATA.board_glyphs[0]))]  # fmt: skip
            if block == 1:
                scarab, supplies, priest, boats, ware_state, row, rolled, ta = key
                v = [x / DATA.track_len for x in scarab] + _capped(supplies, 4) + _capped(priest, 4)
                v += [loc / (NUM_LOCS - 1) for loc in boats]
                v += [x / 2 for x in ware_state]
                v += [_cap(sum(1 for x in row if x >= 0), ROW_LEN), _cap(rolled, 20)]
                w = DATA.ta_slots
                return v + [_cap(sum(1 for t in ta if t >= 0 and t & 1), w),
                            _cap(sum(1 for t in ta if t >= 0 and not t & 1), w)]  # fmt: skip
            used, qp_eyes, home = key
            v = _capped(used, 3) + _capped(qp_eyes, 4) + [float(home >> k & 1) for k in range(DATA.apprentices)]
            return (v + [0.0] * STATS)[: STATS - _STATS_B]
        raise IndexError(f"Men-Nefer observations have no part {index}")

    def board_cells(self, index: int) -> int:
        if self.obs_type.public and 2 <= index <= 4:  # the display and markets: one cell per slot
            return (len(DATA.display_food) + 1, len(DATA.ware_market_cost), len(DATA.papyrus_market_cost))[index - 2]
        return 0

    def encode_cell(self, index: int, key: list[int], cell: int) -> array.array[float]:
        width = _MARKET_WIDTHS[index - 2]
        k = (width, key[cell])
        v = _ONE_HOT_CELLS.get(k)
        if v is None:
            v = _ONE_HOT_CELLS[k] = array.array("f", _onehot(key[cell], width))
        return v

    def string(self, state: MenNeferState, player: int) -> str:
        check_seat(self._n, player)
        return self.open_game_string(state, player)  # nothing is private in Men-Nefer


def make_observer(game: Any, obs_type: ObservationType) -> MenNeferObserver:
    return MenNeferObserver(game, obs_type)

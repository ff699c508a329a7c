"""Ra's observation encoder for the research adapters (see ``heliopolis/core/observation.py``).

Information model (see ``views.py``): everything on the table is public; the only secret is, with
``hidden_scores`` (default), each seat's points until the end (RA-SCORE-10): a seat sees its own
points, not the others'. Points change only when an epoch is scored, from public displays, so a seat
that remembers the game (``perfect_recall``) can compute everyone's points: under perfect recall the
points are public and no seat has private information (Ra's information states are singletons,
which is why ``resample_from_infostate`` returns a copy).

Tensor layout, in this order, for ``n`` players (every value lies in ``[0, 1]`` except ``points``):

==================  ==========  ======================================================================
piece               shape       meaning
==================  ==========  ======================================================================
``player``          n           one-hot observing seat (only when private information is requested)
``current_player``  n           one-hot seat to move (all zero at chance and terminal nodes)
``phase``           7           one-hot: deal, drawn (chance), turn, auction, god_turn, discard, end
``epoch``           3           one-hot epoch
``ra_tiles``        r           thermometer: Ra tiles on the Ra track (r = tiles that end the epoch)
``auction_track``   23          tiles of each kind on the auction track / 8
``centre_sun``      16          one-hot value of the sun in the centre
``suns_up``         n x 16      face-up suns of each seat (bit per value)
``suns_down``       n x 16      face-down suns of each seat
``display``         n x 23      tiles of each kind in each display / the number of such tiles
``bag``             23          tiles of each kind left in the bag / the number of such tiles
``auction_ra``      n           one-hot: the seat that started the auction (auction phase only)
``auction_trigger`` 3           one-hot: Ra tile drawn, voluntary call, forced call (auction only)
``high_bid``        16          one-hot value of the highest bid so far (auction only)
``high_bidder``     n           one-hot seat of the highest bid (auction only)
``bids``            n x 2       per seat: [passed, bid] in this auction (auction only)
``pending_discard`` 2           civilization / monument tiles still to discard / 16 (discard only)
``points``          n           points / 100 of the seats whose points this observation shows
``points_known``    n           1 where ``points`` shows that seat's points (0 = hidden)
==================  ==========  ======================================================================

Which seats' points are shown: all of them when scores are open (``hidden_scores=False``), after
the end, or under perfect recall; otherwise the observer's own with ``private="single"`` and every
seat's with ``private="all"``. With ``public=False`` only the private pieces (``player``, ``points``,
``points_known``) remain. The string forms carry the same information; the perfect-recall string is
the engine's ``information_state_string`` (the seat and the public action history).
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import mul
from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.observation import PRIVATE_ALL, PRIVATE_NONE, ObservationType, Observer, Piece, one_hot, one_hots
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import (
    AUCTION_SPACES,
    CIVS,
    DATA,
    EPOCHS,
    FLOOD,
    GOD,
    GOLD,
    MONUMENTS,
    NILE,
    NUM_TILES,
    TILE_COUNTS,
    TILE_NAMES,
    sun_list,
)
from heliopolis.games.ra.phases import (
    AUCTION,
    B_DISP,
    B_POINTS,
    C_BAG,
    C_BIDS,
    C_DOWN,
    C_PEND,
    C_TRACK,
    C_UP,
    DISCARD,
    END,
    PEND_EARTHQUAKE,
    PEND_UNREST,
    PHASE_NAMES,
    TRIGGER_NAMES,
)

if TYPE_CHECKING:
    from heliopolis.games.ra.game import RaGame
    from heliopolis.games.ra.state import RaState

T = NUM_TILES
MAX_SUN: Final = A.MAX_SUN
NUM_PHASES: Final = 7
POINTS_SCALE: Final = 100.0
MAX_PENDING: Final = 2 * AUCTION_SPACES  # each disaster in a lot of <= 8 tiles destroys 2 tiles


def _max_points() -> int:
    """A proven upper bound on a seat's points: start + 3 epochs of the best each category can
    give (every god, gold, Nile and flood tile, most pharaohs, all civilization kinds) + the final
    monuments (all kinds, five of each) and the highest sun total."""
    per_epoch: int = (
        DATA["god_points"] * TILE_COUNTS[GOD] + DATA["gold_points"] * TILE_COUNTS[GOLD] + DATA["pharaoh_most"]
        + DATA["nile_points"] * TILE_COUNTS[NILE] + DATA["flood_points"] * TILE_COUNTS[FLOOD]
        + max(DATA["civ_by_kinds"])
    )  # fmt: skip
    final: int = max(DATA["monument_by_kinds"]) + max(DATA["monument_same"]) * len(MONUMENTS) + DATA["sun_highest"]
    start: int = DATA["starting_points"]
    return start + EPOCHS * per_epoch + final


MAX_POINTS: Final = _max_points()
_INV_COUNT: Final = tuple(1.0 / c for c in TILE_COUNTS)
_SUN_BITS: dict[int, list[float]] = {}  # sun bitmask -> its 16 bits as floats (memoised)


def _sun_bits(mask: int) -> list[float]:
    bits = _SUN_BITS.get(mask)
    if bits is None:
        bits = _SUN_BITS[mask] = [float(mask >> s & 1) for s in range(1, MAX_SUN + 1)]
    return bits


# part_keys' points: every seat's, none, or the observing seat's only
_SHOW_ALL: Final = 0
_SHOW_NONE: Final = 1
_SHOW_SEAT: Final = 2

_SHORT = {name: name.replace("step-pyramid", "steppyr") for name in TILE_NAMES}


def make_observer(game: RaGame, obs_type: ObservationType) -> RaObserver:
    return RaObserver(game, obs_type)


class RaObserver(Observer["RaState"]):
    """Encodes a ``RaState`` for one seat; see the module docstring for the layout."""

    def __init__(self, game: RaGame, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        n = game.players
        pieces: list[Piece] = []
        if obs_type.private != PRIVATE_NONE:
            pieces.append(Piece("player", (n,)))
        if obs_type.public:
            pieces += [
                Piece("current_player", (n,)),
                Piece("phase", (NUM_PHASES,)),
                Piece("epoch", (EPOCHS,)),
                Piece("ra_tiles", (game.ra_needed,)),
                Piece("auction_track", (T,)),
                Piece("centre_sun", (MAX_SUN,)),
                Piece("suns_up", (n, MAX_SUN)),
                Piece("suns_down", (n, MAX_SUN)),
                Piece("display", (n, T)),
                Piece("bag", (T,)),
                Piece("auction_ra", (n,)),
                Piece("auction_trigger", (3,)),
                Piece("high_bid", (MAX_SUN,)),
                Piece("high_bidder", (n,)),
                Piece("bids", (n, 2)),
                Piece("pending_discard", (2,)),
            ]
        if obs_type.public or obs_type.private != PRIVATE_NONE:
            pieces += [Piece("points", (n,), 0.0, MAX_POINTS / POINTS_SCALE), Piece("points_known", (n,))]
        self.pieces = tuple(pieces)
        self._n = n
        self._ra_needed = game.ra_needed
        self._inv_display = list(_INV_COUNT) * n
        # which seats' points this observation shows (_points_mode): when they are open, and else
        self._points_open = _SHOW_ALL if obs_type.public else _SHOW_NONE
        self._points_hidden = {PRIVATE_ALL: _SHOW_ALL, PRIVATE_NONE: _SHOW_NONE}.get(obs_type.private, _SHOW_SEAT)
        self._no_points: tuple[None, ...] = (None,) * n

    # -- which points are shown ---------------------------------------------------------------
    def _points_mode(self, state: RaState) -> int:
        """``_SHOW_ALL``, ``_SHOW_NONE`` or ``_SHOW_SEAT`` (the observing seat's only). Open points
        are public information (derivable from the public history): shown to a public observation."""
        if self.obs_type.perfect_recall or state.phase == END or not state.game.hidden_scores:
            return self._points_open
        return self._points_hidden

    def points_shown(self, state: RaState, player: int) -> list[bool]:
        """Per seat: does this observation show that seat's points?"""
        mode = self._points_mode(state)
        if mode == _SHOW_SEAT:
            return [q == player for q in range(self._n)]
        return [mode == _SHOW_ALL] * self._n

    # -- tensor -------------------------------------------------------------------------------
    def tensor(self, state: RaState, player: int) -> list[float]:
        state._check_seat(player)
        n = self._n
        ot = self.obs_type
        out: list[float] = one_hot(player, n) if ot.private != PRIVATE_NONE else []
        if ot.public:
            out += one_hots((state.current_player(), n), (state.phase, NUM_PHASES), (state.epoch - 1, EPOCHS))
            out += [1.0 if i < state.ra_n else 0.0 for i in range(state.ra_needed)]
            v = [0.0] * T
            for t in state.track:
                if t >= 0:
                    v[t] += 1.0 / AUCTION_SPACES
            out += v
            v = [0.0] * MAX_SUN
            v[state.centre - 1] = 1.0
            out += v
            for masks in (state.up, state.down):
                for m in masks:
                    out += _sun_bits(m)
            out += map(mul, state.disp, self._inv_display)
            out += map(mul, state.bag, _INV_COUNT)
            auction = state.phase == AUCTION
            v = [0.0] * n
            if auction:
                v[state.ra_player] = 1.0
            out += v
            v = [0.0, 0.0, 0.0]
            if auction:
                v[state.trigger - 1] = 1.0
            out += v
            v = [0.0] * MAX_SUN
            if auction and state.high:
                v[state.high - 1] = 1.0
            out += v
            v = [0.0] * n
            if auction and state.high_bidder >= 0:
                v[state.high_bidder] = 1.0
            out += v
            bids = state.bids
            for p in range(n):
                b = bids[p] if auction else -1
                out += [1.0 if b == 0 else 0.0, 1.0 if b > 0 else 0.0]
            if state.phase == DISCARD:
                pend = state.pend
                out += [pend[PEND_UNREST] / MAX_PENDING, pend[PEND_EARTHQUAKE] / MAX_PENDING]
            else:
                out += [0.0, 0.0]
        if ot.public or ot.private != PRIVATE_NONE:
            shown = self.points_shown(state, player)
            points = state.points
            out += [points[p] / POINTS_SCALE if shown[p] else 0.0 for p in range(n)]
            out += [1.0 if s else 0.0 for s in shown]
        return out

    # -- the same tensor as memoisable parts (core.observation: the adapters' fast path) ---------
    # Parts, in tensor order, each a pure function of its key (everything the part shows, nothing
    # more: the points key holds only the points this observation shows):
    #   0 head: player, current_player, phase, epoch, ra_tiles        key (player or -1, cp, phase, epoch, ra_n)
    #   1 auction_track                                               key: the track's tiles
    #   2 centre_sun, suns_up, suns_down                              key (centre, *up masks, *down masks)
    #   3 display                                                     key: the display counts
    #   4 bag                                                         key: the bag counts
    #   5 auction_ra .. pending_discard                               key: the auction and discard state
    #   6 points, points_known                                        key: the shown points (None = hidden)
    # With ``public=False`` only parts 0 (player) and 6 remain.
    def part_keys(self, state: RaState, player: int) -> tuple[Hashable, ...]:
        n = self._n
        if type(player) is not int or not 0 <= player < n:
            state._check_seat(player)  # raises the usual error
        ot = self.obs_type
        b = state.board
        # The points part: every seat's points, or only the shown ones (None = hidden).
        mode = self._points_mode(state)
        if mode == _SHOW_ALL:
            points: Hashable = tuple(b[B_POINTS : B_POINTS + n])
        elif mode == _SHOW_NONE:
            points = self._no_points
        else:
            pts: list[int | None] = [None] * n
            pts[player] = b[B_POINTS + player]
            points = tuple(pts)
        if not ot.public:
            if ot.private == PRIVATE_NONE:
                return ()
            return ((player, -1, -1, -1, -1), points)
        c = state.cells
        phase = state.phase
        if phase == AUCTION:
            auction: Hashable = (AUCTION, state.ra_player, state.trigger, state.high, state.high_bidder,
                                 tuple(c[C_BIDS:C_BIDS + n]))  # fmt: skip
        elif phase == DISCARD:
            auction = (DISCARD, c[C_PEND + PEND_UNREST], c[C_PEND + PEND_EARTHQUAKE])
        else:
            auction = None
        return (
            (player if ot.private != PRIVATE_NONE else -1, state.current_player(), phase, state.epoch, state.ra_n),
            tuple(c[C_TRACK : C_TRACK + AUCTION_SPACES]),
            (state.centre, *c[C_UP : C_UP + n], *c[C_DOWN : C_DOWN + n]),
            tuple(b[B_DISP : B_DISP + n * T]),
            tuple(c[C_BAG : C_BAG + T]),
            auction,
            points,
        )

    def encode_part(self, index: int, key: Any) -> list[float]:
        n = self._n
        ot = self.obs_type
        if not ot.public and index == 1:
            index = 6  # without the public pieces the parts are head (player) and points
        out: list[float] = []
        if index == 0:
            player, cp, phase, epoch, ra_n = key
            if ot.private != PRIVATE_NONE:
                out = one_hot(player, n)
            if not ot.public:
                return out
            out += one_hots((cp, n), (phase, NUM_PHASES), (epoch - 1, EPOCHS))
            out += [1.0 if i < ra_n else 0.0 for i in range(self._ra_needed)]
        elif index == 1:
            out = [0.0] * T
            for t in key:
                if t >= 0:
                    out[t] += 1.0 / AUCTION_SPACES
        elif index == 2:
            out = [0.0] * MAX_SUN
            out[key[0] - 1] = 1.0
            for m in key[1:]:  # the seats' face-up then face-down sun masks
                out += _SUN_BITS.get(m) or _sun_bits(m)
        elif index == 3:
            out = list(map(mul, key, self._inv_display))
        elif index == 4:
            out = list(map(mul, key, _INV_COUNT))
        elif index == 5:
            auction = key is not None and key[0] == AUCTION
            v = [0.0] * n
            if auction:
                v[key[1]] = 1.0
            out += v
            v = [0.0, 0.0, 0.0]
            if auction:
                v[key[2] - 1] = 1.0
            out += v
            v = [0.0] * MAX_SUN
            if auction and key[3]:
                v[key[3] - 1] = 1.0
            out += v
            v = [0.0] * n
            if auction and key[4] >= 0:
                v[key[4]] = 1.0
            out += v
            for p in range(n):
                b = key[5][p] if auction else -1
                out += [1.0 if b == 0 else 0.0, 1.0 if b > 0 else 0.0]
            if key is not None and key[0] == DISCARD:
                out += [key[1] / MAX_PENDING, key[2] / MAX_PENDING]
            else:
                out += [0.0, 0.0]
        elif index == 6:
            out = [pts / POINTS_SCALE if pts is not None else 0.0 for pts in key]
            out += [1.0 if pts is not None else 0.0 for pts in key]
        else:
            raise IndexError(f"Ra observations have no part {index}")
        return out

    # -- string -------------------------------------------------------------------------------
    def string(self, state: RaState, player: int) -> str:
        state._check_seat(player)
        ot = self.obs_type
        n = self._n
        if ot.perfect_recall:
            if not ot.public:
                return ""  # nothing is private under perfect recall (see the module docstring)
            if ot.private == PRIVATE_NONE:
                return "ra:" + ",".join(map(str, state.history()))
            return state.information_state_string(player)
        parts: list[str] = []
        if ot.public:
            cp = state.current_player()
            who = f"p{cp}" if cp >= 0 else ("chance" if state.is_chance_node() else "-")
            parts.append(f"epoch {state.epoch} {PHASE_NAMES[state.phase]} to_move {who}")
            parts.append(f"ra {state.ra_n}/{state.ra_needed} centre {state.centre}")
            parts.append("track " + (",".join(_SHORT[TILE_NAMES[t]] for t in state.track if t >= 0) or "-"))
            ups, downs, disp = state.up, state.down, state.disp
            for p in range(n):
                up = ",".join(map(str, sun_list(ups[p]))) or "-"
                down = ",".join(map(str, sun_list(downs[p]))) or "-"
                base = p * T
                tiles = ",".join(f"{_SHORT[TILE_NAMES[t]]}:{disp[base + t]}" for t in range(T) if disp[base + t])
                parts.append(f"s{p} up {up} down {down} display {tiles or '-'}")
            parts.append("bag " + ",".join(f"{_SHORT[TILE_NAMES[t]]}:{c}" for t, c in enumerate(state.bag) if c))
            if state.phase == AUCTION:
                bids = ",".join("-" if b < 0 else ("pass" if b == 0 else str(b)) for b in state.bids)
                parts.append(
                    f"auction by p{state.ra_player} {TRIGGER_NAMES[state.trigger]} high {state.high or '-'} bids {bids}"
                )
            if state.phase == DISCARD:
                unrest = state.pend[PEND_UNREST]
                parts.append(
                    f"discard {'civilization' if unrest else 'monument'} {unrest or state.pend[PEND_EARTHQUAKE]}"
                )
        shown = self.points_shown(state, player)
        if ot.public:
            parts.append("points " + ",".join(str(state.points[p]) if shown[p] else "?" for p in range(n)))
        elif any(shown):
            parts.append("points " + ",".join(f"p{p}={state.points[p]}" for p in range(n) if shown[p]))
        if ot.private != PRIVATE_NONE and ot.public:
            parts.insert(0, f"p{player}")
        return " | ".join(parts)


assert len(CIVS) == 5 and NUM_PHASES == 7

"""Ra rules: ``RaState`` (both editions). Rule IDs refer to ``docs/rules/ra.md``.

The state is a flat ``__slots__`` object of ints plus two int lists, updated in place: ``cells``
(copied by ``clone()``) and ``board`` (shared by clones, copied by the first writer); their layout,
the copy on write and the read-only block properties (``bag``, ``points``, ``disp``, ...) are in
``layout.py``. The history is a persistent linked tuple so ``clone()`` shares it instead of copying.
Legality is checked per phase inside ``apply_action`` (never through ``legal_actions()``),
and nothing on the hot path builds strings; messages are built only when an error is raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NoReturn

from heliopolis.core.errors import IllegalActionError, error_msg
from heliopolis.core.game import CHANCE, TERMINAL
from heliopolis.core.helpers import History, check_seat, unlink_history
from heliopolis.core.rng import randbelow
from heliopolis.core.state import COW_ALL, declare_cow
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import (
    AUCTION_SPACES,
    CIVS,
    DATA,
    DISCARD_CHOICES,
    FLOOD,
    GOD,
    IS_DISASTER,
    MONUMENTS,
    NILE,
    PHARAOH,
    RA,
    TILE_COUNTS,
    TOTAL_TILES,
)
from heliopolis.games.ra.epochs import EpochRecord, end_epoch, score_breakdown
from heliopolis.games.ra.layout import RaLayout, sun_mask
from heliopolis.games.ra.phases import (  # noqa: F401 (all re-exported: state.AUCTION, ...)
    AUCTION,
    B_DISCARD,
    B_DISP,
    B_POINTS,
    C_BAG,
    C_BIDS,
    C_DOWN,
    C_PEND,
    C_TRACK,
    C_UP,
    CELLS,
    DEAL,
    DISCARD,
    DRAWN,
    END,
    GOD_TURN,
    MAX_SEATS,
    PEND_DROUGHT,
    PEND_EARTHQUAKE,
    PEND_FUNERAL,
    PEND_INDEX,
    PEND_UNREST,
    PHASE_NAMES,
    T1_RA_TILE,
    T2_VOLUNTARY,
    T3_FORCED,
    TRIGGER_NAMES,
    TURN,
    T,
)
from heliopolis.games.ra.views import illegal_message

if TYPE_CHECKING:
    from heliopolis.games.ra.game import RaGame


# Precomputed small tables (shared, never mutated).
_TILE_OUTCOME_BASE = A.TILE_BASE
_BID_CACHE: dict[int, list[int]] = {}  # (mask << 5 | high) -> ascending bid ids above high
_DESTROY_TILES: Final[int] = DATA["tiles_destroyed"]


def _bids_above(mask: int, high: int) -> list[int]:
    key = mask << 5 | high
    r = _BID_CACHE.get(key)
    if r is None:
        r = [A.BID_BASE + v for v in range(high + 1, A.MAX_SUN + 1) if mask >> v & 1]
        _BID_CACHE[key] = r
    return r


class RaState(RaLayout):
    """A position of Ra. Create it with ``heliopolis.new_game("ra", players=...)``."""

    __slots__ = (
        "game", "ra_needed", "god_disaster", "phase", "cur", "epoch", "bag_total",
        "track_n", "ra_n", "centre", "ra_player", "trigger", "high", "high_bidder", "resume",
        "stacks_left", "hist", "hlen", "epoch_log",
    )  # fmt: skip

    def __init__(self, game: RaGame | None = None) -> None:
        if game is None:  # a blank for clone(), which sets every field (compiled classes have no object.__new__)
            return
        n = game.players
        self.game = game
        self.n = n
        self.ra_needed = game.ra_needed
        self.god_disaster = game.god_may_take_disaster
        self.epoch = 1  # RA-SETUP-9
        if not 0 < n <= MAX_SEATS:
            raise ValueError(f"Ra is played by 2 to {MAX_SEATS} players, not {n}")
        c = [0] * CELLS
        c[C_BAG : C_BAG + T] = TILE_COUNTS  # RA-SETUP-2
        c[C_TRACK : C_TRACK + AUCTION_SPACES] = [-1] * AUCTION_SPACES
        c[C_BIDS : C_BIDS + MAX_SEATS] = [-1] * MAX_SEATS
        self.cells = c
        b = [0] * (B_DISP + n * T)
        b[B_POINTS : B_POINTS + n] = [game.starting_points] * n  # RA-SETUP-3
        self.board = b
        self.cow = 0
        self.bag_total = TOTAL_TILES
        self.track_n = 0
        self.ra_n = 0
        self.centre = game.centre_start  # RA-SETUP-4
        self.ra_player = -1
        self.trigger = 0
        self.high = 0
        self.high_bidder = -1
        self.resume = -1
        self.hist: History = None
        self.hlen = 0
        self.epoch_log: tuple[EpochRecord, ...] = ()
        if game.sun_assignment is not None:
            self.stacks_left = 0
            for p, suns in enumerate(game.sun_assignment):
                c[C_UP + p] = sun_mask(suns)
            self._start_epoch()
        else:
            # RA-SETUP-5: stacks are dealt at random, one chance node per seat but the last.
            self.stacks_left = (1 << len(game.stacks)) - 1
            self.phase = DEAL
            self.cur = 0

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph <= DRAWN:
            return CHANCE
        if ph == END:
            return TERMINAL
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == END

    def is_chance_node(self) -> bool:
        return self.phase <= DRAWN

    def legal_actions(self) -> list[int]:
        ph = self.phase
        p = self.cur
        c = self.cells
        if ph == AUCTION:
            bids = _bids_above(c[C_UP + p], self.high)
            # RA-AUCT-6 T2: the Ra player must bid if every other player passed.
            if self.trigger == T2_VOLUNTARY and p == self.ra_player and self.high_bidder < 0:
                return list(bids)
            return [A.PASS, *bids]
        if ph == TURN:
            acts = [A.DRAW] if self.track_n < AUCTION_SPACES and self.bag_total else []  # RA-TURN-4/5
            acts.append(A.RA_CALL)  # RA-TURN-6
            if self.board[B_DISP + p * T + GOD]:
                acts += self._god_actions()
            return acts
        if ph == DRAWN:
            return [_TILE_OUTCOME_BASE + t for t in range(T) if c[C_BAG + t]]
        if ph == GOD_TURN:
            return [A.DONE, *self._god_actions()]
        if ph == DISCARD:
            base = B_DISP + p * T
            b = self.board
            kinds = CIVS if c[C_PEND + PEND_UNREST] else MONUMENTS
            return [A.DISCARD_ACTION[t] for t in kinds if b[base + t]]
        if ph == DEAL:
            sl = self.stacks_left
            return [A.STACK_BASE + k + 1 for k in range(len(self.game.stacks)) if sl >> k & 1]
        return []

    def _god_actions(self) -> list[int]:
        # RA-GOD-2: one god per non-god tile on the track; RA-AMB-1: disasters too (flag).
        seen = set()
        c = self.cells
        for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):
            t = c[i]
            if t > GOD and (self.god_disaster or not IS_DISASTER[t]):
                seen.add(A.GOD_ACTION[t])
        return sorted(seen)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == DRAWN:
            total = self.bag_total
            c = self.cells
            return [(_TILE_OUTCOME_BASE + t, c[C_BAG + t] / total) for t in range(T) if c[C_BAG + t]]  # RA-DRAW-1
        if self.phase == DEAL:
            legal = self.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]
        raise ValueError("chance_outcomes() called on a state that is not a chance node")

    def sample_chance_outcome(self, rng: Any) -> int:
        if self.phase == DRAWN:
            # Exact integer draw: tile t with probability bag[t] / bag_total.
            r = randbelow(rng, self.bag_total)
            c = self.cells
            for t in range(T):
                r -= c[C_BAG + t]
                if r < 0:
                    return _TILE_OUTCOME_BASE + t
        legal = self.legal_actions()
        return legal[randbelow(rng, len(legal))]

    # -- applying actions ---------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        ph = self.phase
        p = self.cur
        c = self.cells
        if ph == AUCTION:
            if action == A.PASS:
                if self.trigger == T2_VOLUNTARY and p == self.ra_player and self.high_bidder < 0:
                    self._illegal(action, error_msg("ra.illegal.must_bid"))
                c[C_BIDS + p] = 0
            else:
                v = action - A.BID_BASE
                if not (0 < v <= A.MAX_SUN and c[C_UP + p] >> v & 1) or v <= self.high or action >= A.GOD_BASE:
                    self._illegal(action, self._bid_reason(v))
                c[C_BIDS + p] = v  # RA-AUCT-5
                self.high = v
                self.high_bidder = p
            self._record(action)
            if p == self.ra_player:  # RA-AUCT-4: the Ra player bids last
                self._resolve_auction()
            else:
                self.cur = self._next_bidder(p)
            return
        if ph == TURN:
            if action == A.DRAW:
                if self.track_n >= AUCTION_SPACES:
                    self._illegal(action, error_msg("ra.illegal.track_full"))  # RA-TURN-4
                if not self.bag_total:
                    self._illegal(action, error_msg("ra.illegal.bag_empty"))  # RA-TURN-5
                self._record(action)
                self.phase = DRAWN
                return
            if action == A.RA_CALL:
                self._record(action)
                # RA-AUCT-1, RA-AMB-5: any invocation with a full track is forced (T3).
                self._start_auction(p, T3_FORCED if self.track_n == AUCTION_SPACES else T2_VOLUNTARY)
                return
            if A.GOD_BASE <= action < A.DISCARD_BASE:
                self._play_god(p, action)
                return
            self._illegal(action, error_msg("ra.illegal.turn"))
        if ph == DRAWN:
            t = action - _TILE_OUTCOME_BASE
            if not 0 <= t < T:
                self._illegal(action, error_msg("ra.illegal.drawing"))
            if not c[C_BAG + t]:
                self._illegal(action, error_msg("ra.illegal.not_in_bag"))
            self._record(action)
            self._place_drawn(t)
            return
        if ph == GOD_TURN:
            if action == A.DONE:
                self._record(action)
                self._finish_god_turn(p)
                return
            if A.GOD_BASE <= action < A.DISCARD_BASE:
                self._play_god(p, action)
                return
            self._illegal(action, error_msg("ra.illegal.god_turn"))
        if ph == DISCARD:
            t = A.DISCARD_TILE[action - A.DISCARD_BASE] if A.DISCARD_BASE <= action < A.NUM_DISTINCT_ACTIONS else -1
            kinds = CIVS if c[C_PEND + PEND_UNREST] else MONUMENTS
            if t not in kinds or not self.board[B_DISP + p * T + t]:
                self._illegal(action, error_msg("ra.illegal.discard"))
            self._record(action)
            b = self._board()
            b[B_DISP + p * T + t] -= 1
            b[B_DISCARD + t] += 1
            c[C_PEND + (PEND_UNREST if t in CIVS else PEND_EARTHQUAKE)] -= 1
            self._settle_disasters(p)
            return
        if ph == DEAL:
            k = action - A.STACK_BASE - 1
            if not 0 <= k < len(self.game.stacks):
                self._illegal(action, error_msg("ra.illegal.dealing", last=len(self.game.stacks)))
            if not self.stacks_left >> k & 1:
                self._illegal(action, error_msg("ra.illegal.dealt"))
            self._record(action)
            self._deal(k)
            return
        self._illegal(action, error_msg("errors.illegal.game_over"))

    def _record(self, action: int) -> None:
        self.hist = (action, self.hist)
        self.hlen += 1

    def _illegal(self, action: int, reason: str) -> NoReturn:
        raise IllegalActionError(illegal_message(self, action, reason))

    def _bid_reason(self, v: int) -> str:
        if not 0 < v <= A.MAX_SUN:
            return error_msg("ra.illegal.bid_or_pass")
        if not self.cells[C_UP + self.cur] >> v & 1:
            return error_msg("ra.illegal.no_sun", v=v)
        return error_msg("ra.illegal.beat", high=self.high)

    # -- setup and turns ----------------------------------------------------------------------
    def _deal(self, k: int) -> None:
        stacks = self.game.stacks
        self.cells[C_UP + self.cur] = sun_mask(stacks[k])
        self.stacks_left &= ~(1 << k)
        self.cur += 1
        if self.cur == self.n - 1:  # the last seat takes the remaining stack: no decision
            last = self.stacks_left.bit_length() - 1
            self.cells[C_UP + self.cur] = sun_mask(stacks[last])
            self.stacks_left = 0
            self._start_epoch()

    def _start_epoch(self) -> None:
        # RA-SETUP-8 / RA-EPOCH-5: the holder of the highest sun starts.
        c = self.cells
        best = max(range(self.n), key=lambda q: c[C_UP + q].bit_length())
        self.cur = best
        self.phase = TURN

    def _next_turn(self, actor: int) -> None:
        """RA-TURN-7/8/9: the next seat clockwise after ``actor`` that is in the epoch."""
        c = self.cells
        n = self.n
        q = actor
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if c[C_UP + q]:
                self.cur = q
                self.phase = TURN
                return
        self._end_epoch()  # RA-EPOCH-2: nobody has a face-up sun

    def _place_drawn(self, t: int) -> None:
        c = self.cells
        c[C_BAG + t] -= 1
        self.bag_total -= 1
        drawer = self.cur
        if t == RA:  # RA-DRAW-3
            self.ra_n += 1
            if self.ra_n == self.ra_needed:
                self._end_epoch()  # RA-EPOCH-3: no auction
            else:
                self._start_auction(drawer, T1_RA_TILE)
            return
        for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):  # RA-DRAW-2/4: leftmost empty space
            if c[i] < 0:
                c[i] = t
                break
        self.track_n += 1
        self._next_turn(drawer)

    # -- gods ---------------------------------------------------------------------------------
    def _play_god(self, p: int, action: int) -> None:
        t = A.GOD_TILE[action - A.GOD_BASE]
        c = self.cells
        base = B_DISP + p * T
        if not self.board[base + GOD]:
            self._illegal(action, error_msg("ra.illegal.no_god"))
        slot = -1
        for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):
            if c[i] == t:
                slot = i
                break
        if slot < 0:
            self._illegal(action, error_msg("ra.illegal.no_such_tile"))
        if IS_DISASTER[t] and not self.god_disaster:
            self._illegal(action, error_msg("ra.illegal.god_disaster"))
        self._record(action)
        b = self._board()
        b[base + GOD] -= 1  # RA-GOD-3: spent gods leave the game
        b[B_DISCARD + GOD] += 1
        c[slot] = -1
        self.track_n -= 1
        if IS_DISASTER[t]:
            b[B_DISCARD + t] += 1
            c[C_PEND + PEND_INDEX[t]] += _DESTROY_TILES  # RA-GOD-6: resolved after all picks
        else:
            b[base + t] += 1
        # Another god play is possible only with a god left and a non-god tile on the track.
        if b[base + GOD] and any(c[i] > GOD for i in range(C_TRACK, C_TRACK + AUCTION_SPACES)):
            self.phase = GOD_TURN
        else:
            self._finish_god_turn(p)

    def _finish_god_turn(self, p: int) -> None:
        self.resume = p
        self._settle_disasters(p)

    # -- auctions -----------------------------------------------------------------------------
    def _start_auction(self, ra_player: int, trigger: int) -> None:
        self.ra_player = ra_player  # RA-AUCT-2
        self.trigger = trigger
        self.high = 0
        self.high_bidder = -1
        c = self.cells
        for q in range(C_BIDS, C_BIDS + self.n):
            c[q] = -1
        self.phase = AUCTION
        self.cur = self._next_bidder(ra_player)

    def _next_bidder(self, p: int) -> int:
        """RA-AUCT-4: clockwise from ``p``, skipping players out of the epoch; the Ra player last."""
        n = self.n
        r = self.ra_player
        c = self.cells
        q = p
        while True:
            q = q + 1 if q + 1 < n else 0
            if q == r or c[C_UP + q]:
                return q

    def _resolve_auction(self) -> None:
        w = self.high_bidder
        c = self.cells
        if w < 0:
            if self.trigger == T3_FORCED:  # RA-AUCT-6 T3: all passed, the track is discarded
                b = self._board()
                for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):
                    t = c[i]
                    if t >= 0:
                        b[B_DISCARD + t] += 1
                        c[i] = -1
                self.track_n = 0
            self._next_turn(self.ra_player)  # RA-AUCT-6 T1: nothing happens; RA-TURN-8
            return
        # RA-AUCT-7: tiles into the display, disasters resolved afterwards (RA-DIS-2).
        base = B_DISP + w * T
        b = self._board()
        for i in range(C_TRACK, C_TRACK + AUCTION_SPACES):
            t = c[i]
            if t >= 0:
                if IS_DISASTER[t]:
                    b[B_DISCARD + t] += 1
                    c[C_PEND + PEND_INDEX[t]] += _DESTROY_TILES
                else:
                    b[base + t] += 1
                c[i] = -1
        self.track_n = 0
        # Sun swap: the centre sun goes face down to the winner, the bid sun to the centre.
        v = self.high
        c[C_UP + w] &= ~(1 << v)
        c[C_DOWN + w] |= 1 << self.centre
        self.centre = v
        self.resume = self.ra_player
        self._settle_disasters(w)

    # -- disasters ----------------------------------------------------------------------------
    def _settle_disasters(self, p: int) -> None:
        """Resolves pending disasters for seat ``p`` (RA-DIS-2..5); stops at a real choice."""
        c = self.cells
        P = C_PEND
        if c[P] or c[P + 1] or c[P + 2] or c[P + 3]:
            b = self._board()
            base = B_DISP + p * T
            D = B_DISCARD
            if c[P + PEND_FUNERAL]:
                k = min(c[P + PEND_FUNERAL], b[base + PHARAOH])
                b[base + PHARAOH] -= k
                b[D + PHARAOH] += k
                c[P + PEND_FUNERAL] = 0
            if c[P + PEND_DROUGHT]:  # RA-DIS-4: floods first, then Nile
                need = c[P + PEND_DROUGHT]
                k = min(need, b[base + FLOOD])
                b[base + FLOOD] -= k
                b[D + FLOOD] += k
                k2 = min(need - k, b[base + NILE])
                b[base + NILE] -= k2
                b[D + NILE] += k2
                c[P + PEND_DROUGHT] = 0
            for slot, kinds in ((PEND_UNREST, CIVS), (PEND_EARTHQUAKE, MONUMENTS)):
                need = c[P + slot]
                if not need:
                    continue
                have = [t for t in kinds if b[base + t]]
                total = sum(b[base + t] for t in have)
                if total <= need:  # too few: all of them go (RA-DIS-2)
                    for t in have:
                        b[D + t] += b[base + t]
                        b[base + t] = 0
                    c[P + slot] = 0
                elif len(have) == 1:  # one kind: no choice to make
                    b[base + have[0]] -= need
                    b[D + have[0]] += need
                    c[P + slot] = 0
                else:  # RA-DIS-3: the player chooses, one tile at a time
                    self.phase = DISCARD
                    self.cur = p
                    return
        self._next_turn(self.resume)

    # -- epochs and scoring ---------------------------------------------------------------------
    def _end_epoch(self) -> None:
        end_epoch(self)

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.points

    def winners(self) -> list[int]:
        if self.phase != END:
            raise ValueError("the game is not over yet")
        points = self.points
        best = max(points)
        tied = [p for p in range(self.n) if points[p] == best]
        c = self.cells
        # RA-END-3, RA-AMB-8: the single highest sun (face up or down) breaks the tie.
        return [max(tied, key=lambda p: (c[C_UP + p] | c[C_DOWN + p]).bit_length())]

    def score_breakdown(self) -> dict[str, list[int]]:
        """Category results summed over the scored epochs (before the 0 floor, RA-SCORE-1)."""
        return score_breakdown(self)

    def history(self) -> list[int]:
        return unlink_history(self.hist)

    def clone(self) -> RaState:
        c = RaState()
        c.game = self.game
        c.n = self.n
        c.ra_needed = self.ra_needed
        c.god_disaster = self.god_disaster
        c.phase = self.phase
        c.cur = self.cur
        c.epoch = self.epoch
        c.cells = self.cells[:]  # the counters most actions change: one allocation
        c.board = self.board  # shared until one side writes (see _board)
        c.cow = self.cow = COW_ALL
        c.bag_total = self.bag_total
        c.track_n = self.track_n
        c.ra_n = self.ra_n
        c.centre = self.centre
        c.ra_player = self.ra_player
        c.trigger = self.trigger
        c.high = self.high
        c.high_bidder = self.high_bidder
        c.resume = self.resume
        c.stacks_left = self.stacks_left
        c.hist = self.hist  # immutable, shared
        c.hlen = self.hlen
        c.epoch_log = self.epoch_log  # immutable, shared
        return c

    def _key(self) -> tuple[Any, ...]:
        return (
            self.phase, self.cur, self.epoch, tuple(self.bag), self.bag_total, tuple(self.track),
            self.track_n, self.ra_n, self.centre, tuple(self.up), tuple(self.down), tuple(self.disp),
            tuple(self.points), tuple(self.discard), self.ra_player, self.trigger, self.high,
            self.high_bidder, tuple(self.bids), tuple(self.pend), self.resume, self.stacks_left,
            tuple(self.history()), self.epoch_log,
        )  # fmt: skip

    # -- views: player_view, information_state_string, describe_action, table_helper, check_invariants
    # and str() come from views.py, heuristics.py, invariants.py and render.py (core.game.State)
    def information_state_key(self, player: int) -> tuple[int, History]:
        # The history is a linked tuple shared between clones: hashing it is C-speed, and equal
        # keys compare by identity along shared tails. Equal to the string's information.
        return (player, self.hist)

    def resample_from_infostate(self, player: int, rng: Any) -> RaState:
        """Ra hides nothing that is not derivable from the public history (see views.py)."""
        self._check_seat(player)
        return self.clone()

    def _check_seat(self, player: int | None) -> None:
        check_seat(self.n, player)

    def __repr__(self) -> str:
        return f"<RaState {self.game!r} epoch={self.epoch} phase={PHASE_NAMES[self.phase]} moves={self.hlen}>"


# Sanity: every tile the auction track can hold is either a god target or a god tile.
assert all(t == GOD or A.GOD_ACTION[t] >= 0 for t in range(T) if t != RA)
assert set(DISCARD_CHOICES) == set(CIVS) | set(MONUMENTS)
# What clone() shares on purpose (core.testing checks that nothing else is shared): the board,
# copy on write (layout.RaLayout._board).
declare_cow(RaState, cow=("board",))

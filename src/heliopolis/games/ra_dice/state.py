"""Ra: The Dice Game rules: ``RaDiceState``. Rule IDs refer to ``docs/rules/ra-dice.md`` (``RD-...``).

The state is a flat ``__slots__`` object of ints and small int lists, updated in place. A turn is:

1. ``ROLL`` (chance): each die being rolled is one chance node whose outcome is that die's face
   (``die:<colour>:<face>``, 6 outcomes of 1/6 each), dice in colour order. Suns lock at once
   (RD-TURN-2). A roll of k dice is k chance nodes, not one node with 6^k ordered outcomes: the
   die colours matter (RD-CIV-2, RD-MON-1), so a multiset of faces would not be enough.
2. ``REROLL`` (after rolls 1 and 2, while a die is unlocked): ``reroll:<colour>`` chooses dice one
   at a time in colour order, then ``roll``; ``stop`` keeps the dice (RD-TURN-3, RD-AMB-6).
3. ``APPLY``: the sun effect happens on entry (RD-SUN); then one die-use per action (RD-DICE),
   a disaster with 4-5 suns, and ``finish`` (which scores unused ankh pairs, RD-ANKH-1, and ends
   the epoch when the Ra figure reached the last space, RD-EPOCH-1).
4. ``REMOVE``: victims of a Civilization or Monument disaster choose their own markers, one
   action per marker, clockwise from the active player's left (RD-DIS-7); forced removals happen
   automatically.

Forced steps happen automatically, without an action: the roll after choosing the last die that
could be chosen, and the end of a turn in which nothing but ``finish`` is legal.

Dice whose use is deferred. A Civilization set is m + 2 dice for m markers (RD-CIV-1/4) and a
further Monument marker needs a partner die (RD-MON-2). Which dice fill those sets changes
nothing but which dice stay free, and a free Civilization or Monument die has no other use, so
the engine reserves the fillers lazily: every use of an ankh must leave enough free
Civilization / Monument dice and ankhs to complete the sets already started (``free_ankhs``).
This keeps the decisions to one per marker, with no choice of filler dice.

Legality is checked per phase inside ``apply_action`` before anything changes; messages are built
only when an error is raised. The history is a persistent linked tuple shared by clones.

``apply_action`` is the only way to change a state. Parts of it live in modules of functions
taking the state, bound here as methods: ``dice.py`` (the APPLY phase: legal dice-uses, applying
a die, ``finish``) and ``disasters.py`` (RD-DIS, the REMOVE phase). The turn-state constants
(phases, die states, the disaster slot) are in ``phases.py`` and re-exported here.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.errors import IllegalActionError
from heliopolis.core.game import CHANCE, TERMINAL, State
from heliopolis.core.helpers import History, check_seat, unlink_history
from heliopolis.core.state import COW_ALL, cow_release, declare_cow
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice import dice, disasters
from heliopolis.games.ra_dice.components import ANKH, CIV, D_CIV, MON, NILE, NUM_DICE, NUM_FACES, PHARAOH, SUN
from heliopolis.games.ra_dice.epochs import EpochRecord, score_breakdown
from heliopolis.games.ra_dice.phases import (  # noqa: F401 (all re-exported: state.APPLY, ...)
    ALL_DICE,
    APPLY,
    COLUMN_SPACES,
    DIE_STATE_NAMES,
    DIS_AVAILABLE,
    DIS_DECLARED,
    DIS_NONE,
    END,
    FREE,
    LOCKED,
    MARKED,
    NUM_SPACES,
    PENDING,
    PHASE_NAMES,
    REMOVE,
    REROLL,
    ROLL,
    START,
    USED,
)
from heliopolis.games.ra_dice.views import illegal_message, roll_line
from heliopolis.locale import listing, msg

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.game import RaDiceGame

# Lowest set bit -> die index, for masks of up to five dice.
_LOW: Final = tuple(((m & -m).bit_length() - 1) if m else -1 for m in range(1 << NUM_DICE))


COW_BOARD: Final = 1  # the copy-on-write group of the board lists (core.state; _own_board)
BOARD_LISTS: Final = ("points", "phar", "nile", "floods", "civ", "mon", "bonus")


class RaDiceState(State["RaDiceGame"]):
    """A position of Ra: The Dice Game. Create it with ``heliopolis.new_game("ra-dice", players=...)``."""

    __slots__ = (
        "game", "n", "phase", "cur", "epoch", "ra", "points", "phar", "nile", "floods", "civ", "mon",
        "face", "dst", "avail", "pend", "rmask", "marks", "rolls", "suns", "preal", "nreal", "civ_n",
        "mon_n", "dis", "vic", "vic_kind", "vic_left", "start", "hist", "hlen", "epoch_log", "bonus", "log",
        "cow",
    )  # fmt: skip

    def __init__(self, game: RaDiceGame | None = None) -> None:
        if game is None:  # a blank for clone(), which sets every field (compiled classes have no object.__new__)
            return
        n = game.players
        self.game = game
        self.n = n
        self.epoch = 1  # RD-SETUP-5
        self.ra = game.ra_start  # RD-SETUP-2
        self.points = [0] * n
        self.phar = [game.phar_start] * n  # RD-SETUP-3
        self.nile = [game.nile_start] * n
        self.floods = [0] * n
        self.civ = [0] * NUM_DICE  # per colour space: bitmask of seats with a marker there
        self.mon = [-1] * NUM_SPACES  # per Monument space: owner seat or -1
        self.face = [-1] * NUM_DICE
        self.dst = [PENDING] * NUM_DICE
        self.avail = [0] * NUM_FACES  # free dice per face this turn
        self.pend = self.rmask = self.marks = 0
        self.rolls = self.suns = 0
        self.preal = self.nreal = False
        self.civ_n = self.mon_n = 0
        self.dis = DIS_NONE
        self.vic = -1
        self.vic_kind = -1
        self.vic_left = 0
        self.hist: History = None
        self.hlen = 0
        self.epoch_log: tuple[EpochRecord, ...] = ()
        self.bonus = [0] * (2 * n)  # per seat: [three-sun points, ankh-pair points]
        self.log: list[str] | None = None  # event lines, only in the replay of views.RaDicePublicLog
        self.cow = 0  # copy-on-write groups a clone may share (core.state): COW_BOARD
        self.cur = 0
        self.start = -1
        if game.start_player is None:
            self.phase = START  # RD-SETUP-4: the engine draws the start player
        else:
            self._set_start(game.start_player)

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph <= ROLL:
            return CHANCE
        if ph == END:
            return TERMINAL
        if ph == REMOVE:
            return self.vic
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == END

    def is_chance_node(self) -> bool:
        return self.phase <= ROLL

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == APPLY:
            return self._apply_actions()
        if ph == ROLL:
            return list(self.game.roll_legal[_LOW[self.pend]])
        if ph == REROLL:
            dst = self.dst
            marks = self.marks
            if marks:
                hi = marks.bit_length()
                return [A.ROLL] + [A.REROLL_BASE + d for d in range(hi, NUM_DICE) if dst[d] == FREE]
            return [A.STOP] + [A.REROLL_BASE + d for d in range(NUM_DICE) if dst[d] == FREE]
        if ph == REMOVE:
            v = self.vic
            if self.vic_kind == D_CIV:
                civ = self.civ
                return [A.REMOVE_CIV_BASE + c for c in range(NUM_DICE) if civ[c] >> v & 1]
            mon = self.mon
            return [A.REMOVE_MON_BASE + i for i in range(NUM_SPACES) if mon[i] == v]
        if ph == START:
            return [A.START_BASE + p for p in range(self.n)]
        return []

    def free_ankhs(self) -> int:
        """Free ankhs not needed to complete the Civilization set and Monument pairs started this
        turn (RD-CIV-4, RD-MON-2): the fillers come from free real dice of the symbol first."""
        av = self.avail
        need = 0
        if self.civ_n:
            k = self.game.civ_fill - av[CIV]
            if k > 0:
                need = k
        if self.mon_n > 1:
            k = (self.mon_n - 1) * self.game.mon_partners - av[MON]
            if k > 0:
                need += k
        return av[ANKH] - need

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(self.game.roll_outcomes[_LOW[self.pend]])  # RD-COMP-2
        if self.phase == START:
            p = 1.0 / self.n
            return [(A.START_BASE + q, p) for q in range(self.n)]
        raise ValueError("chance_outcomes() called on a state that is not a chance node")

    def sample_chance_outcome(self, rng: Any) -> int:
        if self.phase == ROLL:
            table = self.game.face_table  # each face repeated by its count on a die
            i: int = rng.randrange(len(table))
            return A.DIE_BASE + _LOW[self.pend] * NUM_FACES + table[i]
        if self.phase == START:
            seat: int = rng.randrange(self.n)
            return A.START_BASE + seat
        raise ValueError("sample_chance_outcome() called on a state that is not a chance node")

    # -- applying actions ---------------------------------------------------------------------
    def apply_action(self, action: Any) -> None:
        # ``Any``, checked here: a string, float or bool gets an IllegalActionError (and a numpy
        # integer is accepted), also in the compiled build, where an ``int`` parameter would raise
        # TypeError on entry.
        if action.__class__ is not int:
            action = self._coerce(action)
        self._step(action)

    def _step(self, action: int) -> None:
        ph = self.phase
        if ph == ROLL:
            d = _LOW[self.pend]
            f = action - A.DIE_BASE - d * NUM_FACES
            if not 0 <= f < NUM_FACES or not self.game.face_weights[f]:
                name = self.game.colour_names[d]
                self._illegal(action, msg("ra-dice.illegal.rolling", colour=msg(f"ra-dice.colour.{name}"), name=name))
            self._record(action)
            self._rolled(d, f)
            return
        if ph == APPLY:
            self._apply(action)
            return
        if ph == REROLL:
            if action == A.STOP:
                if self.marks:
                    self._illegal(action, msg("ra-dice.illegal.roll_marked"))
                self._record(action)
                self._start_apply()
                return
            if action == A.ROLL:
                if not self.marks:
                    self._illegal(action, msg("ra-dice.illegal.choose_first"))
                self._record(action)
                self._roll_marked()
                return
            d = action - A.REROLL_BASE
            if not 0 <= d < NUM_DICE or self.dst[d] != FREE or d < self.marks.bit_length():
                self._illegal(action, self._reroll_reason(d))
            self._record(action)
            self.dst[d] = MARKED
            self.avail[self.face[d]] -= 1
            self.marks |= 1 << d
            dst = self.dst
            for e in range(d + 1, NUM_DICE):
                if dst[e] == FREE:
                    return
            self._roll_marked()  # no die left to choose: rolling is the only step (forced)
            return
        if ph == REMOVE:
            self._remove(action)
            return
        if ph == START:
            p = action - A.START_BASE
            if not 0 <= p < self.n:
                self._illegal(action, msg("ra-dice.illegal.start", last=self.n - 1))
            self._record(action)
            self._set_start(p)
            return
        self._illegal(action, msg("errors.illegal.game_over"))

    def _coerce(self, action: Any) -> int:
        """An action id given as another integer type (e.g. numpy); anything else is illegal."""
        if not isinstance(action, bool):
            try:
                return int(operator.index(action))
            except TypeError:
                pass
        self._illegal(action, msg("errors.illegal.integer_id"))
        raise AssertionError  # unreachable

    def _record(self, action: int) -> None:
        self.hist = (action, self.hist)
        self.hlen += 1

    def _illegal(self, action: Any, reason: str) -> None:
        raise IllegalActionError(illegal_message(self, action, reason))

    def _reroll_reason(self, d: int) -> str:
        if not 0 <= d < NUM_DICE:
            return msg("ra-dice.illegal.reroll_now")
        names = [msg(f"ra-dice.colour.{c}") for c in self.game.colour_names]
        st = self.dst[d]
        if st == LOCKED:
            return msg("ra-dice.illegal.locked", colour=names[d])
        if st == MARKED:
            return msg("ra-dice.illegal.chosen", colour=names[d])
        return msg("ra-dice.illegal.order", colours=listing("errors.list", names), colour=names[d])

    # -- setup, turns and rolling ---------------------------------------------------------------
    def _set_start(self, p: int) -> None:
        """RD-SETUP-4: start player ``p`` scores 10, the next clockwise 11, ..."""
        self.start = p
        n = self.n
        self._own_board()
        for k, pts in enumerate(self.game.starting_scores[:n]):
            self.points[(p + k) % n] = pts
        self._begin_turn(p)

    def _begin_turn(self, p: int) -> None:
        """RD-TURN-1/2: ``p`` rolls all five dice (five chance nodes)."""
        self.cur = p
        self.face = [-1] * NUM_DICE
        self.dst = [PENDING] * NUM_DICE
        self.avail = [0] * NUM_FACES
        self.pend = self.rmask = ALL_DICE
        self.marks = 0
        self.rolls = self.suns = 0
        self.preal = self.nreal = False
        self.civ_n = self.mon_n = 0
        self.dis = DIS_NONE
        self.phase = ROLL

    def _rolled(self, d: int, f: int) -> None:
        self.face[d] = f
        if f == SUN:  # RD-TURN-2: suns are locked on the Sun track at once
            self.dst[d] = LOCKED
            self.suns += 1
        else:
            self.dst[d] = FREE
            self.avail[f] += 1
        self.pend &= ~(1 << d)
        if self.pend:
            return
        self.rolls += 1
        if self.log is not None:
            self.log.append(roll_line(self))
        if self.rolls < self.game.rolls_max and self.suns < NUM_DICE:  # RD-TURN-3
            self.phase = REROLL
        else:
            self._start_apply()

    def _roll_marked(self) -> None:
        marks = self.marks
        dst = self.dst
        face = self.face
        for d in range(NUM_DICE):
            if marks >> d & 1:
                dst[d] = PENDING
                face[d] = -1
        self.pend = self.rmask = marks
        self.marks = 0
        self.phase = ROLL

    def _start_apply(self) -> None:
        """RD-TURN-4, RD-SUN: the compulsory sun effect, then the dice are applied."""
        g = self.game
        adv, pts, disaster = g.sun_effect[self.suns]
        log = self.log
        if adv:  # RD-SUN-2, RD-AMB-15: capped at the last space
            before = self.ra
            self.ra = min(g.ra_last, self.ra + adv)
            if log is not None:
                log.append(msg("ra-dice.log.ra_advances_end" if self.ra >= g.ra_last else "ra-dice.log.ra_advances",
                               n=self.ra - before, space=self.ra, last=g.ra_last))  # fmt: skip
        if pts:  # RD-SUN-3
            self._gain(self.cur, pts)
            self.bonus[2 * self.cur] += pts
            if log is not None:
                log.append(msg("ra-dice.log.sun_points", seat=self.cur, points=pts, n=self.suns))
        if disaster:  # RD-SUN-4
            self.dis = DIS_AVAILABLE
            if log is not None:
                log.append(msg("ra-dice.log.may_declare", seat=self.cur, n=self.suns))
        self.phase = APPLY
        self._auto_finish()

    def _auto_finish(self) -> None:
        """Ends the turn when ``finish`` is the only legal action (a forced step)."""
        av = self.avail
        if av[PHARAOH] or av[NILE] or self.dis == DIS_AVAILABLE:
            return
        if (self.preal or self.nreal) and self.free_ankhs() > 0:
            return
        if (av[CIV] or av[MON]) and len(self._apply_actions()) > 1:
            return
        if self.log is not None:
            self.log.append(msg("ra-dice.log.turn_ends_forced", seat=self.cur))
        self._finish()

    # -- applying the dice (dice.py) and disasters (disasters.py) -------------------------------
    # Functions of the state in their own modules, called through these methods by apply_action,
    # legal_actions, _start_apply, _auto_finish and invariants.py (a compiled class cannot bind a
    # module function as a method by assignment).
    def _apply_actions(self) -> list[int]:
        return dice.apply_actions(self)

    def _apply(self, action: int) -> None:
        dice.apply_dice_action(self, action)

    def _gain(self, p: int, pts: int) -> None:
        dice.gain(self, p, pts)

    def _finish(self) -> None:
        dice.finish(self)

    def _remove(self, action: int) -> None:
        disasters.remove(self, action)

    def own_markers(self, q: int, kind: int) -> list[int]:
        """Indices of seat ``q``'s Civilization spaces (colours) or Monument spaces."""
        return disasters.own_markers(self, q, kind)

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        if self.phase != END:
            raise ValueError("the game is not over yet")
        sc = self.points
        best = max(sc)
        return [p for p in range(self.n) if sc[p] == best]  # RD-END-2, RD-AMB-4: ties share

    def score_breakdown(self) -> dict[str, list[int]]:
        """Points per category and seat so far (the start scores are not a category)."""
        return score_breakdown(self)

    def history(self) -> list[int]:
        return unlink_history(self.hist)

    def clone(self) -> RaDiceState:
        c = RaDiceState()
        c.game = self.game
        c.n = self.n
        c.phase = self.phase
        c.cur = self.cur
        c.epoch = self.epoch
        c.ra = self.ra
        # The board lists (points .. mon, bonus) change a few times a turn at most: shared until
        # one side writes (_own_board); the turn's dice change with nearly every action: copied.
        c.points = self.points
        c.phar = self.phar
        c.nile = self.nile
        c.floods = self.floods
        c.civ = self.civ
        c.mon = self.mon
        c.bonus = self.bonus
        c.cow = self.cow = COW_ALL
        c.face = self.face[:]
        c.dst = self.dst[:]
        c.avail = self.avail[:]
        c.pend = self.pend
        c.rmask = self.rmask
        c.marks = self.marks
        c.rolls = self.rolls
        c.suns = self.suns
        c.preal = self.preal
        c.nreal = self.nreal
        c.civ_n = self.civ_n
        c.mon_n = self.mon_n
        c.dis = self.dis
        c.vic = self.vic
        c.vic_kind = self.vic_kind
        c.vic_left = self.vic_left
        c.start = self.start
        c.hist = self.hist  # immutable, shared
        c.hlen = self.hlen
        c.epoch_log = self.epoch_log  # immutable, shared
        c.log = None
        return c

    def _own_board(self) -> None:
        """Copies the board lists shared with a clone; every write to them comes after this call."""
        if self.cow & COW_BOARD:
            self.points = self.points[:]
            self.phar = self.phar[:]
            self.nile = self.nile[:]
            self.floods = self.floods[:]
            self.civ = self.civ[:]
            self.mon = self.mon[:]
            self.bonus = self.bonus[:]
            self.cow = cow_release(self.cow, COW_BOARD)

    def _key(self) -> tuple[Any, ...]:
        return (
            self.phase, self.cur, self.epoch, self.ra, tuple(self.points), tuple(self.phar), tuple(self.nile),
            tuple(self.floods), tuple(self.civ), tuple(self.mon), tuple(self.face), tuple(self.dst),
            tuple(self.avail), self.pend, self.rmask, self.marks, self.rolls, self.suns, self.preal, self.nreal,
            self.civ_n, self.mon_n, self.dis, self.vic, self.vic_kind, self.vic_left, self.start,
            tuple(self.history()), self.epoch_log, tuple(self.bonus),
        )  # fmt: skip

    # -- views: player_view, information_state_string, describe_action, table_helper, check_invariants
    # and str() come from views.py, heuristics.py, invariants.py and render.py (core.game.State)
    def information_state_key(self, player: int) -> tuple[int, History]:
        # Nothing is hidden: the seat and the shared linked-tuple history identify the state.
        return (player, self.hist)

    def resample_from_infostate(self, player: int, rng: Any) -> RaDiceState:
        """Nothing is hidden in Ra: The Dice Game (dice and board are public): a copy."""
        self._check_seat(player)
        return self.clone()

    def _check_seat(self, player: int | None) -> None:
        check_seat(self.n, player)

    def __repr__(self) -> str:
        return f"<RaDiceState {self.game!r} epoch={self.epoch} phase={PHASE_NAMES[self.phase]} moves={self.hlen}>"


declare_cow(RaDiceState, cow=BOARD_LISTS)  # what clone() shares on purpose (core.testing checks the rest)

"""``HeliosState``: the rules of Helios as a flat, mutable state updated in place.

Flow: setup (start player, 18 action tiles, starting tiles, extra-stack reveal, seat-3/4
resources) -> rounds of Phase 1 (turns: take, attach, action, bonus actions), Phase 2 (persons) and
Phase 3 (refill, dragon, bonus resources) -> final scoring. Multi-step choices are decision phases
(``PH_*``, in ``phases``); what happens after a decision is kept on a small stack of pending tasks
(``todo``). Forced steps (a lone ``forgo``, a lone ``pass``, a sun move with no range left) happen
automatically.

Speed: the legal actions of a decision are computed once and kept (``legal_cache``, shared with clones
until either changes), so ``apply_action`` validates against them instead of recomputing; chance
nodes are validated and sampled from the stack counts directly; nothing on the play path builds
strings (``events.note`` records only for the move log). ``clone()`` shares the seats' boards
(``tiles``, ``res``, ``temples``) and copies one on its first write (``rules.own_board``): write to
them only through the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.errors import IllegalActionError, error_msg
from heliopolis.core.game import CHANCE, TERMINAL, State
from heliopolis.core.helpers import History, illegal_message, unlink_history
from heliopolis.core.state import COW_ALL, declare_cow
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import legality as L
from heliopolis.games.helios import rules as R
from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import DATA, NUM_HEXES
from heliopolis.games.helios.events import Event, Snapshot
from heliopolis.games.helios.phases import (  # noqa: F401 (re-exported: state.PH_SUN, state.PHASE_NAMES, ...)
    PH_ACTION,
    PH_BONUS,
    PH_CHANCE_START,
    PH_DEAL,
    PH_END,
    PH_EXTRA,
    PH_GAIN,
    PH_HOME,
    PH_IDLE,
    PH_LV,
    PH_PAY,
    PH_PERSON,
    PH_PLACE,
    PH_PUT,
    PH_SLOT,
    PH_SUN,
    PH_TAKE,
    PH_TRADE,
    PHASE_NAMES,
    Payment,
)

if TYPE_CHECKING:
    from heliopolis.games.helios.game import HeliosGame

# The fields of the position, in the order of ``_key()``: name -> "v" (immutable value), "l" (flat
# list) or "ll" (list of lists). ``clone()`` copies exactly these (and shares ``legal_cache``).
FIELDS: Final = {
    "phase": "v", "actor": "v", "dragon": "v", "round": "v", "turn": "v", "todo": "l",
    "columns": "ll", "draw": "ll", "discard": "ll", "deal_need": "l",
    "land_stack": "l", "extra": "l", "face_up": "l", "special": "l", "persons_free": "v",
    "tiles": "ll", "res": "ll", "temples": "ll", "slots": "ll", "buildings": "l", "owned": "l",
    "active": "l", "mana": "l", "vp": "l", "rng": "l", "sun": "l", "anchor": "l", "x": "l", "xmax": "l",
    "lapped": "v", "bonus_pending": "v", "full_slot": "v", "sym": "v", "hand": "v", "pay": "v",
    "sun_ctx": "v", "gain_ctx": "v", "person_order": "l", "passes": "v", "acted": "v",
    "final": "l", "hist": "v",
}  # fmt: skip
_ACTION_DIST: Final[tuple[int, ...]] = DATA.action_dist
_SPECIAL_COPIES: Final[tuple[int, ...]] = DATA.special_copies
_NUM_PERSONS: Final = len(DATA.persons)
_START_RANGE: Final[int] = DATA.start_range
_SUN_START: Final[int] = DATA.sun_start
_CENTRE: Final[int] = DATA.centre
_COLUMN_SIZE: Final[int] = DATA.column_size
# per phase number: whether it is a chance node (one index instead of four comparisons)
_CHANCE_PHASE: Final = tuple(ph in (PH_DEAL, PH_EXTRA, PH_LV, PH_CHANCE_START) for ph in range(PH_IDLE + 1))


class HeliosState(State["HeliosGame"]):
    """A position of Helios. Create it with ``heliopolis.new_game("helios", players=...)``;
    ``HeliosState()`` with no game is the blank ``clone()`` fills in."""

    __slots__ = (*FIELDS, "game", "record_events", "events", "legal_cache", "cow", "held_cache", "held_src",
                 "geo")  # fmt: skip

    def __init__(self, game: HeliosGame | None = None) -> None:
        self.legal_cache: list[int] | None = None
        # copy-on-write groups a clone may share (core.state): bit p = seat p's tiles/res/temples lists
        # and the holdings and geometry kept with them (rules.own_board)
        self.cow = 0
        self.record_events = False
        self.events: list[tuple[Event, Snapshot]] = []
        if game is None:
            return
        self.game = game
        n = game.players
        self.hist: History = None
        self.round = 1
        self.turn = 0
        self.todo: list[tuple[Any, ...]] = []
        self.columns: list[list[int]] = [[], [], []]
        self.draw: list[list[int]] = [list(_ACTION_DIST) for _ in range(3)]
        self.discard: list[list[int]] = [[0, 0, 0, 0] for _ in range(3)]
        self.deal_need = [0, 0, 0]
        self.land_stack = [0] * 5
        self.extra = [0] * 5
        self.face_up = [-1] * 6  # HE-SETUP-8: 5 colour stacks + the extra stack
        self.special = list(_SPECIAL_COPIES)
        self.persons_free = (1 << _NUM_PERSONS) - 1
        # per seat: resources held per colour, and the res list they were counted from (legality.held_by)
        self.held_cache: list[list[int]] = [[] for _ in range(n)]
        self.held_src: list[list[int] | None] = [None] * n
        self.geo: list[L.Geo | None] = [None] * n  # per seat: its board's geometry (legality.geo)
        self.tiles: list[list[int]] = [[-1] * NUM_HEXES for _ in range(n)]
        self.res: list[list[int]] = [[0] * (NUM_HEXES * 5) for _ in range(n)]
        self.temples: list[list[int]] = [[0] * NUM_HEXES for _ in range(n)]
        # slot * 3 + symbol; grey tiles at 9 + slot * 3 + symbol
        self.slots: list[list[int]] = [[0] * 18 for _ in range(n)]
        self.buildings = [0] * n
        self.owned = [0] * n
        self.active = [0] * n
        self.mana = [1] * n  # HE-SETUP-4
        self.vp = [0] * n
        self.rng = [_START_RANGE] * n  # numeric sun range (HE-AMB-6)
        self.sun = [_SUN_START] * n
        self.anchor = [_CENTRE * 6 + 0] * n  # HE-SUN-6: start tile / sun start edge
        self.x = [0] * n
        self.xmax = [0] * n
        self.lapped = False
        self.bonus_pending = 0
        self.full_slot = -1
        self.sym = -1
        self.hand: tuple[str, int] | None = None  # ("land", colour) or ("special", kind)
        self.pay: Payment | None = None  # the cost still to pay (phases.Payment)
        self.sun_ctx: tuple[int, int, bool] | None = None  # (start hex, range left, moved yet)
        self.gain_ctx: tuple[int, ...] | None = None  # (target hex or -1,) then (-1, colour)
        self.person_order: list[int] = []
        self.passes = 0
        self.acted = 0  # bits of this person-turn: phases.ACTED, phases.BOUGHT
        self.final: list[int] = []
        self.actor = 0
        self.dragon = 0
        self.phase = PH_CHANCE_START
        start = game.options["start_player"]
        if start is not None:
            self._set_start(start)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == PH_END:
            return TERMINAL
        if _CHANCE_PHASE[ph]:
            return CHANCE
        return self.actor

    def is_terminal(self) -> bool:
        return self.phase == PH_END

    def is_chance_node(self) -> bool:
        return _CHANCE_PHASE[self.phase]

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if _CHANCE_PHASE[ph]:
            return [a for a, _ in self.chance_outcomes()]
        if ph == PH_END:
            return []
        legal = self.legal_cache
        if legal is None:
            legal = L.legal(self)
            self.legal_cache = legal
        return legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_CHANCE_START:
            n = self.game.players
            return [(A.START + s, 1.0 / n) for s in range(n)]
        if ph == PH_DEAL:
            stack = self.draw[self._deal_column()]
            tot = sum(stack)
            return [(A.DEAL + c, k / tot) for c, k in enumerate(stack) if k]
        if ph == PH_EXTRA or ph == PH_LV:
            tot = sum(self.extra)
            return [(A.EXTRA + c, k / tot) for c, k in enumerate(self.extra) if k]
        return []

    def sample_chance_outcome(self, rng: Any) -> int:
        """Exactly ``State.sample_chance_outcome`` (the same draw, the same float sums), without
        building the outcome list."""
        ph = self.phase
        if ph == PH_DEAL:  # (the chance nodes in the order of how often they come)
            need = self.deal_need
            return _weighted(self.draw[0 if need[0] else 1 if need[1] else 2], A.DEAL, rng.random())
        if ph == PH_CHANCE_START:
            n = self.game.players
            r = rng.random()
            acc = 0.0
            for s in range(n):
                acc += 1.0 / n
                if r < acc:
                    return A.START + s
            return A.START + n - 1
        if ph == PH_EXTRA or ph == PH_LV:
            return _weighted(self.extra, A.EXTRA, rng.random())
        return super().sample_chance_outcome(rng)

    def _deal_column(self) -> int:
        need = self.deal_need
        return 0 if need[0] else 1 if need[1] else 2

    def _chance_legal(self, action: int) -> bool:
        ph = self.phase
        if ph == PH_DEAL:
            c = action - A.DEAL
            return 0 <= c < 4 and self.draw[self._deal_column()][c] > 0
        if ph == PH_CHANCE_START:
            return A.START <= action < A.START + self.game.players
        c = action - A.EXTRA
        return 0 <= c < 5 and self.extra[c] > 0

    def apply_action(self, action: int) -> None:
        if type(action) is not int and (isinstance(action, bool) or not isinstance(action, int)):
            raise IllegalActionError(error_msg("errors.illegal.not_int", got=repr(action)))
        ph = self.phase
        if _CHANCE_PHASE[ph]:
            if not self._chance_legal(action):
                raise IllegalActionError(illegal_message(self, action, error_msg("errors.illegal.not_legal")))
            self.legal_cache = None
            self.hist = (action, self.hist)
            if ph == PH_CHANCE_START:
                self._set_start(action - A.START)
                return
            R.apply_chance(self, action)
        else:
            legal = self.legal_cache
            if legal is None:
                legal = [] if ph == PH_END else L.legal(self)
            if action not in legal:
                raise IllegalActionError(illegal_message(self, action, error_msg("errors.illegal.not_legal")))
            self.legal_cache = None
            self.hist = (action, self.hist)
            R.apply_player(self, action)
        if self.phase == PH_IDLE:
            R.run_tasks(self)

    # -- setup ----------------------------------------------------------------------------------
    def _set_start(self, seat: int) -> None:
        """HE-SETUP-5: the start player takes the dragon; then 18 action tiles are dealt."""
        self.dragon = seat
        self.todo = [("round_start",), ("setup_gains",), ("extra_reveal",), ("homes",)]
        self.deal_need = [_COLUMN_SIZE] * 3  # HE-SETUP-1
        self.phase = PH_DEAL
        R.run(self)

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.final[:] if self.final else self.vp[:]

    def winners(self) -> list[int]:
        if self.phase != PH_END:
            raise ValueError("the game is not over")
        best = max(self.final)
        tied = [p for p in range(self.game.players) if self.final[p] == best]
        most = max(sum(self.res[p]) for p in tied)  # HE-END-3
        return [p for p in tied if sum(self.res[p]) == most]

    def score_breakdown(self) -> dict[str, list[int]]:
        return R.breakdown(self)

    def history(self) -> list[int]:
        return unlink_history(self.hist)

    # -- copying --------------------------------------------------------------------------------
    def clone(self) -> HeliosState:
        c = HeliosState()
        c.game = self.game
        c.legal_cache = self.legal_cache  # never handed out or changed, only replaced
        c.phase = self.phase
        c.actor = self.actor
        c.dragon = self.dragon
        c.round = self.round
        c.turn = self.turn
        c.todo = self.todo[:]
        c.columns = [x[:] for x in self.columns]
        c.draw = [x[:] for x in self.draw]
        c.discard = [x[:] for x in self.discard]
        c.deal_need = self.deal_need[:]
        c.land_stack = self.land_stack[:]
        c.extra = self.extra[:]
        c.face_up = self.face_up[:]
        c.special = self.special[:]
        c.persons_free = self.persons_free
        # the boards (a few hundred ints per seat) are shared until written (rules.own_board)
        c.cow = self.cow = COW_ALL
        c.tiles = self.tiles[:]
        c.res = self.res[:]
        c.temples = self.temples[:]
        c.held_cache = self.held_cache[:]
        c.held_src = self.held_src[:]
        c.geo = self.geo[:]
        c.slots = [x[:] for x in self.slots]
        c.buildings = self.buildings[:]
        c.owned = self.owned[:]
        c.active = self.active[:]
        c.mana = self.mana[:]
        c.vp = self.vp[:]
        c.rng = self.rng[:]
        c.sun = self.sun[:]
        c.anchor = self.anchor[:]
        c.x = self.x[:]
        c.xmax = self.xmax[:]
        c.lapped = self.lapped
        c.bonus_pending = self.bonus_pending
        c.full_slot = self.full_slot
        c.sym = self.sym
        c.hand = self.hand
        c.pay = self.pay
        c.sun_ctx = self.sun_ctx
        c.gain_ctx = self.gain_ctx
        c.person_order = self.person_order  # (replaced by the rules, never changed in place)
        c.passes = self.passes
        c.acted = self.acted
        c.final = self.final  # (likewise)
        c.hist = self.hist
        return c

    def _key(self) -> tuple[Any, ...]:
        out: list[Any] = []
        for name, kind in FIELDS.items():
            if name == "hist":
                continue
            v = getattr(self, name)
            out.append(tuple(map(tuple, v)) if kind == "ll" else tuple(v) if kind == "l" else v)
        return (*out, tuple(self.history()))

    # -- views, key, resample, table_helper, check_invariants and str() come from views.py,
    # heuristics.py, invariants.py and render.py (core.game.State)
    def __repr__(self) -> str:
        return f"<HeliosState players={self.game.players} round={self.round} phase={PHASE_NAMES[self.phase]}>"

    def coast(self, p: int) -> S.Coast:
        return S.coast(self.tiles[p])


def _weighted(counts: list[int], base: int, r: float) -> int:
    """The outcome ``base + i`` drawn by ``r`` with weights ``counts`` (zero counts skipped), summing
    ``k / total`` in the order ``State.sample_chance_outcome`` sums the probabilities."""
    tot = 0
    for k in counts:
        tot += k
    acc = 0.0
    last = -1
    for i in range(len(counts)):
        k = counts[i]
        if k:
            acc += k / tot
            last = base + i
            if r < acc:
                return last
    return last


# What clone() shares on purpose (core.testing checks that nothing else is shared): per seat the
# boards, copy on write (rules.own_board); and lists replaced, never changed in place.
declare_cow(HeliosState, cow=("tiles", "res", "temples", "held_cache", "held_src", "geo"),
            frozen=("legal_cache", "person_order", "final"))  # fmt: skip

"""``HeliosState``: the rules of Helios as a flat, mutable state updated in place.

Flow: setup (start player, 18 action tiles, starting tiles, extra-stack reveal, seat-3/4
resources) -> rounds of Phase 1 (turns: take, attach, action, bonus actions), Phase 2 (persons) and
Phase 3 (refill, dragon, bonus resources) -> final scoring. Multi-step choices are decision phases
(``PH_*``); what happens after a decision is kept on a small stack of pending tasks (``todo``).
Forced steps (a lone ``forgo``, a lone ``pass``, a sun move with no range left) happen automatically.
"""

from __future__ import annotations

from typing import Any

from heliopolis.core.errors import IllegalActionError
from heliopolis.core.game import CHANCE, TERMINAL, State
from heliopolis.core.helpers import field_copier, illegal_message, unlink_history
from heliopolis.games.helios import actions as A
from heliopolis.games.helios import rules as R
from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import DATA, NUM_HEXES

(PH_CHANCE_START, PH_DEAL, PH_HOME, PH_EXTRA, PH_GAIN, PH_PUT, PH_TAKE, PH_SLOT, PH_ACTION, PH_PLACE,
 PH_PAY, PH_SUN, PH_TRADE, PH_BONUS, PH_LV, PH_PERSON, PH_END) = range(17)  # fmt: skip
PH_IDLE = 99
PHASE_NAMES = ("start", "deal", "home", "extra", "gain", "put", "take", "slot", "action", "place",
               "pay", "sun", "trade", "bonus", "land_office", "person", "end")  # fmt: skip

# fields copied by clone(): name -> "v" (immutable value) or "l" (flat list) or "ll" (list of lists)
FIELDS = {
    "phase": "v", "actor": "v", "dragon": "v", "round": "v", "turn": "v", "todo": "l",
    "columns": "ll", "draw": "ll", "discard": "ll", "deal_need": "l",
    "land_stack": "l", "extra": "l", "face_up": "l", "special": "l", "persons_free": "v",
    "tiles": "ll", "res": "ll", "temples": "ll", "slots": "ll", "buildings": "l", "owned": "l",
    "active": "l", "mana": "l", "vp": "l", "rng": "l", "sun": "l", "anchor": "l", "x": "l", "xmax": "l",
    "lapped": "v", "bonus_pending": "v", "full_slot": "v", "sym": "v", "hand": "v", "pay": "v",
    "sun_ctx": "v", "gain_ctx": "v", "person_order": "l", "passes": "v", "acted": "v",
    "final": "l", "hist": "v",
}  # fmt: skip


_copy_fields = field_copier(FIELDS)


class HeliosState(State):
    __slots__ = tuple(FIELDS) + ("game", "record_events", "events")

    def __init__(self, game: Any) -> None:
        self.game = game
        n = game.players
        self.record_events = False
        self.events: list[str] = []
        self.hist: tuple | None = None
        self.round = 1
        self.turn = 0
        self.todo: list[tuple] = []
        self.columns: list[list[int]] = [[], [], []]
        self.draw = [list(DATA.action_dist) for _ in range(3)]
        self.discard = [[0, 0, 0, 0] for _ in range(3)]
        self.deal_need = [0, 0, 0]
        self.land_stack = [0] * 5
        self.extra = [0] * 5
        self.face_up = [-1] * 6  # HE-SETUP-8: 5 colour stacks + the extra stack
        self.special = list(DATA.special_copies)
        self.persons_free = (1 << len(DATA.persons)) - 1
        self.tiles = [[-1] * NUM_HEXES for _ in range(n)]
        self.res = [[0] * (NUM_HEXES * 5) for _ in range(n)]
        self.temples = [[0] * NUM_HEXES for _ in range(n)]
        self.slots = [[0] * 18 for _ in range(n)]  # slot * 3 + symbol; grey tiles at 9 + slot * 3 + symbol
        self.buildings = [0] * n
        self.owned = [0] * n
        self.active = [0] * n
        self.mana = [1] * n  # HE-SETUP-4
        self.vp = [0] * n
        self.rng = [DATA.start_range] * n  # numeric sun range (HE-AMB-6)
        self.sun = [DATA.sun_start] * n
        self.anchor = [DATA.centre * 6 + 0] * n  # HE-SUN-6: start tile / sun start edge
        self.x = [0] * n
        self.xmax = [0] * n
        self.lapped = False
        self.bonus_pending = 0
        self.full_slot = -1
        self.sym = -1
        self.hand: tuple | None = None
        self.pay: tuple | None = None
        self.sun_ctx: tuple | None = None
        self.gain_ctx: tuple | None = None
        self.person_order: list[int] = []
        self.passes = 0
        self.acted = False
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
        if ph in (PH_CHANCE_START, PH_DEAL, PH_EXTRA, PH_LV):
            return CHANCE
        return self.actor

    def legal_actions(self) -> list[int]:
        if self.phase in (PH_CHANCE_START, PH_DEAL, PH_EXTRA, PH_LV):
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == PH_END:
            return []
        return R.legal(self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_CHANCE_START:
            n = self.game.players
            return [(A.START + s, 1.0 / n) for s in range(n)]
        if ph == PH_DEAL:
            col = next(i for i in range(3) if self.deal_need[i])
            stack = self.draw[col]
            tot = sum(stack)
            return [(A.DEAL + c, k / tot) for c, k in enumerate(stack) if k]
        if ph in (PH_EXTRA, PH_LV):
            tot = sum(self.extra)
            return [(A.EXTRA + c, k / tot) for c, k in enumerate(self.extra) if k]
        return []

    def apply_action(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(f"an action id must be an int, got {action!r}")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(illegal_message(self, action, "not among the legal actions"))
        self.hist = (action, self.hist)
        ph = self.phase
        if ph == PH_CHANCE_START:
            self._set_start(action - A.START)
        elif ph in (PH_DEAL, PH_EXTRA, PH_LV):
            R.apply_chance(self, action)
        else:
            R.apply_player(self, action)
        R.run(self)

    # -- setup ----------------------------------------------------------------------------------
    def _set_start(self, seat: int) -> None:
        """HE-SETUP-5: the start player takes the dragon; then 18 action tiles are dealt."""
        self.dragon = seat
        self.todo = [("round_start",), ("setup_gains",), ("extra_reveal",), ("homes",)]
        self.deal_need = [DATA.column_size] * 3  # HE-SETUP-1
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
    def clone(self) -> "HeliosState":
        c = HeliosState.__new__(HeliosState)
        c.game = self.game
        c.record_events = False
        c.events = []
        _copy_fields(self, c)
        return c

    def _key(self) -> tuple:
        out = []
        for name, kind in FIELDS.items():
            if name == "hist":
                continue
            v = getattr(self, name)
            out.append(tuple(map(tuple, v)) if kind == "ll" else tuple(v) if kind == "l" else v)
        return tuple(out) + (tuple(self.history()),)

    # -- views, key, resample, table_helper, check_invariants and str() come from views.py,
    # heuristics.py, invariants.py and render.py (core.game.State)
    def __repr__(self) -> str:
        return f"<HeliosState players={self.game.players} round={self.round} phase={PHASE_NAMES[self.phase]}>"

    def coast(self, p: int) -> S.Coast:
        return S.coast(self.tiles[p])

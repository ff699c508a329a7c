"""``MenNeferState``: the rules of Men-Nefer as a flat, mutable state updated in place.

Flow (see ``flow.py``): setup chance nodes -> per era [Flood (eras II, III)] -> Sowing (9 rounds,
one turn per player each) -> Harvest -> ... -> end after the Harvest of the last era. Everything
pending is a task on ``todo`` (``tasks.py``); the state stores only ints, flat lists of ints and
immutable tuples, so ``clone()`` copies a few dozen small lists and shares everything else.

Per-player values are flat lists indexed by seat (``food[p]``) or by ``seat * width + i``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.errors import IllegalActionError, error_msg
from heliopolis.core.game import CHANCE, TERMINAL, State
from heliopolis.core.helpers import History, illegal_message, unlink_history
from heliopolis.core.state import COW_ALL, declare_cow
from heliopolis.games.men_nefer import flow, harvest, tasks
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    NUM_CITIES,
    NUM_HOUSES,
    WARE_SPACES,
)
from heliopolis.games.men_nefer.perform import CAT_START, CATEGORIES, NCAT
from heliopolis.games.men_nefer.tasks import CUMULATIVE, HANDLERS, WEIGHTED, Task, run

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.game import MenNeferGame, RuleFlags

APPR_W: Final[int] = NUM_HOUSES * 2  # apprentices per owner: house * 2 + side (0 sun, 1 moon); owner n = neutral
PRIEST_W: Final[int] = (DATA.rooms + 1) * 2  # priestesses per player: room * 2 + lying (room 0 = entrance)
QUEENS: Final[int] = DATA.queens
LEVELS: Final[int] = len(DATA.gp_piece_favours)
POSITIONS: Final[int] = len(DATA.gp_build_places)
NFAV: Final = 4

# The fields of the state: "v" shared by clone() (ints, bitmasks, tuples, lists never mutated in
# place), "l" a flat list that clone() copies with [:], "c" a copy-on-write list (core.state): shared
# by clone() too, so every rule that changes it owns it first (``own_field(s, "graves")``: copied if a
# clone may share it, bit i of ``cow`` for the i-th "c" field). "c" is for what changes a few times
# a game (setup draws, buildings, burials, the Harvest), so that clone() copies only what turns change.
# ``_key()`` reads this table; tests/games/men_nefer/test_flow.py checks that clone() copies exactly
# these and that clones never share a change. One line per field: its kind and what it holds (the
# glossary of the abbreviations).
FIELDS: Final = {
    "era": "v",  # era I..III (1-based)
    "rnd": "v",  # Sowing round of the era, -1 during setup
    "turn_pos": "v",  # index into order of the seat whose turn it is
    "actor": "v",  # seat deciding now
    "over": "v",  # the game has ended
    "chance": "v",  # the current node is a chance node (a draw)
    "legal": "v",  # legal actions now, ascending (kept by tasks.run)
    "bag_wares": "v",  # bitmask: ware tiles still in the bag
    "bag_papyri": "v",  # bitmask: papyrus tiles still in the bag
    "ta_stack": "v",  # bitmask: trade agreements still in the stack
    "tile_pool": "v",  # bitmask: action tiles not yet drawn into the supply
    "boards_left": "v",  # bitmask: player boards not yet dealt
    "queens_left": "v",  # bitmask: queens' pyramid tiles not yet drawn
    "mastaba_left": "v",  # bitmask: mastaba bonus tiles not yet drawn
    "deity": "v",  # the deity tile face up, -1 none
    "supply_top": "v",  # action tile on top of the supply, -1 none
    "activated": "v",  # bitmask: boats activated this turn (one activation per boat, MN-AMB-24)
    "ta_discarded": "v",  # trade agreements discarded (they leave the game)
    "pyramidion": "v",  # the Great Pyramid's pyramidion has been placed
    "neutral_tile": "v",  # the neutral placement tile in use, -1 none
    "sun_houses": "v",  # bit seat * NUM_HOUSES + house: an apprentice on that house's sun space
    "todo": "l",  # the task stack (tasks.py): what is still to happen, top last
    "order": "c",  # turn order (seats)
    "appr": "l",  # apprentices per owner (n = neutral): owner * APPR_W + house * 2 + side (0 sun, 1 moon)
    "home": "l",  # per seat bitmask: apprentices at home (not placed)
    "slots": "l",  # action tiles in the seats' tile slots: seat * apprentices + slot, -1 empty
    "used": "l",  # turn options used this era: seat * NOPT + (visit, raise, take)
    "scarab": "l",  # scarabs: seat * NUM_HOUSES + house
    "heart": "l",  # heart marker on the Duat track, per seat
    "feather": "l",  # feather marker on the Duat track, per seat
    "food": "l",  # food, per seat
    "heka": "l",  # heka, per seat
    "pp": "l",  # prestige points (PP), per seat
    "pp_cat": "l",  # PP per scoring category: seat * NCAT + category (perform.CATEGORIES)
    "sun": "l",  # sun disc's space on the obelisk, per seat
    "gp": "c",  # block on the Great Pyramid track (gp = Great Pyramid), per seat
    "qp": "c",  # block on the queens' pyramids track (qp = queens' pyramids), per seat
    "glyph": "l",  # hieroglyph track position on the player board, per seat
    "board": "c",  # player board dealt (index), per seat; -1 not yet
    "sphinx_sup": "c",  # sphinxes in supply (sup = supply), per seat
    "sphinx_av": "c",  # sphinxes available to erect (av = available), per seat
    "mummy_sup": "c",  # mummies in supply, per seat
    "sarc_av": "c",  # sarcophagi available to bury (sarc = sarcophagus), per seat
    "eye_sup": "c",  # eyes of Horus in supply, per seat
    "eye_av": "c",  # eyes of Horus available, per seat
    "priest": "l",  # priestesses: seat * PRIEST_W + room * 2 + lying (room 0 = entrance)
    "boats": "l",  # boat locations on the Nile: seat * boats + boat
    "wares": "c",  # ware on each ware space: seat * WARE_SPACES + space, -1 none
    "ware_state": "c",  # ware space state: 0 basket only, 1 ware + basket, 2 offered
    "row": "c",  # papyri in the papyrus row: seat * ROW_LEN + slot, -1 empty
    "rolled": "c",  # papyri rolled up (scored), per seat
    "ta": "c",  # trade agreements (ta) on the boards: seat * ta_slots + slot = agreement * 2 + fulfilled, -1 empty
    "graves": "c",  # owner of each necropolis grave, -1 empty
    "mastaba": "c",  # mastaba bonus tile in each mastaba slot, -1 none
    "pedestals": "c",  # owner of the sphinx on each pedestal, -1 empty
    "temple": "c",  # owner of the basket on each temple space, -1 empty
    "gp_grid": "c",  # Great Pyramid piece (favour) at level * POSITIONS + build place, -1 empty
    "gp_stack": "c",  # Great Pyramid pieces left per level and favour: level * NFAV + favour
    "gp_top": "c",  # favour of the top piece of each level's stack (face up), -1 none
    "qp_levels": "c",  # levels built on each queen's pyramid
    "qp_eyes": "c",  # eyes beside each queen's pyramid: seat * QUEENS + queen
    "qtiles": "c",  # queens' pyramid tile on each queen's pyramid, -1 not yet drawn
    "city_adv": "c",  # advantage tile of each city (adv = advantage), -1 taken
    "city_ta": "c",  # trade agreements offered in the cities: city * CITY_SLOTS + slot, -1 empty
    "ware_mkt": "l",  # ware market (mkt = market), left to right, -1 empty
    "pap_mkt": "l",  # papyrus market (pap = papyrus), left to right, -1 empty
    "display": "l",  # action display slots, top to bottom, -1 empty
    "supply_seq": "l",  # action tiles of the supply below its top, in draw order
    "discard": "l",  # discarded action tiles
    "harvest_log": "c",  # per Harvest: (era, PP before, PP after)
    "hist": "v",  # the history as a linked tuple (core.helpers.History)
}  # fmt: skip


class MenNeferState(State["MenNeferGame"]):
    """A position of Men-Nefer. Create it with ``heliopolis.new_game("men-nefer", players=...)``."""

    # narrated: a narrator listens to this apply_action (effects.begin_group takes no shortcut then)
    # cow: the copy-on-write fields ("c") a clone may share, one bit each (core.state.own_field)
    __slots__ = tuple(FIELDS) + ("game", "n", "opt", "narrated", "cow")

    def __init__(self, game: MenNeferGame | None = None) -> None:
        if game is None:  # a blank for clone(), which sets every field (compiled classes have no object.__new__)
            return
        self.game = game
        self.n: int = game.players
        n = self.n
        self.opt: RuleFlags = game.rule_flags
        self.narrated = False
        self.cow = 0
        self.hist: History = None
        self.era = 1
        self.rnd = -1  # -1 during setup
        self.turn_pos = 0
        self.actor = 0
        self.over = False
        self.chance = False
        self.legal: list[int] = []
        self.bag_wares = (1 << len(DATA.ware_ids)) - 1
        self.bag_papyri = (1 << len(DATA.papyrus_ids)) - 1
        self.ta_stack = (1 << len(DATA.ta_ids)) - 1
        self.tile_pool = (1 << len(DATA.tile_ids)) - 1
        self.boards_left = (1 << len(DATA.board_ids)) - 1
        self.queens_left = (1 << len(DATA.queen_tiles)) - 1
        self.mastaba_left = (1 << len(DATA.mastaba_ids)) - 1
        self.deity = -1
        self.supply_top = -1
        self.activated = 0
        self.ta_discarded = 0
        self.pyramidion = False
        self.neutral_tile = -1
        # bit seat * NUM_HOUSES + house: the seat has an apprentice on that house's sun space (what appr
        # says, kept for the turn options; invariants.py checks it)
        self.sun_houses = 0
        self.todo: list[Task] = []
        self.order = list(range(n))
        self.appr = [0] * ((n + 1) * APPR_W)
        self.home = [(1 << DATA.apprentices) - 1] * n
        self.slots = [-1] * (n * DATA.apprentices)
        self.used = [0] * (n * flow.NOPT)  # visits, raises, takes this era
        self.scarab = [0] * (n * NUM_HOUSES)
        self.heart = [DATA.heart_start] * n
        self.feather = [DATA.feather_start] * n
        self.food = [0] * n
        self.heka = [DATA.heka_start] * n
        self.pp = [DATA.pp_start] * n
        self.pp_cat = [0] * (n * NCAT)
        for p in range(n):
            self.pp_cat[p * NCAT + CAT_START] = DATA.pp_start
        self.sun = [0] * n
        self.gp = [0] * n
        self.qp = [0] * n
        self.glyph = [0] * n
        self.board = [-1] * n
        self.sphinx_sup = [DATA.sphinxes] * n
        self.sphinx_av = [0] * n
        self.mummy_sup = [DATA.mummies] * n
        self.sarc_av = [0] * n
        self.eye_sup = [DATA.eyes] * n
        self.eye_av = [0] * n
        self.priest = [0] * (n * PRIEST_W)
        for p in range(n):
            self.priest[p * PRIEST_W] = DATA.priestesses
        self.boats = [0] * (n * DATA.boats)
        self.wares = [-1] * (n * WARE_SPACES)
        self.ware_state = [0] * (n * WARE_SPACES)  # 0 basket only, 1 ware + basket, 2 offered
        self.row = [-1] * (n * len(DATA.papyrus_slot_cost))
        self.rolled = [0] * n
        self.ta = [-1] * (n * DATA.ta_slots)  # agreement * 2 + fulfilled
        self.graves = [-1] * len(DATA.grave_ids)
        self.mastaba = [-1] * len(DATA.mastaba_slots)
        self.pedestals = [-1] * len(DATA.pedestal_ids)
        self.temple = [-1] * len(DATA.temple_ids)
        self.gp_grid = [-1] * (LEVELS * POSITIONS)
        self.gp_stack = [0] * (LEVELS * NFAV)
        for lv, favs in enumerate(DATA.gp_piece_favours):
            for f in favs:
                self.gp_stack[lv * NFAV + f] += 1
        self.gp_top = [-1] * LEVELS
        self.qp_levels = [0] * QUEENS
        self.qp_eyes = [0] * (n * QUEENS)
        self.qtiles = [-1] * QUEENS
        self.city_adv = [-1] * NUM_CITIES
        self.city_ta = [-1] * (NUM_CITIES * CITY_SLOTS)
        self.ware_mkt = [-1] * len(DATA.ware_market_cost)
        self.pap_mkt = [-1] * len(DATA.papyrus_market_cost)
        self.display = [-1] * len(DATA.display_food)
        self.supply_seq: list[int] = []
        self.discard: list[int] = []
        self.harvest_log: list[tuple[Any, ...]] = []
        flow.setup(self, game.options["start_player"])
        tasks.run(self)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.chance else self.actor

    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        return self.chance and not self.over

    def legal_actions(self) -> list[int]:
        return self.legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.chance or self.over:
            return []
        task = self.todo[-1]
        weights = tasks.CHANCE[task[0]][2]
        if weights is not None:
            return weights(self, task)
        q = 1.0 / len(self.legal)  # the draws, kept by tasks.run, are equally likely
        return [(a, q) for a in self.legal]

    def sample_chance_outcome(self, rng: Any) -> int:
        """``State.sample_chance_outcome`` without building the outcome list for a uniform draw: the
        same walk over the same cumulative sums, so the same outcome for the same ``rng``."""
        if not self.chance or self.over or self.todo[-1][0] in WEIGHTED:
            return State.sample_chance_outcome(self, rng)
        legal = self.legal
        n = len(legal)
        sums = CUMULATIVE.get(n)
        if sums is None:
            sums = tasks.cumulative(n)
        k = bisect_right(sums, rng.random())
        return legal[k] if k < n else legal[-1]

    def apply_action(self, action: Any, hook: Any = None) -> None:
        """``hook``: the move log's narrator (``log.Narrator``), told about every automatic and
        forced step that follows; ``None`` in play."""
        # ``action: Any``, checked here: a wrong type is an IllegalActionError, also in the compiled
        # build (where an ``int`` parameter would raise TypeError on entry).
        if type(action) is not int and (isinstance(action, bool) or not isinstance(action, int)):
            raise IllegalActionError(error_msg("errors.illegal.not_int", got=repr(action)))
        legal = self.legal  # ascending (tasks.run sorts decisions; draws come in id order)
        if len(legal) > 8:  # a draw from a bag: a binary search
            k = bisect_left(legal, action)
            if k == len(legal) or legal[k] != action:
                raise IllegalActionError(illegal_message(self, action, error_msg("errors.illegal.not_legal")))
        elif action not in legal:
            raise IllegalActionError(illegal_message(self, action, error_msg("errors.illegal.not_legal")))
        self.hist = (action, self.hist)
        todo = self.todo
        task = todo.pop()
        if hook is not None:
            self.narrated = True  # False again when done: play never writes it
            try:
                HANDLERS[task[0]][2](self, task, action)  # the decision's or the chance node's apply
                run(self, hook)
            finally:
                self.narrated = False
            return
        HANDLERS[task[0]][2](self, task, action)
        run(self)

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return self.pp[:]

    def winners(self) -> list[int]:
        if not self.over:
            raise ValueError("the game is not over")
        return harvest.winners(self)

    def score_breakdown(self) -> dict[str, list[int]]:
        return {c: [self.pp_cat[p * NCAT + k] for p in range(self.n)] for k, c in enumerate(CATEGORIES)}

    def history(self) -> list[int]:
        return unlink_history(self.hist)

    # -- copying --------------------------------------------------------------------------------
    def clone(self) -> MenNeferState:
        # One assignment per FIELDS entry ("l": copied, "v" and "c": shared), written out so that the compiled
        # build stores them natively; test_flow.py checks it against FIELDS.
        c = MenNeferState()
        c.game = self.game
        c.n = self.n
        c.opt = self.opt
        c.narrated = False
        c.cow = self.cow = COW_ALL  # the "c" fields below are shared until one side owns them
        c.era = self.era
        c.rnd = self.rnd
        c.turn_pos = self.turn_pos
        c.actor = self.actor
        c.over = self.over
        c.chance = self.chance
        c.legal = self.legal
        c.bag_wares = self.bag_wares
        c.bag_papyri = self.bag_papyri
        c.ta_stack = self.ta_stack
        c.tile_pool = self.tile_pool
        c.boards_left = self.boards_left
        c.queens_left = self.queens_left
        c.mastaba_left = self.mastaba_left
        c.deity = self.deity
        c.supply_top = self.supply_top
        c.activated = self.activated
        c.ta_discarded = self.ta_discarded
        c.pyramidion = self.pyramidion
        c.neutral_tile = self.neutral_tile
        c.sun_houses = self.sun_houses
        c.todo = self.todo[:]
        c.order = self.order
        c.appr = self.appr[:]
        c.home = self.home[:]
        c.slots = self.slots[:]
        c.used = self.used[:]
        c.scarab = self.scarab[:]
        c.heart = self.heart[:]
        c.feather = self.feather[:]
        c.food = self.food[:]
        c.heka = self.heka[:]
        c.pp = self.pp[:]
        c.pp_cat = self.pp_cat[:]
        c.sun = self.sun[:]
        c.gp = self.gp
        c.qp = self.qp
        c.glyph = self.glyph[:]
        c.board = self.board
        c.sphinx_sup = self.sphinx_sup
        c.sphinx_av = self.sphinx_av
        c.mummy_sup = self.mummy_sup
        c.sarc_av = self.sarc_av
        c.eye_sup = self.eye_sup
        c.eye_av = self.eye_av
        c.priest = self.priest[:]
        c.boats = self.boats[:]
        c.wares = self.wares
        c.ware_state = self.ware_state
        c.row = self.row
        c.rolled = self.rolled
        c.ta = self.ta
        c.graves = self.graves
        c.mastaba = self.mastaba
        c.pedestals = self.pedestals
        c.temple = self.temple
        c.gp_grid = self.gp_grid
        c.gp_stack = self.gp_stack
        c.gp_top = self.gp_top
        c.qp_levels = self.qp_levels
        c.qp_eyes = self.qp_eyes
        c.qtiles = self.qtiles
        c.city_adv = self.city_adv
        c.city_ta = self.city_ta
        c.ware_mkt = self.ware_mkt[:]
        c.pap_mkt = self.pap_mkt[:]
        c.display = self.display[:]
        c.supply_seq = self.supply_seq[:]
        c.discard = self.discard[:]
        c.harvest_log = self.harvest_log
        c.hist = self.hist
        return c

    def _key(self) -> tuple[Any, ...]:
        out = []
        for name, kind in FIELDS.items():
            if name == "hist":
                continue
            v = getattr(self, name)
            out.append(tuple(v) if kind == "l" or isinstance(v, list) else v)
        return tuple(out) + (tuple(self.history()),)

    # -- views, key, resample, table_helper, check_invariants and str() come from views.py,
    # heuristics.py, invariants.py and render.py (core.game.State)
    def __repr__(self) -> str:
        return f"<MenNeferState players={self.n} era={self.era} round={self.rnd} actor={self.actor}>"


# What clone() shares on purpose (core.testing checks that nothing else is shared).
declare_cow(MenNeferState, cow=tuple(k for k, v in FIELDS.items() if v == "c"),
            frozen=tuple(k for k, v in FIELDS.items() if v == "v"), one_group_each=True)  # fmt: skip

"""Ra: The Dice Game's observation encoder for the research adapters (see ``heliopolis/core/observation.py``).

Information model (see ``views.py``): nothing is hidden. Every seat observes the same table, so
``private`` adds only the observing seat's one-hot ``player`` piece, and the current table is a
sufficient statistic of the history (the tensor is the same with and without perfect recall; the
perfect-recall string is the engine's ``information_state_string``, the seat plus the history).

Tensor layout, in this order, for ``n`` players (values in ``[0, 1]`` except ``points``):

=====================  ==========  =====================================================================
piece                  shape       meaning
=====================  ==========  =====================================================================
``player``             n           one-hot observing seat (only when private information is requested)
``current_player``     n           one-hot seat to act (a disaster victim while removing; zero at chance/end)
``phase``              6           one-hot: start, roll (chance), reroll, apply, remove, end
``epoch``              3           one-hot epoch
``ra``                 15          one-hot space of the Ra figure on the Sun track (0 .. last)
``dice_face``          5 x 6       per die (red, yellow, green, blue, purple): one-hot face shown (none while rolling)
``dice_state``         5 x 5       per die: one-hot rolling, free, chosen for reroll, sun (locked), used
``rolls``              3           thermometer: rolls done this turn
``turn``               6           real Pharaoh used, real Nile used, Civilization markers / 3, Monument
                                   markers / 3, a disaster may be declared, free ankhs / 5
``disaster``           4           one-hot disaster declared this turn
``pharaoh``            n           Pharaoh marker / 12
``nile``               n           Nile stack / 12
``floods``             n           flood markers, capped at 4, / 4
``civilization``       5 x n       per colour space: which seats have a marker there
``monuments``          40 x n      per Monument space (colour-major, columns 1-8): its owner
``removal``            n + 3       disaster removals: one-hot victim, Civilization / Monument, markers left / 2 (the most a disaster takes)
``points``             n           points / 100 (may be negative without ``score_floor_zero``)
=====================  ==========  =====================================================================

With ``public=False`` only ``player`` remains (nothing is private).
"""

from __future__ import annotations

import array
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Final

from heliopolis.core.observation import PRIVATE_NONE, ObservationType, Observer, PartKey, Piece, one_hot, one_hots
from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice.components import COLUMNS, D_CIV, DISASTER_NAMES, FACE_NAMES, NUM_DICE, NUM_FACES

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.game import RaDiceGame
    from heliopolis.games.ra_dice.state import RaDiceState

NUM_PHASES: Final = 6
NUM_DIE_STATES: Final = 5
POINTS_SCALE: Final = 100.0
FLOOD_CAP: Final = 4
NUM_SPACES: Final[int] = NUM_DICE * COLUMNS  # = actions.NUM_SPACES


def points_bounds(game: RaDiceGame) -> tuple[int, int]:
    """Bounds on a seat's points over any game within ``max_game_length``.

    Lowest: the lowest starting score, then every epoch the Pharaoh -2 and no Civilization -5
    (nothing else takes points away). Highest: the highest starting score, 4 points a turn at most
    during turns (two unused ankh pairs, or 3 for three suns) over the turns of the longest game,
    every epoch the best Pharaoh, Nile and Civilization results, and at the end every Monument
    space (all columns, five markers in each)."""
    from heliopolis.games.ra_dice.game import TURNS_PER_EPOCH

    r = game.rules
    low = min(r.starting_scores) + r.epochs * (min(0, r.pharaoh_least) + min(r.civ_points))
    if game.floor:
        low = 0
    per_turn = max(max(p for _, p, _ in r.sun_effect), (NUM_DICE // 2) * r.ankh_pair_points)
    epoch = r.pharaoh_most + max(r.nile_points) + max(r.civ_points)
    final = max(r.mon_column_points) + COLUMNS * max(r.mon_bonus)
    high = max(r.starting_scores) + r.epochs * (TURNS_PER_EPOCH * per_turn + epoch) + final
    return low, high


def make_observer(game: RaDiceGame, obs_type: ObservationType) -> RaDiceObserver:
    return RaDiceObserver(game, obs_type)


class RaDiceObserver(Observer["RaDiceState"]):
    """Encodes a ``RaDiceState`` for one seat; see the module docstring for the layout."""

    def __init__(self, game: RaDiceGame, obs_type: ObservationType) -> None:
        super().__init__(game, obs_type)
        n = game.players
        pieces: list[Piece] = []
        if obs_type.private != PRIVATE_NONE:
            pieces.append(Piece("player", (n,)))
        if obs_type.public:
            low, high = points_bounds(game)
            pieces += [
                Piece("current_player", (n,)),
                Piece("phase", (NUM_PHASES,)),
                Piece("epoch", (game.epochs,)),
                Piece("ra", (game.ra_last + 1,)),
                Piece("dice_face", (NUM_DICE, NUM_FACES)),
                Piece("dice_state", (NUM_DICE, NUM_DIE_STATES)),
                Piece("rolls", (game.rolls_max,)),
                Piece("turn", (6,)),
                Piece("disaster", (len(DISASTER_NAMES),)),
                Piece("pharaoh", (n,)),
                Piece("nile", (n,)),
                Piece("floods", (n,)),
                Piece("civilization", (NUM_DICE, n)),
                Piece("monuments", (NUM_SPACES, n)),
                Piece("removal", (n + 3,)),
                Piece("points", (n,), low / POINTS_SCALE, high / POINTS_SCALE),
            ]
        self.pieces = tuple(pieces)
        self._n = n
        self._game = game
        # a Civilization / Monument space's cell by its value (seat mask / owner), as float32
        self._civ_cells: dict[int, array.array[float]] = {}
        self._mon_cells: dict[int, array.array[float]] = {}

    def tensor(self, state: RaDiceState, player: int) -> list[float]:
        state._check_seat(player)
        g = state.game
        n = self._n
        ot = self.obs_type
        out: list[float] = one_hot(player, n) if ot.private != PRIVATE_NONE else []
        if not ot.public:
            return out
        out += one_hots((state.current_player(), n), (state.phase, NUM_PHASES),
                        (min(state.epoch, g.epochs) - 1, g.epochs), (state.ra, g.ra_last + 1))  # fmt: skip
        turn = state.phase in (S.ROLL, S.REROLL, S.APPLY, S.REMOVE)
        for d in range(NUM_DICE):
            v = [0.0] * NUM_FACES
            if turn and state.face[d] >= 0:
                v[state.face[d]] = 1.0
            out += v
        for d in range(NUM_DICE):
            v = [0.0] * NUM_DIE_STATES
            if turn:
                v[state.dst[d]] = 1.0
            out += v
        out += [1.0 if turn and i < state.rolls else 0.0 for i in range(g.rolls_max)]
        applying = state.phase in (S.APPLY, S.REMOVE)
        out += [
            1.0 if turn and state.preal else 0.0,
            1.0 if turn and state.nreal else 0.0,
            state.civ_n / max(g.rules.civ_markers_by_dice.values()) if turn else 0.0,
            state.mon_n / g.mon_max if turn else 0.0,
            1.0 if turn and state.dis == S.DIS_AVAILABLE else 0.0,
            state.free_ankhs() / NUM_DICE if applying else 0.0,
        ]  # fmt: skip
        v = [0.0] * len(DISASTER_NAMES)
        if turn and state.dis >= S.DIS_DECLARED:
            v[state.dis - S.DIS_DECLARED] = 1.0
        out += v
        out += [x / g.phar_max for x in state.phar]
        out += [x / g.nile_max for x in state.nile]
        out += [min(x, FLOOD_CAP) / FLOOD_CAP for x in state.floods]
        for mask in state.civ:
            out += [float(mask >> p & 1) for p in range(n)]
        for o in state.mon:
            v = [0.0] * n
            if o >= 0:
                v[o] = 1.0
            out += v
        v = [0.0] * (n + 3)
        if state.phase == S.REMOVE:
            v[state.vic] = 1.0
            v[n + (0 if state.vic_kind == D_CIV else 1)] = 1.0
            v[n + 2] = state.vic_left / max(g.dis_civ_remove, g.dis_mon_remove)
        out += v
        out += [x / POINTS_SCALE for x in state.points]
        return out

    # -- the same tensor as memoisable parts (core.observation: the adapters' fast path) ---------
    # Parts, in tensor order, each a pure function of its key (the key holds what the part shows):
    #   0 head: player, current_player, phase, epoch, ra       key (player or -1, cp, phase, epoch, ra)
    #   1-5 dice_face of die d                                 key: the face shown, -1 for none
    #   6-10 dice_state of die d                               key: the die's state, -1 off turn
    #   11 rolls, turn, disaster                               key: the turn's counters (None off turn)
    #   12 pharaoh, nile, floods                               key: Pharaohs, Niles, floods per seat (one tuple)
    #   13 civilization                                        key: the state's list of seat masks per colour
    #                                                          space (a board: one cell per space)
    #   14 monuments                                           key: the state's list of owners per Monument
    #                                                          space (a board: one cell per space)
    #   15 removal                                             key (victim, kind, left) or None
    #   16 points                                              key: the state's list of points per seat
    # The dice are one part per die and block (int keys, at most 7 encodings each): a step changes
    # one or two dice, and a part per whole roll would rarely meet its key again.
    # With ``public=False`` only part 0 (player) remains.
    def part_keys(self, state: RaDiceState, player: int) -> tuple[PartKey, ...]:
        if type(player) is not int or not 0 <= player < self._n:
            state._check_seat(player)  # raises the usual error
        ot = self.obs_type
        private = ot.private != PRIVATE_NONE
        if not ot.public:
            return ((player, -1, -1, -1, -1),) if private else ()
        g = state.game
        phase = state.phase
        head = (player if private else -1, state.current_player(), phase, min(state.epoch, g.epochs), state.ra)
        if phase == S.ROLL or phase == S.REROLL or phase == S.APPLY or phase == S.REMOVE:
            face = state.face  # NUM_DICE faces and die states: one part each
            dst = state.dst
            dis = state.dis
            turn: Hashable = (state.rolls, state.preal, state.nreal, state.civ_n, state.mon_n, dis,
                              state.free_ankhs() if phase == S.APPLY or phase == S.REMOVE else None)  # fmt: skip
            removal: Hashable = (state.vic, state.vic_kind, state.vic_left) if phase == S.REMOVE else None
            return (head, *face, *dst, turn, (*state.phar, *state.nile, *state.floods), state.civ, state.mon,
                    removal, state.points)  # fmt: skip
        return (head, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, None,
                (*state.phar, *state.nile, *state.floods), state.civ, state.mon, None, state.points)  # fmt: skip

    def encode_part(self, index: int, key: Any) -> list[float]:  # noqa: C901 - one branch per part
        g = self._game
        n = self._n
        ot = self.obs_type
        if index == 0:
            player, cp, phase, epoch, ra = key
            out: list[float] = one_hot(player, n) if ot.private != PRIVATE_NONE else []
            if not ot.public:
                return out
            return out + one_hots((cp, n), (phase, NUM_PHASES), (epoch - 1, g.epochs), (ra, g.ra_last + 1))
        if index <= NUM_DICE:
            out = [0.0] * NUM_FACES
            if key >= 0:
                out[key] = 1.0
            return out
        if index <= 2 * NUM_DICE:
            out = [0.0] * NUM_DIE_STATES
            if key >= 0:
                out[key] = 1.0
            return out
        if index == 11:
            if key is None:
                return [0.0] * (g.rolls_max + 6 + len(DISASTER_NAMES))
            rolls, preal, nreal, civ_n, mon_n, dis, free_ankhs = key
            out = [1.0 if i < rolls else 0.0 for i in range(g.rolls_max)]
            out += [
                1.0 if preal else 0.0,
                1.0 if nreal else 0.0,
                civ_n / max(g.rules.civ_markers_by_dice.values()),
                mon_n / g.mon_max,
                1.0 if dis == S.DIS_AVAILABLE else 0.0,
                free_ankhs / NUM_DICE if free_ankhs is not None else 0.0,
            ]
            v = [0.0] * len(DISASTER_NAMES)
            if dis >= S.DIS_DECLARED:
                v[dis - S.DIS_DECLARED] = 1.0
            return out + v
        if index == 12:  # the seats' Pharaohs, Niles and floods, in one flat tuple
            phar, nile, floods = key[:n], key[n : 2 * n], key[2 * n :]
            return ([x / g.phar_max for x in phar] + [x / g.nile_max for x in nile]
                    + [min(x, FLOOD_CAP) / FLOOD_CAP for x in floods])  # fmt: skip
        if index == 13:
            out = []
            for mask in key:
                out += [float(mask >> p & 1) for p in range(n)]
            return out
        if index == 14:
            out = []
            for o in key:
                v = [0.0] * n
                if o >= 0:
                    v[o] = 1.0
                out += v
            return out
        if index == 15:
            v = [0.0] * (n + 3)
            if key is not None:
                vic, kind, left = key
                v[vic] = 1.0
                v[n + (0 if kind == D_CIV else 1)] = 1.0
                v[n + 2] = left / max(g.dis_civ_remove, g.dis_mon_remove)
            return v
        return [x / POINTS_SCALE for x in key]

    # The Civilization and Monument spaces as boards (Observer.board_cells): a step claims a space or two.
    def board_cells(self, index: int) -> int:
        if not self.obs_type.public:
            return 0
        if index == 13:
            return NUM_DICE  # one colour space per die colour
        if index == 14:
            return NUM_SPACES
        return 0

    def encode_cell(self, index: int, key: list[int], cell: int) -> array.array[float]:
        v = key[cell]
        table = self._civ_cells if index == 13 else self._mon_cells
        got = table.get(v)
        if got is None:
            n = self._n
            if index == 13:
                got = array.array("f", [float(v >> p & 1) for p in range(n)])
            else:
                got = array.array("f", one_hot(v, n))
            table[v] = got
        return got

    def string(self, state: RaDiceState, player: int) -> str:
        state._check_seat(player)
        ot = self.obs_type
        if not ot.public:
            return ""  # nothing is private in Ra: The Dice Game (OpenSpiel checks this is empty)
        if ot.perfect_recall:
            if ot.private == PRIVATE_NONE:
                return "ra-dice:" + ",".join(map(str, state.history()))
            return state.information_state_string(player)
        g = state.game
        names = g.colour_names
        cp = state.current_player()
        who = f"p{cp}" if cp >= 0 else ("chance" if state.is_chance_node() else "-")
        parts = [f"epoch {min(state.epoch, g.epochs)} {S.PHASE_NAMES[state.phase]} to_move {who}",
                 f"ra {state.ra}/{g.ra_last}"]  # fmt: skip
        if state.phase in (S.ROLL, S.REROLL, S.APPLY, S.REMOVE):
            dice = ",".join(
                f"{names[d]}:{FACE_NAMES[state.face[d]] if state.face[d] >= 0 else '?'}:{S.DIE_STATE_NAMES[state.dst[d]]}"
                for d in range(NUM_DICE)
            )  # fmt: skip
            parts.append(f"p{state.cur} roll {state.rolls} suns {state.suns} dice {dice}")
            if state.phase in (S.APPLY, S.REMOVE):
                dis = state.dis
                dname = ("none", "available")[dis] if dis < S.DIS_DECLARED else DISASTER_NAMES[dis - S.DIS_DECLARED]
                parts.append(f"pharaoh_real {int(state.preal)} nile_real {int(state.nreal)} civ {state.civ_n} "
                             f"mon {state.mon_n} free_ankhs {state.free_ankhs()} disaster {dname}")  # fmt: skip
        for p in range(self._n):
            civ = ",".join(names[c] for c in range(NUM_DICE) if state.civ[c] >> p & 1) or "-"
            mon = (
                ",".join(f"{names[i // COLUMNS]}{i % COLUMNS + 1}" for i in range(NUM_SPACES) if state.mon[i] == p)
                or "-"
            )
            parts.append(
                f"s{p} pharaoh {state.phar[p]} nile {state.nile[p]} floods {state.floods[p]} civ {civ} mon {mon}"
            )
        if state.phase == S.REMOVE:
            parts.append(f"remove p{state.vic} {DISASTER_NAMES[state.vic_kind]} {state.vic_left}")
        parts.append("points " + ",".join(map(str, state.points)))
        if ot.private != PRIVATE_NONE:
            parts.insert(0, f"p{player}")
        return " | ".join(parts)

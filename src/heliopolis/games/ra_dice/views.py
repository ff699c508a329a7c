"""What each seat sees, human descriptions of actions, and the public event log.

Information model. Ra: The Dice Game hides nothing: the dice are rolled in the open and every
track, area and score is on the table (the rulebook mentions no secret). Every seat's view is
the same public view; the information state is the seat plus the public action history (which
determines the whole state), and ``resample_from_infostate`` returns a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.game import PublicLog
from heliopolis.core.helpers import illegal_message as core_illegal_message
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice import phases as S
from heliopolis.games.ra_dice.components import (
    COLUMNS,
    DISASTER_LABELS,
    DISASTER_NAMES,
    FACE_NAMES,
    NUM_DICE,
    NUM_FACES,
)
from heliopolis.games.ra_dice.epochs import columns_of
from heliopolis.games.ra_dice.scoring import EPOCH_CATEGORIES
from heliopolis.locale import listing, msg

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState


def colour(state: RaDiceState, c: int) -> str:
    """A die's (or space's) colour, a term of the ``ra-dice`` catalog."""
    return msg(f"ra-dice.colour.{state.game.colour_names[c]}")


def face(f: int) -> str:
    return msg(f"ra-dice.face.{FACE_NAMES[f]}")


def same_for_all(state: RaDiceState) -> bool:
    """Every seat's ``player_view`` is the spectators' with its own ``viewer`` (nothing is hidden):
    a server builds one view for all."""
    return True


def player_view(state: RaDiceState, viewer: int | None) -> dict[str, Any]:
    """JSON-safe view; identical for every seat and spectators except ``viewer`` (nothing hidden)."""
    state._check_seat(viewer)
    g = state.game
    n = state.n
    names = g.colour_names
    seats = []
    for p in range(n):
        seats.append({
            "seat": p,
            "points": state.points[p],
            "pharaoh": state.phar[p],
            "nile": state.nile[p],
            "floods": state.floods[p],
            "civilization": [names[c] for c in range(NUM_DICE) if state.civ[c] >> p & 1],
            "monuments": sum(1 for o in state.mon if o == p),
            "monument_columns": columns_of(state, p),
        })  # fmt: skip
    in_turn = state.phase in (S.ROLL, S.REROLL, S.APPLY, S.REMOVE)
    turn = None
    if in_turn:
        dis = state.dis
        turn = {
            "seat": state.cur,
            "rolls": state.rolls,
            "rolls_max": g.rolls_max,
            "suns": state.suns,
            "dice": [
                {"colour": names[d], "face": FACE_NAMES[state.face[d]] if state.face[d] >= 0 else None,
                 "state": S.DIE_STATE_NAMES[state.dst[d]]}
                for d in range(NUM_DICE)
            ],
            "pharaoh_real_used": state.preal,
            "nile_real_used": state.nreal,
            "civilization_markers": state.civ_n,
            "monument_markers": state.mon_n,
            "free_ankhs": state.free_ankhs() if state.phase in (S.APPLY, S.REMOVE) else None,
            "disaster": ("none", "available")[dis] if dis < S.DIS_DECLARED else DISASTER_NAMES[dis - S.DIS_DECLARED],
        }  # fmt: skip
    removal = None
    if state.phase == S.REMOVE:
        removal = {"seat": state.vic, "kind": DISASTER_NAMES[state.vic_kind], "left": state.vic_left}
    epoch_scores = [
        {"epoch": epoch, "seats": [{"seat": p, "categories": dict(zip(EPOCH_CATEGORIES, cats[p])),
                                    "before": before[p], "after": after[p]} for p in range(n)]}
        for epoch, cats, before, after in state.epoch_log
    ]  # fmt: skip
    return {
        "game": "ra-dice",
        "encoding": A.ENCODING,
        "players": n,
        "viewer": viewer,
        "epoch": min(state.epoch, g.epochs),
        "epochs": g.epochs,
        "phase": S.PHASE_NAMES[state.phase],
        "current_player": state.current_player(),
        "terminal": state.is_terminal(),
        "start_player": state.start if state.start >= 0 else None,
        "sun_track": {"ra": state.ra, "start": g.ra_start, "last": g.ra_last},
        "nile_values": list(g.nile_points),
        "civilization": {names[c]: [p for p in range(n) if state.civ[c] >> p & 1] for c in range(NUM_DICE)},
        "civilization_capacity": g.cap,
        "monuments": {
            names[c]: [None if o < 0 else o for o in state.mon[c * COLUMNS : (c + 1) * COLUMNS]]
            for c in range(NUM_DICE)
        },  # fmt: skip
        "turn": turn,
        "removal": removal,
        "seats": seats,
        "epoch_scores": epoch_scores,
        "winners": state.winners() if state.is_terminal() else None,
    }


def information_state_string(state: RaDiceState, player: int) -> str:
    """The seat and the public history (it determines the whole state; nothing is hidden)."""
    if player is None:
        raise ValueError("information_state_string needs a seat")
    state._check_seat(player)
    return f"ra-dice:{player}:" + ",".join(map(str, state.history()))


def _die(state: RaDiceState, d: int) -> str:
    f = state.face[d]
    return (
        msg("ra-dice.die", colour=colour(state, d), face=face(f))
        if f >= 0
        else msg("ra-dice.die_rolling", colour=colour(state, d))
    )


_DISASTER_MOVES = ("ra-dice.move.disaster_pharaoh", "ra-dice.move.disaster_nile", "ra-dice.move.disaster_civ",
                   "ra-dice.move.disaster_mon")  # fmt: skip


def describe_action(state: RaDiceState, action: int) -> str:
    """Human text for ``action`` in this position (the UI's counterpart of notation)."""
    text = A.action_to_string(action)
    g = state.game
    p = state.cur
    if action >= A.DIE_BASE:
        if action >= A.START_BASE:
            return msg("ra-dice.move.start", seat=action - A.START_BASE)
        d, f = divmod(action - A.DIE_BASE, NUM_FACES)
        return msg("ra-dice.move.die_shows", colour=colour(state, d), face=face(f))
    if action == A.STOP:
        return msg("ra-dice.move.stop", n=state.suns)
    if action == A.ROLL:
        chosen = [colour(state, d) for d in range(NUM_DICE) if state.marks >> d & 1]
        dice = listing("ra-dice.list", chosen) or msg("ra-dice.move.chosen_dice")
        return msg("ra-dice.move.roll", dice=dice, roll=state.rolls + 1, max=g.rolls_max)
    if A.REROLL_BASE <= action < A.PHARAOH_REAL:
        return msg("ra-dice.move.mark", die=_die(state, action - A.REROLL_BASE))
    if action in (A.PHARAOH_REAL, A.PHARAOH_ANKH):
        to = min(g.phar_max, state.phar[p] + 1) if p >= 0 else 0
        key = "ra-dice.move.pharaoh" if action == A.PHARAOH_REAL else "ra-dice.move.pharaoh_ankh"
        return msg(key, space=state.phar[p] if p >= 0 else 0, to=to)
    if action in (A.NILE_REAL, A.NILE_ANKH):
        to = min(g.nile_max, state.nile[p] + 1) if p >= 0 else 0
        key = "ra-dice.move.nile" if action == A.NILE_REAL else "ra-dice.move.nile_ankh"
        return msg(key, space=state.nile[p] if p >= 0 else 0, to=to)
    if A.FLOOD_BASE <= action < A.CIV_BASE:
        k = action - A.FLOOD_BASE
        space = state.nile[p] if p >= 0 else 0
        return msg("ra-dice.move.flood", nile=g.flood_dice - k, ankhs=k, space=space, points=g.nile_points[space])
    if A.CIV_BASE <= action < A.MON_BASE:
        c = action - A.CIV_BASE
        key = "ra-dice.move.civ_first" if not state.civ_n else "ra-dice.move.civ_more"
        return msg(key, colour=colour(state, c))
    if A.MON_BASE <= action < A.DISASTER_BASE:
        c, col = divmod(action - A.MON_BASE, COLUMNS)
        key = "ra-dice.move.mon_first" if not state.mon_n else "ra-dice.move.mon_more"
        return msg(key, colour=colour(state, c), column=col + 1)
    if A.DISASTER_BASE <= action < A.FINISH:
        k = action - A.DISASTER_BASE
        n = (g.dis_pharaoh_back, g.dis_nile_back, g.dis_civ_remove, g.dis_mon_remove)[k]
        return msg(_DISASTER_MOVES[k], n=n)
    if action == A.FINISH:
        pairs = state.free_ankhs() // 2 if state.phase == S.APPLY else 0
        end = state.ra >= g.ra_last
        if pairs > 0:
            return msg("ra-dice.move.finish_pairs_end" if end else "ra-dice.move.finish_pairs",
                       points=pairs * g.ankh_pair_points, n=pairs)  # fmt: skip
        return msg("ra-dice.move.finish_end" if end else "ra-dice.move.finish")
    if A.REMOVE_CIV_BASE <= action < A.REMOVE_MON_BASE:
        return msg("ra-dice.move.remove_civ", colour=colour(state, action - A.REMOVE_CIV_BASE))
    if A.REMOVE_MON_BASE <= action < A.NUM_DISTINCT_ACTIONS:
        c, col = divmod(action - A.REMOVE_MON_BASE, COLUMNS)
        return msg("ra-dice.move.remove_mon", colour=colour(state, c), column=col + 1)
    return text


def illegal_message(state: Any, action: Any, reason: str) -> str:
    return core_illegal_message(state, action, reason)


def roll_line(state: RaDiceState) -> str:
    """The event line of a completed roll (called by the state while a log is recorded)."""
    dice = listing("ra-dice.list", [_die(state, d) for d in range(NUM_DICE) if state.rmask >> d & 1])
    if state.rolls == 1:
        return msg("ra-dice.log.rolls", seat=state.cur, dice=dice, n=state.suns)
    return msg("ra-dice.log.rerolls", seat=state.cur, roll=state.rolls, dice=dice, n=state.suns)


def _action_line(state: RaDiceState, a: int) -> str | None:
    """The event line of a player action, from the position before it (None: no line)."""
    p = state.current_player()
    if a == A.STOP:
        return msg("ra-dice.log.keeps", seat=p)
    if a == A.ROLL or A.REROLL_BASE <= a < A.PHARAOH_REAL:
        return None  # the roll's own line says which dice were rolled
    text = A.action_to_string(a)
    if a in (A.PHARAOH_REAL, A.PHARAOH_ANKH):
        key = "ra-dice.log.pharaoh_ankh" if a == A.PHARAOH_ANKH else "ra-dice.log.pharaoh"
        return msg(key, seat=p, to=min(state.game.phar_max, state.phar[p] + 1))
    if a in (A.NILE_REAL, A.NILE_ANKH):
        key = "ra-dice.log.nile_ankh" if a == A.NILE_ANKH else "ra-dice.log.nile"
        return msg(key, seat=p, to=min(state.game.nile_max, state.nile[p] + 1))
    if A.FLOOD_BASE <= a < A.CIV_BASE:
        k = a - A.FLOOD_BASE
        return msg("ra-dice.log.flood", seat=p, space=state.nile[p], nile=state.game.flood_dice - k, ankhs=k)
    if A.CIV_BASE <= a < A.MON_BASE:
        return msg("ra-dice.log.civ", seat=p, colour=colour(state, a - A.CIV_BASE))
    if A.MON_BASE <= a < A.DISASTER_BASE:
        c, col = divmod(a - A.MON_BASE, COLUMNS)
        return msg("ra-dice.log.mon", seat=p, colour=colour(state, c), column=col + 1)
    if A.DISASTER_BASE <= a < A.FINISH:
        return None  # the state logs the disaster and its automatic effects
    if a == A.FINISH:
        return msg("ra-dice.log.finish", seat=p)
    if A.REMOVE_CIV_BASE <= a < A.REMOVE_MON_BASE:
        return msg("ra-dice.log.remove_civ", seat=p, colour=colour(state, a - A.REMOVE_CIV_BASE))
    if A.REMOVE_MON_BASE <= a < A.NUM_DISTINCT_ACTIONS:
        c, col = divmod(a - A.REMOVE_MON_BASE, COLUMNS)
        return msg("ra-dice.log.remove_mon", seat=p, colour=colour(state, c), column=col + 1)
    return text


def public_events(state: RaDiceState, last: int | None = None) -> list[str]:
    """One human line per public event (a roll, a die use, a sun effect, a disaster, an epoch
    scoring, ...): ``state.public_log()``, optionally only the ``last`` lines."""
    lines = state.public_log()
    return lines if last is None else lines[-last:]


class RaDicePublicLog(PublicLog):
    """The move log in sentences, built incrementally on a replay of the history with the state's
    event log switched on (the lines of an action depend on the position it was played in, and
    the automatic steps it triggers — sun effect, forced removals, end of turn, epoch scoring —
    are logged by the state itself)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.replay = game.new_initial_state()
        self.replay.log = self.lines

    def feed(self, a: int) -> list[str]:
        replay = self.replay
        lines = self.lines
        start = len(lines)
        if a >= A.START_BASE:
            scores = ", ".join(map(str, replay.game.starting_scores[: replay.n]))
            lines.append(msg("ra-dice.log.start", seat=a - A.START_BASE, scores=scores))
        elif not replay.is_chance_node():
            line = _action_line(replay, a)
            if line is not None:
                lines.append(line)
        replay.apply_action(a)
        return lines[start:]


assert len(DISASTER_LABELS) == len(DISASTER_NAMES) and COLUMNS > 0 and len(FACE_NAMES) == NUM_FACES

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
    FACE_LABELS,
    FACE_NAMES,
    NUM_DICE,
    NUM_FACES,
)
from heliopolis.games.ra_dice.epochs import columns_of
from heliopolis.games.ra_dice.scoring import EPOCH_CATEGORIES

if TYPE_CHECKING:
    from heliopolis.games.ra_dice.state import RaDiceState


def colour(state: RaDiceState, c: int) -> str:
    name: str = state.game.colour_names[c]
    return name


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
        "monuments": {names[c]: [None if o < 0 else o for o in state.mon[c * COLUMNS:(c + 1) * COLUMNS]]
                      for c in range(NUM_DICE)},  # fmt: skip
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
    return f"{colour(state, d)} {FACE_LABELS[f]}" if f >= 0 else f"{colour(state, d)} (rolling)"


def describe_action(state: RaDiceState, action: int) -> str:
    """Human text for ``action`` in this position (the UI's counterpart of notation)."""
    text = A.action_to_string(action)
    g = state.game
    p = state.cur
    if action >= A.DIE_BASE:
        if action >= A.START_BASE:
            return f"P{action - A.START_BASE} is the start player"
        d, f = divmod(action - A.DIE_BASE, NUM_FACES)
        return f"The {colour(state, d)} die shows {FACE_LABELS[f]}"
    if action == A.STOP:
        return f"Keep the dice and apply them ({state.suns} sun(s) locked)"
    if action == A.ROLL:
        chosen = [colour(state, d) for d in range(NUM_DICE) if state.marks >> d & 1]
        return f"Reroll {', '.join(chosen) or 'the chosen dice'} (roll {state.rolls + 1} of {g.rolls_max})"
    if A.REROLL_BASE <= action < A.PHARAOH_REAL:
        d = action - A.REROLL_BASE
        return f"Choose the {_die(state, d)} die for rerolling"
    if action in (A.PHARAOH_REAL, A.PHARAOH_ANKH):
        what = "a Pharaoh die" if action == A.PHARAOH_REAL else "an ankh as a Pharaoh"
        to = min(g.phar_max, state.phar[p] + 1) if p >= 0 else 0
        return f"Use {what}: Pharaoh marker {state.phar[p] if p >= 0 else 0} → {to}"
    if action in (A.NILE_REAL, A.NILE_ANKH):
        what = "a Nile die" if action == A.NILE_REAL else "an ankh as a Nile"
        to = min(g.nile_max, state.nile[p] + 1) if p >= 0 else 0
        return f"Use {what}: Nile stack {state.nile[p] if p >= 0 else 0} → {to}"
    if A.FLOOD_BASE <= action < A.CIV_BASE:
        k = action - A.FLOOD_BASE
        space = state.nile[p] if p >= 0 else 0
        return (f"Flood the Nile with {g.flood_dice - k} Nile die/dice and {k} ankh(s): a flood marker "
                f"on space {space} (worth {g.nile_points[space]} now)")  # fmt: skip
    if A.CIV_BASE <= action < A.MON_BASE:
        c = action - A.CIV_BASE
        extra = " (starts a set of 3 dice)" if not state.civ_n else " (one more die in the set)"
        return f"Place a Civilization marker on the {colour(state, c)} space{extra}"
    if A.MON_BASE <= action < A.DISASTER_BASE:
        c, col = divmod(action - A.MON_BASE, COLUMNS)
        kind = "first marker" if not state.mon_n else "further marker: needs a partner Monument or ankh"
        return f"Place a Monument marker on the {colour(state, c)} space of column {col + 1} ({kind})"
    if A.DISASTER_BASE <= action < A.FINISH:
        k = action - A.DISASTER_BASE
        return {
            0: f"Pharaoh disaster: every other player's Pharaoh marker goes back {g.dis_pharaoh_back}",
            1: "Nile disaster: every other player loses a flood marker, or goes back "
               f"{g.dis_nile_back} without one",
            2: f"Civilization disaster: every other player removes {g.dis_civ_remove} of their Civilization markers",
            3: f"Monument disaster: every other player removes {g.dis_mon_remove} of their Monument markers",
        }[k]  # fmt: skip
    if action == A.FINISH:
        pairs = state.free_ankhs() // 2 if state.phase == S.APPLY else 0
        bonus = f" (+{pairs * g.ankh_pair_points} for {pairs} unused ankh pair(s))" if pairs > 0 else ""
        end = " — the epoch ends" if state.ra >= g.ra_last else ""
        return f"End the turn{bonus}{end}"
    if A.REMOVE_CIV_BASE <= action < A.REMOVE_MON_BASE:
        return f"Remove your Civilization marker from the {colour(state, action - A.REMOVE_CIV_BASE)} space"
    if A.REMOVE_MON_BASE <= action < A.NUM_DISTINCT_ACTIONS:
        c, col = divmod(action - A.REMOVE_MON_BASE, COLUMNS)
        return f"Remove your Monument marker from the {colour(state, c)} space of column {col + 1}"
    return text


def illegal_message(state: Any, action: Any, reason: str) -> str:
    return core_illegal_message(state, action, reason)

def roll_line(state: RaDiceState) -> str:
    """The event line of a completed roll (called by the state while a log is recorded)."""
    dice = ", ".join(_die(state, d) for d in range(NUM_DICE) if state.rmask >> d & 1)
    verb = "rolls" if state.rolls == 1 else f"rerolls (roll {state.rolls})"
    return f"P{state.cur} {verb}: {dice} — {state.suns} sun(s) locked"


def _action_line(state: RaDiceState, a: int) -> str | None:
    """The event line of a player action, from the position before it (None: no line)."""
    p = state.current_player()
    if a == A.STOP:
        return f"P{p} keeps the dice"
    if a == A.ROLL or A.REROLL_BASE <= a < A.PHARAOH_REAL:
        return None  # the roll's own line says which dice were rolled
    text = A.action_to_string(a)
    if a in (A.PHARAOH_REAL, A.PHARAOH_ANKH):
        via = " with an ankh" if a == A.PHARAOH_ANKH else ""
        return f"P{p} advances on the Pharaoh track{via} to {min(state.game.phar_max, state.phar[p] + 1)}"
    if a in (A.NILE_REAL, A.NILE_ANKH):
        via = " with an ankh" if a == A.NILE_ANKH else ""
        return f"P{p} advances on the Nile{via} to {min(state.game.nile_max, state.nile[p] + 1)}"
    if A.FLOOD_BASE <= a < A.CIV_BASE:
        return f"P{p} floods the Nile on space {state.nile[p]} ({text.split(':')[1]})"
    if A.CIV_BASE <= a < A.MON_BASE:
        return f"P{p} places a Civilization marker on {colour(state, a - A.CIV_BASE)}"
    if A.MON_BASE <= a < A.DISASTER_BASE:
        c, col = divmod(a - A.MON_BASE, COLUMNS)
        return f"P{p} places a Monument marker on {colour(state, c)}, column {col + 1}"
    if A.DISASTER_BASE <= a < A.FINISH:
        return None  # the state logs the disaster and its automatic effects
    if a == A.FINISH:
        return f"P{p} ends the turn"
    if A.REMOVE_CIV_BASE <= a < A.REMOVE_MON_BASE:
        return f"P{p} removes their Civilization marker from {colour(state, a - A.REMOVE_CIV_BASE)}"
    if A.REMOVE_MON_BASE <= a < A.NUM_DISTINCT_ACTIONS:
        c, col = divmod(a - A.REMOVE_MON_BASE, COLUMNS)
        return f"P{p} removes their Monument marker from {colour(state, c)}, column {col + 1}"
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
            scores = ", ".join(map(str, replay.game.starting_scores[:replay.n]))
            lines.append(f"P{a - A.START_BASE} is the start player: scores {scores} clockwise")
        elif not replay.is_chance_node():
            line = _action_line(replay, a)
            if line is not None:
                lines.append(line)
        replay.apply_action(a)
        return lines[start:]

assert len(DISASTER_LABELS) == len(DISASTER_NAMES) and COLUMNS > 0 and len(FACE_NAMES) == NUM_FACES

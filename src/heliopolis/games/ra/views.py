"""What each seat may see (RA-INFO), human descriptions of actions, and the public event log.

Information model. Ra's only secrets are the bag's order (which the engine never has: the bag
is counts per kind, and a draw is a chance node) and, with ``hidden_scores``, the other
players' points (RA-SCORE-10, RA-AMB-22). ``player_view`` hides those points until the game
ends. The information state is the perfect-recall one used by OpenSpiel: the seat plus the
public action history. Every point in Ra is scored from public displays, so the history
determines the whole state; ``resample_from_infostate`` therefore returns a copy, and search
bots never see anything a player with a perfect memory could not know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from heliopolis.core.game import PublicLog
from heliopolis.core.helpers import illegal_message as core_illegal_message
from heliopolis.core.text import Msg
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import (
    AUCTION_SPACES,
    CIVS,
    DATA,
    DISPLAY_ROWS,
    EPOCHS,
    GOD,
    MONUMENTS,
    NUM_TILES,
    TILE_NAMES,
    sun_list,
)
from heliopolis.games.ra.phases import AUCTION, DEAL, DISCARD, DRAWN, PEND_UNREST, PHASE_NAMES, T3_FORCED, TRIGGER_NAMES
from heliopolis.games.ra.scoring import CATEGORIES
from heliopolis.locale import listing, msg

if TYPE_CHECKING:
    from heliopolis.games.ra.state import RaState

T = NUM_TILES
_DISPLAY_TILES = tuple(t for _, row in DISPLAY_ROWS for t in row)


def tile_label(t: int) -> Msg:
    """The tile kind's name, a game term of the ``ra`` catalog ("Step pyramid", "Stufenpyramide")."""
    return msg(f"ra.tile.{TILE_NAMES[t]}")


def _suns(values: Any) -> str:
    return ", ".join(map(str, values))


def _phase_names() -> tuple[str, ...]:
    return PHASE_NAMES


def points_visible(state: RaState, viewer: int | None, seat: int) -> bool:
    """RA-SCORE-10: own points always; others' only without hidden scores or after the end."""
    return state.is_terminal() or not state.game.hidden_scores or viewer == seat


def same_for_all(state: RaState) -> bool:
    """Whether every seat's ``player_view`` is the spectators' with its own ``viewer``: true unless
    scores are hidden (RA-SCORE-10) in a running game. A server builds one view for all then."""
    return state.is_terminal() or not state.game.hidden_scores


def player_view(state: RaState, viewer: int | None) -> dict[str, Any]:
    state._check_seat(viewer)
    g = state.game
    n = state.n
    seats = []
    ups, downs, disp, points = state.up, state.down, state.disp, state.points  # copies: read once
    for p in range(n):
        base = p * T
        seats.append({
            "seat": p,
            "suns_up": sun_list(ups[p]),
            "suns_down": sun_list(downs[p]),  # RA-AMB-12: face-down values are public
            "in_epoch": bool(ups[p]),
            "display": {TILE_NAMES[t]: disp[base + t] for t in _DISPLAY_TILES if disp[base + t]},
            "points": points[p] if points_visible(state, viewer, p) else None,
        })  # fmt: skip
    auction = None
    if state.phase == AUCTION:
        auction = {
            "ra_player": state.ra_player,
            "trigger": TRIGGER_NAMES.get(state.trigger),
            "high_bid": state.high or None,
            "high_bidder": state.high_bidder if state.high_bidder >= 0 else None,
            "bids": [None if b < 0 else ("pass" if b == 0 else b) for b in state.bids],
        }
    epoch_scores = []
    for epoch, cats, before, after in state.epoch_log:
        rows = []
        for p in range(n):
            if points_visible(state, viewer, p):
                rows.append({"seat": p, "categories": dict(zip(CATEGORIES, cats[p])),
                             "before": before[p], "after": after[p]})  # fmt: skip
            else:
                rows.append({"seat": p, "categories": None, "before": None, "after": None})
        epoch_scores.append({"epoch": epoch, "seats": rows})
    view: dict[str, Any] = {
        "game": "ra",
        "encoding": A.ENCODING,
        "edition": g.edition,
        "players": n,
        "viewer": viewer,
        "scores_hidden": g.hidden_scores and not state.is_terminal(),
        "epoch": state.epoch,
        "epochs": EPOCHS,
        "phase": _phase_names()[state.phase],
        "current_player": state.current_player(),
        "terminal": state.is_terminal(),
        "ra_track": {
            "spaces": DATA["ra_track_spaces"],
            "blocked": g.blocked_ra_spaces,
            "needed": state.ra_needed,
            "ra_tiles": state.ra_n,
        },  # fmt: skip
        "auction_track": [TILE_NAMES[t] if t >= 0 else None for t in state.track],
        "centre_sun": state.centre,
        # RA-INFO-1/2: the number left is public and the counts per kind are derivable.
        "bag": {"remaining": state.bag_total, "counts": {TILE_NAMES[t]: c for t, c in enumerate(state.bag) if c}},
        "discarded": {TILE_NAMES[t]: c for t, c in enumerate(state.discard) if c},  # RA-INFO-3
        "auction": auction,
        "pending_discard": None,
        "seats": seats,
        "epoch_scores": epoch_scores,
        "winners": state.winners() if state.is_terminal() else None,
    }
    if state.phase == DISCARD:
        unrest = bool(state.pend[PEND_UNREST])
        view["pending_discard"] = {
            "seat": state.cur,
            "category": "civilization" if unrest else "monument",
            "tiles": state.pend[PEND_UNREST] if unrest else state.pend[3],
        }
    return view


def information_state_string(state: RaState, player: int) -> str:
    """Perfect-recall information state: the seat and the public history (see module docstring)."""
    state._check_seat(player)
    if player is None:
        raise ValueError("information_state_string needs a seat")
    return f"ra:{player}:" + ",".join(map(str, state.history()))


def _ed(state: RaState) -> str:
    """The 1999 German rulebook says "Spiel-Reihe" where the 2009 one says "Angebots-Reihe": the
    messages that name the auction track have a ``_1999`` variant (same English)."""
    return "_1999" if state.game.edition == "1999" else ""


def describe_action(state: RaState, action: int) -> str:
    """Human text for ``action`` in this position (the UI's counterpart of notation)."""
    text = A.action_to_string(action)
    kind, _, arg = text.partition(":")
    if kind == "draw":
        return msg("ra.move.draw", n=state.bag_total)
    if kind == "ra":
        if state.track_n == AUCTION_SPACES:
            return msg("ra.move.invoke_forced" + _ed(state))
        return msg("ra.move.invoke", n=state.track_n, sun=state.centre)
    if kind == "pass":
        if state.trigger == T3_FORCED and state.high_bidder < 0 and state.cur == state.ra_player:
            return msg("ra.move.pass_discard" + _ed(state))
        return msg("ra.move.pass")
    if kind == "done":
        return msg("ra.move.done")
    if kind == "bid":
        if state.high:
            return msg("ra.move.bid_beats", bid=int(arg), high=state.high, sun=state.centre, n=state.track_n)
        return msg("ra.move.bid", bid=int(arg), sun=state.centre, n=state.track_n)
    if kind == "god":
        return msg("ra.move.god" + _ed(state), tile=tile_label(A.GOD_TILE[action - A.GOD_BASE]))
    if kind == "discard":
        t = A.DISCARD_TILE[action - A.DISCARD_BASE]
        return msg("ra.move.discard_civ" if t in CIVS else "ra.move.discard_monument", tile=tile_label(t))
    if kind == "tile":
        return msg("ra.move.tile", tile=tile_label(action - A.TILE_BASE))
    if kind == "stack":
        k = int(arg) - 1
        suns = _suns(state.game.stacks[k]) if k < len(state.game.stacks) else "?"
        return msg("ra.move.stack", seat=state.cur, stack=int(arg), suns=suns)
    return text


def illegal_message(state: Any, action: Any, reason: str) -> str:
    return core_illegal_message(state, action, reason)


def _deal_length(state: RaState) -> int:
    """Number of deal chance nodes at the start of the game (0 with explicit suns)."""
    return 0 if state.game.sun_assignment is not None else state.n - 1


def public_events(state: RaState, last: int | None = None) -> list[str]:
    """One line per action of the public history (replayed), e.g. ``"P2 draws Pharaoh"``."""
    lines = state.public_log()
    return lines if last is None else lines[-last:]


def signed(v: int) -> str:
    return f"{v:+d}"


def epoch_lines(record: Any) -> list[str]:
    """One line per seat for a scored epoch: the change, the new total and each category."""
    _, cats, before, after = record
    return [msg("ra.log.epoch_seat", seat=p, delta=signed(after[p] - before[p]), total=after[p],
                **{c: signed(v) for c, v in zip(CATEGORIES, cats[p])}) for p in range(len(cats))]  # fmt: skip


class RaPublicLog(PublicLog):
    """Ra's move log in sentences, built incrementally on a replay of the public history: the
    lines of an action depend on the position it was played in (who won an auction, with what)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.replay = game.new_initial_state()
        self._hands: list[Any] = []  # the opening deal so far: one line for all seats once it is done

    def feed(self, a: int) -> list[str]:
        replay = self.replay
        lines: list[str] = []
        who = replay.cur
        if replay.is_chance_node():
            if replay.phase == DRAWN:
                lines.append(msg("ra.log.draws", seat=who, tile=tile_label(a - A.TILE_BASE)))
            else:
                k = a - A.STACK_BASE
                self._hands.append(msg("ra.log.hand", seat=who, suns=_suns(replay.game.stacks[k - 1])))
        else:
            text = A.action_to_string(a)
            kind, _, arg = text.partition(":")
            if kind == "draw":
                replay.apply_action(a)
                return lines  # the outcome line says it
            if kind in ("god", "discard"):
                t = A.GOD_TILE[a - A.GOD_BASE] if kind == "god" else A.DISCARD_TILE[a - A.DISCARD_BASE]
                lines.append(msg(f"ra.log.{kind}", seat=who, tile=tile_label(t)))
            elif kind == "bid":
                lines.append(msg("ra.log.bid", seat=who, bid=int(arg)))
            else:  # ra, pass, done
                lines.append(msg(f"ra.log.{kind}", seat=who))
        epoch = replay.epoch
        closes_auction = replay.phase == AUCTION and replay.cur == replay.ra_player
        centre, lot = replay.centre, replay.track_n
        winner, bid = (who, a - A.BID_BASE) if A.BID_BASE < a < A.GOD_BASE else (replay.high_bidder, replay.high)
        replay.apply_action(a)
        if replay.phase != DEAL and replay.hlen == _deal_length(replay) > 0:  # the last seat has the rest
            seat = replay.n - 1
            self._hands.append(msg("ra.log.hand", seat=seat, suns=_suns(sun_list(replay.up[seat]))))
            lines.append(msg("ra.log.suns_dealt", hands=listing("ra.list", self._hands)))
            self._hands = []
        if closes_auction:
            lines.append(msg("ra.log.wins", seat=winner, sun=centre, n=lot, bid=bid) if winner >= 0
                         else msg("ra.log.nobody_bids"))  # fmt: skip
        if replay.epoch != epoch or replay.is_terminal():
            lines.append(msg("ra.log.epoch_scored", epoch=epoch))
            if not replay.game.hidden_scores:  # RA-SCORE-10: hidden points stay out of the public log
                lines += epoch_lines(replay.epoch_log[-1])
        self.lines.extend(lines)
        return lines


assert GOD == 1 and len(MONUMENTS) == 8

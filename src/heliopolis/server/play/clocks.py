"""Game clocks, derived from the move log's timestamps (the server's time at each commit).

A clock is never stored as a running counter: each seat's time follows from the clock settings,
when the game started (``games.started_at``) and the time and seat of every move, all of it
committed with the game. So the clocks survive a restart, agree on every server instance, and
an undo rewinds them with the moves (the undoing seat pays for the time it spent).

* ``fischer``: ``base`` seconds, plus ``increment`` after each of the seat's actions;
* ``turn``: ``per_move`` seconds for each action, plus a ``bank`` the seat draws on when an
  action takes longer (the bank is never refilled).

The seat to move (a human seat) has its clock running since the last move (or the start). When it
reaches zero the seat is taken over by a bot (``table.TableService``); the takeover is a
compare-and-set on the game's revision, so with several instances it happens exactly once. The
takeover bot's moves feed the seat's clock like any; a player who takes the seat back gets at most
what the clock held when they left (``seats.clock_left``): what the bot earned beyond it is stored
as the seat's ``clock_debit`` and taken off the clock from then on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_SECONDS = 30 * 24 * 3600


class ClockOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(pattern="^(none|fischer|turn)$", description="none | fischer (real time) | turn")
    base: float = Field(600.0, ge=1, le=MAX_SECONDS, description="fischer: seconds at the start")
    increment: float = Field(15.0, ge=0, le=3600, description="fischer: seconds added after each action")
    per_move: float = Field(86400.0, ge=1, le=MAX_SECONDS, description="turn: seconds for each action")
    bank: float = Field(172800.0, ge=0, le=MAX_SECONDS, description="turn: extra seconds, used up by slow actions")

    def config(self) -> dict[str, Any] | None:
        """The stored form (only the fields of its kind); ``None`` for no clock."""
        if self.kind == "fischer":
            return {"kind": "fischer", "base": self.base, "increment": self.increment}
        if self.kind == "turn":
            return {"kind": "turn", "per_move": self.per_move, "bank": self.bank}
        return None


@dataclass
class Clock:
    """Clock state after the last move: seconds left per seat (fischer) or bank per seat (turn)."""

    cfg: dict[str, Any]
    left: list[float]  # fischer: time left; turn: bank left
    since: float  # when the running clock started (the last move, or the start)
    per_seat_moves: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, cfg: dict[str, Any], players: int, started_at: float) -> Clock:
        initial = cfg["base"] if cfg["kind"] == "fischer" else cfg["bank"]
        return cls(cfg, [float(initial)] * players, started_at, [0] * players)

    def feed(self, seat: int, at: float) -> None:
        """A move by ``seat`` (``-1``: chance, costs nobody time) committed at ``at``. A time at or
        before ``since`` (the deal before the start; a wall clock stepped back) costs nothing."""
        spent = max(0.0, at - self.since)
        self.since = max(self.since, at)
        if seat < 0:
            return
        self.per_seat_moves[seat] += 1
        if self.cfg["kind"] == "fischer":
            self.left[seat] += self.cfg["increment"] - spent
        else:
            self.left[seat] -= max(0.0, spent - self.cfg["per_move"])

    def allowance(self, seat: int) -> float:
        """Seconds ``seat`` has for its current action, counted from ``since``."""
        if self.cfg["kind"] == "fischer":
            return self.left[seat]
        return self.cfg["per_move"] + max(0.0, self.left[seat])

    def left_at(self, seat: int, at: float, running: bool) -> float:
        """What ``seat``'s clock holds at ``at`` (fischer: time left; turn: bank left), if it runs since ``since``."""
        spent = max(0.0, at - self.since) if running else 0.0
        if self.cfg["kind"] == "fischer":
            return self.left[seat] - spent
        return self.left[seat] - max(0.0, spent - self.cfg["per_move"])

    def deadline(self, seat: int) -> float:
        return self.since + self.allowance(seat)

    def view(self, running: int | None) -> dict[str, Any]:
        """What every client sees: enough to draw a countdown without asking again."""
        out: dict[str, Any] = {**self.cfg, "running": running, "since": round(self.since, 3)}
        if self.cfg["kind"] == "fischer":
            out["remaining"] = [round(max(0.0, x), 3) for x in self.left]
        else:
            out["bank"] = [round(max(0.0, x), 3) for x in self.left]
        if running is not None:
            out["deadline"] = round(self.deadline(running), 3)
        return out


def replay_clock(cfg: dict[str, Any], players: int, started_at: float, moves: Iterable[tuple[int, float]]) -> Clock:
    clock = Clock.start(cfg, players, started_at)
    for seat, at in moves:
        clock.feed(seat, at)
    return clock

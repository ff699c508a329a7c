"""The typed seams between the authority and the features around a game.

``TableEvents`` is what the authority tells the table layer (``table.TableService``: settings,
clocks, takeovers) about a game, and the one thing it asks it: the table part of every state
message (``view``, read by ``transport/messages.py``). ``NoTable`` is the authority's default:
a game with nothing around it (the authority's own tests, benchmarks of the bare move path).
``create_app`` (``server/app.py``) wires the real one: ``auth.events = table``.

``GameListener`` is what the table layer tells the features that follow games (ratings, turn
e-mails), after each commit on this instance; ``create_app`` registers them with
``TableService.listen``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from heliopolis.core.game import State
    from heliopolis.server.play.cache import Live
    from heliopolis.server.store.storage import Move


class TableEvents(Protocol):
    async def attach(self, live: Live) -> None:
        """A game was loaded into the cache (or reloaded): read its settings and clock."""

    def started(self, live: Live, at: float) -> None:
        """The last seat was taken at ``at``: the clocks start."""

    def check_turn(self, live: Live, seat: int) -> None:
        """Refuses (``ServerError``) an action of ``seat``: a bot plays it, or its time ran out."""

    def rating_plan(self, live: Live, state: State, new: list[Move]) -> str | None:
        """The game ends with ``new``: the rating decision (JSON) committed with those moves."""

    def committed(self, live: Live, new: list[Move], now: float) -> None:
        """``new`` was committed at ``now`` and is in the cache: the clocks move on."""

    def truncated(self, live: Live, ply: int) -> None:
        """An undo cut the game back to ``ply``: the clocks go back with the moves."""

    def view(self, live: Live) -> dict[str, Any] | None:
        """The table part of every state message (``None``: no table)."""


class NoTable:
    """No table around the games: no clock, no takeover, no rating, nothing in the messages."""

    async def attach(self, live: Live) -> None:
        pass

    def started(self, live: Live, at: float) -> None:
        pass

    def check_turn(self, live: Live, seat: int) -> None:
        pass

    def rating_plan(self, live: Live, state: State, new: list[Move]) -> str | None:
        return None

    def committed(self, live: Live, new: list[Move], now: float) -> None:
        pass

    def truncated(self, live: Live, ply: int) -> None:
        pass

    def view(self, live: Live) -> dict[str, Any] | None:
        return None


class GameListener(Protocol):
    def finished(self, live: Live) -> None:
        """The game just ended on this instance (its last move is committed and cached)."""

    def turned(self, live: Live, seat: int) -> None:
        """``seat`` acted (``-1``: only chance moved) and the game goes on."""

"""Pushing a game's news to one WebSocket without a task per connection.

``Hub.publish`` calls ``Pusher.push`` of every connection watching the game, right after the change
(a move's commit, a join, an undo). ``push`` builds the connection's text (shared per revision and
audience, ``messages.for_connection``) and writes the frame at once: an ASGI ``send`` of uvicorn
writes to the transport and returns without waiting unless the transport's buffer is full, so its
coroutine is run by hand (``coro.send(None)``) and finishes on the spot. Only a send that does wait
(a client not reading: back-pressure) goes on in a task; pushes meanwhile only mark the connection
behind, and the task sends the newest news when the frame is out. Before this, every change woke one
task per watching connection (an event set, a task step, a lock) to do the same work: measured in
docs/history/server-performance.md ("Sixth pass").
"""

from __future__ import annotations

import asyncio
import logging
import types
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any

log = logging.getLogger("heliopolis.server")


@types.coroutine
def _resume(coro: Coroutine[Any, Any, Any], yielded: Any) -> Generator[Any, Any, Any]:
    """Goes on with a coroutine that ``send(None)`` started and that yielded ``yielded`` (the future
    it waits for): the task running this hands that future to the event loop, then resumes it."""
    while True:
        try:
            sent = yield yielded
        except BaseException as e:  # cancellation or an error delivered to the waiting coroutine
            try:
                yielded = coro.throw(e)
            except StopIteration as stop:
                return stop.value
        else:
            try:
                yielded = coro.send(sent)
            except StopIteration as stop:
                return stop.value


class Pusher:
    """One connection's pushes. ``news()`` returns the text the connection must be sent now (and
    records that it holds it), or ``None`` when it is up to date; ``load()`` brings the game into the
    cache when it is not there (a push is synchronous, loading is not)."""

    __slots__ = ("behind", "closed", "load", "news", "send", "task")

    def __init__(self, send: Callable[[str], Coroutine[Any, Any, None]], news: Callable[[], str | None],
                 load: Callable[[], Awaitable[Any]]) -> None:  # fmt: skip
        self.send, self.news, self.load = send, news, load
        self.task: asyncio.Future[Any] | None = None
        self.behind = self.closed = False

    def push(self) -> None:
        if self.closed:
            return
        if self.task is not None:  # a frame is on its way: the task sends the news after it
            self.behind = True
            return
        try:
            text = self.news()
        except LookupError:  # the game left the cache: load it, then push
            self.task = asyncio.ensure_future(self._later(None))
            return
        if text is None:
            return
        coro = self.send(text)
        try:
            yielded = coro.send(None)
        except StopIteration:
            return  # written
        except Exception:  # the connection is gone: its receive loop ends it
            return
        self.task = asyncio.ensure_future(self._later(_resume(coro, yielded)))

    async def _later(self, sending: Any) -> None:
        try:
            while True:
                if sending is not None:
                    await sending
                else:
                    await self.load()
                self.behind = False
                try:
                    text = self.news()
                except LookupError:
                    sending = None
                    continue
                if text is None:
                    return
                sending = self.send(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the connection is gone (or the game): its receive loop ends it
            log.debug("push ended", exc_info=True)
        finally:
            self.task = None
            if self.behind and not self.closed:  # news arrived while the last frame was on its way
                self.behind = False
                self.push()

    def close(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()

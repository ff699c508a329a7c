"""Who gets the next free bot worker, and for how long: bot CPU shared per client address.

* **Order: start-time fair queuing over clients, round robin over a client's games.** Each client
  has a *tag*, the worker seconds it has been charged; a free worker takes the oldest waiting
  decision of the next game (in turn) of the client with the lowest tag. A client that had nothing
  waiting or running starts at the current virtual time (the tag of the decision served last), so
  idling banks no credit and a newcomer goes before the next turn of a client that is using the
  workers. A decision is charged its expected cost when it starts and its real time when it ends.
  Ties (equal tags, e.g. two newcomers) go to the lowest expected cost minus time waited.
* **Slice: an expensive client's search is cut short while others are around.** A decision of a
  client that has used more worker time lately (halving every ``HALF_LIFE`` s) than another client
  that is waiting, running, or asked for a decision in the last ``WINDOW`` s gets at most ``slice``
  seconds (``BotPool``: time budgets and iteration budgets alike). The other client's next decision
  then waits for at most one slice instead of one full search.

Pure bookkeeping (no I/O, no clock of its own: ``now`` is passed in), so the order is testable
without timing.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import Any, Protocol

WINDOW = 30.0  # seconds a client counts as present after its bots last asked for a decision
HALF_LIFE = 30.0  # seconds in which a client's recent worker time halves


class Queued(Protocol):
    client: str
    table: str
    cost: float
    queued: float


class FairQueue:
    """Waiting decisions per client and table (game); ``pop`` picks the next one, ``done`` settles
    its charge."""

    def __init__(self) -> None:
        self.waiting: dict[str, OrderedDict[str, deque[Any]]] = {}
        self.running: dict[str, int] = {}
        self.tag: dict[str, float] = {}
        self.vtime = 0.0
        self.size = 0

    def __len__(self) -> int:
        return self.size

    def active(self, client: str) -> bool:
        return client in self.waiting or client in self.running

    def push(self, job: Queued) -> None:
        c = job.client
        if not self.active(c):  # an idle client banks no credit
            self.tag[c] = max(self.tag.get(c, 0.0), self.vtime)
        self.waiting.setdefault(c, OrderedDict()).setdefault(job.table, deque()).append(job)
        self.size += 1

    def pop(self, now: float) -> Any:
        """The next decision to run (``None`` if none waits); it is charged its expected cost."""
        best: tuple[tuple[float, float, float], str] | None = None
        for c, tables in self.waiting.items():
            head = next(iter(tables.values()))[0]
            key = (self.tag[c], head.cost - (now - head.queued), head.queued)
            if best is None or key < best[0]:
                best = (key, c)
        if best is None:
            return None
        c = best[1]
        tables = self.waiting[c]
        table, q = next(iter(tables.items()))
        job = q.popleft()
        if q:
            tables.move_to_end(table)  # round robin over the client's games
        else:
            del tables[table]
        if not tables:
            del self.waiting[c]
        self.size -= 1
        self.vtime = max(self.vtime, self.tag[c])
        self.tag[c] += job.cost
        self.running[c] = self.running.get(c, 0) + 1
        return job

    def done(self, job: Queued, seconds: float) -> None:
        """``job`` (popped) took ``seconds`` of a worker (0 if it was cancelled before it ran)."""
        c = job.client
        self.tag[c] += seconds - job.cost
        left = self.running.get(c, 1) - 1
        if left > 0:
            self.running[c] = left
        else:
            self.running.pop(c, None)
        # Memory stays bounded: an idle client at or behind the virtual time would restart there anyway.
        for k in [k for k, t in self.tag.items() if t <= self.vtime and not self.active(k)]:
            del self.tag[k]

    def clients(self) -> set[str]:
        """Clients with a decision waiting or running."""
        return set(self.waiting) | set(self.running)


class Usage:
    """Each client's recent worker seconds (halving every ``half_life`` s) and when its bots last
    asked for a decision; forgets a client ``2 * window`` s after that."""

    def __init__(self, half_life: float = HALF_LIFE, window: float = WINDOW) -> None:
        self.half_life, self.window = half_life, window
        self.used: dict[str, tuple[float, float]] = {}  # client -> (seconds, as of)
        self.seen: dict[str, float] = {}

    def saw(self, client: str, now: float) -> None:
        self.seen[client] = now
        for c in [c for c, t in self.seen.items() if now - t > 2 * self.window]:
            del self.seen[c]
            self.used.pop(c, None)

    def add(self, client: str, seconds: float, now: float) -> None:
        self.used[client] = (self.of(client, now) + seconds, now)

    def of(self, client: str, now: float) -> float:
        v, at = self.used.get(client, (0.0, now))
        return v * 0.5 ** (max(0.0, now - at) / self.half_life)

    def over_share(self, client: str, now: float, busy: set[str]) -> bool:
        """Whether another present client (in ``busy``, or seen within the window) used less lately."""
        others = busy | {c for c, t in self.seen.items() if now - t <= self.window}
        others.discard(client)
        if not others:
            return False
        mine = self.of(client, now)
        return any(self.of(o, now) < mine for o in others)

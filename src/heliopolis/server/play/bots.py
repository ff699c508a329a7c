"""Bots in seats: every decision runs in a worker process, never on the event loop, scheduled
fairly between clients and games, within a per-move wall-time cap the server enforces.

* **Lanes.** Cheap specs (``random``, ``heuristic``) have their own worker, so a game waiting for
  a cheap move never queues behind searches; searches share ``workers`` processes.
* **Fair shares per client** (``fairshare``): a decision waits in the queue of the address that
  caused its bot seat (``Authority.bot_client``). A free worker serves the client that has been
  charged the least worker time (start-time fair queuing; an idle client starts at the current
  virtual time), round robin over that client's games. One client with three expensive games gets
  one turn in every round, not three.
* **Slice.** While another client is around (waiting, running, or asked in the last 30 s), a
  decision of a client that used more worker time lately gets at most ``share_slice`` seconds instead of
  ``move_cap``: the other client's next move then waits for at most one slice.
* **Cap.** A search's wall-time budget is clamped to its cap (``move_cap`` or the slice) inside
  the worker; a worker that still has not answered ``KILL_GRACE`` s after it is killed and
  replaced, and the move is a random legal action (``decide`` returns ``None``; the caller picks
  it, seeded).

Workers are ``python -m heliopolis.server.play.botworker`` subprocesses talking JSON lines over pipes:
no fork of the server's threads, no forkserver or resource-tracker process to leave behind, and
each worker dies with the server (see ``botworker``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from heliopolis.core import registry
from heliopolis.server.play.fairshare import FairQueue, Usage

log = logging.getLogger("heliopolis.server")
LIGHT = ("random", "heuristic")
KILL_GRACE = 2.0  # seconds past the cap before a worker is killed
DEFAULT_COST = {"light": 0.05, "search": 2.0}  # seconds, until a spec has been measured


def lane_of(spec: str, game_id: str | None = None, players: int | None = None) -> str:
    """A level (``medium``) runs in the lane of the raw spec it stands for at this table."""
    if game_id is not None and players is not None:
        from heliopolis.bots.levels import resolve

        try:
            spec = resolve(spec, game_id, players)
        except Exception:  # noqa: BLE001 - an invalid spec fails in the worker with its own message
            pass
    return "light" if spec.split(":", 1)[0] in LIGHT else "search"


@dataclass
class Job:
    client: str  # the address whose fair share it uses
    spec: str
    work: dict[str, Any]  # the worker's job without its cap (set when it starts: move cap or slice)
    cost: float  # expected seconds (charged when it starts, corrected when it ends)
    table: str = ""  # the game record, for round robin within a client
    queued: float = field(default_factory=time.monotonic)
    future: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    timeout: float | None = None  # a job of analysis_work (``BotPool.work``): its own cap, its whole answer


class Worker:
    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {**os.environ, "HELIOPOLIS_PARENT_PID": str(os.getpid())}
        if registry.exported():  # games registered from outside the tree: the worker registers them too
            env[registry.ENV] = registry.exported()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "heliopolis.server.play.botworker", env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 20)  # fmt: skip

    async def run(self, payload: bytes, timeout: float) -> dict[str, Any]:
        if self.proc is None or self.proc.returncode is not None:
            await self.start()
        assert self.proc is not None and self.proc.stdin and self.proc.stdout  # start() set it
        self.proc.stdin.write(payload)
        await self.proc.stdin.drain()
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not line:
            raise EOFError("the bot worker exited")
        return json.loads(line)

    def kill(self) -> asyncio.subprocess.Process | None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.returncode is None:
            try:
                proc.kill()
            except ProcessLookupError:
                pass
        return proc


class Lane:
    def __init__(self, name: str, workers: int, pool: BotPool) -> None:
        self.name, self.pool = name, pool
        self.queue = FairQueue()
        self.idle = [Worker() for _ in range(workers)]
        self.busy: set[Worker] = set()

    def submit(self, job: Job) -> None:
        self.pool.usage.saw(job.client, job.queued)
        self.queue.push(job)
        self._dispatch()

    def _dispatch(self) -> None:
        while self.idle and len(self.queue):
            now = time.monotonic()
            job = self.queue.pop(now)
            if job.future.done():  # cancelled while waiting
                self.queue.done(job, 0.0)
                continue
            w = self.idle.pop()
            self.busy.add(w)
            # Cheap bots ignore a time budget: a slice would only shorten their kill timeout.
            cap = (
                job.timeout
                if job.timeout is not None
                else self.pool.cap_for(job.client, now, self.queue.clients())
                if self.name == "search"
                else self.pool.move_cap
            )
            self.pool.tasks.add(asyncio.create_task(self._run(w, job, cap)))

    async def _run(self, w: Worker, job: Job, cap: float) -> None:
        t0 = time.monotonic()
        result: Any = None
        payload = (json.dumps({**job.work, "cap": cap}) + "\n").encode()
        try:
            answer = await w.run(payload, cap + KILL_GRACE)
            if "error" in answer:
                log.warning("bot %s failed: %s", job.spec, answer["error"])
            else:
                result = answer if job.timeout is not None else int(answer["action"])
        except (TimeoutError, EOFError, OSError, ValueError) as e:
            log.warning("bot %s over the %.1f s cap or its worker died (%s): worker replaced", job.spec,
                        cap, type(e).__name__)  # fmt: skip
            w.kill()
        except asyncio.CancelledError:
            w.kill()
            raise
        finally:
            self._finish(w, job, t0, result)

    def _finish(self, w: Worker, job: Job, t0: float, result: int | None) -> None:
        now = time.monotonic()
        self.pool.observe(job.spec, now - t0)
        if self.pool.metrics is not None:
            self.pool.metrics.bot[self.name].observe(now - t0)
        self.pool.usage.add(job.client, now - t0, now)
        self.queue.done(job, now - t0)
        self.busy.discard(w)
        self.idle.append(w)
        if not job.future.done():
            job.future.set_result(result)
        self.pool.tasks.discard(asyncio.current_task())
        if not self.pool.closed:
            self._dispatch()

    def workers(self) -> list[Worker]:
        return self.idle + list(self.busy)


class BotPool:
    """``workers`` search processes plus one for cheap bots; ``decide`` awaits a fair turn.
    ``share_slice``: the cap of a client over its share while others are around (0: always ``move_cap``)."""

    def __init__(self, workers: int = 1, move_cap: float = 5.0, share_slice: float = 1.0) -> None:
        self.move_cap, self.share_slice = move_cap, share_slice
        self.lanes = {"light": Lane("light", 1, self), "search": Lane("search", max(1, workers), self)}
        self.cost: dict[str, float] = {}
        self.usage = Usage()
        self.tasks: set[asyncio.Task] = set()
        self.closed = False
        self.metrics: Any = None  # metrics.Metrics with ``serve --metrics``

    def observe(self, spec: str, seconds: float) -> None:
        old = self.cost.get(spec)
        self.cost[spec] = seconds if old is None else 0.8 * old + 0.2 * seconds

    def expect(self, client: str) -> None:
        """``client`` caused a bot seat: it counts as present (``fairshare.Usage``) before its bots ask."""
        self.usage.saw(client, time.monotonic())

    def cap_for(self, client: str, now: float, busy: set[str]) -> float:
        """The wall-time cap of ``client``'s decision starting now (``busy``: clients waiting or running)."""
        if 0 < self.share_slice < self.move_cap and self.usage.over_share(client, now, busy):
            return self.share_slice
        return self.move_cap

    async def decide(self, game_id: str, options: dict[str, Any], history: list[int], seat: int, spec: str,
                     seed: int, client: str = "", table: str = "") -> int | None:  # fmt: skip
        """The bot's action, or ``None`` if it failed or was stopped at the cap. ``client``: the address
        whose fair share it uses; ``table``: the game record (round robin within the client)."""
        lane = lane_of(spec, game_id, options.get("players"))
        work = {"game_id": game_id, "options": options, "history": history, "seat": seat, "spec": spec, "seed": seed}
        job = Job(client, spec, work, self.cost.get(spec, DEFAULT_COST[lane]), table)
        self.lanes[lane].submit(job)
        try:
            return await job.future
        except asyncio.CancelledError:
            job.future.cancel()
            raise

    async def work(self, kind: str, work: dict[str, Any], client: str, table: str, timeout: float,
                   cost: float = 1.0) -> dict[str, Any] | None:  # fmt: skip
        """Runs an ``analysis_work`` job of ``kind`` in the search lane, in ``client``'s fair share,
        within ``timeout`` s (a worker still busy then is replaced): its answer, ``None`` if it failed."""
        spec = f"{kind}:{work.get('game_id')}"  # its own measured cost
        job = Job(client, spec, {**work, "kind": kind}, self.cost.get(spec, cost), table, timeout=timeout)
        self.lanes["search"].submit(job)
        try:
            return await job.future
        except asyncio.CancelledError:
            job.future.cancel()
            raise

    async def start(self) -> None:
        """Starts every worker now, so that the first bot move does not wait for Python to start."""
        await asyncio.gather(*(w.start() for lane in self.lanes.values() for w in lane.idle if w.proc is None))

    def pids(self) -> list[int]:
        return [w.proc.pid for lane in self.lanes.values() for w in lane.workers() if w.proc is not None]

    async def close(self) -> None:
        """Kills every worker now (a search in progress is not worth waiting for) and reaps it."""
        self.closed = True
        for t in list(self.tasks):
            t.cancel()
        procs = [p for lane in self.lanes.values() for w in lane.workers() if (p := w.kill()) is not None]
        for p in procs:
            try:
                await asyncio.wait_for(p.wait(), 5)
            except (TimeoutError, ProcessLookupError):
                pass

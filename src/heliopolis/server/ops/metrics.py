"""Prometheus metrics of one server process: ``GET /metrics`` when ``heliopolis serve --metrics``.

One ``Metrics`` per app, on its own ``CollectorRegistry`` (never the global one: tests and
``--workers`` make many apps). The hot paths only bump counters and histograms that the app hands
them (``Authority.metrics``, ``BotPool.metrics``, ``Guard.metrics``; ``None`` when metrics are
off, so nothing is counted then). What is a state rather than an event — open WebSockets, games by
status, the bot queues — is read when scraped (``_Now``), so it costs nothing between scrapes.
The names are documented in docs/operations.md.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric

from heliopolis.server.store.storage import games

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.bots import BotPool
    from heliopolis.server.store.storage import Storage
    from heliopolis.server.transport.hub import Hub

log = logging.getLogger("heliopolis.server")
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"  # the text format generate_latest writes
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)  # seconds
BOT_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
REFUSALS = ("write", "read", "create", "websocket_message", "websocket_connections", "api")


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        self._moves = Counter("heliopolis_moves_committed", "Moves written to the event log, by who made them",
                              ["by"], registry=r)  # fmt: skip
        self.by = {k: self._moves.labels(k) for k in ("player", "bot", "chance")}
        self.move_latency = Histogram("heliopolis_move_latency_seconds",
                                      "A player's move from its request to its commit (validation, chance, "
                                      "database), not the push", buckets=MOVE_BUCKETS, registry=r)  # fmt: skip
        self._bot = Histogram("heliopolis_bot_decision_seconds", "Worker time of one bot decision, by lane",
                              ["lane"], buckets=BOT_BUCKETS, registry=r)  # fmt: skip
        self.bot = {k: self._bot.labels(k) for k in ("light", "search")}
        self._refused = Counter("heliopolis_rate_limit_refusals", "Requests and messages refused by a rate limit",
                                ["limit"], registry=r)  # fmt: skip
        self.refused = {k: self._refused.labels(k) for k in REFUSALS}
        self.db_errors = Counter("heliopolis_database_errors", "Database operations that failed", registry=r)
        self.sources: dict[str, Any] = {}

    def watch(self, storage: Storage, hub: Hub, auth: Authority, bots: BotPool) -> None:
        """Hands the counters to the hot paths and reads the rest when scraped."""
        auth.metrics = bots.metrics = self
        sa.event.listen(storage.engine, "handle_error", self._db_error)
        self.registry.register(_Now(self, storage, hub, auth, bots))

    def _db_error(self, ctx: Any) -> None:
        # A unique index deciding a race (two sign-ups for one name) is how the server works, not a failure.
        if not isinstance(ctx.sqlalchemy_exception, sa.exc.IntegrityError):
            self.db_errors.inc()

    def committed(self, seats: list[Any], new: list[Any]) -> None:
        for m in new:
            self.by["chance" if m.seat < 0 else "bot" if seats[m.seat].kind == "bot" else "player"].inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)


class _Now:
    """The gauges read at scrape time."""

    def __init__(self, metrics: Metrics, storage: Storage, hub: Hub, auth: Authority, bots: BotPool) -> None:
        self.metrics, self.storage, self.hub, self.auth, self.bots = metrics, storage, hub, auth, bots

    def collect(self) -> Iterator[Metric]:
        ws = GaugeMetricFamily("heliopolis_websockets_open", "Open game WebSockets of this process")
        ws.add_metric([], sum(len(s) for s in self.hub.subs.values()))
        yield ws
        loaded = GaugeMetricFamily("heliopolis_games_loaded", "Games held in this process's memory")
        loaded.add_metric([], len(self.auth.games))
        yield loaded
        queue = GaugeMetricFamily("heliopolis_bot_queue_length", "Bot decisions waiting for a worker", labels=["lane"])
        busy = GaugeMetricFamily("heliopolis_bot_workers_busy", "Bot workers deciding now", labels=["lane"])
        for name, lane in self.bots.lanes.items():
            queue.add_metric([name], len(lane.queue))
            busy.add_metric([name], len(lane.busy))
        yield queue
        yield busy
        by_status = self._games_by_status()
        if by_status is not None:
            g = GaugeMetricFamily("heliopolis_games", "Games in the database, by status", labels=["status"])
            for status in ("open", "running", "finished", "imported"):
                g.add_metric([status], by_status.get(status, 0))
            yield g

    def _games_by_status(self) -> dict[str, int] | None:
        try:
            with self.storage.engine.connect() as c:
                rows = c.execute(sa.select(games.c.status, sa.func.count()).group_by(games.c.status))
                return {str(s): int(n) for s, n in rows}
        except sa.exc.SQLAlchemyError as e:  # counted by the engine's handle_error; the rest is still served
            log.warning("metrics: games by status unavailable: %s", str(e).splitlines()[0] if str(e) else e)
            return None

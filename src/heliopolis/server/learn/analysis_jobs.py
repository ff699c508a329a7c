"""The browser's analysis of a finished game and hints during play (issue 29).

* **Analysis** (``POST /api/games/<id>/analysis`` starts it, ``GET`` reads it): every decision of
  every seat of a finished (or imported) game, one ``analysis_work.analyse`` job per decision in
  the bot workers' search lane, in the requesting client's fair share (``BotPool.work``), never on
  the event loop. A running game is refused: its analysis would tell what its seats cannot know.
  The result is stored with the game (table ``analyses``, keyed by ``analysis_key``) as it grows,
  and shared: a second viewer reads it, nothing is computed again, and a server that stopped halfway
  resumes from the stored decisions. A client runs at most one analysis at a time and starts at
  most ``analysis_daily`` a day (reading a stored one is free).
* **Hints** (``POST /api/games/<id>/hint``, the seat's token): the top three actions of the seat to
  move with their expected final margins and why (``analysis_work.hint``), from the seat's
  information only. Refused in rated games, where the creator forbade them, and to anyone but the
  seat to move; ``hint_rate`` per client address.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from heliopolis.server.store.storage import metadata
from heliopolis.server.transport.limits import KeyedLimiter
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.table import TableService

log = logging.getLogger("heliopolis.server")
DONE_STATUSES = ("finished", "imported")
SHOWN_ACTIONS = 3  # actions per decision sent to the page (the table keeps them all)
DAY = 86400.0

analyses = sa.Table(
    "analyses", metadata,  # 0008_analysis
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("key", sa.String(32), primary_key=True),  # bots.analysis.analysis_key
    sa.Column("status", sa.String(16), nullable=False),  # running | done | failed
    sa.Column("budget", sa.Integer, nullable=False),
    sa.Column("done", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("decisions", sa.Text, nullable=False),  # JSON list of Decision.to_dict, by ply
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)  # fmt: skip


@dataclass
class Run:
    """One analysis in progress in this process."""

    game_id: str
    key: str
    client: str
    total: int
    budget: int
    decisions: dict[int, dict[str, Any]] = field(default_factory=dict)
    status: str = "running"
    task: asyncio.Task | None = None


def _refuse(code: str, key: str, **args: Any) -> ServerError:
    return ServerError.worded(code, key, **args)


class AnalysisService:
    def __init__(self, auth: Authority, table: TableService, budget: int, daily: int, hint_budget: int,
                 hint_rate: float, timeout: float) -> None:  # fmt: skip
        self.auth, self.storage = auth, auth.storage
        self.table = table  # the table: whether hints are allowed (not in rated games)
        self.budget, self.daily, self.hint_budget, self.timeout = budget, daily, hint_budget, timeout
        self.runs: dict[tuple[str, str], Run] = {}
        self.by_client: dict[str, Run] = {}
        self.started: dict[str, list[float]] = {}  # client -> start times within the last day
        self.hints = KeyedLimiter(hint_rate, 3.0)
        self.hinting: set[str] = set()  # clients with a hint being computed

    # -- analysis ------------------------------------------------------------------------------
    def _key(self, live: Live) -> str:
        from heliopolis.bots.analysis import analysis_key

        return analysis_key(live.state, self.budget)

    async def _finished(self, game_id: str) -> Any:
        live = await self.auth.get(game_id)
        if live.rec.status not in DONE_STATUSES:
            raise _refuse("finished", "ui.analysis.err_running")
        return live

    async def read(self, game_id: str) -> dict[str, Any]:
        live = await self._finished(game_id)
        key = self._key(live)
        run = self.runs.get((game_id, key))
        if run is not None:
            return self._view(run.status, run.total, run.budget, run.decisions.values(), live.marks)
        row = await asyncio.to_thread(self._load, game_id, key)
        if row is None:
            return {"status": "none", "budget": self.budget}
        status = row["status"] if row["status"] != "running" else "stopped"  # no process runs it: resumable
        return self._view(status, row["total"], row["budget"], json.loads(row["decisions"]), live.marks)

    def _view(self, status: str, total: int, budget: int, decisions: Any, marks: list[int]) -> dict[str, Any]:
        """``line``: the public log's first line of the decision's move (``None``: it wrote none), so
        the page puts each loss beside its move in the log."""
        shown = [{**d, "actions": d["actions"][:SHOWN_ACTIONS], "line": _line(marks, d["ply"])}
                 for d in sorted(decisions, key=lambda d: d["ply"])]  # fmt: skip
        return {"status": status, "done": len(shown), "total": total, "budget": budget, "decisions": shown}

    def _check_quota(self, client: str, now: float) -> None:
        if client in self.by_client:
            raise _refuse("rate_limited", "ui.analysis.err_one")
        recent = [t for t in self.started.get(client, []) if now - t < DAY]
        if len(recent) >= self.daily:
            raise _refuse("rate_limited", "ui.analysis.err_daily", limit=self.daily)
        self.started[client] = recent
        for c in [c for c, ts in self.started.items() if not ts or now - ts[-1] >= DAY]:
            del self.started[c]  # memory stays bounded by the clients of the last day

    async def start(self, game_id: str, client: str) -> dict[str, Any]:
        """Starts (or resumes) the analysis of a finished game for ``client``; a stored or running
        one is answered as it is, at no cost to anyone's quota."""
        from heliopolis.bots.analysis import decision_plies

        live = await self._finished(game_id)
        key = self._key(live)
        if (game_id, key) in self.runs:
            return await self.read(game_id)
        row = await asyncio.to_thread(self._load, game_id, key)
        if row is not None and row["status"] == "done":
            return await self.read(game_id)
        now = time.time()
        self._check_quota(client, now)
        self.started.setdefault(client, []).append(now)
        plies = [ply for ply, _ in decision_plies(live.state)]
        run = Run(game_id, key, client, len(plies), self.budget)
        if row is not None:  # a run this process did not finish: go on from what is stored
            run.decisions = {d["ply"]: d for d in json.loads(row["decisions"])}
        await asyncio.to_thread(self._save, run, row is None)
        self.runs[(game_id, key)] = self.by_client[client] = run
        run.task = asyncio.create_task(self._run(run, live, [p for p in plies if p not in run.decisions]))
        return await self.read(game_id)

    async def _run(self, run: Run, live: Live, plies: list[int]) -> None:
        game = live.state.game
        base = {"game_id": game.info.game_id, "options": game.config(), "history": list(live.state.history()),
                "budget": run.budget}  # fmt: skip
        try:
            for ply in plies:
                answer = await self.auth.bots.work("analyse", {**base, "ply": ply}, run.client, run.game_id,
                                                   self.timeout)  # fmt: skip
                if self.auth.bots.closed:
                    return  # the server stops: the row stays "running", a later start resumes it
                if answer is None or "decision" not in answer:
                    run.status = "failed"
                    break
                run.decisions[ply] = answer["decision"]
                await asyncio.to_thread(self._save, run, False)
            else:
                run.status = "done"
            await asyncio.to_thread(self._save, run, False)
        except Exception:  # noqa: BLE001 - a broken run is marked, never left "running" here
            log.exception("analysis of %s failed", run.game_id)
            run.status = "failed"
        finally:
            self.runs.pop((run.game_id, run.key), None)
            if self.by_client.get(run.client) is run:
                del self.by_client[run.client]

    def _load(self, game_id: str, key: str) -> dict[str, Any] | None:
        with self.storage.engine.connect() as c:
            row = c.execute(analyses.select().where(analyses.c.game_id == game_id, analyses.c.key == key))
            found = row.mappings().first()
        return dict(found) if found is not None else None

    def _save(self, run: Run, new: bool) -> None:
        now = time.time()
        values = {"status": run.status, "budget": run.budget, "done": len(run.decisions), "total": run.total,
                  "decisions": json.dumps(sorted(run.decisions.values(), key=lambda d: d["ply"])),
                  "updated_at": now}  # fmt: skip
        with self.storage.engine.begin() as c:
            if new:
                c.execute(analyses.insert().values(game_id=run.game_id, key=run.key, created_at=now, **values))
            else:
                c.execute(analyses.update().where(analyses.c.game_id == run.game_id, analyses.c.key == run.key)
                          .values(**values))  # fmt: skip

    # -- hints ---------------------------------------------------------------------------------
    async def hint(self, game_id: str, token: str | None, account: int | None, client: str) -> dict[str, Any]:
        live = await self.auth.get(game_id)
        if live.rec.status != "running":
            raise _refuse("finished", "ui.hint.err_over")
        settings = self.table.state(live).settings
        if settings.get("rated"):
            raise _refuse("forbidden", "ui.hint.err_rated")
        if settings.get("hints") is False:
            raise _refuse("forbidden", "ui.hint.err_forbidden")
        seat = self.auth.seat_of(live, token, account)
        if seat is None or live.state.current_player() != seat:
            raise _refuse("not_your_turn", "ui.hint.err_turn")
        if client in self.hinting or not self.hints.take(client):
            raise _refuse("rate_limited", "ui.hint.err_rate")
        game = live.state.game
        history = list(live.state.history())
        work = {"game_id": game.info.game_id, "options": game.config(), "history": history, "seat": seat,
                "budget": self.hint_budget, "seed": hint_seed(game_id, len(history), seat)}  # fmt: skip
        self.hinting.add(client)
        try:
            answer = await self.auth.bots.work("hint", work, client, game_id, self.timeout)
        finally:
            self.hinting.discard(client)
        if answer is None or "hint" not in answer:
            raise _refuse("conflict", "ui.hint.err_failed")
        return {**answer["hint"], "ply": len(history)}


def _line(marks: list[int], ply: int) -> int | None:
    start = marks[ply - 1] if 0 < ply <= len(marks) else 0
    return start if ply < len(marks) and marks[ply] > start else None


def hint_seed(game_id: str, ply: int, seat: int) -> int:
    """A hint's seed: public facts only (asking again gives the same hint)."""
    return int.from_bytes(hashlib.sha256(f"hint:{game_id}:{ply}:{seat}".encode()).digest()[:8], "big")

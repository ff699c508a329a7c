"""``GET /healthz`` and ``GET /readyz`` for a load balancer or an orchestrator (docs/operations.md).

* ``/healthz``: the process answers (200), nothing else is looked at, so a slow database never
  gets a live process restarted;
* ``/readyz``: 200 when this process can serve games — the database answers within
  ``DB_TIMEOUT`` s, its schema is at the newest Alembic revision this code knows (an instance of a
  newer version must not take traffic before its schema is current) or at a revision it does not
  know — a newer release migrated it first during a rolling upgrade, and releases only add
  (docs/deploy.md), so the old instances keep serving until their restart — and the bot workers run (a dead one is
  restarted here, as the next bot move would); else 503 with ``{"status": "not ready", "check":
  …, "reason": …}`` naming the first check that failed. ``checks`` takes more (a draining process).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any

from heliopolis.core.errors import error_msg

DB_TIMEOUT = 5.0  # seconds

Check = Callable[[], Awaitable[tuple[str, Any] | None]]  # None: fine; else (check name, reason)


@functools.lru_cache(maxsize=1)
def _revisions() -> tuple[str | None, frozenset[str]]:
    from alembic.script import ScriptDirectory

    from heliopolis.server.store.migrate import alembic_config

    script = ScriptDirectory.from_config(alembic_config())
    return script.get_current_head(), frozenset(r.revision for r in script.walk_revisions())


def head_revision() -> str | None:
    return _revisions()[0]


def schema_behind(rev: str | None) -> bool:
    """True when the schema is older than this code (or has none); a revision this code does not
    know is a newer release's (rolling upgrade): not behind."""
    head, known = _revisions()
    return rev is None or (rev != head and rev in known)


class Health:
    def __init__(self, storage: Any, bots: Any) -> None:
        self.storage, self.bots = storage, bots
        self.checks: list[Check] = [self._database, self._bots]

    async def _database(self) -> tuple[str, Any] | None:
        from heliopolis.server.store.migrate import current

        try:
            rev = await asyncio.wait_for(asyncio.to_thread(current, self.storage.engine), DB_TIMEOUT)
        except TimeoutError:
            return "database", error_msg("errors.ready.db_slow", seconds=DB_TIMEOUT)
        except Exception as e:  # noqa: BLE001 - any failure to reach it is the answer
            return "database", error_msg("errors.ready.db_down", error=_first_line(e))
        if schema_behind(rev):
            return "migrations", error_msg("errors.ready.migrations", current=rev or "-", head=head_revision())
        return None

    async def _bots(self) -> tuple[str, Any] | None:
        if self.bots.closed:
            return "bot_workers", error_msg("errors.ready.bots_stopped")
        for lane in self.bots.lanes.values():
            # A busy worker runs by definition; one without a process starts with its next job.
            for w in [w for w in lane.idle if w.proc is not None and w.proc.returncode is not None]:
                lane.idle.remove(w)  # no job is handed to it while its new process starts
                try:
                    await w.start()
                except OSError as e:
                    return "bot_workers", error_msg("errors.ready.bots_down", error=_first_line(e))
                finally:
                    lane.idle.append(w)
                    if not self.bots.closed:
                        lane._dispatch()  # a job that came meanwhile
        return None

    async def ready(self) -> tuple[str, Any] | None:
        for check in self.checks:
            failed = await check()
            if failed is not None:
                return failed
        return None


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__

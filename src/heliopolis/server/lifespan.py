"""The app's life: start the services (migrations, PostgreSQL listeners and bot leases, the bot
pool, the games and tables in flight), and on SIGTERM drain and stop them in order."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from heliopolis.server.ops.gc_tuning import tune_for_serving
from heliopolis.server.play.lease import BotLeases
from heliopolis.server.social.chat import CHANNEL
from heliopolis.server.transport.deps import Services
from heliopolis.server.transport.hub import PgListener


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    s: Services = app.state.services
    await asyncio.to_thread(s.storage.migrate)
    listeners = await _listen(s) if s.storage.is_postgres else []
    await s.auth.bots.start()
    await s.auth.resume_all()
    await s.table.resume()
    await s.ratings.resume()
    await s.moderation.start(listeners[0].dsn if listeners else None)
    if s.settings.tune_gc:
        tune_for_serving()
    yield
    await _stop(s, listeners)


async def _listen(s: Services) -> list[PgListener]:
    """PostgreSQL: the games' NOTIFY listener, the bot leases, and the chat's listener."""
    auth, storage = s.auth, s.storage
    listener = PgListener("postgresql://" + storage.url.split("://", 1)[1], auth.on_remote_change, storage.instance)
    listener.start()
    await asyncio.wait_for(listener.ready.wait(), 10)
    auth.leases = BotLeases(listener.dsn, auth.take_over, instance=storage.instance)
    await auth.leases.start()
    chat_listener = PgListener(listener.dsn, s.chat.on_remote, storage.instance, channel=CHANNEL)
    chat_listener.start()
    await asyncio.wait_for(chat_listener.ready.wait(), 10)
    return [listener, chat_listener]


async def _stop(s: Services, listeners: list[PgListener]) -> None:
    # Drain (SIGTERM; uvicorn has stopped accepting, closed the WebSockets with 1012 and let
    # the requests in flight finish): bots stop at a safe point, their games go to the others.
    auth = s.auth
    await auth.drain(s.settings.drain_seconds)
    if auth.leases is not None:
        await auth.leases.hand_off()
    for lst in listeners:
        await lst.stop()
    await s.moderation.stop()
    s.table.close()
    if auth.leases is not None:
        await auth.leases.stop()
    await auth.close()
    s.archive.close()
    s.storage.dispose()

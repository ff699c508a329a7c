"""The web platform: an authoritative game server with storage, live updates, bots in seats and
the browser UI (``web/``). Needs the ``[web]`` extra. Start it with ``heliopolis serve``.

Rooms, by concern (``app`` builds the services and includes the routes, ``lifespan`` starts and
stops them; CONTRIBUTING.md, "The move path", follows one move through them): ``transport`` (the HTTP
and WebSocket routes in ``transport/routes``, what they ask for in ``transport/deps``, the guard,
pushes, the hub, wire messages, the protocol), ``play`` (the authority and its rooms: cache, driver,
quotas, undo; the table: clocks, takeovers, settings), ``store`` (the SQL event log, Alembic ``migrations``,
archive), ``social`` (accounts, chat, ratings, rematch, alerts, moderation), ``learn`` (analysis,
hints, tutorials) and ``ops`` (health, metrics, logs).
"""

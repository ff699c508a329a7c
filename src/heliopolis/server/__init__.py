"""The web platform: an authoritative game server with storage, live updates, bots in seats and
the browser UI (``web/``). Needs the ``[web]`` extra. Start it with ``heliopolis serve``.

Rooms, by concern (``app`` wires them; CONTRIBUTING.md, "The move path", follows one move through them):
``transport`` (HTTP and WebSocket routes, the guard, pushes, the hub, wire messages, the protocol),
``play`` (the authority and its rooms: cache, driver, quotas, undo; the table: clocks, takeovers, settings),
``store`` (the SQL event log, Alembic ``migrations``, archive), ``social`` (accounts, chat, ratings,
rematch, alerts, moderation), ``learn`` (analysis, hints, tutorials) and ``ops`` (health, metrics, logs).
"""

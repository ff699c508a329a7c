"""The web platform: an authoritative game server with storage, live updates, bots in seats and
the browser UI (``web/``). Needs the ``[web]`` extra. Start it with ``heliopolis serve``.

Layout: ``storage`` (SQL event log, Alembic ``migrations``), ``authority`` (the games, chance,
bots, undo), ``hub`` (live updates, PostgreSQL LISTEN/NOTIFY), ``protocol`` (schemas, errors),
``limits`` (rate limits), ``bots`` (bot decisions off the event loop), ``app`` (HTTP and WebSocket).
"""

"""Root pytest configuration: which source files the doctest collector may import."""

import importlib.util

# Alembic runs migration scripts itself; importing them outside a migration fails.
collect_ignore_glob = ["src/heliopolis/server/migrations/*"]
if importlib.util.find_spec("fastapi") is None:  # the server needs the [web] extra
    collect_ignore_glob.append("src/heliopolis/server/*")

"""Alembic environment: migrates the engine handed over by ``heliopolis.server.store.migrate``."""

from alembic import context

from heliopolis.server.store.storage import metadata

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()

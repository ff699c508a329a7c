"""Schema migrations with Alembic, run programmatically on an existing engine.

``heliopolis serve`` upgrades the database to the newest revision when it starts, so a new
SQLite file or an empty PostgreSQL database just works, and a database made by an older version
of Heliopolis is migrated in place. The scripts live in ``migrations/versions``.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

SCRIPTS = Path(__file__).with_name("migrations")


def alembic_config(engine: Engine | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    if engine is not None:
        cfg.attributes["engine"] = engine
    return cfg


MIGRATION_LOCK = 0x4E4C1050  # PostgreSQL advisory-lock key: one migrating process at a time


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrades the schema. On PostgreSQL several server processes may start at once (``serve
    --workers N``, or instances behind a balancer): a session advisory lock makes them migrate one
    after another, so the later ones find the schema current instead of racing to create it."""
    if engine.dialect.name != "postgresql":
        command.upgrade(alembic_config(engine), revision)
        return
    with engine.connect() as lock:
        lock.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        try:
            command.upgrade(alembic_config(engine), revision)
        finally:
            lock.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
            lock.commit()


def current(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as c:
        return MigrationContext.configure(c).get_current_revision()

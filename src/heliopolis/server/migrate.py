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


def upgrade(engine: Engine, revision: str = "head") -> None:
    command.upgrade(alembic_config(engine), revision)


def current(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as c:
        return MigrationContext.configure(c).get_current_revision()

"""The table: accounts, sessions, per-game settings (private, clock, takeover), chat; seat holders
and departures; when a game started.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "game_settings",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("takeover", sa.String(200), nullable=False),
        sa.Column("allow_retake", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("spectator_chat", sa.Boolean, nullable=False),
        sa.Column("creator_account", sa.Integer, nullable=True),
    )
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    with op.batch_alter_table("seats") as b:
        b.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        b.add_column(sa.Column("left_at", sa.Float, nullable=True))
        b.add_column(sa.Column("left_reason", sa.String(16), nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])
    with op.batch_alter_table("games") as b:
        b.add_column(sa.Column("started_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.drop_column("started_at")
    op.drop_index("ix_seats_account", "seats")
    with op.batch_alter_table("seats") as b:
        b.drop_column("left_reason")
        b.drop_column("left_at")
        b.drop_column("account_id")
    op.drop_table("chat")
    op.drop_table("game_settings")
    op.drop_index("ix_sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")

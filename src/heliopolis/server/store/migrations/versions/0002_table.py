"""The table: accounts, sessions, per-game settings (private, clock, takeover, rematch), chat,
ratings; seat holders and departures; when a game started.

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
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("turn_emails", sa.Boolean, nullable=False, server_default=sa.false()),
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
        sa.Column("creator_seat", sa.Integer, nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_table(
        "ratings",
        sa.Column("pool", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(220), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("pool", sa.String(40), nullable=False),
        sa.Column("player", sa.String(220), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    # Plain ADD COLUMN (no batch copy of the tables, see downgrade).
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.add_column("seats", sa.Column("left_at", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("left_reason", sa.String(16), nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])
    op.add_column("games", sa.Column("started_at", sa.Float, nullable=True))


def downgrade() -> None:
    # Plain DROP COLUMN (SQLite >= 3.35 has it): a batch copy would drop and recreate ``games``,
    # and with foreign keys on, dropping it deletes every seat and move (ON DELETE CASCADE).
    op.drop_column("games", "started_at")
    op.drop_index("ix_seats_account", "seats")
    for column in ("left_reason", "left_at", "account_id"):
        op.drop_column("seats", column)
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("chat")
    op.drop_table("game_settings")
    op.drop_index("ix_sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")

"""Moderation (issue 27): roles and sanctions per account (admin, muted, banned), reports of chat
lines and players, the admins' audit log, and chat lines deleted by an admin.

Revision ID: 0006_mod
Revises: 0005_table
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_mod"
down_revision = "0005_table"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_roles",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("admin", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("muted_at", sa.Float, nullable=True),
        sa.Column("banned_at", sa.Float, nullable=True),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("chat_n", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("target_account", sa.Integer, nullable=True),
        sa.Column("target_name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(500), nullable=True),
        sa.Column("reason", sa.String(200), nullable=True),
        sa.Column("target_key", sa.String(120), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("closed_by", sa.Integer, nullable=True),
        sa.Column("closed_at", sa.Float, nullable=True),
        sa.UniqueConstraint("reporter_id", "target_key", name="uq_reports_once"),
    )
    op.create_index("ix_reports_status", "reports", ["status", "id"])
    op.create_index("ix_reports_reporter", "reports", ["reporter_id", "created_at"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("admin_id", sa.Integer, nullable=True),
        sa.Column("admin_name", sa.String(64), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("target_account", sa.Integer, nullable=True),
        sa.Column("target_name", sa.String(64), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("chat_n", sa.Integer, nullable=True),
        sa.Column("report_id", sa.Integer, nullable=True),
        sa.Column("detail", sa.String(500), nullable=True),
    )
    op.add_column("chat", sa.Column("deleted_at", sa.Float, nullable=True))  # plain ADD COLUMN: see 0002


def downgrade() -> None:
    op.drop_column("chat", "deleted_at")  # plain DROP COLUMN: see 0002
    op.drop_table("audit_log")
    op.drop_index("ix_reports_reporter", table_name="reports")
    op.drop_index("ix_reports_status", table_name="reports")
    op.drop_table("reports")
    op.drop_table("account_roles")

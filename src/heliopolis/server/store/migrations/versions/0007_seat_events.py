"""Seat events (issue 28): every resign, time-out and retake with the ply it happened at, so the
log tells who left and came back, and names each move by who made it then.

Revision ID: 0007_seat_events
Revises: 0006_mod
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_seat_events"
down_revision = "0006_mod"  # re-chained after 0006_mod (moderation)
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_events",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_events")

"""Analyses of finished games and the hints table option (issue 29): one row per game and
analysis key (``bots.analysis.analysis_key``: the history, budget, seed and the search's settings),
its progress and decisions as JSON, shared by every viewer; ``game_settings.hints`` (NULL: allowed)
says whether the players of an unrated table may ask for hints.

Revision ID: 0008_analysis
Revises: 0007_seat_events
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_analysis"
down_revision = "0007_seat_events"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("decisions", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.add_column("game_settings", sa.Column("hints", sa.Boolean, nullable=True))


def downgrade() -> None:
    op.drop_column("game_settings", "hints")  # plain DROP COLUMN: see 0002
    op.drop_table("analyses")

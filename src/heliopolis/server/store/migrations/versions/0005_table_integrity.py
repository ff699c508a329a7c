"""Table integrity (issue 27): the rating decision stored when a game ends, what a seat's clock held
when its player left (and what a retake took back), whether a seat left before its first move, and
the account of a spectator's chat message (per-author chat caps).

Finished rated games of older versions that were never rated get the decision "not rated": a game
is rated when it ends, or never (never later, from who holds its seats now).

Revision ID: 0005_table
Revises: 0004_acct
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_table"
down_revision = "0004_acct"  # re-chained after 0004_acct (account integrity, same issue)
branch_labels = None
depends_on = None

LEGACY = '{"rated": false, "reason": "legacy"}'


def upgrade() -> None:
    # Plain ADD COLUMN (no batch copy of the tables, see 0002).
    op.add_column("games", sa.Column("rating_plan", sa.Text, nullable=True))
    op.add_column("seats", sa.Column("left_unmoved", sa.Boolean, nullable=True))
    op.add_column("seats", sa.Column("clock_left", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("clock_debit", sa.Float, nullable=True))
    op.add_column("chat", sa.Column("account_id", sa.Integer, nullable=True))
    op.execute(
        sa.text(
            "UPDATE games SET rating_plan = :legacy WHERE status = 'finished' "
            "AND id NOT IN (SELECT game_id FROM rating_changes)"
        ).bindparams(legacy=LEGACY)
    )


def downgrade() -> None:
    op.drop_column("chat", "account_id")  # plain DROP COLUMN: see 0002
    for column in ("clock_debit", "clock_left", "left_unmoved"):
        op.drop_column("seats", column)
    op.drop_column("games", "rating_plan")

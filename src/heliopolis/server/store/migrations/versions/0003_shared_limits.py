"""Limits shared by every server process on one database: when a seat's undo request was last
declined (its cool-down), and token buckets for new games per client address (PostgreSQL).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("undo_declined_at", sa.Float, nullable=True))
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(96), primary_key=True),  # "<limit>:<client address>"
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False),  # the database's clock (epoch seconds)
    )
    op.create_index("ix_rate_buckets_stamp", "rate_buckets", ["stamp"])


def downgrade() -> None:
    op.drop_table("rate_buckets")
    op.drop_column("seats", "undo_declined_at")  # plain DROP COLUMN: see 0002

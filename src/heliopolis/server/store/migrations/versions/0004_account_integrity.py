"""Account integrity: the lookalike skeleton of every username (unique), whether the e-mail address
is confirmed (existing addresses start unconfirmed: nothing is mailed to them until confirmed),
known devices, single-use e-mail tokens (confirmation, password reset), and the browser and last use of each session.

Revision ID: 0004_acct
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_acct"
down_revision = "0003"
branch_labels = None
depends_on = None


def _skeletons(conn: sa.engine.Connection) -> None:
    """Existing names get their skeleton; a later account that looks like an earlier one (made before
    the rule) keeps working under ``<skeleton>#<id>``, so the unique index can be built."""
    from heliopolis.server.social.names import skeleton

    seen: set[str] = set()
    for row in conn.execute(sa.text("SELECT id, username FROM accounts ORDER BY id")).all():
        sk = skeleton(row.username)
        if sk in seen:
            sk = f"{sk}#{row.id}"
        seen.add(sk)
        conn.execute(sa.text("UPDATE accounts SET username_skeleton = :s WHERE id = :i"), {"s": sk, "i": row.id})


def upgrade() -> None:
    # Plain ADD COLUMN (no batch copy of the tables, see 0002).
    op.add_column("accounts", sa.Column("username_skeleton", sa.String(64), nullable=True))
    op.add_column("accounts", sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()))
    _skeletons(op.get_bind())
    op.create_index("ix_accounts_username_skeleton", "accounts", ["username_skeleton"], unique=True)
    op.add_column("sessions", sa.Column("user_agent", sa.String(200), nullable=True))
    op.add_column("sessions", sa.Column("last_seen", sa.Float, nullable=True))
    op.create_table(
        "devices",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_devices_account", "devices", ["account_id"])
    op.create_table(
        "email_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),  # "confirm" | "reset"
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_email_tokens_account", "email_tokens", ["account_id"])


def downgrade() -> None:
    op.drop_table("email_tokens")
    op.drop_table("devices")
    op.drop_column("sessions", "last_seen")  # plain DROP COLUMN: see 0002
    op.drop_column("sessions", "user_agent")
    op.drop_index("ix_accounts_username_skeleton", "accounts")
    op.drop_column("accounts", "email_confirmed")
    op.drop_column("accounts", "username_skeleton")

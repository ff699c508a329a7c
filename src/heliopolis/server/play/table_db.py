"""Tables for the social layer (accounts, sessions, per-game table settings, chat), on the same
SQLAlchemy metadata as ``storage`` so Alembic sees one schema (migration ``0002_table``).

* ``accounts`` — username (``username_key`` is its case-folded form, unique; ``username_skeleton``
  its lookalike form, unique), argon2id hash, e-mail and whether it is confirmed;
* ``sessions`` — SHA-256 of the session cookie, the account, the CSRF token, expiry, browser;
* ``devices`` — SHA-256 of the known-device cookie of a browser that logged in (exempt from the
  per-username login back-off); ``email_tokens`` — pending e-mail confirmations (``0004_acct``);
* ``game_settings`` — what the creator chose beyond the rules: private + hash of the invitation
  code, clock (JSON), the bot level that takes over a seat that leaves, retake allowed, rated,
  spectators' chat; one row per game created with such settings (none: casual public game);
* ``chat`` — one row per message, numbered per game;
* ``ratings`` — openskill (mu, sigma) per pool (a game, or Ra per edition) and player (an account
  or a bot spec); ``rating_changes`` — before / after per seat of each rated game (once per game).

The seats table gains ``account_id`` (the account that holds the seat) and ``left_at`` /
``left_reason`` (resigned | timeout) for seats taken over by a bot; ``games`` gains
``started_at`` (when the last seat was taken: clocks run from there).
"""

from __future__ import annotations

import sqlalchemy as sa

from heliopolis.server.store.storage import metadata

accounts = sa.Table(
    "accounts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("username", sa.String(32), nullable=False),
    sa.Column("username_key", sa.String(32), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("email", sa.String(254), nullable=True),  # optional: only for turn alerts
    sa.Column("turn_emails", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("username_skeleton", sa.String(64), nullable=True),  # names.skeleton (0004): lookalikes
    sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),  # 0004
    sa.Index("ix_accounts_username_skeleton", "username_skeleton", unique=True),
)  # fmt: skip

sessions = sa.Table(
    "sessions", metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("user_agent", sa.String(200), nullable=True),  # 0004: for "my sessions"
    sa.Column("last_seen", sa.Float, nullable=True),  # 0004: the last login or password check on it
    sa.Index("ix_sessions_account", "account_id"),
)  # fmt: skip

devices = sa.Table(
    "devices", metadata,  # 0004: browsers that logged in to an account (the known-device cookie)
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_devices_account", "account_id"),
)  # fmt: skip

email_tokens = sa.Table(
    "email_tokens", metadata,  # 0004: single-use e-mail tokens: confirm an address, reset a password (only the SHA-256 is kept)
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("purpose", sa.String(16), nullable=False),  # "confirm" | "reset"
    sa.Column("email", sa.String(254), nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Index("ix_email_tokens_account", "account_id"),
)  # fmt: skip

game_settings = sa.Table(
    "game_settings", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("clock", sa.Text, nullable=True),  # JSON: {"kind": "fischer"|"turn", ...}; NULL: no clock
    sa.Column("takeover", sa.String(200), nullable=False),
    sa.Column("allow_retake", sa.Boolean, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("spectator_chat", sa.Boolean, nullable=False),
    sa.Column("creator_account", sa.Integer, nullable=True),
    sa.Column("creator_seat", sa.Integer, nullable=True),  # the seat the creator took (may mute spectators)
    sa.Column("rematch", sa.String(32), nullable=True),  # the id of this game's rematch, once offered
    sa.Column("hints", sa.Boolean, nullable=True),  # 0008: players may ask for hints (NULL: allowed; unrated only)
)  # fmt: skip

chat = sa.Table(
    "chat", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=True),  # NULL: a spectator
    sa.Column("account_id", sa.Integer, nullable=True),  # a spectator's account (per-author caps)
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("ply", sa.Integer, nullable=False),  # moves made when it was said (replays show it there)
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("deleted_at", sa.Float, nullable=True),  # deleted by an admin (moderation.py): served to no one
)  # fmt: skip

ratings = sa.Table(
    "ratings", metadata,
    sa.Column("pool", sa.String(40), primary_key=True),  # a game, Ra per edition: "ra:2009", "helios"
    sa.Column("player", sa.String(220), primary_key=True),  # "account:<id>" or "bot:<spec>"
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)  # fmt: skip

rating_changes = sa.Table(
    "rating_changes", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("pool", sa.String(40), nullable=False),
    sa.Column("player", sa.String(220), nullable=False),
    sa.Column("place", sa.Integer, nullable=False),  # 1 = first
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu_after", sa.Float, nullable=False),
    sa.Column("sigma_after", sa.Float, nullable=False),
)  # fmt: skip

# Who left and came back, and when (issue 28): one row per resign, time-out and retake, numbered
# per game; ``ply`` is the moves made then, so the log says it where it happened, with the name
# the seat had then. Read with the table settings (``TableService._load``).
seat_events = sa.Table(
    "seat_events", metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),  # resigned | timeout | retake
    sa.Column("name", sa.String(64), nullable=True),  # the seat's name then
    sa.Column("bot", sa.String(200), nullable=True),  # the bot that plays the seat from here (a leave)
    sa.Column("created_at", sa.Float, nullable=False),
)  # fmt: skip

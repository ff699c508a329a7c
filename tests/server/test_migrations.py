"""Alembic migrations 0002 (accounts, sessions, table settings, chat, seat holders), 0003 (limits
shared by server processes), 0004_acct (account integrity), 0005_table (table integrity), 0006_mod
(moderation) and 0007_seat_events (resigns, time-outs, retakes) on SQLite and PostgreSQL: a database
made by the previous revision keeps its games and accounts, gains the new columns, and goes back."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

pytest.importorskip("alembic")

from heliopolis.server.store.migrate import current, upgrade  # noqa: E402
from heliopolis.server.store.storage import create_engine  # noqa: E402


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path):  # noqa: ANN001, ANN201
    url = f"sqlite:///{tmp_path / 'm.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    e = create_engine(url)
    yield e
    e.dispose()


def test_0002_keeps_old_games_and_can_be_undone(engine):
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0001")
    with engine.begin() as c:
        c.execute(
            sa.text(
                "INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                "created_at, updated_at) VALUES ('old', 'ra', 'x', '{}', 1, 'running', 3, 0, 1.0, 2.0)"
            )
        )
        c.execute(sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES ('old', 0, 'human', 'Ann')"))
    upgrade(engine, "0002")
    assert current(engine) == "0002"
    insp = sa.inspect(engine)
    assert {"accounts", "sessions", "game_settings", "chat"} <= set(insp.get_table_names())
    assert {"account_id", "left_at", "left_reason"} <= {c["name"] for c in insp.get_columns("seats")}
    with engine.connect() as c:
        row = c.execute(sa.text("SELECT s.name, s.account_id, g.started_at, g.revision FROM seats s "
                                "JOIN games g ON g.id = s.game_id")).one()  # fmt: skip
    assert tuple(row) == ("Ann", None, None, 3)
    command.downgrade(alembic_config(engine), "0001")
    assert current(engine) == "0001"
    assert "accounts" not in sa.inspect(engine).get_table_names()
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT name FROM seats")).scalar() == "Ann"
    upgrade(engine, "0002")
    assert current(engine) == "0002"


def test_0003_adds_the_shared_limits_and_can_be_undone(engine):
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0002")
    with engine.begin() as c:
        c.execute(
            sa.text(
                "INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                "created_at, updated_at) VALUES ('old', 'ra', 'x', '{}', 1, 'running', 3, 0, 1.0, 2.0)"
            )
        )
        c.execute(sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES ('old', 0, 'human', 'Ann')"))
    upgrade(engine, "0003")
    assert current(engine) == "0003"
    insp = sa.inspect(engine)
    assert "rate_buckets" in insp.get_table_names()
    assert "undo_declined_at" in {c["name"] for c in insp.get_columns("seats")}
    with engine.connect() as c:
        assert tuple(c.execute(sa.text("SELECT name, undo_declined_at FROM seats")).one()) == ("Ann", None)
    command.downgrade(alembic_config(engine), "0002")
    assert current(engine) == "0002" and "rate_buckets" not in sa.inspect(engine).get_table_names()
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT name FROM seats")).scalar() == "Ann"


def test_0005_table_stores_decisions_and_never_rates_old_games_late(engine):
    """0005_table: the rating decision, the seats' clocks at leaving, the spectators' chat accounts.
    A finished game of an older version that was never rated gets "not rated" (never rated later)."""
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0003")
    with engine.begin() as c:
        for gid, status in (("done", "finished"), ("live", "running")):
            c.execute(sa.text("INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                              "created_at, updated_at) VALUES (:g, 'ra', 'x', '{}', 1, :s, 3, 0, 1.0, 2.0)"),
                      {"g": gid, "s": status})  # fmt: skip
            c.execute(
                sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES (:g, 0, 'human', 'Ann')"), {"g": gid}
            )
    upgrade(engine, "0005_table")
    assert current(engine) == "0005_table"
    insp = sa.inspect(engine)
    assert {"left_unmoved", "clock_left", "clock_debit"} <= {c["name"] for c in insp.get_columns("seats")}
    assert "rating_plan" in {c["name"] for c in insp.get_columns("games")}
    assert "account_id" in {c["name"] for c in insp.get_columns("chat")}
    with engine.connect() as c:
        plans = dict(c.execute(sa.text("SELECT id, rating_plan FROM games")).all())
    assert plans == {"done": '{"rated": false, "reason": "legacy"}', "live": None}
    command.downgrade(alembic_config(engine), "0003")
    assert current(engine) == "0003"
    assert "rating_plan" not in {c["name"] for c in sa.inspect(engine).get_columns("games")}
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM seats")).scalar() == 2
    upgrade(engine, "0005_table")
    assert current(engine) == "0005_table"


def test_0004_gives_old_accounts_skeletons_and_unconfirmed_addresses_and_can_be_undone(engine):
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0003")
    with engine.begin() as c:  # two lookalikes the old rules let in, and an unconfirmed relay address
        for i, name, email in [(1, "Zoe", "root,postmaster,eve@victim.example"), (2, "Zoe\n", None), (3, "Ann", None)]:
            c.execute(sa.text("INSERT INTO accounts (id, username, username_key, password_hash, email, turn_emails, "
                              "created_at) VALUES (:i, :n, :k, 'h', :e, :t, 1.0)"),
                      {"i": i, "n": name, "k": name.casefold(), "e": email, "t": email is not None})  # fmt: skip
        c.execute(sa.text("INSERT INTO sessions (id_hash, account_id, csrf, created_at, expires_at) "
                          "VALUES ('s', 1, 'c', 1.0, 9e9)"))  # fmt: skip
    upgrade(engine, "0004_acct")
    assert current(engine) == "0004_acct"
    insp = sa.inspect(engine)
    assert {"devices", "email_tokens"} <= set(insp.get_table_names())
    assert {"user_agent", "last_seen"} <= {c["name"] for c in insp.get_columns("sessions")}
    with engine.connect() as c:
        rows = c.execute(sa.text("SELECT username, username_skeleton, email_confirmed FROM accounts ORDER BY id")).all()
    assert [(r[1], bool(r[2])) for r in rows] == [("zoe", False), ("zoe#2", False), ("ann", False)]
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as c:  # the index holds for new lookalikes
        c.execute(sa.text("INSERT INTO accounts (username, username_key, password_hash, turn_emails, created_at, "
                          "username_skeleton) VALUES ('Z0e', 'z0e', 'h', false, 1.0, 'zoe')"))  # fmt: skip
    command.downgrade(alembic_config(engine), "0003")
    assert current(engine) == "0003" and "devices" not in sa.inspect(engine).get_table_names()
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM accounts")).scalar() == 3
        assert c.execute(sa.text("SELECT count(*) FROM sessions")).scalar() == 1
    upgrade(engine, "0004_acct")
    assert current(engine) == "0004_acct"


def test_0006_moderation_adds_roles_reports_audit_and_deleted_lines_and_can_be_undone(engine):
    """0006_mod: account roles and sanctions, reports, the audit log, chat lines deleted by an admin;
    old chat lines stay (none deleted) and going back keeps them."""
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0005_table")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                          "created_at, updated_at) VALUES ('g', 'ra', 'x', '{}', 1, 'running', 3, 0, 1.0, 2.0)"))  # fmt: skip
        c.execute(sa.text("INSERT INTO chat (game_id, n, seat, name, text, ply, created_at) "
                          "VALUES ('g', 0, 0, 'Ann', 'hello', 0, 1.0)"))  # fmt: skip
    upgrade(engine, "0006_mod")
    assert current(engine) == "0006_mod"
    insp = sa.inspect(engine)
    assert {"account_roles", "reports", "audit_log"} <= set(insp.get_table_names())
    assert "deleted_at" in {c["name"] for c in insp.get_columns("chat")}
    assert {u["name"] for u in insp.get_unique_constraints("reports")} == {"uq_reports_once"}
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT text, deleted_at FROM chat")).one() == ("hello", None)
    command.downgrade(alembic_config(engine), "0005_table")
    assert current(engine) == "0005_table"
    insp = sa.inspect(engine)
    assert not {"account_roles", "reports", "audit_log"} & set(insp.get_table_names())
    assert "deleted_at" not in {c["name"] for c in insp.get_columns("chat")}
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT text FROM chat")).scalar() == "hello"
    upgrade(engine, "0006_mod")
    assert current(engine) == "0006_mod"


OLD_SEAT = sa.text("SELECT s.name, g.revision FROM seats s JOIN games g ON g.id = s.game_id")


def test_0007_seat_events_adds_the_seat_events_and_can_be_undone(engine):
    """0007_seat_events: a table of resigns, time-outs and retakes with their ply, keyed by game and
    number; old games and seats stay, and going back drops only the new table."""
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0006_mod")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                          "created_at, updated_at) VALUES ('g', 'ra', 'x', '{}', 1, 'running', 3, 0, 1.0, 2.0)"))  # fmt: skip
        c.execute(sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES ('g', 0, 'human', 'Ann')"))
    upgrade(engine, "0007_seat_events")
    assert current(engine) == "0007_seat_events"
    insp = sa.inspect(engine)
    assert {c["name"] for c in insp.get_columns("seat_events")} == {
        "game_id", "n", "ply", "seat", "kind", "name", "bot", "created_at"
    }  # fmt: skip
    assert insp.get_pk_constraint("seat_events")["constrained_columns"] == ["game_id", "n"]
    assert [(f["referred_table"], f["referred_columns"]) for f in insp.get_foreign_keys("seat_events")] == [
        ("games", ["id"])
    ]
    with engine.begin() as c:
        assert c.execute(sa.text("SELECT count(*) FROM seat_events")).scalar() == 0  # nothing made up for old games
        c.execute(sa.text("INSERT INTO seat_events (game_id, n, ply, seat, kind, name, bot, created_at) "
                          "VALUES ('g', 0, 2, 0, 'resign', 'Ann', 'random', 3.0)"))  # fmt: skip
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as c:  # one event per (game, number)
        c.execute(sa.text("INSERT INTO seat_events (game_id, n, ply, seat, kind, created_at) "
                          "VALUES ('g', 0, 5, 0, 'retake', 4.0)"))  # fmt: skip
    with engine.connect() as c:
        assert tuple(c.execute(OLD_SEAT).one()) == ("Ann", 3)
    command.downgrade(alembic_config(engine), "0006_mod")
    assert current(engine) == "0006_mod"
    assert "seat_events" not in sa.inspect(engine).get_table_names()
    with engine.connect() as c:
        assert tuple(c.execute(OLD_SEAT).one()) == ("Ann", 3)
    upgrade(engine, "0007_seat_events")
    assert current(engine) == "0007_seat_events"
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM seat_events")).scalar() == 0


def test_0008_analysis_adds_the_analyses_and_the_hints_option_and_can_be_undone(engine):
    """0008_analysis: stored analyses keyed by game and analysis key, and ``game_settings.hints``
    (NULL for older tables: hints allowed); old games stay, and going back drops only these."""
    from alembic import command

    from heliopolis.server.store.migrate import alembic_config

    upgrade(engine, "0007_seat_events")
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO games (id, game, encoding, options, seed, status, revision, plies, "
                          "created_at, updated_at) VALUES ('g', 'ra', 'x', '{}', 1, 'finished', 3, 0, 1.0, 2.0)"))  # fmt: skip
        c.execute(sa.text("INSERT INTO seats (game_id, seat, kind, name) VALUES ('g', 0, 'human', 'Ann')"))
        c.execute(sa.text("INSERT INTO game_settings (game_id, private, takeover, allow_retake, rated, "
                          "spectator_chat) VALUES ('g', false, 'heuristic', true, false, true)"))  # fmt: skip
    upgrade(engine, "0008_analysis")
    assert current(engine) == "0008_analysis"
    insp = sa.inspect(engine)
    assert insp.get_pk_constraint("analyses")["constrained_columns"] == ["game_id", "key"]
    with engine.begin() as c:
        assert c.execute(sa.text("SELECT hints FROM game_settings")).scalar() is None
        c.execute(sa.text("INSERT INTO analyses (game_id, key, status, budget, done, total, decisions, created_at, "
                          "updated_at) VALUES ('g', 'k', 'done', 2, 0, 0, '[]', 1.0, 1.0)"))  # fmt: skip
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as c:  # one row per game and key
        c.execute(sa.text("INSERT INTO analyses (game_id, key, status, budget, done, total, decisions, created_at, "
                          "updated_at) VALUES ('g', 'k', 'running', 2, 0, 0, '[]', 1.0, 1.0)"))  # fmt: skip
    command.downgrade(alembic_config(engine), "0007_seat_events")
    assert current(engine) == "0007_seat_events"
    insp = sa.inspect(engine)
    assert "analyses" not in insp.get_table_names()
    assert "hints" not in {c["name"] for c in insp.get_columns("game_settings")}
    with engine.connect() as c:
        assert tuple(c.execute(OLD_SEAT).one()) == ("Ann", 3)
    upgrade(engine, "0008_analysis")
    assert current(engine) == "0008_analysis"

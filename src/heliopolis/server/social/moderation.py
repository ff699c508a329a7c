"""Moderation: admins, reports, deleting a chat line, muting and banning, and the audit log.

* ``account_roles`` — one row per account with a role or a sanction: ``admin`` (granted from the
  command line only: ``heliopolis admin grant NAME``), ``muted_at`` (no chat anywhere; play goes
  on), ``banned_at`` (no login, every session ended, running seats handed to takeover bots);
* ``reports`` — a player's report of a chat line or of a seat's player, with a snapshot of the
  reported text; one per reporter and target (``target_key``), so reporting the same line twice
  counts once; at most ``REPORTS_PER_HOUR`` per reporter;
* ``audit_log`` — who did what to whom and when; written in the same transaction as the action
  and never changed afterwards (the API only reads it).

Every write is committed before it is answered. A ban is committed first (the flag, the sessions
deleted, the audit entry), then the account's WebSockets are closed (on PostgreSQL the other
server instances are told on ``heliopolis_mod``) and its running seats go to takeover bots;
``resume`` repeats that hand-over when a server starts, so a kill -9 in between loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field

from heliopolis.core.errors import error_msg
from heliopolis.server.play.table_db import accounts, chat, sessions
from heliopolis.server.store.storage import games, metadata, seats
from heliopolis.server.transport.protocol import ServerError

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.table import TableService
    from heliopolis.server.social.accounts import Accounts
    from heliopolis.server.social.chat import Chat

log = logging.getLogger("heliopolis.server")
REPORTS_PER_HOUR = 20  # per reporting account
CONTEXT = 3  # chat lines shown before and after a reported line
CHANNEL = "heliopolis_mod"  # PostgreSQL NOTIFY: "ban:<account>:<instance>" (other instances close its sockets)
WS_BANNED = 4401  # the close code of a banned account's WebSockets

roles = sa.Table(
    "account_roles", metadata,
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("admin", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("muted_at", sa.Float, nullable=True),
    sa.Column("banned_at", sa.Float, nullable=True),
)  # fmt: skip

reports = sa.Table(
    "reports", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),  # chat | player
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("chat_n", sa.Integer, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("target_account", sa.Integer, nullable=True),  # NULL: a guest seat (only its lines can go)
    sa.Column("target_name", sa.String(64), nullable=False),
    sa.Column("text", sa.String(500), nullable=True),  # the reported line as it was
    sa.Column("reason", sa.String(200), nullable=True),
    sa.Column("target_key", sa.String(120), nullable=False),
    sa.Column("status", sa.String(12), nullable=False),  # open | dismissed | resolved
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("closed_by", sa.Integer, nullable=True),
    sa.Column("closed_at", sa.Float, nullable=True),
    sa.UniqueConstraint("reporter_id", "target_key", name="uq_reports_once"),
    sa.Index("ix_reports_status", "status", "id"),
    sa.Index("ix_reports_reporter", "reporter_id", "created_at"),
)  # fmt: skip

audit = sa.Table(
    "audit_log", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("admin_id", sa.Integer, nullable=True),  # no foreign key: the entry outlives the accounts
    sa.Column("admin_name", sa.String(64), nullable=False),  # "(command line)" for the CLI
    sa.Column("action", sa.String(16), nullable=False),
    sa.Column("target_account", sa.Integer, nullable=True),
    sa.Column("target_name", sa.String(64), nullable=True),
    sa.Column("game_id", sa.String(32), nullable=True),
    sa.Column("chat_n", sa.Integer, nullable=True),
    sa.Column("report_id", sa.Integer, nullable=True),
    sa.Column("detail", sa.String(500), nullable=True),
)  # fmt: skip

CLI_ADMIN = "(command line)"


def _err(code: str, key: str, **args: Any) -> ServerError:
    return ServerError(code, error_msg(key, **args))


# -- blocking helpers shared by the API and the CLI ------------------------------------------------
def account_by_name(c: sa.Connection, name: str) -> tuple[int, str]:
    row = c.execute(sa.select(accounts.c.id, accounts.c.username)
                    .where(accounts.c.username_key == name.strip().casefold())).first()  # fmt: skip
    if row is None:
        raise _err("not_found", "errors.mod.no_account", name=name)
    return int(row.id), row.username


def _account_name(c: sa.Connection, account_id: int) -> str:
    name = c.execute(sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar()
    if name is None:
        raise _err("not_found", "errors.mod.no_account", name=f"#{account_id}")
    return str(name)


def role(c: sa.Connection, account_id: int | None) -> Any:
    if account_id is None:
        return None
    return c.execute(sa.select(roles).where(roles.c.account_id == account_id)).first()


def _set_role(c: sa.Connection, account_id: int, **cols: Any) -> None:
    if c.execute(roles.update().where(roles.c.account_id == account_id).values(**cols)).rowcount == 0:
        c.execute(roles.insert().values(account_id=account_id, **{"admin": False, **cols}))


def write_audit(c: sa.Connection, admin: tuple[int | None, str], action: str, **cols: Any) -> None:
    c.execute(audit.insert().values(at=time.time(), admin_id=admin[0], admin_name=admin[1], action=action, **cols))


def admins(c: sa.Connection) -> list[int]:
    return list(c.execute(sa.select(roles.c.account_id).where(roles.c.admin == sa.true(),
                                                             roles.c.banned_at.is_(None))).scalars())  # fmt: skip


def set_admin(c: sa.Connection, name: str, on: bool, by: tuple[int | None, str] = (None, CLI_ADMIN)) -> str:
    """Grants or revokes the admin role (the command line's ``admin grant/revoke``)."""
    account_id, username = account_by_name(c, name)
    r = role(c, account_id)
    if not on and r is not None and r.admin and admins(c) == [account_id]:
        raise _err("conflict", "errors.mod.last_admin", name=username)
    if on and r is not None and r.banned_at is not None:
        raise _err("conflict", "errors.mod.banned_admin", name=username)
    _set_role(c, account_id, admin=on)
    write_audit(c, by, "grant" if on else "revoke", target_account=account_id, target_name=username)
    return username


def set_banned(c: sa.Connection, account_id: int, on: bool, by: tuple[int | None, str], report: int | None = None
               ) -> str:  # fmt: skip
    """Bans (ends every session in the same transaction) or unbans an account."""
    username = _account_name(c, account_id)
    r = role(c, account_id)
    if on and by[0] == account_id:
        raise _err("conflict", "errors.mod.ban_self")
    if on and r is not None and r.admin and admins(c) == [account_id]:
        raise _err("conflict", "errors.mod.last_admin", name=username)
    _set_role(c, account_id, banned_at=time.time() if on else None, **({"admin": False} if on else {}))
    if on:
        c.execute(sessions.delete().where(sessions.c.account_id == account_id))
    write_audit(c, by, "ban" if on else "unban", target_account=account_id, target_name=username, report_id=report)
    _close_reports(c, report, by, "resolved")
    return username


def notify_ban(c: sa.Connection, account_id: int, instance: str) -> None:
    """PostgreSQL: every server instance hears of the ban on commit (closes its sockets, hands its seats)."""
    if c.dialect.name == "postgresql":
        c.execute(sa.select(sa.func.pg_notify(CHANNEL, f"ban:{account_id}:{instance}")))


def set_muted(c: sa.Connection, account_id: int, on: bool, by: tuple[int | None, str], report: int | None = None
              ) -> str:  # fmt: skip
    username = _account_name(c, account_id)
    if on and by[0] == account_id:
        raise _err("conflict", "errors.mod.mute_self")
    _set_role(c, account_id, muted_at=time.time() if on else None)
    write_audit(c, by, "mute" if on else "unmute", target_account=account_id, target_name=username, report_id=report)
    _close_reports(c, report, by, "resolved")
    return username


def _close_reports(c: sa.Connection, report: int | None, by: tuple[int | None, str], status: str) -> None:
    """Closes the report acted on, and every other open report of the same target (they are answered too)."""
    if report is None:
        return
    row = c.execute(sa.select(reports.c.target_key).where(reports.c.id == report)).first()
    if row is None:
        raise _err("not_found", "errors.mod.no_report", id=report)
    c.execute(reports.update().where(reports.c.target_key == row.target_key, reports.c.status == "open")
              .values(status=status, closed_by=by[0], closed_at=time.time()))  # fmt: skip


def list_users(c: sa.Connection) -> list[dict[str, Any]]:
    q = (sa.select(accounts.c.id, accounts.c.username, accounts.c.created_at, roles.c.admin, roles.c.muted_at,
                   roles.c.banned_at).outerjoin(roles, roles.c.account_id == accounts.c.id)
         .order_by(accounts.c.username_key))  # fmt: skip
    return [{"id": r.id, "username": r.username, "admin": bool(r.admin), "muted": r.muted_at is not None,
             "banned": r.banned_at is not None} for r in c.execute(q)]  # fmt: skip


# -- request bodies ------------------------------------------------------------------------------------
class ReportBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(pattern="^(chat|player)$")
    game: str = Field(min_length=1, max_length=32)
    n: int | None = Field(None, ge=0, le=1_000_000)  # the chat line (kind "chat")
    seat: int | None = Field(None, ge=0, le=63)  # the seat (kind "player")
    reason: str | None = Field(None, max_length=200)


class AccountAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    account: int = Field(ge=1)
    on: bool = True
    report: int | None = Field(None, ge=1)


class LineAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=32)
    n: int = Field(ge=0, le=1_000_000)
    report: int | None = Field(None, ge=1)


class ReportAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    report: int = Field(ge=1)


def parse(model: type[BaseModel], raw: Any) -> Any:
    """A request body checked against ``model``: a catalog message naming the field (no validation paths)."""
    from pydantic import ValidationError

    try:
        return model.model_validate(raw)
    except ValidationError as e:
        loc = e.errors()[0].get("loc") or ("body",)
        field = str(loc[0])
        if field == "reason":
            raise _err("bad_request", "errors.mod.reason_long", most=200) from None
        raise _err("bad_request", "errors.mod.bad_field", field=field) from None


async def _body(request: Request, model: type[BaseModel]) -> Any:
    import json

    try:
        raw = json.loads(await request.body() or b"null")
    except ValueError:
        raise _err("bad_request", "errors.mod.bad_json") from None
    return parse(model, raw)


def _clean_reason(text: str | None) -> str | None:
    from heliopolis.server.social.chat import clean

    return (clean(text) or None) if text else None


class Moderation:
    """Reports, sanctions and their effects on this server instance (sessions, sockets, seats)."""

    def __init__(self, auth: Authority, accounts_service: Accounts, chat_service: Chat, table: TableService) -> None:
        self.auth, self.accounts, self.chat, self.table = auth, accounts_service, chat_service, table
        self.storage = auth.storage
        self.sockets: dict[int, set[Any]] = {}  # account -> its open WebSockets here (closed on a ban)
        self.listener: Any = None

    # -- blocking DB work ----------------------------------------------------------------------
    def _tx(self, fn: Any, *args: Any) -> Any:
        with self.storage.engine.begin() as c:
            out = fn(c, *args)
            if fn is set_banned and args[1]:
                notify_ban(c, args[0], self.storage.instance)
            return out

    def _role(self, account_id: int | None) -> Any:
        with self.storage.engine.connect() as c:
            return role(c, account_id)

    # -- sanctions.Sanctions: asked by chat, the table and the accounts (wired by build_services) --------
    async def may_chat(self, author: int | None) -> None:
        r = await asyncio.to_thread(self._role, author)
        if r is not None and r.banned_at is not None:
            raise _err("banned", "errors.mod.banned")
        if r is not None and r.muted_at is not None:
            raise _err("muted", "errors.mod.muted")

    async def may_retake(self, live: Live, seat: int) -> None:
        r = await asyncio.to_thread(self._role, live.rec.seats[seat].account_id)
        if r is not None and r.banned_at is not None:
            raise _err("banned", "errors.mod.banned")

    async def may_log_in(self, account_id: int) -> None:
        """Runs after the login's session was written: a ban committed meanwhile ends it here, and a
        later ban deletes it, so a banned account never keeps a session."""
        r = await asyncio.to_thread(self._role, account_id)
        if r is not None and r.banned_at is not None:
            end = sessions.delete().where(sessions.c.account_id == account_id)
            await self.auth._db(self._tx, lambda c: c.execute(end))
            raise _err("banned", "errors.mod.banned")

    async def admin(self, request: Request, write: bool) -> tuple[int, str]:
        """The admin a request acts for: 401 without a session, 403 for anyone else (CSRF on writes)."""
        from heliopolis.server.social.accounts import check_csrf

        s = await self.accounts.session(request)
        if s is None:
            raise ServerError("unauthorized", "log in first")
        if write:
            check_csrf(request, s)
        r = await asyncio.to_thread(self._role, s.account_id)
        if r is None or not r.admin or r.banned_at is not None:
            raise _err("forbidden", "errors.mod.not_admin")
        return s.account_id, s.username

    # -- live effects of a ban -----------------------------------------------------------------
    def track(self, account_id: int | None, ws: Any) -> None:
        if account_id is not None:
            self.sockets.setdefault(account_id, set()).add(ws)

    def untrack(self, account_id: int | None, ws: Any) -> None:
        held = self.sockets.get(account_id) if account_id is not None else None
        if held is not None:
            held.discard(ws)
            if not held:
                del self.sockets[account_id]  # type: ignore[arg-type]

    async def close_sockets(self, account_id: int) -> int:
        import json

        closing = list(self.sockets.pop(account_id, ()))
        why = _err("banned", "errors.mod.banned")
        for ws in closing:
            try:
                await ws.send_text(json.dumps({"type": "error", **why.fields()}))
                await ws.close(code=WS_BANNED)
            except Exception:  # already closing: nothing more to end
                pass
        return len(closing)

    def _running_seats(self, account_id: int | None) -> list[tuple[str, int]]:
        q = (sa.select(seats.c.game_id, seats.c.seat).join(games, games.c.id == seats.c.game_id)
             .where(games.c.status == "running", seats.c.kind == "human"))  # fmt: skip
        if account_id is None:  # every banned account (a server starting)
            q = q.join(roles, roles.c.account_id == seats.c.account_id).where(roles.c.banned_at.is_not(None))
        else:
            q = q.where(seats.c.account_id == account_id)
        with self.storage.engine.connect() as c:
            return [(g, s) for g, s in c.execute(q)]

    async def hand_over(self, account_id: int | None) -> int:
        """The running seats of a banned account (``None``: of every banned account) go to their
        takeover bots, as a resignation would (table.py), the reason being "banned"."""
        done = 0
        for gid, seat in await asyncio.to_thread(self._running_seats, account_id):
            try:
                live = await self.auth.get(gid)
            except ServerError:
                continue
            async with live.lock:
                live = self.auth.games.get(gid, live)
                s = live.rec.seats[seat]
                if live.rec.status != "running" or live.state.is_terminal() or s.kind != "human":
                    continue
                ok = await self.table.takeover(live, seat, "banned", time.time())
            if ok:
                done += 1
                self.auth.hub.publish(gid)
                self.auth.driver.kick(gid)
        return done

    async def on_remote(self, what: str, number: int) -> None:
        """A ban committed elsewhere (another instance, the command line): its sockets here close and
        its seats go to bots (of two instances trying, the revision check lets one do it)."""
        if what == "ban":
            await self.close_sockets(number)
            await self.hand_over(number)

    async def start(self, dsn: str | None) -> None:
        from heliopolis.server.transport.hub import PgListener

        if dsn is not None:
            self.listener = PgListener(dsn, self.on_remote, self.storage.instance, channel=CHANNEL)
            self.listener.start()
            await asyncio.wait_for(self.listener.ready.wait(), 10)
        n = await self.hand_over(None)  # a ban whose hand-over a crash interrupted
        if n:
            log.info("handed %d seats of banned accounts to takeover bots", n)

    async def stop(self) -> None:
        if self.listener is not None:
            await self.listener.stop()

    # -- reports -------------------------------------------------------------------------------
    async def report(self, request: Request, body: ReportBody, token: str | None) -> dict[str, Any]:
        s = await self.accounts.require(request)  # an account (the limit is per account), CSRF checked
        live = await self.auth.get(body.game)
        seat = self.auth.seat_of(live, token, s.account_id)
        if seat is None and (self.table.state(live).settings["private"]
                             or (body.kind == "chat" and not self.chat.spectators_allowed(live))):  # fmt: skip
            raise _err("forbidden", "errors.mod.cannot_see")
        if body.kind == "chat" and body.n is None:
            raise _err("bad_request", "errors.mod.bad_field", field="n")
        if body.kind == "player" and (body.seat is None or body.seat >= len(live.rec.seats)):
            raise _err("bad_request", "errors.mod.bad_field", field="seat")
        return await self.auth._db(self._insert_report, s.account_id, body, _clean_reason(body.reason))

    def _target(self, c: sa.Connection, body: ReportBody) -> dict[str, Any]:
        if body.kind == "chat":
            line = c.execute(sa.select(chat).where(chat.c.game_id == body.game, chat.c.n == body.n,
                                                   chat.c.deleted_at.is_(None))).first()  # fmt: skip
            if line is None:
                raise _err("not_found", "errors.mod.no_line")
            who = line.account_id
            if line.seat is not None:
                who = c.execute(sa.select(seats.c.account_id).where(seats.c.game_id == body.game,
                                                                    seats.c.seat == line.seat)).scalar()  # fmt: skip
            return {"chat_n": body.n, "seat": line.seat, "target_account": who, "target_name": line.name,
                    "text": line.text, "target_key": f"chat:{body.game}:{body.n}"}  # fmt: skip
        row = c.execute(sa.select(seats).where(seats.c.game_id == body.game, seats.c.seat == body.seat)).first()
        assert row is not None  # report() checked the seat against the game's seats
        if row.account_id is None and (row.kind == "bot" and row.left_reason is None or row.token_hash is None):
            raise _err("bad_request", "errors.mod.not_a_player")  # a bot, or a seat nobody took
        key = f"account:{row.account_id}" if row.account_id is not None else f"seat:{body.game}:{body.seat}"
        return {"seat": body.seat, "target_account": row.account_id, "target_name": row.name or f"#{body.seat}",
                "target_key": key}  # fmt: skip

    def _insert_report(self, reporter: int, body: ReportBody, reason: str | None) -> dict[str, Any]:
        now = time.time()
        with self.storage.engine.begin() as c:
            target = self._target(c, body)
            if target["target_account"] == reporter:
                raise _err("bad_request", "errors.mod.report_self")
            mine = sa.select(reports.c.id).where(reports.c.reporter_id == reporter)
            had = c.execute(mine.where(reports.c.target_key == target["target_key"])).scalar()
            if had is not None:  # the same line (or player) reported again: it counts once
                return {"report": int(had), "duplicate": True}
            recent = c.execute(sa.select(sa.func.count()).select_from(reports)
                               .where(reports.c.reporter_id == reporter, reports.c.created_at > now - 3600)).scalar()  # fmt: skip
            if (recent or 0) >= REPORTS_PER_HOUR:
                raise _err("rate_limited", "errors.mod.report_limit", n=REPORTS_PER_HOUR)
            try:
                with c.begin_nested():
                    res = c.execute(reports.insert().values(reporter_id=reporter, kind=body.kind, game_id=body.game,
                                                            reason=reason, status="open", created_at=now, **target))  # fmt: skip
            except sa.exc.IntegrityError:  # the same report sent twice at once
                return {"report": int(c.execute(mine.where(reports.c.target_key == target["target_key"])).scalar_one()),
                        "duplicate": True}  # fmt: skip
            key = res.inserted_primary_key
            assert key is not None  # an INSERT of one row
            return {"report": int(key[0]), "duplicate": False}

    def open_reports(self, status: str, limit: int) -> list[dict[str, Any]]:
        q = (sa.select(reports, accounts.c.username.label("reporter"), games.c.game.label("game_kind"),
                       roles.c.muted_at, roles.c.banned_at)
             .join(accounts, accounts.c.id == reports.c.reporter_id).join(games, games.c.id == reports.c.game_id)
             .outerjoin(roles, roles.c.account_id == reports.c.target_account)
             .where(reports.c.status == status).order_by(reports.c.id.desc()).limit(limit))  # fmt: skip
        out = []
        with self.storage.engine.connect() as c:
            for r in c.execute(q).mappings():
                same = c.execute(sa.select(sa.func.count()).select_from(reports).where(
                    reports.c.target_key == r["target_key"], reports.c.status == "open")).scalar()  # fmt: skip
                out.append({"id": r["id"], "kind": r["kind"], "game": r["game_id"], "game_kind": r["game_kind"],
                            "url": f"/g/{r['game_id']}", "n": r["chat_n"], "seat": r["seat"],
                            "target": {"account": r["target_account"], "name": r["target_name"],
                                       "muted": r["muted_at"] is not None, "banned": r["banned_at"] is not None},
                            "text": r["text"], "reason": r["reason"], "reporter": r["reporter"],
                            "at": round(r["created_at"], 3), "status": r["status"], "reports": int(same or 0),
                            "context": self._context(c, r["game_id"], r["chat_n"]) if r["kind"] == "chat" else []})  # fmt: skip
        return out

    @staticmethod
    def _context(c: sa.Connection, game_id: str, n: int) -> list[dict[str, Any]]:
        q = (sa.select(chat.c.n, chat.c.seat, chat.c.name, chat.c.text, chat.c.deleted_at)
             .where(chat.c.game_id == game_id, chat.c.n.between(n - CONTEXT, n + CONTEXT)).order_by(chat.c.n))  # fmt: skip
        return [{"n": r.n, "seat": r.seat, "name": r.name, "text": r.text, "deleted": r.deleted_at is not None,
                 "reported": r.n == n} for r in c.execute(q)]  # fmt: skip

    def audit_entries(self, limit: int) -> list[dict[str, Any]]:
        with self.storage.engine.connect() as c:
            rows = c.execute(sa.select(audit).order_by(audit.c.id.desc()).limit(limit)).mappings()
            return [{**{k: r[k] for k in ("id", "admin_id", "admin_name", "action", "target_account", "target_name",
                                          "game_id", "chat_n", "report_id", "detail")},
                     "at": round(r["at"], 3)} for r in rows]  # fmt: skip

    # -- admin actions -------------------------------------------------------------------------
    def _delete_line(self, c: sa.Connection, body: LineAction, by: tuple[int, str]) -> str:
        line = c.execute(sa.select(chat.c.text, chat.c.name, chat.c.deleted_at)
                         .where(chat.c.game_id == body.game, chat.c.n == body.n)).first()  # fmt: skip
        if line is None or line.deleted_at is not None:
            raise _err("not_found", "errors.mod.no_line")
        c.execute(chat.update().where(chat.c.game_id == body.game, chat.c.n == body.n).values(deleted_at=time.time()))
        write_audit(c, by, "delete_line", target_name=line.name, game_id=body.game, chat_n=body.n, detail=line.text,
                    report_id=body.report)  # fmt: skip
        c.execute(reports.update().where(reports.c.target_key == f"chat:{body.game}:{body.n}",
                                         reports.c.status == "open")
                  .values(status="resolved", closed_by=by[0], closed_at=time.time()))  # fmt: skip
        _close_reports(c, body.report, by, "resolved")
        return str(line.text)

    def _dismiss(self, c: sa.Connection, body: ReportAction, by: tuple[int, str]) -> None:
        row = c.execute(sa.select(reports.c.status, reports.c.target_name).where(reports.c.id == body.report)).first()
        if row is None:
            raise _err("not_found", "errors.mod.no_report", id=body.report)
        if row.status != "open":
            raise _err("conflict", "errors.mod.report_closed", id=body.report)
        c.execute(reports.update().where(reports.c.id == body.report)
                  .values(status="dismissed", closed_by=by[0], closed_at=time.time()))  # fmt: skip
        write_audit(c, by, "dismiss", target_name=row.target_name, report_id=body.report)

    async def delete_line(self, body: LineAction, by: tuple[int, str]) -> dict[str, Any]:
        await self.auth.get(body.game)  # 404 for an unknown game
        await self.auth._db(self._tx, self._delete_line, body, by)
        self.chat.push_deleted(body.game, body.n)
        return {"deleted": {"game": body.game, "n": body.n}}

    async def ban(self, body: AccountAction, by: tuple[int, str]) -> dict[str, Any]:
        name = await self.auth._db(self._tx, set_banned, body.account, body.on, by, body.report)
        out: dict[str, Any] = {"account": body.account, "username": name, "banned": body.on}
        if body.on:  # committed: now end what is live (a crash before this is repeated by ``start``)
            out["sockets_closed"] = await self.close_sockets(body.account)
            out["seats_to_bots"] = await self.hand_over(body.account)
        return out

    async def mute(self, body: AccountAction, by: tuple[int, str]) -> dict[str, Any]:
        name = await self.auth._db(self._tx, set_muted, body.account, body.on, by, body.report)
        return {"account": body.account, "username": name, "muted": body.on}

    async def dismiss(self, body: ReportAction, by: tuple[int, str]) -> dict[str, Any]:
        await self.auth._db(self._tx, self._dismiss, body, by)
        return {"report": body.report, "status": "dismissed"}


def _limit(text: str, most: int) -> int:
    """A ``limit`` query parameter: 1 to ``most`` (a catalog message otherwise, no validation path)."""
    if not text.isdigit() or not 1 <= int(text) <= most:
        raise _err("bad_request", "errors.mod.bad_field", field="limit")
    return int(text)

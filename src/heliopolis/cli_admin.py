"""``heliopolis admin``: the moderation roles and sanctions from the command line (moderation.py).

``grant NAME`` / ``revoke NAME`` give or take the admin role (the only way to make the first
admin), ``ban NAME`` / ``unban NAME``, ``list-users``, ``delete-game GAME_ID``. Each takes ``--db`` like ``serve`` and writes
its audit entry ("(command line)") in the same transaction as the change. A ban from here ends the
account's sessions at once; a running server hands its seats to takeover bots when it next starts
(or at once, when it is banned from the admin page instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from heliopolis import locale as L
from heliopolis.cli_text import Command, Group, english_help, fail, terminal_lang, tr

DB_OPTION = click.option("--db", default="sqlite:///heliopolis.db", show_default=True, envvar="HELIOPOLIS_DB",
                         help="database URL: sqlite:///FILE or postgresql://user@host/db")  # fmt: skip


class SubCommand(Command):
    """A subcommand of ``admin``: its help from ``cli.admin.help.<name>`` and ``cli.admin.opt.<option>``
    (the ``cli.help.*`` keys name top-level commands only)."""

    def _local(self) -> None:
        english, lang = english_help(self), terminal_lang()
        catalog = L.messages(lang) if lang != L.DEFAULT_LANG else {}

        def pick(key: str, default: str | None) -> str | None:
            found = catalog.get(key)
            return found if isinstance(found, str) else default

        self.help = pick(f"cli.admin.help.{self.name}", english[""])
        for p in self.params:
            if isinstance(p, click.Option) and p.name:
                p.help = pick(f"cli.admin.opt.{p.name}", english.get(p.name))

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._local()
        click.Command.format_help(self, ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        self._local()
        return click.Command.get_short_help_str(self, limit)


class AdminGroup(Group):
    command_class = SubCommand


@click.group("admin", cls=AdminGroup)
def admin() -> None:
    """Moderation from the command line: grant or revoke the admin role, ban or unban, list accounts, delete a
    game."""


def _in_tx(db: str, fn: Callable[[Any], Any]) -> Any:
    """Runs ``fn(connection)`` in one transaction on a migrated database; one clear line on any refusal."""
    try:
        from heliopolis.server.store.storage import Storage
        from heliopolis.server.transport.protocol import ServerError
    except ImportError as e:
        fail(tr("cli.serve.needs_web", missing=str(e.name)))
    storage = Storage(db)
    try:
        storage.migrate()
        with storage.engine.begin() as c:
            return fn(c)
    except ServerError as e:
        fail(e.message)
    except Exception as e:  # a database that cannot be opened: its own one-line reason
        fail(tr("cli.admin.db_error", db=db, error=str(e).splitlines()[0] if str(e) else type(e).__name__))
    finally:
        storage.dispose()


@admin.command()
@click.argument("name")
@DB_OPTION
def grant(name: str, db: str) -> None:
    """Give the account NAME the admin role."""
    from heliopolis.server.social import moderation as m

    click.echo(tr("cli.admin.granted", name=_in_tx(db, lambda c: m.set_admin(c, name, True))))


@admin.command()
@click.argument("name")
@DB_OPTION
def revoke(name: str, db: str) -> None:
    """Take the admin role from the account NAME (never from the last admin)."""
    from heliopolis.server.social import moderation as m

    click.echo(tr("cli.admin.revoked", name=_in_tx(db, lambda c: m.set_admin(c, name, False))))


def _sanction(name: str, db: str, on: bool) -> str:
    from heliopolis.server.social import moderation as m

    def run(c: Any) -> str:
        account_id, _ = m.account_by_name(c, name)
        out = m.set_banned(c, account_id, on, (None, m.CLI_ADMIN))
        if on:
            m.notify_ban(c, account_id, "cli")
        return out

    return str(_in_tx(db, run))


@admin.command()
@click.argument("name")
@DB_OPTION
def ban(name: str, db: str) -> None:
    """Ban the account NAME: no login, its sessions end now."""
    click.echo(tr("cli.admin.banned", name=_sanction(name, db, True)))


@admin.command()
@click.argument("name")
@DB_OPTION
def unban(name: str, db: str) -> None:
    """Lift the ban of the account NAME."""
    click.echo(tr("cli.admin.unbanned", name=_sanction(name, db, False)))


@admin.command("list-users")
@DB_OPTION
def list_users(db: str) -> None:
    """List the accounts with their roles and sanctions."""
    from heliopolis.server.social import moderation as m

    for u in _in_tx(db, m.list_users):
        flags = [tr(f"cli.admin.flag_{f}") for f in ("admin", "muted", "banned") if u[f]]
        click.echo(f"{u['username']}" + (f"  ({', '.join(flags)})" if flags else ""))


@admin.command("delete-game")
@click.argument("game_id")
@DB_OPTION
def delete_game(game_id: str, db: str) -> None:
    """Delete the game GAME_ID for good: its moves, seats and chat (ratings it changed stay)."""
    from heliopolis.server.store import game_delete

    click.echo(tr("cli.admin.game_deleted", game=_in_tx(db, lambda c: game_delete.delete_game(c, game_id))))

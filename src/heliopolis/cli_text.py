"""The terminal's words in the reader's language (catalog domain ``cli``, see docs/i18n.md).

The language is ``--lang en|de`` when given, else ``HELIOPOLIS_LANG``, else the POSIX locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set, ``de_DE.UTF-8`` -> German, ``C`` ->
English). Command and option help is worded from ``cli.help.<command>`` and
``cli.opt.<command>.<option>`` when the catalog holds them; the English text stays in the code
(click needs it at import time) and tests/locale/test_cli_i18n.py keeps the English catalog equal to it.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from typing import Any, NoReturn

import click

from heliopolis import locale as L
from heliopolis.core.text import Msg

LANG_ENV = ("HELIOPOLIS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
META_KEY = "heliopolis.lang"  # where --lang is kept: the click context of the run (shared by its subcommands)


def terminal_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of this run: --lang, else the environment, else English."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and META_KEY in ctx.meta:
        return str(ctx.meta[META_KEY])
    env = os.environ if environ is None else environ
    for var in LANG_ENV:
        if env.get(var, "").strip():
            return L.negotiate(env[var])
    return L.DEFAULT_LANG


def tr(key: str, **args: Any) -> str:
    """The message ``key`` of the ``cli`` (or a shared) catalog in the run's language."""
    return L.text(key, terminal_lang(), args)


def trn(key: str, n: int, **args: Any) -> str:
    return L.text(key, terminal_lang(), {**args, "n": n})


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value:
        ctx.meta[META_KEY] = value


lang_option = click.option(
    "--lang", type=click.Choice(L.LANGS), callback=_set_lang, expose_value=False, is_eager=True,
    help="language of the output: en or de (default: HELIOPOLIS_LANG, else LC_ALL / LANG)",
)  # fmt: skip


def english_help(cmd: click.Command) -> dict[str, str | None]:
    """The help the code gives ``cmd`` ("") and its options (by name), kept before any translation."""
    return cmd.__dict__.setdefault(
        "_english_help", {"": cmd.help, **{p.name or "": p.help for p in cmd.params if isinstance(p, click.Option)}}
    )


def _localize(cmd: click.Command) -> None:
    """Puts the run's language into the help of ``cmd`` and its options (English: the code's own)."""
    english = english_help(cmd)
    lang = terminal_lang()
    catalog = L.messages(lang) if lang != L.DEFAULT_LANG else {}

    def pick(key: str, default: str | None) -> str | None:
        found = catalog.get(key)
        return found if isinstance(found, str) else default

    cmd.help = pick(f"cli.help.{cmd.name}", english[""])
    for p in cmd.params:
        if isinstance(p, click.Option) and p.name:
            p.help = pick(f"cli.opt.{cmd.name}.{p.name}", english.get(p.name))


def _word(key: str, english: str) -> str:
    lang = terminal_lang()
    return english if lang == L.DEFAULT_LANG else str(L.messages(lang).get(key, english))


# click's own headings (it words them with gettext, for which no German catalog ships with click).
_HEADINGS = {"Options": "cli.heading.options", "Commands": "cli.heading.commands"}


class Formatter(click.HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, prefix if prefix is not None else _word("cli.heading.usage", "Usage:") + " ")

    def section(self, name: str) -> Any:
        return super().section(_word(_HEADINGS[name], name) if name in _HEADINGS else name)


class Context(click.Context):
    formatter_class = Formatter


class _Localized(click.Command):
    """Help read in the run's language (shared by :class:`Command` and :class:`Group`)."""

    context_class = Context

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        opt = super().get_help_option(ctx)
        if opt is not None:
            opt.help = _word("cli.opt.help", opt.help or "")
        return opt

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _localize(self)
        super().format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        _localize(self)
        return super().get_short_help_str(limit)


class Command(_Localized):
    """A command whose help is read in the run's language."""


class Group(_Localized, click.Group):
    """The ``heliopolis`` group: its commands are :class:`Command` and its help is translated too."""

    command_class = Command


def error_text(error: str | BaseException) -> str:
    """What an error says in the run's language: a Heliopolis error raised with a catalog message
    (``core.text.Msg``) is worded from the catalogs; anything else shows its own text."""
    first = error.args[0] if isinstance(error, BaseException) and len(error.args) == 1 else error
    return L.render(first, terminal_lang()) if isinstance(first, Msg) else str(error)


def fail(message: str | BaseException, code: int = 2) -> NoReturn:
    """One line on stderr (``error: …``), then exit ``code``: no traceback, whatever failed."""
    click.echo(tr("cli.error", message=" ".join(error_text(message).split("\n"))), err=True)
    sys.exit(code)


def split_list(text: str, option: str) -> list[str]:
    """Comma-separated bot specs (``--seats``, ``--bots``, ``--levels``); an empty entry is refused
    rather than dropped, since it would silently seat one player fewer."""
    from heliopolis.bots import split_specs

    if any(not part.strip() for part in text.split(",")):
        fail(tr("cli.error.empty_entry", option=option, text=text))
    return split_specs(text)


def parse_options(items: tuple[str, ...]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; VALUE is JSON (``0``, ``true``, ``[1, 2]``) or else plain text."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            fail(tr("cli.option_syntax", item=repr(item)))
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out


# ``-O KEY=VALUE``, repeatable, read with ``parse_options``: one declaration for play, tournament and simulate.
game_options_option = click.option(
    "--option",
    "-O",
    "game_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="a game option, VALUE in JSON or plain text (e.g. -O start_player=0)",
)

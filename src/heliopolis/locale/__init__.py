"""Message catalogs (English and German) shared by the terminal and the browser.

Catalogs are gettext ``.po`` files, one per domain, under ``locale/<lang>/LC_MESSAGES/<domain>.po``
(domains: ``ui`` for the browser's pages, ``errors`` for what the engine refuses, ``cli`` for the terminal, one per game for its logs,
buttons and terms, ``help`` for rules help). Message ids are stable keys (``ra.log.draws``); the
English catalog holds the English text. Placeholders use ``str.format`` names (``{seat}``,
``{tile}``); plural entries take the count as ``{n}`` and list their forms in the order of the
language's CLDR plural categories (en, de: one, other), which is what ``Intl.PluralRules`` gives
the browser. Babel reads the files (``babel.messages.pofile``) and knows each language's plural
rules; nothing here is compiled, so editing a ``.po`` file is all a translator does.

Games build their sentences with :func:`msg` (an English ``Msg`` carrying key and arguments);
readers turn them into their own language with :func:`render`; the browser gets the domains a page
needs from :func:`export` (``GET /api/i18n/<lang>`` and ``/api/i18n/<lang>/<game>``, server/transport/catalogs.py).
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from heliopolis.core.text import Msg

LANGS: tuple[str, ...] = ("en", "de")
DEFAULT_LANG = "en"
LANG_NAMES = {"en": "English", "de": "Deutsch"}
HERE = os.path.dirname(os.path.abspath(__file__))
_CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")

Entry = str | tuple[str, ...]
SeatName = Callable[[int], str]


class UnknownMessage(KeyError):
    """A key that no catalog of the language holds."""

    def __str__(self) -> str:
        return f"no message {self.args[0]!r} in the {self.args[1]} catalogs"


def domains(lang: str = DEFAULT_LANG) -> list[str]:
    folder = os.path.join(HERE, lang, "LC_MESSAGES")
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".po")) if os.path.isdir(folder) else []


def po_path(lang: str, domain: str) -> str:
    return os.path.join(HERE, lang, "LC_MESSAGES", f"{domain}.po")


def read_catalog(lang: str, domain: str) -> Any:
    """The Babel ``Catalog`` of one domain (for tools and tests; readers use :func:`messages`)."""
    from babel.messages.pofile import read_po

    with open(po_path(lang, domain), "rb") as f:
        return read_po(f, locale=lang, domain=domain)


@cache
def messages(lang: str) -> dict[str, Entry]:
    """Every message of ``lang``: key -> text, or the tuple of plural forms."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    out: dict[str, Entry] = {}
    for domain in domains(lang):
        out.update(domain_messages(lang, domain))
    return out


@cache
def domain_messages(lang: str, domain: str) -> dict[str, Entry]:
    """The messages of one domain of ``lang`` (its ``.po`` file)."""
    out: dict[str, Entry] = {}
    for m in read_catalog(lang, domain):
        if not m.id:
            continue  # the header
        key = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        out[key] = tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string
    return out


@cache
def plural_tags(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``lang`` in catalog order (en, de: ``("one", "other")``)."""
    from babel import Locale

    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return tuple(t for t in _CLDR_ORDER if t in tags)


@cache
def _plural_form(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang).plural_form


@lru_cache(maxsize=4096)
def plural_index(lang: str, n: int) -> int:
    # Cached: Babel evaluates its CLDR rule in Python (~10 us), and every log line and move text
    # with a count asks again (the server builds them on each move).
    return plural_tags(lang).index(_plural_form(lang)(abs(n)))


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message text."""
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def default_seat_name(i: int) -> str:
    return f"P{i}"


def _arg(name: str, value: Any, lang: str, seat_name: SeatName) -> Any:
    if isinstance(value, Msg):
        if lang == DEFAULT_LANG and seat_name is default_seat_name:
            return str(value)  # a Msg is its English text with default seat names: nothing to redo
        return render(value, lang, seat_name)
    if isinstance(value, dict) and "k" in value:
        return render(value, lang, seat_name)
    if name.startswith("seat") and isinstance(value, int) and not isinstance(value, bool):
        return seat_name(value)
    return value


def text(key: str, lang: str = DEFAULT_LANG, args: Mapping[str, Any] | None = None,
         seat_name: SeatName = default_seat_name) -> str:  # fmt: skip
    """The message ``key`` in ``lang`` with ``args`` filled in (plural forms chosen by ``args["n"]``)."""
    entry = messages(lang).get(key)
    if entry is None:
        raise UnknownMessage(key, lang)
    args = args or {}
    if isinstance(entry, tuple):
        entry = entry[plural_index(lang, int(args.get("n", 0)))]
    filled = {n: _arg(n, v, lang, seat_name) for n, v in args.items()}
    return entry.format_map(filled)


_MSGS: dict[tuple[Any, ...], Msg] = {}
_MSGS_MAX = 8192


def msg(key: str, **args: Any) -> Msg:
    """A translatable sentence: its English text now, its key and arguments for other readers.

    Messages never change once made, so the same key and arguments give the same object (a server
    describes the same moves and log events over and over; a cached message keeps its wire form).
    A nested message counts by identity: the cached message holds it, so its id is not reused."""
    try:
        k = (key, *[(n, v.__class__, id(v) if isinstance(v, Msg) else v) for n, v in args.items()])
        hit = _MSGS.get(k)
    except TypeError:  # an unhashable argument: not cached
        return Msg(key, text(key, DEFAULT_LANG, args), args)
    if hit is None:
        if len(_MSGS) >= _MSGS_MAX:
            _MSGS.clear()
        hit = _MSGS[k] = Msg(key, text(key, DEFAULT_LANG, args), args)
    return hit


def render(line: Any, lang: str = DEFAULT_LANG, seat_name: SeatName = default_seat_name) -> str:
    """A ``Msg``, its JSON form, or plain text, in ``lang``. Plain text (older saved logs) is shown
    as it is."""
    if isinstance(line, Msg):
        return text(line.key, lang, line.args, seat_name)
    if isinstance(line, dict) and "k" in line:
        try:
            return text(line["k"], lang, line.get("a") or {}, seat_name)
        except (UnknownMessage, KeyError, IndexError, ValueError):
            return str(line.get("t", line["k"]))  # a key from a newer or older catalog: its English text
    return str(line)


def error_text(error: BaseException, lang: str = DEFAULT_LANG) -> str:
    """What an error says, in ``lang``: Heliopolis errors carry a catalog message (``str(error)`` is
    its English text); any other error is shown as its own text."""
    first = error.args[0] if len(error.args) == 1 else None
    return render(first, lang) if isinstance(first, Msg) else str(error)


# The tutorials' step texts are sent already worded in the reader's language by their own API
# (server/learn/tutorials): the lobby and game pages need not load them.
SERVER_WORDED = re.compile(r"tutorial\.(?!ui\.|error\.)")


def export(lang: str, only: Sequence[str] | None = None) -> dict[str, Any]:
    """What the browser loads: the language's plural categories and the messages of the domains
    ``only`` (all when None) but those the server words itself (``SERVER_WORDED``)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    out: dict[str, Any] = {}
    for domain in domains(lang) if only is None else only:
        out.update((k, list(v) if isinstance(v, tuple) else v) for k, v in domain_messages(lang, domain).items()
                   if not SERVER_WORDED.match(k))  # fmt: skip
    return {"lang": lang, "plural": list(plural_tags(lang)), "messages": out}


_ACCEPT = re.compile(r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*")


def negotiate(accept_language: str | None) -> str:
    """The best catalog language for an ``Accept-Language`` header (or ``LANG``-style value such as
    ``de_DE.UTF-8``); English when nothing matches."""
    if not accept_language:
        return DEFAULT_LANG
    prefs: list[tuple[float, str]] = []
    for part in accept_language.replace("_", "-").split(","):
        m = _ACCEPT.fullmatch(re.sub(r"\.[A-Za-z][\w-]*$", "", part))  # de_DE.UTF-8: drop the encoding
        if not m:
            continue
        try:
            q = float(m.group(2)) if m.group(2) else 1.0
        except ValueError:
            continue
        prefs.append((q, m.group(1).lower()))
    for _, tag in sorted(prefs, key=lambda p: -p[0]):
        if tag.split("-")[0] in LANGS:
            return tag.split("-")[0]
    return DEFAULT_LANG


def check_catalogs() -> list[str]:
    """Every fault of the catalogs, as sentences: a key missing in a language, differing
    placeholders, a plural entry that is not plural everywhere, an empty or fuzzy message."""
    problems: list[str] = []
    per_lang = {lang: {d: read_catalog(lang, d) for d in domains(lang)} for lang in LANGS}
    all_domains = sorted({d for cats in per_lang.values() for d in cats})
    for d in all_domains:
        entries: dict[str, dict[str, Any]] = {}
        for lang in LANGS:
            cat = per_lang[lang].get(d)
            if cat is None:
                problems.append(f"{lang}: the domain {d!r} has no catalog ({po_path(lang, d)})")
                continue
            for m in cat:
                if not m.id:
                    continue
                key = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
                if m.fuzzy:
                    problems.append(f"{lang}/{d}: {key!r} is marked fuzzy")
                entries.setdefault(key, {})[lang] = m.string
        for key, by_lang in sorted(entries.items()):
            for lang in LANGS:
                if lang not in by_lang:
                    problems.append(f"{lang}/{d}: the key {key!r} is missing")
            forms = {lang: (list(s) if isinstance(s, (tuple, list)) else [s]) for lang, s in by_lang.items()}
            kinds = {lang: isinstance(s, (tuple, list)) for lang, s in by_lang.items()}
            if len(set(kinds.values())) > 1:
                problems.append(f"{d}: {key!r} is plural in some languages only")
            ref: set[str] | None = None
            for lang, fs in forms.items():
                if isinstance(by_lang[lang], (tuple, list)) and len(fs) != len(plural_tags(lang)):
                    problems.append(
                        f"{lang}/{d}: {key!r} has {len(fs)} plural forms, {lang} needs {len(plural_tags(lang))}"
                    )
                for f in fs:
                    if not f:
                        problems.append(f"{lang}/{d}: {key!r} has an empty translation")
                        continue
                    try:
                        ph = placeholders(f) - {"n"}
                    except ValueError as e:
                        problems.append(f"{lang}/{d}: {key!r} is not a valid format string ({e})")
                        continue
                    if ref is None:
                        ref = ph
                    elif ph != ref:
                        problems.append(f"{lang}/{d}: {key!r} has placeholders {sorted(ph)}, others have {sorted(ref)}")
    return problems


def listing(key: str, items: list[Any]) -> Any:
    """``items`` as one translatable enumeration: nested ``key`` messages (``"{first}, {rest}"``),
    so each item (a seat, a game term) is still rendered in the reader's language. An empty list
    gives ``""``."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg(key, first=item, rest=out)
    return out


def padded(m: Msg, width: int = 0, lead: str = "", trail: str = "") -> Msg:
    """A label of a text board: ``m`` between ``lead`` and ``trail``, padded to ``width`` columns. The English
    text carries the padding (``str(state)`` stays as it was); :func:`render_padded` gives readers
    of other languages the same lead and width."""
    return Msg(m.key, (lead + str(m) + trail).ljust(width), m.args)


def render_padded(part: Any, lang: str = DEFAULT_LANG, seat_name: SeatName = default_seat_name) -> str:
    """A text-board piece in ``lang``: a ``Msg`` keeps its English lead (spaces) and width
    (trailing spaces, at least one if it had any); plain text is shown as it is."""
    if not isinstance(part, Msg) or (lang == DEFAULT_LANG and seat_name is default_seat_name):
        return str(part)
    s = str(part)
    out = s[: len(s) - len(s.lstrip(" "))] + render(part, lang, seat_name).strip(" ")
    if not s.endswith(" "):
        return out
    return out.ljust(len(s)) if len(out) < len(s) else out + " "


def joined(items: list[Any], sep: str = " ") -> Any:
    """``sep.join(items)`` that keeps catalog messages among ``items`` translatable (nested
    ``cli.board.join`` messages); plain strings only give a plain string."""
    if not any(isinstance(x, Msg) for x in items):
        return sep.join(str(x) for x in items)
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg("cli.board.join", first=item, sep=sep, rest=out)
    return out

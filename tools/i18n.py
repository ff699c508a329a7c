"""Maintain the message catalogs (src/heliopolis/locale/<lang>/LC_MESSAGES/<domain>.po).

    python tools/i18n.py add DOMAIN KEY --en "English {x}" --de "Deutsch {x}"
    python tools/i18n.py add DOMAIN KEY --en "one tile" --en "{n} tiles" --de "ein Plättchen" --de "{n} Plättchen"
    python tools/i18n.py load DOMAIN FILE.json   # {"key": {"en": "...", "de": "..."}} (lists for plurals)
    python tools/i18n.py check                   # what tests/test_locale.py checks, as a list
    python tools/i18n.py used                    # keys the code uses (t('..'), msg("..")) with no catalog entry

Adding a key that exists replaces its texts. Files are rewritten by Babel (sorted by key).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

from heliopolis import locale as L  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# Keys in code: t('key'), tn('key', ...), msg("key", ...), error_msg("key", ...), text("key", ...), data-i18n="key"
USE = re.compile(
    r"""(?:\bt|\btn|\bmsg|\berror_msg|\btext|\bterm)\(\s*['"]([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)['"]|data-i18n(?:-[a-z]+)?=["']([a-z][a-z0-9_.-]+)["']"""
)


def load_domain(lang: str, domain: str) -> Catalog:
    if os.path.exists(L.po_path(lang, domain)):
        return L.read_catalog(lang, domain)
    cat = Catalog(locale=lang, domain=domain, project="heliopolis")
    return cat


def save_domain(lang: str, domain: str, cat: Catalog) -> None:
    os.makedirs(os.path.dirname(L.po_path(lang, domain)), exist_ok=True)
    with open(L.po_path(lang, domain), "wb") as f:
        write_po(f, cat, width=0, sort_output=True, omit_header=False, include_lineno=False)


def put(domain: str, entries: dict[str, dict[str, str | list[str]]]) -> None:
    for lang in L.LANGS:
        cat = load_domain(lang, domain)
        for key, texts in entries.items():
            value = texts.get(lang)
            if value is None:
                raise SystemExit(f"{key}: no {lang} text")
            if key in cat:
                del cat[key]
            if isinstance(value, list):
                cat.add((key, key), tuple(value))
            else:
                cat.add(key, value)
        save_domain(lang, domain, cat)
    L.messages.cache_clear()
    L.domain_messages.cache_clear()


def used_keys() -> set[str]:
    keys: set[str] = set()
    for base in ("src/heliopolis",):
        for dirpath, _, files in os.walk(os.path.join(ROOT, base)):
            for name in files:
                if name.endswith((".py", ".js", ".html")):
                    with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                        for m in USE.finditer(f.read()):
                            keys.add(m.group(1) or m.group(2))
    return keys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("domain")
    a.add_argument("key")
    a.add_argument("--en", action="append", required=True)
    a.add_argument("--de", action="append", required=True)
    lo = sub.add_parser("load")
    lo.add_argument("domain")
    lo.add_argument("file")
    sub.add_parser("check")
    sub.add_parser("used")
    ns = ap.parse_args()
    if ns.cmd == "add":
        pick = lambda v: v[0] if len(v) == 1 else v  # noqa: E731
        put(ns.domain, {ns.key: {"en": pick(ns.en), "de": pick(ns.de)}})
    elif ns.cmd == "load":
        with open(ns.file, encoding="utf-8") as f:
            put(ns.domain, json.load(f))
    elif ns.cmd == "check":
        problems = L.check_catalogs()
        print("\n".join(problems) or "catalogs OK")
        return 1 if problems else 0
    elif ns.cmd == "used":
        known = set(L.messages("en"))
        missing = sorted(k for k in used_keys() if k not in known)
        print("\n".join(missing) or "every key used in the code is in the catalogs")
        return 1 if missing else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

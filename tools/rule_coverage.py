#!/usr/bin/env python3
"""Lists the rule IDs of docs/rules/*.md that no test cites.

A rule counts as tested when a test under tests/ carries ``@pytest.mark.rule("ID", ...)``.
Usage: ``python tools/rule_coverage.py [--summary] [--strict]``; ``--strict`` exits 1 when a rule
is untested. ``make test`` (and so CI, ``.ci/run``) runs ``--summary --strict``: an untested rule fails it.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# IDs end in a number, optionally lettered (HE-BLD-T1, HE-TEST-R1); definitions may be list items.
DEF_RE = re.compile(r"^(?:- )?\*\*([A-Z]{2}(?:-[A-Z]+)+-[A-Z]?\d+)\b", re.M)  # **RA-AUCT-5 ...** definitions
ROW_RE = re.compile(
    r"^\|\s*([A-Z]{2}(?:-[A-Z]+)+-[A-Z]?\d+)(?:\s*\[R\])?\s*\|", re.M
)  # | RA-DIFF-3 | rows (MN: "[R]" tag)
MARK_RE = re.compile(r"mark\.rule\(([^)]*)\)", re.S)
ID_RE = re.compile(r"[A-Z]{2}(?:-[A-Z]+)+-[A-Z]?\d+")


def spec_ids(spec: Path) -> list[str]:
    text = spec.read_text(encoding="utf-8")
    ids = DEF_RE.findall(text) + ROW_RE.findall(text)
    return sorted(set(ids), key=_order)


def _order(rule_id: str) -> tuple[str, int, str]:
    """Section, then number (a letter before the number, as in HE-BLD-T1, is ignored), then the ID."""
    section, _, num = rule_id.rpartition("-")
    return section, int(num.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")), rule_id


def cited_ids(tests: Path) -> set[str]:
    found: set[str] = set()
    for f in tests.rglob("*.py"):
        for m in MARK_RE.finditer(f.read_text(encoding="utf-8")):
            found.update(ID_RE.findall(m.group(1)))
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--summary", action="store_true", help="one line per spec")
    ap.add_argument("--strict", action="store_true", help="exit 1 if any rule is untested")
    args = ap.parse_args()
    cited = cited_ids(ROOT / "tests")
    missing_any = False
    for spec in sorted((ROOT / "docs" / "rules").glob("*.md")):
        ids = spec_ids(spec)
        missing = [i for i in ids if i not in cited]
        missing_any |= bool(missing)
        print(f"rule coverage {spec.name}: {len(ids) - len(missing)}/{len(ids)} rule IDs cited by tests")
        if missing and not args.summary:
            print("  untested: " + ", ".join(missing))
        elif missing:
            print(f"  {len(missing)} untested (run tools/rule_coverage.py for the list)")
    return 1 if (args.strict and missing_any) else 0


if __name__ == "__main__":
    sys.exit(main())

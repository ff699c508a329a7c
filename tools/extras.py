"""The requirements of pyproject.toml's extras, listed or installed without rebuilding heliopolis.

``python tools/extras.py list web,dev`` prints them, one a line; ``python tools/extras.py install
web,dev`` pip-installs them into the running interpreter's environment. The Makefile's extras
stamps use it: ``pip install -e '.[web]'`` would build heliopolis again (its engines) only to add
FastAPI and friends; this adds the packages alone, next to the editable install ``make`` made.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def extras(pyproject: str = os.path.join(ROOT, "pyproject.toml")) -> dict[str, list[str]]:
    with open(pyproject, "rb") as f:
        table: dict[str, list[str]] = tomllib.load(f)["project"].get("optional-dependencies", {})
    return table


def requirements(names: list[str], table: dict[str, list[str]]) -> list[str]:
    """The union of the extras' requirements, in pyproject order, each once."""
    unknown = [n for n in names if n not in table]
    if unknown:
        raise SystemExit(f"tools/extras.py: no extra {', '.join(unknown)} in pyproject.toml "
                         f"(there are: {', '.join(table)})")  # fmt: skip
    return list(dict.fromkeys(r for n in names for r in table[n]))


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("list", "install"):
        raise SystemExit("usage: python tools/extras.py list|install EXTRA[,EXTRA...]")
    reqs = requirements([n.strip() for n in argv[1].split(",") if n.strip()], extras())
    if argv[0] == "list":
        print("\n".join(reqs))
        return 0
    # heliopolis's own requirements ride along (already met: nothing to do), so that pip's resolver keeps them.
    base = tomllib.load(open(os.path.join(ROOT, "pyproject.toml"), "rb"))["project"]["dependencies"]
    return subprocess.call([sys.executable, "-m", "pip", "install", "--quiet", *base, *reqs])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

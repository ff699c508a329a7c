"""The dependency direction of the tree: core ← games ← bots ← arena ← server / integrations.

Checked on the source with ``ast`` (module-level and function-level imports alike), so a lazy
import that breaks the layering fails here too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "heliopolis"
# package -> the heliopolis packages it may import (besides itself)
ALLOWED = {
    "core": set(),
    "games": {"core"},
    "bots": {"core"},  # per-game knowledge arrives through the registry, not imports
    "arena": {"core", "games", "bots"},
    "server": {"core", "games", "bots", "arena"},
    "integrations": {"core", "games", "bots"},
}
PLAIN = {"core", "games"}  # no third-party library at all
# ... except this one, imported under ``try/except ImportError`` with a no-op fallback: core/state.py
# names mypyc's class decorator, which only the compiler reads.
COMPILER_HINTS = {"mypy_extensions"}


def _typing_only(tree: ast.AST) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` blocks (not imported at run time)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _imports(path: Path, runtime_only: bool = False) -> set[str]:
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _typing_only(tree) if runtime_only else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_packages_import_only_downwards(package):
    root = SRC / package
    if not root.exists():
        pytest.skip(f"no {package} package yet")
    bad = []
    for path in root.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        runtime = _imports(path, runtime_only=True)  # a typing-only import of a library installs nothing
        for mod in _imports(path):
            parts = mod.split(".")
            if parts[0] == "heliopolis" and len(parts) > 1 and parts[1] in ALLOWED:
                if parts[1] != package and parts[1] not in ALLOWED[package]:
                    bad.append(f"{path.relative_to(SRC)} imports {mod}")
            elif (package in PLAIN and mod in runtime and parts[0] not in sys.stdlib_module_names
                  and parts[0] != "heliopolis" and parts[0] not in COMPILER_HINTS):  # fmt: skip
                bad.append(f"{path.relative_to(SRC)} imports the library {mod}")
    assert not bad, "\n".join(bad)

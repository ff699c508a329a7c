"""Which build of the engines runs: the compiled one (mypyc) or the pure-Python reference.

The compiled build is the same source: ``setup.py`` compiles the modules in ``COMPILED_MODULES``
with mypyc next to their ``.py`` files and writes ``_native_build.json`` (the SHA-256 of each
source as compiled). ``install()`` runs first thing in ``import heliopolis`` and decides, once
per process:

* ``HELIOPOLIS_PURE=1`` in the environment: the pure modules are imported (the ``.py`` files,
  even where a compiled module sits beside them);
* otherwise the compiled modules are used when every one of them is present *and* every source
  still has the hash it was compiled from. A source edited since the build (an editable install
  where you changed ``state.py``) switches the whole set to the pure modules with one warning,
  so a stale extension never runs in place of the code you are reading. All or none: the
  compiled modules call each other natively and cannot be mixed with pure ones.

This module imports only the standard library: ``setup.py`` loads it before anything is built.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Final

_PACKAGE_DIR: Final = os.path.dirname(os.path.abspath(__file__))
# The hot modules outside the games, compiled with theirs (one mypyc group): the state base class and
# the RNG first, then every game's (its spec's ``compiled``), then the tree-search bots' loop, the
# observers' base and the batched env's loop (integrations.vector). See docs/compiled-build.md.
CORE_COMPILED: Final = ("heliopolis.core.state", "heliopolis.core.rng", "heliopolis.core.bench")
LATE_COMPILED: Final = ("heliopolis.bots.search", "heliopolis.core.observation", "heliopolis.core.batch")


def spec_compiled(spec_file: str) -> tuple[str, ...]:
    """The ``compiled=(...)`` tuple of the ``GameSpec(...)`` in a game's ``spec.py``, read from the
    source (nothing is imported: ``setup.py`` runs this before the package is installed)."""
    with open(spec_file, "rb") as f:
        tree = ast.parse(f.read(), spec_file)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "GameSpec":
            for kw in node.keywords:
                if kw.arg == "compiled":
                    names = ast.literal_eval(kw.value)  # a literal by contract (core/spec.py)
                    assert isinstance(names, tuple) and all(isinstance(n, str) for n in names), spec_file
                    return names
    return ()


def game_compiled(root: str = _PACKAGE_DIR) -> tuple[str, ...]:
    """Every shipped game's compiled modules: the packages under ``games/`` with a ``spec.py``
    (``_template`` and other ``_`` packages are not games), by package name (any order compiles the same)."""
    games = os.path.join(root, "games")
    packages = sorted(d for d in os.listdir(games) if not d.startswith("_") and
                      os.path.isfile(os.path.join(games, d, "spec.py")))  # fmt: skip
    out: list[str] = []
    for package in packages:
        out.extend(f"heliopolis.games.{package}.{m}" for m in spec_compiled(os.path.join(games, package, "spec.py")))
    return tuple(out)


COMPILED_MODULES: Final = (*CORE_COMPILED, *game_compiled(), *LATE_COMPILED)
MANIFEST: Final = "_native_build.json"

BUILD: str = "not decided"  # set by install(): "compiled (mypyc)" or "pure (<why>)"


def source_path(module: str, root: str = _PACKAGE_DIR) -> str:
    """``heliopolis.games.ra.state`` -> ``<root>/games/ra/state.py``."""
    return os.path.join(root, *module.split(".")[1:]) + ".py"


def source_digests(root: str = _PACKAGE_DIR, modules: Sequence[str] = COMPILED_MODULES) -> dict[str, str]:
    out = {}
    for m in modules:
        with open(source_path(m, root), "rb") as f:
            out[m] = hashlib.sha256(f.read()).hexdigest()
    return out


def _compiled_file(module: str) -> str | None:
    base = source_path(module)[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(base + suffix):
            return base + suffix
    return None


def _decide() -> tuple[bool, str]:
    """(use the compiled modules?, human-readable build name)."""
    if os.environ.get("HELIOPOLIS_PURE", "") not in ("", "0"):
        return False, "pure (HELIOPOLIS_PURE=1)"
    missing = [m for m in COMPILED_MODULES if _compiled_file(m) is None]
    if len(missing) == len(COMPILED_MODULES):
        return False, "pure (no compiled extension installed)"
    try:
        with open(os.path.join(_PACKAGE_DIR, MANIFEST), encoding="utf-8") as f:
            built = json.load(f)["sources"]
    except (OSError, ValueError, KeyError):
        built = {}
    now = source_digests()
    stale = [m for m in COMPILED_MODULES if built.get(m) != now[m]]
    if missing or stale:
        what = ", ".join(source_path(m).rpartition("heliopolis" + os.sep)[2] for m in (stale or missing))
        warnings.warn(
            f"heliopolis: the compiled engines are out of date ({what} changed since the build); using the pure "
            "build. Rebuild with `make build` (or `pip install -e .`), or set HELIOPOLIS_PURE=1 to silence this.",
            RuntimeWarning,
            stacklevel=3,
        )
        return False, f"pure (compiled build is stale: {what})"
    return True, "compiled (mypyc)"


class _PureFinder(importlib.abc.MetaPathFinder):
    """Imports the ``.py`` source of the compiled modules, ahead of the extension beside it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> (
            importlib.machinery.ModuleSpec | None):  # fmt: skip
        if fullname not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def install() -> str:
    """Decides the build (once per process) and returns its name; see the module docstring."""
    global BUILD
    if BUILD == "not decided":
        compiled, BUILD = _decide()
        if not compiled:
            sys.meta_path.insert(0, _PureFinder())
    return BUILD


def is_compiled() -> bool:
    """Whether the engines running now are the compiled ones (checked on the module, not the plan)."""
    from heliopolis.games.ra import state

    return not (state.__file__ or "").endswith(".py")

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

# The engines' hot modules, compiled together (one mypyc group). Ra first; see docs/compiled-build.md.
COMPILED_MODULES: Final = (
    "heliopolis.core.state",
    "heliopolis.core.rng",
    "heliopolis.core.bench",
    "heliopolis.games.ra.phases",
    "heliopolis.games.ra.components",
    "heliopolis.games.ra.actions",
    "heliopolis.games.ra.scoring",
    "heliopolis.games.ra.epochs",
    "heliopolis.games.ra.layout",
    "heliopolis.games.ra.state",
    # Helios: the play path (views, log, rendering and observation stay interpreted)
    "heliopolis.games.helios.actions",
    "heliopolis.games.helios.phases",
    "heliopolis.games.helios.scoring",
    "heliopolis.games.helios.sun",
    "heliopolis.games.helios.events",
    "heliopolis.games.helios.legality",
    "heliopolis.games.helios.rounds",
    "heliopolis.games.helios.rules",
    "heliopolis.games.helios.state",
    # Ra: The Dice Game (docs/history/compiled-build.md, "Ra: The Dice Game and Men-Nefer")
    "heliopolis.games.ra_dice.components",
    "heliopolis.games.ra_dice.actions",
    "heliopolis.games.ra_dice.phases",
    "heliopolis.games.ra_dice.scoring",
    "heliopolis.games.ra_dice.epochs",
    "heliopolis.games.ra_dice.disasters",
    "heliopolis.games.ra_dice.dice",
    "heliopolis.games.ra_dice.state",
    # Men-Nefer: the task machinery, the flow and every mini-game (all on the playout path)
    "heliopolis.games.men_nefer.schema",
    "heliopolis.games.men_nefer.components",
    "heliopolis.games.men_nefer.actions",
    "heliopolis.games.men_nefer.tasks",
    "heliopolis.games.men_nefer.perform",
    "heliopolis.games.men_nefer.necropolis",
    "heliopolis.games.men_nefer.sphinx",
    "heliopolis.games.men_nefer.nile",
    "heliopolis.games.men_nefer.pyramids",
    "heliopolis.games.men_nefer.temple",
    "heliopolis.games.men_nefer.effects",
    "heliopolis.games.men_nefer.harvest",
    "heliopolis.games.men_nefer.draws",
    "heliopolis.games.men_nefer.flow",
    "heliopolis.games.men_nefer.state",
    # The tree-search bots' hot loop and the games' rollout policies / evaluations (what default ISMCTS runs).
    "heliopolis.games.men_nefer.heuristics",
    "heliopolis.games.ra.heuristics",
    "heliopolis.games.ra_dice.heuristics",
    "heliopolis.games.helios.heuristics",
    "heliopolis.bots.search",
    # The observers (the research adapters' per-step encoding: part keys, parts, the parts buffer)
    "heliopolis.core.observation",
    "heliopolis.games.ra.observation",
    "heliopolis.games.ra_dice.observation",
    "heliopolis.games.helios.observation",
    "heliopolis.games.men_nefer.observation",
    "heliopolis.core.batch",  # the batched env's hot loop (integrations.vector)
)
MANIFEST: Final = "_native_build.json"
_PACKAGE_DIR: Final = os.path.dirname(os.path.abspath(__file__))

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

"""The build cache of the compiled engines: ``setup.py`` reuses the ``.so`` files of an earlier build.

pip builds every ``pip install -e '.[x]'`` in a fresh, isolated environment, so without this each
install ran mypy's type analysis and the C compile again for the same sources. An entry is keyed by
everything the compiled files depend on (``cache_key``): the source of every heliopolis module that
mypy reads for the compiled ones (their import closure, with the packages' ``__init__.py``), the
``[tool.mypy]`` configuration, ``setup.py`` itself (the compiler flags), the versions of Python, mypy
and the libraries those modules import, and the C compiler settings from the environment. A hit is
exact or refused (``lookup``): the entry must carry the same key *and* the same source digests of
``COMPILED_MODULES`` as ``_native.source_digests`` computes now (the manifest the build writes, which
``_native.install()`` checks again at import), and every file its recorded SHA-256.

Where: ``$HELIOPOLIS_BUILD_CACHE``, else ``$XDG_CACHE_HOME/heliopolis/native-build`` (``~/.cache``),
outside the clone so that a second clone on the same machine reuses it too;
``HELIOPOLIS_BUILD_CACHE=off`` turns it off. The newest ``KEEP`` entries are kept.

Standard library only: ``setup.py`` loads this file before anything is installed.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import json
import os
import platform
import shutil
import sys
import sysconfig
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

FORMAT: Final = "heliopolis-native-build-1"  # bump when the layout of an entry changes
META: Final = "entry.json"
KEEP: Final = 4
# The compiler settings read from the environment (they change the objects).
COMPILER_ENV: Final = ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED", "ARCHFLAGS")


def cache_root(environ: Mapping[str, str] = os.environ) -> str | None:
    """The cache directory, or None when ``HELIOPOLIS_BUILD_CACHE`` is ``off`` / ``0``."""
    chosen = environ.get("HELIOPOLIS_BUILD_CACHE", "")
    if chosen.lower() in ("off", "0", "no", "false"):
        return None
    if chosen:
        return os.path.abspath(chosen)
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "heliopolis", "native-build")


def _module_file(module: str, root: str) -> str | None:
    """The source of ``heliopolis.x.y`` under ``root`` (the package directory), or None."""
    base = os.path.join(root, *module.split(".")[1:])
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(path):
            return path
    return None


def _package_of(module: str, path: str) -> str:
    return module if path.endswith("__init__.py") else module.rpartition(".")[0]


def _imported_names(module: str, path: str) -> set[str]:
    """Every module name an import statement in ``path`` may refer to (``from a import b``: a and a.b)."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), path)
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = _package_of(module, path).split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def import_closure(root: str, modules: Iterable[str]) -> tuple[list[str], set[str]]:
    """(the heliopolis source files mypy reads for ``modules``, the other top-level names they import).

    Parent packages count (importing ``heliopolis.games.ra.state`` runs ``heliopolis/__init__.py``).
    """
    todo, seen, files, libraries = list(modules), set(), set(), set()
    while todo:
        name = todo.pop()
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) not in seen)
        if name in seen:
            continue
        seen.add(name)
        if parts[0] != "heliopolis":
            libraries.add(parts[0])
            continue
        path = _module_file(name, root)
        if path is not None:
            files.add(path)
            todo.extend(n for n in _imported_names(name, path) if n and n not in seen)
    return sorted(files), libraries - set(sys.stdlib_module_names) - {"__future__"}


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "absent"


def library_versions(libraries: Iterable[str]) -> dict[str, str]:
    """Top-level import name -> the installed distributions' versions (mypy reads their types)."""
    owners = importlib.metadata.packages_distributions()
    return {lib: ",".join(sorted(f"{d}=={_version(d)}" for d in owners.get(lib, []))) or "absent"
            for lib in sorted(libraries)}  # fmt: skip


def mypy_config(project: str) -> object:
    with open(os.path.join(project, "pyproject.toml"), "rb") as f:
        return tomllib.load(f).get("tool", {}).get("mypy", {})


def sha256_file(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def key_inputs(project: str, modules: Sequence[str], settings: Mapping[str, object]) -> dict[str, object]:
    """Everything the compiled files depend on, as JSON-able data (hashed by ``cache_key``)."""
    root = os.path.join(project, "src", "heliopolis")
    files, libraries = import_closure(root, modules)
    return {
        "format": FORMAT,
        "modules": list(modules),
        "sources": {os.path.relpath(p, root): sha256_file(p) for p in files},
        "mypy_config": mypy_config(project),
        "setup.py": sha256_file(os.path.join(project, "setup.py")),
        "python": [
            sys.version,
            sys.implementation.cache_tag,
            sysconfig.get_config_var("EXT_SUFFIX"),
            platform.machine(),
            sysconfig.get_platform(),
        ],  # fmt: skip
        "build_tools": {d: _version(d) for d in ("mypy", "mypy_extensions", "setuptools")},
        "libraries": library_versions(libraries),
        "compiler_env": {k: os.environ.get(k, "") for k in COMPILER_ENV},
        "settings": dict(settings),
    }


def cache_key(inputs: Mapping[str, object]) -> str:
    return hashlib.sha256(json.dumps(inputs, sort_keys=True, default=str).encode()).hexdigest()


def lookup(root: str | None, key: str, digests: Mapping[str, str]) -> dict[str, str] | None:
    """{extension name: cached file} for an exact hit, else None (missing, other key or sources, damaged)."""
    if root is None:
        return None
    entry = os.path.join(root, key[:40])
    try:
        with open(os.path.join(entry, META), encoding="utf-8") as f:
            meta = json.load(f)
        if meta["key"] != key or meta["sources"] != dict(digests):
            return None
        files = {name: os.path.join(entry, rec["file"]) for name, rec in meta["files"].items()}
        if any(sha256_file(files[name]) != rec["sha256"] for name, rec in meta["files"].items()):
            return None
        os.utime(entry)  # the newest entries are the ones kept
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return files


def store(root: str | None, key: str, digests: Mapping[str, str], built: Mapping[str, str]) -> str | None:
    """Saves the built files ({extension name: path}) under ``key``; returns the entry (None: no cache).

    Written to a temporary directory and renamed, so a concurrent or interrupted build never leaves a
    half entry that ``lookup`` would take.
    """
    if root is None or not built:
        return None
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".tmp-", dir=root)
    files = {}
    for i, (name, path) in enumerate(sorted(built.items())):
        target = f"{i:03d}-{os.path.basename(path)}"
        shutil.copy2(path, os.path.join(tmp, target))
        files[name] = {"file": target, "sha256": sha256_file(path)}
    with open(os.path.join(tmp, META), "w", encoding="utf-8") as f:
        json.dump({"key": key, "sources": dict(digests), "files": files}, f, indent=1, sort_keys=True)
    entry = os.path.join(root, key[:40])
    shutil.rmtree(entry, ignore_errors=True)
    try:
        os.rename(tmp, entry)
    except OSError:  # another build stored the same entry meanwhile
        shutil.rmtree(tmp, ignore_errors=True)
    prune(root)
    return entry


def prune(root: str, keep: int = KEEP) -> None:
    """Removes all but the ``keep`` newest entries (temporary directories of running builds stay)."""
    entries = []
    for name in (n for n in os.listdir(root) if not n.startswith(".")):
        path = os.path.join(root, name)
        try:  # another build may be pruning too
            entries.append((os.path.getmtime(path), path))
        except OSError:
            continue
    for _, old in sorted(entries, reverse=True)[keep:]:
        shutil.rmtree(old, ignore_errors=True)

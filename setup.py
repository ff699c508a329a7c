"""Builds the compiled engines (mypyc) next to the pure-Python modules; metadata is in pyproject.toml.

* ``pip install .`` / ``pip install -e .`` / ``make``: compiles ``heliopolis._native.COMPILED_MODULES``
  with mypyc when mypyc and a C compiler work, and writes ``_native_build.json`` (the hash of each
  compiled source) beside them; otherwise it installs the pure build and prints one line saying why.
* ``HELIOPOLIS_PURE=1`` at build time: no compilation (the pure build). At run time it makes an
  installed compiled build import the pure modules instead (see ``src/heliopolis/_native.py``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "_heliopolis_native", os.path.join(HERE, "src", "heliopolis", "_native.py")
)
assert _spec and _spec.loader
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)


def notice(why: str) -> None:
    print(f"heliopolis: installing the pure-Python build ({why})", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Compiles the engines if it can; a failed compile falls back to the pure build (one line)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any compiler failure means: ship the pure build
            notice(f"the C build failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            self._remove_outputs()
            return
        self._write_manifest()

    def _outputs_root(self) -> str:
        return os.path.join(HERE, "src", "heliopolis") if self.inplace else os.path.join(self.build_lib, "heliopolis")

    def _write_manifest(self) -> None:
        # The hashes of the sources as compiled: _native.install() uses the pure build if one changed since.
        root = self._outputs_root()
        digests = native.source_digests(os.path.join(HERE, "src", "heliopolis"))
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, native.MANIFEST), "w", encoding="utf-8") as f:
            json.dump({"compiler": "mypyc", "sources": digests}, f, indent=1, sort_keys=True)
            f.write("\n")

    def _remove_outputs(self) -> None:
        for path in self.get_outputs():
            if os.path.exists(path):
                os.remove(path)
        manifest = os.path.join(self._outputs_root(), native.MANIFEST)
        if os.path.exists(manifest):
            os.remove(manifest)


def ext_modules() -> list:
    if os.environ.get("HELIOPOLIS_PURE", "") not in ("", "0"):
        notice("HELIOPOLIS_PURE is set")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc is not available")
        return []
    paths = [os.path.relpath(native.source_path(m, os.path.join(HERE, "src", "heliopolis")), HERE)
             for m in native.COMPILED_MODULES]  # fmt: skip
    try:
        # The compiled modules reach heliopolis.locale, whose Babel import mypy follows. pip builds
        # before it installs the dependencies, so in a fresh venv Babel is not there yet: without
        # this flag mypyc stops and a fresh `make` gets the pure build.
        return mypycify(["--ignore-missing-imports", *paths], opt_level="3", group_name="heliopolis_engines")
    except (Exception, SystemExit) as e:  # mypyc exits on a type error: that too means the pure build
        notice(f"mypyc failed ({type(e).__name__}: {e}); see `mypy` for the type errors")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

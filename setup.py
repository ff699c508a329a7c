"""Builds the compiled engines (mypyc) next to the pure-Python modules; metadata is in pyproject.toml.

* ``pip install .`` / ``pip install -e .`` / ``make``: compiles ``heliopolis._native.COMPILED_MODULES``
  with mypyc when mypyc and a C compiler work, and writes ``_native_build.json`` (the hash of each
  compiled source) beside them; otherwise it installs the pure build and prints one line saying why.
* Only ``build_ext`` runs mypyc (``BuildEngines.run``): the sdist and the metadata steps, which pip
  and ``python -m build`` run before a build, do no type analysis.
* The C files (one per module, mypyc's multi-file mode) are compiled on every core, and the result
  is kept in a build cache (``src/heliopolis/_build_cache.py``): a rebuild of the same sources, e.g.
  the isolated build of ``pip install -e '.[x]'``, copies the ``.so`` files instead of compiling.
* ``HELIOPOLIS_PURE=1`` at build time: no compilation (the pure build). At run time it makes an
  installed compiled build import the pure modules instead (see ``src/heliopolis/_native.py``).
  ``HELIOPOLIS_BUILD_CACHE=off`` builds without the cache; ``build_ext -j N`` sets the C jobs.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import types
from concurrent.futures import ThreadPoolExecutor

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "src", "heliopolis")
# mypycify's settings (part of the cache key). multi_file: one C file per module, so the C compile
# runs in parallel; measured on the engines' playouts within noise of the single-file build.
MYPYC_SETTINGS = {"opt_level": "3", "multi_file": True, "group_name": "heliopolis_engines"}


def _load(name: str, filename: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, os.path.join(PACKAGE, filename))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and typing look the module up while it runs
    spec.loader.exec_module(module)
    return module


native = _load("_heliopolis_native", "_native.py")
cache = _load("_heliopolis_build_cache", "_build_cache.py")


def notice(why: str) -> None:
    print(f"heliopolis: installing the pure-Python build ({why})", file=sys.stderr)


def pure_requested() -> bool:
    return os.environ.get("HELIOPOLIS_PURE", "") not in ("", "0")


def mypyc_extensions() -> list[Extension]:
    """mypyc's type analysis and C generation; [] (and one line) when it cannot."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc is not available")
        return []
    paths = [os.path.relpath(native.source_path(m, PACKAGE), HERE) for m in native.COMPILED_MODULES]
    try:
        # The compiled modules reach heliopolis.locale, whose Babel import mypy follows. pip builds
        # before it installs the dependencies, so in a fresh venv Babel is not there yet: without
        # this flag mypyc stops and a fresh `make` gets the pure build.
        return mypycify(["--ignore-missing-imports", *paths], **MYPYC_SETTINGS)
    except (Exception, SystemExit) as e:  # mypyc exits on a type error: that too means the pure build
        notice(f"mypyc failed ({type(e).__name__}: {e}); see `mypy` for the type errors")
        return []


def parallel_compile(compiler: object, jobs: int) -> None:
    """Makes ``compiler.compile`` build its objects ``jobs`` at a time (setuptools compiles one by one).

    Only for the Unix compiler class, whose ``compile`` is the generic loop over ``_compile``; MSVC's
    has its own ``compile`` and stays serial.
    """
    if getattr(compiler, "compiler_type", None) != "unix":
        return

    def compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                extra_preargs=None, extra_postargs=None, depends=None):  # fmt: skip
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
        # The biggest C files first, so that no long compile starts last while the other cores idle.
        todo = sorted((obj for obj in objects if obj in build), key=lambda obj: -os.path.getsize(build[obj][0]))
        with ThreadPoolExecutor(max(1, jobs)) as pool:  # each job waits on a compiler process
            for _ in pool.map(lambda obj: self._compile(obj, *build[obj], cc_args, extra_postargs, pp_opts), todo):
                pass
        return objects

    compiler.compile = types.MethodType(compile, compiler)  # type: ignore[attr-defined]


class EnginesDistribution(Distribution):
    """Has extension modules before they are known: ``BuildEngines.run`` makes them."""

    def has_ext_modules(self) -> bool:
        return not pure_requested()


class BuildEngines(build_ext):
    """Compiles the engines if it can (or copies them from the cache); a failed compile installs pure."""

    def run(self) -> None:
        if pure_requested():
            notice("HELIOPOLIS_PURE is set")
            return
        self._key = cache.cache_key(cache.key_inputs(HERE, native.COMPILED_MODULES, MYPYC_SETTINGS))
        self._digests = native.source_digests(PACKAGE)
        self._cache_root = cache.cache_root()
        self._cached = cache.lookup(self._cache_root, self._key, self._digests)
        self._built: dict[str, str] = {}
        try:
            exts = [Extension(n, []) for n in self._cached] if self._cached else mypyc_extensions()
            if not exts:
                return
            self._adopt(exts)
            super().run()
        except Exception as e:  # noqa: BLE001 - any compiler failure means: ship the pure build
            notice(f"the C build failed: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            self._remove_outputs()
            return
        self._write_manifest()
        if not self._cached:
            try:
                cache.store(self._cache_root, self._key, self._digests, self._built)
            except OSError as e:  # a read-only or full cache directory costs the next build, not this one
                print(f"heliopolis: the build cache was not written ({e})", file=sys.stderr)

    def _adopt(self, exts: list[Extension]) -> None:
        """What ``finalize_options`` does per extension, for the ones made in ``run``."""
        self.extensions = self.distribution.ext_modules = exts
        for ext in exts:
            ext._full_name = self.get_ext_fullname(ext.name)
            ext._links_to_dynamic = ext._needs_stub = False
            self.ext_map[ext._full_name] = self.ext_map[ext._full_name.split(".")[-1]] = ext
            ext._file_name = self.get_ext_filename(ext._full_name)

    def build_extensions(self) -> None:
        """The shared library's objects on every core, then the per-module shims side by side."""
        if self._cached:
            return super().build_extensions()
        jobs = int(self.parallel) if self.parallel and self.parallel is not True else (os.cpu_count() or 1)
        parallel_compile(self.compiler, jobs)
        shared, shims = self.extensions[0], self.extensions[1:]
        self.build_extension(shared)
        with ThreadPoolExecutor(jobs) as pool:
            for _ in pool.map(self.build_extension, shims):
                pass

    def build_extension(self, ext: Extension) -> None:
        path = self.get_ext_fullpath(ext.name)
        if self._cached:
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            shutil.copyfile(self._cached[ext.name], path)
            return
        super().build_extension(ext)
        self._built[ext.name] = path

    def _outputs_root(self) -> str:
        return PACKAGE if self.inplace else os.path.join(self.build_lib, "heliopolis")

    def _write_manifest(self) -> None:
        # The hashes of the sources as compiled: _native.install() uses the pure build if one changed since.
        root = self._outputs_root()
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, native.MANIFEST), "w", encoding="utf-8") as f:
            json.dump({"compiler": "mypyc", "sources": self._digests}, f, indent=1, sort_keys=True)
            f.write("\n")

    def _remove_outputs(self) -> None:
        for path in self.get_outputs():
            if os.path.exists(path):
                os.remove(path)
        manifest = os.path.join(self._outputs_root(), native.MANIFEST)
        if os.path.exists(manifest):
            os.remove(manifest)


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import its parts
    setup(distclass=EnginesDistribution, cmdclass={"build_ext": BuildEngines})

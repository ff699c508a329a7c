"""Which build of the engines runs (src/heliopolis/_native.py): compiled, pure, forced pure, stale."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import pytest

import heliopolis
from heliopolis import _native
from heliopolis.core.bench import run_bench


def test_the_reported_build_is_the_one_running() -> None:
    assert _native.install() == _native.BUILD
    assert _native.BUILD.startswith("compiled") == _native.is_compiled()
    for name in _native.COMPILED_MODULES:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        assert module.__file__ is not None
        assert module.__file__.endswith(".py") != _native.is_compiled(), name  # all or none


@pytest.mark.skipif(os.environ.get("HELIOPOLIS_EXPECT_COMPILED") != "1", reason="set by `make test` when cc exists")
def test_compiled_build_in_use_when_a_compiler_is_present() -> None:
    """`make test` installs with a C compiler present: the suite must run on the compiled engines."""
    assert _native.is_compiled(), f"expected the compiled build, running {_native.BUILD}"


def test_bench_reports_the_build() -> None:
    r = run_bench(heliopolis.load_game("ra", 2), seconds=0.05)
    assert r.build == _native.BUILD and r.player_actions > 0


def test_heliopolis_pure_forces_the_pure_modules() -> None:
    code = ("import heliopolis, heliopolis._native as n, heliopolis.games.ra.state as s; "
            "print(n.BUILD); print(s.__file__)")  # fmt: skip
    env = {**os.environ, "HELIOPOLIS_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    build, path = out.split("\n")[:2]
    assert build == "pure (HELIOPOLIS_PURE=1)"
    assert path.endswith(os.path.join("games", "ra", "state.py"))


def test_a_source_edited_since_the_build_switches_to_pure(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """A compiled module whose source changed after the build is never used in its place."""
    monkeypatch.delenv("HELIOPOLIS_PURE", raising=False)
    monkeypatch.setattr(_native, "_compiled_file", lambda m: "x.so")  # as if every extension were there
    digests = _native.source_digests()
    monkeypatch.setattr(_native, "_PACKAGE_DIR", str(tmp_path))
    built = {**digests, "heliopolis.games.ra.scoring": "0" * 64}  # the build saw another scoring.py
    (tmp_path / _native.MANIFEST).write_text(json.dumps({"sources": built}), encoding="utf-8")
    monkeypatch.setattr(_native, "source_digests", lambda: digests)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled, build = _native._decide()
    assert not compiled and "stale" in build and "scoring.py" in build
    assert any("out of date" in str(w.message) for w in caught)
    # The same sources as built: compiled.
    (tmp_path / _native.MANIFEST).write_text(json.dumps({"sources": digests}), encoding="utf-8")
    assert _native._decide() == (True, "compiled (mypyc)")

"""Build once (docs/compiled-build.md, "Build once"): one install that `make serve`, `make play` and
`make test` share, extras without a rebuild, the parallel C compile, the build cache, no type analysis
in the sdist and metadata steps. Checked without a full compile (each test takes a few seconds)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "heliopolis"
DEV_EXTRAS = "dev,report,cluster,web,rl"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


cache = _load("_test_build_cache", PACKAGE / "_build_cache.py")
native = _load("_test_native", PACKAGE / "_native.py")


def _project_copy(tmp_path: Path) -> Path:
    """The files a build reads, in a directory of their own (so a test may edit them)."""
    project = tmp_path / "project"
    shutil.copytree(PACKAGE, project / "src" / "heliopolis",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__", native.MANIFEST))  # fmt: skip
    for name in ("setup.py", "pyproject.toml", "README.md", "Makefile"):
        shutil.copy(ROOT / name, project / name)
    (project / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "extras.py", project / "tools" / "extras.py")
    return project


# --- one install shared by `make serve`, `make play`, `make test`; extras without a rebuild ---


def _make_n(project: Path, *args: str) -> list[str]:
    out = subprocess.run(["make", "-n", *args], cwd=project, capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def _installs(lines: list[str]) -> tuple[list[str], list[str]]:
    """(lines that build heliopolis, lines that install extras)."""
    return [x for x in lines if "pip install" in x and " -e ." in x], [x for x in lines if "extras.py install" in x]


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_play_and_test_after_serve_never_build_again(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    (project / ".venv" / "bin").mkdir(parents=True)
    (project / ".venv" / "bin" / "python").touch()
    builds, extras = _installs(_make_n(project, "serve"))
    assert len(builds) == 1 and extras == [".venv/bin/python tools/extras.py install web"], (builds, extras)
    later = time.time() + 5  # the stamps `make serve` leaves, newer than every source they depend on
    for stamp in (".installed", ".installed-web"):
        (project / ".venv" / stamp).touch()
        os.utime(project / ".venv" / stamp, (later, later))
    for target in ("serve", "play"):
        assert _installs(_make_n(project, target)) == ([], []), target
    builds, extras = _installs(_make_n(project, "test"))
    assert builds == [] and extras == [f".venv/bin/python tools/extras.py install {DEV_EXTRAS}"]
    assert _installs(_make_n(project, "extras", "EXTRAS=report")) == (
        [],
        [".venv/bin/python tools/extras.py install report"],
    )


def _extras(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "extras.py"), *args], capture_output=True, text=True)


def test_the_extras_tool_lists_pyprojects_requirements() -> None:
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert _extras("list", "web").stdout.splitlines() == table["web"]
    listed = _extras("list", DEV_EXTRAS).stdout.splitlines()
    wanted = [r for name in DEV_EXTRAS.split(",") for r in table[name]]
    assert listed == list(dict.fromkeys(wanted)) and len(set(listed)) == len(listed)
    bad = _extras("list", "web,nonesuch")
    assert bad.returncode != 0 and bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()] and "nonesuch" in bad.stderr
    assert "Traceback" not in bad.stderr


# --- the build cache: keyed by what the compiled files depend on, exact hits only ---


def _key(project: Path, settings: dict[str, object] | None = None) -> str:
    setup = _load("_test_setup", project / "setup.py")
    inputs = cache.key_inputs(str(project), native.COMPILED_MODULES, settings or setup.MYPYC_SETTINGS)
    return cache.cache_key(inputs)


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_the_cache_key_follows_every_source_the_compiled_modules_see(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    pkg = project / "src" / "heliopolis"
    first = _key(project)
    _append(pkg / "server" / "app.py", "\n# not read by mypy for the engines\n")
    assert _key(project) == first  # outside the compiled modules' import closure: the cache still hits
    keys = {first}
    for edited in ("games/ra/scoring.py", "games/ra/views.py", "__init__.py", "setup.py"):
        _append(pkg / edited if edited != "setup.py" else project / edited, "\n# edited\n")
        keys.add(_key(project))  # a compiled module, a module it imports, a parent package, the flags
    assert len(keys) == 5
    setup = _load("_test_setup", project / "setup.py")
    assert _key(project, {**setup.MYPYC_SETTINGS, "opt_level": "2"}) not in keys


def test_a_cache_hit_is_exact_or_refused(tmp_path: Path) -> None:
    root, built = str(tmp_path / "cache"), tmp_path / "built"
    built.mkdir()
    files = {}
    for name in ("heliopolis_engines__mypyc", "heliopolis.core.state"):
        files[name] = str(built / f"{name}.so")
        Path(files[name]).write_bytes(name.encode())
    digests = native.source_digests(str(PACKAGE))
    key = "ab" * 32
    entry = cache.store(root, key, digests, files)
    hit = cache.lookup(root, key, digests)
    assert hit is not None and {n: Path(p).read_bytes() for n, p in hit.items()} == {n: n.encode() for n in files}
    assert cache.lookup(root, "cd" * 32, digests) is None  # another key
    stale = {**digests, "heliopolis.games.ra.scoring": "0" * 64}
    assert cache.lookup(root, key, stale) is None  # an entry whose manifest is not today's sources
    meta = Path(entry, cache.META)
    record = json.loads(meta.read_text(encoding="utf-8"))
    meta.write_text(json.dumps({**record, "sources": stale}), encoding="utf-8")
    assert cache.lookup(root, key, digests) is None  # the entry says other sources: refused
    meta.write_text(json.dumps(record), encoding="utf-8")
    Path(hit["heliopolis.core.state"]).write_bytes(b"truncated")
    assert cache.lookup(root, key, digests) is None  # a damaged file
    assert cache.lookup(None, key, digests) is None
    assert cache.cache_root({"HELIOPOLIS_BUILD_CACHE": "off"}) is None
    assert cache.cache_root({"XDG_CACHE_HOME": "/x"}) == os.path.join("/x", "heliopolis", "native-build")


def test_the_cache_keeps_the_newest_entries(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    src = tmp_path / "m.so"
    src.write_bytes(b"so")
    for i in range(cache.KEEP + 2):
        entry = cache.store(str(root), f"{i:02d}" * 32, {}, {"m": str(src)})
        os.utime(entry, (i, i))
    cache.prune(str(root))
    assert sorted(os.listdir(root)) == [f"{i:02d}" * 20 for i in range(2, cache.KEEP + 2)]


# --- the C compile on every core ---


class _FakeCompiler:
    """Records how many compiles run at once; each takes 0.1 s, as a compiler process would."""

    compiler_type = "unix"

    def __init__(self) -> None:
        self.running = self.most = 0
        self.order: list[str] = []
        self.lock = threading.Lock()

    def _setup_compile(self, outdir, macros, include_dirs, sources, depends, extra_postargs):
        objects = [s[:-2] + ".o" for s in sources]
        return macros, objects, extra_postargs or [], [], {o: (s, ".c") for o, s in zip(objects, sources)}

    def _get_cc_args(self, pp_opts, debug, before):
        return ["-c"]

    def _compile(self, obj, src, ext, cc_args, extra_postargs, pp_opts):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.order.append(os.path.basename(src))
        time.sleep(0.1)
        with self.lock:
            self.running -= 1


def test_the_c_files_compile_side_by_side_biggest_first(tmp_path: Path) -> None:
    setup = _load("_test_setup", ROOT / "setup.py")
    sources = []
    for i, size in enumerate((10, 4000, 200, 30000, 50, 7)):
        (tmp_path / f"m{i}.c").write_text("x" * size)
        sources.append(str(tmp_path / f"m{i}.c"))
    compiler = _FakeCompiler()
    setup.parallel_compile(compiler, 2)
    objects = compiler.compile(sources)  # type: ignore[attr-defined]
    assert objects == [s[:-2] + ".o" for s in sources]
    assert compiler.most == 2 and sorted(compiler.order) == sorted(os.path.basename(s) for s in sources)
    assert compiler.order[:2] == ["m3.c", "m1.c"]  # the longest compiles start first
    assert setup.MYPYC_SETTINGS["multi_file"] is True  # one C file per module: something to run in parallel


# --- only build_ext runs mypyc: not the sdist, not the metadata, not a cache hit ---

_NEEDS_BACKEND = pytest.mark.skipif(
    int(importlib.metadata.version("setuptools").split(".")[0]) < 77,
    reason="the build backend needs setuptools>=77 (the dev extra has it; pyproject.toml's [build-system])",
)


def _no_mypy(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A mypy and a mypyc that leave a mark and fail when imported: any type analysis shows."""
    fake, mark = tmp_path / "fake", tmp_path / "mypy-was-imported"
    for name in ("mypy", "mypyc"):
        (fake / name).mkdir(parents=True)
        (fake / name / "__init__.py").write_text(f"open({str(mark)!r}, 'a').write({name!r})\nraise RuntimeError\n")
    env = {k: v for k, v in os.environ.items() if k != "HELIOPOLIS_PURE"}  # the compiled build, as `make`
    return mark, {**env, "PYTHONPATH": str(fake), "HELIOPOLIS_BUILD_CACHE": str(tmp_path / "cache")}


def _backend(project: Path, env: dict[str, str], code: str) -> None:
    script = "import setuptools.build_meta as b\n" + code
    done = subprocess.run([sys.executable, "-c", script], cwd=project, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


@_NEEDS_BACKEND
def test_the_sdist_and_the_metadata_steps_do_no_type_analysis(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    mark, env = _no_mypy(tmp_path)
    out = tmp_path / "out"
    _backend(
        project,
        env,
        f"""
b.get_requires_for_build_sdist(); name = b.build_sdist({str(out)!r})
b.get_requires_for_build_wheel(); b.prepare_metadata_for_build_wheel({str(out)!r})
b.get_requires_for_build_editable(); b.prepare_metadata_for_build_editable({str(out)!r})
""",
    )
    assert not mark.exists(), "mypy/mypyc imported outside build_ext"
    assert list(out.glob("heliopolis-*.tar.gz")) and list(out.glob("heliopolis-*.dist-info"))


@_NEEDS_BACKEND
def test_a_cache_hit_installs_the_engines_without_mypyc(tmp_path: Path) -> None:
    """A rebuild of the same sources (pip's isolated build of `pip install -e '.[x]'`) copies the .so files."""
    project = _project_copy(tmp_path)
    mark, env = _no_mypy(tmp_path)
    names = ["heliopolis_engines__mypyc", *native.COMPILED_MODULES]
    out = tmp_path / "out"
    _backend(
        project,
        env,
        f"""
import importlib.util, os, sys
spec = importlib.util.spec_from_file_location("s", "setup.py"); s = importlib.util.module_from_spec(spec)
spec.loader.exec_module(s)
key = s.cache.cache_key(s.cache.key_inputs(os.getcwd(), s.native.COMPILED_MODULES, s.MYPYC_SETTINGS))
os.makedirs("fake-build")
for n in {names!r}:
    open(os.path.join("fake-build", n), "w").write("compiled " + n)
s.cache.store(s.cache.cache_root(), key, s.native.source_digests(s.PACKAGE),
              {{n: os.path.join("fake-build", n) for n in {names!r}}})
b.build_wheel({str(out)!r})
b.build_editable({str(tmp_path / "editable")!r})  # what `pip install -e '.[x]'` runs
""",
    )
    assert not mark.exists(), "a cache hit ran mypyc"
    (wheel,) = out.glob("heliopolis-*.whl")
    with zipfile.ZipFile(wheel) as z:
        members = {m.split(".")[0] if m.endswith(".so") else m: m for m in z.namelist()}
        for name in names:
            member = members[name.replace(".", "/")]
            assert z.read(member).decode() == "compiled " + name
        manifest = json.loads(z.read(f"heliopolis/{native.MANIFEST}"))
    assert manifest["sources"] == native.source_digests(str(project / "src" / "heliopolis"))
    pkg = project / "src" / "heliopolis"
    for name in names:  # the editable install: the cached files beside the sources
        (built,) = (project / "src").glob(name.replace(".", "/") + ".*.so")
        assert built.read_text() == "compiled " + name
    assert json.loads((pkg / native.MANIFEST).read_text())["sources"] == native.source_digests(str(pkg))

"""One plug-in surface per game (``core/spec.py``): every layer finds a game's parts through its
``GameSpec`` in the registry, the compiled build reads its module list from the specs, and no layer
above the games names a game or builds a game's module path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import heliopolis
from heliopolis import _native
from heliopolis.core import registry
from heliopolis.core.errors import ConfigError
from heliopolis.core.spec import MODULE_PARTS, GameSpec, hook, part

SRC = Path(__file__).resolve().parents[2] / "src" / "heliopolis"

# The compiled module set before the specs held it (the hand-written list in _native.py, 0.2.0).
COMPILED_BEFORE = {
    "heliopolis.core.state", "heliopolis.core.rng", "heliopolis.core.bench", "heliopolis.bots.search",
    "heliopolis.core.observation", "heliopolis.core.batch",
    *(f"heliopolis.games.ra.{m}" for m in
      "phases components actions scoring epochs layout state heuristics observation".split()),
    *(f"heliopolis.games.helios.{m}" for m in
      "actions phases scoring sun events legality rounds rules state heuristics observation".split()),
    *(f"heliopolis.games.ra_dice.{m}" for m in
      "components actions phases scoring epochs disasters dice state heuristics observation".split()),
    *(f"heliopolis.games.men_nefer.{m}" for m in
      ("schema components actions tasks perform necropolis sphinx nile pyramids temple effects harvest draws flow "
       "state heuristics observation").split()),
}  # fmt: skip
BUILTIN = list(registry.BUILTIN)


def test_the_compiled_build_compiles_the_same_modules_as_before_and_reads_them_from_the_specs() -> None:
    listed = _native.COMPILED_MODULES
    assert len(listed) == len(set(listed)) and set(listed) == COMPILED_BEFORE
    from_specs = {m for g in BUILTIN for m in registry.spec(g).compiled_modules()}
    assert set(listed) == from_specs | set(_native.CORE_COMPILED) | set(_native.LATE_COMPILED)
    for module in listed:
        assert Path(_native.source_path(module)).is_file(), module


def test_every_builtin_spec_names_parts_that_exist() -> None:
    for gid in BUILTIN:
        spec = registry.spec(gid)
        assert isinstance(spec, GameSpec) and spec.game_id == gid and registry.is_builtin(gid)
        game = registry.load_game(gid)
        assert game.info.game_id == gid and game.spec() is spec
        for name in MODULE_PARTS:
            if getattr(spec, name) is not None:
                assert part(spec, name) is not None, (gid, name)
        for fn in ("player_view", "information_state_string"):
            assert callable(hook(spec, "views", fn)), (gid, fn)
        assert callable(hook(spec, "render", "render_segments")) and callable(hook(spec, "render", "render_text"))
        assert callable(hook(spec, "heuristics", "evaluate")) and hasattr(part(spec, "features"), "FEATURE_NAMES")
        assert hook(spec, "notation", "action_to_string")(0) == game.action_to_string(0)
        assert type(game.new_public_log()) is part(spec, "log")  # the class the spec declares is the one used
        assert spec.catalogs and all((SRC / "locale" / lang / "LC_MESSAGES" / f"{d}.po").is_file()
                                     for d in spec.catalogs for lang in ("en", "de"))  # fmt: skip
    assert registry.spec("ra").pool({"edition": "1999"}) == "ra:1999" and registry.spec("helios").pool({}) == "helios"


def test_importing_heliopolis_imports_no_game(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = "import sys, heliopolis; print(sorted(m for m in sys.modules if m.startswith('heliopolis.games')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_register_checks_the_id_and_unregister_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = registry.spec("helios")
    with pytest.raises(ConfigError, match="the ids must be the same"):
        registry.register("sun", spec)
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_SPECS", {})
    registry.register("sun-copy", GameSpec(game_id="sun-copy", game=spec.game))
    assert registry.game_class("sun-copy") is registry.game_class("helios") and not registry.is_builtin("sun-copy")
    registry.unregister("sun-copy")
    with pytest.raises(ConfigError, match="unknown game"):
        registry.spec("sun-copy")
    assert heliopolis.available_games() == sorted(registry._GAMES)


# --- no game ids and no game module paths above the games ---------------------------------------

LAYERS = ("bots", "arena", "server", "integrations")


def _layer_files() -> list[Path]:
    files = [p for layer in LAYERS for p in (SRC / layer).rglob("*.py")]
    return files + sorted(SRC.glob("cli*.py")) + [SRC / "__main__.py"]


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _game_words() -> set[str]:
    """Every shipped game's id, package name and ``id:`` prefix (``ra``, ``ra_dice``, ``ra-dice:``, ...)."""
    words = set()
    for gid in BUILTIN:
        package = registry.spec(gid).package.rpartition(".")[2]
        words |= {gid, package, f"{gid}:", f"{package}:"}
    return words


def offences(path: Path, words: set[str]) -> list[str]:
    """The string literals in ``path`` (docstrings aside) that are a game id or name a game module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if text in words or "heliopolis.games" in text or any(f"games/{w}" in text for w in words):
                out.append((node.lineno, f"{path.name}:{node.lineno}: {text!r}"))
    return [o for _, o in sorted(out)]


def test_no_layer_above_the_games_names_a_game_or_a_game_module() -> None:
    words = _game_words()
    found = [o for p in _layer_files() for o in offences(p, words)]
    assert not found, "game ids or game module paths outside games/ and core/registry:\n" + "\n".join(found)


def test_the_layer_check_catches_a_game_id_and_a_module_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""ra in a docstring is fine."""\nX = "ra-dice"\nM = f"heliopolis.games.{X}.render"\n'
                   'P = "men_nefer:"\nOK = "rapid"\n', encoding="utf-8")  # fmt: skip
    assert [o.split(": ", 1)[1] for o in offences(bad, _game_words())] == ["'ra-dice'", "'heliopolis.games.'",
                                                                          "'men_nefer:'"]  # fmt: skip

"""The newcomer's spine (issue 30): the changelog and the version agree and name the saved-game encodings,
the docs map lists every doc, the pre-commit hooks are `make lint`, and `make test` gates on rule coverage."""

from __future__ import annotations

import re
import shlex
import subprocess
import tomllib
from pathlib import Path

import heliopolis
from heliopolis.core.registry import available_games, game_class
from heliopolis.core.serialize import FORMAT

ROOT = Path(__file__).resolve().parents[2]
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def releases(text: str) -> list[tuple[str, str, str]]:
    """(version, date, section text) of each release, newest first, as written."""
    heads = list(RELEASE.finditer(text))
    ends = [h.start() for h in heads[1:]] + [len(text)]
    return [(h.group(1), h.group(2), text[h.end() : end]) for h, end in zip(heads, ends)]


def saved_games_line(section: str) -> tuple[str, set[str]]:
    """The format and the encodings a release's "Saved games:" line names."""
    m = re.search(r"^Saved games: format `([^`]+)`; encodings (.*?)(?:\n\n|\n\(|\s\()", section, re.M | re.S)
    assert m, "a release says which saved games it reads: 'Saved games: format `...`; encodings `...`, ...'"
    return m.group(1), set(re.findall(r"`([^`]+)`", m.group(2)))


def test_keep_a_changelog_shape() -> None:
    text = changelog()
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    assert text.index("## [Unreleased]") < RELEASE.search(text).start()  # type: ignore[union-attr]
    found = releases(text)
    versions = [tuple(map(int, v.split("."))) for v, _, _ in found]
    assert len(found) >= 2 and versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert [d for _, d, _ in found] == sorted((d for _, d, _ in found), reverse=True)
    for version, _, section in found:
        kinds = set(re.findall(r"^### (\w+)$", section, re.M))
        assert kinds and kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, version


def test_the_latest_release_is_the_package_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    latest = releases(changelog())[0][0]
    assert latest == project["version"] == heliopolis.__version__


def test_the_latest_release_names_the_save_format_and_every_encoding() -> None:
    """A changed move encoding makes old saves of that game unloadable: it must come with a release
    (a new version) whose "Saved games" line names it (the rule at the top of CHANGELOG.md)."""
    fmt, encodings = saved_games_line(releases(changelog())[0][2])
    assert fmt == FORMAT
    # the games shipped in heliopolis.games (a test may register a toy game of its own meanwhile)
    shipped = [game_class(g) for g in available_games() if game_class(g).__module__.startswith("heliopolis.games.")]
    assert len(shipped) >= 4 and encodings == {cls.info.encoding for cls in shipped}


def test_the_saved_games_line_is_read_as_written() -> None:
    section = "\nSaved games: format `f`; encodings `a-v1`, `b-v2`\n(older `a-v0` saves do not load).\n"
    assert saved_games_line(section) == ("f", {"a-v1", "b-v2"})
    assert saved_games_line("Saved games: format `f`; encodings `a-v1`,\n`b-v1` (note `x`)\n") == (
        "f",
        {"a-v1", "b-v1"},
    )


def test_the_docs_map_lists_every_doc() -> None:
    """docs/README.md links every doc under docs/ (the run reports under docs/results/*/ through
    docs/results/README.md, which lists them)."""
    text = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    linked = {(ROOT / "docs" / t.partition("#")[0]).resolve() for t in re.findall(r"\]\(([^)\s]+)\)", text)}
    top = [p for p in (ROOT / "docs").glob("*.md") if p.name != "README.md"]
    docs = [*top, *(ROOT / "docs").glob("rules/*.md"), *(ROOT / "docs").glob("history/*.md")]
    docs.append(ROOT / "docs" / "results" / "README.md")
    assert len(docs) > 15
    assert [str(p.relative_to(ROOT)) for p in docs if p.resolve() not in linked] == []
    for name in ("CONTRIBUTING.md", "CHANGELOG.md", "README.md"):
        assert f"../{name}" in text, name


def _make_recipe(target: str) -> list[str]:
    out = subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines()]


def test_pre_commit_runs_what_make_lint_runs() -> None:
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    entries = [e.strip() for e in re.findall(r"^\s+entry: (.+)$", config, re.M)]
    lint = [c for c in _make_recipe("lint") if c.startswith(".venv/bin/") and ("ruff" in c or "mypy" in c)]
    assert entries == lint == [".venv/bin/ruff check .", ".venv/bin/ruff format --check .", ".venv/bin/mypy"]
    assert len(re.findall(r"^\s+pass_filenames: false$", config, re.M)) == len(entries)


def test_make_test_fails_on_an_untested_rule() -> None:
    recipe = [shlex.split(c) for c in _make_recipe("test") if "rule_coverage.py" in c]
    assert recipe and all("--strict" in c for c in recipe), recipe

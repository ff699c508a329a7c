"""Every relative link of README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**/*.md names a file or directory
that exists (issue 30): moving a doc, or a section into docs/history/, must not leave a link behind."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [p for p in (ROOT / n for n in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")) if p.exists()]
DOCS += sorted((ROOT / "docs").rglob("*.md"))
# [text](target) or [text](target "title"); images too. Not inside code (fenced blocks or `spans`).
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCED = re.compile(r"^\s*```.*?^\s*```", re.S | re.M)
SPAN = re.compile(r"`[^`\n]*`")
EXTERNAL = ("http://", "https://", "mailto:", "#")


def relative_links(text: str) -> list[str]:
    text = SPAN.sub("", FENCED.sub("", text))
    return [t for t in LINK.findall(text) if not t.startswith(EXTERNAL)]


def broken(path: Path) -> list[str]:
    """The relative links of ``path`` whose target (without its #fragment) does not exist."""
    links = relative_links(path.read_text(encoding="utf-8"))
    return [t for t in links if t.partition("#")[0] and not (path.parent / t.partition("#")[0]).exists()]


def test_every_relative_link_resolves() -> None:
    assert len(DOCS) > 15
    assert [f"{p.relative_to(ROOT)}: {t}" for p in DOCS for t in broken(p)] == []


def test_the_link_scan_finds_links_and_skips_code(tmp_path: Path) -> None:
    doc = tmp_path / "a.md"
    (tmp_path / "b.md").write_text("")
    doc.write_text(
        'See [b](b.md#part), [gone](gone.md), ![img](pics/x.png "t") and [web](https://x.org).\n'
        "`[not](code.md)`\n```md\n[not](fenced.md)\n```\n[anchor](#here)\n"
    )
    assert relative_links(doc.read_text()) == ["b.md#part", "gone.md", "pics/x.png"]
    assert broken(doc) == ["gone.md", "pics/x.png"]

"""HTML and Markdown reports of arena runs (heliopolis.arena.report)."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from heliopolis.arena import run_arena
from heliopolis.arena.report import write_report
from heliopolis.core.errors import ConfigError

SECTIONS = ["Win rate by seat", "Win rate by bot", "Score distribution", "Game length", "Ratings",
            "Points per scoring category"]  # fmt: skip
CI = re.compile(r"\| \d+\.\d % \| \[\d+\.\d, \d+\.\d\] % \|")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("runs")
    a, b = base / "sim3p", base / "duel2p"
    run_arena("simulation", "ra", 3, ["random"], 20, a, seed=1, options={"edition": "1999"}, workers=1, progress=False)
    run_arena("tournament", "ra", 2, ["random", "heuristic"], 16, b, seed=2, options={"edition": "2009"}, workers=1,
              progress=False)  # fmt: skip
    return a, b


def _pngs(text: str) -> int:
    """Number of embedded PNG images (the base64 payload must decode to a PNG header)."""
    found = re.findall(r'<img [^>]*src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    return sum(base64.b64decode(data).startswith(b"\x89PNG") for data in found)


def test_single_run_report(runs: tuple[Path, Path]) -> None:
    a, _ = runs
    html_path, md_path = write_report([a])
    assert (html_path, md_path) == (a / "report.html", a / "report.md")
    html = html_path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and 'name="viewport"' in html and "max-width" in html
    for heading in SECTIONS:
        assert f">{heading}</h3>" in html
    assert "Comparison" not in html
    assert _pngs(html) >= 4
    assert "http://" not in html and "https://" not in html  # self-contained
    md = md_path.read_text(encoding="utf-8")
    assert "report.html" in md and "data:image" not in md
    assert "### Win rate by seat" in md and "| seat | games | wins | win rate | 95 % CI |" in md
    assert len(CI.findall(md)) >= 3  # one row per seat, with its Wilson interval


def test_two_runs_compared(runs: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = runs
    html_path, md_path = write_report([str(a), str(b)], out=tmp_path / "cmp")
    assert html_path == tmp_path / "cmp" / "report.html" and md_path.exists()
    html = html_path.read_text(encoding="utf-8")
    assert html.count("<h2") == 3 and 'id="comparison"' in html
    assert "sim3p" in html and "duel2p" in html and "edition 1999" in html and "edition 2009" in html
    assert _pngs(html) >= 10
    md = md_path.read_text(encoding="utf-8")
    assert "## Comparison" in md and "| run | games | seat 0 | seat 1 | seat 2 |" in md
    assert "| duel2p | 16 |" in md and "| – |" in md  # the 2-player run has no seat 2
    # The 2-player tournament of distinct bots gets a head-to-head table and openskill ratings.
    assert "### Head to head" in md and "| row bot vs column bot | heuristic | random |" in md
    assert "| bot | mu | sigma |" in md


def test_missing_or_empty_run_dir(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        write_report([tmp_path / "nowhere"])
    with pytest.raises(ConfigError, match="results.jsonl"):
        write_report([tmp_path])
    (tmp_path / "results.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(ConfigError, match="no game records"):
        write_report([tmp_path])
    with pytest.raises(ConfigError):
        write_report([])
    assert not (tmp_path / "report.html").exists()

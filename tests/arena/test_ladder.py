"""The ladder command end to end on tiny runs, its schedule, analysis and outputs; levels in the CLI."""

import json
import sys
from collections import Counter
from itertools import combinations

import pytest
from click.testing import CliRunner

from heliopolis.arena import ladder as lad
from heliopolis.arena import read_results
from heliopolis.bots import levels
from heliopolis.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def levels_copy(tmp_path, monkeypatch):
    """--update-levels writes into a copy of the package's levels file, without the shipped ratings (so
    what a test finds there is what its own ladder wrote)."""
    path = tmp_path / "levels.json"
    doc = json.loads(levels.data_path().read_text(encoding="utf-8"))
    doc["ratings"] = {}
    path.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(levels, "data_path", lambda: path)
    levels.table.cache_clear()
    yield path
    levels.table.cache_clear()


def test_two_player_ladder_end_to_end_resumes_and_updates_the_levels(tmp_path, levels_copy):
    out = tmp_path / "ladder"
    args = ["ladder", "ra", "-p", "2", "-k", "4", "-l", "easy,medium", "--out", str(out), "-w", "1",
            "--bootstrap", "30", "--update-levels"]  # fmt: skip
    r = run(*args)
    assert r.exit_code == 0, r.output
    records = read_results(out)
    assert len(records) == 3 * 4  # 3 pairs, 4 games each
    pairs = Counter(tuple(sorted(rec["bots"])) for rec in records)
    assert set(pairs.values()) == {4} and len(pairs) == 3
    seats = Counter((rec["bots"][0], tuple(sorted(rec["bots"]))) for rec in records)
    assert set(seats.values()) == {2}  # each bot of a pair sits first in half of their games
    doc = json.loads((out / lad.RATINGS).read_text())
    assert [row["bot"] for row in doc["ratings"]] == ["random", "easy", "medium"]
    for row in doc["ratings"]:
        assert row["low"] <= row["high"] and row["games"] == 8
    assert [(o["upper"], o["lower"]) for o in doc["order"]] == [("easy", "random"), ("medium", "easy")]
    assert doc["resolved"]["easy"] == levels.level_spec("easy", "ra", 2)
    md = (out / lad.MARKDOWN).read_text()
    assert "## Head to head" in md and "Strict order" in md and "heliopolis ladder ra" in md
    assert (out / lad.PLOT).stat().st_size > 1000
    assert "strict order, head to head" in r.output
    # --update-levels copied the two levels' ratings (random is not a level).
    stored = json.loads(levels_copy.read_text())["ratings"]["ra"]["2"]
    assert set(stored) == {"easy", "medium"} and stored["medium"]["games"] == 8
    assert levels.rating_label("medium", "ra", 2).startswith("Medium — rating ")
    # The same command again resumes: nothing new is played.
    assert run(*args).exit_code == 0
    assert len(read_results(out)) == 12


def test_three_player_ladder_meets_every_pair_equally(tmp_path):
    out = tmp_path / "l3"
    r = run("ladder", "ra", "-p", "3", "-k", "5", "-l", "easy,medium,heuristic:eps=0.2", "--out", str(out), "-w", "1",
            "--bootstrap", "10")  # fmt: skip
    assert r.exit_code == 0, r.output
    records = read_results(out)
    bots = ["random", "easy", "medium", "heuristic:eps=0.2"]
    # C(4,3) tables x 3 rotations = 12 games a round; a pair meets 2 x 3 = 6 times a round.
    assert lad.meetings_per_round(4, 3) == 6 and len(records) == 12
    for a, b in combinations(bots, 2):
        assert sum(a in rec["bots"] and b in rec["bots"] for rec in records) == 6
    for bot in bots:
        assert Counter(rec["bots"].index(bot) for rec in records if bot in rec["bots"]) == {0: 3, 1: 3, 2: 3}
    assert "defined at 2p" in r.output
    assert "finishing ahead" in (out / lad.MARKDOWN).read_text()


def test_a_ladder_extended_with_more_games_per_pair_keeps_its_games(tmp_path):
    out = tmp_path / "grow"
    base = ["ladder", "ra", "-p", "2", "-l", "easy", "--out", str(out), "-w", "1", "--bootstrap", "5"]
    assert run(*base, "-k", "2").exit_code == 0
    first = {r["index"]: r for r in read_results(out)}
    r = run(*base, "-k", "4")
    assert r.exit_code == 0, r.output
    records = read_results(out)
    assert len(records) == 4 and all(first[r["index"]] == r for r in records if r["index"] in first)
    assert json.loads((out / "run.json").read_text())["config"]["games_per_pair"] == 4
    assert json.loads((out / lad.RATINGS).read_text())["ratings"][0]["games"] == 4


def test_a_changed_level_refuses_to_resume_the_old_ladder(tmp_path, monkeypatch):
    out = tmp_path / "l"
    assert run("ladder", "ra", "-p", "2", "-k", "2", "-l", "easy", "--out", str(out), "-w", "1",
               "--bootstrap", "5").exit_code == 0  # fmt: skip
    doc = json.loads(json.dumps(levels.table()))
    doc["specs"]["*"]["*"]["easy"] = "heuristic:eps=0.9"
    monkeypatch.setattr(levels, "table", lambda: doc)
    r = CliRunner().invoke(main, ["ladder", "ra", "-p", "2", "-k", "2", "-l", "easy", "--out", str(out), "-w", "1"])
    assert r.exit_code == 2 and "holds a different run" in r.output


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-l", "easy,wizard"], "valid levels: easy, medium, hard, expert"),
        (["-k", "0"], "at least 1"),
        (["-l", "easy,easy"], "once"),
        (["-p", "9"], "players"),
        (["-p", "5", "-l", "easy,medium"], "at least 5 bots"),
    ],
)
def test_bad_ladder_input_is_refused_before_playing(tmp_path, args, needle):
    r = CliRunner().invoke(main, ["ladder", "ra", "--out", str(tmp_path / "x"), "-w", "1", *args])
    assert r.exit_code == 2 and needle in r.output
    assert not (tmp_path / "x" / "results.jsonl").exists()


def test_ratings_are_written_without_matplotlib(tmp_path, monkeypatch):
    records = [{"bots": ["a", "b"] if i % 2 else ["b", "a"], "scores": [3, 1], "winners": [0]} for i in range(10)]
    result = lad.analyse(records, ["a", "b"], 2, bootstrap=20)
    by = {r["bot"]: r for r in result["ratings"]}
    assert by["a"]["rating"] == pytest.approx(by["b"]["rating"], abs=1.0)  # first seat always wins: even
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    notes = lad.write_outputs(tmp_path, result, "t", None, {"a": "a", "b": "b"})
    assert notes and "heliopolis[report]" in notes[0]
    assert (tmp_path / lad.RATINGS).exists() and not (tmp_path / lad.PLOT).exists()


def test_ahead_share_counts_ties_as_half():
    recs = [{"bots": ["x", "y", "z"], "scores": [5, 5, 1], "winners": [0, 1]},
            {"bots": ["y", "x", "z"], "scores": [9, 2, 4], "winners": [0]}]  # fmt: skip
    share = lad.ahead_share(recs, "x", "y")
    assert share["games"] == 2 and share["wins"] == 0.5
    assert lad.ahead_share(recs, "x", "z")["wins"] == 1.0


def test_cli_seats_tournaments_and_simulations_take_levels(tmp_path):
    r = run("play", "ra", "--seats", "easy,medium,hard:iters=10", "--seed", "3", "-q")
    assert r.exit_code == 0 and "P2 (hard:iters=10)" in r.output and "Result:" in r.output
    bad = CliRunner().invoke(main, ["play", "ra", "--seats", "human,expert:iters=abc"])
    assert bad.exit_code == 2 and "valid levels: easy, medium, hard, expert" in bad.output
    r = run("tournament", "ra", "-p", "2", "--bots", "easy,medium", "-n", "4", "--out", str(tmp_path / "t"), "-w", "1")
    assert r.exit_code == 0 and "medium" in r.output
    r = run("simulate", "ra-dice", "-p", "2", "--bots", "easy", "-n", "2", "--out", str(tmp_path / "s"), "-w", "1")
    assert r.exit_code == 0 and [rec["bots"] for rec in read_results(tmp_path / "s")] == [["easy", "easy"]] * 2

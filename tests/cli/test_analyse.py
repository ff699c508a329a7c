"""``heliopolis analyse GAME.json``: JSON lines with the promised keys for every game and edition,
a readable table, resumable ``--out`` (a torn last line analysed again, nothing analysed twice),
``-w 2`` equal to ``-w 1``, and one clear line for every bad input with nothing written."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import heliopolis
from heliopolis.bots import analysis as A
from heliopolis.cli import main
from heliopolis.core.serialize import load_saved_game, save_game

KEYS = {"ply", "seat", "played", "best", "loss", "loss_lo", "loss_hi", "margin", "margin_lo", "margin_hi", "legal",
        "actions"}  # fmt: skip
GAMES = [("ra", {}), ("ra", {"edition": "1999"}), ("ra", {"hidden_scores": False}), ("ra-dice", {}),
         ("helios", {}), ("men-nefer", {})]  # fmt: skip


def invoke(*args: str):  # noqa: ANN201
    return CliRunner().invoke(main, list(args))


def _save(tmp_path: Path, game_id: str = "ra", options: dict | None = None, moves: int = 25, seed: int = 3) -> Path:
    """A saved 3-player game ``moves`` random moves long (short: the tests stay quick)."""
    s = heliopolis.new_game(game_id, players=3, **(options or {}))
    rng = random.Random(seed)
    done = 0
    while not s.is_terminal() and done < moves:
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            done += 1
    path = tmp_path / f"{game_id}.json"
    save_game(s, path, seed=seed)
    return path


def _lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_json_lines_name_every_decision_in_the_games_notation(tmp_path, game_id, options):
    path = _save(tmp_path, game_id, options, moves=15)
    r = invoke("analyse", str(path), "--json", "-b", "2", "-w", "1")
    assert r.exit_code == 0, r.output
    rows = _lines(r.output)
    final, _ = load_saved_game(path)
    assert [(d["ply"], d["seat"]) for d in rows] == A.decision_plies(final)
    s = final.game.new_initial_state()
    history = final.history()
    for d in rows:
        assert KEYS <= set(d)
        while len(s.history()) < d["ply"]:
            s.apply_action(history[len(s.history())])
        assert d["played"] == s.action_to_string(history[d["ply"]]) and d["legal"] == len(s.legal_actions())
        assert d["best"] in {s.action_to_string(a) for a in s.legal_actions()} and d["loss"] >= 0
        assert d["loss"] == 0 or d["best"] != d["played"]


def test_one_seat_and_a_readable_table(tmp_path):
    path = _save(tmp_path, moves=40)
    r = invoke("analyse", str(path), "--seat", "1", "-b", "2", "-w", "1")
    assert r.exit_code == 0, r.output
    head = r.output.splitlines()[0].split()
    assert head == ["ply", "seat", "played", "best", "loss", "margin", "legal"]
    assert "P1: " in r.output and "mean loss" in r.output and "P0" not in r.output
    de = invoke("--lang", "de", "analyse", str(path), "--seat", "1", "-b", "2", "-w", "1")
    assert de.output.split()[:3] == ["Zug", "Platz", "gespielt"] and "mittlerer Verlust" in de.output


def test_two_workers_print_what_one_prints(tmp_path):
    path = _save(tmp_path, moves=30)
    one = invoke("analyse", str(path), "--json", "-b", "2", "-w", "1", "--seed", "5")
    two = invoke("analyse", str(path), "--json", "-b", "2", "-w", "2", "--seed", "5")
    assert one.exit_code == two.exit_code == 0 and one.output == two.output and one.output


def test_out_resumes_and_redoes_only_a_torn_line(tmp_path, monkeypatch):
    path = _save(tmp_path, moves=30)
    out = tmp_path / "a.jsonl"
    full = invoke("analyse", str(path), "--json", "-b", "2", "-w", "1", "-o", str(out))
    assert full.exit_code == 0, full.output
    lines = out.read_text().splitlines(keepends=True)
    assert len(lines) == len(_lines(full.output)) > 4
    out.write_text("".join(lines[:3]) + lines[3][:20])  # an interrupted run: three decisions and a torn line
    calls = []
    real = A.analyse_decision
    monkeypatch.setattr(A, "analyse_decision", lambda *a, **k: calls.append(a[3]) or real(*a, **k))
    again = invoke("analyse", str(path), "--json", "-b", "2", "-w", "1", "-o", str(out))
    assert again.exit_code == 0, again.output
    assert again.stdout == full.output
    assert "line 4 was cut off mid-write" in again.stderr
    done = {json.loads(line)["ply"] for line in lines[:3]}
    assert sorted(calls) == sorted(d["ply"] for d in _lines(full.output) if d["ply"] not in done)
    assert sorted(out.read_text().splitlines()) == sorted(line.rstrip("\n") for line in lines)
    calls.clear()
    third = invoke("analyse", str(path), "--json", "-b", "2", "-w", "1", "-o", str(out))
    assert third.output == full.output and calls == []  # everything was done: nothing is analysed again


def one_line(r) -> str:  # noqa: ANN001
    assert r.exit_code not in (0, None), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(("error: ", "Fehler: ")), r.output
    return lines[0]


@pytest.mark.parametrize(("args", "needle"), [
    (["--seat", "3"], "there is no seat 3 in this game: seats are 0 to 2"),
    (["--seat", "-1"], "there is no seat -1"),
    (["-b", "1"], "at least 2 (got 1)"),
    (["-w", "0"], "--workers must be at least 1"),
])  # fmt: skip
def test_bad_options_are_one_line_and_write_nothing(tmp_path, args, needle):
    path = _save(tmp_path)
    out = tmp_path / "a.jsonl"
    assert needle in one_line(invoke("analyse", str(path), *args, "-o", str(out)))
    assert not out.exists()


def test_bad_files_are_one_line(tmp_path):
    assert "cannot read" in one_line(invoke("analyse", str(tmp_path / "missing.json")))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "not valid JSON" in one_line(invoke("analyse", str(bad)))
    bad.write_text(json.dumps({"format": "heliopolis-game", "game": "chess", "encoding": "x", "options": {},
                               "history": []}))  # fmt: skip
    assert "chess" in one_line(invoke("analyse", str(bad)))
    path = _save(tmp_path)
    assert "not a directory" in one_line(invoke("analyse", str(path), "-o", "/etc/passwd/a.jsonl"))
    de = one_line(invoke("--lang", "de", "analyse", str(path), "--seat", "5"))
    assert de == "Fehler: Einen Platz 5 gibt es in diesem Spiel nicht: die Plätze sind 0 bis 2"


def test_an_out_file_of_another_analysis_or_with_a_bad_line_is_refused_untouched(tmp_path):
    path = _save(tmp_path, moves=20)
    out = tmp_path / "a.jsonl"
    assert invoke("analyse", str(path), "-b", "2", "-w", "1", "-o", str(out)).exit_code == 0
    before = out.read_bytes()
    line = one_line(invoke("analyse", str(path), "-b", "3", "-w", "1", "-o", str(out)))
    assert "holds the analysis of another game, budget or seed" in line and out.read_bytes() == before
    lines = before.decode().splitlines(keepends=True)
    broken = lines[0] + "{oops\n" + "".join(lines[1:])
    out.write_text(broken)
    line = one_line(invoke("analyse", str(path), "-b", "2", "-w", "1", "-o", str(out)))
    assert "line 2: not valid JSON" in line and out.read_text() == broken
    out.write_text('{"ply": 3}\n')
    assert "line 1: a decision without seat, played" in one_line(
        invoke("analyse", str(path), "-b", "2", "-w", "1", "-o", str(out))
    )


def test_a_seat_without_decisions_says_so(tmp_path):
    path = _save(tmp_path, moves=0)
    r = invoke("analyse", str(path), "-b", "2", "-w", "1")
    assert r.exit_code == 0 and "no decisions to analyse" in r.output

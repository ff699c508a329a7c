"""Issue 16's terminal papercuts: each bad input gets a clear message (no traceback), headers are
human text, and ``play`` takes game options like the arena commands."""

import json
import sys

import pytest
from click.testing import CliRunner

from heliopolis.cli import main


def invoke(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def _saved(tmp_path, game="ra", seats="random,random,random", seed="5"):
    save = tmp_path / "g.json"
    r = invoke("play", game, "--seats", seats, "--seed", seed, "--save", str(save), "-q")
    assert r.exit_code == 0, r.output
    return save


def test_report_without_matplotlib_names_the_extra(tmp_path, monkeypatch):
    run = tmp_path / "run"
    r = invoke("simulate", "ra", "-p", "3", "-b", "random", "-n", "2", "-o", str(run), "-w", "1")
    assert r.exit_code == 0, r.output
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ModuleNotFoundError
    r = invoke("report", str(run))
    assert r.exit_code == 2, r.output
    assert "heliopolis[report]" in r.output and "matplotlib" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "Traceback" not in r.output


@pytest.mark.parametrize("seconds", ["-1", "0"])
def test_bench_rejects_a_non_positive_duration(seconds):
    r = invoke("bench", "ra", "--seconds", seconds)
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit)
    assert "--seconds" in r.output and "0" in r.output


def test_replay_of_a_huge_number_or_deep_nesting_is_a_clear_error(tmp_path):
    f = tmp_path / "big.json"
    f.write_text('{"format": "heliopolis-game", "game": "ra", "encoding": "ra-v1", "options": {}, "history": ['
                 + "7" * 5000 + "]}")  # fmt: skip
    r = invoke("replay", str(f))
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
    assert "number too long" in r.output
    f.write_text("[" * 200_000 + "]" * 200_000)
    r = invoke("replay", str(f))
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
    assert "nested too deeply" in r.output


def test_replay_of_an_action_id_out_of_range_names_the_ranges(tmp_path):
    f = tmp_path / "id.json"
    f.write_text(json.dumps({"format": "heliopolis-game", "game": "ra", "encoding": "ra-v1", "options": {},
                             "history": [12345]}))  # fmt: skip
    r = invoke("replay", str(f))
    assert r.exit_code == 2, r.output
    assert "12345 is not an action id of Ra" in r.output and "already been dealt" not in r.output


@pytest.mark.parametrize("command,games", [("tournament", "0"), ("simulate", "-3")])
def test_arena_rejects_a_game_count_below_one(command, games, tmp_path):
    out = tmp_path / "x"
    r = invoke(command, "ra", "-b", "random,random", "--games", games, "-o", str(out))
    assert r.exit_code == 2 and "--games" in r.output and ">=1" in r.output.replace(" ", "")
    assert not out.exists()


def test_play_takes_game_options(tmp_path):
    save = tmp_path / "h.json"
    r = invoke("play", "helios", "--seats", "random,random", "-O", "start_player=1", "--seed", "2",
               "--save", str(save), "-q")  # fmt: skip
    assert r.exit_code == 0, r.output
    doc = json.loads(save.read_text())
    assert doc["options"]["start_player"] == 1
    r = invoke("play", "men-nefer", "--seats", "random,random", "-O", "supply_recycle_timing=nonsense", "-q")
    assert r.exit_code == 2 and "supply_recycle_timing must be one of" in r.output
    r = invoke("play", "ra", "--seats", "random,random,random", "-O", "novel")
    assert r.exit_code == 2 and "KEY=VALUE" in r.output


def test_a_history_id_at_the_prompt_gets_a_clear_message():
    r = invoke("play", "ra", "--seed", "1", input="12345\nq\n")
    assert r.exit_code == 0, r.output
    assert "12345 is not on the list: choose a number from 1 to" in r.output
    assert "already been dealt" not in r.output


def test_headers_are_human_text(tmp_path):
    r = invoke("play", "ra", "--seats", "random,random,random", "--seed", "1", "--edition", "1999", "--open-scores")
    first = r.output.splitlines()[0]
    assert first.startswith("Ra · 3 players · edition 1999, no hidden scores · seed 1"), first
    assert "RaGame(" not in r.output
    r = invoke("bench", "ra-dice", "--players", "3", "--seconds", "0.05")
    head = r.output.splitlines()[0]
    assert head.startswith("Ra: The Dice Game · 3 players  [build: "), r.output  # which build runs (issue 17)
    save = _saved(tmp_path)
    r = invoke("replay", str(save), "--move", "0")
    assert r.output.startswith("Ra · 3 players · edition 2009 · "), r.output[:200]
    assert "Game(" not in r.output


def test_interactive_replay_rejects_unknown_input_with_help(tmp_path, monkeypatch):
    save = _saved(tmp_path)
    monkeypatch.setattr("heliopolis.cli._stdin_is_terminal", lambda: True)
    r = invoke("replay", str(save), input="zap\n\nq\n")
    assert r.exit_code == 0, r.output
    assert "'zap' is not a replay command" in r.output and "Press Enter (or n) for the next move" in r.output
    # the unknown input did not move: the first position is followed by move 1, never move 2
    shown = [line.split()[1].split("/")[0] for line in r.output.splitlines() if line.startswith("move ")]
    assert shown == ["0", "1"]


ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.mark.skipif(__import__("shutil").which("make") is None, reason="needs make")
def test_make_serve_takes_a_port_and_make_play_names_its_opponents():
    import subprocess

    def dry(*args):
        return subprocess.run(["make", "-n", "-C", str(ROOT), *args], capture_output=True, text=True, check=True).stdout

    assert "heliopolis serve --host 127.0.0.1 --port 8089" in dry("serve", "PORT=8089")
    assert ".venv/bin/heliopolis" in dry("serve")
    out = dry("play")
    assert "seats: human,random,random" in out and "heliopolis play ra --seats human,random,random" in out
    assert "heliopolis play helios --seats human,heuristic" in dry("play", "GAME=helios", "SEATS=human,heuristic")


def test_readme_says_how_to_reach_the_command_and_the_report_extra():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make serve" in text and "make test" in text  # the two set-up commands
    assert ".venv/bin/heliopolis" in text and "source .venv/bin/activate" in text
    assert "[report]" in text and "make serve PORT=8080" in text and "make play GAME=helios SEATS=" in text

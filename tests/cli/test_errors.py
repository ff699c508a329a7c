"""Issue 26: every failure of the terminal is one clear line (what went wrong, what to do), a
non-zero exit, and nothing written or lost — paths, databases, ports and options are checked
before the first game, move or file."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from heliopolis.cli import main

FILE = "/etc/passwd"  # a regular file: nothing can be made under it, not even by root


def invoke(*args: str, input: str | None = None):  # noqa: ANN201
    return CliRunner().invoke(main, list(args), input=input)


def one_line(r) -> str:  # noqa: ANN001
    """The single line a failed command printed (and that it failed cleanly)."""
    assert r.exit_code not in (0, None), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1, r.output
    assert lines[0].startswith(("error: ", "Fehler: ")), lines[0]
    return lines[0]


def _unwritable_dir() -> str:
    """A directory root cannot write in (sysfs refuses new files), or skip."""
    try:
        with tempfile.NamedTemporaryFile(dir="/sys"):
            pass
    except OSError:
        return "/sys"
    pytest.skip("no directory here refuses root's writes")


# -- output directories that cannot be made ---------------------------------------------------------
@pytest.mark.parametrize("command", [
    ["simulate", "ra", "-b", "random", "-n", "2", "-w", "1"],
    ["tournament", "ra", "-p", "2", "-b", "random,heuristic", "-n", "2", "-w", "1"],
    ["ladder", "ra", "-p", "2", "-l", "easy", "-k", "1", "-w", "1", "--bootstrap", "5"],
])  # fmt: skip
def test_a_run_directory_that_cannot_be_made_is_one_line(command):
    line = one_line(invoke(*command, "-o", f"{FILE}/run"))
    assert f"{FILE}/run" in line and f"{FILE} is not a directory" in line


def test_a_run_directory_that_cannot_be_written_is_one_line():
    folder = _unwritable_dir()
    line = one_line(invoke("simulate", "ra", "-b", "random", "-n", "2", "-w", "1", "-o", f"{folder}/run"))
    assert f"{folder}/run" in line and "choose another path" in line


def _run(tmp_path: Path, games: int = 3) -> Path:
    out = tmp_path / "run"
    r = invoke("simulate", "ra", "-p", "3", "-b", "random", "-n", str(games), "-o", str(out), "-w", "1")
    assert r.exit_code == 0, r.output
    return out


def test_report_out_that_cannot_be_made_is_one_line(tmp_path):
    run = _run(tmp_path)
    line = one_line(invoke("report", str(run), "--out", f"{FILE}/rep"))
    assert f"{FILE} is not a directory" in line
    assert not (run / "report.html").exists()


# -- play --save: checked before the first move -----------------------------------------------------
def test_play_save_into_a_missing_directory_fails_before_the_first_move(tmp_path):
    target = tmp_path / "nowhere" / "g.json"
    r = invoke("play", "ra", "--seats", "human,random,random", "--seed", "1", "--save", str(target), input="1\n")
    line = one_line(r)  # no board, no prompt, no move: only the error
    assert str(target) in line and "does not exist" in line and "create it" in line
    assert not target.parent.exists()


@pytest.mark.parametrize("where", ["file", "sysfs"])
def test_play_save_into_an_unwritable_place_fails_before_the_first_move(where):
    folder = FILE if where == "file" else _unwritable_dir()
    r = invoke("play", "ra", "--seats", "random,random,random", "--seed", "1", "--save", f"{folder}/g.json")
    line = one_line(r)
    assert f"{folder}/g.json" in line and "choose another path" in line


def test_play_save_still_saves(tmp_path):
    target = tmp_path / "g.json"
    r = invoke("play", "ra", "--seats", "random,random,random", "--seed", "1", "--save", str(target), "-q")
    assert r.exit_code == 0, r.output
    assert json.loads(target.read_text())["history"]
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # the probe left nothing behind


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", ["0", "-2", "6"])
def test_play_players_out_of_range_names_the_range(players):
    assert one_line(invoke("play", "ra", "--players", players, "-q")) == f"error: Ra is for 2–5 players; got {players}"


def test_play_players_out_of_range_in_german():
    line = one_line(invoke("--lang", "de", "play", "helios", "--players", "0"))
    assert line == "Fehler: Helios ist für 2–4 Spieler; angegeben: 0"


@pytest.mark.parametrize("seats", ["random,,random", "random,random,", ",random,random"])
def test_play_seats_with_an_empty_entry_are_refused(seats):
    line = one_line(invoke("play", "ra", "--seats", seats, "-q"))
    assert f"--seats {seats} has an empty entry" in line


def test_arena_bots_with_an_empty_entry_are_refused(tmp_path):
    out = tmp_path / "run"
    line = one_line(invoke("tournament", "ra", "-b", "random,,heuristic", "-n", "2", "-o", str(out)))
    assert "--bots random,,heuristic has an empty entry" in line
    assert not out.exists()


def test_arena_players_out_of_range_names_the_range(tmp_path):
    out = tmp_path / "run"
    assert one_line(invoke("simulate", "ra", "-p", "9", "-b", "random", "-n", "2", "-o", str(out))) == (
        "error: Ra is for 2–5 players; got 9"
    )
    assert not out.exists()


# -- late validation --------------------------------------------------------------------------------
def test_ladder_bootstrap_zero_is_refused_before_any_game(tmp_path):
    out = tmp_path / "lad"
    line = one_line(invoke("ladder", "ra", "-p", "2", "-l", "easy", "-o", str(out), "--bootstrap", "0"))
    assert line == "error: --bootstrap must be at least 1; got 0"
    assert not out.exists()


def test_train_evaluator_checks_every_player_count_before_playing(tmp_path):
    data = tmp_path / "data"
    line = one_line(invoke("train-evaluator", "helios", "-p", "2,5", "--data", str(data), "-n", "4",
                           "--holdout", "1", "--results", str(tmp_path / "res"), "--model-out", str(tmp_path / "m.json")))  # fmt: skip
    assert line == "error: Helios is for 2–4 players; got 5"
    assert not data.exists()


def test_train_evaluator_defaults_to_the_game_s_player_counts(tmp_path, monkeypatch):
    seen = {}

    def fake(game_id, counts, *args, **kw):  # noqa: ANN001, ANN202
        seen[game_id] = list(counts)
        return {"heldout": {}}

    monkeypatch.setattr("heliopolis.arena.learn.train_evaluator", fake)
    for game in ("helios", "ra"):
        r = invoke("train-evaluator", game, "--data", str(tmp_path / "d"), "--model-out", str(tmp_path / "m.json"))
        assert r.exit_code == 0, r.output
    assert seen == {"helios": [2, 3, 4], "ra": [2, 3, 4, 5]}


def test_train_evaluator_output_paths_are_checked_before_playing(tmp_path):
    data = tmp_path / "data"
    line = one_line(invoke("train-evaluator", "ra", "-p", "2", "--data", str(data), "-n", "4", "--holdout", "1",
                           "--results", str(tmp_path / "res"), "--model-out", f"{FILE}/m.json", "--no-plot"))  # fmt: skip
    assert f"{FILE} is not a directory" in line
    assert not data.exists()


def test_simulate_backend_ray_without_ray_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError, find_spec -> None
    out = tmp_path / "run"
    line = one_line(invoke("simulate", "ra", "-b", "random", "-n", "2", "-o", str(out), "--backend", "ray"))
    assert "heliopolis[cluster]" in line and "--backend local" in line
    assert not out.exists()


# -- results.jsonl: a torn last line is cut and replayed, a bad line in the middle is named ---------------
def _lines(run: Path) -> list[str]:
    return (run / "results.jsonl").read_text().splitlines()


def test_a_torn_last_line_is_cut_off_and_its_game_played_again(tmp_path):
    run = _run(tmp_path, games=3)
    lines = _lines(run)
    (run / "results.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])  # a crash mid-write
    r = invoke("simulate", "ra", "-p", "3", "-b", "random", "-n", "3", "-o", str(run), "-w", "1")
    assert r.exit_code == 0, r.output
    assert f"{run / 'results.jsonl'}: line 3 was cut off mid-write" in r.output and "played again" in r.output
    again = _lines(run)
    assert len(again) == 3 and [json.loads(x)["index"] for x in again] == [0, 1, 2]
    timing = ("seconds", "think_seconds")
    replayed, first = ({k: v for k, v in json.loads(x).items() if k not in timing} for x in (again[2], lines[2]))
    assert replayed == first  # the same game, played again


@pytest.mark.parametrize("bad,reason", [
    ('{"index": 1, "game": "ra"}', "a game record without options, bots, scores, winners, length"),
    ('{"index": 1, "ga', "not valid JSON"),
    ('[1, 2]', "not a game record (a JSON object whose index is a number and whose bots and scores are lists)"),
    ('{"index": "1", "game": "ra", "options": {}, "bots": [], "scores": [], "winners": [], "length": 0}',
     "not a game record (a JSON object whose index is a number and whose bots and scores are lists)"),
])  # fmt: skip
@pytest.mark.parametrize("command", ["simulate", "report"])
def test_a_bad_line_in_the_middle_is_an_error_naming_file_and_line(tmp_path, bad, reason, command):
    run = _run(tmp_path, games=3)
    lines = _lines(run)
    (run / "results.jsonl").write_text("\n".join([lines[0], bad, *lines[2:]]) + "\n")
    before = {p.name: p.read_bytes() for p in run.iterdir()}
    args = ["simulate", "ra", "-p", "3", "-b", "random", "-n", "4", "-o", str(run), "-w", "1"]
    line = one_line(invoke(*(args if command == "simulate" else ["report", str(run)])))
    assert line == f"error: {run / 'results.jsonl'}, line 2: {reason}; repair or delete that line, then run again"
    assert {p.name: p.read_bytes() for p in run.iterdir()} == before  # nothing played, nothing rewritten


def test_report_skips_a_torn_last_line_and_leaves_the_file_alone(tmp_path):
    run = _run(tmp_path, games=3)
    torn = (run / "results.jsonl").read_text()[:-30]  # a run still writing, or one that crashed
    (run / "results.jsonl").write_text(torn)
    r = invoke("report", str(run))
    assert r.exit_code == 0, r.output
    assert "2 of 3 planned" in (run / "report.md").read_text() and (run / "results.jsonl").read_text() == torn


def test_a_corrupt_run_json_is_one_line(tmp_path):
    run = _run(tmp_path, games=2)
    (run / "run.json").write_text('{"config": ')
    r = invoke("simulate", "ra", "-p", "3", "-b", "random", "-n", "2", "-o", str(run), "-w", "1")
    assert one_line(r) == (f"error: {run / 'run.json'} is not a run configuration (not valid JSON); repair it or "
                           "use another --out directory")  # fmt: skip
    assert (run / "run.json").read_text() == '{"config": '


def test_a_bad_line_in_german(tmp_path):
    run = _run(tmp_path, games=2)
    lines = _lines(run)
    (run / "results.jsonl").write_text("\n".join(["{}", *lines]) + "\n")
    line = one_line(invoke("--lang", "de", "report", str(run)))
    assert line.startswith(f"Fehler: {run / 'results.jsonl'}, Zeile 1: ein Spieldatensatz ohne index, game")


# -- serve: ports, databases and the socket before anything is created -------------------------------
def _no_server(monkeypatch) -> None:  # noqa: ANN001
    """A serve test that got past its checks fails instead of serving forever."""

    def refuse(*a, **k):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the server was started")

    monkeypatch.setattr("heliopolis.cli_serve.run", refuse)


@pytest.mark.parametrize("port", ["99999", "65536", "-1"])
def test_serve_refuses_an_out_of_range_port(port, tmp_path, monkeypatch):
    _no_server(monkeypatch)
    db = tmp_path / "h.db"
    line = one_line(invoke("serve", "--db", f"sqlite:///{db}", "--port", port))
    assert line == f"error: --port must be between 1 and 65535 (0: any free port); got {port}"
    assert not db.exists()


@pytest.mark.parametrize("db,expected", [
    ("bogus://x", "cannot use the database bogus://x: give sqlite:///FILE or postgresql://user@host/db"),
    ("postgresql+nosuchdriver://u@127.0.0.1/x", "cannot use the database postgresql+nosuchdriver://u@127.0.0.1/x"),
    ("sqlite:////missing/dir/x.db", "cannot create the database /missing/dir/x.db: the directory /missing/dir "
                                    "does not exist"),
    (f"sqlite:///{FILE}", f"{FILE} is not a SQLite database"),
])  # fmt: skip
def test_serve_checks_the_database_url_first(db, expected, monkeypatch):
    _no_server(monkeypatch)
    assert expected in one_line(invoke("serve", "--db", db, "--port", "0"))
    assert not Path("/missing").exists()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nobody listens there


def test_serve_checks_that_postgresql_answers(monkeypatch):
    _no_server(monkeypatch)
    port = _closed_port()
    start = time.monotonic()
    line = one_line(invoke("serve", "--db", f"postgresql://u:secret@127.0.0.1:{port}/x?connect_timeout=2"))
    assert time.monotonic() - start < 15
    assert f"cannot connect to the database postgresql://u:***@127.0.0.1:{port}/x" in line
    assert "secret" not in line and "is the server running" in line


def test_serve_on_a_taken_port_is_one_line_and_creates_no_database(tmp_path, monkeypatch):
    _no_server(monkeypatch)
    db = tmp_path / "h.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(invoke("serve", "--db", f"sqlite:///{db}", "--port", str(port)))
    assert line == (f"error: cannot listen on 127.0.0.1:{port}: the address is already in use (another server?); "
                    "choose another --port")  # fmt: skip
    assert "Heliopolis on" not in line and not db.exists()


def test_serve_on_a_privileged_port_says_so(tmp_path, monkeypatch):
    """Root may bind port 80, so the refusal a user gets is played by a socket that refuses."""
    import errno

    _no_server(monkeypatch)

    class Refusing(socket.socket):
        def bind(self, address):  # noqa: ANN001, ANN202
            raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("heliopolis.cli_serve.socket.socket", Refusing)
    db = tmp_path / "h.db"
    line = one_line(invoke("serve", "--db", f"sqlite:///{db}", "--port", "80"))
    assert line == ("error: cannot listen on 127.0.0.1:80: permission denied (ports below 1024 need privileges); "
                    "choose another --port")  # fmt: skip
    assert not db.exists()


def test_serve_on_an_address_not_of_this_machine_is_one_line(tmp_path, monkeypatch):
    _no_server(monkeypatch)
    line = one_line(invoke("serve", "--db", f"sqlite:///{tmp_path / 'h.db'}", "--host", "192.0.2.1", "--port", "0"))
    assert line.startswith("error: cannot listen on 192.0.2.1:0: ") and "--host" in line


def test_serve_port_zero_binds_first_and_announces_the_real_port(tmp_path):
    """A real server: the announced address is the socket it listens on (any free port)."""
    import httpx

    db = tmp_path / "h.db"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "heliopolis.cli", "serve", "--db", f"sqlite:///{db}", "--port", "0",
                             "--bot-workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)  # fmt: skip
    try:
        first = proc.stdout.readline()
        assert first.startswith("Heliopolis on http://127.0.0.1:"), first + proc.stderr.read()
        port = int(first.split("http://127.0.0.1:")[1].split("/")[0])
        assert port != 0
        deadline = time.monotonic() + 60
        while True:  # the port is bound: a connection waits until the app has started
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=30).status_code == 200
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        proc.send_signal(signal.SIGINT)  # Ctrl-C: a clean stop, no traceback
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "Traceback" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(20)

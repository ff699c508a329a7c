"""Issue 26's small gaps: ``python -m heliopolis``, what ``--help`` says, the checkout's .gitignore, replaying
an unfinished save, the progress bar's speed, seat labels on a redrawn board and "thinking…" while a bot moves."""

from __future__ import annotations

import io
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from heliopolis.arena import run as arena_run
from heliopolis.arena.run import rate_text
from heliopolis.bots import make_bot
from heliopolis.cli import _bot_step, main
from heliopolis.core.registry import load_game

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str, input: str | None = None):  # noqa: A002, ANN201
    return CliRunner().invoke(main, list(args), input=input, prog_name="heliopolis")


def _python_m(*args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "COLUMNS": "80",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run([sys.executable, "-m", "heliopolis", *args], capture_output=True, text=True, env=env,
                          timeout=120)  # fmt: skip


def test_python_dash_m_is_the_heliopolis_command() -> None:
    r = _python_m("--help")
    assert r.returncode == 0, r.stderr
    here = invoke("--help").output  # the same help (line widths aside), and the program is called heliopolis
    assert " ".join(r.stdout.partition("Options:")[0].split()) == " ".join(here.partition("Options:")[0].split())
    listed = [line.split()[0] for line in r.stdout.partition("Commands:")[2].splitlines() if line.strip()]
    assert listed == sorted(main.commands)  # type: ignore[attr-defined]
    assert r.stdout.startswith("Usage: heliopolis [OPTIONS] COMMAND")
    games = _python_m("games")
    # the package's games (a test worker may have registered test doubles in its own process)
    assert games.returncode == 0 and games.stdout.split() == ["helios", "men-nefer", "ra", "ra-dice"]
    bad = _python_m("play", "no-such-game", "--seats", "random,random")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "no-such-game" in bad.stderr


# Each command, and the word of the group's help that names it (the games by their names).
HELP_WORDS = {"play": "play", "replay": "replay", "serve": "serve the web platform", "bench": "benchmark",
              "tournament": "tournaments", "simulate": "simulations", "ladder": "ladders", "report": "report",
              "train-evaluator": "train evaluators", "admin": "administer", "games": "Men-Nefer",
              "migrate": "migrate", "analyse": "analyse saved games", "backup": "back up", "restore": "restore its database"}  # fmt: skip


def test_the_help_says_what_the_command_does() -> None:
    assert set(HELP_WORDS) == set(main.commands)  # type: ignore[attr-defined]  # a new command needs a word
    text = " ".join(invoke("--help").output.split())
    for command, word in HELP_WORDS.items():
        assert word in text, command
    german = " ".join(invoke("--lang", "de", "--help").output.split()).replace("- ", "-")  # hyphens at line ends
    assert "die Web-Plattform betreiben" in german and "Bot-Turniere, Simulationen und Ranglisten" in german


def test_the_readme_outputs_are_ignored_at_the_root_only() -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")

    def ignored(path: str) -> bool:
        return subprocess.run([git, "check-ignore", "-q", "--no-index", path], cwd=ROOT).returncode == 0

    assert ignored("runs/t3/results.jsonl") and ignored("game.json")
    assert not ignored("tests/game.json") and not ignored("docs/runs/x.md")


def _unfinished_save(tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    r = invoke("play", "ra", "-p", "2", "--seats", "human,random", "--seed", "1", "--save", str(save),
               input="1\n1\nq\n")  # fmt: skip
    assert r.exit_code == 0 and save.exists(), r.output
    return save


def test_replay_of_an_unfinished_save_does_not_call_it_the_end_of_the_game(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    save = _unfinished_save(tmp_path)
    listed = invoke("replay", str(save), "--all")
    assert listed.exit_code == 0 and listed.output.rstrip().endswith("End of the save: the game is not finished.")
    monkeypatch.setattr("heliopolis.cli._stdin_is_terminal", lambda: True)
    r = invoke("replay", str(save), input="e\nq\n")
    assert r.exit_code == 0, r.output
    assert "· end of the save (game not finished)" in r.output and "end of game" not in r.output
    de = invoke("--lang", "de", "replay", str(save), input="e\nq\n")
    assert "· Ende der Aufzeichnung (Spiel nicht beendet)" in de.output and "Spielende" not in de.output
    finished = tmp_path / "done.json"
    assert (
        invoke("play", "ra", "-p", "2", "-s", "random,random", "--seed", "1", "-q", "--save", str(finished)).exit_code
        == 0
    )
    r = invoke("replay", str(finished), input="e\nq\n")
    assert "· end of game" in r.output and "not finished" not in r.output
    assert "not finished" not in invoke("replay", str(finished), "--all").output


def test_the_progress_rate_of_slow_games_is_not_zero() -> None:
    assert rate_text(1, 31.0) == "0.032 games/s, 31.0 s/game"  # one search-bot game (was "0.0 games/s")
    assert rate_text(3, 0.9) == "3.3 games/s"
    assert rate_text(2300, 1.0) == "2,300 games/s"
    assert rate_text(0, 5.0) == "" and rate_text(1, 0.0) == ""


def test_the_progress_bar_shows_the_rate_of_finished_games(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    shown: list[str] = []

    def spy(games: int, seconds: float) -> str:
        shown.append(rate_text(games, seconds))
        return shown[-1]

    monkeypatch.setattr(arena_run, "rate_text", spy)
    arena_run.run_arena("simulation", "ra", 2, ["random"], 3, tmp_path / "run", workers=1)
    assert len(shown) == 3 and all(s.endswith(("games/s", "s/game")) and not s.startswith("0.0 ") for s in shown)


def test_a_redrawn_board_keeps_the_seat_labels() -> None:
    r = invoke("play", "ra", "-p", "2", "--seats", "human,random", "--seed", "1", input="board\nq\n")
    assert r.exit_code == 0, r.output
    first, _, redrawn = r.output.partition("> ")  # the board, the actions, the prompt; then 'board' drew it again
    assert "P1 (random)" in first.partition("P0, your move:")[0]
    assert "P1 (random)" in redrawn and redrawn.count("P0") >= 2, redrawn


class _Watching:
    """A bot that records what the terminal showed while it chose (the first legal action)."""

    def __init__(self, out: io.StringIO) -> None:
        self.out, self.seen = out, ""

    def step(self, state) -> int:  # noqa: ANN001
        self.seen = self.out.getvalue()
        return state.legal_actions()[0]


def test_thinking_shows_while_a_bot_chooses_on_a_terminal_only() -> None:
    state = load_game("ra", 2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    out = io.StringIO()
    tty = Console(file=out, force_terminal=True, width=60)
    bot = _Watching(out)
    assert _bot_step(tty, bot, state, "P1 (random) is thinking…") == state.legal_actions()[0]  # type: ignore[arg-type]
    assert "P1 (random) is thinking…" in out.getvalue()
    plain = io.StringIO()
    assert _bot_step(Console(file=plain), make_bot("random", seed=1), state, None) in state.legal_actions()
    assert plain.getvalue() == ""


@pytest.mark.parametrize(("lang", "words"), [("en", "P1 (random) is thinking…"), ("de", "P1 (random) überlegt …")])
def test_play_says_a_bot_is_thinking_when_a_person_waits(lang: str, words: str, monkeypatch) -> None:  # noqa: ANN001
    out = io.StringIO()
    monkeypatch.setattr("heliopolis.cli._console", lambda: Console(file=out, force_terminal=True, width=100))
    r = invoke("--lang", lang, "play", "ra", "-p", "2", "--seats", "human,random", "--seed", "1", input="q\n")
    assert r.exit_code == 0, r.output
    assert words in out.getvalue()
    r = invoke("play", "ra", "-p", "2", "--seats", "human,random", "--seed", "1", input="q\n")  # not a terminal
    assert "thinking" not in r.output
    bots_only = io.StringIO()
    monkeypatch.setattr("heliopolis.cli._console", lambda: Console(file=bots_only, force_terminal=True, width=100))
    assert invoke("play", "ra", "-p", "2", "--seats", "random,random", "--seed", "1").exit_code == 0
    assert "thinking" not in bots_only.getvalue()  # nobody waits


@pytest.mark.parametrize(("game", "args"), [("ra-dice", ["-p", "2", "-O", "start_player=0"]), ("ra", ["-p", "3"])])
def test_a_report_on_a_run_without_its_games_gives_the_command_that_plays_them(game, args, tmp_path) -> None:  # noqa: ANN001
    run = tmp_path / "rd-sim2"  # like docs/results/rd-sim*: run.json committed, results.jsonl not
    assert invoke("simulate", game, "-b", "random", "-n", "3", "-o", str(run), "--seed", "21", *args).exit_code == 0
    (run / "results.jsonl").unlink()
    r = invoke("report", str(run), "--out", str(tmp_path / "rep"))
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "but not its games (results.jsonl): play them first with heliopolis simulate " in r.output, r.output
    command = r.output.split(" play them first with heliopolis ", 1)[1].strip()
    again = invoke(*shlex.split(command))
    assert again.exit_code == 0, again.output
    assert invoke("report", str(run), "--out", str(tmp_path / "rep")).exit_code == 0

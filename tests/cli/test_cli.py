"""The terminal front end: unattended bot games, human input handling, saved games, replay, bench."""

import json

import pytest
from click.testing import CliRunner

import heliopolis
from heliopolis.cli import main
from heliopolis.core import registry


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_bots_only_game_finishes_unattended(tmp_path):
    save = tmp_path / "g.json"
    r = run("play", "ra", "--seats", "random,random,random", "--seed", "4", "--save", str(save))
    assert r.exit_code == 0, r.output
    assert "Result:" in r.output and "winner" in r.output
    state = heliopolis.state_from_json(save.read_text())
    assert state.is_terminal()
    # Same seed, same game.
    save2 = tmp_path / "g2.json"
    run("play", "ra", "--seats", "random,random,random", "--seed", "4", "--save", str(save2), "-q")
    assert json.loads(save.read_text())["history"] == json.loads(save2.read_text())["history"]


def test_human_bad_input_reprompts_then_plays(tmp_path):
    save = tmp_path / "h.json"
    # Garbage, an out-of-range number and a well-formed but illegal action are each rejected with
    # a message; then "1" (the first legal action) until the end of the game.
    answers = "fly\n99\ndone\n" + "1\n" * 400
    r = run("play", "ra", "--players", "3", "--seed", "11", "--save", str(save), input=answers)
    assert r.exit_code == 0, r.output
    assert "cannot read 'fly'" in r.output
    assert "99 is not on the list: choose a number from 1 to" in r.output
    assert "done is not legal now" in r.output
    assert "Result:" in r.output
    assert heliopolis.state_from_json(save.read_text()).is_terminal()


def test_human_quit_keeps_the_saved_game(tmp_path):
    save = tmp_path / "q.json"
    r = run("play", "ra", "--seed", "2", "--save", str(save), input="1\n1\nq\n")
    assert r.exit_code == 0
    assert "Game stopped" in r.output
    s = heliopolis.state_from_json(save.read_text())
    assert not s.is_terminal() and len(s.history()) > 0


def test_play_rejects_bad_configuration():
    r = CliRunner().invoke(main, ["play", "ra", "--players", "2", "--edition", "1999", "--seats", "random,random"])
    assert r.exit_code == 2 and "3 to 5 players" in r.output
    r = CliRunner().invoke(main, ["play", "ra", "--seats", "random,wizard"])
    assert r.exit_code == 2 and "unknown bot spec" in r.output
    r = CliRunner().invoke(main, ["play", "nope", "--seats", "random,random"])
    assert r.exit_code == 2 and "unknown game" in r.output


def test_replay(tmp_path):
    save = tmp_path / "g.json"
    run("play", "ra", "--seats", "random,random", "--seed", "8", "--save", str(save), "-q")
    r = run("replay", str(save), "--all")
    assert r.exit_code == 0 and "Winner" in r.output
    r = run("replay", str(save), "--move", "5")
    assert r.exit_code == 0 and "Ra track" in r.output


def test_replay_corrupt_file_gives_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "heliopolis-game", "game": "ra", "encoding": "ra-v1", "options": {"players": 3},'
        ' "history": ["stack:1", "bid:99"]}'
    )
    r = CliRunner().invoke(main, ["replay", str(bad)])
    assert r.exit_code == 2 and "error: saved game, move 2" in r.output
    assert "Traceback" not in r.output
    bad.write_text("not json")
    r = CliRunner().invoke(main, ["replay", str(bad)])
    assert r.exit_code == 2 and "not valid JSON" in r.output


def test_bench_prints_figures():
    r = run("bench", "ra", "--players", "3", "--seconds", "0.3")
    assert r.exit_code == 0
    assert "player actions/s" in r.output and "clone" in r.output


def test_tournament_simulate_and_report(tmp_path):
    t = tmp_path / "t"
    r = run("tournament", "ra", "--players", "2", "--bots", "random,heuristic", "--games", "8", "--out", str(t),
            "--workers", "1")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "heuristic" in r.output and "95% CI" in r.output and "rating" in r.output
    s = tmp_path / "s"
    r = run("simulate", "ra", "--players", "3", "--bots", "random", "--games", "6", "--out", str(s), "-w", "1",
            "--edition", "1999")  # fmt: skip
    assert r.exit_code == 0, r.output
    r = run("report", str(t), str(s), "--out", str(tmp_path / "rep"))
    assert r.exit_code == 0, r.output
    assert (tmp_path / "rep" / "report.html").exists() and (tmp_path / "rep" / "report.md").exists()
    r = CliRunner().invoke(main, ["simulate", "ra", "-b", "wizard", "-n", "3", "-o", str(tmp_path / "x")])
    assert r.exit_code == 2 and "unknown bot spec" in r.output


def test_play_accepts_bot_specs_in_seats():
    r = run("play", "ra", "--seats", "heuristic,ismcts:iters=20,random", "--seed", "1", "-q")
    assert r.exit_code == 0 and "Result:" in r.output


def test_arena_game_options_reach_the_game(tmp_path):
    from click.testing import CliRunner

    from heliopolis.arena.runner import read_results
    from heliopolis.cli import main

    out = tmp_path / "run"
    r = CliRunner().invoke(
        main,
        [
            "simulate",
            "ra-dice",
            "-p",
            "3",
            "-b",
            "random",
            "-n",
            "4",
            "-o",
            str(out),
            "-w",
            "1",
            "-O",
            "start_player=2",
            "-O",
            "score_floor_zero=true",
        ],
    )
    assert r.exit_code == 0, r.output
    assert all(
        rec["options"]["start_player"] == 2 and rec["options"]["score_floor_zero"] is True for rec in read_results(out)
    )
    bad = CliRunner().invoke(
        main, ["simulate", "ra-dice", "-b", "random", "-n", "1", "-o", str(tmp_path / "x"), "-O", "start_player=7"]
    )
    assert bad.exit_code != 0 and "start_player" in bad.output


# the games Heliopolis ships (other test modules register test doubles at import)
SHIPPED = [g for g in heliopolis.available_games() if registry.is_builtin(g)]


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_plays_in_the_terminal_against_a_bot_and_replays(game, tmp_path):
    """A person (always the first listed move) against the random bot, to the end, then replayed."""
    save = tmp_path / f"{game}.json"
    r = run("play", game, "--seats", "human,random", "--seed", "3", "--save", str(save), input="1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "your move" in r.output and "Result:" in r.output
    state = heliopolis.state_from_json(save.read_text())
    assert state.is_terminal()
    r = run("replay", str(save), input="e\nq\n")
    assert r.exit_code == 0, r.output[-2000:]

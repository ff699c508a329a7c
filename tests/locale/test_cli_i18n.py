"""The terminal in German and English (issue 16): ``--lang``, else ``HELIOPOLIS_LANG``, else the
POSIX locale; prompts, errors, headers, results and help come from the ``cli`` catalog."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from heliopolis import locale as L
from heliopolis.cli import main
from heliopolis.cli_text import english_help, terminal_lang

NO_LANG = {"HELIOPOLIS_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def _run(args: list[str], env: dict[str, str | None] | None = None, stdin: str | None = None):  # noqa: ANN202
    return CliRunner().invoke(main, args, prog_name="heliopolis", env={**NO_LANG, **(env or {})}, input=stdin)


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de"), ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"HELIOPOLIS_LANG": "en", "LC_ALL": "de_DE.UTF-8"}, "en"), ({"HELIOPOLIS_LANG": "de", "LANG": "C"}, "de"),
])  # fmt: skip
def test_the_language_comes_from_the_environment(env: dict[str, str], lang: str) -> None:
    assert terminal_lang(env) == lang


def test_bots_only_game_in_german_with_lang() -> None:
    r = _run(["--lang", "de", "play", "ra", "--seats", "random,random,random", "--seed", "3", "-q",
              "-O", "hidden_scores=false"])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Ergebnis: P0 (random) "), r.output
    assert " · Sieger: " in r.output


def test_the_header_and_the_prompts_follow_lang_in_the_environment() -> None:
    r = _run(["play", "ra", "--players", "2", "--seats", "human,random", "--seed", "1"], env={"LANG": "de_DE.UTF-8"},
             stdin="99\n?\nq\n")  # fmt: skip
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert first.startswith("Ra · 2 Spieler · Ausgabe 2009 · Startwert 1 · Plätze: P0, P1 (random)"), first
    assert "P0, du bist am Zug:" in r.output
    assert "99 steht nicht auf der Liste: wähle eine Nummer von 1 bis" in r.output
    assert "'board' zeigt das Brett noch einmal" in r.output
    assert "Spiel abgebrochen." in r.output
    # HELIOPOLIS_LANG wins over the locale; --lang wins over both.
    en = _run(["play", "ra", "-p", "2", "-s", "human,random", "--seed", "1"], env={"HELIOPOLIS_LANG": "en",
              "LANG": "de_DE.UTF-8"}, stdin="q\n")  # fmt: skip
    assert "P0, your move:" in en.output and "Game stopped." in en.output
    de = _run(["play", "--lang", "de", "ra", "-p", "2", "-s", "human,random", "--seed", "1"],
              env={"HELIOPOLIS_LANG": "en"}, stdin="q\n")  # fmt: skip
    assert "Spiel abgebrochen." in de.output


def test_errors_and_replay_in_german(tmp_path) -> None:  # noqa: ANN001
    bad = _run(["--lang", "de", "play", "ra", "--players", "2", "--seats", "random,random,random"])
    assert bad.exit_code == 2 and "Fehler: --players 2, aber --seats nennt 3 Plätze" in bad.output
    save = tmp_path / "g.json"
    assert _run(["play", "ra", "-s", "random,random", "--seed", "5", "-q", "--save", str(save)]).exit_code == 0
    r = _run(["--lang", "de", "replay", str(save), "--move", "100000"])
    assert r.exit_code == 2 and "Fehler: --move muss zwischen 0 und " in r.output
    r = _run(["replay", "--lang", "de", str(save), "--all"])
    assert r.exit_code == 0 and " Züge · Startwert " in r.output.splitlines()[0]


def test_help_in_german() -> None:
    r = _run(["--lang", "de", "play", "--help"])
    assert r.exit_code == 0
    assert r.output.startswith("Aufruf: heliopolis play")
    assert "Spielt GAME im Terminal gegen Bots" in r.output and "Optionen:" in r.output
    assert "Anzahl der Spieler" in r.output and "Zeigt diese Hilfe und endet." in r.output
    top = _run(["--help"], env={"LANG": "de_DE.UTF-8"})
    assert "Befehle:" in top.output and "Listet die verfügbaren Spiele auf." in top.output
    english = _run(["play", "--help"])
    assert english.output.startswith("Usage: heliopolis play") and "number of players" in english.output


def test_the_english_help_catalog_is_the_code_help_and_names_real_options() -> None:
    # The English text lives in the code (click reads it at import); its catalog copy must not drift.
    commands: dict[str, click.Command] = {"main": main, **main.commands}  # type: ignore[attr-defined]
    en = L.messages("en")
    for key, text in en.items():
        if key.startswith("cli.help."):
            code = english_help(commands[key.removeprefix("cli.help.")])[""]
            assert " ".join((code or "").split()) == text, key
        elif key.startswith("cli.opt.") and key != "cli.opt.help":
            name, _, param = key.removeprefix("cli.opt.").partition(".")
            opts = english_help(commands[name])
            assert param in opts, key
            assert " ".join((opts[param] or "").split()) == text, key

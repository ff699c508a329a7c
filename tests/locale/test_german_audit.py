"""No English reaches a German reader (issue 16): for each game, a few hundred random moves; every
catalog message a German reader gets — log lines, move labels and the messages inside the player
views (printed component texts) — is rendered through the German catalogs, and any piece that reads
exactly as in English fails the test unless it is a number, an id, a seat name or a word on the
small allow-list below.

A message is checked piece by piece, as a reader would meet it: its own German template (after the
``{placeholders}`` are taken out) and every plain-text argument (ids, notation), nested messages
in turn. Plain strings inside views are ids for the page scripts, which word them with their own
catalog keys; a plain view string holding a phrase (a space) is flagged unless its place is listed
in ``PHRASE_PATHS``. The terminal's text board (``render_segments``) is checked the same way.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from heliopolis import locale as L
from heliopolis.core.registry import load_game
from heliopolis.core.text import Msg, wire

# Words that read the same in German and English on purpose: proper names (gods, places, the game),
# game terms the German rulebooks themselves use, and units. Each is justified; keep it short.
ALLOWED = {
    # names: the games (board titles), Men-Nefer's deities (rulebook p. 19), the god Ra
    "Helios",
    "Men-Nefer",
    "Hathor",
    "Maat",
    "Mut",
    "Osiris",
    "Ptah",
    "Sobek",
    "Isis",
    "Ra",
    # Men-Nefer rulebook terms kept as they are: Heka, Duat, Mastaba, Pyramidion; PP = Prestigepunkte
    "Heka",
    "Duat",
    "Mastaba",
    "Pyramidion",
    "PP",
    # Helios: the rulebook's own words (Mana) and its abbreviation for Siegpunkte; SP is the same
    "Mana",
    "SP",
    # Ra / Ra: The Dice Game terms whose German is the same word (rulebook): Gold, Religion, Monument
    "Gold",
    "Religion",
    "Monument",
    "Obelisk",
    "Sphinx",
    "Ring",
    "Vase",
    "Statuette",
    "Lotus",
    "Ibis",
    "Start",
    "Lobby",
}
_ALLOWED_LOWER = {w.lower() for w in ALLOWED}
# Plain view strings that hold a phrase on purpose: ids the page words itself (helios.js costText)
PHRASE_PATHS = re.compile(r"^\.tables\.(buildings|persons)\.[a-z_]+\.(cost|name)$")
SEAT = re.compile(r"^#\d+$")


def _seat_name(i: int) -> str:
    return f"#{i}"  # a digit: never taken for a word


def _words(text: str) -> list[str]:
    """The words of ``text`` a reader would take for language: chunks without digits; ids such as
    ``T01``, ``N-I-U-1``, ``3+``, Roman numerals (eras, levels) and one-letter place codes
    (``H``, the harbour; ``h`` in a boat list) fall out, so do punctuation and symbols."""
    chunks = [c.rstrip("-'’") for c in re.findall(r"[^\W\d_][\w'’-]*", text)]
    return [c for c in chunks if not re.search(r"\d", c) and not re.fullmatch(r"[IVX]+|[A-Za-z]", c)]


def _allowed(word: str) -> bool:
    return word.lower() in _ALLOWED_LOWER  # ids spell names in lower case ("thot"), titles in capitals ("RA")


def _template(key: str, lang: str, args: dict[str, Any]) -> str:
    entry = L.messages(lang)[key]
    if isinstance(entry, tuple):
        entry = entry[L.plural_index(lang, int(args.get("n", 0)))]
    return entry


def _english_pieces(m: dict[str, Any], found: list[str], where: str) -> None:
    key, args = m["k"], m.get("a") or {}
    de = _template(key, "de", args)
    if de == _template(key, "en", args):
        bare = re.sub(r"\{[^}]*\}", " ", de)
        bad = [w for w in _words(bare) if not _allowed(w)]
        if bad:
            found.append(f"{where}: {key} reads {de!r} in German too ({', '.join(bad)})")
    for name, v in args.items():
        if isinstance(v, dict) and "k" in v:
            _english_pieces(v, found, where)
        elif isinstance(v, str) and not name.startswith("seat"):
            bad = [w for w in _words(v) if not _allowed(w)]
            if bad:
                found.append(f"{where}: {key} argument {name}={v!r} is English text ({', '.join(bad)})")


def _check_line(line: Any, found: list[str], where: str) -> None:
    w = json.loads(json.dumps(wire(line)))  # what a reader's program receives
    if not isinstance(w, dict):
        if _words(str(w)):
            found.append(f"{where}: plain text {str(w)!r}, not a catalog message")
        return
    out = L.text(w["k"], "de", w.get("a") or {}, _seat_name)  # raises on a missing key
    assert "{" not in out, (w["k"], out)
    _english_pieces(w, found, where)


def _check_view(v: Any, found: list[str], path: str = "") -> None:
    if isinstance(v, dict):
        if "k" in v and "t" in v:
            _check_line(v, found, f"view{path}")
            return
        for k, x in v.items():
            _check_view(x, found, f"{path}.{k}")
    elif isinstance(v, list):
        for x in v:
            _check_view(x, found, re.sub(r"(\[\])?$", "[]", path, count=1))
    elif isinstance(v, str) and " " in v.strip() and _words(v):
        norm = re.sub(r"\.(p\d+|[A-Za-z]+\d[\w-]*)(?=\.|$)", ".*", path)
        if not PHRASE_PATHS.match(path):
            found.append(f"view{norm}: plain phrase {v!r}")


def _check_board(state: Any, viewer: int | None, found: list[str]) -> None:
    from importlib import import_module

    module = import_module(f"heliopolis.games.{state.game.info.game_id.replace('-', '_')}.render")
    for line in module.render_segments(state, viewer, omniscient=viewer is None, names=None):
        for part, _ in line:
            if isinstance(part, Msg):
                _check_line(part, found, "board")
            elif _words(part) and not all(_allowed(w) for w in _words(part)):
                found.append(f"board: plain text {part!r}")


GAMES = [("ra", 3, {"edition": "2009"}), ("ra", 4, {"edition": "1999"}), ("ra", 2, {"edition": "2009"}),
         ("ra-dice", 3, {}), ("helios", 3, {}), ("men-nefer", 3, {}), ("men-nefer", 2, {})]  # fmt: skip


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_no_english_reaches_a_german_reader(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = load_game(game_id, players, **options)
    s = game.new_initial_state()
    log = game.new_public_log()
    rng = random.Random(11)
    found: list[str] = []
    checked = 0
    for move in range(400):
        if s.is_terminal():
            break
        if s.is_chance_node():
            a = s.sample_chance_outcome(rng)
        else:
            legal = s.legal_actions()
            for b in legal if len(legal) <= 30 else rng.sample(legal, 30):
                _check_line(s.describe_action(b), found, f"label {s.action_to_string(b)}")
                checked += 1
            a = rng.choice(legal)
            if move % 25 == 0:
                seat = s.current_player()
                for viewer in (seat, None):
                    _check_view(wire(s.player_view(viewer)), found)
                    _check_board(s, viewer, found)
        for line in log.feed(a):
            _check_line(line, found, "log")
            checked += 1
        s.apply_action(a)
    _check_view(wire(s.player_view(None)), found)
    _check_board(s, None, found)
    assert checked > 100
    distinct = sorted(set(found))
    assert not distinct, f"{len(distinct)} English texts in German:\n" + "\n".join(distinct[:60])


def test_the_audit_finds_english() -> None:
    """The checker itself: an English template, an English word passed as plain text, and plain
    text instead of a catalog message are found; ids, numbers, seat names and German pass."""
    found: list[str] = []
    _check_line(L.msg("men-nefer.move.other", seat=1, notation="bid:8"), found, "a")  # notation: English
    _check_line(L.msg("men-nefer.and", first="T01", rest=L.msg("men-nefer.effect.heka", n=2)), found, "b")
    _check_line("P1 passes", found, "c")
    _check_line(L.msg("men-nefer.step.papyrus", papyrus="P07", slot=2), found, "d")
    assert [f.split(":")[0] for f in found] == ["a", "c"], found
    assert _words("T01 N-I-U-1 3+ II H") == [] and _words("two scarabs") == ["two", "scarabs"]


def _english_needles() -> list[str]:
    """Literal pieces (10+ characters, with a letter) of English catalog texts whose German
    differs: found in German output, they are English that escaped translation."""
    en, de = L.messages("en"), L.messages("de")
    needles = set()
    for key, text in en.items():
        if key.startswith(("ui.", "help.")) or de.get(key) == text:
            continue  # the browser's and the rules help's words do not reach the terminal
        for form in text if isinstance(text, tuple) else (text,):
            for piece in re.split(r"\{[^}]*\}", form):
                piece = piece.strip(" ·:—-()")
                if len(piece) >= 10 and re.search(r"[a-z]{3}", piece) and piece not in str(de.get(key)):
                    needles.add(piece)
    return sorted(needles)


@pytest.mark.parametrize(("game_id", "extra"), [
    ("ra", ["-e", "1999"]), ("ra-dice", []), ("helios", []), ("men-nefer", ["-p", "2"]),
])  # fmt: skip
def test_the_terminal_in_german_prints_no_english(game_id: str, extra: list[str], monkeypatch) -> None:
    """``heliopolis play --lang de`` with a human seat (moves chosen by number): the header, the
    board, the numbered moves and the log contain no English catalog text (notation stays
    English by design, docs/i18n.md)."""
    from click.testing import CliRunner

    from heliopolis.cli import main

    seats = "human,random" if game_id != "ra" else "human,random,random"
    result = CliRunner().invoke(main, ["play", game_id, "--lang", "de", "--seats", seats, "--seed", "5", *extra],
                                input="1\n" * 25 + "q\n")  # fmt: skip
    out = re.sub(r"\S*:\S+", " ", result.output)  # notation (house:necropolis, bid:8) stays English
    assert "Sitz" in out or "Zug" in out or "Spieler" in out, out[:500]
    leaks = sorted({n for n in _english_needles() if n in out})
    assert not leaks, f"English in the German terminal ({game_id}): {leaks[:20]}"


def test_board_labels_keep_their_columns_and_views_go_out_structured() -> None:
    import copy

    label = L.padded(L.msg("ra.board.ra_track"), 15)
    assert label == "Ra track       " and L.render_padded(label, "de") == "Ra-Reihe       "
    row = L.padded(L.msg("ra.board.row.nile_floods"), 19, lead="    ")
    assert L.render_padded(row, "de") == "    Nil & Überschwemmungen "  # longer than its column: one space
    assert L.render_padded("plain ", "de") == "plain "
    both = L.joined([L.msg("men-nefer.board.house.nile"), "x"], ", ")
    assert both == "nile, x" and L.render(both, "de") == "Nil, x"
    assert L.joined(["a", "b"]) == "a b"
    view = {"a": [L.msg("men-nefer.nothing")], "b": (1, "id")}
    assert wire(view) == {"a": [{"k": "men-nefer.nothing", "t": "nothing"}], "b": [1, "id"]}
    assert copy.deepcopy(label) is label  # messages are never changed: copies share them

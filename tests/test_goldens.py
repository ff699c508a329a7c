"""Golden playthroughs (tests/goldens/): the build in use reproduces the pure build's fingerprints and
its readable playthroughs (``<name>.txt``: a failure shows the diff, i.e. what changed).

``make test`` runs this file under the compiled build (the whole suite) and again with
``HELIOPOLIS_PURE=1``, so both builds are held to the same reference.
"""

from __future__ import annotations

import difflib
import json

import pytest

from tests.goldens.playthroughs import GOLDENS, PLAYTHROUGHS, fingerprint, path, playthrough, text_path

CASES = [(g, n) for g, (counts, _, _) in GOLDENS.items() for n in counts]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_golden_playthroughs_identical(game_id: str, players: int) -> None:
    stored = json.loads(path(game_id).read_text(encoding="utf-8"))[str(players)]
    _, games, options = GOLDENS[game_id]
    assert len(stored) == games
    for seed, want in enumerate(stored):
        got = fingerprint(game_id, players, seed, options)
        assert got == want, f"{game_id} {players}p seed {seed}: fingerprint {got} != golden {want}"


def test_fingerprint_sees_a_one_move_difference() -> None:
    """The fingerprint is not blind: another seed (another game) gives another fingerprint."""
    assert fingerprint("ra", 3, 0, {}) != fingerprint("ra", 3, 1, {})


@pytest.mark.parametrize("name", PLAYTHROUGHS)
def test_readable_playthrough_identical(name: str) -> None:
    stored = text_path(name).read_text(encoding="utf-8")
    got = playthrough(name)
    diff = difflib.unified_diff(stored.splitlines(), got.splitlines(), f"{name}.txt (golden)", "now", lineterm="", n=1)
    assert got == stored, "\n".join(list(diff)[:80])


def test_readable_playthroughs_cover_every_game_and_stay_small() -> None:
    """One per game (and per Ra edition), each a whole game: the board at the start and the end, both
    kinds of state (decisions and chance), and short enough to read in a diff."""
    assert {g for g, _, _ in PLAYTHROUGHS.values()} == set(GOLDENS)
    assert {o.get("edition") for g, _, o in PLAYTHROUGHS.values() if g == "ra"} == {"2009", "1999"}
    for name in PLAYTHROUGHS:
        text = text_path(name).read_text(encoding="utf-8")
        assert text.count("\n") <= 500, name
        assert " chance: " in text and " -> " in text and "final state after" in text and "winners:" in text, name

"""Golden playthroughs (tests/goldens/): the build in use reproduces the pure build's fingerprints.

``make test`` runs this file under the compiled build (the whole suite) and again with
``HELIOPOLIS_PURE=1``, so both builds are held to the same reference.
"""

from __future__ import annotations

import json

import pytest

from tests.goldens.playthroughs import GOLDENS, fingerprint, path

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

"""Ra's move log tells the whole story (issue 16): every action adds a line except "draw", whose
line is the drawn tile's; every auction is closed with its winner (or "Nobody bids"), every epoch
with its scoring line, and points only change when that line is written. A few hundred random
games by default; ``-m slow`` runs 10^4 (``LOG_GAMES``)."""

import os
import random

import pytest

from heliopolis.core.registry import load_game
from heliopolis.games.ra import actions as A


def _walk(players, edition, seed):
    game = load_game("ra", players, edition=edition)
    log = game.new_public_log()
    s = log.replay
    rng = random.Random(seed)
    while not s.is_terminal():
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        points, epoch = s.points[:], s.epoch
        name = A.action_to_string(a)
        new = log.feed(a)
        if name == "draw":
            assert new == [] and s.is_chance_node()  # the tile's line follows
            continue
        if name.startswith("stack:") and s.is_chance_node():
            assert new == []  # the opening deal is one line once every seat has its suns
            continue
        assert new, f"{name} added no log line"
        if s.points != points or s.epoch != epoch or s.is_terminal():
            assert any("ends and is scored" in x for x in new), (name, new)


def _run(games):
    for i in range(games):
        players = 2 + i % 4
        _walk(players, "2009" if players == 2 or i % 2 else "1999", i)


def test_every_state_change_has_a_log_line_in_random_games():
    _run(int(os.environ.get("LOG_GAMES", "300")))


@pytest.mark.slow
def test_every_state_change_has_a_log_line_in_10k_random_games():
    _run(int(os.environ.get("LOG_GAMES", "10000")))


def test_the_opening_deal_of_suns_is_one_line_in_english_and_german():
    """Issue 28 (logs that tell the story): one line for the deal, not one per seat."""
    from heliopolis.games.ra.components import sun_list
    from heliopolis.locale import render

    for players in (2, 5):
        game = load_game("ra", players, edition="2009")
        s = game.new_initial_state()
        rng = random.Random(players)
        while s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
        log = s.public_log()
        assert len(log) == 1 and log[0].key == "ra.log.suns_dealt"
        en, de = render(log[0], "en"), render(log[0], "de")
        hands = ";".join(", ".join(map(str, sun_list(s.up[p]))) for p in range(players))
        assert en.startswith("The suns are dealt — P0: ") and de.startswith("Die Sonnen werden verteilt — P0: ")
        assert en.count(";") == de.count(";") == players - 1 and f"P{players - 1}: " in de
        got = ";".join(part.split(": ")[1] for part in en.split(" — ")[1].split("; "))
        assert got.replace(", ", ",") == hands.replace(", ", ",")

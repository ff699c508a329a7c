"""Ra: The Dice Game's move log tells the whole story (issue 16): every change of the table (points,
tracks, markers, the Ra figure, the epoch) comes with a line in the same action; the only silent
actions are those whose line comes with the dice they lead to (a roll, choosing dice to reroll,
each die but the last of a roll). A few hundred random games by default; ``-m slow`` runs 10^4."""

import os
import random

import pytest

from heliopolis.core.registry import load_game
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.components import NUM_DICE


def table(s):
    return (tuple(s.points), tuple(s.phar), tuple(s.nile), tuple(s.floods), tuple(s.civ), tuple(s.mon), s.ra, s.epoch,
            s.is_terminal())  # fmt: skip


def _walk(players, seed):
    game = load_game("ra-dice", players)
    log = game.new_public_log()
    s = log.replay
    rng = random.Random(seed)
    silent_run = 0
    while not s.is_terminal():
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        before = table(s)
        new = log.feed(a)
        if new:
            silent_run = 0
            continue
        assert table(s) == before, f"{A.action_to_string(a)} changed the table without a log line"
        assert a == A.ROLL or A.REROLL_BASE <= a < A.PHARAOH_REAL or A.DIE_BASE <= a < A.START_BASE, A.action_to_string(
            a
        )
        silent_run += 1
        assert silent_run <= 2 * NUM_DICE + 1  # a roll's line follows its dice
    # the last epoch's scoring line, then one line per seat (change, total, each category)
    assert any("ends and is scored" in x for x in log.lines[-(players + 3) :])
    assert all(log.lines[-players + p].startswith(f"P{p}: ") for p in range(players))


def _run(games):
    for i in range(games):
        _walk(2 + i % 3, i)


def test_every_state_change_has_a_log_line_in_random_games():
    _run(int(os.environ.get("LOG_GAMES", "300")))


@pytest.mark.slow
def test_every_state_change_has_a_log_line_in_10k_random_games():
    _run(int(os.environ.get("LOG_GAMES", "10000")))


def test_a_roll_is_one_line_with_its_dice_and_suns_counted_in_english_and_german():
    """Issue 28 (grouped lines): a roll is five chance plies, one per die; the log tells it in one line
    naming each die and counting the suns locked, never a line per die."""
    from heliopolis.locale import render

    for seed in range(4):
        game = load_game("ra-dice", 3)
        log = game.new_public_log()
        s = log.replay
        rng = random.Random(seed)
        fed = [log.feed(s.sample_chance_outcome(rng)) for _ in range(1 + NUM_DICE)]  # the start player, 5 dice
        assert [len(new) for new in fed] == [1] + [0] * (NUM_DICE - 1) + [1]
        roll = fed[-1][0]
        assert roll.key == "ra-dice.log.rolls" and s.rolls == 1
        en, de = render(roll, "en"), render(roll, "de")
        seat = f"P{roll.args['seat']}"
        assert en.startswith(f"{seat} rolls: ") and de.startswith(f"{seat} würfelt: ")
        assert en.count(", ") == de.count(", ") == NUM_DICE - 1
        suns = en.split(" — ")[0].count(" Sun")
        assert roll.args["n"] == suns == s.suns
        assert en.endswith(f"— {suns} sun locked" if suns == 1 else f"— {suns} suns locked")
        assert de.endswith(f"— {suns} Sonne liegt fest" if suns == 1 else f"— {suns} Sonnen liegen fest")

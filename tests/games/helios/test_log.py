"""Helios's move log tells the whole story (issue 16), with places named by the board's own
coordinates: every action gets a line, and so does what the rules do on their own (an action
forgone because nothing could be paid or placed, an automatic person-phase pass, a sun move stopped
by its range, irradiation, the phases, rounds and the final scoring); each change of a seat's VP,
mana or sun range is told. A few hundred random games run by default; ``-m slow`` runs 10^4."""

import os
import random
import re

import pytest

from heliopolis.core.registry import load_game
from heliopolis.games.helios import actions as A
from heliopolis.games.helios.components import DATA, HEX_LABELS, hex_label, hex_of_name
from heliopolis.games.helios.log import HeliosLog
from heliopolis.games.helios.state import PH_SUN

AXIAL = re.compile(r"-?\d+,-?\d+")


def _check_game(players, seed, seen):
    game = load_game("helios", players)
    log = HeliosLog(game)
    s = log.replay
    rng = random.Random(seed)
    while not s.is_terminal():
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        before = (s.vp[:], s.mana[:], s.rng[:], s.round, s.phase, s.sun_ctx, s.passes, s.actor)
        name = A.NAMES[a]
        new = log.feed(a)
        assert new or (name.startswith("deal:") and s.is_chance_node()), f"no line for {name}"  # a refill: 1 line
        text = "\n".join(new)
        assert not AXIAL.search(text), f"axial notation in the log: {text}"
        for p in range(players):
            for k, words in ((0, "VP"), (1, "mana"), (2, "sun range")):
                if [s.vp, s.mana, s.rng][k][p] != before[k][p]:
                    assert re.search(rf"\bP{p}\b.*{words}", text), (name, words, text)
        if s.round != before[3] and not s.is_terminal():
            assert f"Round {s.round} of" in text, text
        if before[4] == PH_SUN and name.startswith("step:") and s.sun_ctx is None:
            assert "its range is used up" in text and "irradiates" in text, text
            seen.add("range")
        if name == "stop":
            assert "irradiates" in text
        if "it is forgone" in text:
            seen.add("forgone")
        if "no person can be bought or activated" in text:
            seen.add("auto_pass")
    assert "— Final scoring —" in log.lines and log.lines[-1].startswith("Game over: winner")
    finals = [x for x in log.lines if " VP at the end (" in x]
    assert len(finals) == players
    return log


def _run(games):
    seen = set()
    for i in range(games):
        _check_game(2 + i % 3, i, seen)
    assert seen == {"range", "forgone", "auto_pass"}, seen


def test_every_action_and_automatic_step_is_logged_in_random_games():
    _run(int(os.environ.get("LOG_GAMES", "300")))


@pytest.mark.slow
def test_every_action_and_automatic_step_is_logged_in_10k_random_games():
    _run(int(os.environ.get("LOG_GAMES", "10000")))


def test_a_refill_of_action_tiles_is_one_line_counted_by_colour():
    """Issue 28: 12-18 lines of "A blue action tile is dealt" at every refill were noise."""
    log = _check_game(3, 7, set())
    dealt = [x for x in log.lines if "action tiles are dealt" in x or "action tile is dealt" in x]
    assert dealt and all(
        re.fullmatch(r"\d+ action tiles are dealt: (\d+ (grey|yellow|red|blue)(, )?)+", x) for x in dealt
    )
    for x in dealt:
        n = int(x.split()[0])
        assert n == sum(int(k) for k in re.findall(r"(\d+) (?:grey|yellow|red|blue)", x))
    assert not any(a == b for a, b in zip(log.lines, log.lines[1:]) if "dealt" in a)


def test_board_coordinates_are_chess_like_and_unique():
    assert len(set(HEX_LABELS)) == len(DATA.hexes) == 61
    assert hex_label(DATA.centre) == "e5"  # the centre: column e (the 5th of 9), 5th from the bottom
    cols = {}
    for h, (q, r) in enumerate(DATA.hexes):
        cols.setdefault(q, []).append((r, HEX_LABELS[h]))
    letters = "abcdefghi"
    for i, q in enumerate(sorted(cols)):
        ranked = [lab for _, lab in sorted(cols[q], reverse=True)]  # bottom (largest r) first
        assert ranked == [f"{letters[i]}{k}" for k in range(1, len(ranked) + 1)]
    for h in range(len(DATA.hexes)):
        assert hex_of_name(HEX_LABELS[h]) == h


def test_notation_keeps_axial_and_accepts_board_coordinates():
    for h, lab in enumerate(HEX_LABELS):
        q, r = DATA.hexes[h]
        for kind in ("place", "temple", "step", "put"):
            assert A.string_to_action(f"{kind}:{lab}") == A.string_to_action(f"{kind}:{q},{r}")
            assert A.action_to_string(A.string_to_action(f"{kind}:{lab}")) == f"{kind}:{q},{r}"  # saved games
        assert A.string_to_action(f"pay:{lab.upper()}:blue") == A.string_to_action(f"pay:{q},{r}:blue")


def test_descriptions_name_the_column_or_the_land_tile():
    game = load_game("helios", 2, start_player=0)
    s = game.new_initial_state()
    rng = random.Random(1)
    takes, lands = set(), set()
    while not s.is_terminal() and not (takes and lands):
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        for a in s.legal_actions():
            if A.NAMES[a].startswith("take:"):
                takes.add(s.describe_action(a))
            if A.NAMES[a].startswith("land:"):
                lands.add(s.describe_action(a))
        s.apply_action(rng.choice(s.legal_actions()))
    assert takes and all(re.fullmatch(r"P\d takes the (\w+ )?action tile from the (land|build|sun) column", t)
                         for t in takes), takes  # fmt: skip
    assert lands and all(re.fullmatch(r"P\d takes the face-up \w+ land tile( of the extra stack)?", t) for t in lands)


def test_terminal_map_shows_the_board_coordinates():
    from heliopolis.games.helios.render import board_lines

    s = load_game("helios", 2, start_player=0).new_initial_state()
    rows = ["".join(text for text, _ in line) for line in board_lines(s, 0)]
    assert rows[0].split() == list("abcdefghi") == rows[-1].split()
    body = rows[1:-1]
    assert len(body) == 17
    assert body[0].split()[0] == "e9" and body[-1].split()[0] == "e1"  # the centre column's ends
    assert {r.split()[0] for r in body} >= {"a1", "a5", "b1", "b5"}
    assert {r.split()[-1] for r in body} >= {"i1", "i5", "h1", "h5"}

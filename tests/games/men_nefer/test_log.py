"""Men-Nefer's move log tells the whole story (issue 16): every step of the engine that changes
what is on the table, forced or chosen or automatic, adds a line; the forced fallback of a visit
or raise nobody can pay for, every Harvest (per seat, per category), each Flood and era change are
in it. A few hundred random games run by default; ``-m slow`` runs 10^4 (``LOG_GAMES``)."""

import os
import random

import pytest

from heliopolis.core.registry import load_game
from heliopolis.games.men_nefer import log as L
from heliopolis.games.men_nefer.state import FIELDS

# Bookkeeping a player does not see as an event of its own: the task stack and the legal list,
# whose turn it is inside a round (the "turn" line names the seat), which boats were activated this
# turn, how often each option was used (the option line says it) and the order of a turned-over pile.
BOOKKEEPING = {"hist", "todo", "legal", "chance", "turn_pos", "activated", "used"}


CHECKED = [f for f in FIELDS if f not in BOOKKEEPING]


def table(s):
    return [v[:] if type(v) is list else v for v in map(s.__getattribute__, CHECKED)]


class Checking(L.Narrator):
    """The narrator, checking that each step that changed the table got at least one line."""

    def __init__(self, state, lines):
        super().__init__(state, lines)
        self.silent = []
        self._mark(("setup",))

    def _mark(self, task):
        self.key, self.count, self.task = table(self.s), len(self.lines), task

    def check(self):
        self.flush()
        if table(self.s) != self.key and len(self.lines) == self.count:
            self.silent.append(self.task)

    def event(self, what, task, action):
        self.check()
        self._mark((what,) + task)
        super().event(what, task, action)


def _walk(players, seed, check=True):
    game = load_game("men-nefer", players)
    log = L.MenNeferLog(game)
    if check:
        log.narrator = Checking(log.replay, log.steps)  # every step, before runs of draws are folded
    rng = random.Random(seed)
    s = log.replay
    while not s.is_terminal():
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        if check:
            log.narrator.check()
            log.narrator._mark(("chosen", a))
        log.feed(a)
    if check:
        log.narrator.check()
        return log, log.narrator.silent
    return log, []


def _run(games):
    silent = []
    for i in range(games):
        log, bad = _walk(2 + i % 3, i)
        silent += bad
        assert log.lines[-1].startswith("Game over:")
    assert not silent, f"steps that changed the table without a log line: {silent[:10]}"


def test_every_state_change_has_a_log_line_in_random_games():
    _run(int(os.environ.get("LOG_GAMES", "200")))


@pytest.mark.slow
def test_every_state_change_has_a_log_line_in_10k_random_games():
    _run(int(os.environ.get("LOG_GAMES", "10000")))


def test_forced_fallback_harvest_flood_and_eras_are_logged():
    seen = {"cannot pay": False}
    for seed in range(40):
        log, _ = _walk(3, seed, check=False)
        text = "\n".join(log.lines)
        assert text.count("— Harvest of era") == 3 and text.count("— Flood: era") == 2
        for era in ("I", "II", "III"):
            assert f"— Era {era}: Sowing" in text
        for p in range(3):  # per seat, per category, every Harvest
            lines = [x for x in log.lines if x.startswith(f"P{p} scores") and "in the Harvest" in x]
            assert len(lines) == 3 and all("the Duat" in x and "the queens' pyramids" in x for x in lines)
        if "cannot pay" in text:
            seen["cannot pay"] = True
            line = next(x for x in log.lines if "cannot pay" in x)
            after = log.lines[log.lines.index(line) + 1]
            assert "food +" in after, (line, after)
    assert seen["cannot pay"], "no random game had a visit or raise that could not be paid"


def test_the_log_is_the_same_fed_at_once_or_move_by_move():
    game = load_game("men-nefer", 2)
    s = game.new_initial_state()
    rng = random.Random(5)
    incremental = game.new_public_log()
    while not s.is_terminal():
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_action(a)
        incremental.feed(a)
    assert s.public_log() == incremental.lines


def test_a_narrated_state_and_a_plain_one_stay_identical():
    """Without a narrator the engine takes shortcuts (a lone action of a group done at once, fused automatic
    steps); with one it walks every step so each can be told. Both must reach the same state after every
    action, or the log would describe a different game from the one played."""
    for players in (2, 3, 4):
        game = load_game("men-nefer", players)
        log = L.MenNeferLog(game)
        plain = game.new_initial_state()
        rng = random.Random(40 + players)
        while not plain.is_terminal():
            a = plain.sample_chance_outcome(rng) if plain.is_chance_node() else rng.choice(plain.legal_actions())
            plain.apply_action(a)
            log.feed(a)
            assert table(log.replay) == table(plain)  # every field a player sees
            assert log.replay.legal_actions() == plain.legal_actions()
        assert log.replay.is_terminal() and log.replay.scores() == plain.scores()


RUN_KINDS = {"tile", "ware_draw", "papyrus_draw", "advantage", "agreement_draw", "board", "mastaba_tile", "queens"}


def test_a_run_of_draws_is_one_counted_line_in_english_and_german():
    """Issue 28: the setup drew 15 action tiles, 9 trade agreements, ... in one line each; now each run of
    draws of one kind is one line with the count and the ids (the pyramid's pieces counted by favour)."""
    from heliopolis.locale import render

    log, _ = _walk(3, 1, check=False)
    drawn = [line for line in log.steps if getattr(line, "key", "").startswith("men-nefer.chance.")]
    folded = [line for line in log.lines if getattr(line, "key", "").startswith("men-nefer.log.drawn_")]
    assert {f.key.removeprefix("men-nefer.log.drawn_") for f in folded} >= RUN_KINDS | {"piece"}
    en = render(next(f for f in folded if f.key == "men-nefer.log.drawn_tile"), "en")
    de = render(next(f for f in folded if f.key == "men-nefer.log.drawn_tile"), "de")
    assert en.startswith("15 action tiles are drawn: T") and de.startswith("15 Aktionsplättchen werden gezogen: T")
    assert en.count(", ") == 14 and en.split(": ")[1] == de.split(": ")[1]
    piece = next(f for f in folded if f.key == "men-nefer.log.drawn_piece")
    assert render(piece, "de").startswith(f"{piece.args['count']} Bauteile der Großen Pyramide werden aufgedeckt: ")
    for f in folded:  # every draw of a run is in its line, and no two lines in a row are of one kind
        if f.key != "men-nefer.log.drawn_piece":
            assert len(f.args["ids"].split(", ")) == f.args["count"] > 1
    keys = [getattr(line, "key", None) for line in log.lines]
    assert not [k for k, k2 in zip(keys, keys[1:]) if k == k2 and k and k.startswith("men-nefer.chance.")]
    told = sum(f.args["count"] for f in folded) + sum(1 for k in keys if k and k.startswith("men-nefer.chance."))
    assert told == len(drawn)  # each draw is told once, in a line of its own or in its run's


def test_a_run_of_draws_waits_for_its_end_and_returns_no_line_before():
    """Fed one draw at a time (as the server feeds it), a draw with more of its kind to come adds no line;
    the run's line comes once, when it is over."""
    game = load_game("men-nefer", 2)
    log = game.new_public_log()
    s = game.new_initial_state()
    rng = random.Random(3)
    fed = []
    while s.is_chance_node():
        a = s.sample_chance_outcome(rng)
        tile = s.describe_action(a).key == "men-nefer.chance.tile"
        s.apply_action(a)
        fed.append((tile, log.feed(a)))
    tiles = [new for tile, new in fed if tile]
    assert len(tiles) > 1 and tiles[:-1] == [[]] * (len(tiles) - 1)  # 12 in a game of two
    line = tiles[-1][0]  # the era's first lines follow it
    assert (line.key, line.args["count"]) == ("men-nefer.log.drawn_tile", len(tiles))
    assert log._run == [] and s.public_log() == log.lines

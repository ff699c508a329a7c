"""Bots on Ra: The Dice Game (the heuristic policy, ISMCTS/MCTS unchanged) and the terminal front end."""

import json
import random

from click.testing import CliRunner

import heliopolis
from heliopolis.arena.match import play_match
from heliopolis.bots import make_bot
from heliopolis.bots.heuristic import evaluator_for, policy_for
from heliopolis.cli import main
from heliopolis.games.ra_dice import heuristics


def test_evaluate_and_choose_are_found_by_the_bots():
    s = heliopolis.new_game("ra-dice", players=3)
    assert evaluator_for(s) is heuristics.evaluate and policy_for(s) is heuristics.choose
    rng = random.Random(1)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, rng))
            continue
        values = heuristics.evaluate(s)
        assert len(values) == 3 and all(isinstance(v, float) for v in values)
        a = heuristics.choose(s, rng)
        assert a in s.legal_actions()
        s.apply_action(a)
    assert heuristics.evaluate(s) == [float(x) for x in s.scores()]


def test_heuristic_beats_random():
    wins = 0
    for seed in range(12):
        rng = random.Random(seed)
        bots = [make_bot("heuristic", seed=seed), make_bot("random", seed=seed + 1)]
        s = heliopolis.new_game("ra-dice", players=2)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(heliopolis.sample_chance(s, rng))
            else:
                s.apply_action(bots[(s.current_player() + seed) % 2].step(s))
        wins += (seed % 2 == 0 and 0 in s.winners()) or (seed % 2 == 1 and 1 in s.winners())
    assert wins >= 9


def test_search_bots_play_unchanged():
    rng = random.Random(3)
    s = heliopolis.new_game("ra-dice", players=2)
    bots = [make_bot("ismcts:iters=20", seed=1), make_bot("mcts:iters=20,rollout=random,depth=0", seed=2)]
    decisions = 0
    while not s.is_terminal() and decisions < 40:
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, rng))
        else:
            p = s.current_player()
            s.apply_action(bots[p].step(s.resample_from_infostate(p, rng)))
            decisions += 1
    assert decisions == 40 or s.is_terminal()


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_cli_bots_only_game_and_save(tmp_path):
    save = tmp_path / "g.json"
    r = run("play", "ra-dice", "--seats", "heuristic,random,random", "--seed", "4", "--save", str(save), "-q")
    assert r.exit_code == 0, r.output
    assert "Result:" in r.output and "winner" in r.output
    state = heliopolis.state_from_json(save.read_text())
    assert state.is_terminal() and json.loads(save.read_text())["game"] == "ra-dice"


def test_cli_human_input(tmp_path):
    save = tmp_path / "h.json"
    answers = "?\nfly\n99\nfinish\n" + "1\n" * 2000
    r = run("play", "ra-dice", "--seats", "human,random", "--seed", "11", "--save", str(save), input=answers)
    assert r.exit_code == 0, r.output
    assert "Type a number from the list" in r.output and "e.g. stop" in r.output
    assert "cannot read 'fly'" in r.output and "99 is not on the list: choose a number from 1 to" in r.output
    assert "finish is not legal now" in r.output
    assert "RA: THE DICE GAME" in r.output and "Result:" in r.output


def test_cli_bench_and_bad_configuration():
    r = run("bench", "ra-dice", "--players", "2", "--seconds", "0.2")
    assert r.exit_code == 0 and "games/s" in r.output and "clone" in r.output
    r = CliRunner().invoke(main, ["play", "ra-dice", "--seats", "random,random,random,random,random"])
    assert r.exit_code == 2 and "is for 2–4 players; got 5" in r.output


def test_arena_match_records_categories():
    rec = play_match("ra-dice", {"players": 3}, ["heuristic", "random", "random"], seed=5)
    assert set(rec["categories"]) >= {"pharaoh", "nile", "civilization", "monument", "three_suns", "ankh_pairs"}

"""``check_game`` at every player count, a random soak with invariants, the pinned action table,
notation, errors, the data-file validation, views, render, heuristics and the observer."""

import copy
import json
import random
import re
from importlib import resources
from pathlib import Path

import pytest

from heliopolis.core.errors import ConfigError, IllegalActionError, NotationError
from heliopolis.core.registry import available_games
from heliopolis.core.testing import CHECKS, check_game, soak
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer import components as C
from heliopolis.games.men_nefer.game import MenNeferGame
from tests.games.men_nefer.helpers import new, ready, strings


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players):
    report = check_game("men-nefer", players=players, playouts=2, seed=players)
    assert report.playouts == 2 and report.max_length <= MenNeferGame.info.max_game_length
    for name in CHECKS:
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_check_game_with_options():
    assert check_game("men-nefer", players=3, playouts=1, seed=5, start_player=2).playouts == 1
    alt = {k: v[1] for k, v in C.DATA.rule_options.items() if len(v) > 1}
    assert check_game("men-nefer", players=4, playouts=1, seed=9, **alt).playouts == 1


@pytest.mark.rule(
    "MN-GEN-1",
    "MN-GEN-2",
    "MN-GEN-3",
    "MN-FLOW-3",
    "MN-PHASE-10",
    "MN-PHASE-11",
    "MN-AMB-38",
    "MN-DATA-0",
    "MN-COMP-2",
    "MN-CONC-5",
    "MN-CONC-7",
    "MN-CONC-10",
    "MN-CONC-11",
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_with_invariants(players):
    """Random games to the end; after every action: food and heka in 0..10 (MN-GEN-2), PP >= 0
    (MN-GEN-3), pieces conserved (MN-COMP-2), each option at most 3 times per era and a legal
    option always present (MN-PHASE-10, MN-AMB-38); the Harvest asserts exactly 3 each (MN-FLOW-3)."""
    stats = soak("men-nefer", 12, players=players, seed=players * 101)
    assert stats.games == 12 and stats.score_min >= 0
    s = new(players, None)
    rng = random.Random(players)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    # each Harvest checks that every option was used exactly 3 times that era (MN-FLOW-3):
    assert s.used == [3] * (3 * players) and len(s.harvest_log) == 3 and s.era == 3  # MN-GEN-1: 3 eras
    bad = new(players, None)
    bad.used = [3, 2, 3] * players
    bad.todo = [("harvest",)]
    with pytest.raises(AssertionError, match="MN-FLOW-3"):
        from heliopolis.games.men_nefer import tasks

        tasks.run(bad)


def test_registered():
    assert "men-nefer" in available_games()


def test_action_table_is_pinned():
    pinned = (Path(__file__).parent / "action_table.txt").read_text().splitlines()
    assert [f"{i}\t{s}" for i, s in enumerate(A.NAMES)] == pinned, "action ids changed: bump ENCODING"
    assert A.ENCODING == MenNeferGame.info.encoding == "men-nefer-v2"
    assert MenNeferGame.info.chance_offset == A.NUM_DISTINCT_ACTIONS
    assert MenNeferGame.info.chance_offset + MenNeferGame.info.max_chance_outcomes == len(A.NAMES)


def test_notation_round_trip_and_errors():
    for i, n in enumerate(A.NAMES):
        assert A.string_to_action(n) == i and A.action_to_string(i) == n
    assert A.string_to_action(" Sail: S1 : D1 ") == A.string_to_action("sail:s1:d1")
    for bad in ("", "fly", "visit:t99", "house:temple:1", "grave:n-iv-u-1", 3):
        with pytest.raises(NotationError):
            A.string_to_action(bad)
    with pytest.raises(NotationError):
        A.action_to_string(len(A.NAMES))
    with pytest.raises(NotationError):
        A.action_to_string(True)


@pytest.mark.rule("MN-AMB-48")
def test_options_and_errors():
    with pytest.raises(ConfigError):
        MenNeferGame(1)  # MN-AMB-48: the solo game is out of scope
    with pytest.raises(ConfigError):
        MenNeferGame(5)
    with pytest.raises(ConfigError):
        MenNeferGame(3, start_player=3)
    with pytest.raises(ConfigError):
        MenNeferGame(3, temple_basket_spaces="9_total")
    with pytest.raises(ConfigError):
        MenNeferGame(3, colour="red")


def test_bad_input_raises_and_changes_nothing():
    s = ready(3)
    before = s.clone()
    for bad in (A.PASS, A.CHANCE_OFFSET, -1, 10**6, "visit:t01", None, True, 1.0):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
        assert s == before
    c = new(3, None)
    assert c.is_chance_node()
    snap = c.clone()
    with pytest.raises(IllegalActionError):
        c.apply_action(A.VISIT)
    assert c == snap
    with pytest.raises(ValueError):
        s.winners()


def _raw():
    return json.loads(resources.files(C.__package__).joinpath(C.FILE).read_text(encoding="utf-8"))


@pytest.mark.rule("MN-AMB-1", "MN-AMB-50", "MN-COMP-4")
def test_data_file_is_the_single_source_and_is_validated():
    """Values come from the data file (a corrected value changes the rules without code changes,
    MN-AMB-1); names are only compared for equality (MN-AMB-50); a broken file is refused with the
    reason (ComponentDataError) before any game starts."""
    raw = _raw()
    assert C.build(copy.deepcopy(raw)) == C.DATA
    fixed = copy.deepcopy(raw)
    fixed["general"]["food_start_by_turn_order"]["values"]["1"] = 7
    fixed["player_boards"]["papyrus_slots"]["heka_cost"] = [1, 1, 1, 2, 3]
    d = C.build(fixed)
    assert d.food_start[0] == 7 and d.papyrus_slot_cost[0] == 1  # MN-AMB-1
    renamed = copy.deepcopy(raw)
    renamed["wares"]["kinds"]["list"] = ["k1", "k2", "k3", "k4", "k5"]
    for w in renamed["wares"]["tiles"]:
        w["kind"] = "k" + str(["ring", "collar", "vase", "statuette", "amulet"].index(w["kind"]) + 1)
    assert C.build(renamed).ware_kind == C.DATA.ware_kind  # MN-AMB-50
    assert (len(C.DATA.ware_levels), C.DATA.papyrus_slot_cost, C.DATA.ta_slots) == (3, (0, 0, 1, 2, 3), 9)  # MN-COMP-4
    cases = [
        (lambda r: r["player_boards"]["ware_area"]["levels"].__setitem__("II", 2), "ware area"),
        (lambda r: r["temple"]["spaces"][0]["actions"].append({"op": "priestesses", "n": 1}), "MN-AMB-29"),
        (lambda r: r["action_tiles"]["tiles"][0]["actions"].append({"op": "fly"}), "unknown op"),
        (lambda r: r["necropolis"]["spaces"][0].pop("bonus"), "malformed"),
        (lambda r: r["nile"]["cities"][0].__setitem__("arrow_to", "H"), "downstream"),
        (lambda r: r["player_count_setup"]["3"]["trade_slots_filled"].__setitem__("slots", 8), "MN-SETUP-15"),
        (lambda r: r["action_tiles"]["tiles"][0]["actions"].append({"op": "heka", "n": 3}), "two different heka"),
    ]
    for edit, msg in cases:
        broken = copy.deepcopy(raw)
        edit(broken)
        with pytest.raises(C.ComponentDataError, match=msg):
            C.build(broken)


def test_views_are_public_json_and_resample_is_exact():
    s = ready(4)
    v = s.player_view(None)
    text = json.dumps(v)
    assert v["players"][0]["pp"] == C.DATA.pp_start and v["supply_size"] >= 1
    assert "tile_pool" not in text and "supply_seq" not in text  # only counts of unseen components
    for p in range(4):
        r = s.resample_from_infostate(p, random.Random(1))
        assert r == s and r.player_view(p) == s.player_view(p)
    assert s.information_state_string(1) != s.information_state_string(2)
    twin = new(4)  # the same history replayed into separate objects: the same key
    for a in s.history():
        twin.apply_action(a)
    assert s.information_state_key(1) == twin.information_state_key(1) != s.information_state_key(2)
    log = s.game.new_public_log()
    for a in s.history():
        log.feed(a)
    assert len(log.steps) >= len(s.history())  # log.py: forced and automatic steps have lines too
    # ... and a run of draws of one kind is one line (tests/games/men_nefer/test_log.py)
    assert s.public_log() == log.lines and any(re.match(r"\d+ action tiles are drawn: T", line) for line in log.lines)
    with pytest.raises(ValueError):
        s.player_view(4)


def test_render_describe_and_breakdown():
    s = ready(3)
    text = str(s)
    assert text.startswith("Men-Nefer, 3 players, era 1") and "Display" in text and "P2" in text
    assert repr(s).startswith("<MenNeferState players=3")
    first = A.string_to_action(strings(s)[0])
    assert s.describe_action(first).startswith(f"P{s.actor} sends the apprentice under tile")
    assert s.describe_action(A.HOUSE + 1) == f"P{s.actor} visits the necropolis house of life"
    bd = s.score_breakdown()
    assert set(bd) >= {"start", "duat", "agreements", "queens"} and bd["start"] == [C.DATA.pp_start] * 3


def test_heuristics_observer_and_bots_play():
    from heliopolis.bots.heuristic import HeuristicBot
    from heliopolis.games.men_nefer.heuristics import evaluate

    s = ready(3)
    assert len(evaluate(s)) == 3 and len(s.table_helper()["harvest_now"]) == 3
    obs = MenNeferGame(3).make_observer()
    t = obs.tensor(s, 0)
    assert len(t) == obs.size and all(0.0 <= x <= 1.0 for x in t)
    assert obs.string(s, 1).startswith("p1\n")
    bot = HeuristicBot(seed=1)
    rng = random.Random(0)
    for _ in range(60):
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else bot.step(s)
        s.apply_action(a)
        s.check_invariants()

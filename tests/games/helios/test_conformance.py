"""``check_game`` at every player count, the pinned action table, notation and views."""

import json
import random
from pathlib import Path

import pytest

from heliopolis.core.errors import ConfigError, IllegalActionError, NotationError
from heliopolis.core.registry import available_games
from heliopolis.core.testing import CHECKS, check_game
from heliopolis.games.helios import actions as A
from heliopolis.games.helios.game import HeliosGame
from tests.games.helios.helpers import new, ready


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players):
    report = check_game("helios", players=players, playouts=2, seed=players)
    assert report.playouts == 2 and report.max_length <= HeliosGame.info.max_game_length
    for name in CHECKS:
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_check_game_with_a_fixed_start_player():
    assert check_game("helios", players=3, playouts=1, seed=5, start_player=2).playouts == 1


def test_registered():
    assert "helios" in available_games()


def test_corrupt_data_file_gets_a_clear_error():
    """HE-BOARD-3: the board lives in the data file, checked at load so a hand-edited board that
    breaks the geometry is refused with the reason, before any game starts."""
    import copy
    import json
    from importlib import resources

    from heliopolis.core.errors import ComponentDataError
    from heliopolis.games.helios import components as C

    raw = json.loads(resources.files(C.__package__).joinpath("data/helios.json").read_text(encoding="utf-8"))
    assert C.build(copy.deepcopy(raw)).hexes == C.DATA.hexes
    broken = copy.deepcopy(raw)
    next(h for h in broken["board"]["hexes"] if h["kind"] == "light")["kind"] = "dark"
    with pytest.raises(ComponentDataError, match="37 light"):
        C.build(broken)
    broken = copy.deepcopy(raw)
    del broken["buildings"][0]["vp"]
    with pytest.raises(ComponentDataError, match="malformed"):
        C.build(broken)
    broken = copy.deepcopy(raw)
    broken["board"]["sun_start"]["hex"] = list(raw["board"]["corner_fields"]["hexes"][0])
    with pytest.raises(ComponentDataError, match="sun start"):
        C.build(broken)


def test_action_table_is_pinned():
    pinned = (Path(__file__).parent / "action_table.txt").read_text().splitlines()
    assert [f"{i}\t{s}" for i, s in enumerate(A.NAMES)] == pinned, "action ids changed: bump ENCODING"
    assert A.ENCODING == HeliosGame.info.encoding == "helios-v1"
    assert HeliosGame.info.chance_offset == A.NUM_DISTINCT_ACTIONS
    assert all(not n.startswith(("start:", "deal:", "extra:")) for n in A.NAMES[: A.CHANCE_OFFSET])


def test_notation_round_trip_and_errors():
    for i, n in enumerate(A.NAMES):
        assert A.string_to_action(n) == i and A.action_to_string(i) == n
    assert A.string_to_action(" Place: -1, 2 ") == A.string_to_action("place:-1,2")
    for bad in ("", "fly", "place:9,9", "pay:0,0:pink"):
        with pytest.raises(NotationError):
            A.string_to_action(bad)
    with pytest.raises(NotationError):
        A.action_to_string(len(A.NAMES))


def test_options_and_errors():
    with pytest.raises(ConfigError):
        HeliosGame(5)
    with pytest.raises(ConfigError):
        HeliosGame(3, start_player=3)
    s = ready(3)
    before = s.clone()
    with pytest.raises(IllegalActionError):
        s.apply_action(A.PASS)
    assert s == before


@pytest.mark.rule("HE-GEN-7", "HE-AMB-33")
def test_views_are_public_and_json():
    s = ready(4)
    v = s.player_view(None)
    json.dumps(v)
    assert v["players"][1]["vp"] == 0 and v["draw_stacks"] == {"land": 10, "build": 10, "sun": 10}
    assert "order" not in json.dumps(v)  # stacks are counts: their order does not exist in the state
    r = s.resample_from_infostate(2, random.Random(1))
    assert r == s and r.player_view(2) == s.player_view(2)
    assert s.information_state_string(1) != s.information_state_string(2)
    assert str(s).startswith("HELIOS · 4 players")
    log = s.public_log()
    # log.py: sentences, automatic steps too; a refill of the action tiles is one line (tests/games/helios/test_log.py)
    assert log[0].partition(":")[0].endswith("action tiles are dealt") and any("starts with" in line for line in log)
    assert s.describe_action(A.TAKE) == "P0 takes the red action tile from the land column"  # not a land tile


def test_start_player_is_a_chance_node():
    s = new(3, start=None)
    assert s.is_chance_node() and [a for a, _ in s.chance_outcomes()] == [A.START, A.START + 1, A.START + 2]


def test_heuristics_and_bots_play_a_game():
    from heliopolis.games.helios.heuristics import evaluate

    s = ready(3)
    assert len(evaluate(s)) == 3 and s.table_helper()["total_now"] == [1, 1, 1]  # 1 mana = 1 VP
    from heliopolis.bots.heuristic import HeuristicBot

    bot = HeuristicBot()
    rng = random.Random(0)
    for _ in range(40):
        a = s.sample_chance_outcome(rng) if s.is_chance_node() else bot.step(s)
        s.apply_action(a)
        s.check_invariants()


@pytest.mark.parametrize("players", [2, 4])
def test_observation_tensor_shape_and_bounds(players):
    from heliopolis.core.observation import INFORMATION_STATE, OBSERVATION, ObservationType

    s = ready(players)
    rng = random.Random(players)
    obs = s.game.make_observer(OBSERVATION)
    low, high = obs.bounds()
    for step in range(300):
        if s.is_terminal():
            break
        if step % 10 == 0:
            for p in range(players):
                t = s.observation_tensor(p)
                assert len(t) == obs.size and all(lo <= v <= hi for v, lo, hi in zip(t, low, high))
            assert s.observation_string(0)
        legal = s.legal_actions()
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(legal))
    assert s.game.make_observer(INFORMATION_STATE).string(s, 1) == s.information_state_string(1)
    assert s.game.make_observer(ObservationType(public=False, private="none")).tensor(s, 0) == []


@pytest.mark.rule("HE-SUN-1", "HE-END-2", "HE-END-3")
def test_terminal_board_marks_the_suns_destinations_and_shows_the_final_scoring():
    """The text board marks each legal sun destination with ``*`` on the mover's board, and at the
    end prints the final-scoring categories and the winners (tie-break included)."""
    from heliopolis.games.helios import render

    rng = random.Random(2)
    s = ready(2)
    while not s.is_terminal():
        if not s.is_chance_node() and any(A.NAMES[a].startswith("step:") for a in s.legal_actions()):
            p = s.current_player()
            steps = [a for a in s.legal_actions() if A.NAMES[a].startswith("step:")]
            marked = [seg for row in render.board_lines(s, p, render._targets(s, p)) for seg in row if "*" in seg[0]]
            assert len(marked) == len(steps)
            break
        acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(acts))
    else:
        pytest.fail("no sun move in the game")
    while not s.is_terminal():
        acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        s.apply_action(rng.choice(acts))
    text = str(s)
    winners = ", ".join(f"P{p}" for p in s.winners())
    assert f"Winners: {winners}" in text and "corners" in text
    v = s.player_view(0)
    assert v["terminal"] and v["winners"] == s.winners()
    assert [sum(c) for c in zip(*v["score_breakdown"].values())] == s.final  # HE-END-2: the categories add up

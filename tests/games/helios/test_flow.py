"""Setup, rounds, persons, refill and the end: the game's flow rules."""

import json
import random

import pytest

from heliopolis.games.helios import actions as A
from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import COLOURS, DATA, B, P
from heliopolis.games.helios.game import HeliosGame
from heliopolis.games.helios.state import PH_PERSON, PH_TAKE
from tests.games.helios.helpers import EDITED, begin, board, h, lowest_until, new, person_phase, play, ready, strings


@pytest.mark.rule(
    "HE-COMP-1",
    "HE-COMP-2",
    "HE-COMP-3",
    "HE-COMP-4",
    "HE-COMP-5",
    "HE-COMP-6",
    "HE-COMP-7",
    "HE-COMP-8",
    "HE-COMP-9",
    "HE-COMP-10",
    "HE-GEO-6",
    "HE-GEO-9",
    "HE-GEO-10",
    "HE-GEN-1",
    "HE-GEN-2",
    "HE-GEN-3",
    "HE-GEN-5",
    "HE-GEN-6",
    "HE-AMB-4",
    "HE-AMB-20",
    "HE-AMB-34",
)
def test_component_data():
    raw = json.loads((__import__("pathlib").Path(R.__file__).parent / "data/helios.json").read_text())
    assert DATA.action_dist == (4, 4, 4, 4) and raw["action_tiles"]["wild_colour"]["value"] == "grey"
    assert raw["components"]["vp_chips"]["total"] == 104
    assert raw["components"]["supply_limits"]["default"] == "unlimited"
    assert DATA.land_counts == (6, 8, 8, 8, 6) and DATA.special_copies == (2, 2, 2, 2)
    assert len(DATA.buildings) == 12 and len(DATA.persons) == 8 and raw["sun_track"]["spaces"][-1] == "sun"
    assert DATA.buildings[B["watchtower"]].cost == DATA.buildings[B["warehouse"]].cost  # as printed (HE-AMB-20)
    # VP, resources and mana are plain numbers: no supply limit is modelled (HE-AMB-4, HE-GEN-6)
    s = ready(4)
    s.mana[0] = 500
    s.check_invariants()


@pytest.mark.rule(
    "HE-SETUP-1", "HE-SETUP-2", "HE-SETUP-3", "HE-SETUP-4", "HE-SETUP-5", "HE-SETUP-9", "HE-AMB-30", "HE-GEN-4"
)
def test_setup():
    s = new(4, start=None)
    assert s.is_chance_node() and len(s.chance_outcomes()) == 4
    play(s, "start:2")
    assert s.dragon == 2 and s.is_chance_node()
    s = ready(4)
    assert [len(c) for c in s.columns] == [6, 6, 6] and [sum(d) for d in s.draw] == [10, 10, 10]
    assert s.persons_free == 255 and s.special == [2, 2, 2, 2]
    assert s.mana == [1] * 4 and s.rng == [2] * 4 and s.sun == [DATA.sun_start] * 4
    s = new(4)
    for _ in range(18):
        s.apply_action(s.legal_actions()[0])
    assert s.actor == 0 and strings(s) == ["home:brown", "home:grey", "home:green"]  # seat 1 chooses first
    play(s, "home:green")
    assert s.actor == 1


@pytest.mark.rule("HE-AMB-2")
def test_bonus_resource_seats_by_player_count():
    assert [sum(map(sum, [ready(3).res[p]])) for p in range(3)] == [1, 1, 2]
    assert [sum(ready(2).res[p]) for p in range(2)] == [1, 1]


@pytest.mark.rule("HE-RND-1", "HE-RND-2", "HE-RND-5", "HE-END-1", "HE-AMB-29", "HE-ACT-1", "HE-REF-7")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_and_turns(players):
    s = ready(players)
    turns = {}
    rng = random.Random(players)
    while not s.is_terminal():
        if s.phase == PH_TAKE:
            turns[s.round] = turns.get(s.round, 0) + 1
        legal = s.legal_actions()
        s.apply_action(legal[0] if s.is_chance_node() else rng.choice(legal))
    assert turns == {r: players * DATA.turns_per_round[players] for r in range(1, DATA.rounds[players] + 1)}
    assert s.round == DATA.rounds[players] and s.final  # no Phase 3 after the last round


@pytest.mark.rule("HE-ACT-5", "HE-AMB-27", "HE-AMB-37", "HE-LAND-4")
def test_forgo_and_impossible_actions():
    s = ready(4)
    s.res[0] = [0] * 305
    play(s, "take:build")
    assert s.actor == 1  # nothing to pay with: the build action is forgone automatically
    play(s, "take:sun")
    assert "forgo" in strings(s)
    play(s, "forgo")
    assert s.actor == 2 and s.sun[1] == DATA.sun_start
    s = ready(4)
    board(s, 0, land={(0, 0): "grey"}, sun=(0, -1))
    for x in [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]:
        s.tiles[0][h(*x)] = -1
    s.special = [0, 0, 0, 0]
    s.face_up = [-1] * 6
    begin(s, "land")
    assert s.actor == 1  # no land or special tile left: forgone


@pytest.mark.rule("HE-LAND-3", "HE-REF-1", "HE-REF-3")
def test_land_refill_only_in_phase_3():
    s = ready(4)
    play(s, "take:land land:blue place:1,0")
    assert s.face_up[0] == -1
    lowest_until(s, lambda s: s.round == 2)
    assert s.face_up[:5] == [0, 1, 2, 3, 4] and s.land_stack == [2, 2, 2, 2, 2] and s.face_up[5] >= 0
    assert s.special == [2, 2, 2, 2]


@pytest.mark.rule("HE-REF-4", "HE-AMB-13")
def test_reshuffle_discards_when_a_stack_runs_short():
    s = ready(4)
    EDITED.add(id(s))
    s.draw[0] = [1, 0, 0, 0]
    s.discard[0] = [2, 3, 2, 2]
    s.columns = [[], [], []]
    s.deal_need = [3, 0, 0]
    s.todo.append(("deal",))
    s.phase = R.PH_IDLE
    R.run(s)
    assert [a for a, _ in s.chance_outcomes()] == [A.DEAL]
    play(s, "deal:red")
    assert s.draw[0] == [2, 3, 2, 2] and s.discard[0] == [0, 0, 0, 0]


@pytest.mark.rule("HE-BLD-T1", "HE-BLD-T2", "HE-BLD-T6", "HE-BLD-T7", "HE-BLD-T8", "HE-BLD-6")
@pytest.mark.parametrize(("building", "res", "range_", "mana"), [
    ("observatory", "black", 3, 0), ("sun_lodge", "grey", 2, 0), ("watchtower", "black blue", 0, 1),
    ("sanctuary", "brown green", 0, 4), ("sacred_grove", "green", 0, 2)])  # fmt: skip
def test_building_benefits(building, res, range_, mana):
    s = ready(4)
    board(s, 0, land={(0, 0): "grey", (1, 0): "grey"}, res={(1, 0): res}, sun=(0, -1))
    begin(s, "build")
    rng0, mana0 = s.rng[0], s.mana[0]
    play(s, f"build:{building} " + " ".join(f"pay:1,0:{c}" for c in res.split()))
    assert s.rng[0] - rng0 == range_ and s.mana[0] - mana0 == mana
    s.turn = 0
    begin(s, "build")
    assert s.actor == 1 or f"build:{building}" not in strings(s)  # HE-BLD-6: nothing left to pay with


def test_watchtower_lap_is_10():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown"}, sun=(-1, 0))
    s.buildings[0] |= 1 << B["watchtower"]
    s.rng[0] = 1
    begin(s, "sun")
    play(s, "step:0,-1")
    assert s.vp[0] == 10


@pytest.mark.rule("HE-BLD-T11", "HE-AMB-12")
def test_land_office_creates_two_extra_tiles():
    s = ready(4)
    board(s, 0, land={(0, 0): "grey", (1, 0): "grey"}, res={(1, 0): "brown green"}, sun=(0, -1))
    begin(s, "build")
    extra = sum(s.extra)
    play(s, "build:land_office pay:1,0:brown pay:1,0:green")
    assert s.is_chance_node()
    play(s, "extra:grey place:0,1 extra:brown place:-1,1")
    assert sum(s.extra) == extra - 2
    assert s.tiles[0][h(0, 1)] == COLOURS.index("grey") and s.res[0][h(-1, 1) * 5 + COLOURS.index("brown")] == 1


@pytest.mark.rule("HE-PERS-4", "HE-PERS-5", "HE-PERS-7", "HE-AMB-5", "HE-PERS-3")
def test_person_phase_buy_pass_and_end():
    s = ready(4)
    s.mana = [4, 3, 0, 0]
    person_phase(s, 0)
    assert s.actor == 0 and "buy:treasurer" in strings(s) and "buy:prophetess" in strings(s)
    play(s, "buy:architect")
    assert not any(m.startswith("buy:") for m in strings(s))  # one purchase per person-turn
    play(s, "pass")  # acted: not a pass
    assert s.actor == 1  # players 2, 3 cannot do anything and pass automatically
    play(s, "pass")
    assert s.actor == 0 and s.mana[0] == 2
    assert "buy:architect" not in strings(s)  # each person exists once
    play(s, "buy:inventor pass")
    assert s.actor == 1
    play(s, "buy:explorer pass")
    assert s.phase != PH_PERSON  # nobody can act any more: everybody passed in succession
    assert s.owned[0] == (1 << P["architect"]) | (1 << P["inventor"]) and s.persons_free == 255 & ~(
        1 << P["architect"] | 1 << P["inventor"] | 1 << P["explorer"]
    )


@pytest.mark.rule("HE-PERS-8", "HE-PERS-T1", "HE-PERS-T2", "HE-PERS-T5", "HE-PERS-T8")
def test_person_final_scoring():
    from heliopolis.games.helios.scoring import final_breakdown

    s = ready(4)
    board(s, 0, land={(0, 0): "grey", (1, 0): "grey"}, special={(0, 1): "free"}, res={(1, 0): "blue grey"},
          temples=[(0, 0)])  # fmt: skip
    b = 1 << B["citadel"]

    def persons(pid, mana=0):
        return final_breakdown(s.tiles[0], s.res[0], s.temples[0], b, 1 << P[pid], mana, 2)

    assert persons("architect")["persons"] == 3 * 2
    assert persons("prophetess")["persons"] == 2 * 3
    assert persons("priestess")["persons"] == 12
    assert persons("treasurer", mana=3)["persons"] == 4 and persons("treasurer", mana=3)["mana"] == 9
    owned_only = final_breakdown(s.tiles[0], s.res[0], s.temples[0], b, 0, 0, 2)
    assert owned_only["persons"] == 0


@pytest.mark.rule("HE-PERS-T1")
def test_architect_places_a_bonus_resource():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, 0): "grey"}, res={(0, 0): "blue grey", (1, 0): "green"}, sun=(0, -1))
    s.owned[0] |= 1 << P["architect"]
    s.persons_free &= ~(1 << P["architect"])
    person_phase(s, 0)
    play(s, "activate:architect pay:0,0:blue pay:0,0:grey pay:1,0:green gain:black put:0,0")
    assert s.res[0][h(0, 0) * 5 + COLOURS.index("black")] == 1 and s.phase == PH_PERSON


@pytest.mark.rule("HE-END-3", "HE-AMB-24")
def test_tie_break_by_remaining_resources():
    s = ready(2)
    lowest_until(s, lambda s: s.is_terminal())
    s.final = [10, 10]
    s.res[0] = [0] * 305
    s.res[1] = [0] * 305
    assert s.winners() == [0, 1]
    s.res[1][0] = 1
    assert s.winners() == [1] and s.returns() == [0.0, 1.0]


def test_max_game_length_bound_is_generous():
    assert HeliosGame.info.max_game_length > 5000

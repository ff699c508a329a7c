"""Setup for 2, 3 and 4 players (MN-SETUP), components (MN-COMP) and the starting position."""

import random

import pytest

from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer.components import CITY_SLOTS, DATA, GP_CONSTRUCTION
from heliopolis.games.men_nefer.flow import slot_valid
from heliopolis.games.men_nefer.game import MenNeferGame
from tests.games.men_nefer.helpers import new, ready, strings


def until(s, kind, rng=None):
    """Plays setup chance nodes (seeded) until the next chance node is of ``kind``."""
    rng = rng or random.Random(3)
    while s.is_chance_node() and s.todo[-1][0] != kind:
        s.apply_action(s.sample_chance_outcome(rng))
    return s


@pytest.mark.rule("MN-COMP-1", "MN-COMP-5", "MN-SETUP-1", "MN-SETUP-2")
def test_component_counts():
    d = DATA
    assert len(d.tile_ids) == 20 and sorted(set(d.tile_number)) == [1, 2, 3, 4]
    assert (len(d.queen_tiles), len(d.papyrus_ids), len(d.mastaba_ids), len(d.ware_ids)) == (6, 40, 7, 35)
    assert (len(d.ta_ids), len(d.deity_ids), len(d.advantage_ids), len(d.neutral_ids)) == (51, 8, 6, 5)
    assert sum(len(f) for f in d.gp_piece_favours) + 1 == 13 and d.queens * d.queen_levels == 12
    assert len(set(d.ware_kind)) == 5 and sorted(set(d.ta_value)) == [1, 2, 3]
    # MN-COMP-5: one deity, 3 queens' tiles and 5 mastaba tiles in play
    s = ready(4)
    assert s.deity >= 0 and len(set(s.qtiles)) == 3 and len(set(s.mastaba)) == 5 == len(d.mastaba_slots)
    # MN-SETUP-1/2: the 2-4 player board with the quarry: 2 to 4 players, every Great Pyramid piece
    # waits in its level's quarry stack
    assert (MenNeferGame.info.min_players, MenNeferGame.info.max_players) == (2, 4)
    fresh = new(4, 0)
    assert sum(fresh.gp_stack) == 12 and not fresh.pyramidion


@pytest.mark.rule(
    "MN-COMP-2",
    "MN-SETUP-18",
    "MN-SETUP-19",
    "MN-SETUP-20",
    "MN-SETUP-21",
    "MN-SETUP-22",
    "MN-SETUP-23",
    "MN-SETUP-24",
    "MN-SETUP-25",
    "MN-SETUP-27",
    "MN-CONC-13",
    "MN-CONC-12",
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_individual_setup(players):
    s = ready(players)
    for p in range(players):
        assert (s.heart[p], s.feather[p]) == (0, 24)  # MN-SETUP-19
        assert s.scarab[p * 5 : (p + 1) * 5] == [0] * 5  # MN-SETUP-20
        assert s.sun[p] == 0  # MN-SETUP-21
        assert s.priest[p * 10 : (p + 1) * 10] == [4] + [0] * 9  # MN-SETUP-22: standing, at the entrance
        assert s.boats[p * 4 : (p + 1) * 4] == [0] * 4  # MN-SETUP-23: all in the harbor
        assert (s.gp[p], s.qp[p]) == (0, 0)  # MN-SETUP-24
        assert s.pp[p] == 10  # MN-SETUP-25 / MN-CONC-13
        assert s.home[p] == 0b111 and s.appr[p * 10 : (p + 1) * 10] == [0] * 10  # MN-SETUP-27
        assert (s.sphinx_sup[p], s.mummy_sup[p], s.eye_sup[p]) == (4, 4, 3)  # MN-COMP-2
        assert s.ware_state[p * 9 : (p + 1) * 9] == [0] * 9  # a basket on each of the 9 spaces
        assert (s.glyph[p], s.heka[p]) == (0, 2)
    # MN-SETUP-18: every colour has its own set (per-seat values), MN-CONC-12: five houses
    assert len(s.food) == players and len(DATA.houses) == 5


@pytest.mark.rule("MN-SETUP-3", "MN-SETUP-4", "MN-SETUP-5", "MN-SETUP-6", "MN-AMB-40")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pyramid_setup(players):
    s = ready(players)
    assert all(f >= 0 for f in s.gp_top)  # MN-SETUP-3: stacks face up, favour visible
    assert not s.pyramidion
    placed = [f for f in s.gp_grid if f >= 0]
    if players < 4:  # MN-SETUP-4: one level-I piece on build place BP1, no favours performed
        assert len(placed) == 1 and s.gp_grid[0] >= 0
        assert s.food == [DATA.food_start[s.order.index(p)] for p in range(players)]
    else:
        assert placed == []
    levels = {2: 2, 3: 1, 4: 0}[players]  # MN-SETUP-5/6: preplaced queens' levels, no eyes
    assert s.qp_levels == [levels] * 3 and sum(s.qp_eyes) == 0


@pytest.mark.rule("MN-SETUP-7", "MN-SETUP-8", "MN-SETUP-9", "MN-SETUP-10", "MN-SETUP-11", "MN-SETUP-12", "MN-SETUP-13")
def test_common_setup_draws():
    s = new(4, 0)
    until(s, "c_queens")
    assert s.qtiles == [-1, -1, -1]
    play_n(s, 3)
    assert len(set(s.qtiles)) == 3 and -1 not in s.qtiles  # MN-SETUP-7: 3 of 6, Q1 Q2 Q3
    assert s.era == 1  # MN-SETUP-8
    play_n(s, 5)
    assert len(set(s.mastaba)) == 5  # MN-SETUP-9
    play_n(s, 1)
    assert 0 <= s.deity < 8  # MN-SETUP-10
    assert s.todo[-1] == ("c_ware", 0)  # MN-SETUP-11: left to right
    play_n(s, 4)
    assert -1 not in s.ware_mkt and s.bag_wares.bit_count() == 31
    play_n(s, 4)
    assert -1 not in s.pap_mkt and s.bag_papyri.bit_count() == 36  # MN-SETUP-12
    play_n(s, 6)
    assert sorted(s.city_adv) == list(range(6))  # MN-SETUP-13


RNG = random.Random(7)


def play_n(s, k, rng=RNG):
    for _ in range(k):
        s.apply_action(s.sample_chance_outcome(rng))


@pytest.mark.rule("MN-SETUP-14", "MN-SETUP-15", "MN-AMB-4", "MN-DATA-17")
@pytest.mark.parametrize("players,slots", [(2, 6), (3, 9), (4, 12)])
def test_trade_agreement_setup(players, slots):
    s = ready(players)
    filled = [i for i, t in enumerate(s.city_ta) if t >= 0]
    assert len(filled) == slots  # MN-SETUP-15 / MN-AMB-4: 6, 9 or 12 slots
    for i in filled:
        c, k = divmod(i, CITY_SLOTS)
        assert slot_valid(players, c, k)
        assert DATA.ta_value[s.city_ta[i]] == {0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3}[c]  # left 1, middle 2, right 3
    marks = [m for c in DATA.city_slot_marks for m in c]
    assert marks.count(None) == 6 and marks.count("3+") == 3 and marks.count("4") == 3
    assert 4 + 12 <= 17  # MN-DATA-17: value-2/3 stacks cover setup plus a full refill


@pytest.mark.rule("MN-SETUP-16", "MN-AMB-17", "MN-DATA-18")
@pytest.mark.parametrize("players,count", [(2, 4), (3, 3), (4, 0)])
def test_neutral_apprentices(players, count):
    s = ready(players)
    neutral = s.appr[players * 10 : (players + 1) * 10]
    assert sum(neutral) == count
    if count:
        for house, side in DATA.neutral_sides[players][s.neutral_tile]:
            assert neutral[house * 2 + side] >= 1  # on the spaces the drawn tile shows


@pytest.mark.rule("MN-SETUP-17")
def test_two_player_construction_tiles():
    from heliopolis.games.men_nefer.pyramids import gp_feature

    two, four = ready(2), ready(4)
    assert [gp_feature(two, x)[0] for x in (3, 8)] == [GP_CONSTRUCTION] * 2
    assert [gp_feature(four, x)[0] for x in (3, 8)] != [GP_CONSTRUCTION] * 2
    constructions = sum(1 for x in range(1, DATA.gp_len + 1) if gp_feature(two, x)[0] == GP_CONSTRUCTION)
    assert 2 * constructions == 12  # MN-DATA-13: exactly the 12 pieces left in 2p


@pytest.mark.rule("MN-SETUP-26", "MN-COMP-3")
def test_player_boards():
    s = ready(4)
    assert sorted(s.board) == [0, 1, 2, 3]  # one random board each
    tracks = DATA.board_glyphs
    assert all(len(t) == len(tracks[0]) for t in tracks)
    assert len(set(tracks)) == 4  # they differ in the order of the hieroglyphs
    assert all(DATA.board_bonus[b] == DATA.board_bonus[0] for b in range(4))  # and only in that


@pytest.mark.rule("MN-SETUP-28", "MN-SETUP-29", "MN-AMB-2", "MN-AMB-49", "MN-DATA-20")
def test_start_player_and_food():
    s = new(4, None)
    until(s, "c_start")
    assert [a for a, _ in s.chance_outcomes()] == [A.START + k for k in range(4)]  # random start
    s.apply_action(A.START + 2)
    assert s.order == [2, 3, 0, 1]  # clockwise from the start player
    assert [s.food[p] for p in s.order] == [3, 4, 5, 6]  # MN-SETUP-29 / MN-AMB-2
    s2 = new(3, 1)  # MN-AMB-49: or configured
    until(s2, "deal")
    assert s2.order == [1, 2, 0] and s2.heka == [2, 2, 2]  # MN-DATA-20: 2 heka


@pytest.mark.rule("MN-SETUP-30", "MN-AMB-36")
@pytest.mark.parametrize("players", [2, 4])
def test_dealt_tiles(players):
    s = ready(players)
    for p in range(players):
        nums = sorted(DATA.tile_number[t] for t in s.slots[p * 3 : (p + 1) * 3])
        assert nums == [1, 2, 3]
        assert s.glyph[p] == 0  # no hieroglyph check for dealt tiles


@pytest.mark.rule("MN-SETUP-31", "MN-SETUP-32", "MN-AMB-19")
def test_supply_and_display():
    s = new(4, 0)
    until(s, "c_tile")
    while s.todo[-1][1] == "deal":
        play_n(s, 1)
    assert s.todo[-1] == ("c_tile", "display", 4)  # MN-AMB-19: the first tile to slot 5
    play_n(s, 1)
    assert s.display[4] >= 0 and s.display[:4] == [-1] * 4
    play_n(s, 4)
    assert s.todo[-1] == ("c_tile", "top", 0)
    assert s.tile_pool.bit_count() == 20 - 12 - 5
    fours = [t for t in range(20) if DATA.tile_number[t] == 4]
    assert all(t not in s.slots for t in fours)  # the 4s all went to the supply (MN-SETUP-31)
    play_n(s, 1)
    assert s.supply_top >= 0  # MN-SETUP-31: face up; its top is visible
    assert not s.is_chance_node()
    assert all(not m.startswith("take:") or int(m[5:]) <= 5 for m in strings(s))


@pytest.mark.rule("MN-SETUP-33", "MN-FLOW-2", "MN-AMB-43")
def test_game_begins_with_sowing_of_era_i():
    s = ready(3)
    assert s.era == 1 and s.rnd == 0 and s.actor == s.order[0]
    assert all(m.startswith("visit:") for m in strings(s))  # MN-PHASE-10: the first turn is a visit
    assert s.food == [DATA.food_start[s.order.index(p)] for p in range(3)]  # no Flood income
    assert s.harvest_log == []

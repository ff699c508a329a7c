"""Ra: components, setup, turn structure and drawing (RA-COMP, RA-SETUP, RA-TURN, RA-DRAW)."""

from __future__ import annotations

import pytest

import heliopolis
from heliopolis.games.ra import components as C
from heliopolis.games.ra.components import DATA, TILE_COUNTS, TILE_INDEX, TILE_NAMES
from heliopolis.games.ra.phases import B_DISCARD, C_BAG
from heliopolis.games.ra.state import AUCTION, DEAL, DRAWN, T1_RA_TILE, T2_VOLUNTARY, T3_FORCED, TURN
from tests.games.ra.helpers import assert_illegal, display, legal, new, play, setup, suns

TABLE_STACKS = {
    2: [[9, 6, 5, 2], [8, 7, 4, 3]],
    3: [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
    4: [[13, 6, 2], [12, 7, 3], [11, 8, 4], [10, 9, 5]],
    5: [[16, 7, 2], [15, 8, 3], [14, 9, 4], [13, 10, 5], [12, 11, 6]],
}
RA_NEEDED = {2: 6, 3: 8, 4: 9, 5: 10}
BLOCKED = {2: 4, 3: 2, 4: 1, 5: 0}
EIGHT = ["pharaoh", "nile", "gold", "art", "temple", "flood", "pharaoh", "nile"]


def raw():
    return C._load()


# -- RA-COMP -------------------------------------------------------------------------------------
@pytest.mark.rule("RA-COMP-1")
def test_board_has_ra_track_auction_track_and_centre_space():
    assert DATA["ra_track_spaces"] == 10 and DATA["auction_track_spaces"] == 8  # RA-COMP-1
    s = new(3)
    v = s.player_view(None)
    assert v["ra_track"]["spaces"] == 10
    assert len(v["auction_track"]) == 8
    assert v["centre_sun"] == 1
    lines = str(s).splitlines()
    ra_line = next(line for line in lines if line.startswith("Ra track"))
    auction_line = next(line for line in lines if line.startswith("Auction track"))
    assert ra_line.count("[") == 10  # RA-COMP-1: ten Ra-track spaces drawn
    assert auction_line.count("[") == 8
    # The overview's underlined kinds: the ones kept in the display after an epoch scoring.
    kept = {k["id"]: k.get("kept_after_scoring") for k in raw()["tiles"]["kinds"]}
    assert {k for k, v in kept.items() if v} == {"pharaoh", "nile", "monument"}


@pytest.mark.rule("RA-COMP-2")
def test_tile_counts_total_180():
    c = dict(zip(TILE_NAMES, TILE_COUNTS))
    assert c["ra"] == 30 and c["god"] == 8 and c["pharaoh"] == 25 and c["funeral"] == 2
    assert c["nile"] == 25 and c["flood"] == 12 and c["drought"] == 2 and c["unrest"] == 4
    assert c["gold"] == 5 and c["earthquake"] == 2
    assert sum(TILE_COUNTS) == 180  # RA-COMP-2
    s = new(3)
    assert s.bag_total == 180 and s.bag == list(TILE_COUNTS)


@pytest.mark.rule("RA-COMP-3", "RA-COMP-4")
def test_civilization_and_monument_kinds():
    civs = ["art", "agriculture", "religion", "astronomy", "writing"]
    mons = ["fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step-pyramid", "temple"]
    assert [TILE_NAMES[t] for t in C.CIVS] == civs and [TILE_NAMES[t] for t in C.MONUMENTS] == mons
    assert all(TILE_COUNTS[TILE_INDEX[k]] == 5 for k in civs)  # RA-COMP-3
    assert all(TILE_COUNTS[TILE_INDEX[k]] == 5 for k in mons)  # RA-COMP-4


@pytest.mark.rule("RA-COMP-5")
def test_suns_and_point_tokens():
    five = DATA["sun_sets"][5]
    values = sorted([v for stack in five for v in stack] + [DATA["centre_start"]])
    assert values == list(range(1, 17))  # RA-COMP-5: 16 suns, each value once
    tokens = raw()["vp_tokens"]["denominations"]
    assert sorted((t["value"], t["count"]) for t in tokens) == [(1, 10), (2, 8), (5, 20), (10, 10)]
    assert sum(t["value"] * t["count"] for t in tokens) == 226


@pytest.mark.rule("RA-COMP-5")
def test_scores_are_not_limited_by_token_supply():
    s = new(3)
    setup(s, points=[500, 0, 0], displays={0: {"gold": 2}}, ra_tiles=7)
    play(s, "draw tile:ra")  # the 8th Ra tile ends epoch 1
    assert s.epoch == 2
    # +6 gold, -5 no civilization, pharaohs all 0 -> 500 + 1, far above the 226 points of tokens
    assert s.points[0] == 501  # RA-COMP-5


@pytest.mark.rule("RA-COMP-6")
def test_gods_single_kind_with_eight_names():
    names = raw()["tiles"]["god_names_2009"]["value"]
    assert names == ["Anubis", "Bastet", "Chnum", "Horus", "Seth", "Sobek", "Thoth", "Ut"]  # RA-COMP-6
    assert len(names) == TILE_COUNTS[C.GOD] == 8
    assert TILE_NAMES.count("god") == 1  # one tile kind: all gods have the same function


@pytest.mark.rule("RA-COMP-7")
def test_ra_figure_and_bag():
    eds = raw()["editions"]
    assert eds["2009"]["tile_supply"] == "bag"  # RA-COMP-7
    assert eds["1999"]["tile_supply"] == "face_down_pool"
    s = play(new(3), "draw tile:pharaoh draw tile:ra")
    # the Ra figure marks the Ra player (seat 1 drew the Ra tile)
    assert s.player_view(None)["auction"]["ra_player"] == 1
    assert "Ra player P1" in str(s)


@pytest.mark.rule("RA-COMP-8")
def test_disaster_categories():
    D = C.DISASTER_TARGETS
    assert D[C.FUNERAL] == (C.PHARAOH,)  # RA-COMP-8
    assert D[C.DROUGHT] == (C.FLOOD, C.NILE)
    assert D[C.UNREST] == C.CIVS and C.GOLD not in D[C.UNREST]
    assert D[C.EARTHQUAKE] == C.MONUMENTS
    assert [TILE_COUNTS[t] for t in (C.FUNERAL, C.DROUGHT, C.UNREST, C.EARTHQUAKE)] == [2, 2, 4, 2]


# -- RA-SETUP ------------------------------------------------------------------------------------
@pytest.mark.rule("RA-SETUP-1")
@pytest.mark.parametrize("edition,players,ok", [
    ("1999", 2, False), ("1999", 3, True), ("1999", 4, True), ("1999", 5, True), ("1999", 6, False),
    ("2009", 1, False), ("2009", 2, True), ("2009", 3, True), ("2009", 5, True), ("2009", 6, False),
])  # fmt: skip
def test_player_counts(edition, players, ok):
    if ok:
        s = heliopolis.new_game("ra", players=players, edition=edition)
        assert s.n == players
    else:
        with pytest.raises(heliopolis.ConfigError):  # RA-SETUP-1
            heliopolis.new_game("ra", players=players, edition=edition)


@pytest.mark.rule("RA-SETUP-2", "RA-DRAW-1")
@pytest.mark.parametrize("edition", ["1999", "2009"])
def test_supply_is_all_180_tiles_drawn_uniformly(edition):
    s = play(new(3, edition=edition), "draw")
    assert s.is_chance_node()
    probs = dict((s.action_to_string(a), p) for a, p in s.chance_outcomes())
    assert len(probs) == 23
    assert probs["tile:ra"] == pytest.approx(30 / 180)  # RA-SETUP-2, RA-DRAW-1
    assert probs["tile:gold"] == pytest.approx(5 / 180)
    assert sum(probs.values()) == pytest.approx(1.0)
    play(s, "tile:gold")
    s2 = play(s, "draw")
    assert dict((s2.action_to_string(a), p) for a, p in s2.chance_outcomes())["tile:gold"] == pytest.approx(4 / 179)


@pytest.mark.rule("RA-SETUP-3", "RA-SETUP-4", "RA-SETUP-9")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_points_centre_sun_and_epoch(players):
    s = new(players)
    assert s.points == [10] * players  # RA-SETUP-3
    assert s.centre == 1 and all(1 not in suns(s, p)[0] for p in range(players))  # RA-SETUP-4
    v = s.player_view(None)
    assert s.epoch == 1 and v["epoch"] == 1 and v["epochs"] == 3  # RA-SETUP-9


@pytest.mark.rule("RA-SETUP-5")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_deal_uses_the_table_stacks(players):
    s = heliopolis.new_game("ra", players=players)
    assert s.phase == DEAL and s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert [s.action_to_string(a) for a, _ in outcomes] == [f"stack:{k}" for k in range(1, players + 1)]
    assert all(p == pytest.approx(1 / players) for _, p in outcomes)
    play(s, f"stack:{players}")
    if players > 2:  # the next seat chooses uniformly among the stacks left
        rest = s.chance_outcomes()
        assert [s.action_to_string(a) for a, _ in rest] == [f"stack:{k}" for k in range(1, players)]
        assert all(p == pytest.approx(1 / (players - 1)) for _, p in rest)
    else:  # the last seat simply takes the remaining stack
        assert not s.is_chance_node() and suns(s, 1)[0] == TABLE_STACKS[2][0]
    s = heliopolis.new_game("ra", players=players)
    # deal the stacks in reverse order: seat p receives stack (n - p)
    for p in range(players - 1):
        play(s, f"stack:{players - p}")
    assert not s.is_chance_node()
    for p in range(players):
        assert suns(s, p)[0] == TABLE_STACKS[players][players - 1 - p]  # RA-SETUP-5
    used = {v for p in range(players) for v in suns(s, p)[0]}
    top = max(v for st in TABLE_STACKS[players] for v in st)
    assert used == set(range(2, top + 1))  # unlisted suns are not used


@pytest.mark.rule("RA-SETUP-6")
def test_ra_figure_starts_beside_the_board():
    s = new(3)
    assert s.ra_player == -1  # RA-SETUP-6
    assert s.player_view(None)["auction"] is None
    assert "Ra player" not in str(s)


@pytest.mark.rule("RA-SETUP-7", "RA-TEST-15")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ra_track_blocked_spaces_and_epoch_length(players):
    s = new(players)
    v = s.player_view(None)["ra_track"]
    assert v["blocked"] == BLOCKED[players] and v["needed"] == RA_NEEDED[players]  # RA-SETUP-7
    ra_line = next(line for line in str(s).splitlines() if line.startswith("Ra track"))
    assert ra_line.count("[×]") == BLOCKED[players]
    # one Ra tile short of the end: drawing a Ra tile starts an auction
    a = setup(new(players), ra_tiles=RA_NEEDED[players] - 2)
    play(a, "draw tile:ra")
    assert a.phase == AUCTION and a.epoch == 1
    # the last usable space: the epoch ends (RA-TEST-15)
    b = setup(new(players), ra_tiles=RA_NEEDED[players] - 1)
    play(b, "draw tile:ra")
    assert b.epoch == 2 and b.ra_n == 0  # RA-TEST-15


@pytest.mark.rule("RA-TEST-15", "RA-SETUP-5", "RA-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_table(players):
    assert [list(st) for st in DATA["sun_sets"][players]] == TABLE_STACKS[players]  # RA-TEST-15
    sums = {2: [22, 22], 3: [28, 30, 32], 4: [21, 22, 23, 24], 5: [25, 26, 27, 28, 29]}
    assert sorted(sum(st) for st in DATA["sun_sets"][players]) == sums[players]  # RA-SETUP-5
    s = new(players)
    assert s.ra_needed == RA_NEEDED[players]
    if players == 2:
        with pytest.raises(heliopolis.ConfigError):
            new(2, edition="1999")  # RA-TEST-15: [1999] rejects 2 players
    else:
        assert new(players, edition="1999").ra_needed == RA_NEEDED[players]


@pytest.mark.rule("RA-SETUP-8")
def test_highest_sun_starts():
    assert new(3).current_player() == 0
    assert new(3, suns=[[2, 3], [13, 4], [5, 6]]).current_player() == 1  # RA-SETUP-8
    assert new(5, suns=[[2], [3], [4], [5], [16]]).current_player() == 4
    s = heliopolis.new_game("ra", players=3)
    play(s, "stack:3 stack:2")  # seat 2 gets stack 1 (13, 8, 5, 2)
    assert s.current_player() == 2


# -- RA-TURN -------------------------------------------------------------------------------------
@pytest.mark.rule("RA-TURN-1", "RA-TURN-7", "RA-DRAW-2")
def test_turns_pass_clockwise_after_drawing():
    s = new(4)
    order = []
    for t in ["pharaoh", "nile", "gold", "art", "temple"]:
        order.append(s.current_player())
        play(s, f"draw tile:{t}")
    assert order == [0, 1, 2, 3, 0]  # RA-TURN-1
    assert s.current_player() == 1 and s.phase == TURN  # RA-TURN-7


@pytest.mark.rule("RA-TURN-2", "RA-TURN-7")
def test_player_without_face_up_sun_is_skipped():
    s = new(3, suns=[[13, 8], [12], [11, 10]])
    play(s, "draw tile:pharaoh ra pass pass bid:12")  # seat 1 spends his only sun
    assert suns(s, 1) == ([], [1])
    assert s.player_view(None)["seats"][1]["in_epoch"] is False
    assert s.current_player() == 2
    play(s, "draw tile:nile")
    assert s.current_player() == 0
    play(s, "draw tile:gold")
    assert s.current_player() == 2  # RA-TURN-2: seat 1 is skipped
    play(s, "ra")  # seat 2 invokes Ra: seat 0 bids, then seat 1 is skipped
    assert s.current_player() == 0
    play(s, "pass")
    assert s.current_player() == 2


@pytest.mark.rule("RA-TURN-3")
def test_one_action_no_pass_on_a_turn():
    s = new(3)
    assert legal(s) == ["draw", "ra"]  # RA-TURN-3: no pass
    assert_illegal(s, "pass")
    assert_illegal(s, "done")
    assert_illegal(s, "bid:13")
    setup(s, displays={0: {"god": 1}}, track=["pharaoh"])
    assert sorted(legal(s)) == ["draw", "god:pharaoh", "ra"]


@pytest.mark.rule("RA-TURN-4", "RA-DRAW-4")
def test_full_auction_track_forbids_drawing():
    s = new(3)
    for t in EIGHT:
        play(s, f"draw tile:{t}")
    assert s.track_n == 8 and -1 not in s.track  # RA-DRAW-4: full = 8 tiles
    assert legal(s) == ["ra"]  # RA-TURN-4
    assert_illegal(s, "draw")
    g = setup(new(3), track=EIGHT, displays={0: {"god": 1}})
    assert "draw" not in legal(g) and "ra" in legal(g) and "god:pharaoh" in legal(g)
    play(g, "ra")  # invoking Ra with gods available is still the forced kind
    assert g.trigger == T3_FORCED  # RA-TURN-4


@pytest.mark.rule("RA-TURN-5")
def test_empty_supply_forbids_drawing():
    s = new(3)
    for t in range(len(s.bag)):  # move the whole supply out of the game (a test set-up)
        s._board()[B_DISCARD + t] += s.cells[C_BAG + t]
        s.cells[C_BAG + t] = 0
    s.bag_total = 0
    s.check_invariants()
    assert legal(s) == ["ra"]  # RA-TURN-5
    assert_illegal(s, "draw")


@pytest.mark.rule("RA-TURN-6")
def test_invoke_ra_always_legal_on_own_turn_only():
    s = new(3)
    assert "ra" in legal(s)  # RA-TURN-6: empty auction track
    play(s, "ra")
    assert s.phase == AUCTION and s.trigger == T2_VOLUNTARY and s.ra_player == 0
    assert "ra" not in legal(s)  # another player, during the auction, may not invoke Ra
    assert_illegal(s, "ra")
    play(s, "pass pass bid:13")
    assert "ra" in legal(s) and s.current_player() == 1


@pytest.mark.rule("RA-TURN-8")
def test_after_auction_ra_players_left_neighbour_continues():
    s = play(new(3), "draw tile:pharaoh ra")  # seat 1 is the Ra player
    play(s, "pass bid:13 pass")  # seat 0 wins
    assert s.current_player() == 2  # RA-TURN-8: left of seat 1, not the winner
    s = play(new(3), "draw tile:pharaoh draw tile:nile ra bid:8 pass pass")  # seat 2 Ra, seat 0 wins
    assert s.current_player() == 0


@pytest.mark.rule("RA-TURN-8")
def test_after_auction_out_players_are_skipped():
    s = new(3, suns=[[13, 8], [12, 9], [11]])
    play(s, "ra pass bid:11 pass")  # seat 0 Ra player, seat 2 spends his only sun
    assert s.current_player() == 1
    play(s, "ra")  # seat 1 Ra player: seat 2 is out, so seat 0 bids, then seat 1
    assert s.current_player() == 0
    play(s, "pass bid:9")
    assert s.current_player() == 0  # RA-TURN-8: left neighbour (seat 2) is out -> seat 0


@pytest.mark.rule("RA-TURN-9", "RA-TURN-8")
def test_last_player_standing_takes_every_turn():
    s = new(3, suns=[[13, 8], [12], [11]])
    play(s, "ra bid:12 pass pass")  # seat 1 out
    assert s.current_player() == 2
    play(s, "ra pass bid:11")  # seat 2 out
    assert s.current_player() == 0
    for t in ["pharaoh", "nile", "gold"]:
        play(s, f"draw tile:{t}")
        assert s.current_player() == 0  # RA-TURN-9
    play(s, "draw tile:ra")  # T1 auction with only seat 0 bidding
    assert s.phase == AUCTION and s.current_player() == 0
    play(s, "pass")
    assert s.current_player() == 0 and s.phase == TURN  # RA-TURN-8: Ra player himself continues


# -- RA-DRAW ---------------------------------------------------------------------------------------
@pytest.mark.rule("RA-DRAW-1")
def test_drawn_tile_is_public_at_once():
    s = play(new(3), "draw tile:sphinx")
    assert s.player_view(2)["auction_track"][0] == "sphinx"  # RA-DRAW-1
    assert s.player_view(0)["auction_track"][0] == "sphinx"
    assert "Sphinx" in str(s)


@pytest.mark.rule("RA-DRAW-2", "RA-DRAW-4")
def test_non_ra_tile_goes_to_leftmost_empty_space():
    s = play(new(3), "draw tile:pharaoh draw tile:gold draw tile:nile")
    assert [TILE_NAMES[t] if t >= 0 else None for t in s.track[:4]] == ["pharaoh", "gold", "nile", None]  # RA-DRAW-2
    assert s.track_n == 3 and s.ra_n == 0 and s.phase == TURN


@pytest.mark.rule("RA-DRAW-4")
def test_gaps_left_by_gods_are_refilled_leftmost_first():
    s = setup(new(3), track=["pharaoh", "nile", "gold"], displays={0: {"god": 1}})
    play(s, "god:nile")
    assert s.track[1] == -1 and s.track_n == 2
    play(s, "draw tile:temple")
    assert s.track[1] == TILE_INDEX["temple"]  # RA-DRAW-4: the gap is filled first
    play(s, "draw tile:art")
    assert s.track[3] == TILE_INDEX["art"] and s.track_n == 4


@pytest.mark.rule("RA-DRAW-3", "RA-AUCT-1", "RA-AUCT-2")
def test_ra_tile_goes_to_ra_track_and_starts_auction():
    s = play(new(3), "draw tile:pharaoh draw tile:ra")
    assert s.ra_n == 1 and TILE_INDEX["ra"] not in s.track  # RA-DRAW-3
    assert s.track_n == 1
    assert s.phase == AUCTION and s.trigger == T1_RA_TILE and s.ra_player == 1
    assert s.current_player() == 2


@pytest.mark.rule("RA-DRAW-3", "RA-EPOCH-3")
def test_ra_tile_on_last_space_ends_epoch_without_auction():
    s = setup(new(3), ra_tiles=7, track=["pharaoh"])
    play(s, "draw tile:ra")
    assert s.phase == TURN and s.epoch == 2  # RA-DRAW-3: no auction
    assert s.ra_player == -1
    assert display(s, 0) == {} and s.centre == 1


@pytest.mark.rule("RA-DRAW-5")
def test_ra_tiles_stay_on_the_ra_track():
    with pytest.raises(heliopolis.NotationError):
        new(3).string_to_action("god:ra")  # RA-DRAW-5: gods cannot take Ra tiles
    s = play(new(3), "draw tile:gold draw tile:ra")  # seat 1 draws Ra
    play(s, "bid:11 pass pass")  # seat 2 wins the lot
    assert s.ra_n == 1  # RA-DRAW-5: the Ra tile is not part of the lot
    assert display(s, 2) == {"gold": 1}
    s = setup(new(3), displays={1: {"god": 1}})
    play(s, "draw tile:ra pass pass pass")  # seat 1 holds a god; only a Ra tile is on the board
    assert s.current_player() == 1 and s.ra_n == 1
    assert not any(a.startswith("god:") for a in legal(s))  # RA-DRAW-5


@pytest.mark.rule("RA-DRAW-1")
def test_chance_outcome_must_be_in_the_bag():
    s = setup(new(3), displays={1: {"gold": 5}})
    play(s, "draw")
    assert s.phase == DRAWN and "tile:gold" not in legal(s)
    assert_illegal(s, "tile:gold")


def test_bad_notation_raises_notation_error():
    s = new(3)
    for bad in ["fly", "bid:17", "god:unicorn", "tile:", "stack:9", "draw:3"]:
        with pytest.raises(heliopolis.NotationError):
            s.string_to_action(bad)

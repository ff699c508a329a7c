"""Ra: auctions (RA-AUCT, RA-TEST-16 to RA-TEST-19)."""

from __future__ import annotations

import pytest

from heliopolis.games.ra.components import TILE_INDEX
from heliopolis.games.ra.state import AUCTION, T1_RA_TILE, T2_VOLUNTARY, T3_FORCED, TURN
from tests.games.ra.helpers import assert_illegal, display, legal, new, play, setup, suns

EIGHT = ["pharaoh", "nile", "gold", "art", "temple", "flood", "pharaoh", "nile"]


def track_names(s) -> list[str]:
    from heliopolis.games.ra.components import TILE_NAMES

    return [TILE_NAMES[t] for t in s.track if t >= 0]


# -- triggers and the Ra player ---------------------------------------------------------------------
@pytest.mark.rule("RA-AUCT-1", "RA-AUCT-2")
def test_t1_ra_tile_drawn():
    s = play(new(3), "draw tile:ra")
    assert s.phase == AUCTION and s.trigger == T1_RA_TILE  # RA-AUCT-1
    assert s.ra_player == 0  # RA-AUCT-2


@pytest.mark.rule("RA-AUCT-1", "RA-AUCT-2")
def test_t2_voluntary_invocation():
    s = play(new(3), "draw tile:pharaoh ra")
    assert s.phase == AUCTION and s.trigger == T2_VOLUNTARY  # RA-AUCT-1
    assert s.ra_player == 1  # RA-AUCT-2
    assert s.player_view(None)["auction"]["trigger"] == "voluntary"


@pytest.mark.rule("RA-AUCT-1", "RA-AUCT-2")
def test_t3_forced_invocation():
    s = new(3)
    for t in EIGHT:
        play(s, f"draw tile:{t}")
    assert s.current_player() == 2 and legal(s) == ["ra"]
    play(s, "ra")
    assert s.trigger == T3_FORCED and s.ra_player == 2  # RA-AUCT-1, RA-AUCT-2


@pytest.mark.rule("RA-AUCT-1")
def test_no_auction_without_a_trigger():
    s = play(new(3), "draw tile:pharaoh")
    assert s.phase == TURN and s.ra_player == -1  # RA-AUCT-1: a non-Ra draw starts nothing
    setup(s, displays={1: {"god": 1}})
    play(s, "god:pharaoh")
    assert s.phase == TURN and s.ra_player == -1


# -- the lot and the bidding ---------------------------------------------------------------------
@pytest.mark.rule("RA-AUCT-3")
def test_lot_is_whole_track_plus_centre_sun():
    s = play(new(3), "draw tile:pharaoh draw tile:gold draw tile:nile draw tile:temple draw tile:art")
    assert s.current_player() == 2
    play(s, "ra bid:8 pass pass")  # seat 2 is Ra player, seat 0 wins with 8
    assert display(s, 0) == {"pharaoh": 1, "gold": 1, "nile": 1, "temple": 1, "art": 1}  # RA-AUCT-3
    assert s.track_n == 0 and track_names(s) == []
    assert suns(s, 0) == ([13, 5, 2], [1])
    assert display(s, 1) == {} and display(s, 2) == {}


@pytest.mark.rule("RA-AUCT-4")
def test_bidding_order_left_of_ra_player_ra_player_last():
    s = play(new(4), "draw tile:pharaoh draw tile:ra")  # seat 1 is the Ra player (T1)
    order = []
    while s.phase == AUCTION:
        order.append(s.current_player())
        play(s, "pass")
    assert order == [2, 3, 0, 1]  # RA-AUCT-4: one opportunity each, Ra player last
    assert s.current_player() == 2


@pytest.mark.rule("RA-AUCT-4")
def test_one_opportunity_each_auction_ends_after_ra_player():
    s = play(new(3), "draw tile:ra")  # seat 0 is the Ra player
    play(s, "bid:9")  # seat 1
    play(s, "bid:10")  # seat 2
    assert s.current_player() == 0
    play(s, "pass")
    # seat 1 had no second chance to raise: seat 2 won
    assert s.phase == TURN  # RA-AUCT-4
    assert suns(s, 2) == ([11, 7, 4], [1]) and s.centre == 10
    assert suns(s, 1) == ([12, 9, 6, 3], [])


@pytest.mark.rule("RA-AUCT-4", "RA-TURN-2")
def test_players_out_of_the_epoch_are_skipped_in_bidding():
    s = new(4, suns=[[13, 6], [12], [11, 8], [10, 9]])
    play(s, "ra bid:12 pass pass pass")  # seat 1 spends his only sun
    assert suns(s, 1)[0] == []
    # Ra player was seat 0: play continues with seat 1, who is out -> seat 2
    assert s.current_player() == 2
    play(s, "draw tile:pharaoh draw tile:ra")  # seat 3 draws Ra
    order = []
    while s.phase == AUCTION:
        order.append(s.current_player())
        play(s, "pass")
    assert order == [0, 2, 3]  # RA-AUCT-4: seat 1 skipped


@pytest.mark.rule("RA-AUCT-5")
def test_bid_must_beat_highest_bid():
    s = play(new(3), "draw tile:pharaoh draw tile:ra")  # seat 1 Ra player, seat 2 bids first
    assert legal(s) == ["pass", "bid:4", "bid:7", "bid:10", "bid:11"]
    play(s, "bid:10")
    assert legal(s) == ["pass", "bid:13"]  # RA-AUCT-5: seat 0 may only beat 10
    assert_illegal(s, "bid:8")
    assert_illegal(s, "bid:2")
    play(s, "pass")
    assert legal(s) == ["pass", "bid:12"]
    assert_illegal(s, "bid:9")


@pytest.mark.rule("RA-AUCT-5")
def test_only_own_face_up_suns_can_be_bid():
    s = play(new(3), "draw tile:pharaoh ra")  # seat 1 Ra player
    assert_illegal(s, "bid:13")  # seat 2 does not own sun 13
    assert_illegal(s, "bid:1")  # the centre sun belongs to nobody
    play(s, "pass bid:13 pass")  # seat 0 wins: sun 1 face down, centre 13
    play(s, "ra pass bid:12 pass")  # seat 2 Ra player; seat 1 wins with 12, takes 13 face down
    assert suns(s, 1) == ([9, 6, 3], [13])
    play(s, "ra")  # seat 0 Ra player; seat 1 bids first
    assert s.current_player() == 1
    assert "bid:13" not in legal(s)  # RA-AUCT-5: face-down suns cannot be bid
    assert_illegal(s, "bid:13")


@pytest.mark.rule("RA-AUCT-6", "RA-TEST-16")
def test_voluntary_invocation_ra_player_must_bid_if_all_others_pass():
    s = play(new(3), "draw tile:pharaoh ra")  # A = seat 1 invokes Ra, track not full
    play(s, "pass pass")  # B = seat 2 and C = seat 0 pass
    assert s.current_player() == 1
    assert legal(s) == ["bid:3", "bid:6", "bid:9", "bid:12"]  # RA-TEST-16: no pass
    assert_illegal(s, "pass")
    play(s, "bid:3")
    assert display(s, 1) == {"pharaoh": 1} and s.centre == 3


@pytest.mark.rule("RA-AUCT-6", "RA-TEST-16")
def test_voluntary_invocation_ra_player_may_pass_after_another_bid():
    s = play(new(3), "draw tile:pharaoh ra bid:7 pass")  # B = seat 2 bids 7, seat 0 passes
    assert s.current_player() == 1
    assert legal(s) == ["pass", "bid:9", "bid:12"]  # RA-TEST-16: A may pass
    play(s, "pass")
    assert display(s, 2) == {"pharaoh": 1} and s.centre == 7  # seat 2 won


@pytest.mark.rule("RA-AUCT-6", "RA-TEST-17")
def test_forced_invocation_all_pass_discards_track():
    s = new(3)
    for t in EIGHT:
        play(s, f"draw tile:{t}")
    before = list(s.discard)
    play(s, "ra")  # A = seat 2, forced (T3)
    while s.phase == AUCTION:
        assert "pass" in legal(s)  # RA-AUCT-6 T3: everybody may pass, the Ra player too
        play(s, "pass")
    assert s.track_n == 0 and track_names(s) == []  # RA-TEST-17
    gained = [a - b for a, b in zip(s.discard, before)]
    assert sum(gained) == 8
    assert gained[TILE_INDEX["pharaoh"]] == 2 and gained[TILE_INDEX["nile"]] == 2
    assert gained[TILE_INDEX["temple"]] == 1
    assert s.centre == 1  # centre sun unchanged
    assert all(display(s, p) == {} for p in range(3))
    assert s.current_player() == 0 and "draw" in legal(s)


@pytest.mark.rule("RA-AUCT-6", "RA-TEST-18", "RA-TURN-8")
def test_ra_tile_auction_all_pass_changes_nothing():
    s = play(new(3), "draw tile:pharaoh draw tile:gold draw tile:ra")  # A = seat 2 draws Ra
    assert s.ra_player == 2
    assert legal(s) == ["pass", "bid:2", "bid:5", "bid:8", "bid:13"]
    play(s, "pass pass")
    assert "pass" in legal(s)  # RA-AUCT-6 T1: the Ra player may pass too
    play(s, "pass")
    assert track_names(s) == ["pharaoh", "gold"]  # RA-TEST-18: tiles remain
    assert s.centre == 1 and sum(s.discard) == 0
    assert all(suns(s, p)[1] == [] for p in range(3))
    assert s.current_player() == 0  # play continues with A's left neighbour


@pytest.mark.rule("RA-AUCT-6")
def test_invocation_with_full_track_ra_player_need_not_bid():
    s = setup(new(3), track=EIGHT)
    play(s, "ra pass pass")
    assert s.current_player() == 0 and legal(s)[0] == "pass"  # RA-AUCT-6 T3 (not T2)


@pytest.mark.rule("RA-AUCT-6", "RA-TURN-9")
def test_last_player_standing_may_pass_a_forced_auction():
    s = new(3, suns=[[13, 8], [12], [11]])
    play(s, "ra bid:12 pass pass ra pass bid:11")  # seats 1 and 2 are out
    assert s.current_player() == 0
    for t in EIGHT:
        play(s, f"draw tile:{t}")
    play(s, "ra")
    assert s.trigger == T3_FORCED and legal(s) == ["pass", "bid:8", "bid:13"]  # RA-AUCT-6 T3
    play(s, "pass")
    assert s.track_n == 0 and s.centre == 11 and suns(s, 0) == ([13, 8], [])
    assert s.current_player() == 0


# -- winning ---------------------------------------------------------------------------------------
@pytest.mark.rule("RA-AUCT-7", "RA-TEST-19")
def test_sun_swap():
    s = play(new(3), "draw tile:pharaoh ra pass bid:13 pass")  # B = seat 0 wins with 13
    assert s.centre == 13  # RA-TEST-19
    up, down = suns(s, 0)
    assert down == [1]  # the old centre sun, face down
    assert 13 not in up and up == [8, 5, 2]
    assert display(s, 0) == {"pharaoh": 1}


@pytest.mark.rule("RA-AUCT-7")
def test_losing_bids_are_not_spent():
    s = play(new(3), "draw tile:pharaoh ra bid:10 bid:13 pass")  # seat 1 Ra player bids last
    assert suns(s, 0) == ([8, 5, 2], [1]) and s.centre == 13
    assert suns(s, 2) == ([11, 10, 7, 4], [])  # RA-AUCT-7: 10 was bid but stays usable
    assert suns(s, 1) == ([12, 9, 6, 3], [])
    assert s.current_player() == 2
    play(s, "ra pass pass bid:10")  # seat 2 bids the same sun again, and wins
    assert suns(s, 2) == ([11, 7, 4], [13]) and s.centre == 10


@pytest.mark.rule("RA-AUCT-7")
def test_disasters_are_resolved_after_the_other_tiles_are_placed():
    s = setup(new(3), track=["funeral", "pharaoh", "gold", "drought", "nile", "flood"])
    play(s, "ra pass pass bid:2")  # seat 0 must bid (T2)
    # the pharaoh, Nile and flood of the same lot are destroyed: they were placed first
    assert display(s, 0) == {"gold": 1}  # RA-AUCT-7
    assert s.discard[TILE_INDEX["funeral"]] == 1 and s.discard[TILE_INDEX["drought"]] == 1
    assert s.discard[TILE_INDEX["pharaoh"]] == 1 and s.discard[TILE_INDEX["flood"]] == 1
    assert suns(s, 0) == ([13, 8, 5], [1]) and s.centre == 2
    assert s.current_player() == 1


@pytest.mark.rule("RA-AUCT-7")
def test_winner_with_disaster_choice_then_play_continues():
    s = setup(new(3), track=["earthquake", "temple", "pyramid", "sphinx"])
    play(s, "ra pass bid:11 pass")  # seat 0 Ra player, seat 2 wins
    assert s.current_player() == 2 and s.centre == 11
    assert sorted(legal(s)) == ["discard:pyramid", "discard:sphinx", "discard:temple"]
    play(s, "discard:temple discard:sphinx")
    assert display(s, 2) == {"pyramid": 1}
    assert s.current_player() == 1 and s.phase == TURN  # RA-TURN-8 after the choices


@pytest.mark.rule("RA-AUCT-8")
def test_auction_with_empty_track_wins_only_the_centre_sun():
    s = new(3)
    assert s.track_n == 0
    play(s, "ra pass bid:11 pass")
    assert display(s, 2) == {}  # RA-AUCT-8
    assert suns(s, 2) == ([10, 7, 4], [1]) and s.centre == 11
    s = play(new(3), "draw tile:ra bid:3 pass pass")  # T1 with an empty track
    assert suns(s, 1) == ([12, 9, 6], [1]) and s.centre == 3


# -- after the auction -----------------------------------------------------------------------------
@pytest.mark.rule("RA-AUCT-9")
def test_ra_figure_returns_after_the_auction():
    s = play(new(3), "draw tile:pharaoh ra")
    assert s.player_view(None)["auction"]["ra_player"] == 1
    play(s, "pass pass bid:3")
    assert s.player_view(None)["auction"] is None  # RA-AUCT-9
    assert "Ra player" not in str(s)
    assert s.current_player() == 2


@pytest.mark.rule("RA-AUCT-9", "RA-EPOCH-2")
def test_winner_bidding_last_sun_is_out_and_epoch_may_end():
    s = new(3, suns=[[13, 8], [12], [11]])
    play(s, "draw tile:pharaoh ra")  # seat 1 Ra player, bids his last sun
    play(s, "pass pass bid:12")
    assert suns(s, 1) == ([], [1]) and s.player_view(None)["seats"][1]["in_epoch"] is False  # RA-AUCT-9
    assert s.current_player() == 2 and s.epoch == 1
    play(s, "ra pass bid:11")  # seat 2 out too
    assert s.current_player() == 0
    play(s, "ra bid:8")  # seat 0 is alone: T2, he must bid
    assert s.epoch == 1 and s.current_player() == 0 and suns(s, 0)[0] == [13]
    play(s, "draw tile:gold ra")
    assert legal(s) == ["bid:13"]
    play(s, "bid:13")  # the last face-up sun is spent: the epoch ends (RA-AUCT-9)
    assert s.epoch == 2  # RA-AUCT-9
    assert display(s, 0) == {}  # the gold was won and scored (+3), then discarded

"""Ra: god tiles (RA-GOD, RA-TEST-23, RA-TEST-24)."""

from __future__ import annotations

import pytest

import heliopolis
from heliopolis.games.ra.components import GOD, TILE_INDEX
from heliopolis.games.ra.state import AUCTION, GOD_TURN, TURN
from tests.games.ra.helpers import assert_illegal, display, legal, new, play, setup, suns


def god_moves(s) -> list[str]:
    return sorted(m for m in legal(s) if m.startswith("god:"))


def epoch_categories(s, epoch: int, seat: int) -> dict[str, int]:
    return s.player_view(seat)["epoch_scores"][epoch - 1]["seats"][seat]["categories"]


@pytest.mark.rule("RA-GOD-1")
def test_gods_are_won_in_auctions_and_kept_in_the_display():
    s = play(new(3), "draw tile:god draw tile:ra")  # seat 1 draws Ra; the lot holds a god
    play(s, "pass bid:13 pass")  # seat 0 wins
    assert display(s, 0) == {"god": 1}  # RA-GOD-1
    assert s.disp[0 * 23 + GOD] == 1 and GOD not in s.track


@pytest.mark.rule("RA-GOD-1", "RA-GOD-2")
def test_gods_cannot_take_god_tiles():
    with pytest.raises(heliopolis.NotationError):
        new(3).string_to_action("god:god")
    s = setup(new(3), track=["god", "god"], displays={0: {"god": 1}})
    assert god_moves(s) == []  # RA-GOD-1: only god tiles on the track
    assert legal(s) == ["draw", "ra"]


@pytest.mark.rule("RA-GOD-2")
def test_each_god_takes_one_tile_of_the_players_choice():
    s = setup(new(3), track=["pharaoh", "nile", "gold", "god"], displays={0: {"god": 3}})
    assert god_moves(s) == ["god:gold", "god:nile", "god:pharaoh"]  # RA-GOD-2
    play(s, "god:nile")
    assert display(s, 0) == {"god": 2, "nile": 1}
    assert s.phase == GOD_TURN and s.current_player() == 0
    assert sorted(legal(s)) == ["done", "god:gold", "god:pharaoh"]
    play(s, "god:gold")
    assert display(s, 0) == {"god": 1, "nile": 1, "gold": 1}
    play(s, "done")
    assert s.phase == TURN and s.current_player() == 1
    assert s.track_n == 2  # pharaoh and the god tile remain


@pytest.mark.rule("RA-GOD-2")
def test_number_of_gods_limited_by_gods_held():
    s = setup(new(3), track=["pharaoh", "nile", "gold"], displays={0: {"god": 2}})
    play(s, "god:pharaoh god:nile")
    # no god left: the turn ends at once, the gold stays on the track
    assert s.phase == TURN and s.current_player() == 1  # RA-GOD-2: k <= gods held
    assert display(s, 0) == {"pharaoh": 1, "nile": 1}
    assert s.track_n == 1


@pytest.mark.rule("RA-GOD-2")
def test_number_of_gods_limited_by_non_god_tiles():
    s = setup(new(3), track=["pharaoh", "god", "nile"], displays={0: {"god": 3}})
    play(s, "god:pharaoh god:nile")
    # only a god tile is left on the track: the turn ends with one god unspent
    assert s.phase == TURN and s.current_player() == 1  # RA-GOD-2: k <= non-god tiles
    assert display(s, 0) == {"god": 1, "pharaoh": 1, "nile": 1}


@pytest.mark.rule("RA-GOD-2")
def test_god_needs_a_tile_to_take():
    s = setup(new(3), displays={0: {"god": 2}})
    assert god_moves(s) == []  # RA-GOD-2: empty track, no god play
    assert_illegal(s, "god:pharaoh")
    setup(s, track=["nile"])
    assert_illegal(s, "god:pharaoh")  # not on the track
    assert god_moves(s) == ["god:nile"]


@pytest.mark.rule("RA-GOD-2")
def test_god_play_requires_holding_a_god():
    s = setup(new(3), track=["pharaoh"])
    assert god_moves(s) == []
    assert_illegal(s, "god:pharaoh")


@pytest.mark.rule("RA-GOD-3")
def test_spent_gods_leave_the_game():
    s = setup(new(3), track=["pharaoh", "nile"], displays={0: {"god": 2}})
    assert s.discard[GOD] == 0
    play(s, "god:pharaoh done")
    assert s.discard[GOD] == 1  # RA-GOD-3
    assert display(s, 0) == {"god": 1, "pharaoh": 1}
    assert GOD not in s.track and s.track_n == 1


@pytest.mark.rule("RA-GOD-4", "RA-TEST-24", "RA-TURN-2", "RA-GOD-8")
def test_out_of_suns_player_with_gods_is_skipped_and_scores_them():
    s = new(3, suns=[[13], [12, 9], [11, 10]])
    setup(s, displays={0: {"god": 2}}, track=["pharaoh"])
    assert "god:pharaoh" in legal(s)
    play(s, "ra pass pass bid:13")  # T2: seat 0 must bid his only sun
    assert suns(s, 0) == ([], [1]) and display(s, 0) == {"god": 2, "pharaoh": 1}
    # seat 0 is out: turns and bids go around him although he holds gods
    seen = []
    for t in ["nile", "art", "gold", "flood"]:
        seen.append(s.current_player())
        play(s, f"draw tile:{t}")
    assert 0 not in seen and seen == [1, 2, 1, 2]  # RA-TEST-24
    play(s, "ra")  # seat 1 invokes Ra: seat 2 bids, then seat 1; seat 0 is skipped
    assert s.current_player() == 2
    play(s, "pass")
    assert s.current_player() == 1
    play(s, "bid:12")
    assert s.current_player() == 2  # RA-GOD-4
    setup(s, ra_tiles=7)
    play(s, "draw tile:ra")  # the last Ra tile ends epoch 1
    assert s.epoch == 2
    assert epoch_categories(s, 1, 0)["god"] == 4  # RA-TEST-24: +2 per god
    assert display(s, 0).get("god", 0) == 0


@pytest.mark.rule("RA-GOD-5")
def test_gods_may_be_played_on_a_full_track():
    track = ["pharaoh", "nile", "gold", "art", "temple", "flood", "pharaoh", "nile"]
    s = setup(new(3), track=track, displays={0: {"god": 1}})
    assert "draw" not in legal(s) and "god:temple" in legal(s)  # RA-GOD-5
    play(s, "god:temple")
    assert s.track_n == 7 and s.track[4] == -1
    assert s.current_player() == 1 and "draw" in legal(s)  # the track has a free space again
    play(s, "draw tile:writing")
    assert s.track[4] == TILE_INDEX["writing"]


@pytest.mark.rule("RA-GOD-6")
@pytest.mark.parametrize("edition", ["1999", "2009"])
def test_disaster_taken_with_god_is_resolved_after_all_picks(edition):
    s = setup(new(3, edition=edition), track=["funeral", "pharaoh", "pharaoh"], displays={0: {"god": 3}})
    assert "god:funeral" in legal(s)  # RA-GOD-6: a god may take a disaster
    play(s, "god:funeral")
    # not resolved yet: the turn goes on
    assert s.phase == GOD_TURN and s.current_player() == 0
    play(s, "god:pharaoh god:pharaoh")
    # resolved after the picks: the funeral destroys the two pharaohs taken after it
    assert display(s, 0).get("pharaoh", 0) == 0  # RA-GOD-6
    assert s.discard[TILE_INDEX["funeral"]] == 1 and s.discard[TILE_INDEX["pharaoh"]] == 2
    assert s.phase == TURN and s.current_player() == 1


@pytest.mark.rule("RA-GOD-6")
def test_disaster_taken_with_god_is_resolved_with_done():
    s = setup(new(3), track=["pharaoh", "funeral", "nile"], displays={0: {"god": 3, "pharaoh": 1}})
    play(s, "god:funeral god:pharaoh")
    assert display(s, 0)["pharaoh"] == 2  # not yet resolved
    play(s, "done")
    assert display(s, 0) == {"god": 1}  # RA-GOD-6: two pharaohs destroyed
    assert s.current_player() == 1


@pytest.mark.rule("RA-GOD-6")
def test_disaster_with_choice_taken_by_god():
    s = setup(new(3), track=["unrest", "art"], displays={0: {"god": 2, "religion": 1, "writing": 1}})
    play(s, "god:unrest god:art")
    # three civilization kinds, two must go: the player chooses
    assert s.current_player() == 0
    assert sorted(legal(s)) == ["discard:art", "discard:religion", "discard:writing"]
    play(s, "discard:art discard:writing")
    assert display(s, 0) == {"religion": 1}  # RA-GOD-6
    assert s.current_player() == 1 and s.phase == TURN


@pytest.mark.rule("RA-GOD-7")
def test_god_play_has_no_other_effects():
    s = play(new(3), "draw tile:pharaoh ra pass bid:13 pass")  # seat 0 wins sun 1; centre is 13
    setup(s, track=["nile", "gold"], displays={2: {"god": 1}})
    assert s.current_player() == 2
    up, down, centre, ra_n = list(s.up), list(s.down), s.centre, s.ra_n
    play(s, "god:gold")
    assert (s.up, s.down, s.centre, s.ra_n) == (up, down, centre, ra_n)  # RA-GOD-7
    assert s.phase == TURN and s.current_player() == 0  # no auction
    assert s.player_view(None)["auction"] is None


@pytest.mark.rule("RA-GOD-8")
def test_unused_gods_score_two_each_and_are_discarded():
    s = setup(new(3), displays={0: {"god": 3}, 1: {"god": 1}}, ra_tiles=7)
    gods_discarded = s.discard[GOD]
    play(s, "draw tile:ra")
    assert s.epoch == 2
    assert epoch_categories(s, 1, 0)["god"] == 6  # RA-GOD-8
    assert epoch_categories(s, 1, 1)["god"] == 2
    assert epoch_categories(s, 1, 2)["god"] == 0
    # 10 + 6 (gods) - 5 (no civilization); pharaohs all equal
    assert s.points == [11, 7, 5]
    assert display(s, 0) == {} and display(s, 1) == {}
    assert s.discard[GOD] == gods_discarded + 4


@pytest.mark.rule("RA-TEST-23", "RA-GOD-2")
def test_two_gods_god_and_pharaoh_on_track():
    s = setup(new(3), track=["god", "pharaoh"], displays={0: {"god": 2}})
    assert god_moves(s) == ["god:pharaoh"]  # RA-TEST-23: only the pharaoh may be taken
    assert_illegal(s, "done")
    play(s, "god:pharaoh")
    # at most one god: no second pick is offered, the turn has passed on
    assert s.phase == TURN and s.current_player() == 1  # RA-TEST-23
    assert display(s, 0) == {"god": 1, "pharaoh": 1}
    assert [t for t in s.track if t >= 0] == [GOD]


@pytest.mark.rule("RA-GOD-2", "RA-TURN-3")
def test_god_turn_allows_only_gods_or_done():
    s = setup(new(3), track=["pharaoh", "nile", "gold"], displays={0: {"god": 2}})
    play(s, "god:pharaoh")
    assert s.phase == GOD_TURN
    assert_illegal(s, "draw")
    assert_illegal(s, "ra")
    assert_illegal(s, "pass")
    assert_illegal(s, "god:temple")
    assert s.phase != AUCTION

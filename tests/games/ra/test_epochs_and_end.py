"""Ra: epochs and the end of the game (RA-EPOCH, RA-END, RA-TEST-20, RA-TEST-21)."""

from __future__ import annotations

import pytest

import heliopolis
from heliopolis.core.game import TERMINAL
from heliopolis.games.ra.components import TILE_COUNTS, TILE_INDEX
from heliopolis.games.ra.state import AUCTION, END, TURN
from tests.games.ra.helpers import display, legal, new, play, setup, suns

RA = TILE_INDEX["ra"]


def draw_ra_until_epoch_ends(s) -> None:
    """The player to move draws Ra tiles; every T1 auction is passed by everybody."""
    e = s.epoch
    while s.epoch == e and not s.is_terminal():
        play(s, "draw tile:ra")
        while s.phase == AUCTION:
            play(s, "pass")


def categories(s, epoch: int, seat: int) -> dict[str, int]:
    return s.player_view(seat)["epoch_scores"][epoch - 1]["seats"][seat]["categories"]


def spend_all_suns(s) -> int:
    """Each player in turn invokes Ra; only the Ra player bids (his lowest sun). Returns auctions."""
    auctions = 0
    e = s.epoch
    while s.epoch == e:
        assert s.phase == TURN and s.epoch == e
        play(s, "ra")
        auctions += 1
        while s.phase == AUCTION:
            moves = legal(s)
            play(s, "pass" if "pass" in moves else moves[0])
    return auctions


# -- RA-EPOCH ----------------------------------------------------------------------------------------
@pytest.mark.rule("RA-EPOCH-2", "RA-EPOCH-1", "RA-AUCT-9")
def test_epoch_ends_when_all_suns_are_spent():
    s = play(new(3), "draw tile:ra pass pass pass")  # one Ra tile on the track
    assert s.ra_n == 1
    before = s.clone()
    n = spend_all_suns(s)
    assert n == 12  # every sun of every player was spent, one per auction
    assert s.epoch == 2 and s.phase == TURN  # RA-EPOCH-2: the Ra track was far from full
    assert s.ra_n == 0 and s.discard[RA] == 1  # RA-EPOCH-2: the Ra tile is discarded
    # one auction earlier the epoch was still running
    spend = before.clone()
    for _ in range(11):
        play(spend, "ra")
        while spend.phase == AUCTION:
            m = legal(spend)
            play(spend, "pass" if "pass" in m else m[0])
    assert spend.epoch == 1 and sum(1 for p in range(3) if spend.up[p]) == 1


@pytest.mark.rule("RA-EPOCH-3", "RA-EPOCH-1", "RA-EPOCH-5")
def test_epoch_ends_when_ra_track_fills():
    s = play(new(3), "draw tile:pharaoh ra pass bid:13 pass")  # seat 0 wins: centre sun 13
    play(s, "draw tile:gold draw tile:nile")  # seats 2 and 0
    assert s.current_player() == 1
    for _ in range(7):
        play(s, "draw tile:ra pass pass pass")
    assert s.ra_n == 7 and s.epoch == 1 and s.current_player() == 2
    bag_before = list(s.bag)
    play(s, "draw tile:ra")  # seat 2 draws the 8th Ra tile
    assert s.epoch == 2 and s.phase == TURN  # RA-EPOCH-3: no auction
    assert s.discard[RA] == 8 and s.ra_n == 0
    assert s.discard[TILE_INDEX["gold"]] == 1 and s.discard[TILE_INDEX["nile"]] == 1
    assert s.track_n == 0
    assert s.centre == 13  # only the centre sun stays on the board
    assert suns(s, 1) == ([12, 9, 6, 3], []) and suns(s, 2) == ([11, 10, 7, 4], [])  # unused suns stay
    assert display(s, 0) == {"pharaoh": 1}  # the won pharaoh is kept (RA-SCORE-3)
    bag_before[RA] -= 1
    assert s.bag == bag_before  # the supply is not refilled (RA-EPOCH-4)
    # RA-EPOCH-5: seat 1 holds the highest sun (12); seat 0 lost his 13, seat 0 would be next in turn
    assert s.current_player() == 1  # RA-EPOCH-5


@pytest.mark.rule("RA-EPOCH-3", "RA-TEST-20")
def test_last_ra_tile_with_four_players():
    s = new(4)
    for _ in range(8):
        play(s, "draw tile:ra pass pass pass pass")
    assert s.ra_n == 8
    play(s, "draw tile:pharaoh draw tile:gold draw tile:temple")
    assert s.track_n == 3 and s.epoch == 1
    drawer = s.current_player()
    play(s, "draw tile:ra")  # A draws the 9th Ra tile
    assert s.phase != AUCTION and s.ra_player == -1  # RA-TEST-20: no auction
    assert s.discard[RA] == 9  # RA-TEST-20
    for t in ("pharaoh", "gold", "temple"):
        assert s.discard[TILE_INDEX[t]] == 1
    assert all(display(s, p) == {} for p in range(4))
    assert len(s.epoch_log) == 1 and s.epoch == 2  # scoring follows
    assert s.points == [5, 5, 5, 5]  # -5 each for no civilization
    assert drawer != 0 and s.current_player() == 0  # seat 0 holds 13


@pytest.mark.rule("RA-EPOCH-4")
def test_scoring_and_reset_after_an_epoch():
    s = play(new(3), "draw tile:gold ra pass bid:13 pass")  # seat 0: gold, sun 1 face down
    play(s, "draw tile:pharaoh draw tile:art ra pass pass bid:9")  # seat 1: pharaoh, art, sun 13
    assert s.centre == 9
    assert suns(s, 0) == ([8, 5, 2], [1]) and suns(s, 1) == ([12, 6, 3], [13])
    assert s.current_player() == 2
    setup(s, ra_tiles=7)
    centre, bag_total = s.centre, s.bag_total
    play(s, "draw tile:ra")
    assert s.epoch == 2
    # 1. scored: seat 0 gold +3, fewest pharaohs -2, no civilization -5
    c0 = categories(s, 1, 0)
    assert (c0["gold"], c0["pharaoh"], c0["civilization"]) == (3, -2, -5)
    assert s.points == [6, 15, 3]  # RA-EPOCH-4
    assert display(s, 0) == {} and display(s, 1) == {"pharaoh": 1}
    # 2. face-down suns turned face up
    assert all(suns(s, p)[1] == [] for p in range(3))  # RA-EPOCH-4
    assert suns(s, 0)[0] == [8, 5, 2, 1] and suns(s, 1)[0] == [13, 12, 6, 3]
    # 3. tracks empty, centre sun stays, supply not refilled
    assert s.track_n == 0 and s.ra_n == 0 and s.track == [-1] * 8
    assert s.centre == centre
    assert s.bag_total == bag_total - 1
    assert s.current_player() == 1  # RA-EPOCH-5: seat 1 has 13 again (seat 0 would be next in turn)


@pytest.mark.rule("RA-EPOCH-5")
def test_highest_sun_starts_after_epoch_ended_by_spent_suns():
    s = new(3, suns=[[13, 2], [12], [11]])
    play(s, "ra bid:12 pass pass")  # seat 1 wins sun 1 with 12
    play(s, "ra pass bid:11")  # seat 2 Ra player, wins sun 12 with 11
    assert suns(s, 2) == ([], [12])
    play(s, "ra bid:2")  # seat 0 alone: centre 11 face down, 2 to the centre
    play(s, "ra bid:13")  # seat 0 spends his last sun: epoch over
    assert s.epoch == 2
    assert suns(s, 0) == ([11, 2], []) and suns(s, 2) == ([12], []) and suns(s, 1) == ([1], [])
    assert s.centre == 13
    assert s.current_player() == 2  # RA-EPOCH-5: seat 2 now holds the highest sun


@pytest.mark.rule("RA-EPOCH-6", "RA-END-1")
def test_game_has_exactly_three_epochs():
    s = new(3)
    for e in (1, 2):
        draw_ra_until_epoch_ends(s)
        assert s.epoch == e + 1 and not s.is_terminal()  # RA-EPOCH-6
    draw_ra_until_epoch_ends(s)
    assert s.is_terminal() and s.phase == END  # RA-END-1
    assert len(s.epoch_log) == 3
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    assert s.discard[RA] == 24 and s.bag[RA] == TILE_COUNTS[RA] - 24


@pytest.mark.rule("RA-END-1", "RA-EPOCH-6")
def test_final_scoring_includes_monuments_and_sun_sums():
    s = setup(new(3), displays={0: {"pyramid": 3}})
    draw_ra_until_epoch_ends(s)
    assert categories(s, 1, 0)["monument"] == 0 and categories(s, 1, 0)["sun"] == 0
    assert display(s, 0) == {"pyramid": 3}  # monuments stay until the end
    draw_ra_until_epoch_ends(s)
    assert not s.is_terminal()
    draw_ra_until_epoch_ends(s)
    assert s.is_terminal()
    # monuments: 1 kind (1) + three identical (+5); sun sums 28 / 30 / 32
    assert categories(s, 3, 0)["monument"] == 6  # RA-END-1
    assert [categories(s, 3, p)["sun"] for p in range(3)] == [-5, 0, 5]
    assert s.player_view(None)["terminal"] is True and s.player_view(None)["winners"] == s.winners()


@pytest.mark.rule("RA-END-1")
def test_no_action_after_the_end():
    s = new(3)
    for _ in range(3):
        draw_ra_until_epoch_ends(s)
    assert s.is_terminal()
    for move in ("draw", "ra", "pass", "bid:13", "tile:ra"):
        before_json, before = s.to_json(), s.clone()
        with pytest.raises(heliopolis.IllegalActionError):
            s.apply_action(s.string_to_action(move))
        assert s.to_json() == before_json and s == before


# -- RA-END ----------------------------------------------------------------------------------------
@pytest.mark.rule("RA-END-2")
def test_most_points_wins():
    s = new(3)
    draw_ra_until_epoch_ends(s)
    draw_ra_until_epoch_ends(s)
    with pytest.raises(ValueError):
        s.winners()
    setup(s, points=[20, 31, 25], ra_tiles=7)
    play(s, "draw tile:ra")
    assert s.is_terminal()
    # civilization -5 each, sun sums -5 / 0 / +5
    assert s.scores() == [10, 26, 25]
    assert s.winners() == [1]  # RA-END-2
    assert s.returns()[1] == max(s.returns())


@pytest.mark.rule("RA-END-3", "RA-TEST-21")
@pytest.mark.parametrize("a_seat", [0, 1])
def test_tie_break_by_single_highest_sun(a_seat):
    a_suns, b_suns = [13, 4, 2], [12, 9, 8]
    sun_sets = [a_suns, b_suns] if a_seat == 0 else [b_suns, a_suns]
    s = new(2, suns=sun_sets)
    draw_ra_until_epoch_ends(s)
    draw_ra_until_epoch_ends(s)
    assert s.epoch == 3
    b_seat = 1 - a_seat
    pts = [0, 0]
    pts[a_seat], pts[b_seat] = 50, 40  # A: -5 civ, -5 sun sum (19 vs 29); B: -5 civ, +5 sun sum
    setup(s, points=pts, ra_tiles=5)
    play(s, "draw tile:ra")
    assert s.is_terminal()
    assert s.scores() == [40, 40]  # RA-TEST-21: tied totals
    assert s.winners() == [a_seat]  # RA-TEST-21: A holds 13 > 12, though B's sum is higher


@pytest.mark.rule("RA-END-3")
def test_tie_break_counts_face_down_suns():
    s = new(2, suns=[[13, 4, 2], [12, 9, 8]])  # A = seat 0, B = seat 1
    draw_ra_until_epoch_ends(s)
    draw_ra_until_epoch_ends(s)
    assert s.epoch == 3 and s.current_player() == 0
    play(s, "ra bid:12 pass")  # B wins sun 1 with 12; centre 12
    play(s, "ra bid:13 pass")  # A wins sun 12 with 13; centre 13
    assert suns(s, 0) == ([4, 2], [12]) and suns(s, 1) == ([9, 8], [1])
    setup(s, points=[30, 30], ra_tiles=5)
    play(s, "draw tile:ra")
    assert s.is_terminal()
    assert s.scores() == [25, 25]  # sun sums 18 = 18: no sun points; -5 civilization each
    # A's highest sun is the face-down 12, B's is 9 (the centre sun 13 belongs to nobody)
    assert s.winners() == [0]  # RA-END-3

"""Ra: the interpretations chosen in section 13 of the spec (RA-AMB-1..24)."""

from __future__ import annotations

import json
import random

import pytest

from heliopolis.core.errors import IllegalActionError
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import DATA, TILE_COUNTS, TILE_INDEX
from heliopolis.games.ra.phases import B_DISCARD, C_BAG
from heliopolis.games.ra.scoring import (
    CATEGORIES,
    civilization_points,
    floor_total,
    monument_points,
    pharaoh_points,
    sun_points,
)
from heliopolis.games.ra.state import AUCTION, DISCARD, DRAWN, GOD_TURN, TURN
from tests.games.ra.helpers import display, legal, new, play, setup, suns


def end_epoch(s):
    assert s.ra_n == 0 and s.phase == TURN
    setup(s, ra_tiles=s.ra_needed - 1)
    return play(s, "draw tile:ra")


def cat(s, epoch_index, seat, name):
    return s.epoch_log[epoch_index][1][seat][CATEGORIES.index(name)]


def empty_supply(s):
    """Moves the whole remaining supply to the discard (a test set-up, RA-TURN-5 / RA-AMB-4)."""
    for t, c in enumerate(s.bag):
        s._board()[B_DISCARD + t] += c
        s.cells[C_BAG + t] = 0
    s.bag_total = 0
    s.check_invariants()


@pytest.mark.rule("RA-AMB-1")
@pytest.mark.parametrize("edition", ["1999", "2009"])
def test_god_takes_disaster_resolved_after_all_picks(edition):
    s = new(3, edition)
    setup(s, track=["funeral", "pharaoh", "gold"], displays={0: {"god": 2, "pharaoh": 1}})
    assert "god:funeral" in legal(s)  # RA-AMB-1: allowed in both editions
    play(s, "god:funeral")
    assert s.phase == GOD_TURN and display(s, 0) == {"god": 1, "pharaoh": 1}  # not resolved yet
    play(s, "god:pharaoh")
    # Resolved after the second pick: both pharaohs (the old one and the one just taken) go.
    assert display(s, 0) == {}  # RA-AMB-1
    assert s.discard[TILE_INDEX["funeral"]] == 1 and s.discard[TILE_INDEX["god"]] == 2
    assert s.cur == 1 and [t for t in s.track if t >= 0] == [TILE_INDEX["gold"]]


@pytest.mark.rule("RA-AMB-2")
def test_last_ra_tile_auction_tiles_lost():
    s = new(3, "2009")
    setup(s, displays={1: {"god": 2}})
    play(s, "draw tile:gold draw tile:pharaoh")
    setup(s, ra_tiles=7)
    assert s.cur == 2
    play(s, "draw tile:ra")  # seat 2 fills the Ra track
    assert s.epoch == 2 and s.phase == TURN  # RA-AMB-2: no auction
    assert all(cat(s, 0, p, "gold") == 0 and cat(s, 0, p, "pharaoh") == 0 for p in range(3))  # nobody scores them
    assert s.discard[TILE_INDEX["gold"]] == 1 and s.discard[TILE_INDEX["pharaoh"]] == 1
    assert cat(s, 0, 1, "god") == 4  # held gods still score
    assert s.centre == 1 and suns(s, 2) == ([11, 10, 7, 4], [])  # centre sun and suns unchanged
    assert s.cur == 0  # the drawer did not become Ra player; RA-EPOCH-5 picks the starter


@pytest.mark.rule("RA-AMB-3")
def test_player_with_gods_but_no_sun_is_skipped():
    s = new(3, "2009", suns=[[13], [12, 5], [11, 4]])
    setup(s, displays={0: {"god": 2}}, track=["pharaoh"])
    play(s, "ra pass pass bid:13")  # seat 0 spends his only sun
    assert suns(s, 0) == ([], [1])
    assert s.cur == 1  # RA-AMB-3: skipped
    play(s, "draw tile:nile draw tile:gold")
    assert s.cur == 1  # seat 0 skipped again although gods could take tiles
    play(s, "ra")
    assert s.cur == 2  # and skipped in the bidding
    play(s, "pass bid:12")
    assert s.cur == 2 and display(s, 0) == {"god": 2, "pharaoh": 1}
    end_epoch(s)
    assert s.epoch == 2
    assert cat(s, 0, 0, "god") == 4  # RA-AMB-3: +2 per god at epoch end


@pytest.mark.rule("RA-AMB-4", "RA-TURN-5")
def test_empty_supply_guard():
    # The fact behind the guard: Ra tiles can never run out during play.
    for needed in DATA["ra_tiles_ending_epoch"].values():
        assert 3 * needed <= TILE_COUNTS[TILE_INDEX["ra"]]  # RA-AMB-4
    s = new(3, "2009")
    setup(s, track=["pharaoh", "gold"])
    empty_supply(s)
    assert legal(s) == ["ra"]  # RA-AMB-4: drawing illegal, invoking still legal
    with pytest.raises(IllegalActionError):
        play(s, "draw")
    # The epoch still ends: every voluntary invocation spends a sun.
    rng = random.Random(7)
    for _ in range(100):
        if s.epoch > 1:
            break
        s.apply_action(rng.choice(s.legal_actions()))
        assert "draw" not in legal(s)
    assert s.epoch == 2


@pytest.mark.rule("RA-AMB-5")
def test_every_invocation_with_full_track_is_forced():
    s = new(3, "2009")
    setup(s, track=["pharaoh"] * 8, displays={0: {"god": 1}})
    assert "god:pharaoh" in legal(s) and "draw" not in legal(s)  # gods possible, yet Ra is free to call
    play(s, "ra pass pass")
    assert s.player_view(None)["auction"]["trigger"] == "forced"
    assert "pass" in legal(s)  # RA-AMB-5: the Ra player need not bid
    play(s, "pass")
    assert s.track_n == 0 and s.discard[TILE_INDEX["pharaoh"]] == 8
    # The same invocation with 7 tiles is voluntary: the Ra player must bid.
    s = new(3, "2009")
    setup(s, track=["pharaoh"] * 7)
    play(s, "ra pass pass")
    assert "pass" not in legal(s)  # RA-AMB-5


@pytest.mark.rule("RA-AMB-6")
def test_netting_once_per_epoch():
    s = new(3, "2009")  # 2 points, +5 pharaohs, -5 civilization
    setup(s, displays={0: {"pharaoh": 1}, 1: {"art": 1}, 2: {"art": 1}}, points=[2, 10, 10])
    end_epoch(s)
    assert s.points[0] == 2  # RA-AMB-6 (not 5)
    s = new(3, "2009")  # 1 point, -2 pharaohs, +3 gold, civilization 0
    setup(s, displays={0: {"gold": 1, "art": 1}, 1: {"pharaoh": 1}, 2: {"pharaoh": 1}}, points=[1, 10, 10])
    end_epoch(s)
    assert s.points[0] == 2  # RA-AMB-6 (not 3)


@pytest.mark.rule("RA-AMB-7")
def test_unrest_spares_gold():
    s = new(3, "2009")
    setup(s, track=["unrest"], displays={0: {"gold": 2, "art": 1}})
    play(s, "ra pass pass bid:13")
    assert display(s, 0) == {"gold": 2}  # RA-AMB-7
    s = new(3, "2009")
    setup(s, track=["unrest"], displays={0: {"gold": 2}})
    play(s, "ra pass pass bid:13")
    assert display(s, 0) == {"gold": 2}  # RA-AMB-7: no civilization, nothing else lost


@pytest.mark.rule("RA-AMB-8", "RA-END-3")
def test_tie_break_by_single_highest_sun():
    s = new(2, "2009", suns=[[13, 4, 2], [12, 9, 8]])
    end_epoch(s)
    end_epoch(s)
    # Final epoch: sums 19 vs 29 -> A -5, B +5; no civilization -> -5 each. Totals tie at 40.
    setup(s, points=[50, 40])
    end_epoch(s)
    assert s.is_terminal() and s.points == [40, 40]
    assert s.winners() == [0]  # RA-AMB-8: 13 beats 12 (the sun sums would pick B)
    assert s.player_view(1)["winners"] == [0]


@pytest.mark.rule("RA-AMB-9", "RA-AMB-10")
def test_last_remaining_player():
    s = new(3, "2009", suns=[[13, 5], [12], [11]])
    play(s, "ra bid:12 pass pass")  # seat 1 wins with his only sun
    assert s.cur == 2
    play(s, "ra pass bid:11")  # seat 0 passes; seat 1 is out (skipped); seat 2 wins
    assert s.cur == 0 and not s.up[1] and not s.up[2]
    play(s, "draw tile:gold draw tile:ra")  # T1: seat 0 alone bids
    assert s.phase == AUCTION and s.cur == 0 and "pass" in legal(s)  # RA-AMB-9: may pass
    play(s, "pass")
    assert s.cur == 0 and s.phase == TURN and s.track_n == 1  # tiles stay; he keeps playing
    play(s, "ra")
    assert s.cur == 0 and "pass" not in legal(s)  # RA-AMB-9/10: T2, the others count as passed: must bid
    s2 = new(3, "2009", suns=[[13, 5], [12], [11]])
    play(s2, "ra bid:12 pass pass ra pass bid:11")
    setup(s2, track=["nile"] * 8)
    play(s2, "ra")
    assert s2.cur == 0 and "pass" in legal(s2)  # RA-AMB-9: T3, may pass
    play(s2, "pass")
    assert s2.track_n == 0 and s2.discard[TILE_INDEX["nile"]] == 8 and s2.cur == 0


@pytest.mark.rule("RA-AMB-10")
def test_out_players_skipped_in_bidding():
    s = new(3, "2009", suns=[[13, 5], [12], [11, 4]])
    play(s, "ra bid:12 pass pass")  # seat 1 out
    play(s, "draw tile:gold")  # seat 2
    assert s.cur == 0
    play(s, "ra")
    assert s.cur == 2  # seat 1 skipped
    play(s, "pass")
    assert s.cur == 0 and "pass" not in legal(s)  # RA-AMB-10: seat 1 counts as having passed
    assert s.player_view(None)["auction"]["bids"] == [None, None, "pass"]


@pytest.mark.rule("RA-AMB-11")
def test_leftmost_gap_refilled():
    s = new(3, "2009")
    setup(s, track=["pharaoh", "gold", "nile"], displays={0: {"god": 1}})
    play(s, "god:gold")
    assert s.player_view(None)["auction_track"][:4] == ["pharaoh", None, "nile", None]
    play(s, "draw tile:art")
    assert s.player_view(None)["auction_track"][:4] == ["pharaoh", "art", "nile", None]  # RA-AMB-11
    play(s, "draw tile:temple")
    assert s.player_view(None)["auction_track"][:4] == ["pharaoh", "art", "nile", "temple"]


@pytest.mark.rule("RA-AMB-12", "RA-INFO-1")
def test_face_down_suns_public():
    s = new(3, "1999")
    play(s, "ra pass pass bid:13")
    for viewer in (None, 1, 2):
        seat0 = s.player_view(viewer)["seats"][0]
        assert seat0["suns_down"] == [1] and seat0["suns_up"] == [8, 5, 2]  # RA-AMB-12
        assert seat0["points"] is None  # scores hidden, suns not
    json.dumps(s.player_view(None))


@pytest.mark.rule("RA-AMB-13", "RA-DIFF-4")
def test_draw_identity_decided_by_chance():
    s = new(3, "1999")
    assert not any(legal(s)[i].startswith("tile:") for i in range(len(legal(s))))
    play(s, "draw")
    assert s.phase == DRAWN and s.current_player() < 0  # RA-AMB-13: not the player's choice
    probs = dict(s.chance_outcomes())
    assert probs[A.TILE_BASE + TILE_INDEX["ra"]] == pytest.approx(30 / 180)
    assert probs[A.TILE_BASE + TILE_INDEX["gold"]] == pytest.approx(5 / 180)  # uniform over the tiles
    assert sum(probs.values()) == pytest.approx(1.0)


@pytest.mark.rule("RA-AMB-14")
def test_god_must_take_a_tile():
    s = new(3, "2009")
    setup(s, track=["god", "god"], displays={0: {"god": 2}})
    assert legal(s) == ["draw", "ra"]  # RA-AMB-14: no eligible tile, no god play
    with pytest.raises(IllegalActionError):
        play(s, "done")
    s = new(3, "2009")
    setup(s, track=["gold", "nile"], displays={0: {"god": 2}})
    play(s, "god:gold")
    assert s.phase == GOD_TURN and "done" in legal(s)
    play(s, "done")
    assert display(s, 0) == {"god": 1, "gold": 1} and s.cur == 1  # one god, one tile


@pytest.mark.rule("RA-AMB-15", "RA-DIS-6")
def test_disaster_destroys_tiles_of_same_lot():
    s = new(3, "2009")
    setup(s, track=["flood", "nile", "drought", "gold"], displays={0: {"nile": 2}})
    play(s, "ra pass pass bid:13")
    assert display(s, 0) == {"nile": 2, "gold": 1}  # RA-AMB-15: the flood of the lot went first, then 1 Nile


@pytest.mark.rule("RA-AMB-16")
def test_two_disasters_resolved_one_after_another():
    s = new(3, "2009")
    setup(s, track=["unrest", "unrest"], displays={0: {"art": 2, "religion": 2, "writing": 1}})
    play(s, "ra pass pass bid:13")
    assert s.phase == DISCARD and s.player_view(None)["pending_discard"]["tiles"] == 4  # RA-AMB-16: 2 + 2
    play(s, "discard:art discard:art discard:religion")
    assert s.phase == DISCARD
    play(s, "discard:writing")
    assert display(s, 0) == {"religion": 1}


@pytest.mark.rule("RA-AMB-17")
def test_zero_monuments_and_few_civilization_kinds():
    assert monument_points([0] * 8) == 0  # RA-AMB-17
    assert civilization_points([3, 0, 0, 0, 0]) == 0 and civilization_points([1, 2, 0, 0, 0]) == 0  # RA-AMB-17
    s = new(3, "2009")
    setup(s, displays={0: {"art": 3}, 1: {"art": 1, "religion": 1}})
    end_epoch(s)
    assert [cat(s, 0, p, "civilization") for p in range(3)] == [0, 0, -5]


@pytest.mark.rule("RA-AMB-18")
def test_two_player_pharaohs():
    assert pharaoh_points([3, 1]) == [5, -2] and pharaoh_points([0, 0]) == [0, 0]  # RA-AMB-18
    s = new(2, "2009")
    setup(s, displays={0: {"pharaoh": 1}})
    end_epoch(s)
    assert [cat(s, 0, p, "pharaoh") for p in range(2)] == [5, -2]  # RA-AMB-18
    setup(s, displays={1: {"pharaoh": 1}})
    end_epoch(s)
    assert [cat(s, 1, p, "pharaoh") for p in range(2)] == [0, 0]  # 1 - 1: equal


@pytest.mark.rule("RA-AMB-19")
def test_two_player_sun_sums():
    assert sun_points([22, 21]) == [5, -5] and sun_points([22, 22]) == [0, 0]  # RA-AMB-19
    s = new(2, "2009")  # stacks 9-6-5-2 and 8-7-4-3: both 22
    for _ in range(3):
        end_epoch(s)
    assert s.is_terminal() and [cat(s, 2, p, "sun") for p in range(2)] == [0, 0]  # RA-AMB-19
    s = new(2, "2009", suns=[[9, 6, 5, 2], [8, 7, 4]])
    for _ in range(3):
        end_epoch(s)
    assert [cat(s, 2, p, "sun") for p in range(2)] == [5, -5]


@pytest.mark.rule("RA-AMB-20")
def test_sun_swap_and_disaster_both_happen():
    s = new(3, "2009")
    setup(s, track=["funeral", "pharaoh", "gold"], displays={0: {"pharaoh": 2}})
    play(s, "ra bid:12 pass pass")
    assert display(s, 1) == {"gold": 1}  # disaster resolved
    assert suns(s, 1) == ([9, 6, 3], [1]) and s.centre == 12  # RA-AMB-20: sun swap as usual
    assert display(s, 0) == {"pharaoh": 2}


@pytest.mark.rule("RA-AMB-21")
def test_no_point_limit():
    assert floor_total(10**6, 5) == 10**6 + 5
    s = new(3, "2009")
    setup(s, points=[300, 300, 300], displays={0: {"gold": 4, "god": 3}})
    end_epoch(s)
    assert s.points[0] == 300 + 12 + 6 - 5 and sum(s.points) > 226  # RA-AMB-21: beyond the token supply


@pytest.mark.rule("RA-AMB-22", "RA-SCORE-10")
def test_hidden_scores_default_and_reveal():
    for ed in ("1999", "2009"):
        s = new(3, ed)
        assert s.game.hidden_scores  # RA-AMB-22: default on in both editions
        setup(s, points=[7, 8, 9])
        assert [x["points"] for x in s.player_view(2)["seats"]] == [None, None, 9]  # own score visible
        assert [x["points"] for x in s.player_view(None)["seats"]] == [None, None, None]
        for _ in range(3):
            end_epoch(s)
        assert [x["points"] for x in s.player_view(None)["seats"]] == s.points  # RA-AMB-22: revealed at the end
    s = new(3, "2009", hidden_scores=False)
    assert [x["points"] for x in s.player_view(None)["seats"]] == [10, 10, 10]


@pytest.mark.rule("RA-AMB-23", "RA-EPOCH-3")
def test_unused_suns_stay_and_count():
    s = new(3, "2009")
    play(s, "ra pass pass bid:13")  # seat 0: 8, 5, 2 up, 1 down
    setup(s, ra_tiles=7)
    play(s, "draw tile:ra")  # seat 1 fills the Ra track with all his suns unused
    assert suns(s, 1) == ([12, 9, 6, 3], []) and suns(s, 0) == ([8, 5, 2, 1], [])  # RA-AMB-23
    end_epoch(s)
    end_epoch(s)
    # Sums: 16, 30, 32 -> seat 1's unused suns count fully.
    assert [cat(s, 2, p, "sun") for p in range(3)] == [-5, 0, 5]


@pytest.mark.rule("RA-AMB-24", "RA-EPOCH-5")
def test_highest_sun_starts_next_epoch():
    s = new(3, "2009")
    play(s, "ra pass pass bid:13")  # centre 13
    play(s, "ra pass pass bid:12")  # seat 1 takes 13 face down
    assert suns(s, 1) == ([9, 6, 3], [13]) and s.cur == 2
    setup(s, ra_tiles=7)
    play(s, "draw tile:ra")  # seat 2 fills the Ra track
    assert s.epoch == 2 and s.cur == 1  # RA-AMB-24: highest sun (13), not the drawer's neighbour (0)
    s = new(3, "2009")
    play(s, "draw tile:pharaoh")
    setup(s, ra_tiles=7)
    play(s, "draw tile:ra")  # seat 1 fills the track
    assert s.cur == 0  # RA-AMB-24 (not seat 2)

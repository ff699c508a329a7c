"""Ra disasters (RA-DIS) and the worked examples RA-TEST-11..14.

Seat 0 (holding sun 13) wins the lot with ``ra pass pass bid:13``: a voluntary invocation in
which seats 1 and 2 pass and seat 0, bidding last, must bid.
"""

from __future__ import annotations

import pytest

from heliopolis.core.errors import IllegalActionError
from heliopolis.games.ra.components import TILE_INDEX
from heliopolis.games.ra.scoring import score_epoch
from heliopolis.games.ra.state import DISCARD, TURN
from tests.games.ra.helpers import display, legal, new, play, setup, suns

WIN = "ra pass pass bid:13"


def win_lot(track, before=None, edition="2009", others=None):
    s = new(3, edition)
    disp = {0: before or {}}
    disp.update(others or {})
    setup(s, track=track, displays=disp)
    return play(s, WIN)


def discarded(s, name):
    return s.discard[TILE_INDEX[name]]


# -- worked examples --------------------------------------------------------------------------


@pytest.mark.rule("RA-TEST-11", "RA-DIS-4")
def test_drought_order_example():
    s = win_lot(["drought"], {"flood": 1, "nile": 3})
    assert display(s, 0) == {"nile": 2}  # RA-TEST-11: Flood 0, Nile 2


@pytest.mark.rule("RA-TEST-12", "RA-DIS-6", "RA-AMB-15")
def test_disaster_in_same_lot_example():
    s = win_lot(["pharaoh", "pharaoh", "funeral", "gold"])
    assert display(s, 0) == {"gold": 1}  # RA-TEST-12: Gold 1, Pharaoh 0
    assert discarded(s, "pharaoh") == 2 and discarded(s, "funeral") == 1


@pytest.mark.rule("RA-TEST-13", "RA-DIS-2")
def test_short_category_example():
    s = win_lot(["earthquake"], {"temple": 1})
    assert display(s, 0) == {}  # RA-TEST-13: the one monument goes with the earthquake
    assert s.phase == TURN and s.cur == 1  # no choice was asked
    s = win_lot(["earthquake"], {"gold": 1})
    assert display(s, 0) == {"gold": 1}  # RA-TEST-13: 0 monuments, nothing else happens
    assert discarded(s, "earthquake") == 1 and s.phase == TURN


@pytest.mark.rule("RA-TEST-14", "RA-DIS-5")
def test_two_unrests_example():
    s = win_lot(["unrest", "unrest"], {"art": 1, "religion": 1, "writing": 1})
    assert display(s, 0) == {}  # RA-TEST-14: all 3 civilization tiles discarded
    assert s.phase == TURN  # fewer tiles than must go: no choice
    assert discarded(s, "unrest") == 2 and discarded(s, "art") == discarded(s, "writing") == 1


# -- RA-DIS rules ----------------------------------------------------------------------------------


@pytest.mark.rule("RA-DIS-1")
@pytest.mark.parametrize(
    "disaster, hit",
    [("funeral", ["pharaoh"]), ("drought", ["nile", "flood"]), ("unrest", ["art"]), ("earthquake", ["temple"])],
)
def test_each_disaster_destroys_its_category(disaster, hit):
    before = {"pharaoh": 3, "nile": 3, "flood": 3, "art": 3, "temple": 3, "gold": 1}
    s = win_lot([disaster], before)
    after = display(s, 0)
    lost = {k: before[k] - after.get(k, 0) for k in before if before[k] != after.get(k, 0)}
    assert set(lost) <= set(hit) and sum(lost.values()) == 2  # RA-DIS-1: only its own category
    if disaster == "drought":
        assert lost == {"flood": 2}


@pytest.mark.rule("RA-DIS-2")
def test_resolution_happens_immediately_with_two_tiles():
    s = win_lot(["funeral"], {"pharaoh": 5})
    assert display(s, 0) == {"pharaoh": 3}  # RA-DIS-2: exactly two tiles
    assert discarded(s, "funeral") == 1 and discarded(s, "pharaoh") == 2
    assert s.phase == TURN and s.cur == 1  # resolved before play goes on (RA-TURN-8)


@pytest.mark.rule("RA-DIS-2")
def test_only_one_tile_of_category():
    s = win_lot(["funeral"], {"pharaoh": 1, "nile": 2})
    assert display(s, 0) == {"nile": 2}  # RA-DIS-2: the single pharaoh goes, nothing else


@pytest.mark.rule("RA-DIS-3")
def test_player_chooses_civilization_discards():
    s = win_lot(["unrest"], {"art": 1, "religion": 1, "writing": 1})
    assert s.phase == DISCARD and s.cur == 0
    assert sorted(legal(s)) == ["discard:art", "discard:religion", "discard:writing"]  # RA-DIS-3
    with pytest.raises(IllegalActionError):
        play(s, "discard:astronomy")  # not in the display
    play(s, "discard:religion")
    assert sorted(legal(s)) == ["discard:art", "discard:writing"]
    play(s, "discard:writing")
    assert display(s, 0) == {"art": 1}  # RA-DIS-3: the kept kind is the one chosen
    assert s.phase == TURN and s.cur == 1


@pytest.mark.rule("RA-DIS-3")
def test_player_chooses_monument_discards():
    s = win_lot(["earthquake"], {"temple": 2, "pyramid": 1})
    assert sorted(legal(s)) == ["discard:pyramid", "discard:temple"]
    play(s, "discard:pyramid")  # the second tile can only be a temple now: taken automatically
    assert display(s, 0) == {"temple": 1}  # RA-DIS-3
    assert s.phase == TURN
    # The other choice keeps the pyramid.
    s = win_lot(["earthquake"], {"temple": 2, "pyramid": 1})
    play(s, "discard:temple discard:temple")
    assert display(s, 0) == {"pyramid": 1}  # RA-DIS-3


@pytest.mark.rule("RA-DIS-3")
def test_no_question_when_only_one_kind():
    s = win_lot(["earthquake"], {"temple": 3})
    assert s.phase == TURN and display(s, 0) == {"temple": 1}  # RA-DIS-3: no real choice, automatic


@pytest.mark.rule("RA-DIS-4")
def test_drought_takes_two_floods_before_nile():
    s = win_lot(["drought"], {"flood": 2, "nile": 3})
    assert display(s, 0) == {"nile": 3}  # RA-DIS-4: floods first
    s = win_lot(["drought"], {"nile": 3})
    assert display(s, 0) == {"nile": 1}  # no flood: Nile tiles
    s = win_lot(["drought", "flood"], {"nile": 3})
    assert display(s, 0) == {"nile": 2}  # RA-DIS-4 + RA-DIS-6: the flood from the lot goes first


@pytest.mark.rule("RA-DIS-5", "RA-AMB-16")
def test_two_droughts_stack_floods_first():
    s = win_lot(["drought", "drought"], {"flood": 1, "nile": 4})
    assert display(s, 0) == {"nile": 1}  # RA-DIS-5: up to four tiles, the flood first
    s = win_lot(["funeral", "funeral"], {"pharaoh": 5})
    assert display(s, 0) == {"pharaoh": 1}  # RA-DIS-5


@pytest.mark.rule("RA-DIS-5")
def test_disasters_of_different_categories_all_resolved():
    before = {"pharaoh": 2, "flood": 1, "nile": 1, "art": 1, "religion": 1, "writing": 1,
              "temple": 1, "pyramid": 1, "sphinx": 1}  # fmt: skip
    s = win_lot(["funeral", "drought", "unrest", "earthquake"], before)
    assert display(s, 0) == {"art": 1, "religion": 1, "writing": 1, "temple": 1, "pyramid": 1, "sphinx": 1}
    assert s.phase == DISCARD
    assert all(m.startswith("discard:") for m in legal(s))
    play(s, "discard:art discard:religion")  # unrest: two civilization tiles of his choice
    assert sorted(legal(s)) == ["discard:pyramid", "discard:sphinx", "discard:temple"]  # then the earthquake
    play(s, "discard:sphinx discard:temple")
    assert display(s, 0) == {"writing": 1, "pyramid": 1}  # RA-DIS-5: every disaster fulfilled
    assert s.phase == TURN and s.cur == 1


@pytest.mark.rule("RA-DIS-6")
def test_tiles_of_the_lot_count_for_the_disaster():
    # The earthquake may hit the monument that came with it; with a choice, either may go.
    s = win_lot(["temple", "earthquake"], {"pyramid": 2})
    assert s.phase == DISCARD and "discard:temple" in legal(s)  # RA-DIS-6: the new temple is in the display
    play(s, "discard:temple")
    assert display(s, 0) == {"pyramid": 1}
    s = win_lot(["temple", "pyramid", "earthquake"])
    assert display(s, 0) == {}  # RA-DIS-6: must go, they are the only ones
    assert s.phase == TURN


@pytest.mark.rule("RA-DIS-7", "RA-AMB-7")
def test_disasters_leave_everything_else_alone():
    before = {"god": 1, "gold": 2, "pharaoh": 2, "nile": 2, "flood": 1, "temple": 2}
    other = {1: {"art": 2, "pharaoh": 1, "temple": 1}}
    s = win_lot(["unrest", "unrest", "earthquake", "funeral", "drought"], dict(before, art=2), others=other)
    # Seat 0 loses exactly his pharaohs, monuments, civilization and flood/Nile tiles (up to 2 each).
    assert display(s, 0) == {"god": 1, "gold": 2, "nile": 1}  # RA-DIS-7: gods and gold untouched
    assert display(s, 1) == {"art": 2, "pharaoh": 1, "temple": 1}  # RA-DIS-7: other players untouched
    assert suns(s, 0) == ([8, 5, 2], [1]) and suns(s, 1) == ([12, 9, 6, 3], [])  # suns untouched


@pytest.mark.rule("RA-DIS-8")
def test_discards_leave_the_game():
    s = new(3, "2009")
    setup(s, track=["funeral", "pharaoh"], displays={0: {"pharaoh": 2}})
    bag_before = list(s.bag)
    play(s, WIN)
    assert display(s, 0) == {"pharaoh": 1}
    assert s.bag == bag_before  # RA-DIS-8: discards never return to the supply
    assert discarded(s, "funeral") == 1 and discarded(s, "pharaoh") == 2  # removed from the game
    assert s.player_view(1)["discarded"] == {"funeral": 1, "pharaoh": 2}
    assert "funeral" not in s.track and s.track_n == 0


@pytest.mark.rule("RA-DIS-9")
def test_disasters_never_kept_nor_scored():
    s = win_lot(["funeral", "drought", "unrest", "earthquake", "gold"])
    assert display(s, 0) == {"gold": 1}  # RA-DIS-9: no disaster tile stays in a display
    # Ending the epoch now: seat 0 scores only his gold and the missing civilization.
    setup(s, ra_tiles=7)
    play(s, "draw tile:ra")
    assert s.epoch_log[0][1][0] == (0, 0, 0, -5, 3, 0, 0)  # RA-DIS-9
    # Pure scoring ignores any disaster count it is handed.
    d = [0] * len(TILE_INDEX)
    for name in ("funeral", "drought", "unrest", "earthquake"):
        d[TILE_INDEX[name]] = 2
    empty = [0] * len(TILE_INDEX)
    assert score_epoch([d, empty], [20, 20], final=True) == score_epoch([empty, empty], [20, 20], final=True)

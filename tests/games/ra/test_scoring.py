"""Ra scoring (RA-SCORE) and the worked scoring examples RA-TEST-1..10 and RA-TEST-22.

Each rule is checked twice where possible: on the pure functions of ``scoring.py`` and through
real play (an epoch is ended by drawing the last Ra tile and ``state.points`` /
``state.epoch_log`` are inspected).
"""

from __future__ import annotations

import json

import pytest

import heliopolis
from heliopolis.games.ra.components import NUM_TILES, TILE_INDEX
from heliopolis.games.ra.scoring import (
    CATEGORIES,
    civilization_points,
    floor_total,
    monument_points,
    nile_points,
    pharaoh_points,
    score_epoch,
    sun_points,
)
from tests.games.ra.helpers import display, new, play, setup, suns

# Civilization kinds in scoring order: art, agriculture, religion, astronomy, writing.
CIV_NAMES = ("art", "agriculture", "religion", "astronomy", "writing")
# Monument kinds in scoring order.
MON_NAMES = ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step-pyramid", "temple")


def civ(**kinds: int) -> list[int]:
    return [kinds.get(k, 0) for k in CIV_NAMES]


def mon(**kinds: int) -> list[int]:
    return [kinds.get(k.replace("-", "_"), 0) for k in MON_NAMES]


def end_epoch(s):
    """The player to move draws the Ra tile that fills the Ra track (RA-EPOCH-3)."""
    assert s.ra_n == 0
    setup(s, ra_tiles=s.ra_needed - 1)
    return play(s, "draw tile:ra")


def cats(s, epoch_index: int, seat: int) -> dict[str, int]:
    return dict(zip(CATEGORIES, s.epoch_log[epoch_index][1][seat]))


# -- worked examples (section 14) ---------------------------------------------------------------


@pytest.mark.rule("RA-TEST-1", "RA-SCORE-3")
def test_pharaoh_example():
    assert pharaoh_points([3, 2, 2, 3]) == [5, -2, -2, 5]  # RA-TEST-1


@pytest.mark.rule("RA-TEST-2", "RA-SCORE-5")
def test_civilization_example():
    assert civilization_points(civ(astronomy=3, agriculture=2, writing=2)) == 5  # RA-TEST-2
    assert civilization_points(civ(astronomy=1, agriculture=1, writing=1)) == 5  # RA-TEST-2


@pytest.mark.rule("RA-TEST-3", "RA-SCORE-7")
def test_monument_example():
    assert monument_points(mon(pyramid=4, temple=3, fortress=2, sphinx=1)) == 19  # RA-TEST-3: 4 + 10 + 5


@pytest.mark.rule("RA-TEST-4", "RA-SCORE-8")
def test_sun_sum_example():
    assert sun_points([17, 25, 21, 17]) == [-5, 5, 0, -5]  # RA-TEST-4


@pytest.mark.rule("RA-TEST-5", "RA-SCORE-3")
def test_pharaoh_ties():
    assert pharaoh_points([2, 2, 2]) == [0, 0, 0]  # RA-TEST-5
    assert pharaoh_points([0, 0]) == [0, 0]  # RA-TEST-5
    assert pharaoh_points([3, 3, 1]) == [5, 5, -2]  # RA-TEST-5


@pytest.mark.rule("RA-TEST-6", "RA-SCORE-4")
def test_nile_and_flood():
    assert nile_points(4, 0) == 0  # RA-TEST-6
    assert nile_points(4, 1) == 5  # RA-TEST-6
    assert nile_points(0, 2) == 2  # RA-TEST-6
    # After scoring: floods 0, Nile unchanged (through play).
    s = new(3, "2009")
    setup(s, displays={0: {"nile": 4, "flood": 1}, 1: {"nile": 4}, 2: {"flood": 2}})
    end_epoch(s)
    assert [cats(s, 0, p)["nile"] for p in range(3)] == [5, 0, 2]  # RA-TEST-6
    assert display(s, 0) == {"nile": 4}  # RA-TEST-6: flood discarded, Nile kept
    assert display(s, 1) == {"nile": 4}
    assert display(s, 2) == {}


@pytest.mark.rule("RA-TEST-7", "RA-SCORE-5")
def test_civilization_kinds():
    assert civilization_points(civ()) == -5  # RA-TEST-7
    assert civilization_points(civ(art=2, writing=1)) == 0  # RA-TEST-7
    assert civilization_points(civ(art=1, agriculture=1, religion=1, astronomy=2)) == 10  # RA-TEST-7
    assert civilization_points(civ(art=1, agriculture=1, religion=1, astronomy=1, writing=1)) == 15  # RA-TEST-7


@pytest.mark.rule("RA-TEST-8", "RA-SCORE-2", "RA-SCORE-6")
def test_gods_and_gold_through_play():
    s = new(3, "2009")
    setup(s, displays={0: {"god": 3, "gold": 2}}, points=[10, 10, 10])
    discard_before = list(s.discard)
    end_epoch(s)
    c = cats(s, 0, 0)
    assert c["god"] == 6  # RA-TEST-8: 3 unused gods
    assert c["gold"] == 6  # RA-TEST-8: 2 gold
    assert "god" not in display(s, 0) and "gold" not in display(s, 0)  # RA-TEST-8: discarded afterwards
    assert s.discard[TILE_INDEX["god"]] - discard_before[TILE_INDEX["god"]] == 3
    assert s.discard[TILE_INDEX["gold"]] - discard_before[TILE_INDEX["gold"]] == 2
    assert s.points[0] == 10 + 6 + 6 - 5  # no civilization: -5


@pytest.mark.rule("RA-TEST-9", "RA-SCORE-1")
def test_floor_example():
    assert floor_total(3, -2 - 5 + 1) == 0  # RA-TEST-9
    # Through play: seat 0 has no pharaoh (others 1 each), no civilization, one flood.
    s = new(3, "2009")
    setup(s, displays={0: {"flood": 1}, 1: {"pharaoh": 1, "art": 1}, 2: {"pharaoh": 1, "art": 1}}, points=[3, 10, 10])
    end_epoch(s)
    c = cats(s, 0, 0)
    assert (c["pharaoh"], c["civilization"], c["nile"]) == (-2, -5, 1)
    assert s.epoch_log[0][2][0] == 3 and s.points[0] == 0  # RA-TEST-9: net -6 from 3 -> 0


@pytest.mark.rule("RA-TEST-10", "RA-SCORE-1", "RA-AMB-6")
def test_netting_before_floor():
    # (a) total 2; pharaoh +5, civilization -5 -> net 0 -> 2 (flooring the loss first would give 5).
    assert floor_total(2, 5 - 5) == 2  # RA-TEST-10 (a)
    s = new(3, "2009")
    setup(s, displays={0: {"pharaoh": 1}, 1: {"art": 1}, 2: {"art": 1}}, points=[2, 10, 10])
    end_epoch(s)
    assert (cats(s, 0, 0)["pharaoh"], cats(s, 0, 0)["civilization"]) == (5, -5)
    assert s.points[0] == 2  # RA-TEST-10 (a)
    # (b) total 1; pharaoh -2, civilization 0 (two kinds), gold +3 -> net +1 -> 2 (per-category floor: 3).
    s = new(3, "2009")
    setup(s, displays={0: {"art": 1, "religion": 1, "gold": 1}, 1: {"pharaoh": 1}, 2: {"pharaoh": 1}},
          points=[1, 10, 10])  # fmt: skip
    end_epoch(s)
    assert cats(s, 0, 0) == {"god": 0, "pharaoh": -2, "nile": 0, "civilization": 0, "gold": 3, "monument": 0,
                             "sun": 0}  # fmt: skip
    assert s.points[0] == 2  # RA-TEST-10 (b)


@pytest.mark.rule("RA-TEST-22", "RA-SCORE-7")
def test_monument_extremes():
    assert monument_points(mon(fortress=5, obelisk=1, palace=1, pyramid=1, sphinx=1, statue=1, step_pyramid=1,
                               temple=1)) == 30  # fmt: skip  # RA-TEST-22: 15 + 15
    assert monument_points(mon(fortress=1, obelisk=1, palace=1, pyramid=1, sphinx=1, statue=1,
                               step_pyramid=1)) == 10  # fmt: skip  # RA-TEST-22
    assert monument_points(mon()) == 0  # RA-TEST-22


# -- the rules, one by one -----------------------------------------------------------------------


@pytest.mark.rule("RA-SCORE-1")
def test_floor_pure_function_and_no_negative_carry():
    assert floor_total(10, -3) == 7
    assert floor_total(4, -9) == 0  # RA-SCORE-1: no negative carry-over
    assert floor_total(0, 5) == 5
    # The floored 0 does not swallow the next epoch's gains: it starts from 0, not from -5.
    s = new(3, "2009")
    setup(s, points=[0, 10, 10], displays={1: {"art": 1}, 2: {"art": 1}})
    end_epoch(s)
    assert s.points[0] == 0
    setup(s, displays={0: {"gold": 1, "art": 1}, 1: {"art": 1}, 2: {"art": 1}})
    end_epoch(s)
    assert s.points[0] == 3  # RA-SCORE-1


@pytest.mark.rule("RA-SCORE-1")
def test_floor_applies_after_third_epoch():
    s = new(3, "2009")
    for kind in ("art", "religion"):
        setup(s, displays={p: {kind: 1} for p in range(3)})
        end_epoch(s)
    assert s.epoch == 3
    # Seat 0: no civilization (-5), lowest sun sum 28 (-5), no monument; from 3 points -> 0.
    setup(s, points=[3, 10, 10], displays={1: {"writing": 1}, 2: {"writing": 1}})
    end_epoch(s)
    assert s.is_terminal()
    assert sum(s.epoch_log[-1][1][0]) == -10
    assert s.points[0] == 0  # RA-SCORE-1: floor after the final epoch too


@pytest.mark.rule("RA-SCORE-2", "RA-SCORE-3", "RA-SCORE-4", "RA-SCORE-5", "RA-SCORE-6", "RA-SCORE-9")
def test_full_epoch_scoring_through_play():
    s = new(3, "1999")
    setup(s, displays={
        0: {"god": 3, "pharaoh": 3, "nile": 4, "flood": 1, "art": 1, "religion": 1, "writing": 1, "gold": 2,
            "pyramid": 3},
        1: {"pharaoh": 1, "nile": 4, "astronomy": 2},
        2: {"pharaoh": 2, "flood": 2},
    })  # fmt: skip
    end_epoch(s)
    epoch, per_seat, before, after = s.epoch_log[0]
    assert epoch == 1 and before == (10, 10, 10)
    assert per_seat[0] == (6, 5, 5, 5, 6, 0, 0)  # RA-SCORE-9 table: god, pharaoh, nile, civ, gold, mon, sun
    assert per_seat[1] == (0, -2, 0, 0, 0, 0, 0)  # no flood: Nile worthless (RA-SCORE-4); 1 kind: 0
    assert per_seat[2] == (0, 0, 2, -5, 0, 0, 0)  # middle pharaoh count: 0 (RA-SCORE-3)
    assert after == (37, 8, 7) == tuple(s.points)
    # RA-SCORE-9 "Then" column: pharaohs, Nile and monuments kept; gods, floods, civilization, gold gone.
    assert display(s, 0) == {"pharaoh": 3, "nile": 4, "pyramid": 3}
    assert display(s, 1) == {"pharaoh": 1, "nile": 4}
    assert display(s, 2) == {"pharaoh": 2}
    # Kept pharaohs count again in epoch 2 (RA-SCORE-3: they stay).
    setup(s, displays={p: {"art": 1} for p in range(3)})
    end_epoch(s)
    assert [cats(s, 1, p)["pharaoh"] for p in range(3)] == [5, -2, 0]


@pytest.mark.rule("RA-SCORE-7", "RA-SCORE-8", "RA-SCORE-9")
def test_monuments_and_sun_sums_only_after_third_epoch():
    s = new(3, "2009")
    setup(s, displays={0: {"pyramid": 4, "temple": 3, "fortress": 2, "sphinx": 1}})
    end_epoch(s)  # epoch 1
    assert cats(s, 0, 0)["monument"] == 0 and cats(s, 0, 2)["sun"] == 0  # RA-SCORE-7/8: not yet
    end_epoch(s)  # epoch 2
    assert cats(s, 1, 0)["monument"] == 0
    assert display(s, 0) == {"pyramid": 4, "temple": 3, "fortress": 2, "sphinx": 1}  # monuments stay
    assert s.epoch == 3 and s.cur == 0
    # Epoch 3: seat 0 buys sun 1 with 13; seat 2 then buys sun 13 with 4 (face down, still counts).
    play(s, "ra pass pass bid:13")
    assert s.cur == 1
    play(s, "ra bid:4 pass pass")
    assert suns(s, 0) == ([8, 5, 2], [1]) and suns(s, 2) == ([11, 10, 7], [13]) and s.centre == 4
    end_epoch(s)  # seat 0 fills the Ra track: game over
    assert s.is_terminal()
    assert cats(s, 2, 0)["monument"] == 19  # RA-SCORE-7 (RA-TEST-3 display)
    # Sums: seat 0 = 16, seat 1 = 30, seat 2 = 41 (face-down 13 included, centre 4 excluded).
    assert [cats(s, 2, p)["sun"] for p in range(3)] == [-5, 0, 5]  # RA-SCORE-8


@pytest.mark.rule("RA-SCORE-8")
def test_sun_sum_ties_share():
    assert sun_points([28, 28, 30]) == [-5, -5, 5]  # RA-SCORE-8
    assert sun_points([21, 21, 21, 21]) == [0, 0, 0, 0]
    # 5 players with the standard stacks: sums 25..29 -> first -5, last +5.
    assert sun_points([25, 26, 27, 28, 29]) == [-5, 0, 0, 0, 5]


@pytest.mark.rule("RA-SCORE-9")
def test_score_epoch_table():
    d = [0] * NUM_TILES
    for name, c in {"god": 1, "pharaoh": 2, "nile": 3, "flood": 1, "art": 1, "religion": 1, "astronomy": 1,
                    "writing": 1, "gold": 1, "temple": 5, "obelisk": 1}.items():  # fmt: skip
        d[TILE_INDEX[name]] = c
    e = [0] * NUM_TILES
    non_final = score_epoch([d, e], [20, 25], final=False)
    assert non_final == [[2, 5, 4, 10, 3, 0, 0], [0, -2, 0, -5, 0, 0, 0]]  # RA-SCORE-9
    final = score_epoch([d, e], [20, 25], final=True)
    assert final == [[2, 5, 4, 10, 3, 2 + 15, -5], [0, -2, 0, -5, 0, 0, 5]]  # RA-SCORE-9


@pytest.mark.rule("RA-SCORE-10", "RA-AMB-22")
def test_hidden_scores_in_views():
    s = heliopolis.new_game("ra", players=3, edition="1999", hidden_scores=True, suns=[[13, 8, 5, 2], [12, 9, 6, 3],
                                                                                    [11, 10, 7, 4]])  # fmt: skip
    setup(s, points=[11, 12, 13])
    for p in range(3):
        pts = [seat["points"] for seat in s.player_view(p)["seats"]]
        assert pts == [s.points[q] if q == p else None for q in range(3)]  # RA-SCORE-10: own score only
    assert [seat["points"] for seat in s.player_view(None)["seats"]] == [None, None, None]
    json.dumps(s.player_view(0))
    open_s = new(3, "1999", hidden_scores=False)
    setup(open_s, points=[11, 12, 13])
    assert [seat["points"] for seat in open_s.player_view(1)["seats"]] == [11, 12, 13]  # RA-SCORE-10 option off

"""Pyramids: Transport limestone, the Great Pyramid with Khufu's favour, queens' pyramids with eyes
(MN-ACT-1..7, MN-CONC-8, MN-DATA-13/14)."""

import pytest

from heliopolis.games.men_nefer.components import (
    DATA,
    GP_CONSTRUCTION,
    GP_FAVOUR,
    GP_SEAL,
)
from tests.games.men_nefer.helpers import act, done, edit, fx, play, ready, strings

W = 0


def era2(players=4):
    s = edit(ready(players))
    s.era = 2
    return s


@pytest.mark.rule("MN-ACT-1", "MN-GEN-6", "MN-AMB-14")
def test_limestone_steps_split_step_by_step():
    s = era2()
    s.eye_av[W] = 1
    s.gp[W], s.qp[W] = 0, 0
    act(s, W, fx("limestone", n=3))
    assert strings(s) == ["block:great", "block:queens", "pass"]
    play(s, "block:queens block:great")
    assert (s.gp[W], s.qp[W]) == (1, 1)
    play(s, "block:great")  # space 2 is a construction space: resolved before the next step
    assert s.gp[W] == 2 and s.todo[-1][0] == "gp_pos"


@pytest.mark.rule("MN-ACT-2", "MN-ACT-5", "MN-DATA-13")
def test_great_pyramid_track_spaces():
    kinds = [DATA.gp_feature[x][0] for x in range(1, DATA.gp_len + 1)]
    assert kinds.count(GP_CONSTRUCTION) == 4 and kinds.count(GP_SEAL) == 5
    assert [x for x in range(1, 17) if DATA.gp_feature[x][0] == GP_FAVOUR] == [3, 6, 8, 11, 14]
    s = era2()
    s.gp[W] = 5
    s.food[W] = s.heka[W] = 0
    act(s, W, fx("limestone", n=1))
    play(s, "block:great")  # space 6: favour !! -> 2 favours of choice, repeats allowed
    assert strings(s) == ["favour:food", "favour:heka", "favour:feather", "favour:heart", "favour:eye"]
    play(s, "favour:food favour:food")
    assert s.food[W] == 2 and done(s)
    s.gp[W] = 6
    pp = s.pp[W]
    act(s, W, fx("limestone", n=1))
    play(s, "block:great")  # space 7: a seal, no immediate effect
    assert s.gp[W] == 7 and s.pp[W] == pp and done(s)


@pytest.mark.rule("MN-ACT-3", "MN-AMB-40")
def test_great_pyramid_pieces_and_positions():
    s = era2()
    s.gp[W] = 1
    top = s.gp_top[0]
    act(s, W, fx("limestone", n=1))
    play(s, "block:great")
    assert strings(s) == ["position:1", "position:2", "position:3", "position:4"]
    play(s, "position:2")
    assert s.gp_grid[1] == top
    # favours: the covered build place (BP2 = heart) and the new piece
    assert s.todo[-1][0] == "c_piece"


@pytest.mark.rule("MN-ACT-5", "MN-AMB-7")
def test_favour_actions():
    assert [e[0] for e in DATA.favours] == [8, 4, 3, 6]  # food_or_heka, feather, heart, eye
    s = era2()
    s.food[W] = s.heka[W] = 0
    s.eye_sup[W], s.eye_av[W] = 3, 0
    h, f = s.heart[W], s.feather[W]
    act(s, W, fx("favour", n=4))
    play(s, "favour:heka favour:heart favour:feather favour:eye")
    assert (s.heka[W], s.heart[W], s.feather[W], s.eye_av[W]) == (1, h + 1, f - 1, 1) and done(s)


@pytest.mark.rule("MN-ACT-6", "MN-DATA-14", "MN-AMB-52", "MN-CONC-8")
def test_queens_track():
    assert sorted(DATA.qp_construction) == [3, 6, 9] and DATA.qp_len == 9
    s = era2()
    s.eye_av[W] = 0
    act(s, W, fx("limestone", n=2))
    play(s, "block:queens block:queens")
    assert s.qp[W] == 2 and done(s)  # other spaces have no effect (MN-AMB-52)
    act(s, W, fx("limestone", n=1))
    assert "block:queens" not in strings(s)  # no eye: the block may not enter the construction space
    s.eye_av[W] = 1
    s.qp_levels[:] = [0, 0, 0]
    act(s, W, fx("limestone", n=1))
    play(s, "block:queens")
    assert strings(s) == ["pyramid:q1", "pyramid:q2", "pyramid:q3"]
    play(s, "pyramid:q2")
    assert s.qp_levels == [0, 1, 0] and s.qp_eyes[1] == 1


@pytest.mark.rule("MN-ACT-6", "MN-AMB-12")
def test_queens_construction_when_all_complete():
    s = era2()
    s.eye_av[W], s.qp[W] = 1, 5
    s.qp_levels[:] = [DATA.queen_levels] * 3
    act(s, W, fx("limestone", n=1))
    assert "block:queens" in strings(s)  # an eye still lets the block enter
    play(s, "block:queens")
    assert s.qp[W] == 6 and s.eye_av[W] == 1 and done(s)  # nothing built, the eye stays


@pytest.mark.rule("MN-AMB-13")
def test_steps_beyond_the_queens_track_end_are_not_offered():
    s = era2()
    s.qp[W] = DATA.qp_len
    act(s, W, fx("limestone", n=1))
    assert strings(s) == ["block:great", "pass"]


@pytest.mark.rule("MN-ACT-7", "MN-AMB-54")
def test_obtain_eye_and_the_favour_cycle():
    s = era2()
    s.eye_sup[W], s.eye_av[W] = 1, 0
    act(s, W, fx("eye"))
    assert (s.eye_sup[W], s.eye_av[W]) == (0, 1) and done(s)
    act(s, W, fx("eye"))
    assert s.todo[-1][:2] == ("lime", 1)  # empty supply: transport limestone 1 instead
    s = era2()
    s.eye_sup[W], s.gp[W], s.qp[W] = 0, DATA.gp_len, DATA.qp_len
    act(s, W, fx("favour", n=1))
    assert "favour:eye" not in strings(s)  # would only loop beyond the end (MN-AMB-54)
    s.gp[W] = DATA.gp_len - 1
    act(s, W, fx("favour", n=1))
    assert "favour:eye" in strings(s)


@pytest.mark.rule("MN-AMB-54", "MN-ACT-2")
def test_an_eyes_limestone_step_never_goes_beyond_the_end():
    """favour -> eye -> step beyond the end -> favour is a cycle that changes nothing; a bot once
    followed it forever. A plain limestone step still goes beyond the end (1 favour per step)."""
    s = era2()
    s.eye_sup[W], s.eye_av[W], s.gp[W], s.qp[W] = 0, 0, DATA.gp_len, 0
    act(s, W, fx("favour", n=1))
    assert "favour:eye" in strings(s)  # the queens' block can still move
    play(s, "favour:eye")
    assert strings(s) == ["block:queens", "pass"]  # no beyond-the-end step for the eye's step
    s = era2()
    s.gp[W] = DATA.gp_len
    act(s, W, fx("limestone", n=1))
    assert "block:great" in strings(s)
    play(s, "block:great")
    assert s.todo[-1][0] == "favour"  # MN-ACT-2: beyond the end, a favour of choice


@pytest.mark.rule("MN-ACT-7", "MN-ACT-2", "MN-AMB-54")
def test_a_printed_obtain_eye_with_an_empty_supply_can_go_beyond_the_end():
    """Only the favour of choice "eye" is cut off (the cycle); a printed Obtain eye (tile,
    track space, ware) with an empty supply is a limestone step like any other."""
    s = era2()
    s.eye_sup[W], s.eye_av[W], s.gp[W], s.qp[W] = 0, 0, DATA.gp_len, DATA.qp_len
    act(s, W, fx("eye"))
    assert strings(s) == ["block:great", "pass"]  # MN-ACT-7: limestone 1 instead of the eye
    play(s, "block:great")
    assert s.todo[-1] == ("favour", 1)  # MN-ACT-2: 1 favour of choice for the step beyond the end


@pytest.mark.rule("MN-DATA-13", "MN-DATA-14", "MN-DATA-0")
def test_pyramids_can_be_finished_at_every_player_count():
    constructions = sum(1 for x in range(1, DATA.gp_len + 1) if DATA.gp_feature[x][0] == GP_CONSTRUCTION)
    pieces = sum(len(f) for f in DATA.gp_piece_favours) + 1
    assert 3 * constructions == pieces - 1  # 3p: exactly the 12 pieces after the preplaced one
    assert 4 * constructions >= pieces  # 4p
    assert DATA.gp_build_places == (0, 2, 1, 3)  # BP1..BP4: food-or-heka, heart, feather, eye
    for n, pre in ((2, 2), (3, 1), (4, 0)):
        open_eye_spaces = DATA.queens * (DATA.queen_levels - pre)
        assert open_eye_spaces == DATA.eyes * n  # every eye of Horus can be placed


@pytest.mark.rule("MN-SCORE-7")
def test_great_pyramid_seal_scoring_and_condition():
    from heliopolis.games.men_nefer.harvest import GP_BEST

    assert [GP_BEST[x] for x in (0, 3, 4, 6, 7, 12, 13, 15, 16)] == [0, 0, 2, 2, 4, 6, 9, 9, 12]

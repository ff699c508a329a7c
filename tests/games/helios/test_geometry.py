"""The reconstructed board and the formal sun model: HE-TEST-G1..G12 and the HE-SUN / HE-LAND rules."""

import pytest

from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import DATA, hex_name, hex_of
from heliopolis.games.helios.scoring import reached_corners, special_vp
from tests.games.helios.helpers import begin, board, dest_hexes, h, moves, play, ready, strings

G5 = {(0, 0): "grey", (-1, 0): "grey", (-1, -1): "grey", (1, -1): "grey", (1, -2): "grey", (-1, -2): "grey"}


def tiles(land):
    t = [-1] * 61
    for q, r in land:
        t[hex_of(q, r)] = 0
    return t


def names(hexes):
    return sorted(hex_name(x) for x in hexes)


@pytest.mark.rule(
    "HE-BOARD-1",
    "HE-BOARD-2",
    "HE-BOARD-3",
    "HE-GEO-7",
    "HE-GEO-8",
    "HE-GEO-11",
    "HE-AMB-35",
    "HE-GEO-1",
    "HE-GEO-2",
    "HE-GEO-3",
    "HE-GEO-4",
    "HE-GEO-5",
)
def test_reconstructed_board_geometry():
    assert sum(DATA.light) == 37 and len(DATA.hexes) == 61
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for (q, r), lt in zip(DATA.hexes, DATA.light) if lt)
    assert DATA.hexes[DATA.centre] == (0, 0) and DATA.hexes[DATA.sun_start] == (0, -1)  # sun directly above
    assert names(DATA.yellow) == names([h(0, -1), h(0, -2), h(0, -3), h(0, -4)])
    assert len(DATA.corners) == 5 and len(DATA.bonus_fields) == 4 and len(DATA.mana_fields) == 2
    for c in DATA.corners:  # dark, exactly one light neighbour
        assert not DATA.light[c] and sum(1 for n in DATA.nbrs[c] if n >= 0 and DATA.light[n]) == 1


@pytest.mark.rule("HE-TEST-G1", "HE-LAND-2")
def test_g1_initial_placements():
    assert names(S.placements(tiles([(0, 0)]), h(0, -1))) == names([h(1, -1), h(1, 0), h(0, 1), h(-1, 1), h(-1, 0)])


@pytest.mark.rule("HE-TEST-G2", "HE-SUN-4", "HE-SUN-5", "HE-SUN-1")
def test_g2_initial_coast_and_range_2():
    c = S.coast(tiles([(0, 0)]))
    assert [hex_name(x) for x in c.hexes] == ["0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"]
    s = ready(4)
    s.rng[0] = 2
    begin(s, "sun")
    assert dest_hexes(s) == {"1,-1": 1, "1,0": 2}


@pytest.mark.rule("HE-TEST-G3", "HE-SUN-8", "HE-AMB-17")
def test_g3_no_stop_on_the_start_hex():
    s = ready(4)
    s.rng[0] = 6
    begin(s, "sun")
    assert set(dest_hexes(s)) == {"1,-1", "1,0", "0,1", "-1,1", "-1,0"}


@pytest.mark.rule("HE-TEST-G4", "HE-SUN-10", "HE-SUN-11", "HE-SUN-13", "HE-IRR-1", "HE-IRR-6")
def test_g4_first_lap_after_one_circuit():
    s = ready(2, gains="")
    s.rng[0] = 2
    for dest, vp in (("1,0", 0), ("-1,1", 0), ("0,-1", 5)):
        begin(s, "sun", 0)
        path = {"1,0": "step:1,-1 step:1,0", "-1,1": "step:0,1 step:-1,1", "0,-1": "step:-1,0 step:0,-1"}[dest]
        before = s.vp[0]
        play(s, path)
        assert hex_name(s.sun[0]) == dest and s.vp[0] - before == vp
    assert s.x[0] == s.xmax[0] == 1


@pytest.mark.rule("HE-TEST-G5", "HE-SUN-3", "HE-SUN-5", "HE-AMB-14")
def test_g5_dead_end_and_shortcut():
    t = tiles(G5)
    c = S.coast(t)
    assert names(c.dead) == ["0,-1"]
    assert [hex_name(x) for x in c.hexes] == [
        "0,-2",
        "1,-3",
        "2,-3",
        "2,-2",
        "2,-1",
        "1,0",
        "0,1",
        "-1,1",
        "-2,1",
        "-2,0",
        "-2,-1",
        "-2,-2",
        "-1,-3",
        "0,-3",
    ]
    s = ready(4)
    board(s, 0, land=G5, sun=(-1, -3))
    s.rng[0] = 2
    begin(s, "sun")
    assert dest_hexes(s) == {"0,-3": 1, "0,-2": 2, "1,-3": 2}
    play(s, "step:0,-3")
    assert s.x[0] == 1  # entered the yellow line from q < 0


@pytest.mark.rule("HE-TEST-G6", "HE-LAND-2", "HE-SUN-7", "HE-AMB-18")
def test_g6_sun_inside_a_dead_end_moves_outward():
    land = {(0, 0): "grey", (-1, 0): "grey", (-1, -1): "grey", (1, -1): "grey"}
    assert h(1, -2) in S.placements(tiles(land), h(0, -1))
    s = ready(4)
    board(s, 0, land={**land, (1, -2): "grey"}, sun=(0, -1))
    assert h(0, -1) in S.coast(s.tiles[0]).dead
    s.rng[0] = 2
    begin(s, "sun")
    assert dest_hexes(s) == {"0,-2": 1, "1,-3": 2}


@pytest.mark.rule("HE-TEST-G7", "HE-LAND-2")
def test_g7_never_enclose_the_sun():
    t = tiles([(0, 0), (-1, 0), (-1, -1), (1, -1), (1, -2)])
    legal = S.placements(t, h(0, -1))
    assert h(0, -2) not in legal
    assert names(legal) == names(
        [
            h(*x)
            for x in ((-2, -1), (-2, 0), (-2, 1), (-1, -2), (-1, 1), (0, 1), (1, -3), (1, 0), (2, -3), (2, -2), (2, -1))
        ]
    )


@pytest.mark.rule("HE-TEST-G8", "HE-SUN-3", "HE-SUN-7", "HE-AMB-15")
def test_g8_channel():
    land = {x: "grey" for x in [(0, 0), (-1, 0), (-1, -1), (1, -1), (1, -2), (-1, -2), (1, -3)]}
    assert names(S.coast(tiles(land)).dead) == ["0,-1", "0,-2"]
    s = ready(4)
    board(s, 0, land=land, sun=(0, -1))
    s.rng[0] = 2
    begin(s, "sun")
    assert dest_hexes(s) == {"0,-2": 1, "0,-3": 2}
    play(s, "step:0,-2 step:0,-3")
    assert s.x[0] == 0


G9 = {x: "grey" for x in [(0, -2), (0, -1), (0, 0), (1, -3), (1, 0), (2, -3), (2, -1)]}


@pytest.mark.rule("HE-TEST-G9", "HE-SUN-5", "HE-SUN-6", "HE-SUN-8")
def test_g9_bay_with_a_repeated_hex():
    c = S.coast(tiles(G9))
    ring = [hex_name(x) for x in c.hexes]
    k = ring.index("0,-3")
    assert ring[k:] + ring[:k] == [
        "0,-3",
        "1,-4",
        "2,-4",
        "3,-4",
        "3,-3",
        "2,-2",
        "1,-2",
        "1,-1",
        "2,-2",
        "3,-2",
        "3,-1",
        "2,0",
        "1,1",
        "0,1",
        "-1,1",
        "-1,0",
        "-1,-1",
        "-1,-2",
    ]
    s = ready(4)
    board(s, 0, land=G9, sun=(3, -3))
    s.rng[0] = 3
    begin(s, "sun")
    assert dest_hexes(s) == {"2,-2": 1, "3,-2": 1, "1,-2": 2, "1,-1": 2, "3,-1": 2, "2,0": 3}
    two = {key[1] for key in moves(s) if key[0] == "2,-2"}
    assert len(two) == 2  # positions a and b are different moves
    play(s, "step:2,-2 stop")  # rest on position a; from there the bay is open
    s.lapped = False
    begin(s, "sun")
    assert "1,-2" in dest_hexes(s) and "2,-2" not in dest_hexes(s)


G10 = {x: "grey" for x in [(0, 0), (0, -1), (1, -2), (1, -3), (0, -3)]}


@pytest.mark.rule("HE-TEST-G10", "HE-SUN-10", "HE-SUN-11", "HE-AMB-16", "HE-SUN-6")
@pytest.mark.parametrize(("path", "vp", "xmax"), [("step:-1,-1 step:0,-2", 5, 1),
                                                   ("step:-1,-1 step:0,-2 step:-1,-2", 5, 1),
                                                   ("step:-1,-1 step:-1,-2", 0, 0)])  # fmt: skip
def test_g10_yellow_pocket(path, vp, xmax):
    s = ready(4)
    board(s, 0, land=G10, sun=(-1, 0))
    s.rng[0] = 3
    begin(s, "sun")
    play(s, path + (" stop" if path.count("step") < 3 else ""))
    assert s.vp[0] == vp and s.xmax[0] == xmax
    # the later move over (0,-4) scores only if the pocket did not
    s.turn, s.lapped = 0, False
    begin(s, "sun")
    play(s, "step:-1,-2 step:-1,-3 step:0,-4" if path.endswith("0,-2") else "step:-1,-3 step:0,-4 stop")
    assert s.vp[0] == 5


@pytest.mark.rule("HE-TEST-G11", "HE-FIELD-3")
def test_g11_corner_fields():
    assert reached_corners(tiles([(3, -3)])) == 1
    assert reached_corners(tiles([(0, -3)])) == 0


@pytest.mark.rule("HE-TEST-G12", "HE-SPEC-1", "HE-AMB-8")
def test_g12_free_fields():
    t = tiles([(2, -2)])
    t[h(3, -3)] = 5  # Freie Felder
    assert special_vp(t, [0] * 305, [0] * 61, h(3, -3)) == 5


@pytest.mark.rule("HE-SUN-2", "HE-SUN-9", "HE-SUN-14", "HE-SUN-1")
def test_sun_never_enters_tiles_and_a_move_always_exists():
    s = ready(4)
    board(s, 0, land=G9, sun=(3, -3))
    s.rng[0] = 2
    begin(s, "sun")
    assert all(s.tiles[0][h(*map(int, x.split(",")))] < 0 for x in dest_hexes(s))
    assert "forgo" in strings(s) and any(m.startswith("step:") for m in strings(s))


@pytest.mark.rule("HE-SUN-12", "HE-BLD-T3", "HE-AMB-25", "HE-TEST-P11")
def test_power_plant_unlimited_steps_no_lap_vp():
    for watchtower in (False, True):
        s = ready(4)
        s.buildings[0] |= 1 << 2 | (1 << 5 if watchtower else 0)
        begin(s, "sun")
        d = dest_hexes(s)
        assert set(d) == {"1,-1", "1,0", "0,1", "-1,1", "-1,0"}
        play(s, "step:1,-1 step:1,0 step:0,1 step:-1,1 step:-1,0 stop")
        s.turn = 0
        begin(s, "sun")
        play(s, "step:0,-1 step:1,-1 stop")
        assert s.vp[0] == 0 and s.xmax[0] == 1

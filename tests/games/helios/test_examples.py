"""The rulebook's worked examples (HE-TEST-R*) and the payment/effect cases (HE-TEST-P*)."""

import pytest

from heliopolis.games.helios import rules as R
from heliopolis.games.helios.components import BUILDING_IDS, COLOURS, DATA, B, P
from heliopolis.games.helios.scoring import final_breakdown, special_vp, temple_vp
from heliopolis.games.helios.state import PH_PERSON
from tests.games.helios.helpers import begin, board, h, lowest_until, person_phase, play, ready, strings


def held(s, p=0):
    from heliopolis.games.helios.scoring import holdings

    return dict(zip(COLOURS, holdings(s.res[p])))


@pytest.mark.rule("HE-TEST-R1", "HE-END-2", "HE-AMB-39", "HE-PERS-T6", "HE-BLD-5", "HE-SPEC-4")
def test_r1_final_scoring_98():
    s = ready(4)
    board(s, 0, land={(2, -2): "grey", (-2, 0): "brown"}, special={(3, -3): "free", (-3, 0): "temples"},
          res={(2, -2): "grey"}, temples=[(-3, 0), (-2, 0)])  # fmt: skip
    blds = sum(1 << B[b] for b in ("observatory", "sun_lodge", "citadel", "watchtower", "sacred_grove", "land_office"))
    assert sum(DATA.buildings[i].vp for i in range(12) if blds >> i & 1) == 12
    cats = final_breakdown(s.tiles[0], s.res[0], s.temples[0], blds, 1 << P["princess"], 2, 8)
    assert cats == {"corners": 8, "specials": 5 + 8, "buildings": 12, "persons": 16, "mana": 2}
    assert 47 + sum(cats.values()) == 98


def build_state(res, land=None, temples=(), players=4, buildings=()):
    s = ready(players)
    land = land or {(0, 0): "brown", (1, 0): "grey", (0, 1): "green", (-1, 1): "blue"}
    board(s, 0, land=land, res=res, temples=temples, sun=(0, -1))
    for b in buildings:  # (before the action begins: its legal actions are worked out then)
        s.buildings[0] |= 1 << B[b]
    begin(s, "build")
    return s


@pytest.mark.rule("HE-TEST-R2", "HE-TMP-1", "HE-TMP-2", "HE-TMP-3", "HE-TMP-5", "HE-PAY-4", "HE-AMB-28")
def test_r2_temple_costs_and_mana():
    s = build_state({(0, 0): "grey", (1, 0): "green blue", (0, 1): "black black", (-1, 1): "blue"})
    mana = s.mana[0]
    play(s, "temple:0,0 pay:0,0:grey")  # 1st temple: 1 resource, 1 mana
    assert s.temples[0][h(0, 0)] and s.mana[0] == mana + 1
    s.turn = 0
    begin(s, "build")
    assert "temple:0,0" not in strings(s)  # HE-TMP-1: one temple per tile
    play(s, "temple:1,0 pay:1,0:green pay:1,0:blue")
    assert s.mana[0] == mana + 3
    s.turn = 0
    begin(s, "build")  # 3rd temple costs 3; only 3 resources left
    play(s, "temple:0,1 pay:0,1:black pay:0,1:black pay:-1,1:blue")
    assert s.mana[0] == mana + 6 and sum(s.temples[0]) == 3
    s.turn = 0
    begin(s, "build")
    assert not any(m.startswith("temple:") for m in strings(s))  # HE-TMP-5: nothing left to pay


@pytest.mark.rule("HE-TEST-R3", "HE-BLD-T5")
def test_r3_citadel_temple_costs_one():
    s = build_state({(0, 1): "green", (-1, 1): "blue"}, temples=[(0, 0), (1, 0)], buildings=["citadel"])
    mana = s.mana[0]
    play(s, "temple:0,1 pay:0,1:green")
    assert s.mana[0] == mana + 3 and s.res[0][h(-1, 1) * 5 + 1] == 0 and held(s)["blue"] == 1


@pytest.mark.rule("HE-TEST-R4", "HE-BLD-2", "HE-BLD-T10", "HE-BLD-1", "HE-PAY-1")
def test_r4_build_the_warehouse():
    s = build_state({(0, 0): "blue", (1, 0): "black", (0, 1): "green"})
    play(s, "build:warehouse pay:0,0:blue pay:1,0:black")
    assert s.buildings[0] >> B["warehouse"] & 1
    assert held(s) == {"blue": 0, "brown": 0, "grey": 0, "green": 1, "black": 0}
    s.turn = 0
    begin(s, "build")
    assert "build:warehouse" not in strings(s)  # HE-BLD-2: once per city board


@pytest.mark.rule("HE-TEST-R5", "HE-BLD-3", "HE-BLD-T12", "HE-ACT-9", "HE-ACT-10", "HE-AMB-19", "HE-BLD-4")
def test_r5_palace_range_mana_and_bonus_action():
    s = build_state({(0, 0): "green", (1, 0): "grey", (0, 1): "green"})
    rng, mana = s.rng[0], s.mana[0]
    play(s, "build:palace pay:0,0:green pay:1,0:grey pay:0,1:green")
    assert s.rng[0] == rng + 1 and s.mana[0] == mana + 1
    assert strings(s) == ["forgo", "do:land", "do:build", "do:sun"]  # the bonus action, at once
    play(s, "do:sun step:1,-1 stop")
    assert s.actor == 1  # the turn is over


@pytest.mark.rule("HE-TEST-R6", "HE-SUN-1", "HE-IRR-1", "HE-IRR-2", "HE-IRR-4", "HE-IRR-6")
def test_r6_irradiation_yields():
    s = ready(4)
    s.rng[0] = 6
    begin(s, "sun")
    play(s, "step:1,-1 step:1,0 step:0,1")
    assert "stop" in strings(s)  # 3 of 6 steps are enough
    board(s, 0, land={(0, -1): "blue", (1, -1): "green", (1, 0): "grey", (2, 0): "grey", (-1, 0): "brown",
                      (-1, -1): "grey", (-2, 0): "grey"},
          res={(1, -1): "green"}, temples=[(1, 0), (-1, 0)])  # fmt: skip
    s.sun[0] = h(0, 0)
    vp = s.vp[0]
    R._stop(s, 0)
    assert s.vp[0] - vp == 3 + 4
    assert s.res[0][h(0, -1) * 5 + COLOURS.index("blue")] == 1 and s.res[0][h(1, -1) * 5 + 3] == 1


@pytest.mark.rule("HE-TEST-R7", "HE-IRR-4", "HE-AMB-32")
def test_r7_temple_with_four_neighbours():
    t = [-1] * 61
    for x in [(0, 0), (1, -1), (1, 0), (0, 1), (-1, 1)]:
        t[h(*x)] = 0
    assert temple_vp(t, h(0, 0), council=False) == 5


@pytest.mark.rule("HE-TEST-R8", "HE-TEST-R9", "HE-IRR-2", "HE-IRR-5", "HE-SPEC-5", "HE-AMB-9")
def test_r8_r9_black_land_and_special_tile():
    s = ready(4)
    board(s, 0, land={(0, 0): "black"}, special={(1, -1): "created", (-1, 0): "free"}, temples=[(-1, 0)])
    s.sun[0] = h(0, -1)
    R._stop(s, 0)
    assert s.res[0][h(0, 0) * 5 + COLOURS.index("black")] == 1
    assert sum(s.res[0][h(1, -1) * 5 : h(1, -1) * 5 + 5]) == 0  # special: nothing
    assert s.vp[0] == 1 + 1  # temple on the special tile (-1,0) scores: itself + (0,0)


@pytest.mark.rule("HE-TEST-R10", "HE-SUN-11")
def test_r10_land_temple_and_lap_together():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, -1): "blue"}, temples=[(0, 0)], sun=(-1, 0))
    s.rng[0] = 1
    begin(s, "sun")
    play(s, "step:0,-1")
    assert s.vp[0] == 5 + 2 and s.res[0][h(1, -1) * 5 + 0] == 1


@pytest.mark.rule("HE-TEST-R11", "HE-SUN-11", "HE-SUN-8")
def test_r11_one_lap_award_per_turn():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown"}, sun=(-1, 0))
    s.rng[0] = 7
    s.bonus_pending = 1
    begin(s, "sun")
    play(s, "step:0,-1 stop")
    assert s.vp[0] == 5
    play(s, "do:sun step:1,-1 step:1,0 step:0,1 step:-1,1 step:-1,0 step:0,-1 step:1,-1")
    assert s.xmax[0] == 2 and s.vp[0] == 5


@pytest.mark.rule("HE-TEST-R12", "HE-PERS-6", "HE-PERS-T3", "HE-PERS-3", "HE-PERS-1")
def test_r12_activate_the_inventor():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, 0): "grey"}, res={(0, 0): "black green", (1, 0): "grey"}, sun=(0, -1))
    s.owned[0] |= 1 << P["inventor"]
    s.persons_free &= ~(1 << P["inventor"])
    person_phase(s, 0)
    rng, mana = s.rng[0], s.mana[0]
    play(s, "activate:inventor pay:0,0:black pay:1,0:grey pay:0,0:green")
    assert s.active[0] >> P["inventor"] & 1 and s.rng[0] == rng + 2 and s.mana[0] == mana + 1
    assert s.phase == PH_PERSON and s.actor == 0


@pytest.mark.rule("HE-TEST-R13", "HE-FIELD-1", "HE-FIELD-4", "HE-LAND-5", "HE-LAND-6", "HE-LAND-1")
def test_r13_bonus_resource_field():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (0, -1): "grey", (1, -2): "grey"}, sun=(-1, 0))
    begin(s, "land")
    play(s, "land:green place:1,-1")  # not a field: no bonus resource
    assert sum(s.res[0][h(1, -1) * 5 : h(1, -1) * 5 + 5]) == 1
    s.turn = 0
    begin(s, "land")
    play(s, "land:grey place:-1,-1")
    assert strings(s) == [f"gain:{c}" for c in COLOURS]
    play(s, "gain:blue")
    assert s.res[0][h(-1, -1) * 5 + COLOURS.index("grey")] == 1 and s.res[0][h(-1, -1) * 5 + 0] == 1


@pytest.mark.rule("HE-TEST-R14", "HE-FIELD-2")
def test_r14_mana_field():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, -1): "grey"}, sun=(0, -1))
    mana = s.mana[0]
    begin(s, "land")
    play(s, "special:free place:2,-1")
    assert s.mana[0] == mana + 2 and s.special[0] == 1


@pytest.mark.rule(
    "HE-TEST-R15", "HE-TEST-R16", "HE-FIELD-3", "HE-PERS-T7", "HE-SPEC-1", "HE-SPEC-2", "HE-SPEC-3", "HE-SPEC-4"
)
def test_r15_r16_corners_and_special_tiles():
    s = ready(4)
    board(s, 0, land={(2, -2): "grey"}, special={(3, -3): "free"})
    base = final_breakdown(s.tiles[0], s.res[0], s.temples[0], 0, 0, 0, 2)
    explorer = final_breakdown(s.tiles[0], s.res[0], s.temples[0], 0, 1 << P["explorer"], 0, 2)
    assert base["corners"] == 4 and explorer["corners"] == 8
    board(
        s,
        0,
        land={(0, 0): "grey", (1, -1): "grey", (1, 0): "grey", (0, 1): "grey", (-1, 0): "grey"},
        special={(0, -1): "created"},
    )  # (0,-1) has 3 adjacent tiles
    board(s, 0, land={(-1, 1): "grey"}, keep=True)
    t = s.tiles[0]
    t[h(0, -1)] = -1
    t[h(0, 1)] = -1
    t[h(0, 0)] = 6  # Erschaffenes Land with 4 neighbours: (1,-1) (1,0) (-1,1) (-1,0)
    assert special_vp(t, s.res[0], s.temples[0], h(0, 0)) == 10
    t[h(0, 0)] = 7  # Rohstoffe: 6 resources around
    res = [0] * 305
    for x, k in (((0, 0), 2), ((1, -1), 1), ((1, 0), 2), ((-1, 0), 1)):
        res[h(*x) * 5] = k
    assert special_vp(t, res, s.temples[0], h(0, 0)) == 12
    t[h(0, 0)] = 8  # Tempel: 3 temples
    tm = [0] * 61
    for x in ((0, 0), (1, 0), (-1, 1)):
        tm[h(*x)] = 1
    assert special_vp(t, res, tm, h(0, 0)) == 12


@pytest.mark.rule("HE-TEST-R17", "HE-ACT-11", "HE-ACT-6", "HE-RND-2")
def test_r17_four_players_discard_two_leftovers():
    s = ready(4)
    lowest_until(s, lambda s: s.turn == 16 or s.phase == PH_PERSON)
    assert s.round == 1 and all(not c for c in s.columns)
    assert sum(sum(d) for d in s.discard) >= 2  # the 2 leftovers (plus any full slots)
    assert sum(R.slot_count(s, p, sl) for p in range(4) for sl in range(3)) + sum(map(sum, s.discard)) == 18


@pytest.mark.rule("HE-TEST-R18", "HE-ACT-3", "HE-AMB-26", "HE-ACT-2", "HE-ACT-4")
def test_r18_slots_by_colour_grey_is_wild():
    s = ready(4, columns=("yybbrg", "yybbrb", "yybbrr"))
    assert strings(s) == ["take:land", "take:build", "take:sun"]  # bottom tile of each column
    play(s, "take:build")
    assert R.slot_count(s, 0, 1) == 1  # blue tile -> blue slot
    lowest_until(s, lambda s: s.actor == 1)
    play(s, "take:land")
    assert strings(s) == ["slot:red", "slot:blue", "slot:yellow"]
    play(s, "slot:yellow")
    assert R.slot_count(s, 1, 2) == 1 and s.slots[1][9 + 2 * 3 + 0] == 1


@pytest.mark.rule("HE-TEST-R19", "HE-ACT-7", "HE-ACT-8", "HE-RND-6")
def test_r19_fourth_tile_bonus_action():
    s = ready(4, columns=("yybbrr", "yybbrr", "bbyyrr"))
    s.slots[0][0 * 3 + 1] = 3  # three red build tiles already attached
    s.columns[2] = []  # the sun column is empty
    play(s, "take:land forgo")
    assert strings(s) == ["forgo", "do:land", "do:build", "do:sun"]  # even the empty column's action
    discards = sum(map(sum, s.discard))
    play(s, "do:sun step:1,-1 stop")
    assert R.slot_count(s, 0, 0) == 0 and sum(map(sum, s.discard)) == discards + 4
    assert s.discard[1][0] >= 3 and s.actor == 1


@pytest.mark.rule(
    "HE-TEST-R20", "HE-SETUP-10", "HE-REF-6", "HE-AMB-11", "HE-AMB-10", "HE-REF-5", "HE-AMB-31", "HE-RND-3"
)
def test_r20_late_seats_get_bonus_resources():
    s = ready(4, gains="black blue")
    assert [sum(s.res[p]) for p in range(4)] == [1, 1, 2, 2]
    assert s.res[2][DATA.centre * 5 + COLOURS.index("black")] == 1 and s.res[3][DATA.centre * 5] == 1
    lowest_until(s, lambda s: s.round == 2)
    assert s.dragon == 1
    # seat 3 relative to the new dragon is player 3, whose only tile already holds 2 resources: the
    # resource is lost (HE-AMB-11); seat 4 is player 0
    assert s.phase == 4 and s.actor == 0
    play(s, "gain:black")
    assert strings(s) == ["put:0,0"]
    play(s, "put:0,0")
    assert s.res[0][DATA.centre * 5 + COLOURS.index("black")] == 1 and s.phase == 6 and s.actor == 1


@pytest.mark.rule("HE-TEST-R21", "HE-SETUP-7", "HE-SETUP-8", "HE-SETUP-6", "HE-REF-2")
def test_r21_extra_stack():
    s = ready(4, homes="brown brown grey green", extra="black")
    # 2 brown + 3 grey + 3 green + 2 blue + 2 black, one black now face up
    assert s.extra == [2, 2, 3, 3, 1] and s.land_stack == [3] * 5 and s.face_up == [0, 1, 2, 3, 4, 4]


@pytest.mark.rule("HE-TEST-R22", "HE-RND-4", "HE-AMB-1", "HE-AMB-22")
def test_r22_two_players():
    s = ready(2)
    lowest_until(s, lambda s: s.phase == PH_PERSON or s.round == 2)
    assert sum(len(c) for c in s.columns) == 10
    cols = [c[:] for c in s.columns]
    lowest_until(s, lambda s: s.round == 2 and s.phase == 6)
    assert s.columns == cols  # no deal after round 1: same tiles, same positions
    lowest_until(s, lambda s: s.round == 3 and s.phase == 6)
    assert sum(len(c) for c in s.columns) == 18  # 2 discarded, 18 dealt


@pytest.mark.rule("HE-TEST-P1", "HE-PAY-3", "HE-AMB-3", "HE-PAY-2", "HE-PAY-5")
def test_p1_substitute_a_missing_colour():
    s = build_state({(0, 0): "green", (1, 0): "brown brown", (0, 1): "blue"})
    assert "build:palace" in strings(s)
    play(s, "build:palace pay:0,0:green pay:1,0:brown pay:1,0:brown pay:0,1:blue")
    assert s.buildings[0] >> B["palace"] & 1 and sum(s.res[0]) == 0
    s = build_state({(0, 0): "green", (1, 0): "brown brown"})
    assert "build:palace" not in strings(s)


@pytest.mark.rule("HE-TEST-P2", "HE-PAY-3")
def test_p2_a_held_colour_must_be_paid():
    s = build_state({(0, 0): "grey", (1, 0): "green", (0, 1): "brown", (-1, 1): "blue"})
    play(s, "build:palace")
    assert s.pay[2:] == ((0, 0, 1, 1, 0), 0, 1)
    play(s, "pay:1,0:green pay:0,1:brown")
    assert strings(s) == ["pay:0,0:grey"]  # grey must be paid with the grey resource


@pytest.mark.rule("HE-TEST-P3", "HE-BLD-T5")
def test_p3_citadel_without_black_or_blue():
    s = build_state({(0, 0): "green green", (1, 0): "brown"})
    play(s, "build:citadel")
    assert s.pay[2:] == ((0,) * 5, 0, 2)


@pytest.mark.rule("HE-TEST-P4", "HE-TMP-4")
def test_p4_leftover_on_the_temple_tile_returns():
    s = build_state({(0, 0): "brown grey"})
    mana = s.mana[0]
    play(s, "temple:0,0 pay:0,0:brown")
    assert sum(s.res[0]) == 0 and s.temples[0][h(0, 0)] and s.mana[0] == mana + 1


@pytest.mark.rule("HE-TEST-P5", "HE-IRR-3", "HE-AMB-23")
@pytest.mark.parametrize("warehouse", [False, True])
def test_p5_warehouse(warehouse):
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, -1): "grey", (-1, 0): "green", (0, -2): "blue"},
          res={(1, -1): "black", (-1, 0): "green green"}, temples=[(0, -2)])  # fmt: skip
    if warehouse:
        s.buildings[0] |= 1 << B["warehouse"]
    s.sun[0] = h(0, -1)
    R._stop(s, 0)
    r = s.res[0]
    assert r[h(0, 0) * 5 + 1] == 1
    assert r[h(1, -1) * 5 + 2] == (1 if warehouse else 0) and r[h(1, -1) * 5 + 4] == 1
    assert sum(r[h(-1, 0) * 5 : h(-1, 0) * 5 + 5]) == 2 and sum(r[h(0, -2) * 5 : h(0, -2) * 5 + 5]) == 0


@pytest.mark.rule("HE-TEST-P6", "HE-BLD-T4")
def test_p6_council():
    t = [-1] * 61
    for x in [(0, 0), (1, -1), (-1, 0)]:
        t[h(*x)] = 0
    assert temple_vp(t, h(0, 0), False) == 3 and temple_vp(t, h(0, 0), True) == 6


@pytest.mark.rule("HE-TEST-P7", "HE-BLD-T9")
def test_p7_bazaar():
    s = build_state({(0, 0): "green", (1, 0): "brown"})
    s.mana[0] = 5
    play(s, "build:bazaar pay:0,0:green pay:1,0:brown")
    assert strings(s) == ["trade:0", "trade:1", "trade:2", "trade:3"]
    play(s, "trade:3")
    assert s.vp[0] == 12 and s.mana[0] == 2


@pytest.mark.rule("HE-TEST-P8", "HE-PERS-2", "HE-AMB-36", "HE-AMB-38")
def test_p8_person_order_by_mana():
    s = ready(4)
    s.mana = [3, 5, 5, 1]
    s.todo = [("phase2",)]
    s.phase = R.PH_IDLE
    R._phase2(s)
    assert s.person_order == [1]


@pytest.mark.rule("HE-TEST-P9", "HE-PERS-T4", "HE-AMB-7")
def test_p9_cartographer():
    s = ready(4)
    board(s, 0, land={(0, 0): "brown", (1, 0): "brown", (0, 1): "brown", (-1, 1): "green", (1, -1): "blue"})
    cats = final_breakdown(s.tiles[0], s.res[0], s.temples[0], 0, 1 << P["cartographer"], 0, 2)
    assert cats["persons"] == 9


@pytest.mark.rule("HE-TEST-P10", "HE-PERS-T6", "HE-AMB-6", "HE-AMB-21")
def test_p10_princess_after_power_plant():
    s = build_state({(0, 0): "black", (1, 0): "blue"})
    play(s, "build:observatory pay:0,0:black")
    s.turn = 0
    begin(s, "build")
    play(s, "build:power_plant pay:1,0:blue")
    s.rng[0] += 1  # Fürstin's range
    assert s.player_view(0)["players"][0]["sun_range"] == "sun" and s.rng[0] == 6
    cats = final_breakdown(s.tiles[0], s.res[0], s.temples[0], s.buildings[0], 1 << P["princess"], 0, s.rng[0])
    assert cats["persons"] == 12


def test_every_building_is_in_the_table():
    assert len(BUILDING_IDS) == 12 and sum(b.vp for b in DATA.buildings) == 25

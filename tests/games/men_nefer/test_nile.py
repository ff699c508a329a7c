"""The Nile: moving and activating boats, cities, trade agreements on the board
(MN-ACT-17, -18, -26, MN-CONC-9, MN-AMB-22..26, -53, MN-DATA-15/16)."""

import pytest

from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.nile import resolvable
from tests.games.men_nefer.helpers import (
    act,
    agreement,
    boats,
    done,
    edit,
    fx,
    loc,
    play,
    ready,
    strings,
)

W = 0


def era2(players=4, **options):
    s = edit(ready(players, **options))
    s.era = 2
    return s


def city(name):
    return loc(name) - DATA.sections


@pytest.mark.rule("MN-DATA-15", "MN-ACT-17")
def test_nile_layout():
    edges = {(DATA.locations[a], DATA.locations[b]) for a, b in DATA.sail_edges}
    assert ("H", "U1") in edges and ("S1", "D1") in edges and ("S2", "U2") in edges  # cities border sections
    assert ("U1", "S1") in edges and ("D1", "S2") in edges  # arrows
    assert all((f"S{k}", f"S{k + 1}") in edges for k in range(1, 7)) and ("H", "S1") in edges
    assert DATA.loc_food[:8] == (0, 1, 2, 2, 3, 3, 3, 4)
    assert [DATA.loc_fishing[loc(c)] for c in ("U1", "D1", "U2", "D2", "U3", "D3")] == [0, 0, 0, 1, 1, 2]


@pytest.mark.rule("MN-ACT-17", "MN-AMB-22")
def test_boat_moves_pass_through_but_never_end_together():
    s = era2()
    boats(s, W, "S1", "S2")
    act(s, W, fx("boats", n=1, activations=0))
    assert "sail:s1:s2" not in strings(s)  # would end on an own boat with no step left
    assert "sail:s1:d1" in strings(s) and "sail:h:s1" not in strings(s)
    act(s, W, fx("boats", n=2, activations=0))
    play(s, "sail:s1:s2")  # passing through an own boat is fine ...
    assert "pass" not in strings(s)  # ... but the movement may not end there
    play(s, "sail:s2:s3")
    assert sorted(s.boats[0:2]) == [loc("S2"), loc("S3")]
    assert resolvable((0, 0, 0, 0), 0) and not resolvable((0, 0, 1, 1), 0) and resolvable((0, 0, 1, 1), 1)


@pytest.mark.rule("MN-ACT-18", "MN-AMB-53", "MN-AMB-24")
def test_activations_before_and_after_the_movement():
    s = era2()
    boats(s, W, "S2", "S4")
    s.food[W] = 0
    act(s, W, fx("boats", n=1, activations=2))
    play(s, "activate:s2")  # one before the movement
    assert s.food[W] == 2
    play(s, "sail:s4:s5")
    assert "activate:s2" not in strings(s) and "activate:s5" in strings(s)  # one after (MN-AMB-53)
    play(s, "activate:s5")
    assert s.food[W] == 5 and done(s)
    # MN-AMB-24: once per boat per turn, across actions
    act(s, W, fx("boats", n=0, activations=1))
    assert done(s)
    s.activated = 0
    act(s, W, fx("boats", n=0, activations=1))
    assert set(strings(s)) == {"activate:s2", "activate:s5", "pass"}


@pytest.mark.rule("MN-AMB-53")
def test_strict_activation_split_option():
    s = era2(boat_activations_split="both_before_or_both_after")
    boats(s, W, "S2", "S4")
    act(s, W, fx("boats", n=1, activations=2))
    play(s, "activate:s2 sail:s4:s5")
    assert strings(s) == [] or done(s)  # the second activation may not come after the movement


@pytest.mark.rule("MN-ACT-18", "MN-AMB-25", "MN-AMB-23", "MN-CONC-9")
def test_city_activation_without_agreements():
    s = era2()
    boats(s, W, "U2")
    u2 = city("U2")
    s.city_ta[u2 * 2 : u2 * 2 + 2] = [-1, -1]
    s.city_adv[u2] = DATA.advantage_ids.index("CA4")  # 2 food
    s.food[W] = 0
    act(s, W, fx("boats", n=0, activations=1))
    play(s, "activate:u2")
    assert s.food[W] == 2 and s.boats[0] == loc("S3") and s.ta[0:9] == [-1] * 9 and done(s)
    # MN-AMB-23: the exit goes left to the nearest section without an own boat, never a city
    s = era2()
    boats(s, W, "D2", "S5", "S4", "S3")
    d2 = city("D2")
    s.city_ta[d2 * 2 : d2 * 2 + 2] = [-1, -1]
    s.city_adv[d2] = DATA.advantage_ids.index("CA4")
    act(s, W, fx("boats", n=0, activations=1))
    play(s, "activate:d2")
    assert s.boats[0] == loc("S2")


@pytest.mark.rule("MN-ACT-18", "MN-ACT-26", "MN-AMB-26")
def test_city_with_two_agreements_and_a_full_board():
    s = era2()
    boats(s, W, "U3")
    u3 = city("U3")
    s.city_ta[u3 * 2 : u3 * 2 + 2] = [agreement("TA40"), agreement("TA41")]
    s.city_adv[u3] = DATA.advantage_ids.index("CA1")
    s.ta[0:9] = [agreement(f"TA0{k}") * 2 + (k % 2) for k in range(1, 10)]
    discarded = s.ta_discarded
    act(s, W, fx("boats", n=0, activations=1))
    play(s, "activate:u3")
    assert strings(s) == [f"agreement:u3:{k}" for k in (1, 2)]  # take one of them
    play(s, "agreement:u3:2")
    assert strings(s) == [f"discard:{k}" for k in range(1, 10)] + ["discard:new"]  # the board is full
    play(s, "discard:4")  # an open or fulfilled agreement may go
    assert s.ta[3] == agreement("TA41") * 2 and s.ta_discarded == discarded + 1  # out of the game
    assert s.city_ta[u3 * 2] == agreement("TA40") and done(s)
    s = era2()
    s.ta[0:9] = [agreement(f"TA0{k}") * 2 for k in range(1, 10)]
    before = s.ta[:]
    s.deity = DATA.deity_ids.index("hathor")
    s.sun[W] = 3
    act(s, W, fx("sun", n=1))
    play(s, strings(s)[0] + " discard:new")
    assert s.ta == before  # the new agreement may be discarded instead


@pytest.mark.rule("MN-DATA-16", "MN-ACT-18")
def test_city_advantages():
    assert len(DATA.advantage_actions) == 6
    ops = [[e[0] for e in g] for g in DATA.advantage_actions]
    assert ops == [[3], [4], [11], [0], [19], [5]]  # heart, feather, buy papyrus, food, sun, limestone


@pytest.mark.rule("MN-ACT-18", "MN-DEITY-6")
def test_sobek_inside_a_city_activation():
    """The advantage comes before the exit: a sun-disc advantage can trigger Sobek, whose movement may
    sail the activated boat out of the city itself; the exit then has nothing left to do."""
    s = era2()
    boats(s, W, "U1", "S3")
    s.city_adv[0] = DATA.advantage_ids.index("CA5")  # sun 1
    s.city_ta[0:2] = [-1, -1]
    s.deity = DATA.deity_ids.index("sobek")
    s.sun[W] = 3
    act(s, W, fx("boats", n=1, activations=2))
    play(s, "activate:u1")
    assert s.sun[W] == 4 and "sail:u1:s1" in strings(s)  # Sobek: boats 2, the boat still in U1
    play(s, "sail:u1:s1 sail:s1:s2")
    assert sorted(s.boats[0:2]) == [loc("S2"), loc("S3")]  # no exit left to do
    assert "sail:s2:u2" in strings(s) and "activate:s2" not in strings(s)  # outer action; S2 was activated
    play(s, "activate:s3")  # both activations before the outer movement: its step is still to come
    assert "sail:s2:u2" in strings(s) and not any(m.startswith("activate") for m in strings(s))
    play(s, "pass")
    assert done(s)


@pytest.mark.rule("MN-ACT-17", "MN-ACT-18", "MN-AMB-24")
def test_which_of_two_boats_on_one_section_sails_is_a_choice():
    """An activated boat and a fresh one on the same section mid-move: either may sail on, and the
    one that stays is the one that can still be activated (found by an independent rules audit)."""
    s = edit(ready(4))
    s.era = 2
    boats(s, W, "S2", "S1")
    act(s, W, fx("boats", n=2, activations=2))
    play(s, "activate:s2 sail:s1:s2")
    assert {"sail:s2:u2", "sail-activated:s2:u2"} <= set(strings(s))
    t = s.clone()
    play(t, "sail-activated:s2:u2")  # the activated boat leaves; the fresh one stays on S2
    assert "activate:s2" in strings(t) and "activate:u2" not in strings(t)
    play(s, "sail:s2:u2")  # the fresh boat leaves; it can be activated in U2
    assert "activate:u2" in strings(s) and "activate:s2" not in strings(s)

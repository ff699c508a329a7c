"""Temple, obelisk and markets: papyri, wares, priestesses, offerings, the sun disc and the deities
(MN-ACT-11..16, -22, -23, -27, MN-DEITY, MN-CONC-4/10/11)."""

import pytest

from heliopolis.games.men_nefer.components import DATA
from tests.games.men_nefer.helpers import (
    act,
    done,
    edit,
    fx,
    house,
    play,
    ready,
    strings,
    temple_space,
    ware_id,
)

W = 0


def era2(players=4, **options):
    s = edit(ready(players, **options))
    s.era = 2
    return s


@pytest.mark.rule("MN-ACT-11", "MN-AMB-31", "MN-CONC-4", "MN-DATA-7")
def test_buy_papyrus_costs_and_row():
    assert DATA.papyrus_market_cost == (2, 1, 1, 0) and DATA.papyrus_slot_cost == (0, 0, 1, 2, 3)
    s = era2()
    s.heka[W] = 2
    act(s, W, fx("buy_papyrus"))
    assert strings(s) == ["papyrus:1", "papyrus:2", "papyrus:3", "papyrus:4", "pass"]
    first = s.pap_mkt[0]
    play(s, "papyrus:1")
    assert s.heka[W] == 0 and s.row[0] == first and s.pap_mkt[0] == -1
    s.row[0:5] = [1, 2, -1, -1, -1]
    s.heka[W] = 1
    act(s, W, fx("buy_papyrus"))
    assert strings(s) == ["papyrus:4", "pass"]  # slot 3 costs 1: only the free market slot is payable
    play(s, "papyrus:4")
    assert s.row[2] >= 0 and s.heka[W] == 0  # left to right, no gaps
    s.row[0:5] = [1, 2, 3, 4, 5]
    s.heka[W] = 10
    act(s, W, fx("buy_papyrus"))
    assert done(s)  # a full row takes no papyri


@pytest.mark.rule("MN-ACT-12", "MN-DEITY-4")
def test_free_papyrus_and_osiris():
    s = era2()
    s.heka[W] = 0
    s.row[0:5] = [1, 2, 3, -1, -1]
    act(s, W, fx("free_papyrus"))
    assert len(strings(s)) == 5
    play(s, "papyrus:1")
    assert s.heka[W] == 0 and s.row[3] >= 0  # neither cost is paid; still the first empty slot
    s.row[0:5] = [1, 2, 3, 4, 5]
    act(s, W, fx("free_papyrus"))
    assert done(s)  # no empty slot: lost
    s = era2()
    s.deity = DATA.deity_ids.index("osiris")
    s.sun[W], s.heka[W] = 3, 0
    act(s, W, fx("sun", n=1))
    play(s, "papyrus:1")
    assert s.row[0] >= 0 and s.heka[W] == 0


@pytest.mark.rule("MN-ACT-13", "MN-DATA-5", "MN-DATA-6", "MN-CONC-10")
def test_ware_area_filling():
    assert DATA.ware_levels == (4, 3, 2) and DATA.ware_space_pp == (0, 0, 0, 0, 1, 1, 1, 2, 2)
    assert DATA.ware_market_cost == (3, 2, 1, 1)
    s = era2()
    s.food[W] = 10
    for k in range(9):
        s.ware_mkt[:] = [ware_id("W01"), ware_id("W02"), ware_id("W03"), ware_id(f"W{k + 10:02d}")]
        act(s, W, fx("free_ware"))
        play(s, "ware:4")
        if not done(s):
            play(s, strings(s)[-1])  # the highest legal space
    assert all(w >= 0 for w in s.wares[0:9]) and s.ware_state[0:9] == [1] * 9
    assert s.pp[W] == DATA.pp_start + 3 + 4  # level II 1 PP each, level III 2 PP each
    act(s, W, fx("free_ware"))
    assert done(s)  # a full area takes no more wares


@pytest.mark.rule("MN-ACT-27", "MN-DEITY-5")
def test_ptah_free_ware():
    s = era2()
    s.deity = DATA.deity_ids.index("ptah")
    s.sun[W], s.food[W] = 3, 0
    act(s, W, fx("sun", n=1))
    assert strings(s) == ["ware:1", "ware:2", "ware:3", "ware:4", "pass"]
    play(s, "ware:1")
    assert s.wares[0] >= 0 and s.food[W] == 0


@pytest.mark.rule("MN-ACT-15", "MN-CONC-11", "MN-DATA-11")
def test_priestess_movement_rules():
    assert DATA.room_cost[1:] == (1, 1, 2, 2)
    s = era2()
    act(s, W, fx("priestesses", n=3, offering=False))
    play(s, "priestess:entrance priestess:1s")  # entrance -> room 2 costs 1 + 1
    assert strings(s) == ["priestess:entrance", "pass"]  # room 3 costs 2: out of reach with 1 step
    play(s, "pass")  # unused steps are lost
    assert s.priest[0:10] == [3, 0, 0, 0, 1, 0, 0, 0, 0, 0] and done(s)
    s.priest[0:10] = [3, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    act(s, W, fx("priestesses", n=3, offering=False))
    play(s, "priestess:2s priestess:entrance")
    assert s.priest[0:10] == [2, 0, 1, 0, 0, 0, 1, 0, 0, 0] and done(s)
    s.priest[0:10] = [0, 0, 0, 0, 0, 0, 0, 0, 4, 0]
    act(s, W, fx("priestesses", n=4, offering=False))
    assert done(s)  # priestesses in room 4 cannot move; none move back


@pytest.mark.rule("MN-ACT-16", "MN-AMB-28", "MN-AMB-29")
def test_offering_rules():
    s = era2()
    s.wares[0], s.ware_state[0] = ware_id("W01"), 1  # level I: "2 heka"
    s.heka[W] = 0
    act(s, W, fx("priestesses", n=1, offering=True))
    assert "offer:i1" not in strings(s)  # no standing priestess in a room: no basket space (MN-AMB-28)
    play(s, "priestess:entrance")
    assert strings(s) == ["offer:i1", "pass"]  # after the movement
    play(s, "offer:i1")
    assert s.heka[W] == 2  # the action next to I only
    assert all(m.startswith("basket:ts-1") for m in strings(s))  # a room with a standing priestess
    play(s, "basket:ts-1l1")
    assert s.temple[temple_space("TS-1L1")] == W and s.ware_state[0] == 2
    assert s.priest[2:4] == [0, 1] and done(s)  # she lies down
    act(s, W, fx("priestesses", n=0, offering=True))
    assert done(s)  # the flipped ware cannot be offered again; no standing priestess in a room either
    # before the movement: offering first, then the steps
    s = era2()
    s.priest[0:4] = [3, 0, 1, 0]
    s.wares[0], s.ware_state[0] = ware_id("W04"), 1  # level I: feather 1
    act(s, W, fx("priestesses", n=1, offering=True))
    play(s, "offer:i1 basket:ts-1r1")
    assert "priestess:1l" in strings(s) and not any(m.startswith("offer") for m in strings(s))
    play(s, "priestess:1l")
    assert s.priest[2:6] == [0, 0, 1, 0] and done(s)  # the lying priestess moved and stands


@pytest.mark.rule("MN-AMB-9")
def test_temple_basket_spaces_option():
    assert len(DATA.temple_ids) == 32 and all(DATA.temple_room.count(r) == 8 for r in (1, 2, 3, 4))
    s = era2()
    s.priest[0:4] = [3, 0, 1, 0]
    s.wares[0], s.ware_state[0] = ware_id("W01"), 1
    act(s, W, fx("priestesses", n=0, offering=True))
    play(s, "offer:i1")
    assert len(strings(s)) == 8  # 8 spaces per room
    s = era2(temple_basket_spaces="8_total")
    s.priest[0:4] = [3, 0, 1, 0]
    s.wares[0], s.ware_state[0] = ware_id("W01"), 1
    act(s, W, fx("priestesses", n=0, offering=True))
    play(s, "offer:i1")
    assert strings(s) == ["basket:ts-1l1", "basket:ts-1r3"]  # the 8-in-total reading


@pytest.mark.rule("MN-ACT-22", "MN-DEITY-0", "MN-AMB-33", "MN-DATA-12", "MN-DEITY-2")
def test_sun_disc_and_deity_triggers():
    assert [x for x in range(16) if DATA.obelisk_deity[x]] == [4, 9, 14]
    assert [DATA.obelisk_seal[x] for x in (2, 5, 8, 10, 13, 15)] == [1, 3, 5, 7, 9, 12]
    s = era2()
    s.deity = DATA.deity_ids.index("maat")
    h, f = s.heart[W], s.feather[W]
    s.sun[W] = 3
    act(s, W, fx("sun", n=7))  # passes deity spaces 4 and 9: triggered twice, in order
    assert s.sun[W] == 10 and (s.heart[W], s.feather[W]) == (h + 2, f - 2) and done(s)
    act(s, W, fx("sun", n=1))
    assert s.heart[W] == h + 2  # 11: no deity space


@pytest.mark.rule("MN-ACT-23", "MN-GEN-2")
def test_simple_gains_and_caps():
    s = era2()
    s.food[W], s.heka[W] = 9, 8
    s.heart[W], s.feather[W] = 23, 1
    pp = s.pp[W]
    act(s, W, fx("food", n=3), fx("heka", n=3), fx("pp", n=2), fx("heart", n=3), fx("feather", n=3))
    assert (s.food[W], s.heka[W], s.pp[W], s.heart[W], s.feather[W]) == (10, 10, pp + 2, 24, 0) and done(s)


@pytest.mark.rule("MN-DEITY-3", "MN-DEITY-6", "MN-DEITY-7", "MN-DEITY-8", "MN-DEITY-1", "MN-ACT-25")
def test_deities():
    def trigger(name, **state):
        s = era2()
        s.deity = DATA.deity_ids.index(name)
        s.sun[W] = 3
        for k, v in state.items():
            getattr(s, k)[W] = v
        act(s, W, fx("sun", n=1))
        return s

    s = trigger("mut")
    assert strings(s) == ["alt:1", "alt:2"]  # carve or embalm
    play(s, "alt:2")
    assert s.sarc_av[W] == 1
    s = trigger("sobek")
    assert not any(m.startswith("activate") for m in strings(s))  # boats 2, no activation
    play(s, "sail:h:s1 sail:s1:s2")
    assert sorted(s.boats[0:4])[-1] == DATA.locations.index("S2") and done(s)
    s = trigger("thot")
    play(s, "scarab:temple")
    assert s.scarab[house("temple")] == 1 and done(s)
    s = trigger("isis", food=0, heka=0)
    play(s, "gain:food gain:heka gain:heka")
    assert (s.food[W], s.heka[W]) == (1, 2) and done(s)
    s = trigger("hathor")
    choices = [m for m in strings(s) if m.startswith("agreement:")]
    assert len(choices) == sum(1 for t in s.city_ta if t >= 0)  # any agreement in any city
    play(s, choices[-1])
    assert s.ta[0] >= 0 and s.boats[0:4] == [0] * 4  # no boat involved

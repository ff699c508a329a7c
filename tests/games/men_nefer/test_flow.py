"""Eras, the Flood, Sowing turns and their three options, the display and the markets
(MN-FLOW, MN-PHASE, MN-TURN, MN-GEN-4/5/8)."""

import random

import pytest

from heliopolis.core.errors import IllegalActionError
from heliopolis.games.men_nefer import actions as A
from heliopolis.games.men_nefer.components import DATA
from heliopolis.games.men_nefer.flow import occupancy_cost, option_actions
from tests.games.men_nefer.helpers import (
    act,
    done,
    edit,
    edited,
    fx,
    house,
    lowest_until,
    new,
    play,
    ready,
    strings,
    task,
    tile,
    turn,
    ware_id,
)

W = 0
NEC, TEM, SPH, PYR = (house(h) for h in ("necropolis", "temple", "sphinxes", "pyramids"))


def era2(players=4):
    s = edit(ready(players))
    s.era = 2
    return s


@pytest.mark.rule("MN-FLOW-1", "MN-FLOW-4", "MN-END-1", "MN-PHASE-11", "MN-SCORE-9")
def test_three_eras_of_nine_rounds_then_the_end():
    s = new(3, None)
    rng = random.Random(11)
    seen = []
    while not s.is_terminal():
        key = (s.era, s.rnd)
        if not seen or seen[-1] != key:
            seen.append(key)
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    rounds = [(e, r) for e, r in seen if r >= 0]
    assert [e for e, _ in rounds][0] == 1 and max(e for e, _ in rounds) == 3  # MN-FLOW-1
    assert {r for e, r in rounds if e == 1} == set(range(9))  # MN-PHASE-11: 9 rounds, then the Harvest
    assert [h[0] for h in s.harvest_log] == [1, 2, 3]  # MN-FLOW-4 / MN-END-1: ends after Harvest III
    assert s.is_terminal() and s.legal_actions() == [] and s.todo == []
    # MN-SCORE-9: a Harvest resets only the papyrus row; apprentices stay until the next Flood
    assert sum(s.appr[:30]) == 9


@pytest.mark.rule("MN-PHASE-1", "MN-PHASE-2", "MN-PHASE-5", "MN-PHASE-7", "MN-PHASE-8", "MN-AMB-27", "MN-GEN-8")
def test_flood_steps():
    s = edit(ready(4))
    s.appr[0 * 10 + NEC * 2] = 1
    s.appr[0 * 10 + TEM * 2 + 1] = 2
    s.home[0] = 0
    s.city_ta[0] = -1  # an empty valid slot
    s.city_ta[2] = -1
    keep = s.city_ta[1]
    s.pp[:] = [12, 11, 10, 13]
    task(s, 0, ("flood",))
    assert s.era == 2  # MN-PHASE-2
    assert s.home[0] == 0b111 and sum(s.appr[0:10]) == 0  # MN-PHASE-5
    assert s.is_chance_node() and {DATA.ta_value[a - A.TA_DRAW] for a in s.legal_actions()} == {2}
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.city_ta[0] >= 0 and s.city_ta[2] >= 0 and s.city_ta[1] == keep  # MN-PHASE-7
    assert s.order == [2, 1, 0, 3]  # MN-PHASE-8: fewest PP first (after the refill)
    # MN-AMB-27 / MN-GEN-8: an exhausted stack leaves the slot empty
    s = edit(ready(4))
    s.city_ta[0] = -1
    s.ta_stack = 0
    task(s, 0, ("flood",))
    assert s.city_ta[0] == -1 and not s.is_chance_node()


@pytest.mark.rule("MN-PHASE-4", "MN-AMB-42", "MN-CONC-6")
@pytest.mark.parametrize("sun,gain", [(0, 0), (2, 0), (3, 1), (7, 2), (10, 2), (11, 3), (15, 3)])
def test_flood_heka(sun, gain):
    s = edit(ready(4))
    s.sun[W], s.heka[W] = sun, 0
    task(s, W, ("flood",))
    assert s.heka[W] == gain  # the highest heka space reached: not a sum
    s = edit(ready(4))
    s.sun[W], s.heka[W] = 15, 9
    task(s, W, ("flood",))
    assert s.heka[W] == 10  # MN-CONC-6: capped


@pytest.mark.rule("MN-PHASE-6", "MN-CONC-12")
def test_neutral_apprentices_move_down_on_the_same_side():
    s = edit(ready(2))
    base = 2 * 10
    s.appr[base : base + 10] = [1, 0, 0, 2, 0, 0, 0, 0, 0, 1]  # pyramids sun, necropolis moon x2, sphinxes moon
    task(s, 0, ("flood",))
    assert s.appr[base : base + 10] == [0, 1, 1, 0, 0, 2, 0, 0, 0, 0]
    four = edit(ready(4))
    assert sum(four.appr[40:50]) == 0  # 4 players: no neutral apprentices


@pytest.mark.rule("MN-PHASE-9", "MN-PHASE-10", "MN-TURN-1", "MN-TURN-7", "MN-TURN-11")
def test_turn_options_and_their_limits():
    s = era2()
    s.slots[0:3] = [tile("T01"), -1, tile("T02")]
    s.home[W] = 0b101
    s.appr[W * 10 + PYR * 2] = 1  # one apprentice on a sun space
    s.used[0:3] = [1, 0, 0]
    s.food[W] = 5
    edited(s)  # the state's sun_houses, for the apprentice placed by hand
    kinds = {A.NAMES[a].split(":")[0] for a in option_actions(s, W)}
    assert kinds == {"visit", "raise", "take"}
    assert {A.NAMES[a] for a in option_actions(s, W) if A.NAMES[a].startswith("raise")} == {"raise:pyramids"}
    s.used[0:3] = [3, 0, 0]  # three visits done: no fourth
    assert not any(A.NAMES[a].startswith("visit") for a in option_actions(s, W))
    s.used[0:3] = [1, 1, 1]
    s.appr[W * 10 + PYR * 2], s.appr[W * 10 + PYR * 2 + 1] = 0, 1
    s.slots[1] = tile("T03")
    edited(s)
    kinds = {A.NAMES[a].split(":")[0] for a in option_actions(s, W)}
    assert kinds == {"visit"}  # MN-TURN-7: no apprentice on a sun space; MN-TURN-11: no empty slot
    fresh = ready(4)
    assert all(m.startswith("visit:") for m in strings(fresh))  # MN-PHASE-10: the first turn is a visit
    with pytest.raises(IllegalActionError):
        fresh.apply_action(A.PASS)  # passing is not allowed


@pytest.mark.rule("MN-TURN-3", "MN-TURN-8", "MN-CONC-12", "MN-AMB-34")
def test_occupancy_costs():
    assert [occupancy_cost(k) for k in range(6)] == [0, 1, 3, 5, 5, 5]
    s = era2()
    s.slots[0:3] = [tile("T14"), tile("T02"), tile("T03")]
    s.appr[W * 10 + SPH * 2] = 1  # White's own apprentice counts (MN-AMB-34)
    s.appr[2 * 10 + SPH * 2] = 2
    s.appr[4 * 10 + SPH * 2 + 1] = 3  # the moon space does not count for the sun space
    s.home[W] = 0b110 | 1
    s.food[W] = 6
    turn(s, W)
    play(s, "visit:t14 house:sphinxes")  # apprentices never block (MN-CONC-12): 3 others -> 5 food
    assert s.food[W] == 1


@pytest.mark.rule("MN-TURN-13", "MN-TURN-12")
def test_cannot_take_an_unaffordable_tile():
    s = era2()
    s.slots[0:3] = [tile("T11"), -1, tile("T12")]
    s.home[W], s.used[0:3] = 0b101, [1, 1, 0]
    s.appr[W * 10 + TEM * 2 + 1] = 1
    s.food[W] = 0
    takes = [m for m in (A.NAMES[a] for a in option_actions(s, W)) if m.startswith("take")]
    assert takes == ["take:4", "take:5"]  # slots 1-3 cost food; 4 and 5 give food
    s.food[W] = 1
    takes = [m for m in (A.NAMES[a] for a in option_actions(s, W)) if m.startswith("take")]
    assert takes == ["take:2", "take:3", "take:4", "take:5"]


def _take_setup(s, discard, supply_top=-1):
    s.slots[0:3] = [tile("T11"), -1, tile("T12")]
    s.home[W], s.used[0:3] = 0b101, [1, 1, 0]
    s.appr[W * 10 + TEM * 2 + 1] = 1
    s.food[W] = 5
    s.display[:] = [tile("T01"), tile("T02"), tile("T03"), tile("T04"), tile("T05")]
    s.tile_pool = 0
    s.supply_seq = []
    s.supply_top = supply_top
    s.discard = [tile(t) for t in discard]


@pytest.mark.rule("MN-TURN-16", "MN-AMB-20", "MN-AMB-21")
def test_supply_recycles_the_discard_pile():
    s = era2()
    _take_setup(s, ["T06", "T07", "T08"])  # T06 discarded first
    turn(s, W)
    play(s, "take:5")
    assert s.display[0] == tile("T06")  # turned over: the earliest discarded tile is the new top ...
    assert s.supply_top == tile("T07") and s.supply_seq == [tile("T08")] and s.discard == []
    s = era2()
    _take_setup(s, ["T06", "T07"], supply_top=tile("T09"))
    turn(s, W)
    play(s, "take:5")
    assert s.display[0] == tile("T09") and s.supply_top == -1  # MN-AMB-21: empty until a draw needs it
    assert s.discard == [tile("T06"), tile("T07")]


@pytest.mark.rule("MN-AMB-21")
def test_supply_recycle_timing_option():
    s = edit(ready(4, supply_recycle_timing="immediately_after_the_supply_empties"))
    s.era = 2
    _take_setup(s, ["T06", "T07"], supply_top=tile("T09"))
    turn(s, W)
    play(s, "take:5")
    assert s.display[0] == tile("T09") and s.supply_top == tile("T06")  # recycled at once


@pytest.mark.rule("MN-PHASE-12", "MN-ACT-14", "MN-AMB-30")
def test_markets_refill_only_at_the_end_of_the_turn():
    s = era2()
    s.food[W] = 10
    s.ware_mkt[:] = [ware_id("W01"), ware_id("W02"), ware_id("W03"), ware_id("W04")]
    act(s, W, fx("buy_ware"), fx("free_ware"))
    play(s, "do:buy_ware ware:2")
    assert s.ware_mkt == [ware_id("W01"), -1, ware_id("W03"), ware_id("W04")]
    assert "ware:2" not in strings(s)  # the second purchase sees what is left
    play(s, "ware:1")
    task(s, W, ("end_turn",))
    assert s.is_chance_node() and s.todo[-1] == ("c_ware", 0)
    assert s.ware_mkt[2:] == [ware_id("W03"), ware_id("W04")] and s.ware_mkt[:2] == [-1, -1]  # slid right
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert -1 not in s.ware_mkt


@pytest.mark.rule("MN-GEN-4", "MN-GEN-5", "MN-DATA-3")
def test_groups_any_order_and_separators():
    s = era2()
    s.food[W], s.heka[W] = 9, 0
    s.ware_mkt[:] = [ware_id("W01"), ware_id("W02"), ware_id("W03"), ware_id("W04")]
    act(s, W, fx("food", n=2), fx("buy_ware"))  # a gain before or after a purchase
    assert strings(s) == ["do:food", "do:buy_ware"]
    play(s, "do:buy_ware ware:1")
    assert s.food[W] == 6 + 2 and done(s)  # gain after paying: nothing lost to the cap
    s = era2()
    s.food[W] = 0
    s.ware_mkt[:] = [ware_id("W01"), -1, -1, -1]
    act(s, W, fx("food", n=2), fx("buy_ware"))
    assert done(s) and s.food[W] == 2  # nothing performable: the gain is taken, the rest is lost
    s = era2()
    s.mummy_sup[W], s.sphinx_sup[W], s.eye_sup[W] = 4, 4, 3
    act(s, W, DATA.display_actions[0][0])  # carve ⊥ embalm ⊥ obtain eye: exactly one
    assert strings(s) == ["alt:1", "alt:2", "alt:3"]
    play(s, "alt:3")
    assert s.eye_av[W] == 1 and s.sarc_av[W] == 0 and s.sphinx_av[W] == 0 and done(s)
    s = era2()
    s.sarc_av[W] = 0
    act(s, W, fx("bury", level="III"))
    assert done(s)  # MN-GEN-4: an action that cannot be performed is lost, no penalty


@pytest.mark.rule("MN-CONC-14", "MN-TURN-17")
def test_a_taken_tile_is_usable_only_after_the_flood():
    s = era2()
    _take_setup(s, [], supply_top=tile("T10"))
    turn(s, W)
    play(s, "take:1 row:5")
    t = tile("T01")
    assert t in s.slots[0:3]
    assert all(not m.startswith("visit:t01") for m in (A.NAMES[a] for a in option_actions(s, W)))
    task(s, W, ("flood",))
    assert any(A.NAMES[a].startswith("visit:t01") for a in option_actions(s, s.actor if s.actor == W else W))


@pytest.mark.rule("MN-AMB-36", "MN-TURN-14")
def test_hieroglyph_bonus_scarab_and_track_end():
    s = era2()
    _take_setup(s, [], supply_top=tile("T10"))
    board = DATA.board_glyphs[s.board[W]]
    s.glyph[W] = 1  # next space 2 shows the scarab bonus
    s.display[0] = next(t for t in range(20) if DATA.tile_glyph[t] == board[1] and t not in s.slots)
    turn(s, W)
    play(s, "take:1")
    assert s.glyph[W] == 2 and strings(s)[0].startswith("scarab:")  # fixed by the space: the scarab bonus
    play(s, "scarab:nile")
    assert s.scarab[W * 5 + house("nile")] == 1
    s = era2()
    _take_setup(s, [], supply_top=tile("T10"))
    s.glyph[W] = len(board)
    turn(s, W)
    play(s, "take:1")
    assert s.glyph[W] == len(board)  # on the last space nothing happens


def test_lowest_id_games_finish():
    s = new(2, None)
    lowest_until(s, lambda st: False, rng=None)
    assert s.is_terminal()


@pytest.mark.rule("MN-TURN-8", "MN-TURN-9")
def test_raise_when_the_moon_space_cannot_be_paid():
    s = era2()
    s.appr[W * 10 + NEC * 2] = 1
    s.home[W], s.used[0:3] = 0b110, [1, 0, 0]
    s.appr[4 * 10 + NEC * 2 + 1] = 3  # 3 neutral apprentices on the moon space: 5 food
    s.food[W] = 4
    turn(s, W)
    play(s, "raise:necropolis")
    assert s.food[W] == 7 and s.scarab[W * 5 + NEC] == 0  # moved anyway, +3 food, no scarab, no actions
    assert s.appr[W * 10 + NEC * 2 + 1] == 1 and done(s)


def test_display_food_gain_is_capped():
    s = era2()
    _take_setup(s, [], supply_top=tile("T10"))
    s.food[W] = 9
    turn(s, W)
    play(s, "take:5")
    assert s.food[W] == 10


def test_clones_and_originals_never_share_a_change():
    """Fields clone() shares ("v" and the copy-on-write lists "c" in FIELDS) are replaced, never
    changed in place: playing on from a position changes no earlier clone, and playing a clone on
    changes nothing in the position it was taken from."""
    rng = random.Random(11)
    for players in (2, 3, 4):
        s = new(players, start=None)
        snaps = []
        while not s.is_terminal():
            if rng.random() < 0.04:
                c = s.clone()
                snaps.append((c, c._key()))
                before = s._key()
                for _ in range(30):  # the clone plays on; the original must not notice
                    if c.is_terminal():
                        break
                    acts = [a for a, _ in c.chance_outcomes()] if c.is_chance_node() else c.legal_actions()
                    c.apply_action(acts[rng.randrange(len(acts))])
                assert s._key() == before
                c = s.clone()
                snaps[-1] = (c, c._key())
            acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
        assert snaps
        for c, key in snaps:
            assert c._key() == key


def test_clone_copies_exactly_the_fields_table():
    """clone() is written out field by field (for the compiled build); FIELDS stays the source of
    truth: every field is equal in the clone, "l" fields are copies, "v" and "c" fields are shared."""
    from heliopolis.games.men_nefer.state import FIELDS

    rng = random.Random(3)
    s = new(3)
    for _ in range(120):
        acts = s.legal_actions()
        s.apply_action(acts[rng.randrange(len(acts))])
    c = s.clone()
    assert c == s and c.game is s.game and c.opt is s.opt and c.n == s.n
    for name, kind in FIELDS.items():
        mine, theirs = getattr(s, name), getattr(c, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert (mine is theirs) == (kind in ("v", "c")), name

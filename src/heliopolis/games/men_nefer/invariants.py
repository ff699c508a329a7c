"""``check_invariants``: conservation laws of a Men-Nefer state, checked after every action in soaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from heliopolis.games.men_nefer import flow
from heliopolis.games.men_nefer.components import (
    CITY_SLOTS,
    DATA,
    NUM_HOUSES,
    WARE_SPACES,
)
from heliopolis.games.men_nefer.perform import NCAT

PRIEST_W = (DATA.rooms + 1) * 2
APPR_W = NUM_HOUSES * 2
ROW_LEN = len(DATA.papyrus_slot_cost)

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState


def _popcount(x: int) -> int:
    return x.bit_count()


def check_invariants(s: MenNeferState) -> None:
    n = s.n
    na = DATA.apprentices
    k = DATA.options_per_era
    assert s.sun_houses == flow.sun_houses(s), "sun_houses is what appr says"
    for p in range(n):
        assert 0 <= s.food[p] <= DATA.cap_food, f"MN-GEN-2: food {s.food[p]}"
        assert 0 <= s.heka[p] <= DATA.cap_heka, f"MN-GEN-2: heka {s.heka[p]}"
        assert s.pp[p] >= DATA.pp_min, "MN-GEN-3: PP never below 0"
        assert s.pp[p] == sum(s.pp_cat[p * NCAT : (p + 1) * NCAT]), "PP = sum of its categories"
        assert 0 <= s.heart[p] <= DATA.duat_last and 0 <= s.feather[p] <= DATA.duat_last, "MN-CONC-2"
        assert 0 <= s.sun[p] <= DATA.obelisk_top and 0 <= s.gp[p] <= DATA.gp_len and 0 <= s.qp[p] <= DATA.qp_len
        assert all(0 <= x <= DATA.track_len for x in s.scarab[p * NUM_HOUSES : (p + 1) * NUM_HOUSES]), "MN-TURN-10"
        # each turn option at most 3 times per era; specializations and takes never exceed visits
        v, r, t = s.used[p * 3 : p * 3 + 3]
        assert max(v, r, t) <= k and r <= v and t <= v, f"MN-PHASE-10: options used {v, r, t}"
        # apprentices: on the board or in a house (MN-COMP-2, MN-CONC-14)
        placed = sum(s.appr[p * APPR_W : (p + 1) * APPR_W])
        assert _popcount(s.home[p]) + placed == na, "apprentices conserved"
        if s.rnd >= 0 and not s.over:
            assert _popcount(s.home[p]) == na - v, "one apprentice leaves per visit"
            empty = s.slots[p * na : (p + 1) * na].count(-1)
            assert empty == v - t, "MN-PHASE-10: an empty tile slot exactly when takes < visits"
            sun_side = sum(s.appr[p * APPR_W + h * 2] for h in range(NUM_HOUSES))
            assert sun_side == v - r, "MN-PHASE-10: on a sun space exactly when specializations < visits"
        assert s.sphinx_sup[p] + s.sphinx_av[p] + s.pedestals.count(p) == DATA.sphinxes, "sphinxes conserved"
        assert s.mummy_sup[p] + s.sarc_av[p] + s.graves.count(p) == DATA.mummies, "mummies conserved"
        eyes = sum(s.qp_eyes[p * DATA.queens : (p + 1) * DATA.queens])
        assert s.eye_sup[p] + s.eye_av[p] + eyes == DATA.eyes, "eyes conserved"
        pr = s.priest[p * PRIEST_W : (p + 1) * PRIEST_W]
        assert sum(pr) == DATA.priestesses and min(pr) >= 0 and pr[1] == 0, "priestesses conserved"
        boats = s.boats[p * DATA.boats : (p + 1) * DATA.boats]
        if not any(t[0] == "boats" for t in s.todo):  # mid-move, boats may pass each other
            out = [b for b in boats if b != 0]
            assert len(out) == len(set(out)), "MN-ACT-17: one own boat per location outside the harbor"
        ws = s.ware_state[p * WARE_SPACES : (p + 1) * WARE_SPACES]
        wares = s.wares[p * WARE_SPACES : (p + 1) * WARE_SPACES]
        for i in range(WARE_SPACES):
            assert (wares[i] >= 0) == (ws[i] > 0), "a ware space holds a ware exactly when it is not bare"
            for j in DATA.ware_support[i]:
                assert wares[i] < 0 or wares[j] >= 0, "MN-ACT-13: an upper ware rests on two wares"
        baskets = sum(1 for x in ws if x < 2) + s.temple.count(p)
        assert baskets == DATA.baskets, "MN-CONC-10: baskets conserved"
        row = s.row[p * ROW_LEN : (p + 1) * ROW_LEN]
        k_row = row.index(-1) if -1 in row else ROW_LEN
        assert all(x >= 0 for x in row[:k_row]) and all(x < 0 for x in row[k_row:]), "MN-CONC-4: no gaps"
    # action tiles (MN-COMP-1: 20)
    tiles = [t for t in s.display if t >= 0] + [t for t in s.slots if t >= 0] + s.supply_seq + s.discard
    tiles += [s.supply_top] if s.supply_top >= 0 else []
    tiles += [t[1] for t in s.todo if t[0] == "discard_tile"]
    assert len(tiles) == len(set(tiles)), "an action tile is in two places"
    assert len(tiles) + _popcount(s.tile_pool) == len(DATA.tile_ids), "action tiles conserved"
    # wares, papyri, agreements
    on_boards = sum(1 for w in s.wares if w >= 0)
    pending = sum(1 for t in s.todo if t[0] == "ware_place")
    assert on_boards + pending + sum(1 for w in s.ware_mkt if w >= 0) + _popcount(s.bag_wares) == len(DATA.ware_ids)
    rows = sum(1 for x in s.row if x >= 0)
    assert rows + sum(s.rolled) + sum(1 for x in s.pap_mkt if x >= 0) + _popcount(s.bag_papyri) == len(
        DATA.papyrus_ids), "papyri conserved"  # fmt: skip
    held = sum(1 for t in s.ta if t >= 0) + sum(1 for t in s.todo if t[0] == "ta_place")
    assert held + sum(1 for t in s.city_ta if t >= 0) + _popcount(s.ta_stack) + s.ta_discarded == len(DATA.ta_ids)
    assert len(s.city_ta) == CITY_SLOTS * len(DATA.city_arrow)
    # pyramids
    lv_pieces = sum(1 for x in s.gp_grid if x >= 0) + sum(1 for x in s.gp_top if x >= 0) + sum(s.gp_stack)
    assert lv_pieces == sum(len(f) for f in DATA.gp_piece_favours), "Great Pyramid pieces conserved"
    assert all(0 <= x <= DATA.queen_levels for x in s.qp_levels)
    assert s.rnd < 0 or sum(s.qp_eyes) + sum(len(DATA.setup[n]["queens_preplaced_levels"]["levels"]) for _ in range(DATA.queens)) \
        == sum(s.qp_levels), "MN-ACT-6: one eye per queens' level built"  # fmt: skip

"""The component data the engine loads matches the spec's data chapter (MN-DATA-1..20).

The spec's tables are generated from the JSON; these tests read the tables of docs/rules/men-nefer.md
where that is simple (tiles, boards, placement tiles) and spot-check the rest, so a data file that
drifts from the spec (or a loader that misreads it) is caught.
"""

import re
from pathlib import Path

import pytest

from heliopolis.games.men_nefer.components import (
    BOATS,
    BURY,
    CARVE,
    CHOICE,
    DATA,
    EMBALM,
    ERECT,
    EYE,
    LIMESTONE,
    PRIESTESSES,
    SIDES,
)

SPEC = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "men-nefer.md").read_text(encoding="utf-8")


def table_rows(heading: str) -> list[list[str]]:
    start = SPEC.index(heading)
    rows = []
    for line in SPEC[start:].splitlines()[1:]:
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows and not line.startswith("|"):
            break
    return rows[1:]  # without the header


@pytest.mark.rule("MN-DATA-1")
def test_specialization_tracks():
    assert DATA.track_len == 6 and len(DATA.tracks) == 5
    pyr, nec, tem, nil, sph = DATA.tracks
    assert pyr[0] == ((LIMESTONE, 1, 0), (EYE, 0, 0)) and pyr[5][0] == (LIMESTONE, 4, 0)
    assert nec[1] == ((11, 0, 0), (BURY, 1, 0)) and nec[4] == ((EMBALM, 0, 0), (BURY, 3, 0))
    assert tem[0] == ((PRIESTESSES, 1, 1),) and tem[1][1] == (PRIESTESSES, 1, 0)
    assert nil[2] == ((BOATS, 2, 2),) and nil[5][1] == (0, 2, 0)
    assert sph[1] == ((CARVE, 0, 0), (ERECT, 1, 0)) and sph[5][2] == (2, 2, 0)


@pytest.mark.rule("MN-DATA-2")
def test_action_tiles_match_the_spec_table():
    rows = table_rows("**MN-DATA-2 Action tiles**")
    assert len(rows) == 20
    for tid, number, glyph, _ in rows:
        i = DATA.tile_ids.index(tid)
        assert DATA.tile_number[i] == int(number) and DATA.glyphs[DATA.tile_glyph[i]] == glyph
    assert DATA.tile_actions[0][1][0] == CHOICE and DATA.tile_actions[0][1][1] == "/"  # T01: 2 heka + (carve / embalm)
    assert all(e[1] == "/" for g in DATA.tile_actions for e in g if e[0] == CHOICE)  # tiles use only "/"


@pytest.mark.rule("MN-DATA-3")
def test_display_slots():
    assert DATA.display_food == (-2, -1, -1, 1, 2)
    assert DATA.display_actions[0][0][1] == "⊥" and len(DATA.display_actions[0][0][2]) == 3
    assert DATA.display_actions[4] == ((1, 1, 0),)  # the bottom slot: 1 heka


@pytest.mark.rule("MN-DATA-4")
def test_hieroglyph_tracks_match_the_spec_table():
    rows = table_rows("**MN-DATA-4 Hieroglyph tracks.**")
    assert len(rows) == 4
    for bid, seq in rows:
        i = DATA.board_ids.index(bid)
        assert [DATA.glyphs[g] for g in DATA.board_glyphs[i]] == [x.strip() for x in seq.split(",")]
        assert [b[0] for b in DATA.board_bonus[i]] == [2, 21] * 4 + [2]  # odd: 1 PP, even: scarab


@pytest.mark.rule("MN-DATA-5", "MN-DATA-6", "MN-DATA-7")
def test_player_board_wares_and_papyri():
    assert (DATA.ware_levels, DATA.papyrus_slot_cost, DATA.ta_slots) == ((4, 3, 2), (0, 0, 1, 2, 3), 9)
    assert len(DATA.ware_ids) == 35 and all(DATA.ware_kind.count(k) == 7 for k in range(5))
    assert DATA.ware_offer[0][1] == ((1, 2, 0), (11, 0, 0))  # P1: 2 heka / buy papyrus
    pairs = [(DATA.papyrus_left[i], DATA.papyrus_right[i]) for i in range(40)]
    assert all(a != b for a, b in pairs) and all(pairs.count(p) == 2 for p in set(pairs)) and len(set(pairs)) == 20


@pytest.mark.rule("MN-DATA-8", "MN-DATA-9", "MN-DATA-10", "MN-DATA-11", "MN-DATA-12")
def test_board_spaces():
    g = DATA.grave_ids.index("N-II-U-1")
    assert DATA.grave_bonus[g] == ((1, 2, 0), (3, 3, 0)) and DATA.grave_column[g] == 2
    assert DATA.mastaba_ids == ("M1", "M2", "M3", "M4", "M5", "M6", "M7")
    p = DATA.pedestal_ids.index("SP-temple-II")
    assert DATA.pedestal_bonus[p] == ((13, 0, 0), (19, 2, 0))
    t = DATA.temple_ids.index("TS-4R3")
    assert DATA.temple_actions[t] == ((19, 2, 0), (4, 3, 0)) and DATA.temple_room[t] == 4
    assert DATA.obelisk_top == 15 and DATA.obelisk_heka[3] == 1 and DATA.obelisk_heka[11] == 3


@pytest.mark.rule("MN-DATA-13", "MN-DATA-14", "MN-DATA-15", "MN-DATA-16")
def test_tracks_and_nile():
    assert DATA.gp_len == 16 and DATA.gp_construction_2p == (3, 8)
    assert DATA.qp_len == 9 and DATA.queens == 3 and DATA.queen_levels == 4
    assert DATA.locations == ("H", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "U1", "D1", "U2", "D2", "U3", "D3")
    assert DATA.city_setup_value == (1, 1, 2, 2, 3, 3)
    assert DATA.advantage_ids == ("CA1", "CA2", "CA3", "CA4", "CA5", "CA6")


@pytest.mark.rule("MN-DATA-17", "MN-DATA-18", "MN-DATA-19", "MN-DATA-20")
def test_agreements_placement_tiles_duat_and_start():
    assert DATA.ta_refill_value[2:] == (2, 3)
    rows = table_rows("**MN-DATA-18 Neutral-apprentice placement tiles**")
    for tid, three, two in rows:
        i = DATA.neutral_ids.index(tid)
        for players, text in ((3, three), (2, two)):
            want = [tuple(x.strip().split("/")) for x in text.split(",")]
            got = [(DATA.houses[h], SIDES[side]) for h, side in DATA.neutral_sides[players][i]]
            assert got == want
    assert len(DATA.scales) == 7 and DATA.duat_last == 24
    assert DATA.food_start == (3, 4, 5, 6) and DATA.heka_start == 2 and DATA.pp_start == 10


@pytest.mark.rule("MN-DATA-0")
def test_every_reconstructed_value_is_read_from_the_data_file():
    """No printed number in rules code: the rules modules take every value from DATA."""
    src = Path(__file__).resolve().parents[3] / "src" / "heliopolis" / "games" / "men_nefer"
    rules = ["flow.py", "draws.py", "effects.py", "pyramids.py", "necropolis.py", "temple.py", "nile.py",
             "sphinx.py", "harvest.py"]  # fmt: skip
    for name in rules:
        code = (src / name).read_text(encoding="utf-8")
        code = re.sub(r'""".*?"""', "", code, flags=re.DOTALL)
        code = re.sub(r"#.*", "", code)
        code = re.sub(r"\"[^\"\n]*\"|'[^'\n]*'", "", code)  # string literals
        code = re.sub(r"\[\d+\]", "", code)  # tuple fields of a task
        numbers = {int(x) for x in re.findall(r"(?<![\w.])(\d+)(?![\w.])", code)}
        # 0, 1 and 2 are structure (indices, one step, one unit, pairs, two sides), not printed values
        assert numbers <= {0, 1, 2}, f"{name}: literals {sorted(numbers - {0, 1, 2})} belong in the data file"

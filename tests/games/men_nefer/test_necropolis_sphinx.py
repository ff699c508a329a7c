"""Necropolis and sphinxes: Embalm, Bury with mastaba activations, Carve and Erect, the "?"
variants, mastaba activations of choice and the scarab bonus (MN-ACT-8..10, -19..21, -24)."""

import pytest

from heliopolis.games.men_nefer.components import DATA
from tests.games.men_nefer.helpers import (
    act,
    done,
    edit,
    fx,
    grave,
    house,
    mastaba_tile,
    play,
    ready,
    strings,
    ware_id,
)

W = 0
NEC, SPH = house("necropolis"), house("sphinxes")


def era2(players=4, **options):
    s = edit(ready(players, **options))
    s.era = 2
    return s


@pytest.mark.rule("MN-ACT-8", "MN-CONC-5")
def test_embalm():
    s = era2()
    act(s, W, fx("embalm"))
    assert (s.mummy_sup[W], s.sarc_av[W]) == (3, 1)  # supply -> available sarcophagi
    s.mummy_sup[W] = 0
    h, f = s.heart[W], s.feather[W]
    act(s, W, fx("embalm"))
    assert (s.heart[W], s.feather[W], s.sarc_av[W]) == (h + 1, f - 1, 1)


@pytest.mark.rule("MN-ACT-9", "MN-DATA-8", "MN-CONC-5")
def test_bury_columns_and_activations():
    assert [DATA.column_activations[c] for c in (1, 2, 3)] == [1, 2, 3]
    assert len(DATA.grave_ids) == 12 and all(h != v for h, v in DATA.grave_mastabas)
    s = era2()
    act(s, W, fx("bury", level="III"))
    assert done(s)  # no available sarcophagus: lost
    s.sarc_av[W] = 1
    for k in range(5):
        s.mastaba[k] = mastaba_tile("M5")  # sun 1 each
    act(s, W, fx("bury", level="III"))
    assert len([m for m in strings(s) if m.startswith("grave:")]) == 12
    play(s, "grave:n-iii-l-2")
    assert s.graves[grave("N-III-L-2")] == W and s.sarc_av[W] == 0
    play(s, "mastaba:row-lower mastaba:col-iii mastaba:col-iii")  # 3 activations, any combination
    assert s.sun[W] == 3 and done(s)
    s.sarc_av[W] = 1
    act(s, W, fx("bury", level="I"))
    play(s, "grave:n-i-u-1")
    play(s, "pass")  # activations may be declined
    assert done(s)
    s.sarc_av[W] = 1
    act(s, W, fx("bury", level="II"))
    assert "grave:n-i-u-1" not in strings(s)  # an occupied space


@pytest.mark.rule("MN-AMB-47", "MN-ACT-21", "MN-DATA-9")
def test_mastaba_activations_bury_versus_pedestal():
    assert [DATA.mastaba_pp[i] for i in range(7)] == [1, 1, 1, 2, 2, 2, 3]
    s = era2()
    s.sarc_av[W] = 1
    act(s, W, fx("bury", level="I"))
    play(s, "grave:n-i-l-1")  # bonus: limestone 2 first
    play(s, "pass")
    assert strings(s) == ["mastaba:row-lower", "mastaba:col-i", "pass"]  # only its own two tiles
    s = era2()
    for k in range(5):
        s.mastaba[k] = mastaba_tile("M5")
    act(s, W, fx("mastaba", n=2))
    assert len(strings(s)) == 6  # any of the 5 tiles, or pass
    play(s, "mastaba:col-ii mastaba:col-ii")  # repeats allowed, each resolved separately
    assert s.sun[W] == 2 and done(s)


@pytest.mark.rule("MN-AMB-8")
def test_mastaba_ware_icon_option():
    s = era2()
    s.mastaba[0] = mastaba_tile("M1")
    s.food[W] = 5
    s.ware_mkt[:] = [ware_id("W01"), ware_id("W02"), ware_id("W03"), ware_id("W04")]
    act(s, W, fx("mastaba", n=1))
    play(s, "mastaba:row-upper alt:2 ware:1")
    assert s.food[W] == 2  # default: buy ware, paying the market cost
    s = era2(mastaba_ware_icon="free_ware")
    s.mastaba[0] = mastaba_tile("M1")
    s.food[W] = 5
    s.ware_mkt[:] = [ware_id("W01"), ware_id("W02"), ware_id("W03"), ware_id("W04")]
    act(s, W, fx("mastaba", n=1))
    play(s, "mastaba:row-upper alt:2 ware:1")
    assert s.food[W] == 5 and s.wares[0] == ware_id("W01")


@pytest.mark.rule("MN-ACT-10", "MN-AMB-11")
def test_question_mark_levels():
    assert DATA.bury_reached == (0, 0, 1, 2, 2, 3, 3) and DATA.erect_reached == (0, 0, 1, 2, 2, 3, 3)
    s = era2()
    s.sarc_av[W] = 1
    s.scarab[W * 5 + NEC] = 5
    act(s, W, fx("bury", level="?"))
    assert any("-iii-" in m for m in strings(s))  # Bury III reached on space 5
    s = era2(question_mark_without_numeral="level_I")
    s.sarc_av[W] = 1
    s.scarab[W * 5 + NEC] = 0
    act(s, W, fx("bury", level="?"))
    assert {m.split("-")[1] for m in strings(s) if m.startswith("grave:")} == {"i"}  # the alternative reading


@pytest.mark.rule("MN-ACT-19", "MN-CONC-7")
def test_carve():
    s = era2()
    act(s, W, fx("carve"))
    assert (s.sphinx_sup[W], s.sphinx_av[W]) == (3, 1)
    s.sphinx_sup[W] = 0
    pp = s.pp[W]
    act(s, W, fx("carve"), fx("carve"))
    assert s.pp[W] == pp + 2 and s.sphinx_av[W] == 1


@pytest.mark.rule("MN-ACT-20", "MN-DATA-10", "MN-CONC-7")
def test_erect_sphinx():
    assert len(DATA.pedestal_ids) == 12
    assert sorted(DATA.pedestal_numeral) == [1] * 4 + [2] * 4 + [3] * 4
    s = era2()
    act(s, W, fx("erect", level="III"))
    assert done(s)  # no available sphinx: lost
    s.sphinx_av[W] = 1
    s.scarab[W * 5 + SPH] = 1
    act(s, W, fx("erect", level="?"))
    assert done(s)  # "?" with no Erect numeral reached: lost (MN-AMB-11)
    s.scarab[W * 5 + SPH] = 2
    act(s, W, fx("erect", level="?"))
    assert {m for m in strings(s)} == {"pedestal:sp-temple-i", "pedestal:sp-necropolis-i", "pedestal:sp-pyramids-i",
                                       "pedestal:sp-nile-i", "pass"}  # fmt: skip
    play(s, "pedestal:sp-nile-i")
    assert s.pedestals[DATA.pedestal_ids.index("SP-nile-I")] == W and s.sphinx_av[W] == 0
    for i in range(12):  # every pedestal taken: the action is lost
        s.pedestals[i] = 1 if s.pedestals[i] < 0 else s.pedestals[i]
    s.sphinx_av[W] = 1
    act(s, W, fx("erect", level="III"))
    assert done(s) and s.sphinx_av[W] == 1


@pytest.mark.rule("MN-ACT-24")
def test_scarab_bonus():
    s = era2()
    s.scarab[0:5] = [6, 6, 6, 6, 5]
    act(s, W, fx("scarab"))
    assert s.scarab[4] == 6 and done(s)  # the only scarab not at its end (a lone choice)
    act(s, W, fx("scarab"))
    assert done(s) and s.scarab[0:5] == [6] * 5  # all at the end: lost
    s.scarab[0:5] = [0, 2, 0, 0, 0]
    s.sarc_av[W] = 1
    act(s, W, fx("scarab"))
    play(s, "scarab:necropolis")
    assert s.scarab[1] == 3 and done(s)  # no actions of the track are performed

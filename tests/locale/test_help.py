"""The rules help's texts: a player's guide per game and language, a help text per board element,
an option text per option value the lobby offers, and the Men-Nefer page's prompt keys (built at
run time, so ``tools/i18n.py used`` cannot see them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from heliopolis import locale as L
from heliopolis.core.registry import available_games, game_class

WEB = Path(L.__file__).resolve().parents[1] / "server" / "web"
GUIDES = WEB / "guides"
HELP_JS = (WEB / "js" / "help.js").read_text(encoding="utf-8")
MN_JS = (WEB / "js" / "views" / "men-nefer.js").read_text(encoding="utf-8")


def _guide(lang: str, game: str) -> dict:
    return json.loads((GUIDES / lang / f"{game}.json").read_text(encoding="utf-8"))


# The shipped games (other tests register toy games such as "secret" in the same process).
SHIPPED = ("ra", "ra-dice", "helios", "men-nefer")


def test_the_shipped_games_are_registered():
    assert set(SHIPPED) <= set(available_games())


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_a_guide_in_every_language_with_the_same_sections(game):
    shapes = {}
    for lang in L.LANGS:
        g = _guide(lang, game)
        assert g["title"].strip()
        sections = g["sections"]
        assert len(sections) >= 4, f"{lang}/{game}: a guide covers goal, turn, actions, scoring and end"
        for s in sections:
            assert s["h"].strip() and (s.get("p") or s.get("ul")), f"{lang}/{game}: an empty section {s}"
            assert all(x.strip() for x in [*s.get("p", []), *s.get("ul", [])])
        shapes[lang] = [(len(s.get("p", [])), len(s.get("ul", []))) for s in sections]
    assert len(set(map(tuple, shapes.values()))) == 1, f"{game}: the languages' guides differ in shape {shapes}"


def test_german_guides_use_the_rulebooks_terms():
    want = {"ra": ["Sonne", "Ra-Reihe", "Angebots-Reihe", "Bietrunde", "Götter", "Katastrophe"],
            "ra-dice": ["Sonnen-Leiste", "Ankh", "Überschwemmung", "Monument"],
            "helios": ["Aktionsplättchen", "Landplättchen", "Sonderplättchen", "Bonusaktion", "Personen"],
            "men-nefer": ["Sonnenscheibe", "Mastaba", "Lebenshaus", "Handelsabkommen", "Horusauge"]}  # fmt: skip
    for game, terms in want.items():
        text = json.dumps(_guide("de", game), ensure_ascii=False)
        missing = [t for t in terms if t not in text]
        assert not missing, f"{game}: {missing}"


def test_every_board_help_key_and_option_value_has_a_text_in_both_languages():
    keys = set(re.findall(r"'(help\.[a-z-]+\.[a-z_]+)'\]", HELP_JS))
    assert len(keys) >= 20
    for game in SHIPPED:
        for name, values in game_class(game).option_choices.items():
            if f"'{name}'" in HELP_JS:  # the options the rules panel states
                keys |= {f"help.opt.{game}.{name}.{str(v).lower() if isinstance(v, bool) else v}" for v in values}
    for lang in L.LANGS:
        missing = sorted(k for k in keys if k not in L.messages(lang))
        assert not missing, f"{lang}: {missing}"


def test_men_nefer_prompts_have_a_sentence_for_the_mover_and_a_phrase_for_the_others():
    # ask(mine, 'key', ...) and ask(mine, cond ? 'a' : 'b', ...): both mnui.ask.<key> and mnui.wait.<key>
    asks = {k for call in re.findall(r"ask\((?:mine|false), ([^,{)]*)", MN_JS) for k in re.findall(r"'(\w+)'", call)}
    assert {"house", "lime", "bury", "option", "priest", "boats", "papyrus_free", "default"} <= asks
    moves = set(re.findall(r"mv\('(\w+)'", MN_JS))
    assert len(moves) >= 30
    for lang in L.LANGS:
        msgs = L.messages(lang)
        missing = [k for k in asks if f"mnui.ask.{k}" not in msgs]
        missing += [k for k in asks if f"mnui.wait.{k}" not in msgs]
        missing += [f"mv.{k}" for k in moves if f"mnui.mv.{k}" not in msgs]
        assert not missing, (lang, missing)

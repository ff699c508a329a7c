"""Every game's log and move labels are catalog messages that render completely in German and
English (issue 16): a random playout per game, each log line and each legal move's label rendered
from its wire form (``to_json``) with seat names; no missing key, no unfilled ``{placeholder}``,
no "P0"-style seat left, and the German text is not the English one."""

from __future__ import annotations

import json
import random
import re

import pytest

from heliopolis import locale as L
from heliopolis.core.registry import load_game
from heliopolis.core.text import Msg, to_json

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
SEAT_TOKEN = re.compile(r"\bP\d\b")


def _render(line, lang):
    wire = json.loads(json.dumps(to_json(line)))  # what the browser receives
    assert isinstance(wire, dict) and "k" in wire, f"a plain string, not a catalog message: {line!r}"
    out = L.text(wire["k"], lang, wire.get("a") or {}, NAMES.__getitem__)  # raises on a missing key
    assert "{" not in out and "}" not in out, (wire["k"], out)
    assert not SEAT_TOKEN.search(out), (wire["k"], out)
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("ra", 3, {"edition": "2009"}), ("ra", 2, {"edition": "2009"}), ("ra", 5, {"edition": "1999"}),
    ("ra", 4, {"edition": "2009", "hidden_scores": True}), ("ra-dice", 2, {}), ("ra-dice", 4, {}), ("helios", 2, {}),
    ("helios", 4, {}), ("men-nefer", 2, {}), ("men-nefer", 3, {}), ("men-nefer", 4, {}),
])  # fmt: skip
def test_a_random_game_renders_in_german_and_english(game_id, players, options) -> None:
    game = load_game(game_id, players, **options)
    s = game.new_initial_state()
    log = game.new_public_log()
    rng = random.Random(7)
    labels = same = total = 0
    while not s.is_terminal():
        if s.is_chance_node():
            a = s.sample_chance_outcome(rng)
        else:
            legal = s.legal_actions()
            for b in legal if len(legal) < 40 or rng.random() < 0.2 else rng.sample(legal, 10):
                label = s.describe_action(b)
                assert isinstance(label, Msg), (game_id, label)
                de, en = _render(label, "de"), _render(label, "en")
                labels += 1
            a = rng.choice(legal)
        for line in log.feed(a):
            de, en = _render(line, "de"), _render(line, "en")
            total += 1
            same += de == en
        s.apply_action(a)
    assert labels > 20 and total > 20
    assert same < total / 4, f"{same} of {total} {game_id} log lines read the same in German"
    assert L.render(log.lines[-1], "de", NAMES.__getitem__) != str(log.lines[-1])


def test_english_wire_form_is_the_text_the_engine_wrote() -> None:
    game = load_game("ra", 3)
    s = game.new_initial_state()
    line = s.describe_action(s.legal_actions()[0])
    assert L.render(to_json(line), "en") == str(line)  # "P0"-free: nothing seat-specific here
    m = L.msg("ra.log.draws", seat=1, tile=L.msg("ra.tile.step-pyramid"))
    assert m == "P1 draws Step pyramid"
    assert L.render(to_json(m), "de", NAMES.__getitem__) == "Bo zieht Stufenpyramide"


def test_listing_nests_items_and_renders_each() -> None:
    items = [L.msg("ra-dice.colour.red"), L.msg("ra-dice.colour.green"), L.msg("ra-dice.colour.purple")]
    joined = L.listing("ra-dice.list", items)
    assert joined == "red, green, purple"
    assert L.render(joined.to_json(), "de") == "rot, grün, lila"
    assert L.listing("ra-dice.list", []) == ""

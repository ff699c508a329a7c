"""The action table is pinned: changing an id must bump the encoding (saved games name it)."""

from pathlib import Path

import pytest

from heliopolis.core.errors import NotationError
from heliopolis.games.ra_dice import actions as A
from heliopolis.games.ra_dice.game import RaDiceGame


def test_action_table_is_pinned():
    pinned = (Path(__file__).parent / "action_table.txt").read_text().splitlines()
    current = [f"{i}\t{s}" for i, s in enumerate(A.ACTION_STRINGS)]
    assert current == pinned, "action ids changed: bump ENCODING and regenerate action_table.txt"
    assert A.ENCODING == RaDiceGame.info.encoding == "ra-dice-v1"


def test_chance_ids_are_disjoint_from_player_actions():
    info = RaDiceGame.info
    assert info.num_distinct_actions == A.NUM_DISTINCT_ACTIONS == 109
    assert info.chance_offset == A.DIE_BASE == 109 and info.max_chance_outcomes == 34
    assert A.ACTION_STRINGS[info.chance_offset] == "die:red:sun"
    assert A.ACTION_STRINGS[info.chance_offset + info.max_chance_outcomes - 1] == "start:3"
    assert all(not s.startswith(("die:", "start:")) for s in A.ACTION_STRINGS[: info.chance_offset])


def test_required_notation_exists_and_round_trips():
    for text in (
        "stop",
        "roll",
        "reroll:red",
        "reroll:purple",
        "pharaoh",
        "pharaoh:ankh",
        "nile",
        "nile:ankh",
        "flood:nnn",
        "flood:nna",
        "flood:naa",
        "civ:yellow",
        "mon:yellow:1",
        "mon:purple:8",
        "disaster:pharaoh",
        "disaster:nile",
        "disaster:civ",
        "disaster:mon",
        "finish",
        "remove:civ:blue",
        "remove:mon:green:4",
        "die:red:sun",
        "die:purple:ankh",
        "start:0",
    ):
        assert A.ACTION_STRINGS[A.string_to_action(text)] == text
    # Input is trimmed and case-insensitive; a few friendly spellings are read too.
    assert A.string_to_action("  MON:Yellow:3 ") == A.string_to_action("mon:yellow:3")
    assert A.string_to_action("done") == A.FINISH and A.string_to_action("keep") == A.STOP
    assert A.string_to_action("civilization:red") == A.string_to_action("civ:red")
    assert A.string_to_action("remove:monument:red:2") == A.string_to_action("remove:mon:red:2")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("fly", "cannot read 'fly'"),
        ("civ", "needs a die colour"),
        ("civ:pink", "unknown colour 'pink'"),
        ("reroll:bleu", "did you mean blue"),
        ("mon:yellow", "a Monument space is <colour>:<column>"),
        ("mon:yellow:9", "columns are numbered 1 to 8"),
        ("mon:teal:2", "unknown colour 'teal'"),
        ("flood", "flood:nnn, flood:nna or flood:naa"),
        ("flood:nnnn", "flood:nnn, flood:nna or flood:naa"),
        ("pharaoh:nile", "'pharaoh:ankh' uses an ankh"),
        ("disaster:flood", "disaster:pharaoh, disaster:nile"),
        ("finish:now", "takes no argument"),
        ("remove:civ", "remove:civ names one space colour"),
        ("remove:mon:red:0", "columns are numbered 1 to 8"),
        ("remove:gold:red", "remove:civ:<colour> or remove:mon"),
        ("die:red:moon", "unknown face 'moon'"),
        ("die:red", "die:<colour>:<face>"),
        ("start:7", "start:<seat>"),
    ],
)
def test_malformed_notation_is_explained(text, message):
    with pytest.raises(NotationError, match=message):
        A.string_to_action(text)


@pytest.mark.parametrize("bad", [-1, A.NUM_IDS, "stop", 1.0, True, None])
def test_unknown_ids_are_notation_errors(bad):
    with pytest.raises(NotationError):
        A.action_to_string(bad)


def test_notation_doc_examples_are_notation():
    """Every move in the examples of docs/ra-dice-notation.md reads as notation; the first one replays."""
    import re

    import heliopolis

    doc = (Path(__file__).parents[3] / "docs" / "ra-dice-notation.md").read_text()
    blocks = re.findall(r"```text\n(.*?)```", doc, re.S)
    assert len(blocks) >= 4
    for block in blocks:
        for line in block.splitlines():
            if line and not line[0].isspace():
                for token in line.split("    ")[0].split():
                    A.string_to_action(token)
    s = heliopolis.new_game("ra-dice", players=3, start_player=0)
    for line in blocks[0].splitlines():
        if line and not line[0].isspace():
            for token in line.split("    ")[0].split():
                s.apply_action(s.string_to_action(token))
    assert s.cur == 1 and s.civ[0] == 1 and s.civ[2] == 1 and s.ra == 3

"""The action table is pinned: changing an id must bump the encoding (saved games name it)."""

from pathlib import Path

from heliopolis.games.ra import actions as A
from heliopolis.games.ra.game import RaGame


def test_action_table_is_pinned():
    pinned = (Path(__file__).parent / "action_table.txt").read_text().splitlines()
    current = [f"{i}\t{s}" for i, s in enumerate(A.ACTION_STRINGS)]
    assert current == pinned, "action ids changed: bump ENCODING and regenerate action_table.txt"
    assert A.ENCODING == RaGame.info.encoding == "ra-v1"


def test_required_notation_exists():
    for text in (
        "draw",
        "ra",
        "pass",
        "done",
        "bid:1",
        "bid:16",
        "god:pharaoh",
        "god:funeral",
        "discard:art",
        "discard:temple",
        "tile:ra",
        "tile:step-pyramid",
        "tile:statue",
        "tile:earthquake",
    ):
        assert A.ACTION_STRINGS[A.string_to_action(text)] == text
    assert RaGame.info.num_distinct_actions == A.TILE_BASE == RaGame.info.chance_offset

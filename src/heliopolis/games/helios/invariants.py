"""``check_invariants``: conservation laws of a Helios state, checked after every action in soak tests."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from heliopolis.games.helios import sun as S
from heliopolis.games.helios.components import DATA
from heliopolis.games.helios.legality import slot_count


@lru_cache(maxsize=4096)
def _fresh_coast(tiles: tuple[int, ...]) -> Any:
    """The coast recomputed from scratch (not the engine's cache): tiles change on few actions, so
    memoising by the tiles themselves keeps soak runs fast without trusting engine state."""
    return S.coast(list(tiles))


@lru_cache(maxsize=4096)
def _enclosed(tiles: tuple[int, ...], sun: int) -> bool:
    return S.enclosed(list(tiles), sun)


def check_invariants(s: Any) -> None:
    n = s.game.players
    # HE-COMP-1: 16 action tiles per symbol, wherever they are
    for sym in range(3):
        on_boards = sum(s.slots[p][sl * 3 + sym] + s.slots[p][9 + sl * 3 + sym] for p in range(n) for sl in range(3))
        total = sum(s.draw[sym]) + sum(s.discard[sym]) + len(s.columns[sym]) + on_boards
        assert total == 16 - (1 if s.phase == 7 and s.sym == sym else 0), f"action tiles of symbol {sym}: {total}"
    # HE-COMP-8: 36 land tiles at most (some left the game)
    on = sum(1 for p in range(n) for t in s.tiles[p] if 0 <= t < 5)
    assert on + sum(s.land_stack) + sum(s.extra) + sum(1 for c in s.face_up if c >= 0) <= sum(DATA.land_counts)
    assert (
        all(k >= 0 for k in s.special)
        and sum(s.special)
        + sum(1 for p in range(n) for t in s.tiles[p] if t >= 5)
        + (s.hand is not None and s.hand[0] == "special")
        == 8
    )
    for p in range(n):
        t, r, tm = s.tiles[p], s.res[p], s.temples[p]
        for h in range(len(t)):
            cnt = sum(r[h * 5 : h * 5 + 5])
            assert cnt <= 2, "HE-FIELD-1/HE-IRR-3: at most 2 resources on a tile"
            if t[h] < 0:
                assert cnt == 0 and not tm[h]
                continue
            assert DATA.light[h], "HE-BOARD-1: tiles only on light hexes"
            assert not (tm[h] and cnt), "HE-TMP-4: never a temple and a resource together"
        assert t[s.sun[p]] < 0, "HE-SUN-9: the sun never stands on a tile"
        if any(x >= 0 for x in t):
            key = tuple(t)
            assert not _enclosed(key, s.sun[p]), "HE-LAND-2e: the sun is never enclosed"
            c = _fresh_coast(key)
            e = s.anchor[p]
            assert t[e // 6] >= 0 and DATA.nbrs[e // 6][e % 6] == s.sun[p], "HE-SUN-6: the anchor faces the sun"
            if s.sun[p] not in c.dead:
                assert c.hexes[c.pos_of_edge[e]] == s.sun[p], "HE-SUN-6: the anchor's position is the sun's hex"
        assert s.mana[p] >= 0 and s.vp[p] >= 0 and s.x[p] <= s.xmax[p] + 1
        for sl in range(3):
            assert slot_count(s, p, sl) < 4 or s.full_slot == sl
        assert not (s.active[p] & ~s.owned[p])
    owned = 0
    for p in range(n):
        assert not owned & s.owned[p]
        owned |= s.owned[p]
    assert not owned & s.persons_free and owned | s.persons_free == 255

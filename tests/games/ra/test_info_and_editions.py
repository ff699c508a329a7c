"""Ra information model (RA-INFO) and edition differences (RA-DIFF).

For RA-DIFF rows that are wording or cosmetic, the same scripted moves are played in the 1999
and the 2009 edition and must lead to identical results (``snapshot``).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

import heliopolis
from heliopolis.core.errors import ConfigError, IllegalActionError
from heliopolis.games.ra import actions as A
from heliopolis.games.ra.components import DATA, EDITIONS, TILE_COUNTS, TILE_INDEX, TILE_NAMES
from heliopolis.games.ra.render import render_text
from heliopolis.games.ra.state import AUCTION, DEAL, DRAWN, TURN
from tests.games.ra.helpers import display, legal, new, play, setup, suns

EDITIONS_ = ("1999", "2009")


def snapshot(s):
    """Everything rules-relevant about a state (all but the edition name)."""
    return (s.phase, s.cur, s.epoch, tuple(s.points), s.epoch_log, tuple(s.track), s.ra_n, s.centre,
            tuple(s.up), tuple(s.down), tuple(s.disp), tuple(s.discard), tuple(s.bag),
            tuple(legal(s)) if not s.is_terminal() else ())  # fmt: skip


def in_both(script, players=3, **kw):
    """Runs ``script(state)`` in a fresh state of each edition; returns both states."""
    out = []
    for ed in EDITIONS_:
        s = new(players, ed, **kw)
        script(s)
        out.append(s)
    return out


def legal_gods(s):
    play(s, "stack:1 stack:2")
    setup(s, track=["god", "agriculture", "art"], displays={s.cur: {"god": 1}})
    return legal(s)


def all_keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from all_keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from all_keys(v)


# -- RA-INFO ---------------------------------------------------------------------------------------


def _auction_in_progress():
    s = new(3, "2009")
    setup(s, displays={0: {"pharaoh": 2}, 1: {"nile": 1}})
    play(s, "draw tile:gold ra pass pass bid:12")  # seat 1 invokes; seat 1 wins sun 1 for 12
    play(s, "draw tile:temple draw tile:ra pass bid:10")  # T1 auction of seat 0's Ra tile: 1 passes, 2 bids
    assert s.phase == AUCTION and s.cur == 0
    return s


@pytest.mark.rule("RA-INFO-1", "RA-AMB-12")
def test_public_information_is_in_every_view():
    s = _auction_in_progress()
    for viewer in (None, 0, 1, 2):
        v = s.player_view(viewer)
        json.dumps(v)
        assert v["auction_track"][:1] == ["temple"]  # RA-INFO-1: track contents
        assert v["ra_track"]["ra_tiles"] == 1 and v["ra_track"]["needed"] == 8  # Ra tiles still needed
        assert v["centre_sun"] == 12
        assert v["bag"]["remaining"] == s.bag_total
        assert v["auction"]["bids"] == [None, "pass", 10] and v["auction"]["high_bid"] == 10  # all bids
        assert v["seats"][0]["display"] == {"pharaoh": 2}
        assert v["seats"][1]["display"] == {"gold": 1, "nile": 1}
        assert v["seats"][1]["suns_down"] == [1]  # RA-AMB-12: a face-down sun's value is public
        assert v["seats"][1]["suns_up"] == [9, 6, 3]
    # Apart from the viewer and points, every seat sees the same thing.
    strip = []
    for viewer in (None, 0, 1, 2):
        v = s.player_view(viewer)
        v.pop("viewer")
        for seat in v["seats"]:
            seat.pop("points")
        strip.append(v)
    assert all(x == strip[0] for x in strip)  # RA-INFO-1


@pytest.mark.rule("RA-INFO-2")
def test_hidden_information():
    s = _auction_in_progress()
    for viewer in (None, 0, 1, 2):
        v = s.player_view(viewer)
        keys = {k.lower() for k in all_keys(v)}
        assert not keys & {"order", "bag_order", "sequence", "deck", "next", "next_tile", "upcoming", "seed"}
        assert set(v["bag"]) == {"remaining", "counts"}  # RA-INFO-2: no order, only counts
        # The counts are exactly what anyone derives: the full set minus every tile seen.
        seen = {name: 0 for name in TILE_NAMES}
        for t in s.track:
            if t >= 0:
                seen[TILE_NAMES[t]] += 1
        seen["ra"] += s.ra_n
        for p in range(3):
            for name, c in display(s, p).items():
                seen[name] += c
        derived = {name: TILE_COUNTS[i] - seen[name] for i, name in enumerate(TILE_NAMES)}
        assert {k: c for k, c in derived.items() if c} == v["bag"]["counts"]
        assert [seat["points"] is None for seat in v["seats"]] == [q != viewer for q in range(3)]  # RA-INFO-2
    # The information state is the seat plus the public history (no hidden extras).
    assert s.information_state_string(0).split(":", 2)[2] == s.information_state_string(2).split(":", 2)[2]


@pytest.mark.rule("RA-INFO-3", "RA-DIS-8")
def test_discard_counts_exposed_and_derivable():
    s = new(3, "2009")
    play(s, "draw tile:pharaoh draw tile:funeral draw tile:gold")
    play(s, "ra pass pass bid:13")  # seat 0 wins pharaoh, funeral (destroys the pharaoh), gold
    setup(s, track=["art"] * 5 + ["nile"] * 3)
    play(s, "ra pass pass pass")  # forced invocation, all pass: the 8 tiles are discarded
    v = s.player_view(2)
    assert v["discarded"] == {"pharaoh": 1, "funeral": 1, "art": 5, "nile": 3}  # RA-INFO-3
    assert v["discarded"] == {TILE_NAMES[t]: c for t, c in enumerate(s.discard) if c}
    assert "art" not in v["bag"]["counts"]


@pytest.mark.rule("RA-INFO-2", "RA-INFO-1")
def test_scores_revealed_at_game_end():
    s = new(3, "2009")
    for kind in ("art", "religion", "writing"):
        setup(s, displays={0: {kind: 1}}, ra_tiles=7)
        play(s, "draw tile:ra")
    assert s.is_terminal()
    for viewer in (None, 0, 1, 2):
        assert [seat["points"] for seat in s.player_view(viewer)["seats"]] == s.points  # revealed at the end
        assert all(row["after"] is not None for e in s.player_view(viewer)["epoch_scores"] for row in e["seats"])


# -- RA-DIFF ---------------------------------------------------------------------------------------


@pytest.mark.rule("RA-DIFF-1")
def test_player_counts_per_edition():
    with pytest.raises(ConfigError):
        heliopolis.new_game("ra", players=2, edition="1999")  # RA-DIFF-1
    assert heliopolis.new_game("ra", players=2, edition="2009").is_chance_node()
    for ed in EDITIONS_:
        for n in (3, 4, 5):
            assert heliopolis.new_game("ra", players=n, edition=ed).current_player() < 0  # dealing chance node
    assert EDITIONS["1999"]["players"] == (3, 4, 5) and EDITIONS["2009"]["players"] == (2, 3, 4, 5)


@pytest.mark.rule("RA-DIFF-2")
def test_two_player_sun_stacks():
    s = heliopolis.new_game("ra", players=2, edition="2009")
    assert s.phase == DEAL and legal(s) == ["stack:1", "stack:2"]
    play(s, "stack:2")
    assert suns(s, 0) == ([8, 7, 4, 3], []) and suns(s, 1) == ([9, 6, 5, 2], [])  # RA-DIFF-2
    assert s.centre == 1 and s.cur == 1  # sun 9 starts
    assert not any(s.up[p] >> v & 1 for p in range(2) for v in range(10, 17))  # suns 10-16 unused


@pytest.mark.rule("RA-DIFF-3")
@pytest.mark.parametrize("players, edition, needed", [
    (2, "2009", 6), (3, "1999", 8), (3, "2009", 8), (4, "1999", 9), (4, "2009", 9), (5, "1999", 10), (5, "2009", 10),
])  # fmt: skip
def test_ra_track_length(players, edition, needed):
    s = new(players, edition)
    assert s.player_view(None)["ra_track"]["blocked"] == 10 - needed  # RA-DIFF-3
    short = s.clone()
    setup(short, ra_tiles=needed - 2)
    play(short, "draw tile:ra")
    assert short.phase == AUCTION and short.epoch == 1  # not yet the last space
    setup(s, ra_tiles=needed - 1)
    play(s, "draw tile:ra")
    assert s.epoch == 2 and s.discard[TILE_INDEX["ra"]] == needed  # RA-DIFF-3


@pytest.mark.rule("RA-DIFF-4", "RA-DIFF-12")
def test_draw_is_a_public_random_chance_node_in_both_editions():
    states = in_both(lambda s: play(s, "draw"))
    for s in states:
        assert s.phase == DRAWN and s.is_chance_node()
        total = s.bag_total
        assert dict(s.chance_outcomes()) == {A.TILE_BASE + t: c / total for t, c in enumerate(s.bag) if c}  # RA-DIFF-4
    assert states[0].chance_outcomes() == states[1].chance_outcomes()
    for s in in_both(lambda s: None):
        with pytest.raises(IllegalActionError):
            play(s, "tile:god")  # the player cannot pick the identity of the tile (RA-DIFF-4)
    for s in in_both(lambda s: play(s, "draw tile:gold")):
        assert all(s.player_view(v)["auction_track"][0] == "gold" for v in (None, 0, 1, 2))  # RA-DIFF-12


@pytest.mark.rule("RA-DIFF-5")
def test_god_may_take_disaster_in_both_editions():
    def script(s):
        setup(s, track=["funeral", "gold"], displays={0: {"god": 1, "pharaoh": 2}})
        assert "god:funeral" in legal(s)
        play(s, "god:funeral")

    a, b = in_both(script)
    assert display(a, 0) == display(b, 0) == {}  # RA-DIFF-5: allowed, and resolved
    assert snapshot(a) == snapshot(b)
    assert EDITIONS["1999"]["god_may_take_disaster"] and EDITIONS["2009"]["god_may_take_disaster"]


@pytest.mark.rule("RA-DIFF-6", "RA-SCORE-10")
def test_hidden_scores_option_both_editions():
    for ed in EDITIONS_:
        s = heliopolis.new_game("ra", players=3, edition=ed)
        assert s.game.hidden_scores is True  # RA-DIFF-6: default on in both
        play(s, "stack:1 stack:2")
        assert [seat["points"] for seat in s.player_view(0)["seats"]] == [10, None, None]
        s = heliopolis.new_game("ra", players=3, edition=ed, hidden_scores=False)
        play(s, "stack:1 stack:2")
        assert [seat["points"] for seat in s.player_view(0)["seats"]] == [10, 10, 10]  # RA-DIFF-6
    with pytest.raises(ConfigError):
        heliopolis.new_game("ra", players=3, hidden_scores="yes")


@pytest.mark.rule("RA-DIFF-7")
def test_full_track_all_pass_identical():
    def script(s):
        setup(s, track=["pharaoh", "gold", "nile", "art", "temple", "god", "flood", "funeral"])
        play(s, "ra pass pass pass")

    a, b = in_both(script)
    assert snapshot(a) == snapshot(b)
    assert a.track_n == 0 and sum(a.discard) == 8 and a.centre == 1  # RA-DIFF-7
    assert a.cur == 1 and all(display(a, p) == {} for p in range(3))


@pytest.mark.rule("RA-DIFF-8")
def test_ra_track_fill_identical():
    def script(s):
        play(s, "draw tile:gold draw tile:pharaoh")
        setup(s, ra_tiles=7)
        play(s, "draw tile:ra")  # seat 2 fills the Ra track

    a, b = in_both(script)
    assert snapshot(a) == snapshot(b)
    assert a.epoch == 2 and a.phase == TURN and a.track_n == 0  # RA-DIFF-8: no auction
    assert a.discard[TILE_INDEX["gold"]] == 1 and a.discard[TILE_INDEX["pharaoh"]] == 1 and a.centre == 1
    assert suns(a, 2) == ([11, 10, 7, 4], [])


@pytest.mark.rule("RA-DIFF-9")
def test_forced_invocation_identical():
    def script(s):
        setup(s, track=["gold"] * 5 + ["nile"] * 3, cur=1)
        play(s, "ra")
        v = s.player_view(None)
        assert v["auction"]["trigger"] == "forced" and v["auction"]["ra_player"] == 1  # RA-DIFF-9
        play(s, "pass pass")
        assert legal(s) == ["pass", "bid:3", "bid:6", "bid:9", "bid:12"]  # the Ra player may pass too (T3)

    a, b = in_both(script)
    assert snapshot(a) == snapshot(b)


@pytest.mark.rule("RA-DIFF-10")
def test_god_targets_identical():
    def script(s):
        setup(s, track=["god", "pharaoh"], displays={0: {"god": 2}})
        assert [m for m in legal(s) if m.startswith("god:")] == ["god:pharaoh"]  # RA-DIFF-10
        play(s, "god:pharaoh")

    a, b = in_both(script)
    assert snapshot(a) == snapshot(b)
    assert display(a, 0) == {"god": 1, "pharaoh": 1} and a.cur == 1  # one god for one tile; god tile stays
    assert [TILE_NAMES[t] for t in a.track if t >= 0] == ["god"]


@pytest.mark.rule("RA-DIFF-11")
def test_player_without_sun_skipped_identical():
    def script(s):
        setup(s, displays={0: {"god": 2}})
        play(s, "ra pass pass bid:13 draw tile:gold draw tile:nile")

    a, b = in_both(script, suns=[[13], [12, 5], [11, 4]])
    assert snapshot(a) == snapshot(b)
    assert a.cur == 1  # RA-DIFF-11: seat 0 (no face-up sun, 2 gods) is skipped


@pytest.mark.rule("RA-DIFF-13", "RA-DIFF-14", "RA-DIFF-15")
def test_netting_disasters_and_discards_identical():
    def script(s):
        setup(s, track=["funeral", "funeral", "drought", "art"], displays={0: {"pharaoh": 1, "nile": 1}},
              points=[2, 10, 10])  # fmt: skip
        play(s, "ra pass pass bid:13")
        setup(s, displays={0: {"pharaoh": 3}}, ra_tiles=7)
        play(s, "draw tile:ra")

    a, b = in_both(script)
    assert snapshot(a) == snapshot(b)
    assert a.discard[TILE_INDEX["funeral"]] == 2 and a.discard[TILE_INDEX["nile"]] == 1  # RA-DIFF-14/15
    assert a.epoch_log[0][1][0][:4] == (0, 5, 0, 0) and a.points[0] == 2 + 5  # RA-DIFF-13


@pytest.mark.rule("RA-DIFF-16", "RA-DIFF-18")
def test_board_rendering_and_play_identical_but_for_edition_name():
    moves = "draw tile:pharaoh draw tile:funeral draw tile:ra pass bid:12 pass draw tile:gold ra pass bid:13"
    a, b = in_both(lambda s: play(s, moves))
    assert snapshot(a) == snapshot(b)  # RA-DIFF-18: no rules difference
    assert render_text(a).replace("1999 edition", "2009 edition") == render_text(b)  # RA-DIFF-16: cosmetic
    for s in (a, b):  # the disaster counts the 2009 overview prints are the same tiles in both editions
        counts = s.player_view(None)["bag"]["counts"]
        assert (counts["drought"], counts["unrest"], counts["earthquake"]) == (2, 4, 2)


@pytest.mark.rule("RA-DIFF-17")
def test_names_are_cosmetic():
    a, b = (heliopolis.new_game("ra", players=3, edition=ed) for ed in EDITIONS_)
    ids = range(A.NUM_IDS)
    assert [a.action_to_string(i) for i in ids] == [b.action_to_string(i) for i in ids]  # RA-DIFF-17
    assert a.string_to_action("god:agriculture") == b.string_to_action("god:agriculture")
    # The German names differ by edition only in the data file; the engine has one notation name.
    doc = json.loads(resources.files("heliopolis.games.ra").joinpath("data/ra-components.json").read_text("utf-8"))
    agri = next(k for k in doc["tiles"]["civilization_subkinds"] if k["id"] == "agriculture")
    assert agri["name_de"] == {"1999": "Agrikultur", "2009": "Landwirtschaft"}
    assert "agriculture" in TILE_NAMES and TILE_COUNTS[TILE_INDEX["god"]] == 8  # 8 gods, one kind (no god names)
    assert legal_gods(a) == legal_gods(b)
    assert DATA["starting_points"] == 10  # VP tokens ("Stelen" / "Siegpunkte-Marken") are just points


@pytest.mark.rule("RA-DIFF-19")
def test_rulebook_examples_identical_numbers():
    def script(s):
        setup(s, displays={0: {"pharaoh": 3}, 1: {"pharaoh": 2}, 2: {"pharaoh": 2}, 3: {"pharaoh": 3}}, ra_tiles=8)
        play(s, "draw tile:ra")

    a, b = in_both(script, players=4)
    assert [a.epoch_log[0][1][p][1] for p in range(4)] == [5, -2, -2, 5]  # RA-DIFF-19 (RA-TEST-1 numbers)
    assert a.epoch_log == b.epoch_log


@pytest.mark.rule("RA-INFO-1")
def test_information_state_key_matches_the_string():
    """Search trees key on ``information_state_key``: equal keys exactly when the strings are equal."""
    import random

    rng = random.Random(5)
    states = []
    for _ in range(3):
        s = heliopolis.new_game("ra", players=3)
        while not s.is_terminal() and len(s.history()) < 60:
            legal_ = s.legal_actions()
            s.apply_action(legal_[rng.randrange(len(legal_))])
            states.append(s.clone())
    twin = heliopolis.new_game("ra", players=3)
    for a in states[10].history():
        twin.apply_action(a)
    states.append(twin)  # an equal history held in separate objects
    for a in states[::7] + [states[-1]]:
        for b in states[::5] + [states[10]]:
            for p in (0, 2):
                same_string = a.information_state_string(p) == b.information_state_string(p)
                assert (a.information_state_key(p) == b.information_state_key(p)) == same_string
    assert states[0].information_state_key(0) != states[0].information_state_key(1)


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("hidden", [True, False])
def test_same_for_all_views_hide_nothing(players, hidden):
    """``views.same_for_all`` (a server then builds one view for every seat) is true only when every
    seat's view is the spectators' with its own ``viewer``: random playouts, every position."""
    import random

    from heliopolis.games.ra.views import same_for_all

    for seed in range(3):
        rng = random.Random(seed)
        s = heliopolis.new_game("ra", players=players, hidden_scores=hidden)
        claimed = 0
        while True:
            same = same_for_all(s)
            if hidden and not s.is_terminal():
                assert not same  # RA-SCORE-10: other seats' points differ per viewer
            if same:
                claimed += 1
                public = s.player_view(None)
                for seat in range(players):
                    assert s.player_view(seat) == {**public, "viewer": seat}
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        assert claimed  # at least the end, where every score is revealed

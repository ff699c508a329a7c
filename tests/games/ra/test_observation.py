"""Ra's observation encoder: layout, and hidden scores kept out of what a seat may not see."""

from __future__ import annotations

import random

import pytest

import heliopolis
from heliopolis.core.observation import INFORMATION_STATE, OBSERVATION, ObservationType
from heliopolis.games.ra.observation import MAX_POINTS, POINTS_SCALE

PUBLIC = ObservationType(private="none")
PRIVATE = ObservationType(public=False)
ALL = ObservationType(private="all")


def _after_first_epoch(players=3, seed=5, **options):
    """A random game just after epoch 1 is scored, with unequal points."""
    for s in range(seed, seed + 50):
        rng = random.Random(s)
        state = heliopolis.new_game("ra", players=players, **options)
        while state.epoch == 1:
            state.apply_action(heliopolis.sample_chance(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))  # fmt: skip
        if len(set(state.points)) == players and not state.is_terminal():
            return state
    raise AssertionError("no game with unequal points after epoch 1")


def _points(game, state, obs_type, seat):
    o = game.make_observer(obs_type)
    lay = o.layout()
    v = o.tensor(state, seat)
    a, b, _ = lay["points"]
    k, m, _ = lay["points_known"]
    return [round(x * POINTS_SCALE) for x in v[a:b]], v[k:m]


@pytest.mark.rule("RA-SCORE-10")
def test_hidden_scores_public_observation_has_no_points_and_seat_sees_only_its_own():
    state = _after_first_epoch()
    game = state.game
    pts = state.points
    for seat in range(3):
        shown, known = _points(game, state, PUBLIC, seat)
        assert shown == [0, 0, 0] and known == [0.0, 0.0, 0.0]
        shown, known = _points(game, state, OBSERVATION, seat)
        assert known == [1.0 if q == seat else 0.0 for q in range(3)]
        assert shown == [pts[q] if q == seat else 0 for q in range(3)]
        shown, known = _points(game, state, PRIVATE, seat)  # the private view: own points only
        assert shown == [pts[q] if q == seat else 0 for q in range(3)]
        assert game.make_observer(PRIVATE).string(state, seat) == f"points p{seat}={pts[seat]}"
        text = game.make_observer(OBSERVATION).string(state, seat)
        assert text.endswith("points " + ",".join(str(pts[q]) if q == seat else "?" for q in range(3)))
        assert "points ?,?,?" in game.make_observer(PUBLIC).string(state, seat)
        # Others' points are derivable from the remembered public history: perfect recall shows them.
        assert _points(game, state, INFORMATION_STATE, seat) == (pts, [1.0] * 3)
        assert _points(game, state, ALL, seat) == (pts, [1.0] * 3)


def test_open_scores_are_public_and_nothing_is_private():
    state = _after_first_epoch(hidden_scores=False)
    game = state.game
    for seat in range(3):
        assert _points(game, state, PUBLIC, seat) == (state.points, [1.0] * 3)
        assert game.make_observer(PRIVATE).string(state, seat) == ""
        shown, known = _points(game, state, PRIVATE, seat)
        assert known == [0.0] * 3


def test_at_the_end_every_score_is_public():
    rng = random.Random(2)
    state = heliopolis.new_game("ra", players=4)
    while not state.is_terminal():
        state.apply_action(heliopolis.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))  # fmt: skip
    assert _points(state.game, state, PUBLIC, 0) == (state.points, [1.0] * 4)


def test_layout_and_a_known_position():
    state = heliopolis.new_game("ra", players=3, suns=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]])
    game = state.game
    o = game.make_observer(OBSERVATION)
    assert [p.name for p in o.pieces][:4] == ["player", "current_player", "phase", "epoch"]
    assert o.size == 290 and game.make_observer(INFORMATION_STATE).size == 290
    assert heliopolis.load_game("ra", 2).make_observer().size == 225
    v = o.tensor(state, 1)
    lay = o.layout()

    def piece(name):
        a, b, _ = lay[name]
        return v[a:b]

    assert piece("player") == [0.0, 1.0, 0.0]
    assert piece("current_player") == [1.0, 0.0, 0.0]  # the holder of sun 13 starts
    assert piece("phase")[2] == 1.0 and piece("epoch") == [1.0, 0.0, 0.0]
    assert piece("centre_sun")[0] == 1.0
    up = piece("suns_up")
    assert [s + 1 for s in range(16) if up[16 + s]] == [3, 6, 9, 12]
    assert piece("bag") == [1.0] * 23
    state.apply_action(state.string_to_action("draw"))
    state.apply_action(state.string_to_action("tile:gold"))
    v = o.tensor(state, 1)
    assert piece("auction_track")[2] == 1 / 8 and piece("bag")[2] == pytest.approx(4 / 5)
    assert o.string(state, 1).startswith("p1 | epoch 1 turn to_move p1 | ra 0/8 centre 1 | track gold")
    assert MAX_POINTS > 100

"""Property tests (hypothesis): any sequence of legal actions keeps every invariant, clones are
independent, JSON round-trips exactly and replays reproduce the game."""

import random

from hypothesis import given
from hypothesis import strategies as st

import heliopolis
from heliopolis.games.ra import scoring


@given(st.data(), st.sampled_from([("2009", 2), ("2009", 3), ("2009", 4), ("2009", 5), ("1999", 3), ("1999", 5)]))
def test_any_legal_sequence_keeps_invariants(data, config):
    edition, players = config
    s = heliopolis.new_game("ra", players=players, edition=edition)
    steps = data.draw(st.integers(min_value=1, max_value=400), label="steps")
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        assert legal
        a = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        parent = s.clone()
        s.apply_action(a)
        s.check_invariants()
        assert parent.history() == s.history()[:-1]  # the clone was not touched
    again = heliopolis.state_from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()
    replay = s.game.new_initial_state()
    for a in s.history():
        replay.apply_action(a)
    assert replay == s


@given(st.lists(st.integers(0, 10), min_size=2, max_size=5))
def test_most_fewest_properties(values):
    pts = scoring.pharaoh_points(values)
    if len(set(values)) == 1:
        assert pts == [0] * len(values)
    else:
        assert all(p == 5 for v, p in zip(values, pts) if v == max(values))
        assert all(p == -2 for v, p in zip(values, pts) if v == min(values))


@given(st.integers(0, 200), st.integers(-60, 60))
def test_floor_never_negative(old, net):
    new = scoring.floor_total(old, net)
    assert new >= 0 and (new == old + net or old + net < 0)


@given(st.lists(st.integers(0, 5), min_size=8, max_size=8))
def test_monument_points_bounds(counts):
    pts = scoring.monument_points(counts)
    assert 0 <= pts <= 15 + 15 * 8
    assert (pts == 0) == (sum(counts) == 0)


def test_clone_is_independent_in_mid_game():
    rng = random.Random(5)
    s = heliopolis.new_game("ra", players=4)
    for _ in range(120):
        s.apply_action(heliopolis.sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    c = s.clone()
    snapshot = s.to_json(), s._key()
    while not c.is_terminal():
        c.apply_action(heliopolis.sample_chance(c, rng) if c.is_chance_node() else rng.choice(c.legal_actions()))
    assert (s.to_json(), s._key()) == snapshot

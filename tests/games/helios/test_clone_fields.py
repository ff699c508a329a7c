"""HeliosState.clone() is written out field by field (for the compiled build); the FIELDS table
stays the source of truth: every field it lists is copied into the clone, and a list field is a
new list unless the class declares it shared on purpose (core.state.declare_cow)."""

import random

import heliopolis
from heliopolis.core.state import cow_fields
from heliopolis.games.helios.state import FIELDS, HeliosState


def test_clone_copies_every_field_of_the_table():
    rng = random.Random(4)
    s = heliopolis.new_game("helios", players=3)
    for _ in range(150):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        s.apply_action(acts[rng.randrange(len(acts))])
    c = s.clone()
    shared = {*cow_fields(HeliosState).cow, *cow_fields(HeliosState).frozen}
    for name, kind in FIELDS.items():
        mine, theirs = getattr(s, name), getattr(c, name)
        assert mine == theirs, name
        if kind in ("l", "ll") and name not in shared:
            assert mine is not theirs, name
            if kind == "ll":
                assert all(a is not b for a, b in zip(mine, theirs)), name
    assert c == s

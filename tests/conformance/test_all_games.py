"""``check_game`` over every registered game and player count (and Ra's 1999 edition)."""

import pytest

import heliopolis
from heliopolis.core.registry import game_class
from heliopolis.core.testing import CHECKS, check_game

CASES = (
    [
        (g, n, {})
        for g in heliopolis.available_games()
        for n in range(game_class(g).info.min_players, game_class(g).info.max_players + 1)
    ]
    + [("ra", n, {"edition": "1999"}) for n in (3, 4, 5)]
    + [("ra", 3, {"hidden_scores": False})]
)


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=lambda v: str(v))
def test_check_game(game_id, players, options):
    report = check_game(game_id, players=players, playouts=8, seed=players, **options)
    assert report.playouts == 8
    assert report.max_length <= game_class(game_id).info.max_game_length
    for name in CHECKS:
        assert report.checks.get(name, 0) > 0, f"check {name} never ran"


def test_check_game_catches_a_broken_clone(monkeypatch):
    """The suite must fail when clone() shares a mutable list (it is not a test that cannot fail)."""
    from heliopolis.games.ra.state import RaState

    original = RaState.clone

    def shallow(self):
        c = original(self)
        c.cells = self.cells  # bug: shared counters (track, bag, ...)
        c.cow = 0  # bug: the shared board is written in place
        self.cow = 0
        return c

    monkeypatch.setattr(RaState, "clone", shallow)
    with pytest.raises(AssertionError, match="changed the original"):
        check_game("ra", players=3, playouts=3, deep_every=1)


def test_check_game_catches_a_clone_sharing_a_list_no_action_changes(monkeypatch):
    """A clone sharing a list that play never writes (the events only the move log records): no
    change shows it, the sharing check finds it by identity."""
    from heliopolis.games.helios.state import HeliosState

    original = HeliosState.clone

    def shallow(self):
        c = original(self)
        c.events = self.events  # bug: a narrated clone would record into the original's events
        return c

    monkeypatch.setattr(HeliosState, "clone", shallow)
    with pytest.raises(AssertionError, match="a clone shares mutable events with its original"):
        check_game("helios", players=3, playouts=2, deep_every=1)


def test_shared_mutables_sees_the_rows_of_a_shallow_copied_nested_list():
    from heliopolis.core.testing import shared_mutables

    s = heliopolis.new_game("helios", players=3)
    c = s.clone()
    assert shared_mutables(s, c) == []
    c.slots = s.slots[:]  # the outer list copied, the rows (per seat) shared
    assert shared_mutables(s, c) == ["slots[0]", "slots[1]", "slots[2]"]


def test_shared_mutables_finds_containers_at_any_depth_outside_the_declared_fields():
    from heliopolis.core.state import cow_fields
    from heliopolis.core.testing import shared_mutables

    s = heliopolis.new_game("men-nefer", players=2)
    c = s.clone()
    assert shared_mutables(s, c) == []
    assert "board" in cow_fields(type(s)).cow  # shared on purpose: not reported
    c.todo = [("x", {"k": s.pp})]  # a field's list inside a dict inside a tuple inside a list
    c.discard = s.discard
    assert shared_mutables(s, c) == ["discard", "pp"]
    c.todo, c.discard = [("x", {"k": {1}})], [[1]]
    s.todo = [("y", {"k": c.todo[0][1]["k"]})]
    assert shared_mutables(s, c) == ["todo[0][1]['k']"]


SHIPPED = [g for g in heliopolis.available_games() if game_class(g).__module__.startswith("heliopolis.")]


@pytest.mark.parametrize("game_id", SHIPPED)
def test_information_state_keys_are_equal_exactly_when_the_strings_are(game_id):
    """Search trees key on ``information_state_key``: equal keys exactly when the information-state
    strings are equal, also for an equal history held in separate objects (a replayed twin)."""
    import random

    rng = random.Random(5)
    states = []
    for _ in range(2):
        s = heliopolis.new_game(game_id, players=3)
        while not s.is_terminal() and len(s.history()) < 80:
            acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
            states.append(s.clone())
    twin = heliopolis.new_game(game_id, players=3)
    for a in states[40].history():
        twin.apply_action(a)
    states.append(twin)
    for a in states[::9] + [states[-1]]:
        for b in states[::7] + [states[40]]:
            for p in (0, 2):
                same = a.information_state_string(p) == b.information_state_string(p)
                assert (a.information_state_key(p) == b.information_state_key(p)) == same
    assert states[0].information_state_key(0) != states[0].information_state_key(1)

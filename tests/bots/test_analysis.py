"""The analysis engine (bots/analysis.py): honest (the hidden state never changes the numbers),
deterministic, paired (loss >= 0, exactly 0 on a forced move), and the same with any number of workers."""

from __future__ import annotations

import random

import pytest

import heliopolis
from heliopolis.bots import analysis as A
from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import register

register("secret", "tests.bots.secret_game:SecretGame")

GAMES = [("ra", {}), ("ra", {"edition": "1999"}), ("ra-dice", {}), ("helios", {}), ("men-nefer", {})]
BUDGET = 3


def _play(game_id: str, options: dict, seed: int, moves: int, chance_seed: int | None = None) -> heliopolis.State:
    """A 3-player game ``moves`` random player moves in; the chance outcomes come from ``chance_seed``."""
    s = heliopolis.new_game(game_id, players=3, **options)
    rng = random.Random(seed)
    chance = random.Random(seed if chance_seed is None else chance_seed)
    done = 0
    while not s.is_terminal() and done < moves:
        if s.is_chance_node():
            s.apply_action(heliopolis.sample_chance(s, chance))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            done += 1
    return s


def _decision(game_id: str, options: dict, seed: int = 1, moves: int = 15, wide: bool = True) -> heliopolis.State:
    """The first position ``moves`` random moves in or later with the seat to move and more than
    one legal action (only one when not ``wide``)."""
    for game_seed in range(seed, seed + 20):
        s = heliopolis.new_game(game_id, players=3, **options)
        rng = random.Random(game_seed)
        done = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(heliopolis.sample_chance(s, rng))
                continue
            if done >= moves and (len(s.legal_actions()) > 1) == wide:
                return s
            s.apply_action(rng.choice(s.legal_actions()))
            done += 1
    raise AssertionError("no such position")


class SeatOnly:
    """The state as the seat to move may know it: its legal actions, the notation and its own
    resampled determinizations. Reading anything else (the true state) fails the test."""

    def __init__(self, real: heliopolis.State, seat: int) -> None:
        self._real, self._seat = real, seat
        self.game = real.game

    def current_player(self) -> int:
        return self._real.current_player()

    def legal_actions(self) -> list[int]:
        return self._real.legal_actions()

    def action_to_string(self, action: int) -> str:
        return self._real.action_to_string(action)

    def resample_from_infostate(self, player: int, rng: random.Random) -> heliopolis.State:
        assert player == self._seat, "the analysis resampled another seat's information"
        return self._real.resample_from_infostate(player, rng)

    def __getattr__(self, name: str):  # noqa: ANN204
        raise AssertionError(f"the analysis read the true state's {name}")


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_the_analysis_reads_only_the_seats_information(game_id, options):
    s = _decision(game_id, options)
    seat = s.current_player()
    honest = A.analyse_position(SeatOnly(s, seat), seat, BUDGET, seed=7)  # type: ignore[arg-type]
    assert honest == A.analyse_position(s, seat, BUDGET, seed=7)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_another_future_does_not_change_the_analysis_of_the_past(game_id, options):
    """Two games alike up to a point and then drawn differently (other bag order, other face-down
    stacks, other final points, hidden ones included): the decisions before that point get the same
    analysis, for the same seed."""
    prefix = _play(game_id, options, seed=2, moves=10)
    a, b = prefix.clone(), prefix.clone()
    for s, chance in ((a, random.Random(11)), (b, random.Random(12))):
        rng = random.Random(5)
        for _ in range(60):
            if s.is_terminal():
                break
            s.apply_action(heliopolis.sample_chance(s, chance) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert a.history() != b.history()
    cut = len(prefix.history())
    later = {p for p, _ in A.decision_plies(a) if p >= cut} | {p for p, _ in A.decision_plies(b) if p >= cut}
    da = A.analyse_game(a, budget=BUDGET, seed=3, skip=later)
    db = A.analyse_game(b, budget=BUDGET, seed=3, skip=later)
    assert da and da == db


class _RandomToTheEnd:
    """The secret test game has no heuristics: random play to the end, scored by the points."""

    spec = "random-to-the-end"

    def run(self, s: heliopolis.State, seat: int, rng: random.Random) -> float:
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        scores = s.scores()
        return scores[seat] - max(v for q, v in enumerate(scores) if q != seat)


def test_the_hidden_card_changes_nothing(monkeypatch):
    """Seat 1 guesses seat 0's hidden card: the true card (1 or 3) must not show in seat 1's analysis."""
    monkeypatch.setitem(A._SIMULATORS, ("secret", 2), _RandomToTheEnd())
    results = []
    for card in ("card:1", "card:3"):
        s = heliopolis.new_game("secret", players=2)
        s.apply_action(s.string_to_action(card))
        results.append(A.analyse_position(s, 1, budget=300, seed=4))
    assert results[0] == results[1]
    for v in results[0].actions:  # each guess is right a third of the time, whatever the real card
        assert 0.2 < v.mean < 0.47, v


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_same_seed_same_numbers_and_loss_is_paired(game_id, options):
    s = _decision(game_id, options)
    before = s.clone()
    a = A.analyse_position(s, None, 6, seed=1)
    assert s == before  # the position is not changed
    assert a == A.analyse_position(s, None, 6, seed=1)
    assert [v.mean for v in a.actions] != [v.mean for v in A.analyse_position(s, None, 6, seed=2).actions]
    assert sorted(v.action for v in a.actions) == s.legal_actions() and a.legal == len(s.legal_actions())
    assert [v.mean for v in a.actions] == sorted((v.mean for v in a.actions), reverse=True)
    assert a.loss(a.best.action) == A.Estimate(0.0, 0.0, 0.0)
    for v in a.actions:
        assert v.lo <= v.mean <= v.hi and v.n == 6
        loss = a.loss(v.action)
        assert loss.mean >= 0 and loss.mean == pytest.approx(a.best.mean - v.mean)
        assert loss.lo <= loss.mean <= loss.hi
    assert a.margin == A.Estimate(a.best.mean, a.best.lo, a.best.hi)


@pytest.mark.parametrize(("game_id", "options"), [("ra", {}), ("helios", {})])  # the others never force a move
def test_a_single_legal_action_loses_nothing(game_id, options):
    s = _decision(game_id, options, wide=False)
    (only,) = s.legal_actions()
    a = A.analyse_position(s, None, 4, seed=0)
    d = A.Decision.of(len(s.history()), only, a)
    assert (d.loss, d.loss_lo, d.loss_hi, d.legal) == (0.0, 0.0, 0.0, 1) and d.played == d.best


def test_two_workers_give_the_numbers_of_one():
    game = _play("ra", {}, seed=4, moves=24)
    one = A.analyse_game(game.to_dict(), seats=[0, 2], budget=BUDGET, seed=9, workers=1)
    seen = []
    two = A.analyse_game(game.to_dict(), seats=[0, 2], budget=BUDGET, seed=9, workers=2, on_decision=seen.append)
    assert one == two and sorted(seen, key=lambda d: d.ply) == one
    assert [(d.ply, d.seat) for d in one] == A.decision_plies(game, [0, 2]) and {d.seat for d in one} == {0, 2}
    assert [A.Decision.from_dict(d.to_dict()).to_dict() for d in one] == [d.to_dict() for d in one]


def test_bad_budgets_seats_and_positions_are_refused():
    s = _decision("ra", {})
    with pytest.raises(ConfigError, match="at least 2"):
        A.analyse_position(s, None, 1)
    with pytest.raises(ConfigError, match="whole number"):
        A.analyse_position(s, None, 2.5)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="is not to move"):
        A.analyse_position(s, (s.current_player() + 1) % 3, 2)
    with pytest.raises(ConfigError, match="no seat 3 in this game: seats are 0 to 2"):
        A.decision_plies(s, [3])
    with pytest.raises(ConfigError, match="not to move"):  # the end of the game: nobody is
        A.analyse_position(_play("ra", {}, 1, 10**6), None, 2)


def test_the_key_changes_with_the_game_the_budget_and_the_seed():
    s = _play("ra", {}, seed=4, moves=10)
    t = _play("ra", {}, seed=5, moves=10)
    keys = {A.analysis_key(s, 2, 0), A.analysis_key(s, 3, 0), A.analysis_key(s, 2, 1), A.analysis_key(t, 2, 0)}
    assert len(keys) == 4 and A.analysis_key(s.to_dict(seed=99), 2, 0) == A.analysis_key(s, 2, 0)

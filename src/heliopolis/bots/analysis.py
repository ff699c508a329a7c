"""Position and game analysis: what each legal action is worth, in final points.

For a position and the seat to move, :func:`analyse_position` estimates each legal action's
**expected final score margin**: the seat's final points minus the best other seat's, in points,
if the seat plays that action and then every seat (the analysed one too) plays the game's heuristic
policy. It is the search behind the ``expert`` level (:mod:`heliopolis.bots.rollout`, with the
simulation settings ``expert`` plays at this game and player count: its cut depth, its scoring
period horizon and its evaluator), with ``reward=margin``:

* **Honest.** Every sample starts from ``state.resample_from_infostate(seat, rng)``: the true hidden
  state (bag order, face-down stacks, the other seats' hidden points) is never read, so two states
  the seat cannot tell apart get the same analysis for the same seed.
* **Paired.** Sample ``i`` draws one determinization and one rollout seed and plays *every* legal
  action from them, so differences between actions (the ``loss`` of a decision) are measured on the
  same samples and are far less noisy than the actions' own values.
* **Deterministic.** ``budget`` is the number of samples per action (not seconds): the same state,
  seat, budget and seed give the same numbers on any machine, with any number of workers.
* **Intervals.** ``lo``/``hi`` are 95 % normal intervals of the sample mean (``mean`` ± 1.96 s/√n).

A simulation that reaches a scoring period's end (or its depth limit) is scored by the game's
evaluation (expected final points, ``games/<id>/heuristics.evaluate``) instead of being played out,
exactly as the expert's search does; one that reaches the end of the game is scored by the points.

:func:`analyse_game` runs the analysis for every decision of the chosen seats of a finished (or
unfinished) game: each decision is a :class:`Decision` (``ply``, ``seat``, ``played``, ``best``,
``loss``, ``margin``, ``legal`` ...), each analysed with its own seed derived from the run seed and
the ply, so a process pool (``workers``) gives the same results as one process.

Public API (kept stable for the browser's analysis and hints): :data:`DEFAULT_BUDGET`,
:class:`ActionValue`, :class:`Estimate`, :class:`PositionAnalysis`, :func:`analyse_position`,
:class:`Decision`, :func:`decision_plies`, :func:`analyse_decision`, :func:`analyse_game`,
:func:`analysis_key`.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import signal
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import State
from heliopolis.core.registry import load_game
from heliopolis.core.serialize import state_from_dict

DEFAULT_BUDGET = 200  #: samples per action: a 3-player Ra game for one seat in well under 60 s of CPU
MIN_BUDGET = 2  # an interval needs two samples
LEVEL = "expert"  # whose search the analysis uses
VERSION = 1  # bumped when the same budget and seed would give other numbers (part of analysis_key)
Z95 = 1.959963984540054


# -- results -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A sample mean with its 95 % interval, in points."""

    mean: float
    lo: float
    hi: float


@dataclass(frozen=True)
class ActionValue:
    """One legal action's expected final margin: ``mean`` and its 95 % interval ``[lo, hi]`` over
    ``n`` samples, in points. ``notation`` is the game's canonical notation of ``action``."""

    action: int
    notation: str
    mean: float
    lo: float
    hi: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.notation, "mean": _r(self.mean), "lo": _r(self.lo), "hi": _r(self.hi), "n": self.n}


@dataclass(frozen=True)
class PositionAnalysis:
    """What each legal action of ``seat`` is worth here, best first (ties keep the legal order).

    ``samples[action]`` holds the action's sample values in sample order (sample ``i`` of every
    action comes from the same determinization and rollout seed), for paired comparisons."""

    seat: int
    budget: int
    seed: int
    actions: tuple[ActionValue, ...]
    samples: Mapping[int, tuple[float, ...]] = field(repr=False, compare=False, hash=False)

    @property
    def best(self) -> ActionValue:
        return self.actions[0]

    @property
    def margin(self) -> Estimate:
        """The seat's expected final margin here: the value of the best action."""
        b = self.best
        return Estimate(b.mean, b.lo, b.hi)

    @property
    def legal(self) -> int:
        return len(self.actions)

    def value(self, action: int) -> ActionValue:
        """The :class:`ActionValue` of ``action`` (a ``KeyError`` if it is not legal here)."""
        for v in self.actions:
            if v.action == action:
                return v
        raise KeyError(action)

    def loss(self, action: int) -> Estimate:
        """How many points of expected margin ``action`` gives away against the best action, on the
        same samples: ``mean`` is ``best.mean - value(action).mean`` (``>= 0``: the best action has the
        highest mean; exactly 0 for the best action itself and when only one action is legal), with
        the 95 % interval of the paired differences."""
        if action == self.best.action:
            return Estimate(0.0, 0.0, 0.0)
        self.value(action)  # a KeyError for an action that is not legal
        best, played = self.samples[self.best.action], self.samples[action]
        diff = [b - p for b, p in zip(best, played, strict=True)]
        mean, lo, hi = _interval(diff)
        return Estimate(max(mean, 0.0), lo, hi)

    def top(self, k: int = 3) -> tuple[ActionValue, ...]:
        return self.actions[:k]

    def to_dict(self) -> dict[str, Any]:
        m = self.margin
        return {"seat": self.seat, "budget": self.budget, "seed": self.seed, "legal": self.legal,
                "margin": _r(m.mean), "margin_lo": _r(m.lo), "margin_hi": _r(m.hi),
                "actions": [a.to_dict() for a in self.actions]}  # fmt: skip


def _r(x: float) -> float:
    """Points in JSON: three decimals are far below any interval's width."""
    return round(x, 3) + 0.0  # + 0.0: no "-0.0" in the output


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, mean, mean
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


# -- the search --------------------------------------------------------------------------------
class _Simulator:
    """The expert's simulation for one game and player count, rewarding the point margin."""

    def __init__(self, state: State) -> None:
        from heliopolis.bots import levels
        from heliopolis.bots.base import _parse_params, make_bot
        from heliopolis.bots.rollout import RolloutBot

        game = state.game
        self.spec = levels.resolve(LEVEL, game.info.game_id, game.players)
        name, params = _parse_params(self.spec)
        if name != "rollout":  # a level that does not search: the rollout search's defaults
            params = {}
        params = {k: v for k, v in params.items() if k not in levels.BUDGET_KEYS} | {"reward": "margin"}
        bot = make_bot("rollout:" + ",".join(f"{k}={v}" for k, v in params.items()), seed=0)
        assert isinstance(bot, RolloutBot)
        self.bot = bot

    def run(self, state: State, seat: int, rng: random.Random) -> float:
        return self.bot.simulate(state, seat, rng)


_SIMULATORS: dict[tuple[str, int], _Simulator] = {}


def _simulator(state: State) -> _Simulator:
    key = (state.game.info.game_id, state.game.players)
    sim = _SIMULATORS.get(key)
    if sim is None:
        sim = _SIMULATORS[key] = _Simulator(state)
    return sim


def check_budget(budget: Any) -> int:
    """``budget`` when it is a whole number of samples per action of at least 2, else a ``ConfigError``."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < MIN_BUDGET:
        raise ConfigError(error_msg("errors.analysis.budget", low=MIN_BUDGET, got=repr(budget)))
    return budget


def analyse_position(state: State, seat: int | None = None, budget: int = DEFAULT_BUDGET,
                     seed: int = 0) -> PositionAnalysis:  # fmt: skip
    """Each legal action's expected final margin for ``seat`` (default: the seat to move), from
    ``seat``'s information only, with ``budget`` paired samples per action; deterministic for
    ``(state as seat sees it, seat, budget, seed)``. ``state`` is not changed.

    Raises ``ConfigError`` when ``seat`` is not the seat to move (or nobody is: a chance node or
    the end) or ``budget`` is not an integer of at least 2."""
    budget = check_budget(budget)
    to_move = state.current_player()
    if seat is None:
        seat = to_move
    if to_move < 0 or seat != to_move:
        raise ConfigError(error_msg("errors.analysis.not_to_move", no=seat))
    legal = state.legal_actions()
    sim = _simulator(state)
    rng = random.Random(seed)
    samples: dict[int, list[float]] = {a: [] for a in legal}
    for _ in range(budget):
        det = state.resample_from_infostate(seat, rng)
        rollout_seed = rng.getrandbits(64)
        for a in legal:
            s = det.clone()
            s.apply_action(a)
            samples[a].append(sim.run(s, seat, random.Random(rollout_seed)))
    values = []
    for i, a in enumerate(legal):
        mean, lo, hi = _interval(samples[a])
        values.append((-mean, i, ActionValue(a, state.action_to_string(a), mean, lo, hi, budget)))
    values.sort(key=lambda t: (t[0], t[1]))
    return PositionAnalysis(seat, budget, seed, tuple(v for _, _, v in values),
                            {a: tuple(v) for a, v in samples.items()})  # fmt: skip


# -- decisions of a game -------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One analysed decision: the seat's move at ``ply`` (the number of history entries before it,
    chance outcomes included: ``heliopolis replay --move PLY`` shows the position), the action
    ``played`` and the ``best`` one (notation), the ``loss`` of expected final margin the played
    action gave away (points, ``>= 0``, with its paired 95 % interval ``loss_lo``/``loss_hi``), the
    seat's expected final ``margin`` before the decision (the best action's value, with its
    interval), the number of ``legal`` actions and every action's value (``actions``, best first)."""

    ply: int
    seat: int
    played: str
    best: str
    loss: float
    loss_lo: float
    loss_hi: float
    margin: float
    margin_lo: float
    margin_hi: float
    legal: int
    actions: tuple[ActionValue, ...] = ()

    @classmethod
    def of(cls, ply: int, played: int, analysis: PositionAnalysis) -> Decision:
        loss, m = analysis.loss(played), analysis.margin
        return cls(ply, analysis.seat, analysis.value(played).notation, analysis.best.notation, loss.mean, loss.lo,
                   loss.hi, m.mean, m.lo, m.hi, analysis.legal, analysis.actions)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, points rounded to 3 decimals (one JSON line of ``heliopolis analyse --json``)."""
        return {"ply": self.ply, "seat": self.seat, "played": self.played, "best": self.best,
                "loss": _r(self.loss), "loss_lo": _r(self.loss_lo), "loss_hi": _r(self.loss_hi),
                "margin": _r(self.margin), "margin_lo": _r(self.margin_lo), "margin_hi": _r(self.margin_hi),
                "legal": self.legal, "actions": [a.to_dict() for a in self.actions]}  # fmt: skip

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> Decision:
        """The inverse of :meth:`to_dict` (action ids are not stored: ``ActionValue.action`` is -1)."""
        actions = tuple(ActionValue(-1, a["action"], a["mean"], a["lo"], a["hi"], a["n"]) for a in doc["actions"])
        keys = ("ply", "seat", "played", "best", "loss", "loss_lo", "loss_hi", "margin", "margin_lo", "margin_hi",
                "legal")  # fmt: skip
        return cls(**{k: doc[k] for k in keys}, actions=actions)


def as_state(record: State | Mapping[str, Any]) -> State:
    """A game from a state (its history is the game) or a saved-game document (``SaveGameError``
    when it is not one)."""
    return record if isinstance(record, State) else state_from_dict(dict(record))


def check_seats(state: State, seats: Collection[int] | None) -> tuple[int, ...]:
    """The seats to analyse (default: every seat); a seat the game does not have is a ``ConfigError``."""
    players = state.game.players
    if seats is None:
        return tuple(range(players))
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise ConfigError(error_msg("errors.analysis.seat", no=repr(s), last=players - 1))
    return tuple(sorted(set(seats)))


def decision_plies(record: State | Mapping[str, Any], seats: Collection[int] | None = None) -> list[tuple[int, int]]:
    """``(ply, seat)`` of every decision of ``seats`` (default: all) in the game's history."""
    final = as_state(record)
    wanted = set(check_seats(final, seats))
    s = final.game.new_initial_state()
    out = []
    for ply, a in enumerate(final.history()):
        p = s.current_player()
        if p >= 0 and p in wanted:
            out.append((ply, p))
        s.apply_action(a)
    return out


def decision_seed(seed: int, ply: int) -> int:
    """The seed of the decision at ``ply``: depends only on the run seed and the ply."""
    digest = hashlib.sha256(f"heliopolis-analysis:{seed}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def analyse_decision(game_id: str, config: Mapping[str, Any], history: Sequence[int], ply: int,
                     budget: int = DEFAULT_BUDGET, seed: int = 0) -> Decision:  # fmt: skip
    """Analyses the decision at ``ply`` of the game ``history`` of ``game_id`` with options ``config``
    (``Game.config()``), from the seat to move's information, with the decision's own seed."""
    state = load_game(game_id, **config).new_initial_state()
    for a in history[:ply]:
        state.apply_action(a)
    analysis = analyse_position(state, None, budget, decision_seed(seed, ply))
    return Decision.of(ply, history[ply], analysis)


def analysis_key(record: State | Mapping[str, Any], budget: int = DEFAULT_BUDGET, seed: int = 0) -> str:
    """A short digest of what an analysis depends on (the game, its history, the budget, the seed, the
    expert's simulation settings): a resumed analysis file must have been made with the same key."""
    final = as_state(record)
    doc = final.to_dict()
    doc.pop("seed", None)
    doc |= {"budget": budget, "analysis_seed": seed, "version": VERSION, "spec": _simulator(final).spec}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


def analyse_game(record: State | Mapping[str, Any], seats: Collection[int] | None = None,
                 budget: int = DEFAULT_BUDGET, seed: int = 0, workers: int = 1, skip: Collection[int] = (),
                 on_decision: Callable[[Decision], None] | None = None) -> list[Decision]:  # fmt: skip
    """Analyses every decision of ``seats`` (default: all) of the game ``record`` (a state or a
    saved-game document), except the plies in ``skip`` (already analysed), with ``workers``
    processes; ``on_decision`` is called in this process as each one finishes (in any order).
    Returns the decisions sorted by ply; the numbers do not depend on ``workers``."""
    budget = check_budget(budget)
    final = as_state(record)
    plies = [ply for ply, _ in decision_plies(final, seats) if ply not in skip]
    game = final.game
    args = (game.info.game_id, game.config(), tuple(final.history()))
    out = []
    for d in _run(args, plies, budget, seed, workers):
        out.append(d)
        if on_decision is not None:
            on_decision(d)
    return sorted(out, key=lambda d: d.ply)


def _run(args: tuple[str, dict[str, Any], tuple[int, ...]], plies: list[int], budget: int, seed: int,
         workers: int) -> Iterator[Decision]:  # fmt: skip
    if workers <= 1 or len(plies) <= 1:
        for ply in plies:
            yield analyse_decision(*args, ply, budget, seed)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        it = iter(plies)
        pending = {pool.submit(analyse_decision, *args, ply, budget, seed) for ply in _take(it, 2 * workers)}
        while pending:  # a bounded number in flight: Ctrl-C loses little work
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                pending |= {pool.submit(analyse_decision, *args, ply, budget, seed) for ply in _take(it, 1)}
    except BaseException:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()  # a decision in progress is abandoned; finished ones were handed over
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _take(it: Iterator[int], k: int) -> list[int]:
    return [x for _, x in zip(range(k), it)]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps what is finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

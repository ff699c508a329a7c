"""What a bot worker computes for the browser's analysis and hints (issue 29), on top of
``bots.analysis``: pure functions of the job, run in ``botworker`` processes, never on the
server's event loop (``analysis_jobs`` schedules them).

* ``analyse``: one decision of a finished game (``analysis.analyse_decision``), as a dict.
* ``hint``: the top three actions of the seat to move with their expected final margins and the
  reason in the game's words: how the action changes the seat's expected final points and its
  strongest rival's by the game's evaluation (``games/<id>/heuristics.evaluate``, what the bots
  score positions by), averaged over determinizations drawn from the seat's information only
  (``resample_from_infostate``), as ``analyse_position`` does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from heliopolis.core.game import State

TOP = 3  # actions a hint shows
WHY_SAMPLES = 8  # determinizations behind a hint's reason


def _state(game_id: str, options: dict[str, Any], history: Sequence[int]) -> State:
    from heliopolis.core.registry import new_game

    state = new_game(game_id, **options)
    for a in history:
        state.apply_action(a)
    return state


def analyse(game_id: str, options: dict[str, Any], history: Sequence[int], ply: int, budget: int,
            seed: int = 0) -> dict[str, Any]:  # fmt: skip
    from heliopolis.bots.analysis import analyse_decision

    doc = analyse_decision(game_id, options, history, ply, budget, seed).to_dict()
    state = _state(game_id, options, history[:ply])
    return {"decision": {**doc, "actions": [{**a, "text": _text(state, a["action"])} for a in doc["actions"]],
                         "played_text": _text(state, doc["played"]), "best_text": _text(state, doc["best"])}}  # fmt: skip


def _text(state: State, notation: str) -> Any:
    """The action in the game's words (a catalog message on the wire), for the page."""
    from heliopolis.core.text import to_json

    return to_json(state.describe_action(state.string_to_action(notation)))


def _rival(values: Sequence[float], seat: int) -> float:
    return max((v for i, v in enumerate(values) if i != seat), default=0.0)


def why(state: State, seat: int, actions: Sequence[int], seed: int) -> dict[int, dict[str, float]]:
    """Per action: ``own`` and ``rival``, the mean change of the seat's and its strongest rival's
    expected final points (the game's evaluation) the action makes, from the seat's information."""
    from heliopolis.bots.analysis import _simulator
    from heliopolis.bots.heuristic import expected_values

    evaluate = _simulator(state).bot.evaluator
    rng = random.Random(seed ^ 0x3A7)
    own = {a: 0.0 for a in actions}
    rival = {a: 0.0 for a in actions}
    for _ in range(WHY_SAMPLES):
        det = state.resample_from_infostate(seat, rng)
        base = expected_values(det, evaluate)
        for a in actions:
            child = det.clone()
            child.apply_action(a)
            after = expected_values(child, evaluate)
            own[a] += (after[seat] - base[seat]) / WHY_SAMPLES
            rival[a] += (_rival(after, seat) - _rival(base, seat)) / WHY_SAMPLES
    return {a: {"own": _r(own[a]), "rival": _r(rival[a])} for a in actions}


def _r(x: float) -> float:
    return 0.0 if math.isclose(x, 0.0, abs_tol=5e-4) else round(x, 3)


def hint_of(state: State, seat: int, budget: int, seed: int) -> dict[str, Any]:
    """The hint for ``seat`` (to move) in ``state``: depends only on what ``seat`` knows, the budget
    and the seed (never on the hidden state: every sample is a ``resample_from_infostate``)."""
    from heliopolis.bots.analysis import analyse_position
    from heliopolis.core.text import to_json

    analysis = analyse_position(state, seat, budget, seed)
    top = analysis.top(TOP)
    reasons = why(state, seat, [v.action for v in top], seed)
    return {"seat": seat, "budget": budget, "legal": analysis.legal,
            "actions": [{**v.to_dict(), **reasons[v.action], "text": to_json(state.describe_action(v.action))}
                        for v in top]}  # fmt: skip


def hint(game_id: str, options: dict[str, Any], history: Sequence[int], seat: int, budget: int,
         seed: int = 0) -> dict[str, Any]:  # fmt: skip
    return {"hint": hint_of(_state(game_id, options, history), seat, budget, seed)}


JOBS: dict[str, Callable[..., dict[str, Any]]] = {"analyse": analyse, "hint": hint}


def run(kind: str, job: dict[str, Any]) -> dict[str, Any]:
    """The answer of a worker job of ``kind`` (``botworker``): ``cap`` is the pool's, not ours."""
    job.pop("cap", None)
    return JOBS[kind](**job)

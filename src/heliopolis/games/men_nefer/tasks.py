"""The task machinery behind ``MenNeferState``: a stack of pending tasks and the loop that runs it.

Everything that happens in Men-Nefer is a *task* on ``state.todo`` (a stack of tuples whose first
item names the kind). The top task runs next. Three kinds of handler are registered here by the
mini-game modules:

* ``AUTO[kind](s, task)``: an automatic step (scoring, a Flood step, a gap closing); the loop pops
  the task first.
* ``DECIDE[kind] = (step, apply)``: a player decision. ``step(s, task)`` runs with the task on top;
  it may do the automatic part (and replace or pop the task) and returns the legal action ids, or
  ``None`` when nothing is left to decide. ``apply(s, task, action)`` runs after the loop popped it.
* ``CHANCE[kind] = (draws, apply, weights)``: a chance node; ``draws(s, task)`` gives the outcome ids
  (kept as ``state.legal``), equally likely unless ``weights(s, task)`` gives ``[(id, p)]``.

A decision or chance node with exactly one legal action is applied without asking (a forced step
is not a choice; replaying ``history()`` repeats it, so saved games stay exact).

Play without a narrator (``run(s, None)``, every bot and playout) reads ``FAST``: the same table
with a few automatic steps that always follow one another fused into one call (``fused``: a turn's
end, the next seat's turn; a discard and the end of the turn; a gap closing and the reveal it
queues). The rules do the same in the same order; only the move log's narrator, which is told about
each step, could tell them apart, and it runs the steps one by one (``HANDLERS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeAlias

if TYPE_CHECKING:
    from heliopolis.games.men_nefer.state import MenNeferState

Task: TypeAlias = tuple[Any, ...]  # (kind, args...): the kind names the handler
Auto: TypeAlias = "Callable[[MenNeferState, Task], None]"
Step: TypeAlias = "Callable[[MenNeferState, Task], list[int] | None]"
Draws: TypeAlias = "Callable[[MenNeferState, Task], list[int]]"
Outcomes: TypeAlias = "Callable[[MenNeferState, Task], list[tuple[int, float]]]"
Apply: TypeAlias = "Callable[[MenNeferState, Task, int], None]"

AUTO: Final[dict[str, Auto]] = {}
DECIDE: Final[dict[str, tuple[Step, Apply]]] = {}
CHANCE: Final[dict[str, tuple[Draws, Apply, Outcomes | None]]] = {}
# All three in one table for the loop (one lookup per task): kind -> (what, first, apply)
IS_AUTO: Final = 0
IS_DECISION: Final = 1
IS_CHANCE: Final = 2
HANDLERS: Final[dict[str, tuple[int, Any, Any]]] = {}
# The same table for play without a narrator (``run(s, None)``): where an automatic step always
# leads straight into the next one (a turn's end into the next turn), the two are fused into one
# call (``fused``). The rules do exactly the same; only a narrator could tell the steps apart.
FAST: Final[dict[str, tuple[int, Any, Any]]] = {}
WEIGHTED: Final[set[str]] = set()  # the chance kinds whose outcomes are not equally likely


def _register(kind: str, entry: tuple[int, Any, Any]) -> None:
    HANDLERS[kind] = entry
    FAST.setdefault(kind, entry)  # unless fused() registered its own already


def auto(kind: str) -> Callable[[Auto], Auto]:
    def deco(fn: Auto) -> Auto:
        AUTO[kind] = fn
        _register(kind, (IS_AUTO, fn, None))
        return fn

    return deco


def fused(kind: str, fn: Auto) -> None:
    """``fn`` does the automatic step ``kind`` and the ones that always follow it, when no narrator listens."""
    FAST[kind] = (IS_AUTO, fn, None)


def decision(kind: str, step: Step, apply: Apply) -> None:
    DECIDE[kind] = (step, apply)
    _register(kind, (IS_DECISION, step, apply))


def chance(kind: str, draws: Draws, apply: Apply, weights: Outcomes | None = None) -> None:
    CHANCE[kind] = (draws, apply, weights)
    if weights is not None:
        WEIGHTED.add(kind)
    _register(kind, (IS_CHANCE, draws, apply))


# The outcomes of a draw from a bag or stack are the set bits of its bitmask, as action ids (base +
# bit), read a byte at a time from a table built per bag at import: a few list extensions per draw,
# not a loop per bit.
Chunks: TypeAlias = tuple[tuple[tuple[int, ...], ...], ...]
_BAGS: Final[dict[int, Chunks]] = {}


def bag(base: int, size: int) -> None:
    """Registers the outcome ids ``base .. base + size - 1`` of a bag (``drawable`` reads them)."""
    _BAGS[base] = tuple(tuple(tuple(base + 8 * j + i for i in range(8) if b >> i & 1) for b in range(256))
                        for j in range((size + 7) // 8))  # fmt: skip


def drawable(base: int, mask: int) -> list[int]:
    """``base + i`` for each set bit ``i`` of ``mask``, ascending (``base`` registered by ``bag``)."""
    table = _BAGS[base]
    out: list[int] = []
    j = 0
    while mask:
        if mask & 255:
            out += table[j][mask & 255]
        mask >>= 8
        j += 1
    return out


CACHE_LIMIT: Final = 1 << 16  # entries a rules cache keeps before it starts over (memory stays bounded)
CUMULATIVE: Final[dict[int, list[float]]] = {}  # n -> cumulative(n), read directly by the sampler


def cumulative(n: int) -> list[float]:
    """The running sums ``State.sample_chance_outcome`` walks for ``n`` equally likely outcomes, each
    added exactly as it adds them (``acc += 1 / n``), so that a binary search picks what its walk picks."""
    sums = CUMULATIVE.get(n)
    if sums is None:
        q = 1.0 / n
        acc = 0.0
        sums = []
        for _ in range(n):
            acc += q
            sums.append(acc)
        CUMULATIVE[n] = sums
    return sums


def run(s: MenNeferState, hook: Any = None) -> None:
    """Runs tasks until a decision with a real choice, a chance node with several outcomes, or the end.

    ``hook`` is the move log's narrator (``log.Narrator``), ``None`` in play: it is told about each
    step just before it happens (``hook.event(what, task, action)``) and about each decision step
    (which may do eager effects) as ``"step"``, so every change, forced or automatic, gets a line."""
    if hook is not None:
        _run_narrated(s, hook)
        return
    # play (every bot and playout): the loop below without the narrator's calls, on the fused table
    todo = s.todo
    while todo:
        task = todo[-1]
        what, first, apply = FAST[task[0]]
        if what == IS_AUTO:
            todo.pop()
            first(s, task)
            continue
        # a decision (its step may finish or replace the task itself: None) or a chance node (its draws)
        legal: list[int] | None = first(s, task)
        if legal is None:
            continue
        if len(legal) <= 1:
            # nothing possible: the action is lost (MN-GEN-4), or an empty bag or stack leaves the slot
            # empty (MN-GEN-8, MN-AMB-27); a single possibility is applied without asking
            todo.pop()
            if legal:
                apply(s, task, legal[0])
            continue
        if what == IS_DECISION:  # _offer, written out
            legal.sort()
            s.chance = False
        else:
            s.chance = True
        s.legal = legal
        return
    s.legal = []
    s.chance = False


def _offer(s: MenNeferState, decision: bool, legal: list[int]) -> None:
    """The state now waits for a player's decision (sorted action ids) or a chance outcome."""
    if decision:
        legal.sort()
    s.chance = not decision
    s.legal = legal


def _run_narrated(s: MenNeferState, hook: Any) -> None:
    """``run`` with a narrator: the steps one by one (``HANDLERS``), each told to ``hook`` first."""
    todo = s.todo
    while todo:
        task = todo[-1]
        what, first, apply = HANDLERS[task[0]]
        if what == IS_AUTO:
            hook.event("auto", task, None)
            todo.pop()
            first(s, task)
            continue
        if what == IS_DECISION:
            hook.event("step", task, None)
        legal: list[int] | None = first(s, task)
        if legal is None:
            continue
        if len(legal) <= 1:
            if what == IS_DECISION:
                hook.event("forced" if legal else "lost", task, legal[0] if legal else None)
            else:
                hook.event("drawn" if legal else "empty", task, legal[0] if legal else None)
            todo.pop()
            if legal:
                apply(s, task, legal[0])
            continue
        _offer(s, what == IS_DECISION, legal)
        return
    s.legal = []
    s.chance = False

"""What the rules note for the move log: events no action names (a forgone action, a lost bonus
resource, an automatic pass, a sun stopped by its range, irradiation, laps, phases, rounds, the
final scoring). ``log.HeliosLog`` switches recording on for its replay; play never records.

An event is a tuple ``(kind, *args)`` of a kind name and ints; ``log.event_text`` tells it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from heliopolis.games.helios.state import HeliosState

Event: TypeAlias = "tuple[Any, ...]"  # (kind name, ints...)
# What every seat holds (VP, mana, sun range, resources per hex and colour), to tell changes in order.
Snapshot: TypeAlias = "tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]"


def snapshot(s: HeliosState) -> Snapshot:
    return tuple(s.vp), tuple(s.mana), tuple(s.rng), tuple([tuple(r) for r in s.res])


def note(s: HeliosState, event: Event) -> None:
    """Records ``event`` with the snapshot at that moment, if the state records events."""
    if s.record_events:
        s.events.append((event, snapshot(s)))

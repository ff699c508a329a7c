"""Clock arithmetic (server/play/clocks.py) as properties over random move sequences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from heliopolis.server.play.clocks import Clock, ClockOptions, replay_clock

moves = st.lists(st.tuples(st.integers(-1, 2), st.floats(0, 500, allow_nan=False)), max_size=60)


def timeline(steps, start=1000.0):  # noqa: ANN001, ANN201
    t, out = start, []
    for seat, dt in steps:
        t += dt
        out.append((seat, t))
    return out


@settings(max_examples=200, deadline=None)
@given(moves, st.floats(1, 5000), st.floats(0, 60))
def test_fischer_time_is_conserved(steps, base, inc):
    """Every second between the start and the last move is charged to exactly one seat (the mover),
    chance costs nobody, and each seat's action earns the increment once."""
    cfg = ClockOptions(kind="fischer", base=base, increment=inc).config()
    tl = timeline(steps)
    clock = replay_clock(cfg, 3, 1000.0, tl)
    charged = sum(dt for (seat, dt) in steps if seat >= 0)
    actions = sum(1 for seat, dt in steps if seat >= 0)
    assert abs(sum(clock.left) - (3 * base + inc * actions - charged)) < 1e-6 * (1 + charged)
    assert clock.since == max([1000.0] + [t for _, t in tl])
    for seat in range(3):
        assert clock.deadline(seat) == clock.since + clock.left[seat]


@settings(max_examples=200, deadline=None)
@given(moves, st.floats(1, 600), st.floats(0, 3600))
def test_turn_bank_only_pays_for_the_overtime(steps, per_move, bank):
    cfg = ClockOptions(kind="turn", per_move=per_move, bank=bank).config()
    clock = replay_clock(cfg, 3, 1000.0, timeline(steps))
    for seat in range(3):
        over = sum(max(0.0, dt - per_move) for s, dt in steps if s == seat)
        assert abs(clock.left[seat] - (bank - over)) < 1e-6 * (1 + over)
        assert clock.left[seat] <= bank  # never refilled
        assert clock.allowance(seat) >= per_move


@settings(max_examples=100, deadline=None)
@given(moves, st.integers(0, 60))
def test_feeding_one_move_at_a_time_equals_replaying(steps, cut):
    """The incremental clock (a running server) equals the one rebuilt from the log (a restart)."""
    cfg = ClockOptions(kind="fischer", base=300, increment=5).config()
    tl = timeline(steps)
    clock = Clock.start(cfg, 3, 1000.0)
    for seat, at in tl[:cut]:
        clock.feed(seat, at)
    rebuilt = replay_clock(cfg, 3, 1000.0, tl[:cut])
    assert clock.left == rebuilt.left and clock.since == rebuilt.since
    view = rebuilt.view(0)
    assert view["running"] == 0 and len(view["remaining"]) == 3 and min(view["remaining"]) >= 0


def test_the_clock_view_hides_nothing_and_has_no_deadline_when_nobody_runs():
    cfg = ClockOptions(kind="turn", per_move=60, bank=30).config()
    view = replay_clock(cfg, 2, 0.0, [(0, 10.0), (1, 100.0)]).view(None)
    assert "deadline" not in view and view["bank"] == [30.0, 0.0] and view["per_move"] == 60


@settings(max_examples=100, deadline=None)
@given(moves, st.lists(st.integers(0, 60), max_size=4), st.sampled_from(["fischer", "turn"]))
def test_the_table_feeds_its_clock_move_by_move_exactly_as_a_replay(steps, cuts, kind):
    """``TableService.clock`` feeds each new move once instead of replaying the log on every
    commit; after any mix of commits and undos (truncations) it equals a replay of the log."""
    from types import SimpleNamespace

    from heliopolis.server.play.table import DEFAULTS, TableService, TableState

    cfg = ClockOptions(kind=kind, base=300, increment=5, per_move=60, bank=120).config()
    service = TableService(SimpleNamespace(storage=None))
    live = SimpleNamespace(rec=SimpleNamespace(seats=[0, 1, 2]),
                           table=TableState({**DEFAULTS, "clock": cfg}, 1000.0))  # fmt: skip
    tl, cuts = timeline(steps), list(cuts)
    for i, move in enumerate(tl):
        live.table.times.append(move)
        if i % 3 == 0:
            service.clock(live)  # a commit: the clock is read (armed) after each one
        if cuts and cuts[0] == i:
            st_ = live.table  # an undo, as ``TableService.truncated`` does it (without timers)
            del st_.times[cuts.pop(0) // 2 :]
            st_.cache = None
        mine = service.clock(live)
        want = replay_clock(cfg, 3, 1000.0, live.table.times)
        assert (mine.left, mine.since, mine.per_seat_moves) == (want.left, want.since, want.per_seat_moves)

"""Small pieces every game engine needs in the same form: the linked move history, the seat
check of the view methods, the illegal-move message, and the plain-text form of styled lines."""

from __future__ import annotations

from typing import Any, TypeAlias

from heliopolis.core.errors import NotationError, error_msg, game_name

Segments = list[list[tuple[str, str]]]  # lines of (text, style) pairs, as render_segments returns
# A move history linked newest first: ``(last, (previous, (...)))``, ``None`` when empty.
# (Not spelled recursively, "tuple[int, History] | None": mypyc 2.4 crashes compiling a module that uses
# a recursive alias.)
History: TypeAlias = "tuple[int, Any] | None"


def unlink_history(hist: History) -> list[int]:
    """The actions of a linked history ``(last, (previous, (...)))``, oldest first. States keep
    their history linked so that ``clone()`` shares it instead of copying it."""
    out = []
    while hist is not None:
        out.append(hist[0])
        hist = hist[1]
    out.reverse()
    return out


def check_seat(players: int, player: Any) -> None:
    """Views take a seat number or ``None`` (a spectator); anything else is a caller's mistake."""
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players):
        raise ValueError(f"seat must be 0..{players - 1} or None, got {player!r}")


def check_start_player(players: int, start: Any) -> None:
    """The ``start_player`` option: a seat, or ``None`` for a start player drawn by chance."""
    from heliopolis.core.errors import ConfigError

    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players):
        raise ConfigError(error_msg("errors.config.start_player", last=players - 1, got=repr(start)))


def illegal_message(state: Any, action: Any, reason: str) -> str:
    """``"<move> is not legal for player 2 now: <reason>. Legal: <moves>"``, for any game, as a
    catalog message (``reason`` is one too, or plain text). An id that names no action of the game
    says so instead of the phase's reason; a chance node lists nothing (its outcomes can be hidden
    information, e.g. what is left in a bag)."""
    game = state.game
    try:
        name = game.action_to_string(action)
    except NotationError:
        name = repr(action)
        if isinstance(action, int) and not isinstance(action, bool):  # an id out of the game's range
            reason = error_msg("errors.illegal.no_such_id", game=game_name(game.info.game_id, game.info.name))
    if state.is_terminal():
        return error_msg("errors.illegal.over", move=name)
    if state.is_chance_node():
        return error_msg("errors.illegal.chance", move=name, reason=reason)
    legal = ", ".join(game.action_to_string(a) for a in state.legal_actions())
    return error_msg("errors.illegal.player", move=name, no=state.current_player(), reason=reason, legal=legal)


def results_lines(state: Any, names: list[str], shown: Any = None) -> Segments:
    """Each scored epoch of ``state.epoch_log`` (``(epoch, categories, before, after)``) and, at
    the end, the winners. ``shown(seat)`` says whose points the reader may see (default: all).
    Words are catalog messages (``cli.board.*``), so the terminal shows them in its language."""
    from heliopolis.locale import msg, padded

    out: Segments = []
    if state.epoch_log:
        out.append([])
        for epoch, _cats, before, after in state.epoch_log:
            parts = [f"{names[p]} {after[p] - before[p]:+d} → {after[p]}" if shown is None or shown(p)
                     else f"{names[p]} ?" for p in range(len(names))]  # fmt: skip
            out.append([(padded(msg("cli.board.epoch_scoring", epoch=epoch), trail=" "), "label"),
                        (" · ".join(parts), "dim")])  # fmt: skip
    if state.is_terminal():
        out.append([(padded(msg("cli.board.winner"), trail=" "), "label"), (", ".join(names[p] for p in state.winners()), "title"),
                    (padded(msg("cli.board.final_points", points=str(state.points)), lead="  "), "bold")])  # fmt: skip
    return out


def event_lines(events: list[str]) -> Segments:
    """The "Last events" block of a rendered board (events are log lines: catalog messages)."""
    from heliopolis.locale import msg

    if not events:
        return []
    return [[], [(msg("cli.board.last_events"), "label")], *[[("  ", "dim"), (e, "dim")] for e in events]]


def segments_text(lines: Segments) -> str:
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)


def field_copier(fields: dict[str, str]) -> Any:
    """``copy(src, dst)`` for a state's ``clone()``, generated from ``{field: kind}`` as one
    straight-line assignment per field: ``"v"`` shared (ints, tuples, values never mutated in
    place), ``"l"`` a flat list copied with ``[:]``, ``"ll"`` a list of lists copied one level down.
    Generated so that the field table stays the single source of truth (equality keys and the copy
    can never drift apart) while the copy avoids a per-field getattr/setattr loop."""
    lines = ["def copy(s, c):"]
    for name, kind in fields.items():
        expr = {"v": f"s.{name}", "l": f"s.{name}[:]", "ll": f"[x[:] for x in s.{name}]"}[kind]
        lines.append(f"    c.{name} = {expr}")
    ns: dict[str, Any] = {}
    exec("\n".join(lines), ns)  # noqa: S102 - source built only from the caller's field table
    return ns["copy"]

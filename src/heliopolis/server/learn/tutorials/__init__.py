"""Interactive tutorials: a scripted first game per game, played on the real engine (docs/tutorials.md).

A game offers one by declaring the ``tutorial`` part of its spec (core/spec.py): its script (a
JSON file of the game's package) and the explanation of its first scoring. A script fixes the options (Ra: the suns dealt), every chance outcome and
every other seat's move; its steps say what the player reads (a catalog key), which move is
expected (the game's notation) and why another move is refused. A tutorial is stateless: the
position of step ``n`` is the script replayed on the engine up to ``n`` (cached, it is the same for
everyone), so a tutorial writes nothing, holds no table, is never rated and never listed among the
lobby's games; the server's per-client request limits (guard.py) are its only cost bound.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from heliopolis.core.registry import games_in_registration_order, load_game, spec
from heliopolis.core.spec import hook, part
from heliopolis.core.text import to_json, wire
from heliopolis.locale import LANGS, msg, render
from heliopolis.server.transport.protocol import ServerError


@dataclass(frozen=True)
class Step:
    say: str  # catalog key of the text shown
    do: str | None  # the expected move (notation); None: a step the player reads, then "Next"
    why: str | None  # catalog key: why any other move is refused here
    then: tuple[str, ...]  # chance outcomes and the other seats' moves that follow the expected one
    show: str | None  # a CSS selector of a board part to point at (a step without a move)
    also: str | None  # a CSS selector marked with the move's pieces (Ra Dice: the Roll button after a pick)
    score: bool  # the closing step: the player's first scoring, explained line by line


@dataclass(frozen=True)
class Script:
    game: str
    players: int
    options: dict[str, Any]
    seat: int
    names: tuple[str, ...]
    start: tuple[str, ...]
    steps: tuple[Step, ...]


def available() -> list[str]:
    """The games whose spec declares a tutorial, in the lobby's order."""
    return [g for g in games_in_registration_order() if spec(g).tutorial is not None]


@functools.lru_cache(maxsize=8)
def script(game: str) -> Script:
    if game not in available():
        raise ServerError("not_found", msg("tutorial.error.none", game=game))
    doc = json.loads(hook(spec(game), "tutorial", "SCRIPT").read_text(encoding="utf-8"))
    steps = tuple(Step(s["say"], s.get("do"), s.get("why"), tuple(s.get("then", ())), s.get("show"), s.get("also"),
                       bool(s.get("score"))) for s in doc["steps"])  # fmt: skip
    return Script(doc["game"], doc["players"], doc.get("options", {}), doc.get("seat", 0), tuple(doc["names"]),
                  tuple(doc.get("start", ())), steps)  # fmt: skip


def new_state(s: Script) -> Any:
    return load_game(s.game, s.players, **s.options).new_initial_state()


def play(state: Any, notation: str, where: str) -> int:
    """Applies one scripted move; a move the engine does not allow here is a broken script."""
    if state.is_chance_node():
        legal = [a for a, _ in state.chance_outcomes()]
    else:
        legal = state.legal_actions()
    a = state.string_to_action(notation)
    if a not in legal:
        raise ValueError(f"{where}: {notation!r} is not legal here")
    state.apply_action(a)
    return a


@dataclass
class Position:
    state: Any
    log: list[str]
    scored_from: Any  # the position just before the latest epoch scoring (its displays), or None
    before_last: Any = None  # the position before the last step's move (a scoring that move made)


def replay(s: Script, upto: int) -> Position:
    """The position the player sees at step ``upto``: the start, then each earlier step's move and
    what follows it."""
    counted = getattr(part(spec(s.game), "tutorial"), "scorings", None)  # a game that scores as it goes has none

    def _scorings(state: Any) -> int:
        return counted(state) if counted is not None else 0

    state = new_state(s)
    plog = state.game.new_public_log()
    lines: list[str] = []
    before_scoring = None

    def feed(moves: tuple[str, ...], where: str) -> None:
        nonlocal before_scoring
        for n in moves:
            prev = state.clone()
            a = play(state, n, where)
            lines.extend(plog.feed(a))
            if _scorings(state) > _scorings(prev):
                before_scoring = prev

    feed(s.start, "start")
    before_last = None
    for i, st in enumerate(s.steps[:upto]):
        if st.do is not None:
            before_last = state.clone()
            feed((st.do, *st.then), f"step {i}")
    return Position(state, lines, before_scoring, before_last)


def check(s: Script) -> None:
    """Every step of the script replayed: each expected move is the player's and legal there."""
    for i, st in enumerate(s.steps):
        pos = replay(s, i)
        if st.do is not None:
            state = pos.state
            if state.is_chance_node() or state.is_terminal() or state.current_player() != s.seat:
                raise ValueError(f"step {i}: the player's move {st.do!r} expected, but it is not their turn")
            if state.string_to_action(st.do) not in state.legal_actions():
                raise ValueError(f"step {i}: {st.do!r} is not legal here")


def _seats(s: Script) -> list[dict[str, Any]]:
    return [{"seat": i, "kind": "human" if i == s.seat else "bot", "bot": None if i == s.seat else "tutorial",
             "name": name, "taken": True, "left": None} for i, name in enumerate(s.names)]  # fmt: skip


def _message(s: Script, pos: Position, step: Step, n: int) -> dict[str, Any]:
    """The position as a state message of the game page (messages.py), for the game's own view."""
    state = pos.state
    mine = step.do is not None and not state.is_chance_node() and state.current_player() == s.seat
    legal = [{"id": a, "notation": state.action_to_string(a), "text": to_json(state.describe_action(a))}
             for a in state.legal_actions()] if mine else []  # fmt: skip
    return {"type": "state", "game_id": f"tutorial-{s.game}", "version": n, "seat": s.seat,
            "status": "finished" if state.is_terminal() else "running", "game": s.game, "seats": _seats(s),
            "to_move": s.seat if mine else None, "view": wire(state.player_view(s.seat)), "legal": legal,
            "log": [to_json(x) for x in pos.log], "undo": {"allowed": False, "pending": None},
            "helper": None, "table": None}  # fmt: skip


@functools.lru_cache(maxsize=512)
def frame(game: str, n: int, lang: str = "en") -> dict[str, Any]:
    """Step ``n`` of a game's tutorial: its text (worded in ``lang``), its expected move, the
    position (shared by every reader: not to be changed)."""
    from heliopolis.server.learn.tutorials.explain import explain

    s = script(game)
    if lang not in LANGS:
        raise ServerError("bad_request", msg("tutorial.error.lang", lang=lang, langs=", ".join(LANGS)))
    if not 0 <= n < len(s.steps):
        raise ServerError("not_found", msg("tutorial.error.step", n=n, steps=len(s.steps)))
    st = s.steps[n]
    pos = replay(s, n)
    out: dict[str, Any] = {"type": "tutorial", "game": game, "step": n, "steps": len(s.steps),
                           "say": render(msg(st.say), lang), "expect": st.do, "show": st.show,
                           "also": st.also, "state": _message(s, pos, st, n), "score": None}  # fmt: skip
    if st.score:
        out["score"] = [render(line, lang) for line in explain(game, pos, s.seat)]
    return out


def attempt(game: str, n: int, action: int | str, lang: str = "en") -> dict[str, Any]:
    """The player tries ``action`` at step ``n``: the expected move gives the next step; any other
    move is refused with the step's explanation, and nothing changes."""
    s = script(game)
    cur = frame(game, n, lang)
    st = s.steps[n]
    legal = {entry["id"]: entry["notation"] for entry in cur["state"]["legal"]}
    notation = legal.get(action) if isinstance(action, int) else action
    if st.do is None:
        if action != "next":
            raise ServerError("bad_request", msg("tutorial.error.read_on"))
        return {"ok": True, "next": frame(game, n + 1, lang)}
    if notation == st.do:
        return {"ok": True, "next": frame(game, n + 1, lang)}
    if notation not in legal.values():
        raise ServerError("bad_request", msg("tutorial.error.not_legal", move=str(action)))
    return {"ok": False, "why": render(msg(st.why or "tutorial.why.default"), lang), "step": n}


class Attempt(BaseModel):
    """A move tried at a step: a legal action id of the position, its notation, or ``"next"``."""

    model_config = ConfigDict(extra="forbid")
    action: int | str = Field(union_mode="left_to_right")


def reading_seconds(game: str, lang: str = "en", wpm: float = 200.0, per_click: float = 5.0) -> float:
    """An estimate of a tutorial's length for a reader: its words (each step's text and the scoring
    lines) at ``wpm`` words a minute, plus ``per_click`` seconds to find and click each step's piece."""
    s = script(game)
    words = 0
    for n in range(len(s.steps)):
        f = frame(game, n, lang)
        words += len(f["say"].split()) + sum(len(line.split()) for line in f["score"] or ())
    return words / wpm * 60.0 + per_click * len(s.steps)

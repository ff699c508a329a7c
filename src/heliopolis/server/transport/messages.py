"""State messages: what each connection is sent, built and encoded once per revision and audience.

An audience is a seat (every tab of a seat shares its messages) or ``None`` (every spectator
shares one). For each revision and audience there are two encodings:

* ``state`` — the whole picture (the seat's view, the public log, legal actions if it is to move,
  seats, undo, table helper), sent on (re)connect, on ``sync`` and whenever a connection is not
  exactly one message behind;
* ``delta`` — what changed since the audience's previous message (``base``): top-level fields
  that changed (``set``), the view's changed keys (``view``) and removed keys (``view_del``), and
  the log lines added (``log``).

Log lines, legal-move texts and catalog messages inside views (``core.text.wire``) are catalog
messages on the wire (``{"k": key, "a": args, "t": English}``, ``core.text.to_json``); plain strings (a game without catalog texts) pass as they are. A client applies it only if it holds version ``base``; otherwise
  it asks for a ``sync``. An undo (the log shrinks) always sends a full state.

JSON goes through orjson when installed (the ``[web]`` extra; ~30 times faster than ``json`` on
these messages), else through the standard library.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from heliopolis.core.text import Msg, to_json, wire

if TYPE_CHECKING:
    from heliopolis.core.game import PublicLog
    from heliopolis.server.play.authority import Authority, Live

try:
    import orjson

    # Catalog messages inside views are ``str`` subclasses: passing subclasses through to ``_default``
    # lets orjson's C walk find them, instead of a Python walk over every view (``core.text.wire``).
    _OPTS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS

    def _default(o: Any) -> Any:
        if isinstance(o, Msg):
            return o.to_json()
        base: type[Any]
        for base in (str, int, dict, list):  # other subclasses (enums, counters) as their base type
            if isinstance(o, base):
                return base(o)
        raise TypeError(f"cannot send {type(o).__name__} as JSON")

    def dumps(obj: Any) -> str:
        return orjson.dumps(obj, default=_default, option=_OPTS).decode()

except ImportError:  # pragma: no cover - the [web] extra installs it

    def dumps(obj: Any) -> str:
        return json.dumps(wire(obj), separators=(",", ":"))


class Audience:
    """One audience's newest message: its fields (without the log), the log length, both texts
    (the full one is encoded only when some connection needs it). ``vbase`` is the revision's shared
    view when the seat's view is that view with its own ``viewer`` (see ``_revision``), else ``None``."""

    __slots__ = ("_full", "base", "delta", "fields", "log_len", "plog", "revision", "vbase", "wire")

    def __init__(self, revision: int, fields: dict[str, Any], wire: WireLog, log_len: int, vbase: Any = None) -> None:
        self.revision, self.fields, self.wire, self.plog, self.log_len = revision, fields, wire, wire.plog, log_len
        self.vbase = vbase
        self._full: str | None = None
        self.delta: str | None = None
        self.base = -1

    @property
    def full(self) -> str:
        if self._full is None:  # the log only grows while ``plog`` is the same object (an undo makes a new one)
            self._full = dumps({**self.fields, "log": self.wire.upto(self.log_len)})
        return self._full


def wire_lines(lines: list[str]) -> list[Any]:
    """Log lines for the wire: catalog messages as ``{"k", "a", "t"}`` (the browser renders them in
    its language with seat names), anything else as its text."""
    return [to_json(line) for line in lines]


class WireLog:
    """A public log's lines in their wire form, each converted once (``to_json``) and shared by
    every audience, delta and full state; an undo makes a new log and so a new ``WireLog``."""

    __slots__ = ("lines", "plog")

    def __init__(self, plog: PublicLog) -> None:
        self.plog = plog
        self.lines: list[Any] = []

    def upto(self, end: int, start: int = 0) -> list[Any]:
        """``wire_lines(plog.lines[start:end])``."""
        wire = self.lines
        if len(wire) < end:
            wire.extend(to_json(line) for line in self.plog.lines[len(wire) : end])
        return wire[start:end]


def _wire(live: Live) -> WireLog:
    w = live.wire
    if w is None or w.plog is not live.plog:
        w = live.wire = WireLog(live.plog)
    return w


def _fields(auth: Authority, live: Live, seat: int | None, shared: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The audience's fields, and the shared view they were made from (``None``: the seat's own)."""
    rec, state = live.rec, live.state
    to_move = shared["to_move"]
    legal = []
    if seat is not None and to_move == seat:
        legal = [{"id": a, "notation": state.action_to_string(a), "text": to_json(state.describe_action(a))}
                 for a in state.legal_actions()]  # fmt: skip
    vbase = shared["view"]
    if vbase is None:
        view = state.player_view(seat)
    else:  # nothing in this position is hidden from anyone: the spectators' view, with its viewer
        view = vbase if seat is None else {**vbase, "viewer": seat}
    pending = rec.undo
    table = shared["table"]
    if seat is None and table is not None and table["private"] and table["rematch"]:
        table = {**table, "rematch": None}  # a private game's rematch is its players' (its id lets one watch)
    return {
        "type": "state", "game_id": rec.id, "version": rec.revision, "seat": seat, "status": rec.status,
        "game": rec.game, "seats": shared["seats"], "to_move": to_move, "view": view,
        "legal": legal,
        "undo": {"allowed": auth.undo_target(live, seat) is not None and not pending,
                 "pending": {"by": pending["by"], "awaiting": pending["awaiting"]} if pending else None},
        "helper": shared["helper"], "table": table,
    }, vbase  # fmt: skip


class Revision:
    """One revision's messages: what every audience shares (``shared``), each audience's message
    (``audiences``), each audience's previous message (``prev``: the base of its next delta) and
    the view differences already computed from a previous shared view (``vdiffs``)."""

    __slots__ = ("audiences", "prev", "revision", "shared", "vdiffs")

    def __init__(self, revision: int, shared: dict[str, Any], prev: dict[int | None, Audience]) -> None:
        self.revision, self.shared, self.prev = revision, shared, prev
        self.audiences: dict[int | None, Audience] = {}
        self.vdiffs: dict[int, tuple[Any, dict[str, Any], list[str]]] = {}


def _revision(auth: Authority, live: Live) -> Revision:
    """This revision's cache, made on first use: what every audience shares is computed once."""
    rec, state = live.rec, live.state
    cur = live.messages.get("rev")
    if cur is not None and cur.revision == rec.revision:
        return cur
    prev = cur.prev if cur is not None else {}
    if cur is not None:
        prev.update(cur.audiences)  # each audience's newest message becomes the base of its next delta
    running = rec.status == "running" and not state.is_terminal()
    # A game says when every seat sees exactly what a spectator sees (``views.same_for_all``, e.g. Ra
    # without hidden scores): then the view is built once per revision, not once per seat.
    same = state._hook("views", "same_for_all")
    shared = {
        "to_move": state.current_player() if running and not state.is_chance_node() else None,
        "seats": [s.public() for s in rec.seats], "helper": state.table_helper(),
        # clocks, takeovers (the table layer, play/table.py): nothing in it is private to a seat
        "table": auth.events.view(live),
        "view": state.player_view(None) if same is not None and same(state) else None,
    }  # fmt: skip
    cur = live.messages["rev"] = Revision(rec.revision, shared, prev)
    return cur


def audience(auth: Authority, live: Live, seat: int | None) -> Audience:
    """This revision's messages for ``seat`` (built on first use, then shared)."""
    r = _revision(auth, live)
    aud = r.audiences.get(seat)
    if aud is not None:
        return aud
    fields, vbase = _fields(auth, live, seat, r.shared)
    lines = live.log()
    aud = r.audiences[seat] = Audience(live.rec.revision, fields, _wire(live), len(lines), vbase)
    old = r.prev.get(seat)
    if old is not None and old.plog is live.plog and old.log_len <= len(lines) and old.revision < aud.revision:
        aud.base = old.revision
        aud.delta = _delta(r, old, aud)
    return aud


def _view_diff(va: Any, vb: Any) -> tuple[dict[str, Any], list[str]]:
    return {k: v for k, v in vb.items() if k not in va or va[k] != v}, [k for k in va if k not in vb]


def _delta(r: Revision, old: Audience, new: Audience) -> str:
    a, b = old.fields, new.fields
    changed = {k: v for k, v in b.items() if k != "view" and k != "version" and a.get(k) != v}
    va, vb = a["view"], b["view"]
    msg: dict[str, Any] = {"type": "delta", "game_id": b["game_id"], "version": b["version"], "base": old.revision}
    if changed:
        msg["set"] = changed
    if old.vbase is not None and new.vbase is not None:
        # Both views are shared ones with the same viewer: their difference is the shared views'
        # difference, computed once for every audience that held the same previous view.
        hit = r.vdiffs.get(id(old.vbase))
        if hit is None or hit[0] is not old.vbase:
            hit = r.vdiffs[id(old.vbase)] = (old.vbase, *_view_diff(old.vbase, new.vbase))
        view, gone = hit[1], hit[2]
        if view:
            msg["view"] = view
        if gone:
            msg["view_del"] = gone
    elif isinstance(va, dict) and isinstance(vb, dict):
        view, gone = _view_diff(va, vb)
        if view:
            msg["view"] = view
        if gone:
            msg["view_del"] = gone
    elif va != vb:
        msg["set"] = {**changed, "view": vb}
    if new.log_len > old.log_len:
        msg["log"] = new.wire.upto(new.log_len, old.log_len)
    return dumps(msg)


def for_connection(auth: Authority, live: Live, seat: int | None, have: int) -> str:
    """The text to send a connection that holds version ``have``: a delta if it applies, else the state."""
    aud = audience(auth, live, seat)
    if aud.delta is not None and aud.base == have:
        return aud.delta
    return aud.full


def state_text(auth: Authority, live: Live, seat: int | None) -> str:
    return audience(auth, live, seat).full


def state_dict(auth: Authority, live: Live, seat: int | None) -> dict[str, Any]:
    return json.loads(state_text(auth, live, seat))

"""Messages in and out: request schemas (pydantic) and the errors every client can read.

Every rejected request is a ``ServerError`` with a stable ``code`` and a sentence for the player;
the HTTP layer turns it into ``{"error": {"code", "message"}}`` with a 4xx status, the WebSocket
layer into ``{"type": "error", ...}``. A message from the engine's catalogs (a ``Msg``: an illegal
move, bad notation, a bad saved game) also goes as ``"msg": {"k", "a", "t"}``, which the browser
renders in the page's language. The game is never changed by a rejected request.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from array import array
from itertools import accumulate
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from heliopolis.core.text import Msg
from heliopolis.server.play.table_options import TableOptions

MAX_WS_MESSAGE = 4096  # bytes: the largest client message is an action with its notation
MAX_HTTP_BODY = 256 * 1024  # bytes: an imported saved game is the largest body
MAX_JSON_DEPTH = 32  # a saved game nests 2-3 deep; Python's own parser would recurse ~1000 deep
MAX_NUMBER_DIGITS = 24  # int(str) is quadratic in the digits; no game number needs more than 19
MAX_NAME = 40  # characters of a player's name, after NFKC normalisation

STATUS = {
    "bad_request": 400, "unauthorized": 401, "forbidden": 403, "not_found": 404, "conflict": 409, "stale": 409,
    "not_your_turn": 409, "illegal": 409, "finished": 409, "read_only": 409, "time_out": 409,
    "chat_full": 409, "no_retake": 403, "muted": 403, "banned": 403,
    "length_required": 411, "too_large": 413, "rate_limited": 429, "undo_cooldown": 429, "weak_password": 422,
}  # fmt: skip


class ServerError(Exception):
    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field  # the request field the error is about, for a client to mark

    @classmethod
    def worded(cls, code: str, key: str, *, field: str | None = None, **args: Any) -> ServerError:
        """An error whose message is a catalog message (``ui`` domain): English in ``message``, and
        ``msg`` for the browser to show in the page's language."""
        from heliopolis import locale

        return cls(code, locale.msg(key, **args), field)

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def fields(self) -> dict[str, Any]:
        """``code``, ``message`` and, for a catalog message, ``msg`` (its structured form)."""
        out: dict[str, Any] = {"code": self.code, "message": str(self.message)}
        if isinstance(self.message, Msg):
            out["msg"] = self.message.to_json()
        if self.field is not None:
            out["field"] = self.field
        return out

    def body(self) -> dict[str, Any]:
        return {"error": self.fields()}


# Control (Cc), format (Cf: bidi overrides U+202A-202E, isolates U+2066-2069, zero-width and
# invisible characters), surrogates, private use, unassigned, line and paragraph separators:
# they make a name render as something else, or break the log it appears in.
_BAD_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
_JOINERS = frozenset("\u200c\u200d")  # ZWNJ / ZWJ: needed by Persian, Indic scripts and emoji sequences


def clean_name(name: str | None) -> str | None:
    """A display name: NFKC (compatibility forms such as fullwidth or mathematical letters become the
    plain ones they show as), trimmed, at most ``MAX_NAME`` characters, no invisible or control
    characters (rejected, not stripped: a name that silently changes is worse than an error)."""
    if name is None:
        return None
    name = unicodedata.normalize("NFKC", name).strip()
    for ch in name:
        if unicodedata.category(ch) in _BAD_CATEGORIES and ch not in _JOINERS:
            raise ValueError(f"names cannot contain control or invisible formatting characters "
                             f"(U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')})")  # fmt: skip
    if len(name) > MAX_NAME:
        raise ValueError(f"names are at most {MAX_NAME} characters")
    return name or None


Name = Annotated[str | None, Field(None, max_length=4 * MAX_NAME), AfterValidator(clean_name)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_max_length=200)


class SeatSpec(_Strict):
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=200, description="bot spec, e.g. ismcts:iters=2000")
    name: Name = None


class CreateGame(_Strict):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    join: int | None = Field(None, ge=0, le=11, description="the seat the creator takes")
    table: TableOptions | None = Field(None, description="private, clock, takeover bot, chat (table_options.py)")


class JoinGame(_Strict):
    seat: int | None = Field(None, ge=0, le=11)
    name: Name = None
    invite: str | None = Field(None, max_length=64, description="the invitation code of a private game")


class ActBody(_Strict):
    action: int | None = Field(None, ge=0, le=1_000_000)
    notation: str | None = Field(None, max_length=64)
    version: int = Field(ge=0)


class UndoBody(_Strict):
    accept: bool | None = None


class WsAct(ActBody):
    type: Literal["act"]


class WsUndo(_Strict):
    type: Literal["undo"]


class WsUndoReply(_Strict):
    type: Literal["undo_reply"]
    accept: bool


class WsPing(_Strict):
    type: Literal["ping"]


class WsSync(_Strict):
    type: Literal["sync"]


ClientMessage = TypeAdapter(Annotated[WsAct | WsUndo | WsUndoReply | WsPing | WsSync, Field(discriminator="type")])


def validation_message(err: ValidationError) -> str:
    """The first problem, with the field it is about: what a client author needs (a WebSocket message
    is the page's own, never typed by a player; requests a player fills in: ``request_problem``)."""
    e = err.errors()[0]
    return f"{field_path(e)}: {e['msg']}" if field_path(e) else e["msg"]


def field_path(e: Any) -> str:
    """``table.clock.per_move``: where in the request body an error is."""
    return ".".join(str(p) for p in e.get("loc", ()) if p not in ("body",))


# pydantic's error types -> the catalog sentence (errors.request.*) and the context value it quotes
_PROBLEMS = {"greater_than_equal": ("at_least", "ge"), "greater_than": ("above", "gt"),
             "less_than_equal": ("at_most", "le"), "less_than": ("below", "lt"),
             "string_too_short": ("min_chars", "min_length"), "string_too_long": ("max_chars", "max_length"),
             "too_short": ("min_items", "min_length"), "too_long": ("max_items", "max_length"),
             "missing": ("missing", None), "extra_forbidden": ("unknown_field", None)}  # fmt: skip
_SECONDS = frozenset(("base", "increment", "per_move", "bank"))  # clock fields: numbers of seconds
_FIELDS = frozenset(("base", "increment", "per_move", "bank", "username", "password", "name", "invite", "players",
                     "seat", "game", "email", "action", "version", "seats", "join", "takeover"))  # fmt: skip


def request_problem(errors: Any) -> Msg:
    """The first of pydantic's ``errors`` as one sentence of the catalogs (a player reads it in the
    page's language: "The time for each move must be at least 1 second"), not pydantic's English."""
    from heliopolis.locale import msg

    e: dict[str, Any] = errors[0] if errors else {"loc": (), "type": ""}
    loc = [str(p) for p in e.get("loc", ()) if p != "body" and not isinstance(p, int)]
    name = loc[-1] if loc else ""
    field: Any = msg(f"errors.field.{name}") if name in _FIELDS else (".".join(loc) or msg("errors.field.request"))
    kind, ctx_key = _PROBLEMS.get(str(e.get("type", "")), ("invalid", None))
    limit = (e.get("ctx") or {}).get(ctx_key) if ctx_key else None
    if limit is None and ctx_key is not None:
        kind = "invalid"
    args: dict[str, Any] = {"field": field}
    if limit is not None:
        args["limit"] = int(limit) if float(limit).is_integer() else float(limit)
        if kind in ("at_least", "at_most") and name in _SECONDS:
            kind = "at_least_one_second" if kind == "at_least" and args["limit"] == 1 else kind + "_seconds"
    return msg(f"errors.request.{kind}", **args)


def parse_client_message(raw: str | bytes) -> Any:
    if len(raw) > MAX_WS_MESSAGE:
        raise ServerError("too_large", f"messages are limited to {MAX_WS_MESSAGE} bytes")
    try:
        return ClientMessage.validate_json(raw)
    except ValidationError as e:
        raise ServerError("bad_request", f"bad message: {validation_message(e)}") from None


# -- untrusted JSON documents (imports) ----------------------------------------------------------
# Possessive, closing quote optional: a match never fails once started, so an unterminated
# string costs one linear scan (a plain pattern would rescan from every escaped quote: quadratic).
_STRINGS = re.compile(rb'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_DEPTH = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_LONG_NUMBER = re.compile(rb"[0-9]{%d}" % (MAX_NUMBER_DIGITS + 1))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ServerError("bad_request", f"{text} is out of range")
    return value


def _no_constant(text: str) -> Any:
    raise ServerError("bad_request", f"{text} is not JSON")


def _depth(skeleton: bytes) -> int:
    brackets = skeleton.translate(None, _NOT_BRACKETS).translate(_DEPTH)
    return max(accumulate(array("b", brackets)), default=0)  # signed bytes: 0xff is -1


def json_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in ``raw`` (strings removed first), in C-speed passes:
    a regex, two translates and an accumulate, no Python loop per byte."""
    return _depth(_STRINGS.sub(b"", raw))


def parse_json_document(raw: bytes) -> Any:
    """Parses an untrusted JSON body with limits checked before parsing (size, nesting, digits in
    a number: ``int(str)`` is quadratic) and while parsing (no NaN, no infinite float); every
    failure is a ``ServerError`` (a 4xx), never a crash."""
    if len(raw) > MAX_HTTP_BODY:
        raise ServerError("too_large", f"request bodies are limited to {MAX_HTTP_BODY} bytes")
    skeleton = _STRINGS.sub(b"", raw)  # what is left outside strings: brackets, numbers, literals
    if _depth(skeleton) > MAX_JSON_DEPTH:
        raise ServerError("bad_request", f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    if _LONG_NUMBER.search(skeleton):
        raise ServerError("bad_request", f"numbers are limited to {MAX_NUMBER_DIGITS} digits")
    try:
        return json.loads(raw, parse_float=_finite_float, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ServerError("bad_request", "the body is not JSON: send a saved-game file") from None

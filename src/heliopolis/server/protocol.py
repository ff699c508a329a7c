"""Messages in and out: request schemas (pydantic) and the errors every client can read.

Every rejected request is a ``ServerError`` with a stable ``code`` and a sentence for the player;
the HTTP layer turns it into ``{"error": {"code", "message"}}`` with a 4xx status, the WebSocket
layer into ``{"type": "error", ...}``. The game is never changed by a rejected request.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from heliopolis.server.table_options import TableOptions

MAX_WS_MESSAGE = 4096  # bytes: the largest client message is an action with its notation
MAX_HTTP_BODY = 256 * 1024  # bytes: an imported saved game is the largest body

STATUS = {
    "bad_request": 400, "unauthorized": 401, "forbidden": 403, "not_found": 404, "conflict": 409, "stale": 409,
    "not_your_turn": 409, "illegal": 409, "finished": 409, "time_out": 409, "too_large": 413, "rate_limited": 429,
}  # fmt: skip


class ServerError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_max_length=200)


class SeatSpec(_Strict):
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=200, description="bot spec, e.g. ismcts:iters=2000")
    name: str | None = Field(None, max_length=40)


class CreateGame(_Strict):
    game: str = Field(max_length=32)
    players: int = Field(ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    join: int | None = Field(None, ge=0, le=11, description="the seat the creator takes")
    table: TableOptions | None = Field(None, description="private, clock, takeover bot, chat (table_options.py)")


class JoinGame(_Strict):
    seat: int | None = Field(None, ge=0, le=11)
    name: str | None = Field(None, max_length=40)
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


ClientMessage = TypeAdapter(
    Annotated[Union[WsAct, WsUndo, WsUndoReply, WsPing, WsSync], Field(discriminator="type")]
)


def validation_message(err: ValidationError) -> str:
    """The first problem, with the field it is about: what a player (or a client author) needs."""
    e = err.errors()[0]
    where = ".".join(str(p) for p in e.get("loc", ()) if p not in ("body",))
    return f"{where}: {e['msg']}" if where else e["msg"]


def parse_client_message(raw: str | bytes) -> Any:
    if len(raw) > MAX_WS_MESSAGE:
        raise ServerError("too_large", f"messages are limited to {MAX_WS_MESSAGE} bytes")
    try:
        return ClientMessage.validate_json(raw)
    except ValidationError as e:
        raise ServerError("bad_request", f"bad message: {validation_message(e)}") from None

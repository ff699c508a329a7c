"""What a creator chooses for the table, beyond the game's rules (``CreateGame.table``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from heliopolis.server.play.clocks import ClockOptions


class TableOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    private: bool = Field(False, description="not listed in the lobby; seats are joined with the invitation code")
    clock: ClockOptions | None = Field(None, description="none, fischer (real time) or turn (correspondence)")
    takeover: str = Field("heuristic", max_length=200, description="bot spec that plays a seat whose player left")
    allow_retake: bool = Field(True, description="a player who left may take the seat back before the end")
    spectator_chat: bool = Field(True, description="spectators may chat (false: only seats)")
    rated: bool = Field(False, description="counts for ratings (every human seat needs an account at the end)")
    hints: bool = Field(True, description="players may ask for hints (unrated games only; false: forbidden)")

"""A game's action table as notation: fixed ids to canonical strings and back, with errors a player
understands (``NotationError`` naming the known kinds, or examples of the kind they meant)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from heliopolis.core.errors import NotationError, error_msg


class ActionNames:
    """``names[i]`` is action ``i``'s canonical notation, ``"<kind>"`` or ``"<kind>:<argument>"``."""

    def __init__(self, game: str, names: Sequence[str], doc: str, shown: Callable[[str], str] | None = None) -> None:
        """``shown`` turns a canonical name into the form the board shows (for the examples of an error)."""
        self.game = game
        self.shown = shown
        self.names = tuple(names)
        self.doc = doc
        self.index = {n: i for i, n in enumerate(self.names)}
        self.kinds = tuple(sorted({n.partition(":")[0] for n in self.names}))

    def to_string(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(self.names):
            raise NotationError(error_msg("errors.notation.unknown_id", game=self.game, action=repr(action)))
        return self.names[action]

    def to_action(self, text: str) -> int:
        """Case and whitespace are ignored."""
        if not isinstance(text, str):
            raise NotationError(error_msg("errors.notation.not_text", type=type(text).__name__))
        t = "".join(text.lower().split())
        if t in self.index:
            return self.index[t]
        kind = t.partition(":")[0]
        if kind not in self.kinds:
            raise NotationError(
                error_msg("errors.notation.unknown_kind", game=self.game, text=repr(text), kinds=", ".join(self.kinds))
            )
        examples = [n for n in self.names if n.partition(":")[0] == kind][:3]
        if self.shown is not None:
            examples = [self.shown(n) for n in examples]
        raise NotationError(
            error_msg("errors.notation.bad_argument", game=self.game, text=repr(text),
                      examples=", ".join(examples), doc=self.doc)
        )  # fmt: skip

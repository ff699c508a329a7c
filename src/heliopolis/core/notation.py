"""A game's action table as notation: fixed ids to canonical strings and back, with errors a player
understands (``NotationError`` naming the known kinds, or examples of the kind they meant)."""

from __future__ import annotations

from collections.abc import Sequence

from heliopolis.core.errors import NotationError


class ActionNames:
    """``names[i]`` is action ``i``'s canonical notation, ``"<kind>"`` or ``"<kind>:<argument>"``."""

    def __init__(self, game: str, names: Sequence[str], doc: str) -> None:
        self.game = game
        self.names = tuple(names)
        self.doc = doc
        self.index = {n: i for i, n in enumerate(self.names)}
        self.kinds = tuple(sorted({n.partition(":")[0] for n in self.names}))

    def to_string(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(self.names):
            raise NotationError(f"unknown {self.game} action id {action!r}")
        return self.names[action]

    def to_action(self, text: str) -> int:
        """Case and whitespace are ignored."""
        if not isinstance(text, str):
            raise NotationError(f"an action must be given as text, got {type(text).__name__}")
        t = "".join(text.lower().split())
        if t in self.index:
            return self.index[t]
        kind = t.partition(":")[0]
        if kind not in self.kinds:
            raise NotationError(f"unknown {self.game} action {text!r}; kinds: {', '.join(self.kinds)}")
        examples = [n for n in self.names if n.partition(":")[0] == kind][:3]
        raise NotationError(f"bad argument in {self.game} action {text!r}; e.g. {', '.join(examples)} (see {self.doc})")

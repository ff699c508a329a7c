"""Observation encoders: the one piece of per-game code the research adapters need.

An *observer* turns a state, seen from one seat, into a flat list of floats (the tensor) made of
named *pieces* with fixed shapes and bounds, and into a string. Which information goes in is chosen
by an ``ObservationType``, modelled on OpenSpiel's ``IIGObservationType``:

* ``public``: what every seat sees at the table;
* ``private``: ``"none"``, ``"single"`` (the observing seat's own secrets) or ``"all"`` (everyone's);
* ``perfect_recall``: everything the seat could know by remembering the whole game so far, not only
  what is on the table now.

``OBSERVATION`` (public + own secrets, no recall) and ``INFORMATION_STATE`` (the same with perfect
recall) are the two everyday types. A game provides its encoder as ``make_observer(game, obs_type)``
in ``heliopolis/games/<id>/observation.py``; ``Game.make_observer`` finds it by that convention, so the
adapters (``heliopolis.integrations``) need no per-game code. Encoders produce plain Python floats,
never numpy: the adapters copy them into their own arrays (``encode_into`` takes any buffer that
supports slice assignment).
"""

from __future__ import annotations

from collections.abc import Hashable, MutableSequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

if TYPE_CHECKING:
    from heliopolis.core.game import Game, State

PRIVATE_NONE: Final = "none"
PRIVATE_SINGLE: Final = "single"
PRIVATE_ALL: Final = "all"


@dataclass(frozen=True)
class ObservationType:
    """Which information an observer includes (OpenSpiel's ``IIGObservationType``)."""

    public: bool = True
    private: str = PRIVATE_SINGLE
    perfect_recall: bool = False

    def __post_init__(self) -> None:
        if self.private not in (PRIVATE_NONE, PRIVATE_SINGLE, PRIVATE_ALL):
            raise ValueError(f"private must be 'none', 'single' or 'all', got {self.private!r}")


OBSERVATION: Final = ObservationType()
INFORMATION_STATE: Final = ObservationType(perfect_recall=True)


@dataclass(frozen=True)
class Piece:
    """A named block of the tensor: ``shape`` (row-major) and the bounds of every value in it."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


StateT = TypeVar("StateT", bound="State[Any]")
# A part's key (``Observer.part_keys``): hashable (cached per key), or a list for a big part (a board).
PartKey = Hashable | list[int]


class Observer(Generic[StateT]):
    """Base class of a game's encoder for one configured game and one ``ObservationType``.

    Subclasses set ``pieces`` in ``__init__`` and implement ``tensor`` and ``string``.
    """

    pieces: tuple[Piece, ...] = ()

    def __init__(self, game: Game, obs_type: ObservationType) -> None:
        self.game = game
        self.obs_type = obs_type

    @property
    def size(self) -> int:
        # Asked on every encode: summed once, after ``__init__`` has set ``pieces``.
        size = self.__dict__.get("_size")
        if size is None:
            size = self._size = sum(p.size for p in self.pieces)
        return size

    def layout(self) -> dict[str, tuple[int, int, tuple[int, ...]]]:
        """``name -> (start, stop, shape)`` of every piece in the flat tensor."""
        out = {}
        start = 0
        for p in self.pieces:
            out[p.name] = (start, start + p.size, p.shape)
            start += p.size
        return out

    def bounds(self) -> tuple[list[float], list[float]]:
        """Per-value lower and upper bounds (for e.g. a Gymnasium ``Box``)."""
        low: list[float] = []
        high: list[float] = []
        for p in self.pieces:
            low += [p.low] * p.size
            high += [p.high] * p.size
        return low, high

    def tensor(self, state: StateT, player: int) -> list[float]:
        """The observation of ``state`` by seat ``player`` as ``size`` floats."""
        raise NotImplementedError

    def open_game_string(self, state: State[Any], player: int) -> str:
        """``string`` for a game whose state hides nothing: no private part (OpenSpiel checks that
        it is empty), the action history under perfect recall, else the text board; a private
        part asked for adds only the seat."""
        ot = self.obs_type
        if not ot.public:
            return ""
        if ot.perfect_recall:
            text = state.information_state_string(player)
            return text if ot.private != PRIVATE_NONE else text.split(" ", 1)[-1]
        text = str(state)
        return text if ot.private == PRIVATE_NONE else f"p{player}\n{text}"

    # -- optional: the tensor as memoisable parts (the adapters' fast path) ----------------------
    # An observer may split its tensor into consecutive parts, each a pure function of a small
    # hashable key: ``part_keys(state, player)`` returns one key per part (in tensor order) and
    # ``encode_part(i, key)`` the floats of part ``i``. Because a part depends on nothing but its key,
    # an adapter may keep each part's encoding per key (numpy arrays) and rebuild only the parts
    # whose key changed: most of a board game's table does not change from one step to the next.
    # ``part_keys`` returns ``None`` when the observer has no parts (the default): use ``tensor``.
    # A key may also be a *list* (for a big part such as a seat's board, e.g. the state's own list
    # of ints): the adapter compares it with ``==``, keeps a copy and re-encodes the part when it
    # differs, without caching it (a board seldom comes back, and no tuple is built per step).
    def part_keys(self, state: StateT, player: int) -> tuple[PartKey, ...] | None:
        return None

    def encode_part(self, index: int, key: Any) -> list[float]:
        raise NotImplementedError

    def encode_into(self, state: StateT, player: int, out: MutableSequence[Any]) -> None:
        """Writes ``tensor(state, player)`` into ``out[:size]`` (a list, ``array`` or numpy array)."""
        out[: self.size] = self.tensor(state, player)

    def string(self, state: StateT, player: int) -> str:
        """The same information as text (for logs, playthroughs and string-keyed algorithms)."""
        raise NotImplementedError


def one_hot(index: int, size: int) -> list[float]:
    """``size`` floats, 1.0 at ``index`` and 0.0 elsewhere (all zero when ``index`` is outside
    ``0 .. size - 1``, e.g. ``-1`` for "nobody" or a chance node's current player)."""
    v = [0.0] * size
    if 0 <= index < size:
        v[index] = 1.0
    return v


def one_hots(*blocks: tuple[int, int]) -> list[float]:
    """The concatenation of ``one_hot(index, size)`` for each ``(index, size)``: an observation's
    header (observing seat, seat to act, phase, ...) in one call."""
    out: list[float] = []
    for index, size in blocks:
        v = [0.0] * size
        if 0 <= index < size:
            v[index] = 1.0
        out += v
    return out


class NoObserverError(NotImplementedError):
    """The game has no observation encoder (``games/<id>/observation.py``)."""

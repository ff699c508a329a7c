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
in the observation module its ``GameSpec`` names; ``Game.make_observer`` finds it there, so the
adapters (``heliopolis.integrations``) need no per-game code. Encoders produce plain Python floats,
never numpy: the adapters copy them into their own arrays (``encode_into`` takes any buffer that
supports slice assignment).
"""

from __future__ import annotations

import array
from collections.abc import Hashable, MutableSequence
from dataclasses import dataclass
from struct import Struct
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

try:  # mypyc reads this decorator when it compiles; the pure build runs without mypy_extensions
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - depends on what is installed

    def mypyc_attr(*_args: object, **_kwargs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


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


@mypyc_attr(allow_interpreted_subclasses=True)
class Observer(Generic[StateT]):
    """Base class of a game's encoder for one configured game and one ``ObservationType``.

    Subclasses set ``pieces`` in ``__init__`` and implement ``tensor`` and ``string``.
    """

    pieces: tuple[Piece, ...] = ()
    _size: int = -1

    def __init__(self, game: Game, obs_type: ObservationType) -> None:
        self.game = game
        self.obs_type = obs_type

    @property
    def size(self) -> int:
        # Asked on every encode: summed once, after ``__init__`` has set ``pieces``.
        size = self._size
        if size < 0:
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

    # A board part (a list key) may also be made of ``board_cells(index)`` cells of equal width, entry
    # ``k`` of its key feeding cell ``k % cells`` (e.g. a hex's tile and its temple flag at ``h`` and
    # ``61 + h``); ``encode_cell(index, key, cell)`` gives that cell's floats as a float32 ``array``.
    # A changed board then costs its changed cells, not a whole re-encoding. 0 (the default): no cells.
    def board_cells(self, index: int) -> int:
        return 0

    def encode_cell(self, index: int, key: list[int], cell: int) -> array.array[float]:
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


_PACKERS: dict[int, Struct] = {}  # length -> its float32 packer
_PACK_FROM: Final = 24  # shorter lists: array("f", values) is the faster


def float32(values: list[float]) -> array.array[float]:
    """``array.array("f", values)``, faster for long lists: ``struct`` packs a list of floats in one
    C loop, where ``array`` parses each item on its own (about 25 ns a value); below ``_PACK_FROM``
    values the packer's fixed cost is the larger one."""
    n = len(values)
    if n < _PACK_FROM:
        return array.array("f", values)
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = Struct(f"{n}f")
    out = array.array("f")
    out.frombytes(packer.pack(*values))
    return out


class PartsBuffer:
    """An observer's tensor for the last ``update``, kept in a float32 ``array.array`` and rewritten
    part by part: the adapters' fast path (``integrations.encoding.ArrayObserver`` wraps it in numpy,
    ``core.batch.GameBatch`` gives each game a slice of one shared buffer).

    ``update`` asks the observer's ``part_keys`` and rewrites only the slices of the parts whose key
    changed since the last call; each part's float32 encoding is kept per key (up to ``MAX_CACHED``
    per part, in ``caches``, which several buffers of one observer may share), so a key seen before
    costs one lookup and one slice copy (a memcpy). A part whose key is a list (a seat's board) is
    compared with a copy of the last one; when it differs, a board with cells
    (``Observer.board_cells``) gets only its changed cells rewritten, any other is re-encoded whole.
    The buffer then equals ``tensor(state, player)`` in float32. Standard library only: it is
    compiled with the engines (``_native.COMPILED_MODULES``) and numpy views its memory without a copy.
    """

    MAX_CACHED: Final = 4096

    def __init__(self, observer: Observer[Any], buffer: array.array[float] | None = None, offset: int = 0,
                 caches: list[dict[Hashable, array.array[float]]] | None = None) -> None:  # fmt: skip
        self.observer = observer
        self.size = observer.size
        self.buffer = buffer if buffer is not None else array.array("f", bytes(4 * self.size))
        self.offset = offset  # where this observation starts in ``buffer``
        self._parts: list[dict[Hashable, array.array[float]]] = caches if caches is not None else []
        self._last: list[Any] = []  # per part: the key now in the buffer
        self._starts: list[int] = []  # per part: where it sits in the buffer
        self._stops: list[int] = []
        self._cells: list[int] = []  # per part: its cells (``board_cells``), 0 for none

    def update(self, state: Any, player: int) -> bool:
        """Brings the buffer to the observation of ``state`` by ``player``; ``False`` (buffer
        untouched) when the observer has no parts."""
        observer = self.observer
        keys = observer.part_keys(state, player)
        if keys is None:
            return False
        last = self._last
        if len(last) != len(keys):
            self._first(keys)
            return True
        buf = self.buffer
        parts = self._parts
        starts = self._starts
        stops = self._stops
        key: Any
        i = 0
        for key in keys:
            if key != last[i]:  # mostly equal: a step changes a few parts of the table
                if type(key) is list:
                    if self._cells[i]:
                        self._rewrite_cells(i, key, last[i])
                    else:
                        buf[starts[i] : stops[i]] = float32(observer.encode_part(i, key))
                        last[i] = key[:]
                else:
                    cache = parts[i]
                    cached = cache.get(key)
                    if cached is None:
                        if len(cache) >= PartsBuffer.MAX_CACHED:
                            cache.clear()
                        cached = cache[key] = float32(observer.encode_part(i, key))
                    buf[starts[i] : stops[i]] = cached
                    last[i] = key
            i += 1
        return True

    def _rewrite_cells(self, i: int, key: list[int], prev: list[int]) -> None:
        """Rewrites the cells of board part ``i`` whose entries differ from ``prev`` (updated in place)."""
        cells = self._cells[i]
        start = self._starts[i]
        width = (self._stops[i] - start) // cells
        buf = self.buffer
        observer = self.observer
        for k in range(len(key)):
            v = key[k]
            if v != prev[k]:
                prev[k] = v
                c = k % cells
                at = start + c * width
                buf[at : at + width] = observer.encode_cell(i, key, c)

    def _first(self, keys: tuple[PartKey, ...]) -> None:
        """Encodes every part and lays the parts out in the buffer (their sizes are fixed)."""
        observer = self.observer
        encoded = [float32(observer.encode_part(i, key)) for i, key in enumerate(keys)]
        total = sum(len(a) for a in encoded)
        if total != self.size:
            raise ValueError(f"{type(observer).__name__}: parts of {total} values for a tensor of {self.size}")
        if len(self._parts) != len(keys):  # shared caches: the first buffer to start lays them out
            self._parts[:] = [{} for _ in keys]
        self._starts = []
        self._stops = []
        self._last = []
        self._cells = []
        at = self.offset
        for i, key in enumerate(keys):
            a = encoded[i]
            if isinstance(key, list):
                self._last.append(key[:])
                self._cells.append(observer.board_cells(i))
            else:
                self._parts[i][key] = a
                self._last.append(key)
                self._cells.append(0)
            self._starts.append(at)
            self._stops.append(at + len(a))
            self.buffer[at : at + len(a)] = a
            at += len(a)


@mypyc_attr(native_class=False)  # an exception: a plain Python class in the compiled build too
class NoObserverError(NotImplementedError):
    """The game has no observation encoder (``games/<id>/observation.py``)."""

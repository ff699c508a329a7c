"""``State``: the base class of every game state (the protocol half of ``core/game.py``).

Kept in a module of its own because the compiled build compiles it together with the engines'
hot modules (a compiled state class needs a compiled base class); ``Game`` and the other
protocol classes stay interpreted in ``core/game.py``, which re-exports ``State``, ``CHANCE`` and
``TERMINAL``. ``State`` allows interpreted subclasses, so games that are not compiled subclass it
as before.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final, Generic, Self, TypeVar

try:  # mypyc reads this decorator when it compiles; the pure build runs without mypy_extensions
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - depends on what is installed

    def mypyc_attr(*_args: object, **_kwargs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


if TYPE_CHECKING:
    from heliopolis.core.game import Game
    from heliopolis.core.observation import ObservationType

CHANCE: Final = -1
TERMINAL: Final = -4
GameT = TypeVar("GameT", bound="Game")
_GAME = "game"  # a plain variable, so that the compiled getattr below stays a real attribute lookup


_HOOKS: dict[tuple[type, str, str], Any] = {}

# -- copy on write: one mechanism for every game ------------------------------------------------
# A state may keep lists that change rarely shared with its clones until one side writes them. The
# state class names them with ``declare_cow`` (so that ``core.testing`` knows which sharing is meant)
# and keeps an int field ``cow``: bit g set = group g may be shared with a clone. ``clone()`` sets
# ``COW_ALL`` on both sides; a writer first owns the group: ``if s.cow & G: <copy the group's lists>;
# s.cow = cow_release(s.cow, G)`` (hot paths, compiled natively), or ``own_list(s, name, G)`` for one
# list written rarely. Plain functions and an int mask: what mypyc compiles to native code.
COW_ALL: Final = -1  # every group shared (bit tests ``-1 >> g & 1`` and ``-1 & G`` are true)


def cow_release(cow: int, group: int) -> int:
    """The mask once ``group`` is owned (its lists copied): no clone shares them any more."""
    return cow & ~group


def own_list(state: Any, name: str, group: int) -> list[Any]:
    """The list in field ``name`` of copy-on-write group ``group`` (one list), for writing: copied
    and stored back first if a clone may share it. By name (a dynamic attribute access): for lists
    written a few times a game; hot lists test ``state.cow`` inline."""
    xs: list[Any] = getattr(state, name)
    if state.cow & group:
        xs = xs[:]
        setattr(state, name, xs)
        state.cow = state.cow & ~group
    return xs


def own_field(state: Any, name: str) -> None:
    """Owns the list in field ``name``, a group of its own (``declare_cow(..., one_group_each=True)``):
    copied and stored back first if a clone may share it; then write ``state.<name>`` in place. Only
    the bit is looked up when nothing is shared (a state never cloned pays one test)."""
    bits = _BITS.get(type(state))
    if bits is None:
        bits = _BITS[type(state)] = cow_fields(type(state)).bits
    bit = bits[name]
    if state.cow & bit:
        setattr(state, name, getattr(state, name)[:])
        state.cow = state.cow & ~bit


class CowFields:
    """What a state class's ``clone()`` shares on purpose: ``cow`` the copy-on-write fields (shared
    until written, through ``cow``), ``frozen`` the fields holding lists that are replaced, never
    changed in place (shared for good). Everything else a clone must not share (``core.testing``).
    ``bits``: the group bit of each copy-on-write field that is a group of its own (``own_field``)."""

    __slots__ = ("cow", "frozen", "bits")

    def __init__(self, cow: tuple[str, ...], frozen: tuple[str, ...], bits: dict[str, int]) -> None:
        self.cow = cow
        self.frozen = frozen
        self.bits = bits


_COW: dict[type, CowFields] = {}
_BITS: dict[type, dict[str, int]] = {}  # own_field's look-up per concrete class


def declare_cow(
    cls: type, cow: tuple[str, ...] = (), frozen: tuple[str, ...] = (), one_group_each: bool = False
) -> None:
    """Declares what ``cls.clone()`` shares on purpose (see ``CowFields``); ``one_group_each``: every
    copy-on-write field is a group of its own, bit ``1 << i`` for the ``i``-th (``own_field``)."""
    bits = {name: 1 << i for i, name in enumerate(cow)} if one_group_each else {}
    _COW[cls] = CowFields(cow, frozen, bits)
    _BITS.clear()


def cow_fields(cls: type) -> CowFields:
    """The declaration of ``cls`` or of its nearest declared base; none: nothing shared on purpose."""
    for k in cls.__mro__:
        if k in _COW:
            return _COW[k]
    return CowFields((), (), {})


def _part_hook(state: Any, part: str, name: str) -> Any:
    """``name`` from the ``part`` module the game's spec names (``views``, ``render``, ...), or ``None``;
    resolved through the registry once per state class and remembered (no spec look-up per action)."""
    key = (type(state), part, name)
    try:
        return _HOOKS[key]
    except KeyError:
        pass
    from heliopolis.core.registry import spec_of
    from heliopolis.core.spec import hook

    fn = _HOOKS[key] = hook(spec_of(state._the_game()), part, name)
    return fn


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Generic[GameT]):
    """Base class of every game state. Mutable, updated in place by ``apply_action``.

    The view, text and checking methods below come from the parts the game's ``GameSpec`` names
    (``core/spec.py``), imported on first use (so ``import heliopolis`` stays cheap):
    ``views.player_view(state, seat)``, ``views.information_state_string``, ``views.describe_action``,
    ``views.information_state_key``, ``views.resample_from_infostate``, ``views.same_for_all`` (optional: every
    seat sees the spectators' view), ``heuristics.table_helper``,
    ``invariants.check_invariants`` and ``render.render_text`` (``str(state)``). A state may
    override any of them instead.
    """

    __slots__ = ()
    game: GameT

    def _hook(self, module: str, name: str) -> Any:
        """``name`` from the game's ``module`` part (its ``GameSpec``), or ``None``."""
        return _part_hook(self, module, name)

    def _required(self, module: str, name: str) -> Any:
        fn = self._hook(module, name)
        if fn is None:
            raise NotImplementedError(f"{type(self).__name__} needs {module}.{name} (or its own {name} method)")
        return fn

    def _the_game(self) -> GameT:
        # Read through the type, not the compiled field: an interpreted subclass listing "game" in its
        # own __slots__ keeps it in its own slot, which the compiled ``State.game`` field never sees.
        game: GameT = getattr(self, _GAME)
        return game

    # -- the protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` or ``TERMINAL``."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Legal action ids in ascending order (at a chance node: the possible outcomes)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability)]`` at a chance node; probabilities sum to 1."""
        raise NotImplementedError

    def sample_chance_outcome(self, rng: Any) -> int:
        """Draws one outcome with exactly the ``chance_outcomes()`` distribution.

        Games may override this with a faster exact sampler; the default walks the outcome list.
        """
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def apply_action(self, action: int) -> None:
        """Applies a legal action in place; an illegal one raises ``IllegalActionError`` and changes nothing."""
        raise NotImplementedError

    def clone(self) -> Self:
        raise NotImplementedError

    def child(self, action: int) -> Self:
        """A clone with ``action`` applied."""
        c = self.clone()
        c.apply_action(action)
        return c

    def history(self) -> list[int]:
        raise NotImplementedError

    def scores(self) -> list[int]:
        """The game's own points now (true values; views decide what a seat may see)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Winning seats after the end (raises ``ValueError`` before)."""
        raise NotImplementedError

    def score_breakdown(self) -> dict[str, list[int]] | None:
        """Points per scoring category and seat so far (true values), or ``None`` if the game
        has no categories. Used by the arena's per-category statistics."""
        return None

    def returns(self) -> list[float]:
        """Zeros before the end; at the end 1.0 shared equally by the winners, 0.0 for the others."""
        n = self._the_game().players
        if not self.is_terminal():
            return [0.0] * n
        w = self.winners()
        share = 1.0 / len(w)
        return [share if p in w else 0.0 for p in range(n)]

    def action_to_string(self, action: int) -> str:
        return self._the_game().action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self._the_game().string_to_action(text)

    def describe_action(self, action: int) -> str:
        """Human text for this action in this position (like SAN beside UCI); the notation if the
        game's ``views`` has no ``describe_action``."""
        fn = self._hook("views", "describe_action")
        return fn(self, action) if fn else self.action_to_string(action)

    def player_view(self, player: int | None) -> dict[str, Any]:
        """JSON-safe view for a seat (``None`` = spectator): nothing that seat could not see at the table."""
        view: dict[str, Any] = self._required("views", "player_view")(self, player)
        return view

    def information_state_string(self, player: int) -> str:
        text: str = self._required("views", "information_state_string")(self, player)
        return text

    def observation_tensor(self, player: int, obs_type: ObservationType | None = None) -> list[float]:
        """What ``player`` observes now as plain floats (layout: ``game.make_observer(obs_type).pieces``)."""
        return self._the_game().make_observer(obs_type).tensor(self, player)

    def observation_string(self, player: int, obs_type: ObservationType | None = None) -> str:
        """What ``player`` observes now as text (the same information as ``observation_tensor``)."""
        return self._the_game().make_observer(obs_type).string(self, player)

    def public_log(self) -> list[str]:
        """One human line per public event so far (the move log of a UI): the game's
        ``PublicLog`` fed with the whole history."""
        log = self._the_game().new_public_log()
        for a in self.history():
            log.feed(a)
        return log.lines

    def table_helper(self) -> dict[str, Any] | None:
        """Optional hints a UI may show every player (public information only), e.g. provisional
        scores. ``None`` when the game offers none."""
        fn = self._hook("heuristics", "table_helper")
        return fn(self) if fn else None

    def information_state_key(self, player: int) -> Any:
        """A hashable that equals another state's key exactly when their information state strings
        are equal. Search bots key their trees on it; games give something cheaper than building
        the string (Ra: the seat and its shared history tuple)."""
        fn = self._hook("views", "information_state_key")
        return fn(self, player) if fn else self.information_state_string(player)

    def resample_from_infostate(self, player: int, rng: Any) -> Self:
        """A state consistent with what ``player`` knows; hidden parts redrawn with ``rng``."""
        state: Self = self._required("views", "resample_from_infostate")(self, player, rng)
        return state

    def check_invariants(self) -> None:
        """Raises ``AssertionError`` if a conservation law or phase invariant is broken (a game
        without ``invariants.check_invariants`` has none to check)."""
        fn = self._hook("invariants", "check_invariants")
        if fn:
            fn(self)

    def __str__(self) -> str:
        fn = self._hook("render", "render_text")
        return fn(self) if fn else repr(self)

    # -- serialization -----------------------------------------------------------------------
    def to_dict(self, seed: int | None = None) -> dict[str, Any]:
        """The saved-game document: game id, encoding, options, seed, history as notation."""
        info = self._the_game().info
        return {
            "format": "heliopolis-game",
            "game": info.game_id,
            "encoding": info.encoding,
            "options": self._the_game().config(),
            "seed": seed,
            "history": [self._the_game().action_to_string(a) for a in self.history()],
        }

    def to_json(self, seed: int | None = None) -> str:
        return json.dumps(self.to_dict(seed), separators=(",", ":"))

    # -- equality by content (used by the conformance suite and tests) -----------------------
    def _key(self) -> tuple[Any, ...]:
        """Every field of the state as a hashable tuple; equal keys mean equal states."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._the_game().config() == other._the_game().config() and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

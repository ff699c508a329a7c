"""``GameSpec``: everything a game provides, declared in one place (its ``games/<id>/spec.py``).

A spec names the game's parts by module path, so that declaring it imports nothing: the registry
holds ``"heliopolis.games.ra.spec:SPEC"`` and every layer asks it for a part (``part(spec, "views")``)
when it first needs one. What each part module offers:

=================  ===========================================================================
``game``           ``"module:Class"`` of the ``Game`` subclass (its ``state_class`` is the state)
``views``          ``player_view``, ``information_state_string``, ``resample_from_infostate`` and
                   optionally ``describe_action``, ``information_state_key``, ``same_for_all``
``render``         ``render_text(state)`` (``str(state)``) and ``render_segments`` (the terminal board)
``notation``       ``action_to_string(action)`` and ``string_to_action(text)``
``heuristics``     ``evaluate`` and optionally ``choose``, ``rollout``, ``horizon``, ``table_helper``
``features``       ``FEATURE_NAMES``, ``features(state)``, ``bucket(state)`` (the learned evaluator)
``observation``    ``make_observer(game, obs_type)``
``log``            ``"module:Class"`` of the game's ``PublicLog``
``invariants``     ``check_invariants(state)``
``texts``          the printed texts of the game's components (a module), if it has them
``tutorial``       a scripted first game (docs/tutorials.md): ``SCRIPT`` (its JSON, a resource),
                   ``explain(before, after, log, seat)`` (the closing step's lines, ``Msg``s: the
                   scoring ``after`` made, from the position ``before`` it, the public log's lines so
                   far) and optionally ``scorings(state)`` (how many scorings the game has had; the
                   position before the latest is ``before``, else the one before the last step's move)
=================  ===========================================================================

Data: ``catalogs`` (the game's locale domains), ``compiled`` (its modules the compiled build
compiles, relative to the game's package; ``_native.py`` reads them from the source with ``ast``,
so keep the tuple literal), ``terminal_styles`` (the ``rich`` styles its terminal board names) and
``rating_pool`` (options -> the rating pool a game counts in; default: the game id).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

# The parts named by a module path (``log`` and ``game`` are "module:attr" references).
MODULE_PARTS: Final = ("views", "render", "notation", "heuristics", "features", "observation", "invariants", "texts",
                      "tutorial")  # fmt: skip


@dataclass(frozen=True)
class GameSpec:
    """What a game provides; every field but ``game_id`` and ``game`` is optional (see the module)."""

    game_id: str
    game: str
    views: str | None = None
    render: str | None = None
    notation: str | None = None
    heuristics: str | None = None
    features: str | None = None
    observation: str | None = None
    log: str | None = None
    invariants: str | None = None
    texts: str | None = None
    tutorial: str | None = None
    catalogs: tuple[str, ...] = ()
    compiled: tuple[str, ...] = ()
    terminal_styles: tuple[tuple[str, str], ...] = ()
    rating_pool: Callable[[Mapping[str, Any]], str] | None = None

    @property
    def package(self) -> str:
        """The package of the game class's module (``heliopolis.games.ra``)."""
        return self.game.partition(":")[0].rpartition(".")[0]

    def compiled_modules(self) -> tuple[str, ...]:
        return tuple(f"{self.package}.{m}" for m in self.compiled)

    def pool(self, options: Mapping[str, Any]) -> str:
        """The rating pool of a game with these options (Ra counts each edition apart)."""
        return self.rating_pool(options) if self.rating_pool else self.game_id


def conventional(game_id: str, target: str) -> GameSpec:
    """The spec of a game registered by its class alone (``"pkg.game:Cls"``): the parts are the
    modules of the standard layout that exist next to the class's module (``pkg/views.py``, ...)."""
    package = target.partition(":")[0].rpartition(".")[0]

    def found(name: str) -> str | None:
        return f"{package}.{name}" if _exists(f"{package}.{name}") else None

    return GameSpec(game_id=game_id, game=target, views=found("views"), render=found("render"),
                    notation=found("notation"), heuristics=found("heuristics"), features=found("features"),
                    observation=found("observation"), invariants=found("invariants"), texts=found("texts"),
                    tutorial=found("tutorial"))  # fmt: skip


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # the parent package itself is missing
        return False


_LOADED: dict[str, Any] = {}


def load_ref(ref: str) -> Any:
    """``"module:attr"`` -> the attribute, ``"module"`` -> the module (imported once, remembered)."""
    try:
        return _LOADED[ref]
    except KeyError:
        pass
    module, _, attr = ref.partition(":")
    value: Any = importlib.import_module(module)
    if attr:
        value = getattr(value, attr)
    _LOADED[ref] = value
    return value


def part(spec: GameSpec | None, name: str) -> Any:
    """The module (or, for ``log`` and ``game``, the object) a spec names for ``name``; ``None`` if it has none."""
    ref = getattr(spec, name, None) if spec is not None else None
    return load_ref(ref) if ref else None


def hook(spec: GameSpec | None, name: str, attr: str) -> Any:
    """``attr`` of the spec's ``name`` part, or ``None``."""
    return getattr(part(spec, name), attr, None)

"""Learned evaluators: small models, shipped in the package, that predict each seat's final points.

A game whose spec names a ``features`` module (``features(state)`` -> one public feature vector per
seat, ``bucket(state)`` -> which weight set) and a weights file ``bots/data/learned-<id>.json``
(written by ``heliopolis train-evaluator``) gets ``learned_evaluator(game_id)``: an
``Evaluator`` in the units of ``heuristics.evaluate`` (expected final points per seat), which
search bots use at their rollout cut-off (``make_bot("ismcts:eval=learned")``).

Inference is pure Python (no numpy at play time): per seat, a few dot products through one
small network per player count and bucket; input scaling is folded into the first layer when
the file is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from types import ModuleType
from typing import Any

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import State
from heliopolis.core.registry import spec
from heliopolis.core.spec import part

Evaluator = Callable[[State], list[float]]
DATA_PACKAGE = "heliopolis.bots.data"


def weights_name(game_id: str) -> str:
    return f"learned-{game_id}.json"


def features_module(game_id: str) -> ModuleType:
    """The features module the game's ``GameSpec`` names, or a ``ConfigError`` if it has none."""
    try:
        module = part(spec(game_id), "features")
    except ConfigError:  # not a registered game: it has no features either
        module = None
    if module is None:
        raise ConfigError(error_msg("errors.learned.no_features", game=repr(game_id)))
    return module


_MODELS: dict[str, dict[str, Any]] = {}


def load_model(game_id: str) -> dict[str, Any]:
    """The shipped model document of a game (cached): ``{"features": [...], "nets": {players: [per bucket
    [layer, ...]]}, ...}``, each layer ``{"w": [[...] per output], "b": [...]}``, ReLU between layers."""
    doc = _MODELS.get(game_id)
    if doc is None:
        try:
            text = resources.files(DATA_PACKAGE).joinpath(weights_name(game_id)).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigError(error_msg("errors.learned.not_shipped", game=repr(game_id), id=game_id)) from None
        doc = json.loads(text)
        names = tuple(features_module(game_id).FEATURE_NAMES)
        if tuple(doc["features"]) != names:
            raise ConfigError(error_msg("errors.learned.features_changed", game=game_id))
        _MODELS[game_id] = doc
    return doc


def forward(layers: list[dict[str, list]], x: list[float]) -> float:
    """A small fully connected network on one input vector (ReLU hidden layers, one output)."""
    for i, layer in enumerate(layers):
        last = i == len(layers) - 1
        y = []
        for row, b in zip(layer["w"], layer["b"]):
            s = b
            for wi, xi in zip(row, x):
                s += wi * xi
            y.append(s if last or s > 0.0 else 0.0)
        x = y
    return x[0]


def learned_evaluator(game_id: str) -> Evaluator:
    """``evaluate(state) -> [expected final points per seat]`` from the shipped model."""
    doc = load_model(game_id)
    module = features_module(game_id)
    feats, bucket = module.features, module.bucket
    nets = {int(k): v for k, v in doc["nets"].items()}

    def evaluate(state: State) -> list[float]:
        per_count = nets.get(state.game.players)
        if per_count is None:
            raise ConfigError(error_msg("errors.learned.no_weights", game=game_id, players=state.game.players))
        layers = per_count[bucket(state)]
        return [forward(layers, x) for x in feats(state)]

    return evaluate


def evaluator_by_name(name: str) -> Callable[[State], Evaluator]:
    """``state -> evaluator`` for ``eval=heuristic|learned`` (resolved per game on first use)."""
    if name == "heuristic":
        from heliopolis.bots.heuristic import evaluator_for

        return evaluator_for
    if name == "learned":
        return lambda state: learned_evaluator(state.game.info.game_id)
    raise ConfigError(error_msg("errors.learned.eval", got=repr(name)))

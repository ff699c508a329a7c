"""Bot protocol and the uniform random bot."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, cast

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import State


class Bot(Protocol):
    """OpenSpiel-style bot. A bot decides from what its seat may know."""

    def step(self, state: State) -> int: ...
    def restart(self) -> None: ...
    def inform_action(self, state: State, player: int, action: int) -> None: ...


class SeededBot:
    """What every bot here shares: its own RNG from its seed (``restart`` starts it again, so a
    replayed match decides the same) and no use for the other seats' actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def restart(self) -> None:
        self.rng = random.Random(self.seed)

    def inform_action(self, state: State, player: int, action: int) -> None:
        pass


class RandomBot(SeededBot):
    """Chooses uniformly among the legal actions with its own seeded RNG."""

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def split_specs(text: str) -> list[str]:
    """Splits a comma-separated list of bot specs whose own parameters also use commas:
    ``"heuristic,ismcts:iters=500,c=1.2,random"`` -> ``["heuristic", "ismcts:iters=500,c=1.2", "random"]``."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part  # a parameter of the previous spec
        else:
            specs.append(part)
    return specs


def _parse_params(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().lower().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError(error_msg("errors.bot.key_value", item=repr(item), spec=repr(spec)))
        params[key.strip()] = value.strip()
    return name, params


def _number(spec: str, key: str, value: str, kind: type) -> float | int:
    try:
        x = kind(value)
    except ValueError:
        raise ConfigError(error_msg("errors.bot.number", param=key, value=repr(value), spec=repr(spec))) from None
    if x <= 0:
        raise ConfigError(error_msg("errors.bot.positive", param=key, spec=repr(spec)))
    return x


VALID_SPECS = (
    "random, heuristic[:eps=P], mcts[:iters=N|time=S], ismcts[:iters=N|time=S] "
    "(search options: c=<exploration>, rollout=random|heuristic, depth=<actions before evaluating>, "
    "eval=heuristic|learned), "
    "rollout[:iters=N|time=S] (options: depth=N|end, reward=margin|mean|win, cut=depth|period, temp=T, width=N, bias=P, "
    "eval=heuristic|learned)"
)
# What a lobby offers for a seat, weakest first: the named levels (any valid spec is accepted).
LOBBY_BOTS = ("random", "easy", "medium", "hard", "expert")


def valid_specs() -> str:
    """``VALID_SPECS`` as a catalog message (for errors a reader sees in their language)."""
    return error_msg("errors.bot.specs")


DEFAULT_SEARCH = {"iters": "1000", "rollout": "heuristic", "depth": "60"}


def make_bot(spec: str, *, seed: int | None = None) -> Bot:
    """Builds a bot from a level (``easy``, ``medium``, ``hard``, ``expert``, optionally with a budget:
    ``expert:time=1``; see :mod:`heliopolis.bots.levels`) or a raw spec: ``random``, ``heuristic``,
    ``heuristic:eps=0.3``, ``mcts:iters=500``, ``ismcts:iters=2000``, ``ismcts:time=0.5``,
    ``ismcts:rollout=random,depth=0``.

    Search bots default to 1000 iterations with heuristic rollouts cut after 60 actions and scored
    by the game's evaluation (``rollout=random`` or ``depth=0`` for plain random rollouts to the end).
    """
    from heliopolis.bots import levels
    from heliopolis.bots.heuristic import HeuristicBot, evaluator_for, policy_for
    from heliopolis.bots.ismcts import ISMCTSBot, MCTSBot
    from heliopolis.bots.learned import evaluator_by_name

    if not isinstance(spec, str):
        raise ConfigError(error_msg("errors.bot.not_text", valid=levels._valid()))
    level = levels.parse_level(spec)
    if level is not None:  # a named level: resolved per game and player count on its first move
        return levels.LevelBot(level[0], level[1], seed=seed)
    name, params = _parse_params(spec)
    if name == "random":
        if params:
            raise ConfigError(error_msg("errors.bot.no_params", name=repr(name), spec=repr(spec)))
        return RandomBot(seed)
    if name == "heuristic":
        if set(params) - {"eps"}:
            raise ConfigError(error_msg("errors.bot.heuristic", spec=repr(spec), valid=levels._valid()))
        return HeuristicBot(seed, eps=_probability(spec, params.get("eps", "0")))
    if name in ("mcts", "ismcts"):
        unknown = set(params) - {"iters", "time", "c", "rollout", "depth", "eval"}
        if unknown:
            raise ConfigError(_unknown_params(spec, unknown))
        if "time" in params and "iters" not in params:
            params["iters"] = ""
        merged = {**DEFAULT_SEARCH, **params}
        kwargs: dict = {"seed": seed}
        if merged["iters"]:
            kwargs["iters"] = int(_number(spec, "iters", merged["iters"], int))
        if "time" in merged:
            kwargs["time_limit"] = float(_number(spec, "time", merged["time"], float))
        if "c" in merged:
            kwargs["uct_c"] = float(_number(spec, "c", merged["c"], float))
        if merged["rollout"] not in ("random", "heuristic"):
            raise ConfigError(error_msg("errors.bot.rollout", got=repr(merged["rollout"])))
        depth = merged["depth"]
        # eval=learned: the game's shipped model (bots/learned.py) scores the cut-off positions.
        lookup = evaluator_for if "eval" not in merged else evaluator_by_name(merged["eval"])
        if depth not in ("0", "end"):
            kwargs["rollout_depth"] = int(_number(spec, "depth", depth, int))
            kwargs["evaluator"] = _lazy(lookup)
        elif "eval" in merged:
            raise ConfigError(error_msg("errors.bot.eval_depth", spec=repr(spec)))
        if merged["rollout"] == "heuristic":
            kwargs["rollout_policy"] = _lazy(policy_for)
        return (MCTSBot if name == "mcts" else ISMCTSBot)(**kwargs)
    if name == "rollout":
        return _rollout_bot(spec, params, seed)
    raise ConfigError(error_msg("errors.bot.unknown", spec=repr(spec), valid=levels._valid()))


def _unknown_params(spec: str, unknown: set[str]) -> str:
    return error_msg(
        "errors.bot.unknown_params", params=", ".join(sorted(unknown)), spec=repr(spec), valid=valid_specs()
    )


def _probability(spec: str, value: str) -> float:
    try:
        p = float(value)
    except ValueError:
        p = -1.0
    if not 0.0 <= p <= 1.0:
        raise ConfigError(error_msg("errors.bot.eps", value=repr(value), spec=repr(spec)))
    return p


ROLLOUT_DEFAULTS = {
    "iters": "800",
    "depth": "60",
    "reward": "margin",
    "temp": "5",
    "width": "12",
    "bias": "0",
    "cut": "depth",
    "eval": "heuristic",
}


def _rollout_bot(spec: str, params: dict[str, str], seed: int | None) -> Bot:
    """``rollout:…``: root rollout search with the heuristic policy for every seat (bots/rollout.py)."""
    from heliopolis.bots.heuristic import horizon_for, policy_for
    from heliopolis.bots.learned import evaluator_by_name
    from heliopolis.bots.rollout import RolloutBot

    unknown = set(params) - set(ROLLOUT_DEFAULTS) - {"time"}
    if unknown:
        raise ConfigError(_unknown_params(spec, unknown))
    if "time" in params and "iters" not in params:
        params["iters"] = ""
    p = {**ROLLOUT_DEFAULTS, **params}
    if p["reward"] not in ("margin", "mean", "win"):
        raise ConfigError(error_msg("errors.bot.reward", got=repr(p["reward"]), spec=repr(spec)))
    if p["cut"] not in ("depth", "period"):
        raise ConfigError(error_msg("errors.bot.cut", got=repr(p["cut"]), spec=repr(spec)))
    try:
        bias = float(p["bias"])
    except ValueError:
        raise ConfigError(
            error_msg("errors.bot.number", param="bias", value=repr(p["bias"]), spec=repr(spec))
        ) from None
    if bias < 0:
        raise ConfigError(error_msg("errors.bot.negative", param="bias", spec=repr(spec)))
    # eval=learned: the game's shipped model (bots/learned.py) scores cut simulations and wide roots.
    return RolloutBot(
        _lazy(evaluator_by_name(p["eval"])), _lazy(policy_for), seed=seed,
        iters=int(_number(spec, "iters", p["iters"], int)) if p["iters"] else None,
        time_limit=float(_number(spec, "time", p["time"], float)) if "time" in p else None,
        depth=None if p["depth"] == "end" else int(_number(spec, "depth", p["depth"], int)),
        reward=p["reward"], temperature=float(_number(spec, "temp", p["temp"], float)),
        width=int(_number(spec, "width", p["width"], int)), bias=bias,
        horizon=_lazy(horizon_for) if p["cut"] == "period" else None,
    )  # fmt: skip


class PerGame(Protocol):
    """A per-game function resolved lazily (``_lazy``): callable like the function, and ``for_state``
    gives the function itself for a state's game."""

    def __call__(self, state: State, *args: Any) -> Any: ...
    def for_state(self, state: State) -> Callable[..., Any]: ...


def _lazy(lookup: Callable[[State], Callable[..., Any]]) -> PerGame:
    """Resolves the per-game function on first use (the bot does not know its game until then)."""
    cache: dict[str, Callable[..., Any]] = {}

    def call(state: State, *args: Any) -> Any:
        gid = state.game.info.game_id
        fn = cache.get(gid)
        if fn is None:
            fn = cache[gid] = lookup(state)
        return fn(state, *args)

    def for_state(state: State) -> Callable[..., Any]:
        """The function itself for ``state``'s game (search bots resolve it once per decision)."""
        gid = state.game.info.game_id
        fn = cache.get(gid)
        if fn is None:
            fn = cache[gid] = lookup(state)
        return fn

    # A closure with an attribute, not a class: ``call`` runs on every evaluation of a search (and
    # mypy types a function's attributes only through its ``__dict__``).
    call.__dict__["for_state"] = for_state
    return cast(PerGame, call)

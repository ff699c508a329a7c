"""Bot protocol and the uniform random bot."""

from __future__ import annotations

import random
from typing import Protocol

from heliopolis.core.errors import ConfigError
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
            raise ConfigError(f"bot parameter {item!r} in {spec!r} must look like key=value")
        params[key.strip()] = value.strip()
    return name, params


def _number(spec: str, key: str, value: str, kind: type) -> float | int:
    try:
        x = kind(value)
    except ValueError:
        raise ConfigError(f"{key}={value!r} in bot spec {spec!r} must be a number") from None
    if x <= 0:
        raise ConfigError(f"{key} in bot spec {spec!r} must be positive")
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
        raise ConfigError(f"a bot spec must be text; valid {levels._valid()}")
    level = levels.parse_level(spec)
    if level is not None:  # a named level: resolved per game and player count on its first move
        return levels.LevelBot(level[0], level[1], seed=seed)
    name, params = _parse_params(spec)
    if name == "random":
        if params:
            raise ConfigError(f"bot {name!r} takes no parameters (got {spec!r})")
        return RandomBot(seed)
    if name == "heuristic":
        if set(params) - {"eps"}:
            raise ConfigError(f"bot 'heuristic' takes only eps=P (got {spec!r}); valid {levels._valid()}")
        return HeuristicBot(seed, eps=_probability(spec, params.get("eps", "0")))
    if name in ("mcts", "ismcts"):
        unknown = set(params) - {"iters", "time", "c", "rollout", "depth", "eval"}
        if unknown:
            raise ConfigError(f"unknown parameter(s) {', '.join(sorted(unknown))} in {spec!r}; valid: {VALID_SPECS}")
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
            raise ConfigError(f"rollout must be random or heuristic (got {merged['rollout']!r})")
        depth = merged["depth"]
        # eval=learned: the game's shipped model (bots/learned.py) scores the cut-off positions.
        lookup = evaluator_for if "eval" not in merged else evaluator_by_name(merged["eval"])
        if depth not in ("0", "end"):
            kwargs["rollout_depth"] = int(_number(spec, "depth", depth, int))
            kwargs["evaluator"] = _lazy(lookup)
        elif "eval" in merged:
            raise ConfigError(f"eval= scores rollouts cut after depth= actions; {spec!r} plays them to the end")
        if merged["rollout"] == "heuristic":
            kwargs["rollout_policy"] = _lazy(policy_for)
        return (MCTSBot if name == "mcts" else ISMCTSBot)(**kwargs)
    if name == "rollout":
        return _rollout_bot(spec, params, seed)
    raise ConfigError(f"unknown bot spec {spec!r}; valid {levels._valid()}")


def _probability(spec: str, value: str) -> float:
    try:
        p = float(value)
    except ValueError:
        p = -1.0
    if not 0.0 <= p <= 1.0:
        raise ConfigError(f"eps={value!r} in bot spec {spec!r} must be a probability from 0 to 1")
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
        raise ConfigError(f"unknown parameter(s) {', '.join(sorted(unknown))} in {spec!r}; valid: {VALID_SPECS}")
    if "time" in params and "iters" not in params:
        params["iters"] = ""
    p = {**ROLLOUT_DEFAULTS, **params}
    if p["reward"] not in ("margin", "mean", "win"):
        raise ConfigError(f"reward must be margin, mean or win (got {p['reward']!r} in {spec!r})")
    if p["cut"] not in ("depth", "period"):
        raise ConfigError(f"cut must be depth or period (got {p['cut']!r} in {spec!r})")
    try:
        bias = float(p["bias"])
    except ValueError:
        raise ConfigError(f"bias={p['bias']!r} in bot spec {spec!r} must be a number") from None
    if bias < 0:
        raise ConfigError(f"bias in bot spec {spec!r} must not be negative")
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


def _lazy(lookup):  # noqa: ANN001, ANN202
    """Resolves the per-game function on first use (the bot does not know its game until then)."""
    cache: dict = {}

    def call(state, *args):  # noqa: ANN001, ANN002, ANN202
        gid = state.game.info.game_id
        fn = cache.get(gid)
        if fn is None:
            fn = cache[gid] = lookup(state)
        return fn(state, *args)

    def for_state(state):  # noqa: ANN001, ANN202
        """The function itself for ``state``'s game (search bots resolve it once per decision)."""
        gid = state.game.info.game_id
        fn = cache.get(gid)
        if fn is None:
            fn = cache[gid] = lookup(state)
        return fn

    call.for_state = for_state
    return call

#!/usr/bin/env python3
"""Research-adapter throughput: env steps/s of OpenSpiel, PettingZoo and Gymnasium beside the raw
engine's player actions/s, all measured in the same run with uniformly random legal actions.

Rows, per player count (a "step" is one decision by a seat; chance nodes are sampled in between and
not counted):

* ``engine``: ``heliopolis.core.bench.random_playouts`` (the baseline; same as ``bench_ra.py``);
* ``engine + observation``: the same loop, plus the mover's observation tensor (plain floats) per step;
* ``openspiel``: a pyspiel state driven through the pyspiel API (``legal_actions``, ``apply_action``,
  ``chance_outcomes``), no observation;
* ``openspiel + make_observation``: plus ``observation.set_from(state, player)`` per step, with
  ``open_spiel.python.observation.make_observation(game)`` (the fast path);
* ``openspiel + observation_tensor``: plus ``state.observation_tensor(player)`` per step (slower:
  OpenSpiel's C++ side of a Python game re-derives the tensor shape from a fresh initial state, i.e.
  runs the observer twice, on every call);
* ``pettingzoo``: the AEC loop (``agent_iter``, ``last()`` with the dict observation and mask, ``step``);
* ``gymnasium``: ``env.step`` for the learning seat (seat 0) with ``random`` bots in the other seats;
  its steps/s counts the learning seat's steps only, and ``all decisions/s`` adds the bots' ones;
* ``pettingzoo`` / ``gymnasium (reference encoding)``: the same loops with the observation built by
  the game's plain ``tensor`` (the path before the cached-parts encoding), for the before/after ratio.
* ``pettingzoo (constant observation)``: the AEC loop with ``observe`` returning zeros (and the real
  mask): the ceiling of the ratio for any observation encoder.
* ``benchmark loop alone``: the ``pettingzoo`` row's own loop body (unpack a ``last()`` tuple, the
  ``flatnonzero`` of its mask, the action draw) over ``last()`` results recorded beforehand: no env,
  no engine. With ``x`` its ratio to the engine, no env at all, even a compiled one, can pass
  ``x / (1 + x)`` (a step costs at least an engine action plus this loop);
* ``engine + benchmark loop``: the engine's playouts driven by an interpreted loop plus, per decision,
  that loop body, with no env: the ceiling for any AEC env written in Python (it must run the same
  engine actions from Python and feed the same loop).
* ``vector (64 games)``: ``integrations.vector.VectorEnv`` with 64 games, one random legal action
  per game per call (drawn with numpy from the mask); steps/s counts game-steps (decisions).

The rows are measured interleaved: ``--rounds`` rounds, each giving every row ``seconds / rounds``
(so that all rows see the same machine load). ``--clock cpu`` divides by the CPU time the process
used for the row (``time.process_time``) instead of the wall-clock time: on a machine shared with
other jobs the wall clock also counts the time the process waited for a core, which varies from
one row to the next; the CPU time does not (the rows still run for ``seconds`` of wall time).
``--rows`` picks rows by name prefix (e.g. ``--rows engine,pettingzoo,gymnasium`` skips OpenSpiel).

Every game with an observation encoder is measured (``--games ra ra-dice`` picks some); a player
count a game does not allow is skipped. Printed per row: the best round's steps/s and the median
[range] of the per-round ratios to the engine row of the same round (the issue's figure).

Usage: ``python bench/bench_adapters.py [--games ra ra-dice] [--seconds 3] [--rounds 5] [--players 2,4] [--rows ...]
[--clock wall|cpu]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import heliopolis
from heliopolis._native import BUILD
from heliopolis.core.bench import random_playouts
from heliopolis.core.registry import game_class
from heliopolis.integrations import openspiel as hos
from heliopolis.integrations.encoding import ArrayObserver, games_with_observer
from heliopolis.integrations.gymnasium import HeliopolisEnv
from heliopolis.integrations.pettingzoo import env as aec_env
from heliopolis.integrations.vector import VectorEnv

clock = time.perf_counter


def interpreted_engine(game_id: str, players: int, seconds: float, seed: int = 0, observe: bool = False,
                       recorded: list[tuple] | None = None) -> tuple[int, float]:  # fmt: skip
    """Random playouts driven by an interpreted loop; per decision, with ``observe`` the mover's
    observation tensor, and with ``recorded`` the ``pettingzoo`` row's loop body over those ``last()``
    results (cycled)."""
    game = heliopolis.load_game(game_id, players)
    rng = random.Random(seed)
    recorded = recorded or []
    k = 0
    n = len(recorded)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            if observe:
                s.observation_tensor(s.current_player())
            if n:
                obs, _reward, terminated, truncated, _info = recorded[k]
                k = k + 1 if k + 1 < n else 0
                if not (terminated or truncated):
                    legal_in_obs = np.flatnonzero(obs["action_mask"])
                    int(legal_in_obs[int(rng.random() * len(legal_in_obs))])
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, clock() - start


def engine_with_observation(game_id: str, players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    return interpreted_engine(game_id, players, seconds, seed, observe=True)


def openspiel_steps(game_id: str, players: int, seconds: float, observe: str = "", seed: int = 0) -> tuple[int, float]:
    from open_spiel.python.observation import make_observation

    game = hos.load_game(game_id, players=players)
    observation = make_observation(game)
    rng = random.Random(seed)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                r = rng.random()
                for a, p in s.chance_outcomes():  # noqa: B007 (the last a is applied below)
                    r -= p
                    if r < 0:
                        break
                s.apply_action(a)
                continue
            if observe == "make_observation":
                observation.set_from(s, s.current_player())
            elif observe == "observation_tensor":
                s.observation_tensor(s.current_player())
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, clock() - start


def reference_encoding(env) -> None:  # noqa: ANN001
    """Makes an env's observers build observations with the game's plain ``tensor``."""
    for name in ("_observer", "_omniscient"):
        observer = getattr(env, name, None)
        if isinstance(observer, ArrayObserver):
            # the parts buffer reports "no parts": ArrayObserver falls back to the plain tensor (the
            # observers themselves may be compiled classes, whose methods cannot be replaced)
            observer._update = lambda state, player: False


def constant_observation(env) -> None:  # noqa: ANN001
    """Makes an AEC env's ``observe`` return a constant observation (zeros; the mask is the real
    one): what the AEC loop costs by itself."""
    zeros = np.zeros(env._observer.size, dtype=np.float32)
    masks = env._masks
    seat = env._seat
    env.observe = lambda agent: {"observation": zeros.copy(), "action_mask": masks.mask(env._state, seat[agent])}


def pettingzoo_steps(
    game_id: str, players: int, seconds: float, seed: int = 0, reference: bool = False, constant: bool = False
) -> tuple[int, float]:
    env = aec_env(game_id, players=players)
    if reference:
        reference_encoding(env)
    if constant:
        constant_observation(env)
    rng = random.Random(seed)
    steps = 0
    episode = 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps, clock() - start


def recorded_last(game_id: str, players: int, seed: int) -> list[tuple]:
    """What ``last()`` returned at each live decision of one random PettingZoo game."""
    env = aec_env(game_id, players=players)
    env.reset(seed=seed)
    rng = random.Random(seed)
    recorded = []
    for _agent in env.agent_iter():
        last = env.last()
        if last[2] or last[3]:
            break  # the loop body below only meets live seats
        recorded.append(last)
        legal = np.flatnonzero(last[0]["action_mask"])
        env.step(int(legal[int(rng.random() * len(legal))]))
    return recorded


def benchmark_loop_alone(game_id: str, players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    """The ``pettingzoo`` row's loop body (unpack a ``last()`` tuple, ``flatnonzero`` of its mask, the
    action draw) over recorded ``last()`` results: no env, no engine."""
    recorded = recorded_last(game_id, players, seed)
    rng = random.Random(seed)
    n = len(recorded)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        for k in range(n):
            obs, _reward, terminated, truncated, _info = recorded[k]
            if terminated or truncated:
                continue
            legal = np.flatnonzero(obs["action_mask"])
            int(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, clock() - start


def engine_with_benchmark_loop(game_id: str, players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    """The engine's random playouts, driven by an interpreted loop, plus per decision the
    ``pettingzoo`` row's loop body over recorded ``last()`` results, with no env: the ceiling for any
    AEC env written in Python, which must run the same engine actions from Python (the legal
    actions for its mask, ``apply_action``, chance) and feed the same loop."""
    return interpreted_engine(game_id, players, seconds, seed, recorded=recorded_last(game_id, players, seed))


def gymnasium_steps(
    game_id: str, players: int, seconds: float, seed: int = 0, reference: bool = False
) -> tuple[int, int, float]:
    env = HeliopolisEnv(game_id, players=players, opponents="random")
    if reference:
        reference_encoding(env)
    rng = random.Random(seed)
    steps = decisions = 0
    episode = 0
    start = clock()
    while clock() - start < seconds:
        obs, _ = env.reset(seed=seed + episode)
        episode += 1
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, terminated, truncated, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            done = terminated or truncated
            steps += 1
        decisions += sum(1 for a in env.engine_state.history() if a < env.game.info.num_distinct_actions)
    return steps, decisions, clock() - start


def vector_steps(game_id: str, players: int, seconds: float, num_envs: int = 64, seed: int = 0) -> tuple[int, float]:
    """Game-steps/s of the batched self-play env: ``num_envs`` games per ``step``, a uniformly random
    legal action per game drawn vectorised (the argmax of uniform noise times the mask)."""
    venv = VectorEnv(game_id, num_envs=num_envs, players=players)
    rng = np.random.default_rng(seed)
    _obs, mask, _seat = venv.reset(seed=seed)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        _obs, mask, _seat, _returns, _done = venv.step(actions)
        steps += num_envs
    return steps, clock() - start


def engine_steps(game_id: str, players: int, seconds: float) -> tuple[int, float]:
    _g, player, _c, secs = random_playouts(heliopolis.load_game(game_id, players), seconds)
    return player, secs


ROWS = [
    ("engine", engine_steps, "player actions/s of random playouts (the baseline)"),
    ("engine + observation", engine_with_observation, "plus the mover's observation tensor"),
    ("openspiel", openspiel_steps, "pyspiel API, no observation"),
    ("openspiel + make_observation", lambda g, n, t: openspiel_steps(g, n, t, observe="make_observation"),
     "plus observation.set_from(state, player)"),
    ("openspiel + observation_tensor", lambda g, n, t: openspiel_steps(g, n, t, observe="observation_tensor"),
     "plus state.observation_tensor(player)"),
    ("pettingzoo", pettingzoo_steps, "AEC loop: last() (obs + mask) and step()"),
    ("pettingzoo (reference encoding)", lambda g, n, t: pettingzoo_steps(g, n, t, reference=True),
     "same, observations from the plain tensor (before)"),
    ("pettingzoo (constant observation)", lambda g, n, t: pettingzoo_steps(g, n, t, constant=True),
     "same, a constant observation: the AEC loop's own cost"),
    ("benchmark loop alone", benchmark_loop_alone, "the pettingzoo row's loop body, no env, no engine"),
    ("engine + benchmark loop", engine_with_benchmark_loop, "engine plus the pettingzoo row's loop body, no env: "
     "any Python env's ceiling"),
    ("vector (64 games)", vector_steps, "batched self-play env: game-steps/s (obs, mask, returns per step)"),
    ("gymnasium", gymnasium_steps, "learning seat only; random bots in the other seats"),
    ("gymnasium (reference encoding)", lambda g, n, t: gymnasium_steps(g, n, t, reference=True),
     "same, observations from the plain tensor (before)"),
]  # fmt: skip


def measure(game_id: str, players: int, rows: list[tuple], seconds: float, rounds: int,
            cpu_clock: bool) -> tuple[dict[str, float], dict[str, list[float]]]:  # fmt: skip
    """``rows`` (``(name, fn, note)``, the ``engine`` row among them) measured in ``rounds``
    interleaved rounds of ``seconds / rounds`` each: per row its best rate (steps per CPU second
    with ``cpu_clock``, else per wall-clock second) and its per-round ratios to the engine row."""
    best: dict[str, float] = {}
    ratios: dict[str, list[float]] = {}
    for _ in range(rounds):
        rates = {}
        for name, fn, _note in rows:
            cpu = time.process_time()
            out = fn(game_id, players, seconds / rounds)
            cpu = time.process_time() - cpu
            rates[name] = out[0] / (cpu if cpu_clock else out[-1])
            best[name] = max(best.get(name, 0.0), rates[name])
        for name in rates:
            ratios.setdefault(name, []).append(rates[name] / rates["engine"])
    return best, ratios


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=None, help="game ids (default: every game with an observer)")
    ap.add_argument("--seconds", type=float, default=3.0, help="per row, spread over the rounds")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--players", default="2,4", help="player counts (a count a game does not allow is skipped)")
    ap.add_argument("--rows", default="", help="comma-separated row-name prefixes (default: all)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="rates per wall-clock second (default) or per CPU second of this process")  # fmt: skip
    args = ap.parse_args()
    games = args.games or games_with_observer()
    wanted = [w.strip() for w in args.rows.split(",") if w.strip()]
    rows = [r for r in ROWS if r[0] == "engine" or not wanted or any(r[0].startswith(w) for w in wanted)]
    print(f"build: {BUILD} · {args.rounds} interleaved rounds · {args.clock} clock · steps/s: best round · ratio: "
          "median [range] of the per-round ratios to the engine row of the same round")  # fmt: skip
    print(f"{'game':<10} {'players':>7}  {'adapter':<32} {'steps/s':>9} {'vs engine':>10} {'per round':>14}  note")
    for game_id in games:
        info = game_class(game_id).info
        for n in map(int, args.players.split(",")):
            if not info.min_players <= n <= info.max_players:
                continue
            best, ratios = measure(game_id, n, rows, args.seconds, args.rounds, args.clock == "cpu")
            for name, _fn, note in rows:
                r = sorted(ratios[name])
                spread = f"[{r[0]:.2f}-{r[-1]:.2f}]"
                print(f"{game_id:<10} {n:>7}  {name:<32} {best[name]:>9,.0f} {statistics.median(r):>9.3f}x "
                      f"{spread:>14}  {note}")  # fmt: skip


if __name__ == "__main__":
    main()

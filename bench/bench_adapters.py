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
  its steps/s counts the learning seat's steps only, and ``all decisions/s`` adds the bots' ones.

Usage: ``python bench/bench_adapters.py [--seconds 3] [--players 2,4]``
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import heliopolis
from heliopolis.core.bench import random_playouts
from heliopolis.integrations import openspiel as hos
from heliopolis.integrations.gymnasium import HeliopolisEnv
from heliopolis.integrations.pettingzoo import env as aec_env

clock = time.perf_counter


def engine_with_observation(players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    game = heliopolis.load_game("ra", players)
    rng = random.Random(seed)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            s.observation_tensor(s.current_player())
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, clock() - start


def openspiel_steps(players: int, seconds: float, observe: str = "", seed: int = 0) -> tuple[int, float]:
    from open_spiel.python.observation import make_observation

    game = hos.load_game("ra", players=players)
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


def pettingzoo_steps(players: int, seconds: float, seed: int = 0) -> tuple[int, float]:
    env = aec_env("ra", players=players)
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


def gymnasium_steps(players: int, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    env = HeliopolisEnv("ra", players=players, opponents="random")
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--players", default="2,4")
    args = ap.parse_args()
    print(f"{'players':>7}  {'adapter':<30} {'steps/s':>9} {'vs engine':>10}  note")
    for n in map(int, args.players.split(",")):
        _g, player, _c, secs = random_playouts(heliopolis.load_game("ra", n), args.seconds)
        base = player / secs
        rows = [("engine", base, "player actions/s of random playouts")]
        steps, secs = engine_with_observation(n, args.seconds)
        rows.append(("engine + observation", steps / secs, "plus the mover's observation tensor"))
        steps, secs = openspiel_steps(n, args.seconds)
        rows.append(("openspiel", steps / secs, "pyspiel API, no observation"))
        steps, secs = openspiel_steps(n, args.seconds, observe="make_observation")
        rows.append(("openspiel + make_observation", steps / secs, "plus observation.set_from(state, player)"))
        steps, secs = openspiel_steps(n, args.seconds, observe="observation_tensor")
        rows.append(("openspiel + observation_tensor", steps / secs, "plus state.observation_tensor(player)"))
        steps, secs = pettingzoo_steps(n, args.seconds)
        rows.append(("pettingzoo", steps / secs, "AEC loop: last() (obs + mask) and step()"))
        steps, decisions, secs = gymnasium_steps(n, args.seconds)
        rows.append(("gymnasium", steps / secs, f"learning seat only; all decisions/s {decisions / secs:,.0f}"))
        for name, rate, note in rows:
            print(f"{n:>7}  {name:<30} {rate:>9,.0f} {rate / base:>9.3f}x  {note}")


if __name__ == "__main__":
    main()

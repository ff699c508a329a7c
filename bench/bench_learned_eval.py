#!/usr/bin/env python3
"""Leaf-evaluation cost: the learned evaluator (``eval=learned``) against the game's hand-written
``heuristics.evaluate`` on the same positions, in the same run (the ratio is the figure to compare).

Positions come from heuristic self-play; each evaluator is timed over all of them, best of
``--repeat`` passes. Usage: ``python bench/bench_learned_eval.py [--game ra] [--players 3]``
"""

from __future__ import annotations

import argparse
import random
import time

import heliopolis
from heliopolis.bots.heuristic import HeuristicBot, evaluator_for
from heliopolis.bots.learned import features_module, learned_evaluator


def positions(game_id: str, players: int, games: int, seed: int = 0) -> list:
    rng = random.Random(seed)
    bot = HeuristicBot(seed)
    out = []
    for _ in range(games):
        s = heliopolis.new_game(game_id, players=players)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(heliopolis.sample_chance(s, rng))
                continue
            out.append(s.clone())
            s.apply_action(bot.step(s))
    return out


def per_call_us(fn, states: list, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for s in states:
            fn(s)
        best = min(best, time.perf_counter() - t)
    return best / len(states) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    states = positions(args.game, args.players, args.games)
    heuristic = evaluator_for(states[0])
    learned = learned_evaluator(args.game)
    feats = features_module(args.game).features
    h = per_call_us(heuristic, states, args.repeat)
    f = per_call_us(feats, states, args.repeat)
    lrn = per_call_us(learned, states, args.repeat)
    print(f"{args.game} {args.players}p, {len(states)} positions from heuristic self-play")
    print(f"heuristics.evaluate   {h:8.1f} µs per call (all seats)   1.00x")
    print(f"features only         {f:8.1f} µs per call               {f / h:.2f}x")
    print(f"learned evaluator     {lrn:8.1f} µs per call (all seats)   {lrn / h:.2f}x")


if __name__ == "__main__":
    main()

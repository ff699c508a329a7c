#!/usr/bin/env python3
"""Search-bot speed: ISMCTS simulations per second on positions sampled from heuristic games.

Prints sims/s for each rollout configuration beside the engine's random-playout actions/s
measured in the same run (the baseline), so the figures compare across machines.

Usage: ``python bench/bench_bots.py [--game ra] [--players 4] [--positions 12] [--seconds 0.5]``
"""

from __future__ import annotations

import argparse
import random

import heliopolis
from heliopolis.bots import make_bot
from heliopolis.bots.heuristic import HeuristicBot
from heliopolis.core.bench import random_playouts

CONFIGS = ["ismcts:rollout=random,depth=0", "ismcts:rollout=random,depth=60", "ismcts", "mcts"]


def positions(game_id: str, players: int, count: int, seed: int = 0, options: dict | None = None) -> list:
    rng = random.Random(seed)
    heuristic = HeuristicBot(seed)
    out = []
    while len(out) < count:
        s = heliopolis.new_game(game_id, players=players, **(options or {}))
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(heliopolis.sample_chance(s, rng))
                continue
            if rng.random() < 0.04 and len(s.legal_actions()) > 1:
                out.append(s.clone())
            s.apply_action(heuristic.step(s))
    return out[:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="ra", choices=heliopolis.available_games())
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--seconds", type=float, default=0.5, help="search time per position")
    args = ap.parse_args()
    game = heliopolis.load_game(args.game, args.players)
    _, actions, _, secs = random_playouts(game, 2.0)
    base = actions / secs
    print(f"{game.info.name} {args.players}p · baseline random playouts: {base:,.0f} player actions/s")
    states = positions(args.game, args.players, args.positions)
    for spec in CONFIGS:
        bot = make_bot(f"{spec}{',' if ':' in spec else ':'}time={args.seconds}", seed=1)
        sims = 0
        for s in states:
            bot.step(s.clone())
            sims += bot.last_iterations
        rate = sims / (args.seconds * len(states))
        print(f"{spec:<34} {rate:9,.0f} sims/s   ({rate / base * 1000:.2f} sims per 1000 baseline actions)")


if __name__ == "__main__":
    main()

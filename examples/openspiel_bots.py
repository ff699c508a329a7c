#!/usr/bin/env python3
"""OpenSpiel's own search bots play a full game of Ra through the pyspiel adapter.

Seat 0 is OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``), the other seats OpenSpiel's
MCTS (``open_spiel.python.algorithms.mcts``), all with random-rollout evaluators. ISMCTS needs an
imperfect-information game type: Ra with hidden scores (the default) is one. MCTS searches the state
it is given; in Ra that is fair, since a seat that remembers the game knows the whole state
(information states are singletons), but it would not be in a game with real secrets.

Usage: ``python examples/openspiel_bots.py [--players 2] [--simulations 20] [--seed 0]``
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from heliopolis.integrations import openspiel as hos


def play(players: int = 2, simulations: int = 20, seed: int = 0, verbose: bool = False) -> dict:
    game = hos.load_game("ra", players=players)  # hidden scores: IMPERFECT_INFORMATION
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rs)]
    bots += [mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False, random_state=rs) for _ in range(players - 1)]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rs.choice(actions, p=probs))
        else:
            action = int(bots[state.current_player()].step(state))
            decisions += 1
            if verbose:
                print(
                    f"p{state.current_player()} {type(bots[state.current_player()]).__name__}: "
                    f"{state.action_to_string(state.current_player(), action)}"
                )
        state.apply_action(action)
    return {
        "bots": [type(b).__name__ for b in bots],
        "decisions": decisions,
        "moves": len(state.history()),
        "scores": state.engine.scores(),
        "returns": state.returns(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--simulations", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    start = time.perf_counter()
    result = play(args.players, args.simulations, args.seed, args.verbose)
    print(result, f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()

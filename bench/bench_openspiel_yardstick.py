#!/usr/bin/env python3
"""Outside yardstick: one Heliopolis search bot against OpenSpiel's own ISMCTS, at equal wall time.

Seat rotation: game ``i`` puts our bot in seat ``i % players``; every other seat is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a random-rollout evaluator (one rollout to
the end), playing through the project's pyspiel adapter (``heliopolis.integrations.openspiel``).

Equal wall time: our bot searches for ``--seconds`` of wall clock per decision (``time=S`` added to
its spec); OpenSpiel's bot has only a simulation budget, so it is re-calibrated before every
decision to the simulations it ran per second so far, times ``--seconds``. The script prints both
sides' mean seconds per decision, so the equality can be checked. Our bot decides only from
``state.resample_from_infostate(seat, rng)`` drawn with its own RNG, as in the arena.

Usage: ``python bench/bench_openspiel_yardstick.py --players 2 --games 10 [--seconds 0.5]
[--spec rollout] [--out results.jsonl]`` (needs the ``openspiel`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from heliopolis.arena.stats import wilson
from heliopolis.bots import make_bot
from heliopolis.integrations import openspiel as hos


def play(players: int, ours_seat: int, spec: str, seconds: float, seed: int) -> dict:
    game = hos.load_game("ra", players=players)
    rs = np.random.RandomState(seed)
    chance = random.Random(seed)
    views = random.Random(seed + 1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    theirs = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=50, random_state=rs)
    ours = make_bot(f"{spec}{',' if ':' in spec else ':'}time={seconds}", seed=seed)
    t_ours = t_theirs = 0.0
    n_ours = n_theirs = sims_theirs = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = chance.choices(actions, weights=probs)[0]
        else:
            seat = state.current_player()
            t0 = time.perf_counter()
            if seat == ours_seat:
                action = ours.step(state.engine.resample_from_infostate(seat, views))
                t_ours += time.perf_counter() - t0
                n_ours += 1
            else:
                rate = sims_theirs / t_theirs if t_theirs > 0 else 200.0
                sims = max(2, int(rate * seconds))
                theirs._max_simulations = sims
                action = int(theirs.step(state))
                t_theirs += time.perf_counter() - t0
                n_theirs += 1
                sims_theirs += sims
        state.apply_action(action)
    winners = state.engine.winners()
    return {"seat": ours_seat, "scores": state.engine.scores(), "winners": winners,
            "share": 1.0 / len(winners) if ours_seat in winners else 0.0,
            "ours_s": t_ours / max(1, n_ours), "theirs_s": t_theirs / max(1, n_theirs),
            "theirs_sims": sims_theirs / max(1, n_theirs)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=0.5, help="wall-clock seconds per decision, both sides")
    ap.add_argument("--spec", default="rollout", help="our bot's spec (time=S is added)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="append one JSON line per game here (resumes: finished games are skipped)")
    args = ap.parse_args()
    done: dict[int, dict] = {}
    if args.out:
        try:
            with open(args.out, encoding="utf-8") as f:
                for line in f:
                    rec = json.loads(line)
                    if rec.get("players") == args.players and rec.get("spec") == args.spec:
                        done[rec["game"]] = rec
        except FileNotFoundError:
            pass
    for g in range(args.games):
        if g in done:
            continue
        rec = play(args.players, g % args.players, args.spec, args.seconds, args.seed * 100_003 + g)
        rec.update(game=g, players=args.players, spec=args.spec, seconds=args.seconds)
        done[g] = rec
        print(json.dumps(rec), flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
    recs = [done[g] for g in range(args.games)]
    wins = sum(r["share"] for r in recs)
    p, lo, hi = wilson(wins, len(recs))
    print(f"Ra {args.players}p: {args.spec} (time={args.seconds}) vs OpenSpiel ISMCTSBot: wins {p:.1%} "
          f"95% CI [{lo:.1%}, {hi:.1%}] over {len(recs)} games (fair share {1 / args.players:.0%}); "
          f"s/decision ours {np.mean([r['ours_s'] for r in recs]):.2f}, theirs {np.mean([r['theirs_s'] for r in recs]):.2f}"
          f" ({np.mean([r['theirs_sims'] for r in recs]):.0f} simulations)")  # fmt: skip


if __name__ == "__main__":
    main()

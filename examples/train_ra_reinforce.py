#!/usr/bin/env python3
"""Policy-gradient training on Ra (2 players) against the random bot, in plain numpy.

The agent is the Gymnasium adapter's learning seat (``heliopolis/Ra-v0``, drawn at random each episode)
against ``random`` in the other seat. Policy: a one-hidden-layer tanh MLP over the observation tensor
with a masked softmax over the 54 action ids, and a value head on the same hidden layer used as the
baseline (REINFORCE with a learned baseline, i.e. Monte-Carlo actor-critic; the reward is 1 for a win
at the end, so every step's return is the episode's result). Adam, an entropy bonus, episodes
collected from several envs stepped in lockstep so that the forward pass is batched.

Every ``--eval-every`` episodes the greedy policy plays ``--eval-games`` held-out games against the
random bot (seeds never used in training, both seats alternately), and the win rate is recorded with
its 95 % Wilson interval. The random bot against itself and the ``heuristic`` bot against the random
bot play the same held-out games as reference lines. Outputs: ``learning_curve.csv`` and
``learning_curve.png`` in ``--out`` (default ``docs/results/rl``).

Usage: ``python examples/train_ra_reinforce.py [--minutes 4] [--seed 0] [--out docs/results/rl]``
(needs the ``[rl]`` and ``[report]`` extras: numpy, gymnasium, matplotlib).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import time
from pathlib import Path

import numpy as np

from heliopolis.bots import make_bot
from heliopolis.integrations.gymnasium import HeliopolisEnv

EVAL_SEED_BASE = 10**9  # held-out evaluation games use seeds from here on; training uses 0, 1, ...


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


class Policy:
    """tanh MLP, masked softmax policy head and a value head; Adam on all parameters."""

    def __init__(self, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator, lr: float) -> None:
        self.p = {
            "W1": rng.normal(0, 1 / math.sqrt(n_obs), (n_obs, hidden)), "b1": np.zeros(hidden),
            "W2": rng.normal(0, 0.01, (hidden, n_act)), "b2": np.zeros(n_act),
            "Wv": rng.normal(0, 0.01, (hidden,)), "bv": np.zeros(1),
        }  # fmt: skip
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0
        self.lr = lr

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.p["W1"] + self.p["b1"])
        z = h @ self.p["W2"] + self.p["b2"]
        z = np.where(mask > 0, z, -1e9)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z) * (mask > 0)
        probs = e / e.sum(axis=1, keepdims=True)
        value = h @ self.p["Wv"] + self.p["bv"][0]
        return h, probs, value

    def update(self, x, mask, actions, returns, entropy_coef: float, value_coef: float) -> dict[str, float]:
        n = len(actions)
        h, probs, value = self.forward(x, mask)
        adv = returns - value
        adv_n = (adv - adv.mean()) / (adv.std() + 1e-8)
        # d(-log pi(a) * A)/dz = (pi - onehot(a)) * A
        gz = probs.copy()
        gz[np.arange(n), actions] -= 1.0
        gz *= adv_n[:, None]
        # entropy bonus: dH/dz_i = -p_i (log p_i + H); we minimise -coef * H
        logp = np.log(np.where(probs > 0, probs, 1.0))
        ent = -(probs * logp).sum(axis=1)
        gz += entropy_coef * probs * (logp + ent[:, None])
        gz *= mask > 0
        gz /= n
        gv = value_coef * (value - returns) / n  # d(0.5 * (V - R)^2)/dV
        grads = {
            "W2": h.T @ gz, "b2": gz.sum(0), "Wv": h.T @ gv, "bv": np.array([gv.sum()]),
        }  # fmt: skip
        gh = (gz @ self.p["W2"].T + np.outer(gv, self.p["Wv"])) * (1 - h * h)
        grads["W1"] = x.T @ gh
        grads["b1"] = gh.sum(0)
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mhat = self.m[k] / (1 - b1**self.t)
            vhat = self.v[k] / (1 - b2**self.t)
            self.p[k] -= self.lr * mhat / (np.sqrt(vhat) + 1e-8)
        return {"entropy": float(ent.mean()), "value_loss": float((adv**2).mean())}


def evaluate(policy: Policy | None, games: int, bot: str | None = None) -> tuple[float, int]:
    """Win rate of the greedy policy (or of ``bot``) against the random bot on held-out games."""
    wins = 0.0
    for i in range(games):
        env = HeliopolisEnv("ra", players=2, seat=i % 2, opponents="random")
        obs, info = env.reset(seed=EVAL_SEED_BASE + i)
        own = make_bot(bot, seed=EVAL_SEED_BASE + i) if bot else None
        done = False
        reward = 0.0
        while not done:
            if own is not None:
                action = own.step(env.engine_state.resample_from_infostate(env.seat, random.Random(i)))
            else:
                _, probs, _ = policy.forward(obs["observation"][None, :], obs["action_mask"][None, :])
                action = int(np.argmax(probs[0]))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += reward
    return wins, games


def train(args: argparse.Namespace) -> list[dict]:
    rng = np.random.default_rng(args.seed)
    envs = [HeliopolisEnv("ra", players=2, seat="random", opponents="random") for _ in range(args.envs)]
    n_obs = envs[0].observation_space["observation"].shape[0]
    n_act = envs[0].action_space.n
    policy = Policy(n_obs, n_act, args.hidden, rng, args.lr)
    next_seed = 0
    obs = []
    for env in envs:
        obs.append(env.reset(seed=next_seed)[0])
        next_seed += 1
    traj = [[] for _ in envs]  # per env: (obs, mask, action)
    batch: list[tuple[list, float]] = []
    episodes = 0
    recent: list[float] = []
    rows: list[dict] = []
    start = time.perf_counter()
    deadline = start + args.minutes * 60

    def record(stats: dict | None = None) -> None:
        wins, n = evaluate(policy, args.eval_games)
        lo, hi = wilson(wins, n)
        row = {"episodes": episodes, "seconds": round(time.perf_counter() - start, 1), "win_rate": wins / n,
               "ci_low": lo, "ci_high": hi, "eval_games": n,
               "train_win_rate_recent": (sum(recent) / len(recent)) if recent else float("nan"),
               "entropy": (stats or {}).get("entropy", float("nan"))}  # fmt: skip
        rows.append(row)
        print(f"{row['seconds']:>7.1f}s  episodes {episodes:>6}  eval win rate {row['win_rate']:.3f} "
              f"[{lo:.3f}, {hi:.3f}]  train (last 500) {row['train_win_rate_recent']:.3f}  "
              f"entropy {row['entropy']:.3f}", flush=True)  # fmt: skip

    record()
    next_eval = args.eval_every
    stats = None
    while time.perf_counter() < deadline:
        x = np.stack([o["observation"] for o in obs])
        m = np.stack([o["action_mask"] for o in obs])
        _, probs, _ = policy.forward(x, m)
        for i, env in enumerate(envs):
            a = int(rng.choice(n_act, p=probs[i]))
            traj[i].append((x[i], m[i], a))
            o, r, terminated, truncated, _ = env.step(a)
            if terminated or truncated:
                batch.append((traj[i], r))
                recent = (recent + [r])[-500:]
                traj[i] = []
                episodes += 1
                o = env.reset(seed=next_seed)[0]
                next_seed += 1
            obs[i] = o
        if len(batch) >= args.batch_episodes:
            xs = np.stack([s[0] for t, _ in batch for s in t])
            ms = np.stack([s[1] for t, _ in batch for s in t])
            acts = np.array([s[2] for t, _ in batch for s in t])
            rets = np.array([r for t, r in batch for _ in t], dtype=np.float64)
            stats = policy.update(xs, ms, acts, rets, args.entropy, args.value_coef)
            batch = []
            if episodes >= next_eval:
                record(stats)
                next_eval += args.eval_every
    record(stats)
    final_wins, final_n = evaluate(policy, args.final_eval_games)
    rows[-1]["final_win_rate"] = final_wins / final_n
    rows[-1]["final_ci_low"], rows[-1]["final_ci_high"] = wilson(final_wins, final_n)
    rows[-1]["final_eval_games"] = final_n
    print(f"final: win rate {final_wins / final_n:.3f} over {final_n} held-out games "
          f"[{rows[-1]['final_ci_low']:.3f}, {rows[-1]['final_ci_high']:.3f}]")  # fmt: skip
    return rows


def plot(rows: list[dict], refs: dict[str, tuple[float, float, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ep = [r["episodes"] for r in rows]
    wr = [r["win_rate"] for r in rows]
    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    ax.fill_between(ep, [r["ci_low"] for r in rows], [r["ci_high"] for r in rows], alpha=0.25, label="95 % CI")
    ax.plot(ep, wr, marker="o", ms=3, label="REINFORCE agent (greedy) vs random")
    colors = {"random vs random": "grey", "heuristic vs random": "tab:green"}
    for name, (p, lo, hi) in refs.items():
        ax.axhline(p, ls="--", color=colors.get(name, "k"), lw=1, label=f"{name}: {p:.2f} [{lo:.2f}, {hi:.2f}]")
    ax.set_xlabel("training episodes (games)")
    ax.set_ylabel("win rate on held-out games")
    ax.set_ylim(0, 1.04)
    ax.set_title(title, fontsize=9)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _title(rows: list[dict], seconds: float, eval_games: int) -> str:
    return (f"Ra, 2 players: numpy REINFORCE with a learned baseline against the random bot\n"
            f"{rows[-1]['episodes']} training games in {seconds / 60:.1f} min; "
            f"{eval_games} held-out games per point")  # fmt: skip


def replot(out: Path) -> None:
    """Redraws the plot from ``learning_curve.csv`` and ``.json`` (no training)."""
    with open(out / "learning_curve.csv", newline="") as f:
        rows = [
            {k: (float(v) if v not in ("", None) else float("nan")) for k, v in r.items()} for r in csv.DictReader(f)
        ]
    for r in rows:
        r["episodes"] = int(r["episodes"])
    meta = json.loads((out / "learning_curve.json").read_text())
    refs = {k: tuple(v) for k, v in meta["references"].items()}
    plot(rows, refs, out / "learning_curve.png", _title(rows, meta["seconds"], meta["args"]["eval_games"]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--envs", type=int, default=16)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--value-coef", type=float, default=0.5)
    ap.add_argument("--batch-episodes", type=int, default=32)
    ap.add_argument("--eval-every", type=int, default=1000)
    ap.add_argument("--eval-games", type=int, default=300)
    ap.add_argument("--final-eval-games", type=int, default=1000)
    ap.add_argument("--out", default="docs/results/rl")
    ap.add_argument("--replot", action="store_true", help="redraw the plot from the CSV and JSON in --out")
    args = ap.parse_args()
    out = Path(args.out)
    if args.replot:
        replot(out)
        return
    out.mkdir(parents=True, exist_ok=True)
    refs = {}
    for name, bot in (("random vs random", "random"), ("heuristic vs random", "heuristic")):
        wins, n = evaluate(None, args.eval_games, bot=bot)
        refs[name] = (wins / n, *wilson(wins, n))
        print(f"reference {name}: {wins / n:.3f} over {n} held-out games")
    t0 = time.perf_counter()
    rows = train(args)
    elapsed = time.perf_counter() - t0
    with open(out / "learning_curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[-1].keys()))
        w.writeheader()
        w.writerows(rows)
    meta = {"args": vars(args), "references": refs, "seconds": round(elapsed, 1), "episodes": rows[-1]["episodes"]}
    (out / "learning_curve.json").write_text(json.dumps(meta, indent=2) + "\n")
    plot(rows, refs, out / "learning_curve.png", _title(rows, elapsed, args.eval_games))
    print(f"wrote {out / 'learning_curve.csv'}, {out / 'learning_curve.png'}, {out / 'learning_curve.json'}")


if __name__ == "__main__":
    main()

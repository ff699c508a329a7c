"""Training learned evaluators from self-play: ``heliopolis train-evaluator``.

Pipeline (one command, resumable): ``simulate`` games with ``--history`` for each player count
-> replay each game and sample positions -> the game's public ``features(state)`` per seat
(``games/<id>/features.py``) -> fit a small model per player count and bucket that predicts the
seat's final points -> write the weights into the package (``bots/data/learned-<id>.json``, read
by ``bots/learned.py``) and a learning curve with held-out errors into a results directory.

Held-out games are the last ``holdout`` games of each run (split by game, never by position, so
that no held-out position shares a game with a training one). The baseline on the same rows is
the game's ``heuristics.evaluate`` as a predictor of final points: raw, and calibrated (a least
squares ``a + b * evaluate`` per player count and bucket on the same training games) so that the
comparison is not just about scale.

Needs numpy (fitting) and matplotlib (the plot): the ``[train]`` extra. Playing with a trained
model needs neither.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from heliopolis.arena.checks import check_counts, check_dir
from heliopolis.arena.run import run_arena
from heliopolis.bots.learned import features_module, forward, weights_name
from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.registry import load_game

MODELS = ("linear", "mlp")
HIDDEN = 16  # units of the MLP's one hidden layer: enough for the epoch-specific interactions, cheap at leaves


def _np() -> ModuleType:
    try:
        import numpy as np
    except ImportError:
        raise ConfigError(error_msg("errors.arena.needs_numpy")) from None
    return np


# -- data -------------------------------------------------------------------------------------------
def simulate_runs(game_id: str, players: Sequence[int], games: int, data_dir: str | Path, *, seed: int = 0,
                  bot: str = "heuristic", workers: int | None = None, progress: bool = True,
                  on_torn: Callable[[Path, int], None] | None = None) -> dict[int, list[dict]]:  # fmt: skip
    """Self-play runs with histories, one per player count (``DATA/<game>-<n>p``, resumable)."""
    out = {}
    for n in players:
        out[n] = run_arena("simulation", game_id, n, [bot], games, Path(data_dir) / f"{game_id}-{n}p", seed=seed,
                           workers=workers, progress=progress, history=True, on_torn=on_torn)  # fmt: skip
    return out


def collect(game_id: str, records: Sequence[dict[str, Any]], positions: int, seed: int) -> dict[str, Any]:
    """Replays each record and samples up to ``positions`` decision positions per game.

    Returns numpy arrays, one row per (position, seat): ``x`` features, ``y`` the seat's final
    points, ``heur`` the heuristic's prediction, ``bucket``, ``game`` (record index), ``pos``
    (position id, shared by the seats of one position), ``seat`` and ``winner`` (1 for the winner).
    """
    np = _np()
    module = features_module(game_id)
    from heliopolis.bots.heuristic import evaluator_for

    xs, ys, hs, bs, gs, ps, seats, wins = [], [], [], [], [], [], [], []
    pos_id = 0
    evaluate = None
    for rec in records:
        if "history" not in rec:
            raise ConfigError(error_msg("errors.arena.no_history", index=str(rec.get("index"))))
        game = load_game(game_id, **rec["options"])
        state = game.new_initial_state()
        evaluate = evaluate or evaluator_for(state)
        decisions = []  # action indices at which a seat decides
        for i, a in enumerate(rec["history"]):
            if not state.is_chance_node():
                decisions.append(i)
            state.apply_action(a)
        if not state.is_terminal() or state.scores() != rec["scores"]:
            raise ConfigError(error_msg("errors.arena.replay_differs", index=str(rec["index"])))
        rng = random.Random(f"{seed}:{rec['index']}")
        chosen = set(rng.sample(decisions, min(positions, len(decisions))))
        final = rec["scores"]
        winner = rec["winners"][0]
        state = game.new_initial_state()
        for i, a in enumerate(rec["history"]):
            if i in chosen:
                feats = module.features(state)
                heur = evaluate(state)
                b = module.bucket(state)
                for p, f in enumerate(feats):
                    xs.append(f)
                    ys.append(final[p])
                    hs.append(heur[p])
                    bs.append(b)
                    gs.append(rec["index"])
                    ps.append(pos_id)
                    seats.append(p)
                    wins.append(1 if p == winner else 0)
                pos_id += 1
            state.apply_action(a)
    f = np.asarray
    return {"x": f(xs, dtype=np.float64).reshape(len(xs), -1), "y": f(ys, dtype=np.float64), "heur": f(hs, dtype=np.float64),
            "bucket": f(bs, dtype=np.int64), "game": f(gs, dtype=np.int64), "pos": f(ps, dtype=np.int64),
            "seat": f(seats, dtype=np.int64), "winner": f(wins, dtype=np.int64)}  # fmt: skip


def subset(data: dict[str, Any], mask: Any) -> dict[str, Any]:
    return {k: v[mask] for k, v in data.items()}


# -- fitting ------------------------------------------------------------------------------------------
def _fit_linear(x: Any, y: Any, ridge: float = 1e-3) -> list[dict[str, list]]:
    np = _np()
    mu, sd = x.mean(0), x.std(0)
    sd[sd < 1e-9] = 1.0
    z = (x - mu) / sd
    a = np.c_[z, np.ones(len(z))]
    reg = ridge * len(z) * np.eye(a.shape[1])
    reg[-1, -1] = 0.0  # the intercept is not shrunk
    w = np.linalg.solve(a.T @ a + reg, a.T @ y)
    return [_fold([w[:-1][None, :]], [np.array([w[-1]])], mu, sd)[0]]


def _fit_mlp(x: Any, y: Any, seed: int, epochs: int = 40, batch: int = 256, lr: float = 3e-3,
             l2: float = 1e-4) -> list[dict[str, list]]:  # fmt: skip
    """One ReLU hidden layer, Adam on squared error of standardised targets; deterministic per seed."""
    np = _np()
    rng = np.random.default_rng(seed)
    mu, sd = x.mean(0), x.std(0)
    sd[sd < 1e-9] = 1.0
    z = (x - mu) / sd
    ym, ys = y.mean(), max(float(y.std()), 1e-9)
    t = (y - ym) / ys
    f = z.shape[1]
    params = [rng.normal(0, np.sqrt(2.0 / f), (f, HIDDEN)), np.zeros(HIDDEN),
              rng.normal(0, np.sqrt(1.0 / HIDDEN), (HIDDEN, 1)), np.zeros(1)]  # fmt: skip
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    n = len(z)
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, batch):
            idx = order[i : i + batch]
            xb, tb = z[idx], t[idx, None]
            w1, b1, w2, b2 = params
            h_pre = xb @ w1 + b1
            h = np.maximum(h_pre, 0.0)
            out = h @ w2 + b2
            g_out = 2.0 * (out - tb) / len(idx)
            g_w2 = h.T @ g_out + l2 * w2
            g_b2 = g_out.sum(0)
            g_h = (g_out @ w2.T) * (h_pre > 0)
            g_w1 = xb.T @ g_h + l2 * w1
            g_b1 = g_h.sum(0)
            step += 1
            for k, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9**step)
                vh = v[k] / (1 - 0.999**step)
                params[k] = params[k] - lr * mh / (np.sqrt(vh) + 1e-8)
    w1, b1, w2, b2 = params
    # Undo the target scaling in the output layer; the input scaling is folded into layer 1.
    layers = _fold([w1.T, w2.T * ys], [b1, b2 * ys + ym], mu, sd)
    return layers


def _fold(ws: list[Any], bs: list[Any], mu: Any, sd: Any) -> list[dict[str, list]]:
    """Layers as JSON-ready lists, with ``(x - mu) / sd`` folded into the first layer."""
    w0 = ws[0] / sd
    b0 = bs[0] - w0 @ mu
    ws, bs = [w0, *ws[1:]], [b0, *bs[1:]]
    return [{"w": [[float(f"{v:.7g}") for v in row] for row in w], "b": [float(f"{v:.7g}") for v in b]}
            for w, b in zip(ws, bs)]  # fmt: skip


def fit(data: dict[str, Any], kind: str, seed: int, buckets: int) -> list[list[dict[str, list]]]:
    """One network per bucket (for one player count)."""
    if kind not in MODELS:
        raise ConfigError(error_msg("errors.arena.model", models=", ".join(MODELS), got=repr(kind)))
    nets = []
    for b in range(buckets):
        mask = data["bucket"] == b
        x, y = data["x"][mask], data["y"][mask]
        if len(y) < 2:
            raise ConfigError(error_msg("errors.arena.too_few", bucket=b))
        nets.append(_fit_linear(x, y) if kind == "linear" else _fit_mlp(x, y, seed * 1000 + b))
    return nets


def predict(nets: list[list[dict[str, list]]], data: dict[str, Any]) -> Any:
    """Predictions of the fitted networks (numpy, the same arithmetic as ``bots.learned.forward``)."""
    np = _np()
    out = np.empty(len(data["y"]))
    for b, layers in enumerate(nets):
        mask = data["bucket"] == b
        h = data["x"][mask]
        for i, layer in enumerate(layers):
            h = h @ np.asarray(layer["w"]).T + np.asarray(layer["b"])
            if i < len(layers) - 1:
                h = np.maximum(h, 0.0)
        out[mask] = h[:, 0]
    return out


def calibrate_heuristic(train: dict[str, Any], buckets: int) -> list[tuple[float, float]]:
    """Least squares ``y ~ a + b * evaluate`` per bucket: the heuristic at its best scale."""
    np = _np()
    out = []
    for b in range(buckets):
        mask = train["bucket"] == b
        a = np.c_[np.ones(mask.sum()), train["heur"][mask]]
        coef, *_ = np.linalg.lstsq(a, train["y"][mask], rcond=None)
        out.append((float(coef[0]), float(coef[1])))
    return out


def metrics(pred: Any, data: dict[str, Any], players: int) -> dict[str, float]:
    """Errors of per-seat final-point predictions: RMSE of points, RMSE of the margin (own minus the
    others' mean), and how often the seat with the highest prediction is the winner."""
    np = _np()
    y = data["y"]
    rows = len(y) // players  # rows are grouped by position, seats in order
    p2 = pred.reshape(rows, players)
    y2 = y.reshape(rows, players)

    def margin(a: Any) -> Any:
        return a - (a.sum(1, keepdims=True) - a) / (players - 1)

    w2 = data["winner"].reshape(rows, players)
    return {
        "rmse_points": float(np.sqrt(np.mean((p2 - y2) ** 2))),
        "rmse_margin": float(np.sqrt(np.mean((margin(p2) - margin(y2)) ** 2))),
        "winner_accuracy": float(np.mean(w2[np.arange(rows), p2.argmax(1)])),
        "positions": int(rows),
    }


# -- the command -----------------------------------------------------------------------------------------
def train_evaluator(game_id: str, players: Sequence[int], games: int, holdout: int, data_dir: str | Path,
                    results_dir: str | Path | None, model_out: str | Path | None, *, kind: str = "linear",
                    positions: int = 30, seed: int = 0, workers: int | None = None, progress: bool = True,
                    curve_points: int = 6, plot: bool = True,
                    on_torn: Callable[[Path, int], None] | None = None) -> dict[str, Any]:  # fmt: skip
    """Simulates (or resumes), trains on ``games - holdout`` games per player count, writes the model
    and the learning curve; returns the summary (also written as ``heldout.json``). Every argument
    is checked before the first game: player counts, sizes and the paths written at the end."""
    np = _np()
    if kind not in MODELS:
        raise ConfigError(error_msg("errors.arena.model", models=", ".join(MODELS), got=repr(kind)))
    if not 0 < holdout < games:
        raise ConfigError(error_msg("errors.arena.holdout", holdout=holdout, games=games))
    check_counts(game_id, players)
    module = features_module(game_id)
    buckets = module.BUCKETS
    check_dir(data_dir)
    for path in (results_dir, None if model_out is None else Path(model_out).parent):
        if path is not None:
            check_dir(path)
    runs = simulate_runs(game_id, players, games, data_dir, seed=seed, workers=workers, progress=progress,
                         on_torn=on_torn)  # fmt: skip
    train_games = games - holdout
    sizes = sorted({max(1, round(train_games / 2**k)) for k in range(curve_points)})
    curve: list[dict[str, Any]] = []
    summary: dict[str, Any] = {"game": game_id, "model": kind, "games_per_count": games, "train_games": train_games,
                               "holdout_games": holdout, "positions_per_game": positions, "seed": seed,
                               "heldout": {}}  # fmt: skip
    nets_out: dict[str, Any] = {}
    for n in players:
        data = collect(game_id, runs[n], positions, seed)
        test = subset(data, data["game"] >= train_games)
        for size in sizes:
            train = subset(data, data["game"] < size)
            if min(int((train["bucket"] == b).sum()) for b in range(buckets)) < 2:
                continue  # too few games to reach every bucket: no curve point
            for k in MODELS:
                m = metrics(predict(fit(train, k, seed, buckets), test), test, n)
                curve.append({"players": n, "train_games": size, "model": k, **m})
            cal = calibrate_heuristic(train, buckets)
            a = np.array([cal[b][0] for b in test["bucket"]])
            bcoef = np.array([cal[b][1] for b in test["bucket"]])
            curve.append({"players": n, "train_games": size, "model": "heuristic (calibrated)",
                          **metrics(a + bcoef * test["heur"], test, n)})  # fmt: skip
        train = subset(data, data["game"] < train_games)
        nets = fit(train, kind, seed, buckets)
        nets_out[str(n)] = nets
        cal = calibrate_heuristic(train, buckets)
        a = np.array([cal[b][0] for b in test["bucket"]])
        bcoef = np.array([cal[b][1] for b in test["bucket"]])
        summary["heldout"][str(n)] = {
            "learned": metrics(predict(nets, test), test, n),
            "heuristic": metrics(test["heur"], test, n),
            "heuristic_calibrated": metrics(a + bcoef * test["heur"], test, n),
            "train_positions": int(len(train["y"]) // n),
        }
        # The shipped (pure Python) forward pass must agree with the numpy one.
        row = test["x"][0].tolist()
        if abs(forward(nets[int(test["bucket"][0])], row) - predict(nets, subset(test, slice(0, 1)))[0]) > 1e-6:
            raise AssertionError("pure-Python inference disagrees with the fitted model")
    doc = {"game": game_id, "features": list(module.FEATURE_NAMES), "model": kind, "target": "final points",
           "buckets": buckets, "trained_on": {"bot": "heuristic", "games_per_count": train_games, "seed": seed,
                                              "positions_per_game": positions},
           "nets": nets_out}  # fmt: skip
    if model_out is not None:
        Path(model_out).parent.mkdir(parents=True, exist_ok=True)
        Path(model_out).write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    if results_dir is not None:
        write_results(results_dir, summary, curve, plot=plot)
    summary["curve"] = curve
    return summary


def default_model_path(game_id: str) -> Path:
    """Where the package reads the game's weights from (the source tree in an editable install)."""
    from heliopolis.bots import data

    return Path(data.__file__).parent / weights_name(game_id)


def write_results(
    results_dir: str | Path, summary: dict[str, Any], curve: list[dict[str, Any]], plot: bool = True
) -> None:
    """``heldout.json``, ``curve.csv`` and ``curve.png`` (held-out RMSE of final points vs training games)."""
    out = Path(results_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "heldout.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    cols = ["players", "model", "train_games", "positions", "rmse_points", "rmse_margin", "winner_accuracy"]
    lines = [",".join(cols)]
    for row in curve:
        lines.append(",".join(f"{row[c]:.4f}" if isinstance(row[c], float) else str(row[c]) for c in cols))
    (out / "curve.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if not plot:
        return
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return  # the numbers are written; the plot needs the [train] or [report] extra
    counts = sorted({r["players"] for r in curve})
    fig, axes = plt.subplots(1, len(counts), figsize=(3.4 * len(counts), 3.2), sharey=True, squeeze=False)
    for ax, n in zip(axes[0], counts):
        for model in sorted({r["model"] for r in curve}):
            rows = sorted(
                (r for r in curve if r["players"] == n and r["model"] == model), key=lambda r: r["train_games"]
            )
            ax.plot([r["train_games"] for r in rows], [r["rmse_points"] for r in rows], marker="o", label=model)
        h = summary["heldout"][str(n)]["heuristic"]["rmse_points"]
        ax.axhline(h, color="grey", linestyle=":", label="heuristic (raw)")
        ax.set_xscale("log")
        sizes = sorted({r["train_games"] for r in curve if r["players"] == n})
        ax.set_xticks(sizes, [str(x) for x in sizes], fontsize=7)
        ax.minorticks_off()
        ax.set_title(f"{summary['game']} {n}p")
        ax.set_xlabel("training games")
    axes[0][0].set_ylabel("held-out RMSE, final points")
    axes[0][-1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=110)
    plt.close(fig)

"""The research commands of ``heliopolis``: tournament | simulate | ladder | report | train-evaluator.

Registered on the ``heliopolis`` group by heliopolis.cli. Their tables stay English (docs/i18n.md); errors
and option help are translated as everywhere else (heliopolis.cli_text).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console

from heliopolis.cli_text import Command, game_options_option, split_list, tr
from heliopolis.cli_text import fail as _fail
from heliopolis.cli_text import parse_options as _parse_options
from heliopolis.core.errors import HeliopolisError
from heliopolis.core.registry import load_game


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def _run_arena_cli(kind: str, game_id: str, players: int | None, bots: str, games: int, out: str, seed: int,
                   workers: int | None, backend: str, address: str | None, edition: str | None,
                   game_options: tuple[str, ...] = (), history: bool = False) -> None:  # fmt: skip
    from heliopolis.arena import run_arena
    from heliopolis.arena.checks import check_players
    from heliopolis.arena.stats import ratings, win_rates_by_bot, win_rates_by_seat

    options: dict[str, Any] = {"edition": edition} if edition else {}
    options.update(_parse_options(game_options))
    specs = split_list(bots, "--bots")
    try:
        if players is None:
            players = load_game(game_id, **options).players
        check_players(game_id, players)
        records = run_arena(kind, game_id, players, specs, games, out, seed=seed, options=options,
                            workers=workers, backend=backend, address=address, history=history,
                            on_torn=_say_torn)  # fmt: skip
    except HeliopolisError as e:
        _fail(e)
    except KeyboardInterrupt:
        click.echo("\n" + tr("cli.arena.interrupted", path=f"{out}/results.jsonl"), err=True)
        sys.stdout.flush()
        sys.stderr.flush()
        # Results are already flushed and closed; exit now rather than wait on worker-pool threads.
        os._exit(130)
    console = _console()
    console.print(f"{len(records)} games in {out}/results.jsonl")
    for bot, r in win_rates_by_bot(records).items():
        console.print(
            f"  {bot:<24} wins {r['rate']:6.1%}  95% CI [{r['low']:.1%}, {r['high']:.1%}]  ({r['games']} seats)"
        )
    for r in win_rates_by_seat(records):
        console.print(f"  seat {r['seat']}  wins {r['rate']:6.1%}  95% CI [{r['low']:.1%}, {r['high']:.1%}]")
    if kind == "tournament":
        for row in ratings(records):
            console.print(
                f"  rating {row['bot']:<24} mu {row['mu']:6.2f}  sigma {row['sigma']:5.2f}  ordinal {row['ordinal']:6.2f}"
            )


def _say_torn(path: Any, line: int) -> None:
    click.echo(tr("cli.arena.torn_line", path=str(path), line=line), err=True)


_F = TypeVar("_F", bound=Callable[..., Any])


def _arena_options(fn: _F) -> _F:
    opts = [
        click.argument("game_id", metavar="GAME"),
        click.option("--players", "-p", type=int, help="number of players (default: the game's default)"),
        click.option("--bots", "-b", required=True, help="comma-separated bot specs, e.g. random,heuristic,ismcts"),
        click.option("--games", "-n", type=click.IntRange(min=1), required=True, help="number of games in the run"),
        click.option("--out", "-o", required=True, type=click.Path(file_okay=False), help="run directory (resumable)"),
        click.option("--seed", type=int, default=0, show_default=True, help="run seed: same seed, same games"),
        click.option(
            "--workers", "-w", type=click.IntRange(min=1), help="parallel worker processes (default: all cores)"
        ),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True),
        click.option("--address", help="Ray cluster address (with --backend ray; default: a local Ray runtime)"),
        click.option("--edition", "-e", help="edition (Ra: 1999 or 2009)"),
        game_options_option,
        click.option(
            "--history",
            is_flag=True,
            help="store every game's actions in its record (replayable positions, e.g. for train-evaluator)",
        ),
    ]
    for opt in reversed(opts):
        fn = opt(fn)
    return fn


@click.command(cls=Command)
@_arena_options
def tournament(**kw: Any) -> None:
    """Round-robin tournament with seat rotation; prints win rates with 95 % CIs and ratings."""
    _run_arena_cli("tournament", **kw)


@click.command(cls=Command)
@_arena_options
def simulate(**kw: Any) -> None:
    """Mass simulation: one bot spec for every seat (or one per seat); resumable, parallel."""
    _run_arena_cli("simulation", **kw)


@click.command(cls=Command)
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-p", type=int, help="number of players (default: the game's default)")
@click.option(
    "--games-per-pair",
    "-k",
    type=int,
    default=20,
    show_default=True,
    help="games in which each pair of bots shares a table (rounded up to whole rounds)",
)
@click.option(
    "--levels",
    "-l",
    "level_specs",
    help="comma-separated levels or specs, weakest first (default: every level; random is always added)",
)
@click.option("--out", "-o", required=True, type=click.Path(file_okay=False), help="run directory (resumable)")
@click.option("--seed", type=int, default=0, show_default=True, help="run seed: same seed, same games")
@click.option("--workers", "-w", type=click.IntRange(min=1), help="parallel worker processes (default: all cores)")
@click.option("--edition", "-e", help="edition (Ra: 1999 or 2009)")
@click.option("--bootstrap", type=int, default=200, show_default=True, help="bootstrap resamples for the intervals")
@click.option("--update-levels", is_flag=True, help="copy the levels' ratings into the package's levels data")
def ladder(game_id: str, players: int | None, games_per_pair: int, level_specs: str | None, out: str, seed: int,
           workers: int | None, edition: str | None, bootstrap: int, update_levels: bool) -> None:  # fmt: skip
    """Rated round robin of the bot levels plus random: openskill ratings with 95 % intervals,
    head-to-head matrix, strict-order check and a plot (resumable, parallel)."""
    from heliopolis.arena import ladder as lad
    from heliopolis.arena.checks import check_players
    from heliopolis.bots import levels as lv

    options: dict[str, Any] = {"edition": edition} if edition else {}
    if bootstrap < 1:  # before any game: the analysis after them would fail
        _fail(tr("cli.error.at_least", option="--bootstrap", low=1, value=bootstrap))
    if games_per_pair < 1:
        _fail(tr("cli.error.at_least", option="--games-per-pair", low=1, value=games_per_pair))
    levels = split_list(level_specs, "--levels") if level_specs else None
    try:
        if players is None:
            players = load_game(game_id, **options).players
        check_players(game_id, players)
        bots = lad.ladder_bots(levels)
        records = lad.run_ladder(game_id, players, bots, games_per_pair, out, seed=seed, options=options,
                                 workers=workers, on_torn=_say_torn)  # fmt: skip
        resolved = {b: lv.resolve(b, game_id, players) for b in bots}
        result = lad.analyse(records, bots, players, bootstrap, seed)
    except HeliopolisError as e:
        _fail(e)
    except KeyboardInterrupt:
        click.echo("\n" + tr("cli.arena.interrupted", path=f"{out}/results.jsonl"), err=True)
        os._exit(130)
    ed = f" {edition}" if edition else ""
    title = f"Ladder: {game_id}{ed}, {players} players, {len(records)} games"
    command = (f"heliopolis ladder {game_id} --players {players} --games-per-pair {games_per_pair} --levels "
               f"{','.join(b for b in bots if b != 'random')} --out {out} --seed {seed}"
               + (f" --edition {edition}" if edition else "") + (f" -w {workers}" if workers else "")
               + (f" --bootstrap {bootstrap}" if bootstrap != 200 else ""))  # fmt: skip
    notes = lad.write_outputs(out, result, title, command, resolved)
    console = _console()
    console.print(f"{title} ({out})")
    for row in sorted(result["ratings"], key=lambda r: -r["rating"]):
        console.print(f"  {row['bot']:<22} rating {row['rating']:6.2f}  95% [{row['low']:6.2f}, {row['high']:6.2f}]"
                      f"  ({resolved[row['bot']]})")  # fmt: skip
    label = "head to head" if players == 2 else "finishing ahead (the strict-order check is defined at 2p)"
    console.print(f"strict order, {label}:")
    for o in result["order"]:
        console.print(f"  {o['upper']:>12} vs {o['lower']:<12} {o['rate']:6.1%}  95% [{o['low']:.1%}, {o['high']:.1%}]"
                      f"  n={o['games']}  {o['verdict']}")  # fmt: skip
    for note in notes:
        console.print(f"note: {note}")
    console.print(f"wrote {out}/{lad.RATINGS}, {out}/{lad.MARKDOWN}" + ("" if notes else f", {out}/{lad.PLOT}"))
    if update_levels:
        rows = lad.level_rows(result, resolved)
        skipped = [b for b in bots if b not in rows and b != "random"]
        path = lv.update_ratings(game_id, players, rows, source=out)
        console.print(f"updated {path}: {', '.join(rows) or 'no levels'}"
                      + (f" (not levels, skipped: {', '.join(skipped)})" if skipped else ""))  # fmt: skip


@click.command(cls=Command)
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(file_okay=False, exists=True))
@click.option("--out", "-o", type=click.Path(file_okay=False), help="directory for report.html / report.md")
def report(run_dirs: tuple[str, ...], out: str | None) -> None:
    """HTML report (plots) and Markdown summary of one run, or several side by side."""
    from heliopolis.arena.report import write_report

    try:
        html, md = write_report(list(run_dirs), out)
    except HeliopolisError as e:
        _fail(e)
    except ImportError as e:
        if (e.name or "").partition(".")[0] != "matplotlib":
            raise
        _fail(tr("cli.report.needs_matplotlib"))
    click.echo(f"wrote {html}\nwrote {md}")


@click.command("train-evaluator", cls=Command)
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-p", help="player counts, comma-separated (default: every count the game supports)")
@click.option(
    "--games",
    "-n",
    type=int,
    default=6000,
    show_default=True,
    help="self-play games per player count (the last --holdout are held out)",
)
@click.option("--holdout", type=int, default=1000, show_default=True, help="held-out games per player count")
@click.option("--positions", type=int, default=30, show_default=True, help="positions sampled per game")
@click.option("--model", "kind", type=click.Choice(["linear", "mlp"]), default="linear", show_default=True)
@click.option(
    "--data",
    "data_dir",
    default="train-data",
    show_default=True,
    type=click.Path(file_okay=False),
    help="directory for the self-play runs (resumable; reused when it already holds them)",
)
@click.option(
    "--results",
    "results_dir",
    type=click.Path(file_okay=False),
    help="learning curve and held-out errors (default: docs/results/learned/GAME)",
)
@click.option(
    "--model-out",
    type=click.Path(dir_okay=False),
    help="weights file (default: the package's bots/data/learned-GAME.json, what eval=learned loads)",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", "-w", type=int, help="parallel worker processes for the self-play (default: all cores)")
@click.option("--no-plot", is_flag=True, help="skip curve.png (matplotlib)")
def train_evaluator_cmd(game_id: str, players: str | None, games: int, holdout: int, positions: int, kind: str,
                        data_dir: str, results_dir: str | None, model_out: str | None, seed: int,
                        workers: int | None, no_plot: bool) -> None:  # fmt: skip
    """Self-play, then fit the learned evaluator of GAME (needs the [train] extra)."""
    from heliopolis.arena.checks import check_counts
    from heliopolis.arena.learn import default_model_path, train_evaluator

    try:
        counts = _player_counts(game_id, players)
        check_counts(game_id, counts)
        out = model_out or default_model_path(game_id)
        summary = train_evaluator(game_id, counts, games, holdout, data_dir, results_dir or f"docs/results/learned/{game_id}",
                                  out, kind=kind, positions=positions, seed=seed, workers=workers,
                                  plot=not no_plot, on_torn=_say_torn)  # fmt: skip
    except HeliopolisError as e:
        _fail(e)
    click.echo(f"wrote {out}")
    for n, h in summary["heldout"].items():
        click.echo(f"  {n}p held-out RMSE of final points: learned {h['learned']['rmse_points']:.2f}, heuristic "
                   f"{h['heuristic']['rmse_points']:.2f} (calibrated {h['heuristic_calibrated']['rmse_points']:.2f}); "
                   f"winner picked {h['learned']['winner_accuracy']:.1%} vs {h['heuristic']['winner_accuracy']:.1%}")  # fmt: skip


def _player_counts(game_id: str, text: str | None) -> list[int]:
    """``--players 2,3``; by default every count the game supports."""
    from heliopolis.core.registry import game_class

    if text is None:
        info = game_class(game_id).info
        return list(range(info.min_players, info.max_players + 1))
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        _fail(tr("cli.error.counts_syntax", text=text))


COMMANDS = [tournament, simulate, ladder, report, train_evaluator_cmd]

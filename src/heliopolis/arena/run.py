"""Tournaments and simulations: schedule, resume, run with a progress bar, summarise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from heliopolis.arena.runner import RESULTS, Job, check_backend, cut_torn_line, prepare_run_dir, read_results, run_jobs
from heliopolis.arena.schedule import simulation_jobs, tournament_jobs
from heliopolis.bots import make_bot
from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.registry import load_game


def run_arena(kind: str, game_id: str, players: int, bots: list[str], games: int, out_dir: str | Path, *,
              seed: int = 0, options: dict[str, Any] | None = None, workers: int | None = None,
              backend: str = "local", address: str | None = None, progress: bool = True,
              extra: dict[str, Any] | None = None, history: bool = False,
              on_torn: Callable[[Path, int], None] | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Plays (or resumes) a run and returns all its records, sorted by game index. ``extra`` joins the
    run's recorded configuration (a resumed run must match it).

    ``history`` stores each game's actions in its record (part of the run's configuration). A torn
    last line of ``results.jsonl`` (a crash mid-write) is cut off and its game played again;
    ``on_torn(results path, line number)`` is told."""
    options = dict(options or {})
    game = load_game(game_id, players, **options)  # validates game, players and options up front
    for spec in bots:
        make_bot(spec, seed=0)  # validates bot specs before any process starts
    if kind in ("tournament", "ladder"):
        jobs = tournament_jobs(bots, players, games)
    elif kind == "simulation":
        if len(bots) not in (1, players):
            raise ConfigError(error_msg("errors.arena.simulate_specs", players=players, count=len(bots)))
        jobs = simulation_jobs(bots, players, games)
    else:
        raise ConfigError(error_msg("errors.arena.run_kind", kind=repr(kind)))
    config = {
        "kind": kind,
        "game": game_id,
        "options": game.config(),
        "bots": bots,
        "seed": seed,
        "games": games,
        **(extra or {}),
    }
    if history:  # only when set, so run directories made before the option still resume
        config["history"] = True
        jobs = [replace(j, history=True) for j in jobs]
    check_backend(backend)
    done = prepare_run_dir(out_dir, config)
    torn = cut_torn_line(out_dir)
    if torn is not None and on_torn is not None:
        on_torn(Path(out_dir) / RESULTS, torn)
    todo = [j for j in jobs if j.index not in done]
    if todo:
        opts = {**game.config()}
        if progress:
            _run_with_progress(game_id, opts, seed, todo, out_dir, workers, backend, address, total=games,
                               already=len(done))  # fmt: skip
        else:
            run_jobs(game_id, opts, seed, todo, out_dir, workers=workers, backend=backend, address=address)
    return [r for r in read_results(out_dir) if r["index"] < games]


def rate_text(games: int, seconds: float) -> str:
    """The progress bar's speed. Search bots take seconds per game: one decimal would show them as
    "0.0 games/s", so a slow run keeps two significant digits and says its seconds per game too."""
    if games <= 0 or seconds <= 0:
        return ""
    rate = games / seconds
    if rate >= 10:
        return f"{rate:,.0f} games/s"
    if rate >= 1:
        return f"{rate:.1f} games/s"
    return f"{rate:.2g} games/s, {seconds / games:,.1f} s/game"


def _run_with_progress(game_id: str, options: dict[str, Any], seed: int, todo: list[Job], out_dir: str | Path,
                       workers: int | None, backend: str, address: str | None, total: int, already: int) -> None:  # fmt: skip
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,  # fmt: skip
    )

    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]  # fmt: skip
    import time

    start = time.perf_counter()
    count = [0]
    with Progress(*columns, transient=False) as bar:
        task = bar.add_task(f"{game_id} games", total=total, completed=already, rate="")

        def tick(_rec: dict[str, Any]) -> None:
            count[0] += 1
            bar.update(task, advance=1, rate=rate_text(count[0], time.perf_counter() - start))

        run_jobs(game_id, options, seed, todo, out_dir, workers=workers, backend=backend, address=address,
                 on_result=tick)  # fmt: skip

"""``heliopolis analyse GAME.json``: where a saved game's points went, decision by decision.

Each decision of the chosen seat (every seat without ``--seat``) is analysed by
:mod:`heliopolis.bots.analysis` from that seat's information only: the action played, the best
action, the ``loss`` (expected final margin of the best action minus that of the played one, on
the same samples, in points, ``>= 0``), the seat's expected final ``margin`` before the decision
and the number of ``legal`` actions. ``--json`` prints one JSON object per decision; otherwise a
table and each seat's mean loss.

``--out FILE`` keeps the analysis resumable: each decision is appended (and flushed) as soon as it
is finished, and running the same command again analyses only the missing plies. A last line cut
off mid-write (an interrupted run) is removed and its decision analysed again; a file made with
another game, budget or seed, or any other line that is not a decision, is refused before anything
is written.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from heliopolis.arena.jsonl import Torn, bad_line, cut_torn, scan_jsonl
from heliopolis.bots import analysis as A
from heliopolis.cli_text import Command, lang_option, tr
from heliopolis.cli_text import fail as _fail
from heliopolis.core.errors import ConfigError, HeliopolisError
from heliopolis.core.game import State
from heliopolis.core.serialize import load_saved_game
from heliopolis.locale import msg

KEYS = ("ply", "seat", "played", "best", "loss", "margin", "legal", "actions")  # what a stored line must hold


# -- the resumable file ----------------------------------------------------------------------------
def _decision(path: Path, key: str) -> Callable[[int, Any], dict[str, Any]]:
    """Checks one line's value is a decision of this analysis (a ``ConfigError`` otherwise)."""

    def check(line: int, rec: Any) -> dict[str, Any]:
        if not isinstance(rec, dict):
            raise bad_line(path, line, msg("cli.analyse.not_decision"))
        missing = [k for k in (*KEYS, "key") if k not in rec]
        if missing:
            raise bad_line(path, line, msg("cli.analyse.missing", fields=", ".join(missing)))
        if rec["key"] != key:
            raise ConfigError(msg("cli.analyse.other_analysis", path=str(path)))
        if not isinstance(rec["ply"], int) or not isinstance(rec["actions"], list):
            raise bad_line(path, line, msg("cli.analyse.not_decision"))
        return rec

    return check


def scan_out(path: Path, key: str) -> tuple[dict[int, dict[str, Any]], Torn | None]:
    """The decisions already in ``path`` by ply, and where a torn last line starts (``(line number,
    byte offset)``, or None)."""
    lines, torn = scan_jsonl(path, _decision(path, key))
    return {rec["ply"]: rec for rec in lines}, torn


def _open_out(path: Path, torn: Torn | None) -> IO[str]:
    """``path`` opened for appending, a torn last line cut off first (and said on stderr)."""
    if torn is not None:
        cut_torn(path, torn)
        click.echo(tr("cli.analyse.torn_line", path=str(path), line=torn[0]), err=True)
    elif path.exists() and path.stat().st_size:
        with path.open("rb") as f:
            f.seek(-1, 2)
            ends = f.read(1) == b"\n"
        if not ends:  # a complete last line without its newline: the next one starts on its own line
            with path.open("a", encoding="utf-8") as f:
                f.write("\n")
    return path.open("a", encoding="utf-8")


# -- output ----------------------------------------------------------------------------------------
class InOrder:
    """Hands decisions on in ply order as they arrive in any order (a process pool finishes them out
    of order; the output is the same with any number of workers)."""

    def __init__(self, plies: Iterable[int], emit: Callable[[dict[str, Any]], None]) -> None:
        self.order = sorted(plies)
        self.next = 0
        self.ready: dict[int, dict[str, Any]] = {}
        self.emit = emit

    def add(self, rec: dict[str, Any]) -> None:
        self.ready[rec["ply"]] = rec
        while self.next < len(self.order) and self.order[self.next] in self.ready:
            self.emit(self.ready[self.order[self.next]])
            self.next += 1


def _public(rec: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in rec.items() if k != "key"}


def print_table(console: Console, records: list[dict[str, Any]], names: list[str]) -> None:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for col, right in (("ply", True), ("seat", False), ("played", False), ("best", False), ("loss", True),
                       ("margin", True), ("legal", True)):  # fmt: skip
        table.add_column(tr(f"cli.analyse.col.{col}"), justify="right" if right else "left")
    for r in records:
        loss = f"{r['loss']:.1f}"
        style = "bold red" if r["loss"] >= 5 else ("yellow" if r["loss"] >= 1 else "")
        table.add_row(str(r["ply"]), escape(names[r["seat"]]), escape(r["played"]),
                      escape(r["best"]) if r["best"] != r["played"] else "=", f"[{style}]{loss}[/]" if style else loss,
                      f"{r['margin']:+.1f}", str(r["legal"]))  # fmt: skip
    console.print(table)
    for seat in sorted({r["seat"] for r in records}):
        mine = [r["loss"] for r in records if r["seat"] == seat]
        console.print(escape(tr("cli.analyse.summary", who=names[seat], count=len(mine), mean=f"{sum(mine) / len(mine):.2f}",
                                total=f"{sum(mine):.1f}")))  # fmt: skip


def _progress(total: int, done: int) -> Any:
    """A progress bar on stderr when it is a terminal, else None."""
    console = Console(stderr=True)
    if not console.is_terminal or total == done:
        return None
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("ETA"), TimeRemainingColumn(), console=console, transient=True)  # fmt: skip
    bar.add_task(tr("cli.analyse.progress"), total=total, completed=done)
    return bar


# -- the command -------------------------------------------------------------------------------------
def _load(path: str, seat: int | None, budget: int, workers: int | None) -> tuple[State, list[tuple[int, int]]]:
    """The game and the decisions to analyse; every bad input fails here, before anything is written."""
    try:
        final, _doc = load_saved_game(path)
        A.check_budget(budget)
        plies = A.decision_plies(final, None if seat is None else [seat])
    except HeliopolisError as e:
        _fail(e)
    if workers is not None and workers < 1:
        _fail(tr("cli.error.at_least", option="--workers", low=1, value=workers))
    return final, plies


def _resume(out: str | None, key: str) -> tuple[dict[int, dict[str, Any]], Torn | None]:
    if out is None:
        return {}, None
    from heliopolis.arena.checks import check_file

    try:
        check_file(out)
        return scan_out(Path(out), key)
    except HeliopolisError as e:
        _fail(e)


@click.command(cls=Command)
@click.argument("path", type=click.Path(dir_okay=False), metavar="GAME.json")
@lang_option
@click.option("--seat", "-s", type=int, help="analyse only this seat's decisions (0, 1, ...; default: every seat)")
@click.option("--budget", "-b", type=int, default=A.DEFAULT_BUDGET, show_default=True,
              help="samples per legal action (more: narrower intervals, slower)")  # fmt: skip
@click.option(
    "--seed", type=int, default=0, show_default=True, help="analysis seed: same seed and budget, same numbers"
)
@click.option("--json", "as_json", is_flag=True, help="print one JSON object per decision instead of a table")
@click.option("--workers", "-w", type=int, help="parallel worker processes (default: all cores)")
@click.option("--out", "-o", type=click.Path(dir_okay=False), help="keep the decisions in this JSONL file (resumable)")
def analyse(path: str, seat: int | None, budget: int, seed: int, as_json: bool, workers: int | None,
            out: str | None) -> None:  # fmt: skip
    """Analyse a saved game: for each decision, the action played, the best action, the points of expected final
    margin lost, and the seat's expected final margin before it (from that seat's information only)."""
    final, plies = _load(path, seat, budget, workers)
    key = A.analysis_key(final, budget, seed)
    done, torn = _resume(out, key)
    wanted = {p for p, _ in plies}
    done = {p: r for p, r in done.items() if p in wanted}
    records: list[dict[str, Any]] = []

    def emit(rec: dict[str, Any]) -> None:
        records.append(rec)
        if as_json:
            click.echo(json.dumps(_public(rec), separators=(",", ":")))

    order = InOrder(wanted, emit)
    for rec in done.values():
        order.add(rec)
    sink = _open_out(Path(out), torn) if out else None
    bar = _progress(len(wanted), len(done))

    def finished(d: A.Decision) -> None:
        rec = d.to_dict() | {"key": key}
        if sink is not None:  # on disk first: an interrupted run keeps every finished decision
            sink.write(json.dumps(rec, separators=(",", ":")) + "\n")
            sink.flush()
        if bar is not None:
            bar.advance(bar.task_ids[0])
        order.add(rec)

    try:
        if bar is not None:
            bar.start()
        A.analyse_game(final, None if seat is None else [seat], budget, seed, workers or os.cpu_count() or 1,
                       skip=set(done), on_decision=finished)  # fmt: skip
    except KeyboardInterrupt:
        _interrupted(bar, out)
    finally:
        if bar is not None:
            bar.stop()
        if sink is not None:
            sink.close()
    if not as_json:
        _print_text(records, final.game.players)


def _interrupted(bar: Any, out: str | None) -> None:
    if bar is not None:
        bar.stop()
    click.echo("\n" + (tr("cli.analyse.interrupted_out", path=out) if out else tr("cli.analyse.interrupted")), err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)  # the workers are stopped; do not wait on the pool's threads


def _print_text(records: list[dict[str, Any]], players: int) -> None:
    console = Console(highlight=False, soft_wrap=True)
    if not records:
        console.print(escape(tr("cli.analyse.none")))
        return
    print_table(console, records, [f"P{p}" for p in range(players)])


COMMANDS = [analyse]

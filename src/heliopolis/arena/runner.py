"""Runs a set of games in parallel and streams the records to ``DIR/results.jsonl``.

* Resumable: a run directory holds ``run.json`` (the run's configuration) and ``results.jsonl``
  (one game per line, appended and flushed as each game finishes). Re-running the same command
  plays only the games whose index is missing; a different configuration is refused.
* Ctrl-C stops the workers; every finished game is already on disk.
* Backends: a local process pool (``workers``) or a Ray cluster (``backend="ray"``). Each game's
  seed depends only on the run seed and its index, so results are identical whatever the
  backend and the number of workers.
"""

from __future__ import annotations

import importlib.util
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from heliopolis.arena.checks import ensure_dir
from heliopolis.arena.jsonl import Torn, bad_line, cut_torn, scan_jsonl
from heliopolis.arena.match import play_match
from heliopolis.arena.seeds import game_seed
from heliopolis.core.errors import ConfigError
from heliopolis.locale import msg

RESULTS = "results.jsonl"
RUN = "run.json"


@dataclass(frozen=True)
class Job:
    """One game to play: its index in the run and the bot spec of each seat."""

    index: int
    bots: tuple[str, ...]
    history: bool = False  # keep the game's actions in its record


def _play_chunk(game_id: str, options: dict[str, Any], run_seed: int, jobs: list[Job]) -> list[dict[str, Any]]:
    return [
        play_match(game_id, options, job.bots, game_seed(run_seed, job.index), job.index, job.history) for job in jobs
    ]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps every finished game."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(jobs: list[Job], size: int) -> Iterator[list[Job]]:
    for i in range(0, len(jobs), size):
        yield jobs[i : i + size]


# What every record must hold: the fields the statistics, the report and the ladder read.
REQUIRED = ("index", "game", "options", "bots", "scores", "winners", "length")


def _game_record(path: Path) -> Callable[[int, Any], dict[str, Any]]:
    """Checks one line's value is a game record (a ``ConfigError`` naming the line otherwise)."""

    def check(line: int, rec: Any) -> dict[str, Any]:
        if not isinstance(rec, dict):
            raise bad_line(path, line, msg("cli.error.results_types"))
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            raise bad_line(path, line, msg("cli.error.results_missing", fields=", ".join(missing)))
        if not (isinstance(rec["index"], int) and isinstance(rec["bots"], list) and isinstance(rec["scores"], list)):
            raise bad_line(path, line, msg("cli.error.results_types"))
        return rec

    return check


def scan_results(out_dir: str | Path) -> tuple[list[dict[str, Any]], Torn | None]:
    """The records of ``DIR/results.jsonl`` sorted by game index (a later line of the same index
    wins), and where a torn last line starts (``(line number, byte offset)``, or None). A torn last
    line is what a crash mid-write leaves; any other line that is not a game record is a
    ``ConfigError`` naming the file and line."""
    path = Path(out_dir) / RESULTS
    lines, torn = scan_jsonl(path, _game_record(path))
    records = {rec["index"]: rec for rec in lines}
    return [records[i] for i in sorted(records)], torn


def read_results(out_dir: str | Path) -> list[dict[str, Any]]:
    """All complete records of a run directory, sorted by game index (a torn last line is skipped;
    another line that is not a game record is a ``ConfigError`` naming the file and line)."""
    return scan_results(out_dir)[0]


def cut_torn_line(out_dir: str | Path) -> int | None:
    """Removes a torn last line from ``DIR/results.jsonl`` (its game is played again); returns its
    line number, or None when there was none."""
    _, torn = scan_results(out_dir)
    if torn is None:
        return None
    cut_torn(Path(out_dir) / RESULTS, torn)
    return torn[0]


def read_run_file(path: Path) -> dict[str, Any]:
    """``run.json``, or a ``ConfigError`` naming it when it is not a run's configuration."""
    try:
        doc = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict) or not isinstance(doc.get("config", {}), dict):
        raise ConfigError(msg("cli.error.run_file", path=str(path)))
    return doc


# Keys that may grow when a run is resumed: game i is the same game whatever the total.
GROWS = ("games", "games_per_pair")


def prepare_run_dir(out_dir: str | Path, config: dict[str, Any]) -> set[int]:
    """Creates or checks ``DIR/run.json``; returns the indices of games already finished."""
    d = ensure_dir(out_dir)
    run_file = d / RUN
    old: dict[str, Any] = {}
    if run_file.exists():
        old = read_run_file(run_file)
        same = {k: v for k, v in old.get("config", {}).items() if k not in GROWS} == {
            k: v for k, v in config.items() if k not in GROWS
        }  # a run may be extended with more games (a ladder: more games per pair)
        if not same:
            raise ConfigError(msg("cli.error.different_run", path=str(d), config=json.dumps(old.get("config"))))
    done = {r["index"] for r in read_results(d)}  # a corrupt line fails before run.json changes
    if not run_file.exists() or old.get("config", {}).get("games", 0) < config.get("games", 0):
        run_file.write_text(json.dumps({"config": config, "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
                                       indent=1) + "\n", encoding="utf-8")  # fmt: skip
    return done


BACKENDS = ("local", "ray")


def check_backend(backend: str) -> None:
    """An unknown backend, or Ray without the [cluster] extra, fails before a run directory is made."""
    if backend not in BACKENDS:
        raise ConfigError(msg("cli.error.backend", backend=backend, valid=", ".join(BACKENDS)))
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise ConfigError(msg("cli.error.needs_ray"))


def run_jobs(game_id: str, options: dict[str, Any], run_seed: int, jobs: list[Job], out_dir: str | Path,
             *, workers: int | None = None, backend: str = "local", address: str | None = None,
             chunk: int | None = None, on_result: Callable[[dict[str, Any]], None] | None = None) -> int:  # fmt: skip
    """Plays ``jobs`` (skipping finished ones is the caller's job) and appends their records.

    Returns the number of games written.
    """
    if not jobs:
        return 0
    workers = workers or os.cpu_count() or 1
    # Small chunks for short runs (often expensive bots: finer progress, less lost on Ctrl-C).
    chunk = chunk or max(1, min(32, len(jobs) // (workers * 64)))
    path = Path(out_dir) / RESULTS
    written = 0
    if path.exists() and path.stat().st_size:
        with path.open("rb") as f:
            f.seek(-1, 2)
            torn = f.read(1) != b"\n"
        if torn:  # a write cut by a crash: end that line so the next record starts cleanly
            with path.open("a", encoding="utf-8") as out:
                out.write("\n")
    with path.open("a", encoding="utf-8") as out:
        for records in _dispatch(game_id, options, run_seed, jobs, workers, backend, address, chunk):
            for rec in records:
                out.write(json.dumps(rec, separators=(",", ":")) + "\n")
                written += 1
                if on_result:
                    on_result(rec)
            out.flush()
    return written


def _dispatch(game_id: str, options: dict[str, Any], run_seed: int, jobs: list[Job], workers: int, backend: str,
              address: str | None, chunk: int) -> Iterable[list[dict[str, Any]]]:  # fmt: skip
    chunks = list(_chunks(jobs, chunk))
    if backend == "ray":
        yield from _dispatch_ray(game_id, options, run_seed, chunks, workers, address)
        return
    if backend != "local":
        raise ConfigError(msg("cli.error.backend", backend=backend, valid=", ".join(BACKENDS)))
    if workers == 1:
        for c in chunks:
            yield _play_chunk(game_id, options, run_seed, c)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        pending = set()
        it = iter(chunks)
        # Keep a bounded number of chunks in flight so Ctrl-C loses little work.
        for c in it:
            pending.add(pool.submit(_play_chunk, game_id, options, run_seed, c))
            if len(pending) >= workers * 2:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                nxt = next(it, None)
                if nxt is not None:
                    pending.add(pool.submit(_play_chunk, game_id, options, run_seed, nxt))
    except BaseException:
        procs = list((getattr(pool, "_processes", None) or {}).values())
        for proc in procs:  # a game in progress is abandoned; finished ones are already written
            proc.terminate()
        for proc in procs:
            proc.join(5)
        # The call queue's feeder thread may still hold chunks for the dead workers: without this,
        # the interpreter's exit would wait on it forever (or it prints a traceback).
        call_queue = getattr(pool, "_call_queue", None)
        if call_queue is not None:
            call_queue.cancel_join_thread()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _dispatch_ray(game_id: str, options: dict[str, Any], run_seed: int, chunks: list[list[Job]], workers: int,
                  address: str | None) -> Iterable[list[dict[str, Any]]]:  # fmt: skip
    try:
        import ray
    except ImportError:
        raise ConfigError(msg("cli.error.needs_ray")) from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_play_chunk)
    pending = [remote.remote(game_id, options, run_seed, c) for c in chunks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started_here:
            ray.shutdown()

"""Docs that run (issue 26): every shell block of README.md and docs/**/*.md marked runnable is run, with
small counts, so a command that drifted from the code fails here.

A shell block (```sh, bash, shell or console) is preceded by one HTML comment line, invisible on GitHub:

* ``<!-- runnable -->`` or ``<!-- runnable: CLAUSE; CLAUSE; ... -->``: each command of the block (one a
  line, ``\\`` continues a line, ``#`` comments) runs in one fresh temporary directory, in order (so
  ``simulate`` then ``report`` chain), with this checkout's ``heliopolis`` on PATH, and must exit 0
  without a traceback. Clauses: ``OLD => NEW`` replaces text in the block (small counts; it must match),
  ``skip TEXT`` leaves out the lines holding TEXT, ``copy PATH`` copies a file or directory of the
  checkout into the temporary directory first, ``stdin TEXT`` is every command's input (``\\n``: new
  line; default: none, so a human seat quits at once), ``same PATH`` checks that the run wrote PATH
  exactly as committed.
* ``<!-- not runnable: REASON -->``: left out, with the reason (a server, an install, minutes of CPU).

Cheaper checks alongside: every ``heliopolis SUBCOMMAND`` the docs name exists, with the options they give.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest

from heliopolis.cli import main
from heliopolis.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
# Written by the commands themselves (ladder.md, report.md): their blocks record a run, they are not docs to mark.
WRITTEN = [p for p in DOCS if p.name in ("ladder.md", "report.md") and "results" in p.parts]
FENCE = re.compile(r"^\s*```(sh|bash|shell|console)\s*$")
MARKER = re.compile(r"^\s*<!--\s*(runnable|not runnable)\s*(?::(.*?))?\s*-->\s*$")


@dataclass
class Block:
    """One marked shell block: where it is, its commands (substitutions applied) and how to run them."""

    where: str
    commands: list[str]
    copies: list[str] = field(default_factory=list)
    same: list[str] = field(default_factory=list)
    stdin: str = ""


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def shell_blocks(path: Path) -> list[tuple[int, str | None, str | None, list[str]]]:
    """Each shell block of ``path``: (line of its fence, marker kind or None, marker clauses, body lines)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        if not FENCE.match(lines[i]):
            i += 1
            continue
        start = i
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        m = MARKER.match(lines[start - 1]) if start else None
        out.append((start + 1, m and m.group(1), m and m.group(2), body))
        i += 1
    return out


def _commands(body: list[str]) -> list[str]:
    """The block's command lines: continuations joined, blank and comment-only lines dropped."""
    commands: list[str] = []
    pending = ""
    for line in body:
        text = line.strip()
        if text.endswith("\\"):
            pending += text[:-1].rstrip() + " "
            continue
        text = pending + text
        pending = ""
        if text and not text.startswith("#"):
            commands.append(text)
    return commands


def make_block(where: str, clauses: str | None, body: list[str]) -> Block:
    """The block with its clauses applied; a clause that matches nothing is an error (it drifted too)."""
    text = "\n".join(body)
    block = Block(where, [])
    skips = []
    for clause in (c.strip() for c in (clauses or "").split(";")):
        word, _, rest = clause.partition(" ")
        if not clause:
            continue
        if " => " in clause:
            old, _, new = clause.partition(" => ")
            assert old in text, f"{where}: substitution {old!r} matches nothing"
            text = text.replace(old, new)
        elif word in ("skip", "copy", "same", "stdin") and rest:
            if word == "skip":
                skips.append(rest)
            elif word == "stdin":
                block.stdin = rest.replace("\\n", "\n")
            else:
                getattr(block, "copies" if word == "copy" else "same").append(rest)
        else:
            raise AssertionError(f"{where}: unknown runnable clause {clause!r}")
    commands = _commands(text.splitlines())
    for skip in skips:
        assert any(skip in c for c in commands), f"{where}: skip {skip!r} matches no command"
    block.commands = [c for c in commands if not any(s in c for s in skips)]
    return block


def runnable_blocks() -> list[Block]:
    return [make_block(f"{_rel(p)}:{line}", clauses, body)
            for p in DOCS for line, kind, clauses, body in shell_blocks(p) if kind == "runnable"]  # fmt: skip


def _environment(tmp: Path) -> dict[str, str]:
    """The venv's ``heliopolis`` (a ``python -m heliopolis`` shim when it has none), this checkout's modules."""
    env = dict(os.environ)
    bindir = Path(sys.executable).parent
    path = [str(bindir)]
    if not (bindir / "heliopolis").exists():
        shim = tmp / ".bin"
        shim.mkdir()
        (shim / "heliopolis").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m heliopolis "$@"\n')
        (shim / "heliopolis").chmod(0o755)
        path.insert(0, str(shim))
    env["PATH"] = os.pathsep.join([*path, env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return env


def _copy_in(block: Block, tmp: Path) -> None:
    for rel in block.copies:
        src, dst = ROOT / rel, tmp / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst)
        else:
            shutil.copy2(src, dst)


def run_block(block: Block, tmp: Path) -> None:
    """Runs each command in ``tmp`` in order; fails on the first that exits non-zero or shows a traceback."""
    env = _environment(tmp)
    _copy_in(block, tmp)
    for command in block.commands:
        r = subprocess.run(command, shell=True, cwd=tmp, env=env, input=block.stdin, capture_output=True,
                           text=True, timeout=300)  # fmt: skip
        shown = f"{block.where}: `{command}` exited {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
        assert r.returncode == 0 and "Traceback" not in r.stderr, shown
    for rel in block.same:
        assert (tmp / rel).read_bytes() == (ROOT / rel).read_bytes(), f"{block.where}: {rel} differs from the run's"


BLOCKS = runnable_blocks()


@pytest.mark.parametrize("block", BLOCKS, ids=[b.where for b in BLOCKS])
def test_the_marked_shell_block_runs(block: Block, tmp_path: Path) -> None:
    run_block(block, tmp_path)


def test_every_shell_block_is_marked_and_the_runnable_ones_exist() -> None:
    docs = [p for p in DOCS if p not in WRITTEN]
    unmarked = [f"{_rel(p)}:{line}" for p in docs for line, kind, _, _ in shell_blocks(p) if kind is None]
    assert unmarked == [], "mark each: <!-- runnable[: clauses] --> or <!-- not runnable: REASON -->"
    reasons = [c for p in docs for _, kind, c, _ in shell_blocks(p) if kind == "not runnable"]
    assert all(r and r.strip() for r in reasons), "a block left out says why"
    files = {b.where.partition(":")[0] for b in BLOCKS}
    assert {"README.md", "docs/bots-and-arena.md", "docs/results/README.md"} <= files, files
    commands = [c for b in BLOCKS for c in b.commands]
    for sub in ("play", "replay", "bench", "tournament", "simulate", "ladder", "report"):
        assert any(c.startswith(f"heliopolis {sub} ") for c in commands), sub


def test_the_block_parser_applies_clauses_and_refuses_stale_ones() -> None:
    body = ["heliopolis simulate ra -n 100000 \\", "  -o runs/a   # comment", "# only a comment", "",
            "heliopolis simulate ra --backend ray", "heliopolis report runs/a"]  # fmt: skip
    b = make_block("x", "-n 100000 => -n 2; skip --backend ray; copy docs/results/hr2; stdin q\\nq", body)
    assert b.commands == ["heliopolis simulate ra -n 2 -o runs/a   # comment", "heliopolis report runs/a"]
    assert b.copies == ["docs/results/hr2"] and b.stdin == "q\nq"
    for stale in ("-n 5 => -n 2", "skip --nothing", "frobnicate"):
        with pytest.raises(AssertionError):
            make_block("x", stale, body)


# -- cheap drift checks --------------------------------------------------------------------------------
CODE = re.compile(r"```[a-z]*\n(.*?)```|`([^`\n]+)`", re.S)
# ``heliopolis SUB`` then its arguments up to the end of the line or a shell operator (not "heliopolis build: ...").
INVOCATION = re.compile(r"(?:^|[\s/(])heliopolis((?:\s+--lang\s+\w+)?)\s+([a-z][a-z-]*)(?=\s|$)([^\n|&;#]*)")


def invocations(markdown: str) -> list[tuple[str, list[str], str]]:
    """Each ``heliopolis SUB ...`` in the code of ``markdown``: (subcommand, the options it gives, its arguments)."""
    found = []
    for m in CODE.finditer(markdown):
        for inv in INVOCATION.finditer(m.group(1) or m.group(2)):
            opts = [t.strip("[]").partition("=")[0] for t in inv.group(3).split() if t.strip("[").startswith("-")]
            found.append((inv.group(2), [o for o in opts if o not in ("-", "--")], inv.group(3)))
    return found


def named_invocations() -> list[tuple[str, str, list[str]]]:
    """Each ``heliopolis SUB ...`` in the docs' code: (file, subcommand, the options it gives)."""
    return [(_rel(p), sub, opts) for p in DOCS for sub, opts, _ in invocations(p.read_text(encoding="utf-8"))]


def _option_names(cmd: click.Command) -> set[str]:
    """The options of a command; of a group (``admin``), those of its subcommands too, which the scan
    reads after the group's name (``heliopolis admin grant NAME --db URL``)."""
    own = {o for p in cmd.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)}
    subs = cmd.commands.values() if isinstance(cmd, click.Group) else ()
    return own.union(*(_option_names(c) for c in subs)) | {"-h", "--help"}


def test_every_subcommand_and_option_the_docs_name_exists() -> None:
    commands: dict[str, click.Command] = main.commands  # type: ignore[attr-defined]
    found = named_invocations()
    assert len(found) > 50 and {sub for _, sub, _ in found} >= {"play", "serve", "ladder", "train-evaluator"}
    wrong = [(f, sub) for f, sub, _ in found if sub not in commands]
    assert wrong == []
    bad = [(f, sub, o) for f, sub, opts in found for o in opts if o not in _option_names(commands[sub])]
    assert bad == []


def test_the_invocation_scan_reads_subcommands_and_options() -> None:
    text = (
        "Run `heliopolis play ra -s human,random [--seed S]` or\n```sh\nheliopolis --lang de tournament ra -n 3 "
        "-O x=1 | tee log   # --not-an-option\n```\n(`heliopolis build: pure` is output, `heliopolis.new_game` code)"
    )
    assert [(sub, opts) for sub, opts, _ in invocations(text)] == [("play", ["-s", "--seed"]),
                                                                   ("tournament", ["-n", "-O"])]  # fmt: skip
    assert "--frobnicate" not in _option_names(main.commands["play"])  # type: ignore[attr-defined]


def test_the_documented_training_sizes_are_the_shipped_models() -> None:
    """Each ``train-evaluator`` command in the docs trains what ``docs/results/learned/GAME/heldout.json``
    records (games per player count, held out, player counts): the Men-Nefer sizes had drifted."""
    cmd = main.commands["train-evaluator"]  # type: ignore[attr-defined]
    learned = ROOT / "docs" / "results" / "learned"
    games = sorted(d.name for d in learned.iterdir() if (d / "heldout.json").exists())
    seen = set()
    for path in (ROOT / "docs" / "bots-and-arena.md", ROOT / "docs" / "results" / "README.md"):
        for sub, _, args in invocations(path.read_text(encoding="utf-8")):
            words = shlex.split(args) if sub == "train-evaluator" else []
            if not words or words[0] not in games:
                continue
            params = cmd.make_context("train-evaluator", list(words)).params  # click consumes its list
            held = json.loads((learned / words[0] / "heldout.json").read_text())
            info = game_class(words[0]).info  # no --players: every count the game supports
            counts = params["players"] or ",".join(map(str, range(info.min_players, info.max_players + 1)))
            documented = (params["games"], params["holdout"], sorted(int(n) for n in counts.split(",")))
            assert documented == (held["games_per_count"], held["holdout_games"], sorted(map(int, held["heldout"]))), (
                path.name,
                words[0],
            )
            seen.add((path.name, words[0]))
    assert seen == {(f, g) for f in ("bots-and-arena.md", "README.md") for g in games}, seen

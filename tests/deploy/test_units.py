"""The systemd units and environment file under deploy/ (docs/deploy.md): systemd accepts them, and
what they pass to ``heliopolis`` is what the command reads."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from heliopolis.cli import main

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
VENV_BIN = "/opt/heliopolis/.venv/bin/heliopolis"


def _serve() -> click.Command:
    return main.commands["serve"]  # type: ignore[attr-defined]


def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is missing (Debian package systemd): the units are not verified")
    exe = Path(sys.executable).with_name("heliopolis")
    for unit in UNITS.glob("heliopolis*.*"):
        if unit.suffix in (".service", ".timer"):
            (tmp_path / unit.name).write_text(unit.read_text().replace(VENV_BIN, str(exe)))
    names = [str(tmp_path / n) for n in ("heliopolis@8001.service", "heliopolis-backup.service",
                                         "heliopolis-backup.timer")]  # fmt: skip
    (tmp_path / "heliopolis@8001.service").symlink_to(tmp_path / "heliopolis@.service")
    r = subprocess.run([analyze, "verify", "--man=no", *names], capture_output=True, text=True, cwd=tmp_path)
    # An unknown key or a bad value is only a warning (exit 0): any word about our files fails.
    problems = [ln for ln in (r.stdout + r.stderr).splitlines() if "heliopolis" in ln]
    assert r.returncode == 0 and problems == [], r.stdout + r.stderr


def test_the_instance_unit_runs_serve_with_options_it_has() -> None:
    line = next(ln for ln in (UNITS / "heliopolis@.service").read_text().splitlines() if ln.startswith("ExecStart="))
    argv = line.removeprefix("ExecStart=").split()
    assert argv[0] == VENV_BIN and argv[1] == "serve"
    known = {o for p in _serve().params for o in getattr(p, "opts", ())}
    assert [a for a in argv[2:] if a.startswith("-") and a not in known] == []


def test_the_environment_file_sets_only_variables_serve_reads() -> None:
    envvars = {p.envvar for p in _serve().params if isinstance(p, click.Option) and p.envvar} | {"HELIOPOLIS_DB"}
    text = (UNITS / "heliopolis.env").read_text()
    names = re.findall(r"^#?(HELIOPOLIS_[A-Z_]+)=", text, re.M)
    assert names and set(names) <= envvars, set(names) - envvars

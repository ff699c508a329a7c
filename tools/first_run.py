"""A newcomer's first run, timed: a fresh clone's `make serve` until it answers HTTP, then `make play`.

    python3 tools/first_run.py NAME CACHE_DIR [REF]

Clones this checkout into /tmp/first-run-NAME (at REF, default HEAD), runs `make serve PORT=<free port>`
with the build cache in CACHE_DIR (an empty directory: a cold build; the same one again: a warm cache),
prints the wall and CPU seconds (the whole process tree) until the server answers, stops it, then times
`make play GAME=ra SEATS=random,random,random` until the game's first line. Figures in
docs/compiled-build.md, "Build once". Standard library only: it runs before any venv exists.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid``, its reaped children and its live descendants."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    return sum(int(x) for x in fields[11:15]) / TICK + sum(tree_cpu(int(k)) for k in kids)


def load() -> str:
    return Path("/proc/loadavg").read_text().strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(clone: Path, env: dict[str, str]) -> None:
    port = free_port()
    t0 = time.time()
    with open(clone / "serve.log", "w") as log:
        p = subprocess.Popen(["make", "serve", f"PORT={port}"], cwd=clone, env=env, stdout=log,
                             stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    cpu = 0.0
    while True:
        cpu = max(cpu, tree_cpu(p.pid))
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            break
        except OSError:
            if p.poll() is not None:
                sys.exit(f"make serve exited with {p.returncode}: see {clone / 'serve.log'}")
            time.sleep(0.25)
    print(f"make serve: serving after {time.time() - t0:.1f} s wall, {max(cpu, tree_cpu(p.pid)):.1f} s CPU")
    os.killpg(p.pid, signal.SIGTERM)
    p.wait(timeout=30)


def play(clone: Path, env: dict[str, str]) -> None:
    t0 = time.time()
    p = subprocess.Popen(["timeout", "60", "make", "play", "GAME=ra", "SEATS=random,random,random"], cwd=clone,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                         text=True, start_new_session=True)  # fmt: skip
    assert p.stdout is not None
    first = None
    for line in p.stdout:  # make's own echo lines come first: the game's header is the first line of play
        if first is None and not line.startswith((".venv/bin/", "echo ")) and "in the terminal; seats" not in line:
            first = (time.time() - t0, tree_cpu(p.pid), line.strip()[:60])
    code = p.wait()
    if first is None:
        sys.exit(f"make play printed no game (exit {code})")
    print(f"make play: first game line after {first[0]:.2f} s wall, {first[1]:.2f} s CPU ({first[2]!r}); exit {code}")


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    name, cache = sys.argv[1], sys.argv[2]
    clone = Path(f"/tmp/first-run-{name}")
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "-q", sys.argv[3] if len(sys.argv) == 4 else "HEAD"], cwd=clone, check=True)
    env = {k: v for k, v in os.environ.items() if k != "HELIOPOLIS_PURE"} | {"HELIOPOLIS_BUILD_CACHE": cache}
    print("load before:", load(), flush=True)
    serve(clone, env)
    play(clone, env)
    print("load after:", load())


if __name__ == "__main__":
    main()

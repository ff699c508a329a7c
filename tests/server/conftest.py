"""Server fixtures: an app on SQLite or PostgreSQL (``db_url`` is parametrized over both), a
test client, and helpers that play through the HTTP API."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the server tests need the [web] extra")

from fastapi.testclient import TestClient  # noqa: E402

from heliopolis.server.app import Settings, create_app  # noqa: E402

# Rate limits out of the way for tests of something else (the limit tests set their own).
UNLIMITED = {"http_rate": 1000, "http_burst": 1000, "read_rate": 10_000, "read_burst": 10_000, "create_rate": 1000,
             "create_burst": 1000}  # fmt: skip


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2id at its smallest cost in the in-process tests: the server's hasher (RFC 9106 low-memory:
    64 MiB, 3 passes) costs about 0.17 s of CPU a sign-up or login, and these tests make hundreds of
    accounts. Still argon2id, still salted and verified; servers the tests start as processes keep the
    real cost, and tests/server/test_accounts.py checks the real parameters."""
    from argon2 import PasswordHasher

    from heliopolis.server.social import accounts

    monkeypatch.setattr(accounts, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:  # noqa: ANN001
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'heliopolis.db'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def client(db_url: str):  # noqa: ANN201
    app = create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))
    with TestClient(app) as c:
        yield c


def create(client, seats, players=None, join=0, **options):  # noqa: ANN001, ANN002, ANN003, ANN201
    body = {
        "game": "ra",
        "players": players or len(seats),
        "options": options,
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    if join is not None:
        body["join"] = join
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seat_protocols(token: str) -> list[str]:
    """WebSocket subprotocols that authenticate a seat, as the browser client offers them."""
    return ["heliopolis", f"heliopolis.token.{token}"]


def state(client, gid: str, token: str | None = None) -> dict:  # noqa: ANN001
    r = client.get(f"/api/games/{gid}/state", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(client, gid: str, token: str | None, pred, timeout: float = 30.0) -> dict:  # noqa: ANN001
    """Polls the state until ``pred(state)`` (bots move in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        s = state(client, gid, token)
        if pred(s):
            return s
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting; last state: status={s['status']} to_move={s['to_move']}")
        time.sleep(0.02)


def play_out(client, gid: str, tokens: dict[int, str], seed: int = 0, max_moves: int = 2000) -> dict:  # noqa: ANN001
    """Plays random legal actions for the seats in ``tokens`` until the game ends."""
    rng = random.Random(seed)
    any_token = next(iter(tokens.values()))
    for _ in range(max_moves):
        s = wait_for(client, gid, any_token, lambda s: s["status"] == "finished" or s["to_move"] in tokens)
        if s["status"] == "finished":
            return s
        seat = s["to_move"]
        mine = state(client, gid, tokens[seat])
        if mine["to_move"] != seat:
            continue
        a = rng.choice(mine["legal"])
        r = client.post(f"/api/games/{gid}/actions", json={"action": a["id"], "version": mine["version"]},
                        headers=auth(tokens[seat]))  # fmt: skip
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SEED_FILES: dict[str, Path] = {}  # a seeded server's address -> the file its next table's seed is read from


def next_table_seed(url: str, seed: int) -> None:
    """The private seed of the next tables created on the ``seeded`` server at ``url`` (until the next
    call): with it and the same moves of the test's own seats, the bots and chance play the same game."""
    SEED_FILES[url].write_text(str(seed), encoding="utf-8")


class ServerProcess:
    """``heliopolis serve`` in a subprocess (for SIGKILL and multi-instance tests). ``seeded``: the
    tables' seeds are the test's (``next_table_seed``; tests/server/seeded_serve.py)."""

    def __init__(self, db: str, port: int | None = None, bot_delay: float = 0.0, args: tuple[str, ...] = (),
                 seeded: bool = False) -> None:  # fmt: skip
        self.db, self.port, self.bot_delay, self.args = db, port or free_port(), bot_delay, args
        self.proc: subprocess.Popen | None = None
        self.url = f"http://127.0.0.1:{self.port}"
        self.seeded = seeded

    def _command(self) -> tuple[list[str], dict[str, str]]:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if not self.seeded:
            return [str(Path(sys.executable).with_name("heliopolis"))], env
        seeds = Path(tempfile.mkdtemp(prefix="heliopolis-seed-")) / "seed"
        seeds.write_text("", encoding="utf-8")
        SEED_FILES[self.url] = seeds
        root = str(Path(__file__).resolve().parents[2])  # the checkout: ``tests`` importable in the server
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        env["HELIOPOLIS_TEST_SEED_FILE"] = str(seeds)
        return [sys.executable, "-m", "tests.server.seeded_serve"], env

    def start(self) -> ServerProcess:
        cmd, env = self._command()
        self.proc = subprocess.Popen([*cmd, "serve", "--db", self.db, "--port", str(self.port),
                                      "--bot-delay", str(self.bot_delay), *self.args], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        deadline = time.monotonic() + 90  # a machine loaded by other jobs starts a server slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()  # not left running (with its bot workers) after the failed test
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        seeds = SEED_FILES.pop(self.url, None)
        if seeds is not None:
            seeds.unlink(missing_ok=True)
            seeds.parent.rmdir()


def apply_delta(held: dict, d: dict) -> dict:
    """What the browser client does with a ``delta`` message (js/game.js onDelta)."""
    assert d["base"] == held["version"], (d["base"], held["version"])
    m = {**held, **d.get("set", {}), "version": d["version"]}
    if "view" in d or "view_del" in d:
        m["view"] = {k: v for k, v in {**held["view"], **d.get("view", {})}.items() if k not in d.get("view_del", ())}
    m["log"] = held["log"] + d.get("log", [])
    return m

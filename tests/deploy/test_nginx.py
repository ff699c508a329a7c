"""The deployment of docs/deploy.md, run: Debian's nginx with deploy/nginx/heliopolis.conf (only its
ports, paths and certificate replaced) in front of two ``heliopolis serve`` instances on one
PostgreSQL, TLS with a self-signed certificate, everything on loopback.

Checked through the proxy: the lobby, the static files' cache, the request-size limit, the client
address the rate limits see (nginx's X-Forwarded-For, never the client's), and a game with live
updates over the proxied WebSocket that one instance's SIGKILL does not stop: the other one finishes
it. Skipped with the reason where nginx, openssl or PostgreSQL is missing (``make test`` installs
and starts them: tools/ci_services.sh).
"""

from __future__ import annotations

import asyncio
import os
import pwd
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.conftest import pg_database
from tests.deploy.loader import Seat, lost_moves
from tests.server.conftest import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx" / "heliopolis.conf"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
# The server's trusted proxy is nginx on 127.0.0.1; a create burst of 1 per client address (the
# bucket is shared by both instances in PostgreSQL) makes the address the server sees visible.
SERVER_ARGS = ("--forwarded-allow-ips", "127.0.0.1", "--create-rate", "0.05")
TWO_HUMANS = {"game": "ra", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def site_config(backends: tuple[int, int], https: int, http: int, cert: Path, key: Path, cache: Path) -> str:
    """deploy/nginx/heliopolis.conf with the test's ports, files and loopback-only listeners."""
    text = SITE.read_text()
    subs = {
        "server 127.0.0.1:8001 ": f"server 127.0.0.1:{backends[0]} ",
        "server 127.0.0.1:8002 ": f"server 127.0.0.1:{backends[1]} ",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https} ssl http2;",
        "listen [::]:443 ssl http2;": "",
        "listen 80;": f"listen 127.0.0.1:{http};",
        "listen [::]:80;": "",
        "/etc/letsencrypt/live/play.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/play.example.org/privkey.pem": str(key),
        "/var/cache/nginx/heliopolis": str(cache),
    }
    for old, new in subs.items():
        assert old in text, f"{SITE.name} no longer holds {old!r}: update this test's substitutions"
        text = text.replace(old, new)
    return text


def main_config(tmp: Path, site: Path) -> str:
    """A minimal nginx.conf (Debian's includes the site from sites-enabled/ the same way)."""
    temps = "\n".join(f"    {k}_temp_path {tmp / k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""  # workers read tmp files
    return f"""{user}
daemon off;
worker_processes 1;
pid {tmp / "nginx.pid"};
error_log {tmp / "error.log"} warn;
events {{ worker_connections 512; }}
http {{
    include /etc/nginx/mime.types;
    access_log {tmp / "access.log"};
{temps}
    include {site};
}}
"""


def self_signed(tmp: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is missing (Debian package openssl): no certificate for the TLS proxy test")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)  # fmt: skip
    return cert, key


def wait_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"nginx exited: {log.read_text() if log.exists() else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("nginx did not listen")


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[dict]:
    if NGINX is None:
        pytest.skip("nginx is not installed (make test installs Debian's nginx: tools/ci_services.sh)")
    cert, key = self_signed(tmp_path)
    with pg_database() as db, ThreadPoolExecutor(2) as pool:
        t = time.monotonic()
        servers = list(pool.map(lambda _: ServerProcess(db, args=SERVER_ARGS).start(), range(2)))
        print(f"\ntwo instances started: {time.monotonic() - t:.1f} s")
        https, http = free_port(), free_port()
        site, conf = tmp_path / "heliopolis.conf", tmp_path / "nginx.conf"
        site.write_text(site_config((servers[0].port, servers[1].port), https, http, cert, key, tmp_path / "cache"))
        conf.write_text(main_config(tmp_path, site))
        # -e: the error log before the configuration is read (not the system's /var/log/nginx)
        args = [NGINX, "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(conf)]
        check = subprocess.run([*args, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        nginx = subprocess.Popen(args, stderr=subprocess.DEVNULL)
        try:
            wait_port(https, nginx, tmp_path / "error.log")
            tls = ssl.create_default_context(cafile=str(cert))
            yield {"url": f"https://127.0.0.1:{https}", "http": f"http://127.0.0.1:{http}", "tls": tls,
                   "servers": servers}  # fmt: skip
        finally:
            nginx.terminate()
            nginx.wait(10)
            for s in servers:
                s.stop()


def client(p: dict, source: str = "127.0.0.1") -> httpx.Client:
    """An HTTPS client of the proxy from the loopback address ``source`` (a 'different person')."""
    return httpx.Client(base_url=p["url"], timeout=30, transport=httpx.HTTPTransport(verify=p["tls"],
                        local_address=source))  # fmt: skip


def check_lobby_and_static(p: dict) -> None:
    with client(p) as c:
        page = c.get("/")
        assert page.status_code == 200 and "lobby.js" in page.text
        assert "max-age=31536000" in page.headers["strict-transport-security"]  # nginx
        assert "default-src 'self'" in page.headers["content-security-policy"]  # the server's, passed on
        assert c.get("/api/games").json()["games"] == []
        asset = re.search(r'"(/static/[^"?]+\?v=[^"]+)"', page.text)
        assert asset, "the lobby names no versioned static file"
        first, again = c.get(asset.group(1)), c.get(asset.group(1))
        assert first.status_code == again.status_code == 200
        assert "immutable" in again.headers["cache-control"] and "max-age=31536000" in again.headers["cache-control"]
        assert again.headers["x-cache-status"] == "HIT"  # nginx answered the repeat itself
        big = c.post("/api/import", content=b"x" * (300 * 1024), headers={"Content-Type": "text/plain"})
        assert big.status_code == 413  # client_max_body_size: refused before it reaches a server
    plain = httpx.get(p["http"] + "/my", timeout=10)
    assert plain.status_code == 301 and plain.headers["location"].startswith("https://")


def check_client_address(p: dict) -> None:
    """The create limit (1 per address, shared by both instances) counts the address nginx saw."""
    with client(p, "127.0.0.2") as two, client(p, "127.0.0.3") as three:
        assert two.post("/api/games", json=TWO_HUMANS, headers={"X-Forwarded-For": "203.0.113.7"}).status_code == 201
        spoofed = two.post("/api/games", json=TWO_HUMANS, headers={"X-Forwarded-For": "203.0.113.8"})
        assert spoofed.status_code == 429, "a client's own X-Forwarded-For was trusted"
        assert three.post("/api/games", json=TWO_HUMANS).status_code == 201, "the server saw nginx, not the client"
    # Straight to an instance (not from nginx's address): its X-Forwarded-For is not trusted either.
    direct = httpx.Client(base_url=p["servers"][0].url, timeout=30,
                          transport=httpx.HTTPTransport(local_address="127.0.0.4"))  # fmt: skip
    with direct:
        assert direct.post("/api/games", json=TWO_HUMANS, headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 201
        again = direct.post("/api/games", json=TWO_HUMANS, headers={"X-Forwarded-For": "203.0.113.10"})
        assert again.status_code == 429


async def play_and_kill(p: dict, seats: list[Seat]) -> None:
    stop = asyncio.Event()
    tasks = [asyncio.create_task(s.play(stop)) for s in seats]
    while sum(len(s.acks) for s in seats) < 6:  # mid-game
        assert not any(t.done() for t in tasks), "the game ended before the kill"
        await asyncio.sleep(0.02)
    await asyncio.to_thread(p["servers"][0].kill)  # SIGKILL: no drain, no hand-off
    await asyncio.wait_for(asyncio.gather(*tasks), 180)


def check_game_survives_a_kill(p: dict) -> None:
    with client(p) as c:
        g = c.post("/api/games", json={"game": "ra", "players": 3, "join": 0, "seats": [
            {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()  # fmt: skip
        other = c.post(f"/api/games/{g['id']}/join", json={}).json()
    seats = [Seat([p["url"]], g["id"], g["token"], seed=1, tls=p["tls"]),
             Seat([p["url"]], g["id"], other["token"], seed=2, tls=p["tls"])]  # fmt: skip
    asyncio.run(play_and_kill(p, seats))
    a, b = (s.final for s in seats)
    assert p["servers"][0].proc.poll() is not None  # it is dead: the other instance finished the game
    assert a is not None and b is not None and a["status"] == b["status"] == "finished"
    assert a["log"] == b["log"]
    # least_conn put the two WebSockets on different instances: the killed one's came back by itself.
    assert sum(s.drops for s in seats) >= 1 and all(len(s.reconnects) == s.drops for s in seats)
    assert lost_moves(seats, {g["id"]: a["log"]}) == 0
    with client(p) as c:
        assert c.get(f"/api/games/{g['id']}").json()["status"] == "finished"


def test_two_instances_behind_nginx_with_tls(proxy):
    t = time.monotonic()
    for step in (check_lobby_and_static, check_client_address, check_game_survives_a_kill):  # last: kills one
        step(proxy)
        print(f"{step.__name__}: {time.monotonic() - t:.1f} s")
        t = time.monotonic()

#!/usr/bin/env python3
"""Page weight and first paint of every page, on a cold load from loopback, in Chromium (issue 28).

Starts ``heliopolis serve`` on a fresh SQLite file (as bench_server.py), creates one game of each kind
(a human seat and random bots) and plays a few moves, then loads each page in a new browser context
(an empty cache) and prints, from Chromium's performance API (navigation + resource timing, paint
timing):

* ``wire KB``: bytes transferred (headers and bodies as sent, i.e. compressed), all requests of the
  page until it is idle (the WebSocket's frames are not counted: resource timing has no entry for them);
* ``plain KB``: the same bodies uncompressed (decodedBodySize) — what the page weighed before compression;
* ``identity KB``: a second cold load whose requests say ``Accept-Encoding: identity`` (measured, not computed);
* ``i18n KB``: of ``wire KB``, the catalogue parts (``/api/i18n/<lang>`` shared, ``/<lang>/<game>`` a game's), listed after the table;
* ``warm KB``: a reload in the same context (versioned assets come from the cache without a request);
* ``FP ms`` / ``FCP ms``: first paint and first contentful paint of the cold load;
* ``requests``: how many.

Then server CPU per move over HTTP (``POST /api/games/{id}/actions``, whose answer is the state JSON)
with and without ``Accept-Encoding: gzip``, alternating blocks, from /proc (the server process).
Figures are printed, not asserted (a benchmark, not a timed test).

Usage: ``python bench/bench_pages.py [--moves 300] [--blocks 6] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import Server, proc_cpu_seconds  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
GAMES = {"ra": {"edition": "2009"}, "ra-dice": {}, "helios": {}, "men-nefer": {}}
WEIGHT = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const all = [nav, ...performance.getEntriesByType('resource')];
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
  const i18n = all.filter((e) => e.name.includes('/api/i18n/'));
  return { wire: all.reduce((s, e) => s + e.transferSize, 0), plain: all.reduce((s, e) => s + e.decodedBodySize, 0),
           i18n: i18n.reduce((s, e) => s + e.transferSize, 0), parts: i18n.map((e) => new URL(e.name).pathname.slice(10)),
           requests: all.filter((e) => e.transferSize > 0).length, fp: paint['first-paint'], fcp: paint['first-contentful-paint'] };
}"""


def play(url: str, gid: str, token: str, moves: int, rng: random.Random, headers: dict | None = None) -> int:
    """Random legal moves for the seat of ``token`` (the bots answer); the moves made."""
    auth = {"Authorization": f"Bearer {token}", **(headers or {})}
    done = 0
    with httpx.Client(base_url=url, headers=auth, timeout=30) as c:
        state = c.get(f"/api/games/{gid}/state").json()
        while done < moves and state["status"] != "finished":
            if not state["legal"]:
                time.sleep(0.02)
                state = c.get(f"/api/games/{gid}/state").json()
                continue
            r = c.post(
                f"/api/games/{gid}/actions",
                json={"action": rng.choice(state["legal"])["id"], "version": state["version"]},
            )
            if r.status_code == 429:
                time.sleep(0.2)
                continue
            state = r.json() if r.status_code == 200 else c.get(f"/api/games/{gid}/state").json()
            done += r.status_code == 200
    return done


def create(url: str, game: str, seats: list[str], options: dict) -> dict:
    body = {"game": game, "players": len(seats), "join": 0, "options": options,
            "seats": [{"kind": "human", "name": "Ann"} if k == "human" else {"kind": "bot", "bot": k} for k in seats]}  # fmt: skip
    r = httpx.post(f"{url}/api/games", json=body, timeout=30)
    r.raise_for_status()
    return r.json()


def load(browser, url: str, page_path: str, headers: dict | None = None) -> dict:  # noqa: ANN001
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, extra_http_headers=headers or {})
    page = ctx.new_page()
    page.goto(url + page_path, wait_until="networkidle")
    cold = page.evaluate(WEIGHT)
    page.reload(wait_until="networkidle")
    cold["warm"] = page.evaluate(WEIGHT)["wire"]
    ctx.close()
    return cold


def pages(url: str) -> dict[str, str]:
    rng = random.Random(28)
    out = {"lobby": "/", "leaderboard": "/leaderboard", "my": "/my", "rules": "/rules/ra"}
    for game, options in GAMES.items():
        g = create(url, game, ["human", "random", "random"], options)
        play(url, g["id"], g["token"], 4, rng)
        out[f"game {game}"] = f"/g/{g['id']}"
    return out


def weights(url: str) -> list[dict]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, path in pages(url).items():
            row = load(browser, url, path)
            row["identity"] = load(browser, url, path, {"Accept-Encoding": "identity"})["wire"]
            rows.append({"page": name, **row})
        browser.close()
    return rows


def cpu_per_move(server: Server, moves: int, blocks: int) -> dict[str, float]:
    """Server CPU ms per HTTP move (the move's POST and the state GET before it), gzip and identity
    alternating; each block a new two-seat Ra game whose seats are both played here."""
    rng = random.Random(7)
    spent = {"gzip": [0.0, 0], "identity": [0.0, 0]}
    for b in range(blocks):
        enc = "gzip" if b % 2 == 0 else "identity"
        g = create(server.url, "ra", ["human", "human"], {"edition": "2009"})
        other = httpx.post(f"{server.url}/api/games/{g['id']}/join", json={}, timeout=30).json()
        clients = [httpx.Client(base_url=server.url, timeout=30, headers={"Authorization": f"Bearer {tok}", "Accept-Encoding": enc})
                   for tok in (g["token"], other["token"])]  # fmt: skip
        before, n = proc_cpu_seconds(server.proc.pid), 0
        while n < moves:
            states = [c.get(f"/api/games/{g['id']}/state").json() for c in clients]
            if states[0].get("status") == "finished":
                break
            mover = next((i for i, st in enumerate(states) if st.get("legal")), None)
            if mover is None:
                time.sleep(0.05)
                continue
            st = states[mover]
            r = clients[mover].post(
                f"/api/games/{g['id']}/actions",
                json={"action": rng.choice(st["legal"])["id"], "version": st["version"]},
            )
            n += r.status_code == 200
        spent[enc][0] += proc_cpu_seconds(server.proc.pid) - before
        spent[enc][1] += n
        for c in clients:
            c.close()
    return {k: 1000 * s / max(1, n) for k, (s, n) in spent.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=300, help="moves per CPU block")
    ap.add_argument("--blocks", type=int, default=6, help="CPU blocks, gzip and identity alternating")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    server = Server(f"sqlite:///{tmp / 'pages.db'}", tmp / "server.log").start()
    try:
        rows = weights(server.url)
        cpu = cpu_per_move(server, a.moves, a.blocks)
    finally:
        server.stop()
    kb = lambda n: f"{n / 1024:7.1f}"  # noqa: E731
    print(
        f"{'page':18} {'wire KB':>8} {'plain KB':>8} {'identity KB':>11} {'i18n KB':>8} {'warm KB':>8} {'FP ms':>6} {'FCP ms':>6} {'requests':>8}"
    )
    for r in rows:
        print(f"{r['page']:18} {kb(r['wire']):>8} {kb(r['plain']):>8} {kb(r['identity']):>11} {kb(r['i18n']):>8} {kb(r['warm']):>8} "
              f"{r['fp'] or 0:6.0f} {r['fcp'] or 0:6.0f} {r['requests']:8d}")  # fmt: skip
    for r in rows:
        print(f"  catalogue parts of {r['page']}: {', '.join(r['parts']) or '-'}")
    print(f"server CPU per HTTP move: gzip {cpu['gzip']:.2f} ms, identity {cpu['identity']:.2f} ms")
    if a.json:
        Path(a.json).write_text(json.dumps({"pages": rows, "cpu_ms_per_move": cpu}, indent=1))


if __name__ == "__main__":
    main()

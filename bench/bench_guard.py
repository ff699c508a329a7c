#!/usr/bin/env python3
"""Cost of the server's input guards, each beside its baseline measured in the same run.

Rows:

* ``json.loads`` (baseline) vs ``parse_json_document`` (depth pre-scan + bounded numbers), on a saved
  Ra game (the body ``POST /api/import`` expects) and on a 256 KiB body (the largest accepted);
* a bare ASGI app (baseline) vs the same app behind ``guard.Guard`` (three per-client token buckets and
  the security headers), per request, for a GET (read bucket) and a POST (write bucket).

Only imports parse with the guarded parser; every HTTP request passes the Guard. WebSocket messages
are unaffected (pydantic's Rust parser with its own recursion limit, as before).

Usage: ``python bench/bench_guard.py [--seconds 1]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from types import SimpleNamespace

from heliopolis.core.registry import new_game
from heliopolis.server.transport.guard import Guard
from heliopolis.server.transport.protocol import parse_json_document


def per_call(fn, seconds: float) -> float:  # noqa: ANN001
    n, t0 = 0, time.perf_counter()
    while True:
        for _ in range(50):
            fn()
        n += 50
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return dt / n


def saved_game() -> bytes:
    s, rng = new_game("ra", players=4), random.Random(7)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return json.dumps(s.to_dict()).encode()


async def bare(scope, receive, send) -> None:  # noqa: ANN001
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b"{}"})


def asgi_call(app, method: str):  # noqa: ANN001, ANN201
    loop = asyncio.new_event_loop()
    scope = {"type": "http", "method": method, "path": "/api/meta", "client": ("127.0.0.1", 1),
             "headers": [(b"content-length", b"2")]}  # fmt: skip

    async def send(message) -> None:  # noqa: ANN001
        pass

    async def receive():  # noqa: ANN202
        return {"type": "http.request", "body": b"{}"}

    async def many() -> None:
        for _ in range(50):
            await app(scope, receive, send)

    return lambda: loop.run_until_complete(many())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    secs = ap.parse_args().seconds
    rng = random.Random(1)
    big = json.dumps({"history": [rng.randrange(100) for _ in range(45_000)],
                      "notes": ['bid "[3]" {x}'] * 2000}).encode()  # fmt: skip
    print(f"{'row':44} {'per call':>12} {'ratio':>7}")
    for name, raw in (("saved Ra game", saved_game()), ("256 KiB-class body", big)):
        base = per_call(lambda raw=raw: json.loads(raw), secs)
        guarded = per_call(lambda raw=raw: parse_json_document(raw), secs)
        print(f"{'json.loads, ' + name + f' ({len(raw)} B)':44} {base * 1e6:9.1f} us {1:7.2f}")
        print(f"{'parse_json_document, ' + name:44} {guarded * 1e6:9.1f} us {guarded / base:7.2f}")
    limits = SimpleNamespace(http_rate=1e9, http_burst=1e9, read_rate=1e9, read_burst=1e9, create_rate=1e9,
                             create_burst=1e9, ws_per_client=0)  # fmt: skip
    for method in ("GET", "POST"):
        base = per_call(asgi_call(bare, method), secs) / 50
        guarded = per_call(asgi_call(Guard(bare, limits), method), secs) / 50
        print(f"{'bare ASGI app, ' + method:44} {base * 1e6:9.1f} us {1:7.2f}")
        print(f"{'behind Guard, ' + method:44} {guarded * 1e6:9.1f} us {guarded / base:7.2f}"
              f"   (+{(guarded - base) * 1e6:.1f} us per request)")  # fmt: skip


if __name__ == "__main__":
    main()

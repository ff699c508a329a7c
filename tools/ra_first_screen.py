#!/usr/bin/env python3
"""The first screen of a Ra game page (issue 28): where the status, the board's acting controls (bag,
Ra track, suns, pass) and the bottom of the shared table sit, at 1280 × 800 and 390 × 844, in English
and German, on the seat's turn and in an auction. Needs the [web,dev] extras and Chromium.

Usage: ``python tools/ra_first_screen.py [--players 3] [--seed 6]``
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import ARGS, play_until  # noqa: E402
from screenshots_i18n import LOCALES, PHONE, _start  # noqa: E402

from tests.server.conftest import ServerProcess  # noqa: E402

VIEWS = {"1280x800": {"viewport": {"width": 1280, "height": 800}}, "390x844": PHONE}
MEASURE = """() => { const r = (e) => e.getBoundingClientRect();
  const acts = [...document.querySelectorAll('#board [data-action]')];
  return { status: Math.round(r(document.querySelector('#status')).bottom),
    first: acts.length ? Math.round(Math.min(...acts.map((e) => r(e).top))) : null,
    last: acts.length ? Math.round(Math.max(...acts.map((e) => r(e).bottom))) : null,
    table: Math.round(r(document.querySelector('#ra-table')).bottom),
    svg: document.querySelectorAll('#board svg').length }; }"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3, choices=[2, 3, 4, 5])
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    server = ServerProcess(f"sqlite:///{Path(tempfile.mkdtemp()) / 'ra.db'}", bot_delay=0.0)
    _start(server)
    rng = random.Random(args.seed)
    try:
        seats = [{"kind": "human", "name": "Nefertari"}] + [{"kind": "bot", "bot": "heuristic"}] * (args.players - 1)
        body = {"game": "ra", "players": args.players, "join": 0, "seats": seats,
                "options": {"edition": "1999" if args.players == 5 else "2009"}}  # fmt: skip
        g = httpx.post(f"{server.url}/api/games", json=body, timeout=20).json()
        stops = {
            "turn": lambda s: s["view"]["phase"] == "turn" and any(a["notation"] == "draw" for a in s["legal"]),
            "auction": lambda s: s["view"]["phase"] == "auction" and any(a["notation"].startswith("bid:") for a in s["legal"]),
        }  # fmt: skip
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
            print("position  language viewport  status  first-control  last-control  table-bottom  svg")
            for position, stop in stops.items():
                play_until(server.url, g["id"], g["token"], rng, lambda s, stop=stop: bool(s["legal"]) and stop(s))
                for lang, locale in LOCALES.items():
                    for name, view in VIEWS.items():
                        ctx = browser.new_context(locale=locale, **view)
                        ctx.add_init_script(f"localStorage.setItem('heliopolis:token:{g['id']}', {g['token']!r})")
                        page = ctx.new_page()
                        page.goto(f"{server.url}/g/{g['id']}")
                        page.wait_for_selector("#conn[data-state='live']")
                        page.wait_for_selector("#ra-table")
                        page.wait_for_timeout(600)
                        m = page.evaluate(MEASURE)
                        print(f"{position:9} {lang:8} {name:9} {m['status']:6}  {m['first']!s:13}  {m['last']!s:12}"
                              f"  {m['table']:12}  {m['svg']}")  # fmt: skip
                        ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

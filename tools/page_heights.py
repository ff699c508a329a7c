#!/usr/bin/env python3
"""Heights of the Men-Nefer game page in a mid-game position (issue 16): the whole page and the main
board, at 1280 × 860 and 390 × 844, in English and German. Needs the [web,dev] extras and Chromium.

Usage: ``python tools/page_heights.py [--players 3] [--seed 16]``
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
from screenshots_i18n import DESK, LOCALES, PHONE, _start  # noqa: E402

from tests.server.conftest import ServerProcess  # noqa: E402

MEASURE = """() => ({ page: document.documentElement.scrollHeight,
  main: Math.round(document.querySelector('#mn-main').getBoundingClientRect().height),
  since: !!document.querySelector('#since-box:not([hidden])') })"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3, choices=[2, 3, 4])
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    server = ServerProcess(f"sqlite:///{Path(tempfile.mkdtemp()) / 'heights.db'}", bot_delay=0.0)
    _start(server)
    try:
        seats = [{"kind": "human", "name": "Nefertari"}] + [{"kind": "bot", "bot": "heuristic"}] * (args.players - 1)
        g = httpx.post(f"{server.url}/api/games", json={"game": "men-nefer", "players": args.players, "join": 0, "seats": seats},
                       timeout=20).json()  # fmt: skip
        play_until(
            server.url, g["id"], g["token"], random.Random(args.seed), lambda s: s["view"]["era"] >= 2 and s["legal"]
        )
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
            print("language viewport   page  main-board  since-box")
            for lang, locale in LOCALES.items():
                for name, view in (
                    ("1280x860", {**DESK, "viewport": {"width": 1280, "height": 860}}),
                    ("390x844", PHONE),
                ):
                    ctx = browser.new_context(locale=locale, **view)
                    ctx.add_init_script(f"localStorage.setItem('heliopolis:token:{g['id']}', {g['token']!r})")
                    page = ctx.new_page()
                    page.goto(f"{server.url}/g/{g['id']}")
                    page.wait_for_selector("#conn[data-state='live']")
                    page.wait_for_selector("#mn-main")
                    page.wait_for_timeout(800)
                    m = page.evaluate(MEASURE)
                    print(f"{lang:8} {name:9} {m['page']:6} {m['main']:11} {'open' if m['since'] else 'closed':>10}")
                    ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

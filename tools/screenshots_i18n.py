#!/usr/bin/env python3
"""Screenshots of each game page in English and German for docs/screenshots/: ``<game>-<lang>.png``
(desktop), ``<game>-<lang>-phone.png`` and ``<game>-<lang>-rules.png`` (the rules panel, open); for the games
in ``FINAL`` also the end of a game, ``<game>-<lang>-final.png`` (the whole page) and ``-final-phone.png``.
The browser's locale picks the language, as for a visitor. Needs the [web,dev] extras and Chromium.

Usage: ``python tools/screenshots_i18n.py [--out docs/screenshots] [--games ra,helios]``
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import ARGS, play_until  # noqa: E402

from tests.server.conftest import ServerProcess  # noqa: E402

GAMES = {  # game -> seats, options, the position to show
    "ra": (["human", "heuristic", "heuristic"], {"edition": "2009"},
           lambda s: s["view"]["epoch"] >= 2 and sum(t is not None for t in s["view"]["auction_track"]) >= 3 and s["legal"]),
    "ra-dice": (["human", "heuristic", "random"], {}, lambda s: s["view"]["epoch"] >= 2 and s["legal"]),
    "helios": (["human", "heuristic", "heuristic"], {}, lambda s: s["view"]["round"] >= 2 and s["legal"]),
    "men-nefer": (["human", "heuristic", "heuristic"], {}, lambda s: s["view"]["era"] >= 2 and s["legal"]),
}  # fmt: skip
FINAL = {"men-nefer"}  # games also shown at their end (played to it by the seat's random moves)
LOCALES = {"en": "en-US", "de": "de-DE"}
DESK = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def _start(server: ServerProcess, deadline_s: float = 180.0) -> None:
    """``ServerProcess.start`` with a longer deadline: a loaded machine can take over 30 s to start it."""
    exe = Path(sys.executable).with_name("heliopolis")
    server.proc = subprocess.Popen([str(exe), "serve", "--db", server.db, "--port", str(server.port), "--bot-delay", "0"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if server.proc.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            if httpx.get(server.url + "/api/meta", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.3)
    raise RuntimeError("the server did not start")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    server = ServerProcess(f"sqlite:///{tmp / 'shots.db'}", bot_delay=0.0)
    try:
        _start(server)
    except RuntimeError:
        server.kill()
        raise
    url = server.url
    rng = random.Random(16)
    try:
        made = {}
        for game in args.games.split(","):
            seats, options, stop = GAMES[game]
            body = {"game": game, "players": len(seats), "join": 0, "options": options,
                    "seats": [{"kind": "human", "name": "Nefertari"} if k == "human" else {"kind": "bot", "bot": k}
                              for k in seats]}  # fmt: skip
            g = httpx.post(f"{url}/api/games", json=body, timeout=20).json()
            play_until(url, g["id"], g["token"], rng, stop)
            made[game] = g
            if game in FINAL:
                done = httpx.post(f"{url}/api/games", json=body, timeout=20).json()
                play_until(url, done["id"], done["token"], rng, lambda s: False)
                made[f"{game}-final"] = done
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
            for key, g in made.items():
                game, final = key.removesuffix("-final"), key.endswith("-final")
                views = (
                    (("-final", DESK), ("-final-phone", PHONE))
                    if final
                    else (("", DESK), ("-phone", PHONE), ("-rules", DESK))
                )
                for lang, locale in LOCALES.items():
                    for suffix, view in views:
                        ctx = browser.new_context(locale=locale, **view)
                        page = ctx.new_page()
                        page.goto(url + "/")
                        page.evaluate(
                            "([g, t]) => localStorage.setItem('heliopolis:token:' + g, t)", [g["id"], g["token"]]
                        )
                        page.goto(f"{url}/g/{g['id']}")
                        page.wait_for_selector("#conn[data-state='live']")
                        page.wait_for_timeout(1200)
                        path = out / f"{game}-{lang}{suffix}.png"
                        if suffix == "-rules":  # the rules panel alone, open
                            page.click("#rules-toggle")
                            page.wait_for_selector("#rules-body section")
                            page.locator("#rules-panel").screenshot(path=str(path))
                        else:
                            page.screenshot(path=str(path), full_page=suffix == "-final")
                        print("wrote", path)
                        ctx.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

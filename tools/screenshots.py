#!/usr/bin/env python3
"""Screenshots of the main pages for docs/screenshots/ (lobby, a game of Ra in progress on desktop
and phone, an auction, the final results; Ra: The Dice Game (desktop and phone) and Helios in progress and finished;
Men-Nefer in progress on desktop and phone). Needs the [web,dev] extras and Chromium.

Usage: ``python tools/screenshots.py [--out docs/screenshots] [--lang de] [--games helios]`` (``--lang de``:
the pages in German, as a browser set to German sees them, written as ``<name>-de.png``; ``--games``: only
those games' shots, e.g. ``helios`` or ``ra,ra-dice``; ``lobby`` for the lobby's)
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.conftest import ServerProcess  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def play_until(url: str, gid: str, token: str, rng: random.Random, stop) -> dict:  # noqa: ANN001
    """Plays random moves for the token's seat (bots answer) until ``stop(state)``; none for a game
    left out (``gid`` None, see ``--games``)."""
    if gid is None:
        return {}
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(3000):
        r = httpx.get(f"{url}/api/games/{gid}/state", headers=headers, timeout=10)
        if r.status_code == 429:  # the server's read limit (20/s per client): wait and ask again
            time.sleep(0.3)
            continue
        s = r.json()
        if stop(s) or s["status"] == "finished":
            return s
        if s["legal"]:
            names = {a["notation"]: a["id"] for a in s["legal"]}
            pick = names.get("draw") if "draw" in names and rng.random() < 0.7 else rng.choice(list(names.values()))
            httpx.post(f"{url}/api/games/{gid}/actions", json={"action": pick, "version": s["version"]},
                       headers=headers, timeout=10)  # fmt: skip
    raise RuntimeError("no such position reached")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--lang", choices=["en", "de"], default="en", help="the browser's language")
    ap.add_argument("--games", default="lobby,ra,ra-dice,helios,men-nefer", help="only these games' shots")
    args = ap.parse_args()
    games = set(args.games.split(","))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    server = ServerProcess(f"sqlite:///{tmp / 'shots.db'}", bot_delay=0.0).start()
    url = server.url
    rng = random.Random(3)
    try:

        def create(seats, names, game="ra", options=None):  # noqa: ANN001, ANN202
            if game not in games:
                return {"id": None, "token": None}
            options = {"edition": "2009"} if options is None else options
            body = {"game": game, "players": len(seats), "join": 0, "options": options,
                    "seats": [{"kind": "human", "name": n} if k == "human" else {"kind": "bot", "bot": k, "name": n}
                              for k, n in zip(seats, names)]}  # fmt: skip
            return httpx.post(f"{url}/api/games", json=body, timeout=10).json()

        mid = create(["human", "heuristic", "ismcts", "random"], ["Nefertari", None, None, None])
        play_until(url, mid["id"], mid["token"], rng,
                   lambda s: s["view"]["epoch"] >= 2 and sum(t is not None for t in s["view"]["auction_track"]) >= 3
                   and s["view"]["phase"] == "turn" and s["legal"])  # fmt: skip
        auction = create(["human", "heuristic", "heuristic"], ["Ramses", None, None])
        play_until(
            url,
            auction["id"],
            auction["token"],
            rng,
            lambda s: s["view"]["phase"] == "auction" and s["legal"] and s["view"]["epoch"] >= 2,
        )
        done = create(["human", "heuristic"], ["Hatshepsut", None])
        play_until(url, done["id"], done["token"], rng, lambda s: False)
        dice = create(["human", "heuristic", "random"], ["Khufu", None, None], "ra-dice", {})
        play_until(url, dice["id"], dice["token"], rng, lambda s: s["view"]["epoch"] == 2 and s["legal"])
        dice_done = create(["human", "heuristic", "random"], ["Khufu", None, None], "ra-dice", {})
        play_until(url, dice_done["id"], dice_done["token"], rng, lambda s: False)
        sun = create(["human", "heuristic", "heuristic"], ["Helia", None, None], "helios", {})
        play_until(
            url,
            sun["id"],
            sun["token"],
            rng,
            lambda s: s["view"]["round"] >= 2 and any(a["notation"].startswith("step:") for a in s["legal"]),
        )
        sun_done = create(["human", "heuristic"], ["Helia", None], "helios", {})
        play_until(url, sun_done["id"], sun_done["token"], rng, lambda s: False)
        nefer = create(["human", "heuristic", "heuristic"], ["Nefertiti", None, None], "men-nefer", {})
        play_until(
            url,
            nefer["id"],
            nefer["token"],
            rng,
            lambda s: (
                s["view"]["era"] >= 2
                and s["view"]["round"] >= 3
                and s["legal"]
                and (s["view"]["decision"] or {}).get("kind") == "option"
            ),
        )
        open_game = httpx.post(
            f"{url}/api/games",
            json={
                "game": "ra",
                "players": 3,
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot", "bot": "ismcts"}],
            },
            timeout=10,
        )
        assert open_game.status_code == 201
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)

            def shot(name, path, token=None, gid=None, full=False, **ctx):  # noqa: ANN001, ANN003, ANN202
                game = next(
                    (g for g in ("ra-dice", "helios", "men-nefer", "lobby") if name.startswith(g) or g in name), "ra"
                )
                if game not in games:
                    return
                c = browser.new_context(locale={"en": "en-US", "de": "de-DE"}[args.lang], **ctx)
                if args.lang != "en":
                    name = name.replace(".png", f"-{args.lang}.png")
                page = c.new_page()
                if token:
                    page.goto(url + "/")
                    page.evaluate("([g, t]) => localStorage.setItem('heliopolis:token:' + g, t)", [gid, token])
                page.goto(url + path)
                page.wait_for_timeout(1200)
                page.screenshot(path=str(out / name), full_page=full)
                c.close()
                print("wrote", out / name)

            desk = {"viewport": {"width": 1280, "height": 860}}
            phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 2}  # fmt: skip
            shot("lobby.png", "/", **desk)
            shot("game-4p.png", f"/g/{mid['id']}", mid["token"], mid["id"], **desk)
            shot("auction-3p.png", f"/g/{auction['id']}", auction["token"], auction["id"], **desk)
            shot("final-results.png", f"/g/{done['id']}", done["token"], done["id"], full=True, **desk)
            shot("phone-game.png", f"/g/{mid['id']}", mid["token"], mid["id"], **phone)
            shot("phone-lobby.png", "/", **phone)
            shot("ra-dice-game.png", f"/g/{dice['id']}", dice["token"], dice["id"], **desk)
            shot("ra-dice-phone.png", f"/g/{dice['id']}", dice["token"], dice["id"], **phone)
            shot("ra-dice-final.png", f"/g/{dice_done['id']}", dice_done["token"], dice_done["id"], full=True, **desk)
            shot("ra-dice-final-phone.png", f"/g/{dice_done['id']}", dice_done["token"], dice_done["id"], **phone)
            shot("helios-game.png", f"/g/{sun['id']}", sun["token"], sun["id"], full=True, **desk)
            shot("helios-phone.png", f"/g/{sun['id']}", sun["token"], sun["id"], **phone)
            shot("helios-final.png", f"/g/{sun_done['id']}", sun_done["token"], sun_done["id"], full=True, **desk)
            shot("men-nefer-game.png", f"/g/{nefer['id']}", nefer["token"], nefer["id"], full=True, **desk)
            shot("men-nefer-phone.png", f"/g/{nefer['id']}", nefer["token"], nefer["id"], **phone)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()

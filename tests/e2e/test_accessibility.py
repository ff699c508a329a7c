"""Accessibility (axe-core through axe-playwright-python) and the rules help, in a real browser.

Every page — the lobby, a game page of each of the four games in progress, and the replay view of
a finished game — in English and German (the browser's locale picks the language) on a desktop and
a phone viewport: no serious or critical axe violation, colour contrast included. One server and
one browser for the module; the games are played a little through the HTTP API first so that the
boards hold tiles, markers and legal-move buttons.
"""

from __future__ import annotations

import random

import httpx
import pytest

from heliopolis.core.registry import new_game
from tests.chromium import require_chromium
from tests.e2e.boards import LOCALES

require_chromium()
axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="needs the [dev] extra (axe-playwright-python)"
)

TIMEOUT = 20_000  # ms
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 860}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}
BLOCKING = {"serious", "critical"}
GAMES = {  # game -> (seats, options, how many of the human's moves to play first); random bots: quick
    "ra": (["human", "random", "random"], {"edition": "2009"}, 6),
    "ra-dice": (["human", "random", "random"], {}, 3),
    "helios": (["human", "random", "random"], {}, 4),
    "men-nefer": (["human", "random", "random"], {}, 4),
}


def _create(url: str, game: str, seats: list[str], options: dict) -> dict:
    body = {"game": game, "players": len(seats), "join": 0, "options": options,
            "seats": [{"kind": "human", "name": "Ann"} if k == "human" else {"kind": "bot", "bot": k} for k in seats]}  # fmt: skip
    r = httpx.post(f"{url}/api/games", json=body, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()


def _play(url: str, g: dict, moves: int | None, rng: random.Random) -> dict:
    """Random legal moves for the created seat (bots answer); ``moves=None`` plays to the end."""
    headers = {"Authorization": f"Bearer {g['token']}"}
    done = 0
    for _ in range(5000):
        s = httpx.get(f"{url}/api/games/{g['id']}/state", headers=headers, timeout=20).json()
        if s["status"] == "finished" or (moves is not None and done >= moves and s["legal"]):
            return s
        if s["legal"]:
            pick = rng.choice(s["legal"])["id"]
            httpx.post(f"{url}/api/games/{g['id']}/actions", json={"action": pick, "version": s["version"]},
                       headers=headers, timeout=20)  # fmt: skip
            done += 1
    raise AssertionError("the game did not reach the wanted position")


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("a11y")
    rng = random.Random(16)
    games = {}
    for game, (seats, options, moves) in GAMES.items():
        g = _create(server.url, game, seats, options)
        _play(server.url, g, moves, rng)
        games[game] = g
    # The replay view: a whole random game played here, in-process, and imported (quicker than over HTTP).
    state = new_game("ra", players=2, edition="2009")
    while not state.is_terminal():
        state.apply_action(
            state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    r = httpx.post(f"{server.url}/api/import", json=state.to_dict(), timeout=20)
    assert r.status_code in (200, 201), r.text
    games["replay"] = {"id": r.json()["id"], "token": ""}
    return server.url, games


def _open(browser, url: str, path: str, lang: str, viewport: str, g: dict | None = None):  # noqa: ANN001, ANN202
    ctx = browser.new_context(locale=LOCALES[lang], **VIEWPORTS[viewport])
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    if g is not None:  # the seat's token, as the browser that created the game holds it (no extra page load)
        ctx.add_init_script(
            f"try {{ localStorage.setItem('heliopolis:token:{g['id']}', {g['token']!r}) }} catch (e) {{}}"
        )
    page.goto(url + path)
    return ctx, page


def _violations(page) -> list[str]:  # noqa: ANN001
    res = axe_sync.Axe().run(page)
    bad = [v for v in res.response["violations"] if v.get("impact") in BLOCKING]
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] if isinstance(n["target"][0], str)
            else str(n["target"][0]) for n in v["nodes"][:4]) for v in bad]  # fmt: skip


def _wait_game_page(page) -> None:  # noqa: ANN001
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_function("() => document.querySelector('#board').children.length > 0")
    page.wait_for_selector("#rules-toggle")
    page.wait_for_timeout(300)  # the view's own stylesheet


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_lobby_has_no_serious_accessibility_violation(site, browser, lang, viewport):
    url, _ = site
    ctx, page = _open(browser, url, "/", lang, viewport)
    page.wait_for_selector("#game-select option", state="attached")
    problems = _violations(page)
    ctx.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game", [*GAMES, "replay"])
def test_game_pages_have_no_serious_accessibility_violation_in_both_languages_and_sizes(site, browser, game):
    url, games = site
    g = games[game]
    found: dict[str, list[str]] = {}
    for lang in LOCALES:
        for viewport in VIEWPORTS:
            ctx, page = _open(browser, url, f"/g/{g['id']}", lang, viewport, g if g["token"] else None)
            _wait_game_page(page)
            assert page.evaluate("document.documentElement.lang") == lang
            page.click("#rules-toggle")  # the rules panel is part of the page: check it open
            page.wait_for_selector("#rules-body section")
            if game == "replay":
                page.wait_for_selector("#replay-bar:not([hidden])")
            problems = _violations(page)
            if problems:
                found[f"{lang}/{viewport}"] = problems
            ctx.close()
    assert found == {}, "\n".join(f"{k}: {p}" for k, ps in found.items() for p in ps)

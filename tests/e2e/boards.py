"""What the drawn-board browser tests share (Ra, Ra: The Dice Game, Helios, Men-Nefer): reaching a
position through the HTTP API (waiting out the server's rate limits, so a position never depends on
the machine's speed), opening a seat's page, and the checks every drawn board passes the same way
(the collapsed list of all moves, axe with the legend open)."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

LOCALES = {"en": "en-US", "de": "de-DE"}  # the site's languages, by the browser's locale
TIMEOUT = 20_000  # ms
DESK = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def get(url: str, path: str, token: str) -> dict:
    for _ in range(200):
        r = httpx.get(f"{url}{path}", headers={"Authorization": f"Bearer {token}"}, timeout=20)
        if r.status_code != 429:  # the server's read limit: wait and ask again
            return r.json()
        time.sleep(0.3)
    raise AssertionError("rate-limited for too long")


def state(url: str, g: dict) -> dict:
    """The created seat's state of game ``g`` (``{"id", "token"}``)."""
    return get(url, f"/api/games/{g['id']}/state", g["token"])


def post_move(url: str, g: dict, action: int, version: int, token: str | None = None) -> None:
    """A move of the created seat (or of ``token``'s); refused for the write limit, the same move again
    (a new pick would make the position depend on the machine's speed)."""
    for _ in range(100):
        r = httpx.post(f"{url}/api/games/{g['id']}/actions", json={"action": action, "version": version},
                       headers={"Authorization": f"Bearer {token or g['token']}"}, timeout=20)  # fmt: skip
        if r.status_code != 429:
            return
        time.sleep(0.3)
    raise AssertionError("rate-limited for too long")


class Ended(AssertionError):
    """The game ended before the wanted position (a caller may start another game)."""


def play_until(url: str, g: dict, stop: Callable[[dict], bool], pick: Callable[[dict], int], tries: int = 3000) -> dict:
    """Moves ``pick(state)`` of the created seat (the bots answer) until ``stop(state)`` on its turn."""
    for _ in range(tries):
        s = state(url, g)
        if s["status"] == "finished":
            raise Ended("the game ended before the wanted position")
        if s["legal"] and stop(s):
            return s
        if s["legal"]:
            post_move(url, g, pick(s), s["version"])
        else:
            time.sleep(0.05)
    raise AssertionError("the wanted position was not reached")


def open_board(browser, url: str, g: dict, ready: str, lang: str = "en", view: dict = DESK, css: str | None = None,  # noqa: ANN001
               settle: int = 200, **kw):  # noqa: ANN003, ANN201  # fmt: skip
    """Seat ``g``'s page in a new browser context, once it is live, ``ready`` is drawn and the view's
    own stylesheet (``link[data-view-css=css]``) is applied; returns ``(context, page)``."""
    ctx = browser.new_context(locale=LOCALES[lang], **view, **kw)
    ctx.add_init_script(f"try {{ localStorage.setItem('heliopolis:token:{g['id']}', {g['token']!r}) }} catch (e) {{}}")
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{url}/g/{g['id']}")
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_selector(ready)
    if css is not None:
        page.wait_for_function(
            "(v) => { const l = document.querySelector(`link[data-view-css=${v}]`); return !!(l && l.sheet); }", arg=css
        )
    page.wait_for_timeout(settle)
    return ctx, page


def check_all_moves_fallback(page, s: dict) -> None:  # noqa: ANN001
    """The list of all moves is a collapsed ``<details>``, its summary counts them, and the keyboard
    opens it and reaches a move (focused, not sent)."""
    box = page.locator("details#all-moves")
    assert box.count() == 1 and box.get_attribute("open") is None
    assert not page.locator("#legal [data-action]").first.is_visible()  # not a second full list
    assert str(len(s["legal"])) in page.inner_text("#all-moves > summary")
    page.focus("#all-moves > summary")
    page.keyboard.press("Enter")
    assert box.get_attribute("open") is not None
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.closest('#legal') && document.activeElement.dataset.action")
    assert focused in {a["notation"] for a in s["legal"]}


def legend_violations(open_page: Callable, lang: str, legend: str) -> list[str]:
    """The serious axe violations of a page opened by ``open_page(view)`` on a desk and on a phone,
    with the legend ``legend`` (its ``<details>``) open."""
    from tests.e2e.test_accessibility import _violations  # here: that module is skipped without axe

    problems: list[str] = []
    for view in (DESK, PHONE):
        ctx, page = open_page(view)
        assert page.evaluate("document.documentElement.lang") == lang
        page.click(f"{legend} > summary")
        problems += _violations(page)
        ctx.close()
    return problems

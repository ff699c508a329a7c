"""Issue 16 in the browser: each game played a few moves in German and in English (the browser
context's locale picks the language). The page's language follows, and every log line and every
move button is the server's catalog message rendered in that language with seat names: the page
text is compared with ``heliopolis.locale.render`` of the same structured lines the API returns.

Playwright drives Debian's Chromium (see tests/server/test_browser.py)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import httpx
import pytest

from heliopolis import locale as L
from tests.server.test_browser import _page, _wait_turn_or_end

GAMES = {  # game -> a selector its view draws
    "ra": "#board", "ra-dice": "#board #rd-table", "helios": "#board #he-table", "men-nefer": "#board",
}  # fmt: skip
P_SEAT = re.compile(r"\bP\d\b")


def _pattern(line, lang: str) -> re.Pattern:
    """The text ``line`` must show in ``lang``, with any seat name where a seat is named."""
    marked = L.render(line, lang, lambda i: f"SEATMARK{i}X")
    return re.compile(re.sub(r"SEATMARK\d+X", ".+?", re.escape(marked)))


def _create(page, url: str, game: str) -> str:  # noqa: ANN001
    page.goto(url + "/")
    page.wait_for_selector(f"#game-select option[value='{game}']", state="attached")
    page.select_option("#game-select", game)
    page.select_option("#players-select", "2")
    page.select_option("#seat-kind-1", "bot:random")
    page.click("#create-btn")
    page.wait_for_url("**/g/**")
    page.wait_for_selector(GAMES[game])
    return page.url.rsplit("/", 1)[1]


def _click_a_move(page, rng: random.Random) -> None:  # noqa: ANN001
    toggle = page.locator("#rd-moves-toggle")  # Ra: The Dice Game: the list is a closed fallback
    if toggle.count() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    buttons = page.locator("#legal [data-action]")
    first = buttons.first.element_handle()
    buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_function("(el) => !el.isConnected", arg=first)  # the move list was rendered anew


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("en-US", "en")])
def test_a_few_moves_show_log_and_moves_in_the_browser_language(server, browser, game, locale, lang):  # noqa: F811
    page = _page(browser, locale=locale)
    gid = _create(page, server.url, game)
    rng = random.Random(16)
    for _ in range(6):
        if _wait_turn_or_end(page) != "mine":
            break
        _click_a_move(page, rng)
    assert _wait_turn_or_end(page) in ("mine", "over")
    assert page.evaluate("() => document.documentElement.lang") == lang
    token = page.evaluate(f"() => localStorage.getItem('heliopolis:token:{gid}')")
    st = httpx.get(
        f"{server.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"}, timeout=10
    ).json()
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n", arg=len(st["log"]))
    shown = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    assert len(shown) == len(st["log"]) > 3
    for text, line in zip(shown, st["log"]):
        assert isinstance(line, dict) and "k" in line, line  # structured on the wire
        assert _pattern(line, lang).fullmatch(text), (lang, line, text)
        assert not P_SEAT.search(text), text
    buttons = page.eval_on_selector_all("#legal [data-action]", "els => els.map(e => e.textContent)")
    assert len(buttons) == len(st["legal"])
    for text, entry in zip(buttons, st["legal"]):
        assert _pattern(entry["text"], lang).fullmatch(text), (lang, entry, text)
    shots = os.environ.get("HELIOPOLIS_SHOTS")  # e.g. docs/screenshots: <game>-<lang>.png, the log in view
    if shots:
        page.locator("#log li").last.scroll_into_view_if_needed()
        page.screenshot(path=str(Path(shots) / f"{game}-{lang}.png"))
    if lang == "de":  # German, not English with German chrome: most lines differ from their English text
        differ = sum(L.render(line, "de") != line["t"] for line in st["log"])
        assert differ > len(st["log"]) / 2, shown
    page.context.close()

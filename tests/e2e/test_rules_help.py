"""Rules help in the browser: the rules panel in the page's language with the game's options, board
help reachable by keyboard and by touch, and the "since your last move" box when returning to a game."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.chromium import require_chromium

require_chromium()

TIMEOUT = 20_000


def _create(url: str, game: str, options: dict, players: int = 3) -> dict:
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    r = httpx.post(f"{url}/api/games", json={"game": game, "players": players, "join": 0, "options": options,
                                             "seats": seats}, timeout=20)  # fmt: skip
    assert r.status_code == 201, r.text
    return r.json()


def _move(url: str, g: dict, rng: random.Random) -> dict:
    """One random move of the created seat, once it is its turn."""
    headers = {"Authorization": f"Bearer {g['token']}"}
    for _ in range(200):
        s = httpx.get(f"{url}/api/games/{g['id']}/state", headers=headers, timeout=20).json()
        if s["legal"]:
            pick = rng.choice(s["legal"])["id"]
            r = httpx.post(f"{url}/api/games/{g['id']}/actions", json={"action": pick, "version": s["version"]},
                           headers=headers, timeout=20)  # fmt: skip
            assert r.status_code == 200, r.text
            return r.json()
    raise AssertionError("never the seat's turn")


def _open(browser, url: str, g: dict, locale: str, **kw):  # noqa: ANN001, ANN003, ANN202
    ctx = browser.new_context(locale=locale, **kw)
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url + "/")
    page.evaluate("([g, t]) => localStorage.setItem('heliopolis:token:' + g, t)", [g["id"], g["token"]])
    page.goto(f"{url}/g/{g['id']}")
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_function("() => document.querySelector('#board').children.length > 0")
    return ctx, page


@pytest.mark.parametrize(("locale", "button", "heading", "edition"), [
    ("en-US", "Rules", "Auctions", "2009 edition"),
    ("de-DE", "Regeln", "Bietrunde", "Ausgabe 2009"),
])  # fmt: skip
def test_rules_panel_speaks_the_page_language_and_states_the_options(server, browser, locale, button, heading, edition):
    g = _create(server.url, "ra", {"edition": "2009", "hidden_scores": True}, players=4)
    ctx, page = _open(browser, server.url, g, locale)
    toggle = page.locator("#rules-toggle")
    assert toggle.inner_text().strip() == button
    assert not page.locator("#rules-body").is_visible()
    toggle.click()
    page.wait_for_selector("#rules-body section")
    body = page.inner_text("#rules-body")
    assert heading in body and edition in body
    assert ("4 players" in body) if locale == "en-US" else ("4 Spieler" in body)
    assert ("9th Ra tile" in body) if locale == "en-US" else ("9. Ra-Plättchen" in body)
    ctx.close()


def test_board_help_by_keyboard_and_by_tap(server, browser):
    g = _create(server.url, "ra", {"edition": "2009"})
    ctx, page = _open(browser, server.url, g, "de-DE")
    track = page.locator("#board [data-help='help.ra.auction_track']")
    track.wait_for()
    assert "Angebots-Reihe" in (track.get_attribute("title") or "")
    described = page.locator(f"#{track.get_attribute('aria-describedby')}")
    assert "Bietrunde" in described.inner_text() if described.count() else False
    track.focus()
    tip = page.locator("#help-tip")
    assert tip.is_visible() and "Angebots-Reihe" in tip.inner_text()
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    ctx.close()
    ctx, page = _open(browser, server.url, g, "en-US", viewport={"width": 390, "height": 844}, is_mobile=True,
                      has_touch=True)  # fmt: skip
    target = page.locator("#board [data-help='help.ra.ra_track']")
    target.wait_for()
    target.tap()
    tip = page.locator("#help-tip")
    assert tip.is_visible() and "Ra track" in tip.inner_text()
    ctx.close()


def _wait_turn(url: str, g: dict) -> dict:
    headers = {"Authorization": f"Bearer {g['token']}"}
    for _ in range(400):
        s = httpx.get(f"{url}/api/games/{g['id']}/state", headers=headers, timeout=20).json()
        if s["legal"] or s["status"] == "finished":
            return s
    raise AssertionError("never the seat's turn")


def _own(line: object) -> bool:
    if isinstance(line, dict):
        return (line.get("a") or {}).get("seat") == 0
    return str(line).startswith(("P0 ", "P0:", "Ann "))


def test_returning_to_a_game_shows_what_happened_since_your_last_move(server, browser):
    rng = random.Random(5)
    g = _create(server.url, "ra", {"edition": "2009"})
    _move(server.url, g, rng)
    expected: list = []
    for _ in range(8):  # the deal is the server's: a move may leave the seat to move again at once
        _move(server.url, g, rng)
        log = _wait_turn(server.url, g)["log"]  # the bots have answered
        last = max(i for i, line in enumerate(log) if _own(line))
        end = last + 1
        while end < len(log) and _own(log[end]):
            end += 1
        expected = log[end:]
        if expected:
            break
    assert expected, "the bots moved after the seat's last move"
    ctx, page = _open(browser, server.url, g, "en-US")
    box = page.locator("#since-box")
    box.wait_for()
    lines = page.locator("#since-box .since-lines li").all_inner_texts()
    assert len(lines) == min(12, len(expected))
    assert not any(x.startswith("Ann ") for x in lines)
    assert str(len(expected)) in page.inner_text("#since-title")
    page.click("#since-close")
    assert not box.is_visible()
    page.reload()  # dismissed until the seat's next move
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_function("() => document.querySelector('#board').children.length > 0")
    assert page.locator("#since-box:visible").count() == 0
    ctx.close()


def test_men_nefer_marks_what_changed_since_your_last_move(server, browser):
    g = _create(server.url, "men-nefer", {})
    _wait_turn(server.url, g)
    ctx, page = _open(browser, server.url, g, "de-DE")
    page.wait_for_selector("#mn-main")
    assert page.locator("#mn-admin-title").inner_text() == "Verwaltungstafeln"
    assert page.locator(".mn-changed").count() == 0  # nothing to compare with yet
    # Play the seat's whole turn by clicking the board (a turn has several decisions; the list of all
    # moves is a collapsed fallback); then the bots move. They answer at once, so the page may be the
    # seat's again before "not mine" is seen: its turns go on until the marks appear (40 clicks at most:
    # playing on once they are there only cost the test 20 s).
    for _ in range(40):
        if page.get_attribute("#status", "data-kind") != "mine" or page.locator(".mn-changed").count():
            break
        n = page.locator("#log li").count()
        page.locator("#board [data-action]").first.click()
        page.wait_for_function(
            "(n) => document.querySelector('#status').dataset.kind !== 'mine'"
            " || document.querySelector('#log').children.length > n", arg=n)  # fmt: skip
    page.wait_for_function("() => document.querySelector('#status').dataset.kind === 'mine'")
    changed = page.locator(".mn-changed")
    assert changed.count() > 0  # the bots' turns changed some areas or boards
    assert "seit deinem letzten Zug geändert" in page.locator(".mn-changed .mn-changed-badge").first.inner_text()
    ctx.close()

"""End-to-end in Chromium: sign up, create a private Ra game with a clock, join it from a second
browser by the invitation link, chat (shown as text), watch the clock count down, resign (a bot
takes the seat), and the same page on a phone without horizontal scrolling."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.server.test_browser import (  # noqa: F401
    TIMEOUT,
    _no_horizontal_scroll,
    _page,
    browser,
    server,
)

pytestmark = pytest.mark.usefixtures("server")


def _signup(page, url: str, name: str) -> None:  # noqa: ANN001
    page.goto(url + "/")
    page.click("#account-open")
    page.fill("#login-user", name)
    page.fill("#login-pass", "a long password")
    page.click("#signup-btn")
    page.wait_for_selector("#account-name")
    assert page.text_content("#account-name") == name


def test_private_game_with_clock_chat_and_resign_between_two_browsers(server, browser):  # noqa: F811
    ann = _page(browser)
    _signup(ann, server.url, "Ann")
    ann.wait_for_selector("#game-select option[value='ra']", state="attached")
    ann.select_option("#game-select", "ra")
    ann.select_option("#players-select", "2")
    ann.select_option("#seat-kind-1", "human")
    ann.check("#table-private")
    ann.select_option("#table-clock", "rt-3")
    ann.select_option("#table-takeover", "random")
    ann.click("#create-btn")
    ann.wait_for_url("**/g/**")
    link = ann.url
    assert "invite=" in link
    gid = link.split("/g/", 1)[1].split("?", 1)[0]
    # Not listed in the lobby for anyone.
    listed = ann.request.get(server.url + "/api/games").json()["games"]
    assert gid not in [g["id"] for g in listed]

    bob = _page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    bob.goto(link)
    bob.click("#join-seat-1")
    ann.wait_for_selector("#clocks .clock-running")
    # The running clock counts down.
    first = ann.text_content("#clocks .clock-running .clock-time")
    ann.wait_for_function("(t) => document.querySelector('#clocks .clock-running .clock-time').textContent !== t",
                          arg=first, timeout=5000)  # fmt: skip
    assert first.startswith("3:00") or first.startswith("2:5")

    bob.fill("#chat-input", "hi <b>Ann</b>")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat-log .chat-text", timeout=TIMEOUT)
    assert ann.text_content("#chat-log .chat-text") == "hi <b>Ann</b>"  # text, never markup
    assert ann.locator("#chat-log b").count() == 0

    bob.wait_for_selector("#resign-btn")
    bob.once("dialog", lambda d: d.accept())
    bob.click("#resign-btn")
    ann.wait_for_function("() => [...document.querySelectorAll('#clocks .clock-time')].some("
                          "(e) => e.textContent === 'resigned')")  # fmt: skip
    bob.wait_for_selector("#retake-btn")
    _no_horizontal_scroll(bob)
    shots = Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp"))
    ann.screenshot(path=str(shots / "table-clock-chat.png"))
    bob.screenshot(path=str(shots / "table-phone-resigned.png"))
    # Ann's seat opens from another browser once she logs in there (no token in that browser).
    laptop = _page(browser)
    laptop.goto(link)
    laptop.click("#account-open")
    laptop.fill("#login-user", "Ann")
    laptop.fill("#login-pass", "a long password")
    laptop.click("#login-btn")
    laptop.wait_for_selector("#account-name")
    laptop.wait_for_selector("#resign-btn")
    for p in (ann, bob, laptop):
        p.context.close()


def test_rated_game_resigned_by_both_then_rematch_ratings_and_my_games(server, browser):  # noqa: F811
    ann = _page(browser)
    _signup(ann, server.url, "Cleo")
    ann.wait_for_selector("#game-select option[value='ra']", state="attached")
    ann.select_option("#game-select", "ra")
    ann.select_option("#players-select", "2")
    ann.select_option("#seat-kind-1", "human")
    ann.check("#table-private")
    ann.select_option("#table-clock", "turn-24h")
    ann.select_option("#table-takeover", "random")
    ann.check("#table-rated")
    ann.click("#create-btn")
    ann.wait_for_url("**/g/**")
    link = ann.url
    bob = _page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    _signup(bob, server.url, "Dido")
    bob.goto(link)
    bob.click("#join-seat-1")
    for p in (bob, ann):
        p.wait_for_selector("#resign-btn")
        p.once("dialog", lambda d: d.accept())
        p.click("#resign-btn")
        p.wait_for_selector("#retake-btn")
    ann.wait_for_selector("#rematch-btn", timeout=60_000)  # bots finish the game
    ann.wait_for_selector("#rating-changes li")
    lines = ann.eval_on_selector_all("#rating-changes li", "els => els.map(e => e.textContent)")
    # Both resigned: they share the last place (here the only one), so both ratings move alike.
    assert len(lines) == 2 and lines[0].split(":", 1)[1] == lines[1].split(":", 1)[1] and "place 1" in lines[0]
    shots = Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp"))
    ann.screenshot(path=str(shots / "table-rematch-ratings.png"))
    ann.click("#rematch-btn")
    ann.wait_for_url(lambda u: u != link and "/g/" in u)
    bob.wait_for_function("() => { const b = document.querySelector('#rematch-btn');"
                          " return b && b.textContent === 'Accept the rematch' }")  # fmt: skip
    bob.click("#rematch-btn")
    bob.wait_for_url(lambda u: u != link and "/g/" in u)
    assert bob.url.split("?")[0] == ann.url.split("?")[0]
    ann.wait_for_selector("#clocks .clock-running")  # the rematch runs: both accepted
    _no_horizontal_scroll(bob)
    ann.goto(server.url + "/")
    ann.wait_for_selector("#my-games-list li.my-game")
    statuses = ann.eval_on_selector_all("#my-games-list li.my-game", "els => els.map(e => e.dataset.status)")
    assert statuses[0] == "running" and "finished" in statuses
    for p in (ann, bob):
        p.context.close()

"""The browser pages in German and English (issue 16): Playwright drives Debian's Chromium against a
real ``heliopolis serve``. The browser's language is the default, the switch in the top bar changes
it and is remembered, and no catalog key or English chrome text shows through in German."""

from __future__ import annotations

import re

import pytest

from tests.chromium import require_chromium

require_chromium()
pytest.importorskip("fastapi", reason="the browser tests need the [web] extra")

TIMEOUT = 15_000  # ms
# A catalog key on screen means a t() call whose key has no message.
KEY_ON_SCREEN = re.compile(r"\bui\.[a-z_]+\.[a-z0-9_.-]+")


def _page(browser, problems: list[str], locale: str):  # noqa: ANN001, ANN202
    ctx = browser.new_context(locale=locale)  # its own profile: empty localStorage
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page


def _visible_text(page) -> str:  # noqa: ANN001
    return page.evaluate("""() => document.body.innerText + ' ' + document.title + ' ' +
        [...document.querySelectorAll('[title],[placeholder],[aria-label]')].map((e) =>
          [e.title, e.placeholder, e.getAttribute('aria-label')].join(' ')).join(' ')""")


def test_lobby_follows_a_german_browser_and_the_switch_to_english_is_remembered(server, browser):
    problems: list[str] = []
    page = _page(browser, problems, "de-DE")
    page.goto(server.url + "/")
    page.wait_for_selector("html[lang='de']")
    page.wait_for_selector("#game-select option[value='ra']", state="attached")
    page.wait_for_selector("#table-options")
    assert page.inner_text("#create-btn") == "Spiel erstellen"
    assert page.inner_text("#open-panel h2") == "Offene Spiele"
    assert page.title() == "Heliopolis — Lobby"
    assert page.locator("#players-select option").first.inner_text().endswith("Spieler")
    assert page.locator("#seat-kind-0 option[value='human']").inner_text() == "Mensch"
    assert page.inner_text("#table-options legend") == "Tisch"
    page.select_option("#game-select", "ra-dice")
    assert page.locator("#game-select option:checked").inner_text() == "Ra: Das Würfelspiel"
    assert page.locator("label.lang-switch select").input_value() == "de"
    text = _visible_text(page)
    assert not KEY_ON_SCREEN.search(text), KEY_ON_SCREEN.search(text)
    for english in ("Create game", "Open games", "Running games", "New game", "Seats", "Log in"):
        assert english not in text, english

    page.select_option("#lang-select", "en")  # the switch reloads the page in English
    page.wait_for_selector("html[lang='en']")
    page.wait_for_function("() => document.querySelector('#create-btn').textContent === 'Create game'")
    assert page.evaluate("() => localStorage.getItem('heliopolis.lang')") == "en"
    page.reload()
    page.wait_for_selector("#game-select option[value='ra']", state="attached")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#create-btn") == "Create game"
    assert page.locator("#lang-select").input_value() == "en"
    assert problems == [], problems


def test_game_page_in_german_from_start_to_the_first_move(server, browser):
    problems: list[str] = []
    page = _page(browser, problems, "de-DE")
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select option[value='ra']", state="attached")
    page.select_option("#game-select", "ra")
    page.select_option("#players-select", "2")
    page.select_option("#seat-kind-1", "bot:random")
    page.click("#create-btn")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("html[lang='de']")
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_function("() => document.querySelector('#status').dataset.kind === 'mine'")
    assert page.inner_text("#status") == "Du bist dran"
    assert page.inner_text("#moves-title") == "Deine Züge"
    assert page.inner_text("#conn") == "live"
    assert page.title().startswith("▶ Du bist dran")
    chips = page.locator("#seatbar .seat-chip-kind").all_inner_texts()
    assert chips == ["Mensch", "Bot · Zufall"], chips
    assert page.locator("#seatbar .badge-you").inner_text() == "du"
    assert page.inner_text("#log-panel h2") == "Spielverlauf"
    assert page.get_attribute("#replay-first", "aria-label") == "Anfangsstellung"
    assert page.inner_text("#table-panel h2:not(#rating-title)") == "Chat"
    assert page.get_attribute("#chat-input", "placeholder") == "Schreib etwas…"
    # Server errors: a generic code is worded from the catalog, a specific message stays English.
    worded = page.evaluate("""async () => { const api = await import('/static/js/api.js');
        return [api.errorText('stale', 'the game changed; try again'),
                api.errorText('forbidden', 'spectators cannot act: join a seat first'),
                new api.ApiError(0, 'network', 'Cannot reach the server').message]; }""")
    assert worded == ["Das Spiel hat sich inzwischen verändert; sieh dir die neue Stellung an und versuche es "
                      "noch einmal.", "spectators cannot act: join a seat first",
                      "Der Server ist nicht erreichbar"]  # fmt: skip
    # The page's own module instance: its URL carries the build's version (server/transport/assets.py).
    i18n = "'/static/js/i18n.js' + new URL(document.querySelector('script[type=module]').src).search"
    assert page.evaluate(f"async () => (await import({i18n})).num(-1.24, 1, true)") == "-1,2"
    page.wait_for_function(  # Ra: the list is a collapsed fallback, opened here once drawn
        "() => { if (!document.querySelector('#board').children.length) return false; const d = document.querySelector('details#all-moves'); if (d) d.open = true; const b = document.querySelector('#legal [data-action]'); return !!b && b.offsetParent !== null; }"
    )
    page.locator("#legal [data-action]").first.click()
    page.wait_for_function("() => document.querySelector('#log').children.length > 0")
    text = _visible_text(page)
    assert not KEY_ON_SCREEN.search(text), KEY_ON_SCREEN.search(text)
    for english in ("Your turn", "Your moves", "Move log", "Seats", "Resign", "Send", "Invite"):
        assert not re.search(rf"\b{english}\b", text), english
    assert problems == [], problems


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_the_lobby_with_its_language_switch_fits_a_phone(server, browser, locale: str):
    problems: list[str] = []
    page = _page(browser, problems, locale)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.url + "/")
    page.wait_for_selector("#table-options")
    page.wait_for_selector("#account-box button")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    # The switch keeps its accessible name where its visible label is hidden.
    assert page.get_by_label("Sprache" if locale == "de-DE" else "Language").count() == 1
    assert problems == [], problems


@pytest.mark.parametrize("width", [1280, 360])
def test_leaderboard_and_my_games_in_german_with_the_switch(server, browser, width: int):
    problems: list[str] = []
    page = _page(browser, problems, "de-DE")
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(server.url + "/leaderboard?game=ra&edition=1999")
    page.wait_for_selector("html[lang='de']")
    page.wait_for_selector("#leaderboard-rows td")  # rows, or the "no rated games" row
    assert page.inner_text("h1") == "Bestenliste" and page.title() == "Heliopolis — Bestenliste"
    assert page.locator("#board-game option:checked").inner_text() == "Ra"
    assert page.locator("#board-edition option:checked").inner_text() == "1999"
    assert page.locator("#leaderboard-table th").all_inner_texts()[1:3] == ["Spieler", "Wertung"]
    assert page.locator("#lang-select").input_value() == "de"
    page.select_option("#board-game", "ra-dice")
    assert page.locator("#board-game option:checked").inner_text() == "Ra: Das Würfelspiel"
    text = _visible_text(page)
    assert not KEY_ON_SCREEN.search(text), KEY_ON_SCREEN.search(text)
    for english in ("Leaderboard", "My games", "Player", "Rating", "Games", "No rated games"):
        assert not re.search(rf"\b{english}\b", text), english

    page.goto(server.url + "/my")
    page.wait_for_selector("#account-box button")
    page.wait_for_selector("#my-login:not([hidden])")  # no account: the page says how to log in
    assert page.inner_text("h1") == "Meine Spiele" and page.title() == "Heliopolis — meine Spiele"
    assert page.inner_text("#my-login").startswith("Melde dich an")
    assert page.locator("nav.topnav a").all_inner_texts() == ["Lobby", "Meine Spiele", "Bestenliste"]
    text = _visible_text(page)
    assert not KEY_ON_SCREEN.search(text), KEY_ON_SCREEN.search(text)
    for english in ("My games", "Your turn", "Finished", "Log in"):
        assert not re.search(rf"\b{english}\b", text), english
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    # /api/me/games answers 401 without an account (that is how the page knows); nothing else may fail.
    assert [p for p in problems if "401 (Unauthorized)" not in p] == [], problems

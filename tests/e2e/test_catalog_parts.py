"""Issue 28 (page weight: catalogues fetched per page) in Chromium: the lobby and the rules page fetch the
shared part of the catalogues only; a game page the shared part and its own game's part, both under the
content hashes the page names, and draws its board, log and moves in German from the first frame (the
Helios board's borrowed "all moves" word included); a tutorial page its game's part too."""

from __future__ import annotations

import httpx

from tests.chromium import require_chromium
from tests.e2e.test_i18n_games import _create, _pattern
from tests.server.test_browser import _page, _wait_turn_or_end

require_chromium()


def _watch(page) -> list[str]:  # noqa: ANN001
    """The catalogue parts the page requests, as ``<part>?v=<hash>`` (``de``, ``de/helios``)."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url.split("/api/i18n/", 1)[1]) if "/api/i18n/" in r.url else None)
    return seen


def _named(page) -> dict[str, str]:  # noqa: ANN001
    content = page.get_attribute('meta[name="heliopolis-i18n"]', "content")
    return dict(pair.split(":") for pair in content.split(","))


def test_the_lobby_and_rules_fetch_the_shared_part_and_a_game_page_its_own_too(server, browser) -> None:  # noqa: ANN001
    page = _page(browser, locale="de-DE")
    seen = _watch(page)
    page.goto(server.url + "/rules/helios")
    page.wait_for_selector("#rules h1")
    parts = _named(page)
    assert {"de", "en", "de/helios", "de/ra"} <= set(parts)
    assert seen == [f"de?v={parts['de']}"], seen
    seen.clear()
    gid = _create(page, server.url, "helios")  # from the lobby
    assert seen[0] == f"de?v={parts['de']}", seen  # the lobby's: no game part
    assert seen[1:] == [f"de?v={parts['de']}", f"de/helios?v={parts['de/helios']}"], seen  # the game page's
    assert _wait_turn_or_end(page) == "mine"
    token = page.evaluate(f"() => localStorage.getItem('heliopolis:token:{gid}')")
    st = httpx.get(
        f"{server.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"}, timeout=10
    ).json()
    buttons = page.eval_on_selector_all("#legal [data-action]", "els => els.map(e => e.textContent)")
    assert len(buttons) == len(st["legal"]) > 0
    for text, entry in zip(buttons, st["legal"]):
        assert _pattern(entry["text"], "de").fullmatch(text), (entry, text)
    assert page.text_content("#all-moves summary") == f"Alle Züge ({len(st['legal'])})"  # a word from the shared part
    page.context.close()


def test_a_tutorial_fetches_its_games_part(server, browser) -> None:  # noqa: ANN001
    page = _page(browser, locale="de-DE")
    seen = _watch(page)
    page.goto(server.url + "/learn/ra")
    page.wait_for_selector("body[data-tutorial-step='0']")
    parts = _named(page)
    assert sorted(seen) == sorted([f"de?v={parts['de']}", f"de/ra?v={parts['de/ra']}"]), seen
    page.context.close()

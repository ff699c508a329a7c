"""Men-Nefer's printed component texts in the browser (issue 16): the tiles, tracks and trade
agreements the page shows come from the German catalogs on a German page (the view carries catalog
messages; game.js renders them with i18n.renderTexts before the view module draws)."""

from __future__ import annotations

import httpx

from heliopolis import locale as L
from tests.e2e.test_i18n_games import _create
from tests.server.test_browser import _page, _wait_turn_or_end


def test_tile_and_track_texts_are_german_on_a_german_page(server, browser):
    page = _page(browser, locale="de-DE")
    gid = _create(page, server.url, "men-nefer")
    assert _wait_turn_or_end(page) in ("mine", "over")
    token = page.evaluate(f"() => localStorage.getItem('heliopolis:token:{gid}')")
    st = httpx.get(
        f"{server.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"}, timeout=10
    ).json()
    tables = st["view"]["tables"]
    texts = [t["text"] for t in tables["tiles"].values()] + [g for track in tables["tracks"].values() for g in track]
    assert all(isinstance(x, dict) and "k" in x for x in texts)  # structured on the wire
    german = {L.render(x, "de") for x in texts}
    english = {x["t"] for x in texts} - german
    # The drawn board holds the printed texts in its pieces' titles and in "the main board in words"
    # (closed at first): all of its text, soft hyphens (narrow boxes) taken out.
    board = page.eval_on_selector("#board", "e => e.textContent").replace("\u00ad", "")
    assert sum(g in board for g in german) >= 5, board[:2000]
    leaked = sorted(e for e in english if len(e) > 12 and e in board)
    assert not leaked, leaked
    page.context.close()

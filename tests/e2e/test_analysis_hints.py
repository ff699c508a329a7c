"""Analysis of a finished game in the replay and a hint in an unrated game, in a real browser
(issue 29): English and German, desktop and phone, no serious axe violation. The served site uses
small budgets (HELIOPOLIS_ANALYSIS_BUDGET / HELIOPOLIS_HINT_BUDGET) so the module stays quick."""

from __future__ import annotations

import os
import random

import httpx
import pytest

from heliopolis.core.registry import new_game
from tests.chromium import require_chromium
from tests.e2e.test_accessibility import LOCALES, _open, _violations, _wait_game_page

require_chromium()

TEXTS = {
    "en": {"start": "Analyse the game", "costly": "Costliest decisions of", "better": "better:",
           "hint": "Hint", "margin": "expected final margin"},
    "de": {"start": "Partie analysieren", "costly": "Teuerste Entscheidungen von", "better": "besser:",
           "hint": "Tipp", "margin": "erwarteter Endabstand"},
}  # fmt: skip


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    # The four hint tests ask from one address within seconds: the per-address hint limit (one in 5 s, bursts
    # of 3; tests/server/test_analysis_api.py tests it) would refuse the fourth.
    env = {"HELIOPOLIS_ANALYSIS_BUDGET": "2", "HELIOPOLIS_HINT_BUDGET": "4", "HELIOPOLIS_HINT_RATE": "100"}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        server = serve("anaweb")
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    rng = random.Random(29)
    state = new_game("ra", players=2, edition="2009")
    while not state.is_terminal():
        state.apply_action(
            state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    r = httpx.post(f"{server.url}/api/import", json=state.to_dict(), timeout=20)
    assert r.status_code in (200, 201), r.text
    body = {"game": "ra", "players": 2, "join": 0, "options": {"edition": "2009"},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}  # fmt: skip
    g = httpx.post(f"{server.url}/api/games", json=body, timeout=20).json()
    return server.url, r.json()["id"], g


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_the_replay_analyses_the_game_and_shows_where_the_points_went(site, browser, lang, viewport):
    url, gid, _ = site
    words = TEXTS[lang]
    ctx, page = _open(browser, url, f"/g/{gid}", lang, viewport)
    _wait_game_page(page)
    page.wait_for_selector("#analysis-panel:not([hidden])")
    page.wait_for_selector("#analyse-btn, .analysis-chart")
    if page.locator("#analyse-btn").count():  # the first viewer starts it; the others read it stored
        assert page.locator("#analyse-btn").inner_text().strip() == words["start"]
        page.click("#analyse-btn")
    page.wait_for_selector(".analysis-chart", timeout=120_000)
    assert page.locator(".analysis-chart polyline").count() == 2  # one line per seat
    costly = page.locator(".analysis-costly")
    assert costly.count() == 2 and words["costly"] in costly.first.inner_text()
    assert words["better"] in page.inner_text(".analysis-costliest")
    assert page.locator(".analysis-table tbody tr").count() > 20
    assert page.locator(".analysis-table tr.an-costly").count() >= 1
    assert page.locator("#log .an-log-loss").count() >= 1  # the losses beside their moves in the log
    page.locator(".analysis-costly li .analysis-show").first.click()  # the position of that decision
    page.wait_for_selector("#replay-bar.replay-active")
    page.wait_for_selector("#board .analysis-better")  # the better move drawn on the board
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # no sideways scroll
    problems = _violations(page)
    ctx.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_a_hint_on_my_turn_in_an_unrated_game(site, browser, lang, viewport):
    url, _, g = site
    words = TEXTS[lang]
    ctx, page = _open(browser, url, f"/g/{g['id']}", lang, viewport, g)
    _wait_game_page(page)
    page.wait_for_selector("#hint-area:not([hidden])")
    assert not page.locator("#hint-btn").count()  # off by default
    page.check("#hint-toggle")
    page.wait_for_selector("#hint-btn")
    assert page.locator("#hint-btn").inner_text().strip() == words["hint"]
    page.click("#hint-btn")
    page.wait_for_selector(".hint-list li")
    items = page.locator(".hint-list li")
    assert 1 <= items.count() <= 3 and words["margin"] in items.first.inner_text()
    best = items.first.get_attribute("data-action")
    if page.locator(f"#board [data-action='{best}']").count():  # the board draws this action: marked
        page.wait_for_selector(f"#board [data-action='{best}'].hint-best")
    problems = _violations(page)
    ctx.close()
    assert problems == [], "\n".join(problems)

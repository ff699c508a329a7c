"""The tutorials (Ra first) in Chromium through Playwright (docs/tutorials.md): reached from the lobby's game
card, played through on the real board to the explained first scoring in English and German, on a
desktop and a phone; the highlighted piece is the step's move; a wrong move is refused with its
reason and the board stays as it was; no serious axe violation. One server, one browser."""

from __future__ import annotations

import pytest

from heliopolis import locale
from heliopolis.core.registry import games_in_registration_order
from heliopolis.server.learn import tutorials as T
from tests.chromium import require_chromium
from tests.e2e.test_accessibility import LOCALES, VIEWPORTS, _violations

require_chromium()

TIMEOUT = 20_000  # ms
WRONG = {
    "ra": ("bid:8", "pass"),
    "ra-dice": ("pharaoh", "nile"),
    "helios": ("take:land", "take:sun"),
    "men-nefer": ("house:pyramids", "house:temple"),
}  # a step's move, and a wrong one a click sends


@pytest.fixture(scope="module")
def url(serve):  # noqa: ANN001, ANN201
    return serve("tutorial").url


def _open(browser, url: str, lang: str, viewport: str, path: str = "/learn/ra"):  # noqa: ANN001, ANN202
    ctx = browser.new_context(locale=LOCALES[lang], **VIEWPORTS[viewport])
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url + path)
    return ctx, page


def _at(page, n: int) -> None:  # noqa: ANN001
    page.wait_for_selector(f"body[data-tutorial-step='{n}']")


def _step(page, st: T.Step, n: int) -> None:  # noqa: ANN001
    """Does step ``n`` as a player would: reads, then Next or a click on the highlighted piece."""
    _at(page, n)
    if st.do is None:
        page.click("#coach-next")
        return
    target = page.locator("#board .tutorial-target")
    assert target.count() >= 1, f"step {n}: nothing highlighted"
    assert target.first.get_attribute("data-action") == st.do
    target.first.click()
    if st.also:  # Ra Dice: a tapped die is picked here, the Roll button (highlighted too) sends it
        page.locator(f"#board {st.also}.tutorial-target").click()


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("game", T.available())
def test_each_tutorial_is_played_through_to_the_explained_first_scoring(url, browser, game, lang, viewport):  # noqa: ANN001
    ctx, page = _open(browser, url, lang, viewport, "/")
    page.click(f"#learn-{game}")  # the lobby's game card
    page.wait_for_url(f"**/learn/{game}")
    s = T.script(game)
    _at(page, 0)
    assert page.text_content("#coach-text") == locale.text(s.steps[0].say, lang)
    for n, st in enumerate(s.steps[:-1]):
        _step(page, st, n)
    last = len(s.steps) - 1
    _at(page, last)
    assert page.text_content("#coach-text") == locale.text(s.steps[-1].say, lang)
    lines = page.locator("#coach-lines li").all_text_contents()
    want = T.frame(game, last, lang)["score"]
    assert lines == want and len(lines) >= 4
    assert page.is_visible("#coach-score")
    if s.steps[-1].show:  # the board's own scoring table
        assert page.is_visible(f"#board {s.steps[-1].show}")
    if game == "ra":  # the board's own table agrees
        assert page.text_content(".score-table tr.row-after td:first-of-type") == "31"
    if viewport == "phone":  # nothing wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    ctx.close()


def test_a_wrong_move_is_refused_with_the_explanation_and_the_board_unchanged(url, browser):  # noqa: ANN001
    ctx, page = _open(browser, url, "en", "desktop")
    s = T.script("ra")
    at = next(i for i, st in enumerate(s.steps) if st.do == "bid:8")
    for n in range(at):
        _step(page, s.steps[n], n)
    _at(page, at)
    board = page.inner_html("#board")
    page.click("#board [data-action='bid:13']")
    page.wait_for_selector("#coach-refusal:not([hidden])")
    assert locale.text("tutorial.ra.why_first_bid", "en") in page.text_content("#coach-refusal")
    page.click("#board [data-action='pass']")
    page.wait_for_selector("body[data-refused='2']")
    assert page.get_attribute("body", "data-tutorial-step") == str(at)
    assert page.inner_html("#board") == board
    page.click("#board .tutorial-target")
    _at(page, at + 1)
    assert page.is_hidden("#coach-refusal")
    # A reload keeps the step (this tab's session); "Start again" goes back to the first.
    page.reload()
    _at(page, at + 1)
    page.click("#coach-restart")
    _at(page, 0)
    ctx.close()


# axe is the slow part (~6 s a page): each game in both languages, English on a desktop and German on a phone
# (the play-through above covers all four pairs); the page and its strings are the same code in every pair.
@pytest.mark.parametrize(("lang", "viewport"), [("en", "desktop"), ("de", "phone")])
@pytest.mark.parametrize("game", T.available())
def test_the_tutorial_has_no_serious_accessibility_violation(url, browser, game, lang, viewport):  # noqa: ANN001
    ctx, page = _open(browser, url, lang, viewport, f"/learn/{game}")
    s = T.script(game)
    expected, other = WRONG[game]
    at = next(i for i, st in enumerate(s.steps) if st.do == expected)
    problems = []
    for n, st in enumerate(s.steps):
        _at(page, n)
        if n in (0, at, len(s.steps) - 1):
            page.wait_for_timeout(200)  # the view's stylesheet
            if n == at:
                page.click(f"#board [data-action='{other}']")
                page.wait_for_selector("#coach-refusal:not([hidden])")
            problems += [f"step {n}: {p}" for p in _violations(page)]
        if n < len(s.steps) - 1:
            _step(page, st, n)
    ctx.close()
    assert problems == [], "\n".join(problems)


def test_a_game_without_a_script_says_so(url, browser):  # noqa: ANN001
    missing = [g for g in games_in_registration_order() if g not in T.available()]
    ctx, page = _open(browser, url, "de", "desktop", "/")
    page.wait_for_selector(".game-card[data-game=ra]")
    for g in games_in_registration_order():  # a link on the cards of the games with a script, none on the others
        assert page.locator(f"#learn-{g}").count() == (g not in missing), g
    page.goto(f"{url}/learn/{missing[0] if missing else 'chess'}")
    page.wait_for_function("(t) => document.querySelector('#coach-text').textContent === t",
                           arg=locale.text("tutorial.ui.none", "de"))  # fmt: skip
    assert page.locator("#board").inner_html() == ""
    ctx.close()

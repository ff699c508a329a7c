"""An engine error in the browser reads in the page's language (issue 26): the server sends the
catalog message with the error, ``js/api.js`` renders it (Chromium against a real server)."""

from __future__ import annotations

import pytest

from tests.chromium import require_chromium

require_chromium()
pytest.importorskip("fastapi", reason="the browser tests need the [web] extra")

CREATE = """async () => {
  const api = await import('/static/js/api.js');
  const seats = [{ kind: 'bot', bot: 'alphago' }, { kind: 'bot', bot: 'random' }];
  try {
    await api.request('/api/games', { method: 'POST', body: { game: 'ra', players: 2, seats } });
    return 'created';
  } catch (e) {
    return e.message;
  }
}"""


@pytest.mark.parametrize(("locale", "expected", "absent"), [
    ("de-DE", "Sitz 0: unbekannte Bot-Angabe 'alphago'", "unknown"),
    ("en-US", "seat 0: unknown bot spec 'alphago'", "unbekannte"),
])  # fmt: skip
def test_a_bad_bot_spec_reads_in_the_page_language(server, browser, locale: str, expected: str, absent: str):  # noqa: ANN001
    problems: list[str] = []
    ctx = browser.new_context(locale=locale)
    page = ctx.new_page()
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#game-select option[value='ra']", state="attached")
    text = page.evaluate(CREATE)
    assert text.startswith(expected) and absent not in text, text
    assert problems == [], problems
    ctx.close()

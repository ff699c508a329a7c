"""Logs that tell the story (issue 28, item 4) in Chromium: a run of chance lines one event makes is
one counted line in the browser's log, in the page's language with the seats' names: Men-Nefer's
setup draws ("12 Aktionsplättchen werden gezogen: T05, …") and Ra's opening deal of the suns ("The
suns are dealt — Nefertari: 9, 6, 5, 2; …"), never a line per tile or per seat. The log's lines are
the server's structured lines (``heliopolis.locale.render``, as tests/e2e/test_i18n_games.py checks)."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.test_accessibility import LOCALES
from tests.e2e.test_i18n_games import _pattern

require_chromium()

CASES = {  # game, language -> the grouped line's key, its start in that language, a single line it replaces
    ("men-nefer", "de"): ("men-nefer.log.drawn_tile", r"12 Aktionsplättchen werden gezogen: (T\d\d, ){11}T\d\d",
                          r"Aktionsplättchen T\d\d wird gezogen"),
    ("ra", "en"): ("ra.log.suns_dealt", r"The suns are dealt — Nefertari: \d+(, \d+)*; .+: \d+(, \d+)*",
                   r"\S+ receives suns .*"),
}  # fmt: skip


def _new_game(url: str, game: str) -> dict:
    seats = [{"kind": "human", "name": "Nefertari"}, {"kind": "bot", "bot": "random"}]
    r = httpx.post(f"{url}/api/games", json={"game": game, "players": 2, "join": 0, "seats": seats}, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.parametrize(("game", "lang"), list(CASES), ids=[f"{g}-{lang}" for g, lang in CASES])
def test_the_browser_log_shows_a_run_of_draws_as_one_counted_line(server, browser, game, lang):  # noqa: ANN001
    key, grouped, single = CASES[(game, lang)]
    g = _new_game(server.url, game)
    ctx = browser.new_context(locale=LOCALES[lang], viewport={"width": 1280, "height": 800})
    ctx.add_init_script(f"try {{ localStorage.setItem('heliopolis:token:{g['id']}', {g['token']!r}) }} catch (e) {{}}")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server.url}/g/{g['id']}")
    page.wait_for_selector("#conn[data-state='live']")
    st = httpx.get(f"{server.url}/api/games/{g['id']}/state", headers={"Authorization": f"Bearer {g['token']}"},
                   timeout=20).json()  # fmt: skip
    lines = [line for line in st["log"] if line.get("k") == key]
    assert len(lines) == 1, st["log"][:20]
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n", arg=st["log"].index(lines[0]) + 1)
    shown = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent.trim())")
    ours = [text for text in shown if _pattern(lines[0], lang).fullmatch(text)]
    assert len(ours) == 1 and re.fullmatch(grouped, ours[0]), (ours, shown[:20])
    assert not [text for text in shown if re.fullmatch(single, text)], shown[:20]  # no line per tile or seat
    ctx.close()

"""Page layout in a real browser (issue 16): the Men-Nefer page is built around a compact main board,
and on every game page the side column (table panel, move list, tools, log) never draws one panel
over another — the helper switch and the move log stay visible — in English and German, on a
desktop and a phone. Bounding boxes from Chromium through Playwright.
"""

from __future__ import annotations

import random
import time

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.test_accessibility import LOCALES, VIEWPORTS, _create, _open, _wait_game_page

require_chromium()
GAMES = {  # game -> seats, options, stop(state): the position to look at
    "ra": (["human", "random", "random"], {"edition": "2009"}, lambda s: len(s["log"]) >= 12),
    "ra-dice": (["human", "random", "random"], {}, lambda s: len(s["log"]) >= 8),
    "helios": (["human", "random", "random"], {}, lambda s: len(s["log"]) >= 8),
    "men-nefer": (["human", "random", "random"], {}, lambda s: s["view"]["era"] >= 2),  # mid-game
}
# Men-Nefer at 1280 × 860 in a mid-game position (era II, the "since your last move" box closed).
# Before the redesign: 4,250-4,550 px (main board about 2,770 px); after: about 2,750 (main board
# about 1,750; German cell texts, which are longer, about 3,025 and 1,945). The bounds leave room for
# positions with more pieces on the board. The board drawn as pictures (issue 28): about 2,580-2,730
# (main board about 1,800 in both languages: the pictures' sizes do not depend on the texts).
MN_PAGE_MAX = 3200
MN_MAIN_MAX = 2050


def _get(url: str, gid: str, headers: dict) -> dict:
    for _ in range(100):
        r = httpx.get(f"{url}/api/games/{gid}/state", headers=headers, timeout=20)
        if r.status_code != 429:  # the server's read limit: wait and ask again
            return r.json()
        time.sleep(0.3)
    raise AssertionError("rate-limited for too long")


def _play_until(url: str, g: dict, stop, rng: random.Random) -> None:  # noqa: ANN001
    headers = {"Authorization": f"Bearer {g['token']}"}
    for _ in range(3000):
        s = _get(url, g["id"], headers)
        if s["status"] == "finished":
            raise AssertionError("the game ended before the wanted position")
        if s["legal"] and stop(s):
            return
        if s["legal"]:
            httpx.post(f"{url}/api/games/{g['id']}/actions", json={"action": rng.choice(s["legal"])["id"], "version": s["version"]},
                       headers=headers, timeout=20)  # fmt: skip
    raise AssertionError("the wanted position was not reached")


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("layout")
    rng = random.Random(16)
    games = {}
    for game, (seats, options, stop) in GAMES.items():
        g = _create(server.url, game, seats, options)
        _play_until(server.url, g, stop, rng)
        games[game] = g
    return server.url, games


# The boxes of the side column's panels, the helper switch and the rules toggle, and every pair that
# overlaps; plus panels whose content spills out of their own box.
OVERLAPS = """() => {
  const vis = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const boxes = [...document.querySelectorAll('.side-col > *')].filter(vis).map((e) => [e.id || e.className, e]);
  for (const sel of ['#rules-toggle', '#helper-label', '#log']) {
    const e = document.querySelector(sel);
    if (vis(e)) boxes.push([sel, e]);
  }
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ea] = boxes[i]; const [b, eb] = boxes[j];
      if (ea.contains(eb) || eb.contains(ea)) continue;
      const A = ea.getBoundingClientRect(); const B = eb.getBoundingClientRect();
      if (A.left < B.right - 1 && B.left < A.right - 1 && A.top < B.bottom - 1 && B.top < A.bottom - 1) out.push(`${a} overlaps ${b}`);
    }
  }
  for (const e of document.querySelectorAll('.side-col > *')) {
    if (vis(e) && getComputedStyle(e).overflowY === 'visible' && e.scrollHeight > e.clientHeight + 2) out.push(`${e.id} spills out (${e.scrollHeight} > ${e.clientHeight})`);
  }
  return out;
}"""

# A tall side column, as long German labels and a long move list make it: 25 more move buttons and
# 15 chat lines.
GROW = """() => {
  const legal = document.querySelector('#legal');
  for (let i = 0; i < 25; i++) {
    const b = document.createElement('button'); b.className = 'btn legal-btn'; b.textContent = `Nefertari schickt den Lehrling unter Plättchen T${i} in das Haus des Lebens`;
    legal.append(b);
  }
  const chat = document.querySelector('#chat-log');
  if (chat) for (let i = 0; i < 15; i++) { const li = document.createElement('li'); li.textContent = `Zeile ${i}: eine längere Nachricht im Chat`; chat.append(li); }
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_side_column_never_covers_the_helper_switch_or_the_log(site, browser, game):
    url, games = site
    found = {}
    for lang in LOCALES:
        for viewport in VIEWPORTS:
            ctx, page = _open(browser, url, f"/g/{games[game]['id']}", lang, viewport, games[game])
            _wait_game_page(page)
            problems = page.evaluate(OVERLAPS)
            page.evaluate(GROW)
            page.wait_for_timeout(100)
            problems += [f"tall: {p}" for p in page.evaluate(OVERLAPS)]
            if problems:
                found[f"{lang}/{viewport}"] = problems
            ctx.close()
    assert found == {}, found


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_men_nefer_page_is_built_around_a_compact_main_board(site, browser, lang):
    url, games = site
    ctx, page = _open(browser, url, f"/g/{games['men-nefer']['id']}", lang, "desktop", games["men-nefer"])
    _wait_game_page(page)
    if page.locator("#since-close").is_visible():
        page.click("#since-close")
    page.wait_for_timeout(200)
    size = page.evaluate("""() => ({
      page: document.documentElement.scrollHeight,
      main: document.querySelector('#mn-main').getBoundingClientRect().height,
      prompt: document.querySelector('#mn-prompt').getBoundingClientRect().bottom,
      houses: (document.querySelector('#mn-main .mn-acting') || document.querySelector('#mn-houses')).getBoundingClientRect().top,
      open: [...document.querySelectorAll('.mn-admin-board')].filter((d) => d.open).map((d) => d.id),
      withMove: [...document.querySelectorAll('.mn-admin-board')].filter((d) => d.querySelector('[data-action]')).map((d) => d.id),
    })""")
    ctx.close()
    assert size["page"] <= MN_PAGE_MAX, size
    assert size["main"] <= MN_MAIN_MAX, size
    # Whose turn it is and the player's choices come first, and the drawn board's areas holding the
    # player's moves (the houses of life when none does) start on the first screen.
    assert size["prompt"] < size["houses"] < 860, size
    # Administration boards: closed, except the one holding a legal move of this player.
    assert size["open"] == size["withMove"], size

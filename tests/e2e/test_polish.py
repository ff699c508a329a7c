"""Issue 28, defects 8 and 12 and the lobby's shelf, in a real browser (one server, one Chromium):
German bot levels in seat chips and the log, Men-Nefer's wares, glyphs and papyri in German, words
wrapped at word ends (never cut mid-word), the sticky status bar not covering what is scrolled to,
lobby labels not cut, one rating scale with a line on it, a sensible takeover default, and a card
per game with its own drawn picture, two lines, players and length, and a rules guide link.
"""

from __future__ import annotations

import random

import pytest

from tests.chromium import require_chromium
from tests.e2e.test_accessibility import LOCALES, VIEWPORTS, _create, _play

require_chromium()
TIMEOUT = 20_000


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("polish")
    rng = random.Random(28)
    mn = _create(server.url, "men-nefer", ["human", "easy", "random"], {})
    _play(server.url, mn, 6, rng)
    ra = _create(server.url, "ra", ["human", "easy", "random"], {"edition": "2009"})
    _play(server.url, ra, 8, rng)
    return server.url, {"men-nefer": mn, "ra": ra}


@pytest.fixture(scope="module")
def open_page(browser, site):  # noqa: ANN001, ANN201
    url, games = site
    pages = []

    def go(path: str, lang: str = "de", device: str = "desktop", seat_of: str | None = None):  # noqa: ANN202
        ctx = browser.new_context(locale=LOCALES[lang], **VIEWPORTS[device])
        if seat_of:
            g = games[seat_of]
            ctx.add_init_script(
                f"localStorage.setItem('heliopolis:seat:{g['id']}', JSON.stringify({{seat: 0, token: '{g['token']}'}}))"
            )
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(url + path)
        pages.append(ctx)
        return page

    yield go
    for c in pages:
        c.close()


def _game(open_page, site, lang: str = "de", device: str = "desktop", game: str = "men-nefer"):  # noqa: ANN001, ANN202
    g = site[1][game]
    page = open_page(f"/g/{g['id']}", lang, device)
    page.wait_for_selector("#seatbar .seat-chip")
    page.wait_for_function("() => document.querySelector('#log').children.length > 3")
    return page


def test_german_bot_levels_in_seat_chips_and_log(open_page, site):  # noqa: ANN001
    page = _game(open_page, site)
    chips = page.inner_text("#seatbar")
    log = page.inner_text("#log-panel")
    assert "Leicht" in chips and "Zufall" in chips, chips
    assert "easy" not in chips and "random" not in chips, chips
    assert "(easy)" not in log and "(random)" not in log, log[:400]
    assert "(Leicht)" in log or "(Zufall)" in log, log[:400]


def test_men_nefer_wares_glyphs_and_papyri_in_german(open_page, site):  # noqa: ANN001
    page = _game(open_page, site)
    words = page.evaluate(
        "() => [...document.querySelectorAll('.mn-ware-kind, .mn-draw, .mn-glyph')].map((e) => e.textContent)"
    )
    assert words, "no wares, papyri or glyphs drawn"
    english = {"Collar", "Amulet", "ibis", "scarab", "vase", "cobra", "lotus", "water", "reed", "djed", "ankh", "was"}
    assert not english & set(words), sorted(english & set(words))
    assert {"Halskragen", "Statuette", "Amulett", "Ring", "Vase"} & set(words) or {"Kobra", "Skarabäus"} & set(words)
    # The necropolis' column heads ("I · 1 Aktivierung") are not clipped.
    clipped = page.evaluate(
        "() => [...document.querySelectorAll('.mn-nhead')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"
    )
    assert clipped == []


# Words of the board whose letters sit on more than one line other than at a soft hyphen: cut
# mid-word. (This Chromium has no hyphenation dictionaries: hyphens: auto alone never hyphenates.)
CUT_WORDS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.querySelector('#board'), NodeFilter.SHOW_TEXT);
  const top = (n, i) => { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); const b = [...r.getClientRects()].filter((x) => x.width > 0).pop(); return b ? Math.round(b.top) : null; };
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement || !n.parentElement.getClientRects().length) continue;
    for (const m of n.data.matchAll(/[\\p{L}\\u00ad]{4,}/gu)) {
      let last = null, soft = false;
      for (let i = m.index; i < m.index + m[0].length; i++) {
        if (n.data[i] === '\\u00ad') { soft = true; continue; }
        const y = top(n, i);
        if (y === null) continue;
        if (last !== null && y !== last && !soft) { out.push(m[0].replaceAll('\\u00ad', '')); break; }
        last = y; soft = false;
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize(
    ("game", "device"), [("men-nefer", "desktop"), ("men-nefer", "phone"), ("ra", "desktop"), ("ra", "phone")]
)
def test_no_word_is_cut_mid_word(open_page, site, game, device):  # noqa: ANN001
    page = _game(open_page, site, "de", device, game)
    assert page.evaluate(CUT_WORDS) == []
    # Where a long word must break, it breaks as a word (hyphens, lang="de"), never "anywhere".
    assert page.evaluate("() => document.documentElement.lang") == "de"
    wraps = page.evaluate(
        "() => [...document.querySelectorAll('#board *')].filter((e) => getComputedStyle(e).overflowWrap === 'anywhere').length"
    )
    assert wraps == 0


def test_sticky_status_bar_does_not_cover_what_is_scrolled_to(open_page, site):  # noqa: ANN001
    page = _game(open_page, site, "en", "phone")
    covered = page.evaluate("""() => {
      const bar = document.querySelector('#status');
      const out = [];
      for (const el of [...document.querySelectorAll('#board h3, #board h4')].slice(2, 8)) {
        el.scrollIntoView({ block: 'start' });
        const b = bar.getBoundingClientRect(), r = el.getBoundingClientRect();
        if (r.top < b.bottom - 1) out.push([el.textContent, r.top, b.bottom]);
      }
      return out;
    }""")
    assert covered == []


def _fits(page, sel: str) -> list:  # noqa: ANN001
    # A select whose chosen label is wider than its box is shown cut ("Medium — ratin…").
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter((s) => s.getClientRects().length).map((s) => {
      const c = document.createElement('canvas').getContext('2d');
      const st = getComputedStyle(s);
      c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
      const text = s.options[s.selectedIndex].text;
      const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 16;
      return [text, Math.ceil(c.measureText(text).width), Math.floor(room)];
    }).filter(([, need, room]) => need > room)""",
        sel,
    )


@pytest.mark.parametrize(("lang", "device"), [("en", "desktop"), ("de", "desktop"), ("en", "phone")])
def test_lobby_bot_labels_are_not_cut(open_page, lang, device):  # noqa: ANN001
    page = open_page("/", lang, device)
    page.wait_for_selector("#seat-kind-1")
    page.select_option("#seat-kind-1", "bot:medium")
    assert page.locator("#seat-kind-1 option:checked").inner_text().count("±") == 1
    assert _fits(page, ".seat-row select") == []


def test_one_rating_scale_with_a_line_and_a_fair_takeover_default(open_page):  # noqa: ANN001
    page = open_page("/", "en")
    page.wait_for_selector("#table-takeover option", state="attached")
    assert page.input_value("#table-takeover") == "medium"
    assert "one scale" in page.inner_text("#rating-scale")
    board = open_page("/leaderboard", "de")
    board.wait_for_selector("#board-note")
    assert "derselben Skala" in board.inner_text("#board-note")


def test_bots_enter_the_site_pool_at_their_ladder_rating() -> None:
    from heliopolis.bots.levels import ratings as ladder
    from heliopolis.server.social.ratings import first_rating

    row = ladder("ra", 3)["easy"]
    r = first_rating("bot:easy", "ra:2009", 3)
    assert r.mu == pytest.approx(row["rating"]) and 1.0 <= r.sigma < 25 / 3
    assert first_rating("account:1", "ra:2009", 3).mu == 25.0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lobby_shows_each_game_with_picture_lines_facts_and_rules(open_page, lang):  # noqa: ANN001
    page = open_page("/", lang)
    page.wait_for_selector(".game-card")
    cards = page.evaluate("""() => [...document.querySelectorAll('.game-card')].map((c) => ({
      game: c.dataset.game, shapes: c.querySelectorAll('svg.game-pic *').length,
      what: c.querySelector('.game-card-what').textContent, facts: c.querySelector('.game-card-facts').textContent,
      rules: c.querySelector('a').getAttribute('href') }))""")
    assert [c["game"] for c in cards] == ["ra", "ra-dice", "helios", "men-nefer"]
    for c in cards:
        assert c["shapes"] >= 8, c
        assert len(c["what"]) > 60 and "ui.games" not in c["what"], c
        assert ("Spieler" if lang == "de" else "players") in c["facts"] and (
            "Minuten" if lang == "de" else "minutes"
        ) in c["facts"]
        assert c["rules"] == f"/rules/{c['game']}"
    page.locator(".game-card[data-game=helios] button").click()
    assert page.input_value("#game-select") == "helios"
    page.locator(".game-card[data-game=men-nefer] a[href^='/rules/']").click()
    page.wait_for_selector("#rules h2")
    assert page.locator("#rules svg.game-pic").count() == 1
    assert page.inner_text("#rules h2").strip() in ({"Goal"} if lang == "en" else {"Ziel", "Spielziel"})

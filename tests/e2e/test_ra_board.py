"""The Ra board drawn as a table (issue 28, items 2, 3 and 6), in Chromium through Playwright: every
piece is an SVG drawing with an accessible name, moves are made on the pieces (a sun bids, the bag
draws), the sentence list of moves is a collapsed, keyboard-reachable fallback, a drawn tile arrives
with a short animation that reduced motion turns off, no serious axe violation in English and German,
and the first screen holds the board and the controls one acts with (1280 × 800 and 390 × 844).
One server and one browser for the module; the positions are reached through the HTTP API, the same
on every run (the tables' seeds and the test seat's moves come from each test's fixed RNG; the random
bots are functions of the seed).
"""

from __future__ import annotations

import random

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.boards import (
    DESK,
    LOCALES,
    PHONE,
    Ended,
    check_all_moves_fallback,
    legend_violations,
    open_board,
    play_until,
)
from tests.e2e.boards import post_move as _post_move
from tests.e2e.boards import state as _state
from tests.server.conftest import next_table_seed

require_chromium()

TILE_KINDS = 23  # god, gold, pharaoh, Nile, flood, 5 civilizations, 8 monuments, 4 disasters, Ra


def _play_until(url: str, g: dict, stop, rng: random.Random) -> dict:  # noqa: ANN001
    """Legal moves for the created seat (drawing mostly, so the track fills) until ``stop(state)``."""

    def pick(s: dict) -> int:
        names = {a["notation"]: a["id"] for a in s["legal"]}
        return names["draw"] if "draw" in names and rng.random() < 0.8 else rng.choice(list(names.values()))

    return play_until(url, g, stop, pick)


def _game_at(url: str, stop, rng: random.Random, players: int = 3) -> tuple[dict, dict]:  # noqa: ANN001
    """A new game played to ``stop``; random bots may end a game first: then another one. The table's
    seed comes from ``rng`` too, so every run reaches the same position."""
    for _ in range(4):
        next_table_seed(url, rng.randrange(1 << 62))
        g = _new_game(url, players)
        try:
            return g, _play_until(url, g, stop, rng)
        except Ended:
            continue
    raise AssertionError("the wanted position was not reached in four games")


def _new_game(url: str, players: int = 3) -> dict:
    seats = [{"kind": "human", "name": "Nefertari"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    body = {"game": "ra", "players": players, "join": 0, "seats": seats, "options": {"edition": "2009"}}
    r = httpx.post(f"{url}/api/games", json=body, timeout=20)
    assert r.status_code == 201, r.text
    return r.json()


def _turn(s: dict) -> bool:
    v = s["view"]
    notations = {a["notation"] for a in s["legal"]}
    return v["phase"] == "turn" and "draw" in notations and sum(t is not None for t in v["auction_track"]) >= 2


def _bidding(s: dict) -> bool:
    return s["view"]["phase"] == "auction" and any(a["notation"].startswith("bid:") for a in s["legal"])


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("raboard", seeded=True)  # the tables' seeds are the tests' (_game_at)
    return server.url


def _open(browser, url: str, g: dict, lang: str = "en", view: dict = DESK, **kw):  # noqa: ANN001, ANN003, ANN202
    return open_board(browser, url, g, "#ra-table", lang, view, css="ra", **kw)  # ra.css drawn: the table's frame


def _wait_answer(page, log_before: int) -> None:  # noqa: ANN001
    page.wait_for_function(
        "(n) => document.querySelector('#status').dataset.kind !== 'mine'"
        " || document.querySelector('#log').children.length > n", arg=log_before)  # fmt: skip


DISASTERS = {"funeral", "drought", "unrest", "earthquake"}


def _watch(selector: str, name: str) -> str:
    """A script recording in ``window[name]`` every ``selector`` element the page ever shows, with its
    animation as it starts (a bot's next move may draw the board anew before a poll would see it)."""
    return f"""() => {{ window.{name} = []; new MutationObserver(() => {{
      for (const e of document.querySelectorAll('{selector}')) if (!e.__seen) {{ e.__seen = true;
        const st = getComputedStyle(e); window.{name}.push([st.animationName, parseFloat(st.animationDuration)]); }}
    }}).observe(document.body, {{ childList: true, subtree: true }}); }}"""


WATCH_GAIN = _watch(".ra-gain .ra-tile-art", "__gains")


def test_every_piece_is_a_drawing_with_a_name_and_the_legend_shows_every_tile_kind(site, browser):
    g, s = _game_at(site, lambda s: _turn(s) and s["view"]["epoch"] >= 2, random.Random(1), 4)
    ctx, page = _open(browser, site, g)
    kinds = {t for t in s["view"]["auction_track"] if t}
    for seat in s["view"]["seats"]:
        kinds |= {k for k, n in (seat.get("display") or {}).items() if n}
    drawn = page.eval_on_selector_all(
        "#ra-table .tile[data-tile], #seats .tile[data-tile]",
        "els => els.map(e => [e.dataset.tile, !!e.querySelector('svg.ra-tile-art[role=img][aria-label]')])",
    )
    assert kinds and {k for k, _ in drawn} == kinds
    assert all(ok for _, ok in drawn), drawn
    suns = page.eval_on_selector_all("#board .sun", "els => els.map(e => !!e.querySelector('svg.ra-sun-art'))")
    assert len(suns) >= 1 + 2 * 4 and all(suns)  # the centre sun and every seat's suns
    assert page.locator("#bag svg.ra-bag-art").count() == 1
    assert page.locator("#epoch svg.ra-epoch-art").count() == 1
    assert page.locator("#ra-track svg").count() == s["view"]["ra_track"]["spaces"]
    # Every drawing is named (role=img with aria-label and <title>) or hidden from assistive technology.
    unnamed = page.evaluate("""() => [...document.querySelectorAll('#board svg')].filter(e =>
        e.closest('[aria-hidden=true]') === null && !(e.getAttribute('role') === 'img' && e.getAttribute('aria-label')
        && e.querySelector(':scope > title'))).length""")
    assert unnamed == 0
    # The legend: closed at first (never in the way), every tile kind drawn in it once opened.
    assert not page.locator("#ra-legend .legend-body").is_visible()
    page.click("#ra-legend > summary")
    assert page.locator("#ra-legend .legend-group[data-category] svg.ra-tile-art").count() == TILE_KINDS
    # One symbol per kind, defined once: pieces are <use> of the sprite's symbols.
    assert page.locator("#ra-sprite symbol").count() >= TILE_KINDS
    assert page.evaluate("document.querySelectorAll('#ra-sprite').length") == 1
    ctx.close()


def test_a_draw_by_clicking_the_bag_and_the_drawn_tile_arrives_animated(site, browser):
    g, s = _game_at(site, _turn, random.Random(2))
    ctx, page = _open(browser, site, g)
    bag = page.locator("#bag[data-action='draw']")
    assert bag.count() == 1 and bag.evaluate("e => e.tagName") == "BUTTON"
    assert page.locator("#board [data-action='draw']").count() == 1  # the bag is the draw control
    assert page.locator("#ra-track-block[data-action='ra']").count() == 1  # the Ra track invokes Ra
    n = page.locator("#log li").count()
    bag.click()
    _wait_answer(page, n)
    new = _state(site, g)["log"][len(s["log"]) :]  # the lines since the position was reached
    draws = [line for line in new if isinstance(line, dict) and line.get("k") == "ra.log.draws"]
    assert draws and draws[0]["a"].get("seat") == 0, new
    if page.locator(".ra-new").count():  # a tile (not Ra, not a disaster's auction) landed on the track
        dur = page.eval_on_selector(".ra-new", "e => parseFloat(getComputedStyle(e).animationDuration)")
        assert 0 < dur <= 0.3
    # A won lot: the tiles that reached a display glow in (the same class the view sets on them).
    page.evaluate(
        "() => document.querySelector('#seats .tile') && document.querySelector('#seats .tile').classList.add('ra-gain')"
    )
    gain = page.eval_on_selector_all(
        ".ra-gain .ra-tile-art",
        "els => els.map(e => [getComputedStyle(e).animationName, parseFloat(getComputedStyle(e).animationDuration)])",
    )
    assert all(name != "none" and 0 < dur <= 0.3 for name, dur in gain), gain
    ctx.close()
    # Under prefers-reduced-motion the pieces do not move.
    ctx, page = _open(browser, site, g, reduced_motion="reduce")
    page.evaluate(
        """() => { const el = document.querySelector('.auction-space .tile'); if (el) el.classList.add('ra-new'); }"""
    )
    names = page.eval_on_selector_all(
        ".ra-new, .ra-gain .ra-tile-art", "els => els.map(e => getComputedStyle(e).animationName)"
    )
    assert all(n == "none" for n in names)
    ctx.close()


def _ra_with_a_lot(s: dict) -> bool:
    lot = [t for t in s["view"]["auction_track"] if t]
    return _turn(s) and "ra" in {a["notation"] for a in s["legal"]} and any(t not in DISASTERS for t in lot)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_won_auction_glows_into_the_winners_display(site, browser, motion):
    """Issue 28, item 3: the tiles of a won lot arrive in the winner's display with a short animation,
    none under prefers-reduced-motion (the same game both times: the seeds are fixed)."""
    g, s = _game_at(site, _ra_with_a_lot, random.Random(8))
    ctx, page = _open(browser, site, g, reduced_motion=motion)
    page.evaluate(WATCH_GAIN)
    n = page.locator("#log li").count()
    page.click("#ra-track-block[data-action='ra']")  # invoke Ra: the bots bid, the invoker bids last
    _wait_answer(page, n)
    s = _play_until(site, g, lambda s: _bidding(s) or s["view"]["phase"] != "auction", random.Random(0))
    if _bidding(s):  # the highest bid wins, unless a bot bid more
        bids = [a for a in s["legal"] if a["notation"].startswith("bid:")]
        _post_move(site, g, max(bids, key=lambda a: int(a["notation"][4:]))["id"], s["version"])
    page.wait_for_function("() => window.__gains.length > 0")
    wins = [x for x in _state(site, g)["log"] if isinstance(x, dict) and x.get("k") == "ra.log.wins"]
    assert wins, "nobody won the lot"
    gains = page.evaluate("() => window.__gains")
    if motion == "reduce":
        assert all(name == "none" for name, _ in gains), gains
    else:
        assert all(name == "ra-gain" and 0 < dur <= 0.3 for name, dur in gains), gains
    ctx.close()


def test_a_tap_for_the_ra_tracks_help_shows_it_and_never_invokes_ra(site, browser):
    g, s = _game_at(site, _turn, random.Random(4))
    assert "ra" in {a["notation"] for a in s["legal"]}
    ctx, page = _open(browser, site, g, view={"viewport": {"width": 390, "height": 844}}, is_mobile=True,
                      has_touch=True)  # fmt: skip
    help_target = page.locator("#board [data-help='help.ra.ra_track']")
    assert help_target.evaluate("e => e.closest('button, [data-action]') === null")  # outside the Ra control
    help_target.tap()
    assert page.locator("#help-tip").is_visible() and "Ra track" in page.locator("#help-tip").inner_text()
    page.wait_for_timeout(500)
    assert len(_state(site, g)["log"]) == len(s["log"])  # no move was made
    assert page.locator("#ra-track-block[data-action='ra']").count() == 1  # the control itself still invokes Ra
    ctx.close()


def test_a_bid_by_clicking_a_sun(site, browser):
    g, s = _game_at(site, _bidding, random.Random(3))
    ctx, page = _open(browser, site, g)
    bids = sorted(int(a["notation"].split(":")[1]) for a in s["legal"] if a["notation"].startswith("bid:"))
    suns = page.locator("#bid-suns .sun[data-action^='bid:']")
    assert suns.count() == len(bids)
    sun = page.locator(f"#bid-suns .sun[data-action='bid:{bids[0]}']")
    assert sun.evaluate("e => e.tagName") == "BUTTON"
    n = page.locator("#log li").count()
    sun.click()
    _wait_answer(page, n)
    new = _state(site, g)["log"][len(s["log"]) :]  # the lines since the position was reached
    bid = [line for line in new if isinstance(line, dict) and line.get("k") == "ra.log.bid"]
    assert bid and bid[0]["a"] == {"seat": 0, "bid": bids[0]}, new
    ctx.close()


def test_the_list_of_all_moves_is_a_collapsed_fallback_reachable_by_keyboard(site, browser):
    g, s = _game_at(site, _turn, random.Random(4))
    ctx, page = _open(browser, site, g)
    check_all_moves_fallback(page, s)
    n = page.locator("#log li").count()
    page.keyboard.press("Enter")  # the move made from the keyboard
    _wait_answer(page, n)
    ctx.close()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_accessibility_violation_with_the_legend_open(site, browser, lang):
    g, _ = _game_at(site, _bidding, random.Random(5))
    problems = legend_violations(lambda view: _open(browser, site, g, lang, view), lang, "#ra-legend")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_first_screen_holds_the_board_whose_turn_and_the_controls(site, browser, lang):
    """1280 × 800: the whole shared board (the table), the status and every control on the board;
    390 × 844: the status and every control one acts with (bag, Ra track, suns, pass)."""
    rng = random.Random(6)
    g, _ = _game_at(site, _turn, rng)
    for view, name in ((DESK, "desk"), (PHONE, "phone")):
        ctx, page = _open(browser, site, g, lang, view)
        height = view["viewport"]["height"]
        boxes = page.evaluate("""() => [...document.querySelectorAll('#status, #board [data-action]')].map(e => {
            const r = e.getBoundingClientRect(); return [e.id || e.dataset.action, r.top, r.bottom]; })""")
        assert len(boxes) >= 3, boxes  # the status, the bag, the Ra track
        assert all(top >= 0 and bottom <= height for _, top, bottom in boxes), (name, boxes)
        if name == "desk":
            assert page.evaluate("document.querySelector('#ra-table').getBoundingClientRect().bottom") <= height
        ctx.close()
    try:
        _play_until(site, g, _bidding, rng)
    except Ended:
        g, _ = _game_at(site, _bidding, rng)
    for view, name in ((DESK, "desk"), (PHONE, "phone")):
        ctx, page = _open(browser, site, g, lang, view)
        height = view["viewport"]["height"]
        boxes = page.evaluate("""() => [...document.querySelectorAll('#status, #board [data-action]')].map(e => {
            const r = e.getBoundingClientRect(); return [e.id || e.dataset.action, r.top, r.bottom]; })""")
        assert any(b[0].startswith("bid:") for b in boxes), boxes
        assert all(top >= 0 and bottom <= height for _, top, bottom in boxes), (name, boxes)
        ctx.close()

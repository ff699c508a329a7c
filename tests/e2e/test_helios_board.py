"""The Helios board drawn as a table (issue 28, items 2, 3 and 6), in Chromium through Playwright: land
tiles, resources, special tiles, temples, the sun, action tiles, buildings and persons are SVG drawings
with accessible names (each resource colour its own token shape), moves are made on the pieces (an
action tile is taken from its column, a hex is clicked to create a tile), the sentence list of moves is
a collapsed, keyboard-reachable fallback, a created tile lands with a short animation that reduced
motion turns off, no serious axe violation in English and German, and the first screen holds the part
one acts on, the status and the options (1280 × 800 and 390 × 844).

The positions are deterministic in what matters here: a two-player game with both seats human, both
played by the test with a seeded random choice (no bot replies), stopped at a phase (take, place, sun).
"""

from __future__ import annotations

import random
import time

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.boards import (
    DESK,
    LOCALES,
    PHONE,
    check_all_moves_fallback,
    get,
    legend_violations,
    open_board,
    post_move,
    state,
)
from tests.server.conftest import next_table_seed

require_chromium()

RESOURCES = ("blue", "brown", "grey", "green", "black")
SHAPES = {"blue": "circle", "brown": "rect", "grey": "path", "green": "path", "black": "path"}


def _new_game(url: str) -> dict:
    """A two-player game, both seats human: ``{"id", "token", "tokens": [seat 0, seat 1]}``."""
    seats = [{"kind": "human", "name": "Helia"}, {"kind": "human", "name": "Sol"}]
    r = httpx.post(f"{url}/api/games", json={"game": "helios", "players": 2, "join": 0, "seats": seats}, timeout=20)
    assert r.status_code == 201, r.text
    g = r.json()
    j = httpx.post(f"{url}/api/games/{g['id']}/join", json={"seat": 1, "name": "Sol"}, timeout=20)
    assert j.status_code == 200, j.text
    return {**g, "tokens": [g["token"], j.json()["token"]]}


def _play_until(url: str, g: dict, stop, rng: random.Random) -> dict:  # noqa: ANN001
    """Both seats move (seeded choices; a tile is created where one can be) until seat 0 is to move in a
    position ``stop(state)`` accepts; returns seat 0's state."""
    for _ in range(4000):
        s = get(url, f"/api/games/{g['id']}/state", g["tokens"][0])
        if s["status"] == "finished":
            raise AssertionError("the game ended before the wanted position")
        seat = s["view"]["to_move"]
        if seat == 0 and s["legal"] and stop(s):
            return s
        if seat is None or seat < 0:
            time.sleep(0.05)
            continue
        if seat != 0:
            s = get(url, f"/api/games/{g['id']}/state", g["tokens"][seat])
        if not s["legal"]:
            time.sleep(0.05)
            continue
        post_move(url, g, rng.choice(s["legal"])["id"], s["version"], g["tokens"][seat])
    raise AssertionError("the wanted position was not reached")


def _notations(s: dict) -> set[str]:
    return {a["notation"] for a in s["legal"]}


def _take(s: dict) -> bool:
    return s["view"]["phase"] == "take" and s["view"]["round"] >= 1 and s["view"]["turn"] >= 2


def _place(s: dict) -> bool:
    return any(n.startswith("place:") for n in _notations(s))


def _sun(s: dict) -> bool:
    return any(n.startswith("step:") for n in _notations(s))


def _build(s: dict) -> bool:
    return any(n.startswith("build:") for n in _notations(s))


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    return serve("heliosboard", seeded=True).url  # the tables' seeds are the tests' (_position)


STOPS = {"take": (_take, 1), "place": (_place, 2), "sun": (_sun, 3), "build": (_build, 4)}


def _position(url: str, name: str) -> tuple[dict, dict]:
    stop, seed = STOPS[name]
    next_table_seed(url, seed)  # the server's dice too: every run reaches the same position
    g = _new_game(url)
    return g, _play_until(url, g, stop, random.Random(seed))


@pytest.fixture(scope="module")
def positions(site):  # noqa: ANN001, ANN201
    """One game per position, reached once for the module and only looked at (a test that moves makes
    its own with ``_position``)."""
    return {name: _position(site, name) for name in STOPS}


def _open(browser, url: str, g: dict, lang: str = "en", view: dict = DESK, **kw):  # noqa: ANN001, ANN003, ANN202
    return open_board(browser, url, g, "#he-table", lang, view, css="helios", **kw)


def _log_grows(page, n: int) -> None:  # noqa: ANN001
    page.wait_for_function("(n) => document.querySelector('#log').children.length > n", arg=n)


def test_every_piece_is_a_drawing_with_a_name_and_the_legend_shows_every_kind(site, browser, positions):
    g, s = positions["place"]
    ctx, page = _open(browser, site, g)
    v = s["view"]
    # Every created tile on a hex board: its own drawing (an icon from the sprite) and a name.
    tiled = sum(len(p["tiles"]) for p in v["players"])
    hexes = page.eval_on_selector_all(
        "#board svg.he-hexboard g.he-hex.tiled",
        "els => els.map(e => [e.dataset.tile, !!e.querySelector('use.he-tile-icon'), e.getAttribute('aria-label') || ''])",
    )
    assert len(hexes) == tiled and all(icon for _, icon, _ in hexes), hexes
    assert all(label for _, _, label in hexes if label is not None)  # named (or a button named by its move)
    # Resources: one token each, its shape by colour (colour is never the only cue).
    tokens = page.eval_on_selector_all(
        "#board .he-hexboard .he-res", "els => els.map(e => [e.dataset.colour, e.querySelector('.he-token').tagName])"
    )
    assert len(tokens) == sum(len(t["resources"]) for p in v["players"] for t in p["tiles"])
    assert all(SHAPES[c] == tag for c, tag in tokens), tokens
    # The sun of every seat, the supply's drawn pieces.
    assert page.locator("#board .he-hexboard .he-sun use").count() == 2
    cols = sum(len(c) for c in v["columns"].values())
    assert page.locator("#he-columns .he-atile svg.he-atile-art[role=img][aria-label]").count() == cols
    assert page.locator("#he-land .he-land svg.he-land-art[role=img][aria-label]").count() == 6
    assert page.locator("#he-land .he-special svg.he-land-art[role=img][aria-label]").count() == 4
    assert page.locator("#he-persons .he-pcard svg.he-person-art[role=img][aria-label]").count() == len(
        v["persons_available"]
    )
    assert page.locator("#he-buildings .he-bcard svg.he-building-art[role=img][aria-label]").count() == 12
    # Every drawing is named (role=img with aria-label and <title>) or hidden from assistive technology.
    unnamed = page.evaluate("""() => [...document.querySelectorAll('#board svg.he-art')].filter(e =>
        e.closest('[aria-hidden=true]') === null && !(e.getAttribute('role') === 'img' && e.getAttribute('aria-label')
        && e.querySelector(':scope > title'))).length""")
    assert unnamed == 0
    # The legend: closed at first (never in the way); every kind drawn in it once opened.
    body = page.locator("#he-legend .legend-body")
    assert not body.is_visible()
    page.click("#he-legend > summary")
    assert body.is_visible()
    for group, n in (("land", 5), ("resources", 5), ("specials", 4), ("action", 4), ("buildings", 12), ("persons", 8)):
        assert page.locator(f"#he-legend .legend-group[data-group={group}] li svg").count() == n, group
    shapes = page.eval_on_selector_all("#he-legend [data-group=resources] .he-token", "els => els.map(e => e.tagName)")
    assert shapes == [SHAPES[c] for c in RESOURCES]
    assert page.evaluate("document.querySelectorAll('#he-sprite').length") == 1
    ctx.close()


def test_an_action_tile_is_taken_by_clicking_it_in_its_column(site, browser):
    g, s = _position(site, "take")
    ctx, page = _open(browser, site, g)
    takes = sorted(n for n in _notations(s) if n.startswith("take:"))
    tiles = page.locator("#he-columns button.he-atile[data-action^='take:']")
    assert tiles.count() == len(takes) and tiles.count() >= 1
    sym = takes[0].split(":")[1]
    tile = page.locator(f"#he-columns .he-col[data-symbol={sym}] button.he-atile.bottom")
    assert tile.get_attribute("data-action") == f"take:{sym}"
    n = page.locator("#log li").count()
    tile.click()
    _log_grows(page, n)
    new = state(site, g)["log"][len(s["log"]) :]
    takes_logged = [line for line in new if isinstance(line, dict) and line.get("a", {}).get("seat") == 0]
    assert takes_logged, new
    ctx.close()


def test_a_tile_is_created_by_clicking_a_hex_and_lands_animated_but_not_under_reduced_motion(site, browser):
    g, s = _position(site, "place")
    ctx, page = _open(browser, site, g)
    places = sorted(n for n in _notations(s) if n.startswith("place:"))
    hexes = page.locator("#board [data-seat='0'] svg.he-hexboard g.he-act-place")
    assert hexes.count() == len(places)
    key = places[0].split(":", 1)[1]
    target = page.locator(f"#board [data-seat='0'] g.he-hex[data-hex='{key}']")
    assert target.get_attribute("role") == "button" and target.get_attribute("aria-label")
    n = page.locator("#log li").count()
    target.click()
    _log_grows(page, n)
    page.wait_for_selector(f"#board [data-seat='0'] g.he-hex.tiled[data-hex='{key}']")
    after = state(site, g)
    assert key in {t["hex"] for t in after["view"]["players"][0]["tiles"]}
    fresh = page.locator(f"#board [data-seat='0'] g.he-hex.he-new[data-hex='{key}']")
    if fresh.count():  # the next drawing (a later move) replaces the marked one
        name, dur = fresh.evaluate(
            "e => [getComputedStyle(e).animationName, parseFloat(getComputedStyle(e).animationDuration)]"
        )
        assert name != "none" and 0 < dur <= 0.3
    ctx.close()
    # Under prefers-reduced-motion nothing moves: a landing tile, a moved sun, the pulse of a target.
    ctx, page = _open(browser, site, g, reduced_motion="reduce")
    page.evaluate("""() => { document.querySelector('g.he-hex.tiled').classList.add('he-new');
        document.querySelector('g.he-sun').classList.add('he-moved'); }""")
    names = page.eval_on_selector_all(
        ".he-new, .he-moved, g.he-act .he-hexshape", "els => els.map(e => getComputedStyle(e).animationName)"
    )
    assert names and all(x == "none" for x in names), names
    ctx.close()


def test_the_sun_moves_on_highlighted_hexes(site, browser, positions):
    g, s = positions["sun"]
    ctx, page = _open(browser, site, g)
    steps = sorted(n for n in _notations(s) if n.startswith("step:"))
    on_board = sorted(
        page.eval_on_selector_all("#board svg.he-hexboard g.he-act-step", "els => els.map(e => e.dataset.action)")
    )
    assert on_board == steps
    # every legal move has exactly one place on the board
    everything = sorted(page.eval_on_selector_all("#board [data-action]", "els => els.map(e => e.dataset.action)"))
    assert everything == sorted(_notations(s))
    ctx.close()


def test_the_list_of_all_moves_is_a_collapsed_fallback_reachable_by_keyboard(site, browser, positions):
    g, s = positions["take"]  # looked at only: the focused move is not sent
    ctx, page = _open(browser, site, g)
    check_all_moves_fallback(page, s)
    # The pieces themselves are reachable by keyboard too: each move on the board is a focusable button.
    kinds = page.eval_on_selector_all(
        "#board [data-action]", "els => els.map(e => e.tagName === 'BUTTON' || e.getAttribute('tabindex') === '0')"
    )
    assert kinds and all(kinds)
    ctx.close()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_accessibility_violation_with_the_legend_open(site, browser, positions, lang):
    problems = []
    for name in ("take", "place"):
        g, _ = positions[name]
        found = legend_violations(lambda view: _open(browser, site, g, lang, view), lang, "#he-legend")  # noqa: B023
        problems += [f"{name}: {p}" for p in found]
    assert problems == [], "\n".join(problems)


def _boxes(page) -> list:  # noqa: ANN001
    return page.evaluate("""() => [...document.querySelectorAll('#status, #he-prompt, #board [data-action]')].map(e => {
        const r = e.getBoundingClientRect(); return [e.id || e.dataset.action, Math.round(r.top), Math.round(r.bottom)]; })""")


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_first_screen_holds_the_part_one_acts_on_whose_turn_and_the_options(site, browser, positions, lang):
    """1280 × 800: the status, the prompt, every move on the board, one's own hex board whole and the
    action-tile columns and land tiles (the shared supply one takes from); 390 × 844: the status, the
    prompt, every move on the board and the area they are in whole (one's hex board, the columns; when
    building, the buildings: the temples' hexes follow below)."""
    for name in STOPS:
        g, _ = positions[name]
        for view, where in ((DESK, "desk"), (PHONE, "phone")):
            ctx, page = _open(browser, site, g, lang, view)
            height = view["viewport"]["height"]
            boxes = _boxes(page)
            if where == "phone" and name == "build":
                boxes = [b for b in boxes if not b[0].startswith("temple:")]
            assert len(boxes) >= 3, boxes
            assert all(top >= 0 and bottom <= height for _, top, bottom in boxes), (name, where, boxes)
            whole = [
                "#he-table",
                {"take": "#he-columns", "build": "#he-buildings"}.get(name, "#board [data-seat='0'] svg.he-hexboard"),
            ]
            if where == "desk":  # the supply one takes from, or (building) the buildings one acts on
                whole += ["#board [data-seat='0'] svg.he-hexboard"] + (
                    ["#he-columns", "#he-land"] if name != "build" else []
                )
            for sel in whole:
                bottom = page.evaluate(f"document.querySelector({sel!r}).getBoundingClientRect().bottom")
                assert bottom <= height, (name, where, sel, bottom)
            ctx.close()


def _pays_on_one_hex(s: dict) -> bool:
    hexes = [n.split(":")[1] for n in _notations(s) if n.startswith("pay:")]
    return len(hexes) > len(set(hexes))


def test_each_token_paid_from_one_hex_is_a_target_of_its_own(site, browser):
    """Several tokens of one hex to pay from: each is a target of its own, for the pointer and for
    Playwright's hit check (overlapping hit circles once let one colour's target swallow the click on
    its neighbour: a whole game by clicking timed out on it in a fresh-clone run)."""
    next_table_seed(site, 6)
    g = _new_game(site)
    s = _play_until(site, g, _pays_on_one_hex, random.Random(6))
    ctx, page = _open(browser, site, g)
    pays = sorted(n for n in _notations(s) if n.startswith("pay:"))
    targets = page.locator("#board [data-action^='pay:']")
    assert sorted(targets.nth(i).get_attribute("data-action") for i in range(targets.count())) == pays
    for i in range(targets.count()):
        target = targets.nth(i)
        target.scroll_into_view_if_needed()
        hit = target.evaluate(
            "e => { const r = e.querySelector('.he-token').getBoundingClientRect();"
            " const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
            " return at && at.closest('[data-action]') ? at.closest('[data-action]').dataset.action : null; }"
        )
        assert hit == target.get_attribute("data-action"), (hit, pays)
        target.click(trial=True, timeout=3000)  # Playwright's own check that nothing covers it
    ctx.close()

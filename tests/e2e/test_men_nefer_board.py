"""Men-Nefer's main board drawn as a picture (issue 28, items 2, 3 and 6), in Chromium through
Playwright: every area is an SVG picture with the pieces on it, each piece a drawing with an
accessible name and a shape of its kind (the seat number on it, so colour is never the only cue);
moves are made on the spaces and pieces themselves (a house of life, a display tile, your own action
tile, ...), by pointer and by keyboard; the sentence list of moves is a collapsed, keyboard-reachable
fallback; a placed piece arrives with a short animation that reduced motion turns off; no serious axe
violation in English and German with the legend open; and the first screen holds whose turn it is,
the prompt, the choices and every move on the board at 1280 × 800, the first move at 390 × 844.
One server and one browser for the module; the positions are reached through the HTTP API with
fixed seeds for the player's own moves and for the tables (a seeded server: chance and bots too).
"""

from __future__ import annotations

import random
import time

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.boards import DESK, LOCALES, PHONE, check_all_moves_fallback, legend_violations, open_board, play_until
from tests.e2e.boards import state as _state
from tests.server.conftest import next_table_seed

require_chromium()

AREAS = ["mn-houses", "mn-tiles", "mn-markets", "mn-nile", "mn-temple", "mn-necropolis", "mn-sphinxes", "mn-gp",
         "mn-qp", "mn-obelisk", "mn-duat"]  # fmt: skip
PIECE_KINDS = {"apprentice", "scarab", "boat", "block", "disc", "heart", "feather"}  # on the board from the start


def _new_game(url: str, seed: int, players: int = 3) -> dict:
    """A new table whose private seed is ``seed`` (the seeded server): the bots and chance play the same game
    every run, given the same moves of seat 0."""
    next_table_seed(url, seed)
    seats = [{"kind": "human", "name": "Nefertari"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    r = httpx.post(f"{url}/api/games", json={"game": "men-nefer", "players": players, "join": 0, "seats": seats},
                   timeout=20)  # fmt: skip
    assert r.status_code == 201, r.text
    return r.json()


def _play_until(url: str, g: dict, stop, seed: int) -> dict:  # noqa: ANN001
    """Legal moves for seat 0 drawn with a fixed seed (the bots answer) until ``stop(state)`` on its turn."""
    rng = random.Random(seed)
    return play_until(url, g, stop, lambda s: rng.choice(s["legal"])["id"], tries=4000)


def _notations(s: dict) -> set[str]:
    return {a["notation"] for a in s["legal"]}


def _option_mid_game(s: dict) -> bool:
    """Era II, the turn's option: a visit (your own tile), a raise (a house) and a take (a display tile)."""
    n = _notations(s)
    return (
        s["view"]["era"] >= 2
        and (s["view"]["decision"] or {}).get("kind") == "option"
        and any(x.startswith("visit:") for x in n)
        and any(x.startswith("take:") for x in n)
        and any(x.startswith("raise:") for x in n)
    )


def _track(s: dict) -> bool:
    return (s["view"]["decision"] or {}).get("kind") == "track"


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("mnboard", seeded=True)  # the tables' seeds are the tests' (_new_game)
    g = _new_game(server.url, 28)
    s = _play_until(server.url, g, _option_mid_game, 28)
    return server.url, g, s


def _open(browser, url: str, g: dict, lang: str = "en", view: dict = DESK, **kw):  # noqa: ANN001, ANN003, ANN202
    ctx, page = open_board(browser, url, g, "#mn-main svg.mn-pic", lang, view, css="men-nefer", **kw)
    if page.locator("#since-close").is_visible():
        page.click("#since-close")
    return ctx, page


def _made(url: str, g: dict, s: dict, timeout: float = 10.0) -> dict:
    """The state after the seat's move: its version is past the position's."""
    end = time.time() + timeout
    while time.time() < end:
        now = _state(url, g)
        if now["version"] > s["version"]:
            return now
        time.sleep(0.1)
    raise AssertionError("no move was made")


def _said(lines: list, key: str) -> list[dict]:
    """The log messages with catalog key ``key``, also inside others ("... and pays 1 food")."""
    found: list[dict] = []
    stack = [x for x in lines if isinstance(x, dict)]
    while stack:
        m = stack.pop()
        if m.get("k") == key:
            found.append(m)
        stack += [x for x in (m.get("a") or {}).values() if isinstance(x, dict)]
    return found


def test_every_area_is_a_picture_and_every_piece_a_named_drawing(site, browser):
    url, g, s = site
    ctx, page = _open(browser, url, g)
    v = s["view"]
    for area in AREAS:
        assert page.locator(f"#{area} svg.mn-pic[role=group][aria-label]").count() == 1, area
    pieces = page.eval_on_selector_all(
        "#mn-main .mn-pc",
        """els => els.map(e => [e.dataset.piece, e.dataset.seat, e.getAttribute('role'), e.getAttribute('aria-label'),
            !!e.querySelector(':scope > title'), !!e.querySelector('use[href^="#mn-i-"]'), !!e.querySelector('.mn-pc-num')])""",
    )
    kinds = {p[0] for p in pieces}
    assert PIECE_KINDS <= kinds, kinds
    assert all(role == "img" and label and title and drawn for _, _, role, label, title, drawn, _ in pieces)
    # Colour is never the only cue: each seat's piece carries its seat number.
    assert all(num for _, seat, *_, num in pieces if seat != "n")
    # The pieces are the view's: every boat, the scarabs on every track, the apprentices in the houses.
    n = len(v["players"])
    per_kind = {k: sum(p[0] == k for p in pieces) for k in kinds}
    assert per_kind["boat"] == 4 * n
    assert per_kind["scarab"] == 5 * n
    in_houses = sum(sum(side.values()) for house in v["houses"].values() for side in house.values())
    assert page.locator("#mn-houses .mn-pc[data-piece=apprentice]").count() == in_houses
    assert page.locator("#mn-temple .mn-pc[data-piece=basket]").count() == len(v["temple"])
    assert page.locator("#mn-necropolis .mn-pc[data-piece=sarcophagus]").count() == len(v["necropolis"])
    # The board has no sentences: its texts are the printed short texts, at most a few words each.
    texts = page.eval_on_selector_all("#mn-main svg text", "els => els.map(e => e.textContent)")
    assert texts and max(len(x.split()) for x in texts) <= 6, max(texts, key=len)
    # The legend: closed at first (never in the way), every piece kind in it once opened.
    assert not page.locator("#mn-legend .mn-legend-body").is_visible()
    page.click("#mn-legend > summary")
    assert page.locator("#mn-legend .mn-legend-item").count() >= 12
    assert page.evaluate("document.querySelectorAll('#mn-sprite').length") == 1
    # The same board in words is there, collapsed, and holds no move.
    assert page.locator("details#mn-words").get_attribute("open") is None
    assert page.locator("#mn-words [data-action]").count() == 0
    ctx.close()


def test_moves_are_made_on_the_board_by_pointer_and_by_keyboard(site, browser):
    url, _, _ = site
    g = _new_game(url, 29)
    s = _play_until(url, g, _option_mid_game, 29)
    ctx, page = _open(browser, url, g)
    on_board = set(page.eval_on_selector_all("#mn-main [data-action]", "els => els.map(e => e.dataset.action)"))
    legal = _notations(s)
    # Your own tiles (a visit), the display (a take) and the houses (a raise) are moves on the picture.
    assert {x for x in legal if x.split(":")[0] in ("visit", "take", "raise")} <= on_board
    assert on_board <= legal
    assert page.locator("#board [data-action]").count() == len(legal)  # each move in one place
    target = sorted(x for x in on_board if x.startswith("raise:"))[0]
    el = page.locator(f"#mn-houses [data-action='{target}']")
    assert el.evaluate(
        "e => e.tagName.toLowerCase() === 'g' && e.getAttribute('role') === 'button' && e.tabIndex === 0"
    )
    box = el.bounding_box()
    assert box and min(box["width"], box["height"]) >= 30
    el.click()
    after = _made(url, g, s)
    lines = after["log"][len(s["log"]) :]
    raised = [x for x in _said(lines, "men-nefer.move.raise") if x["a"].get("seat") == 0]
    assert raised, lines  # the seat raised that house's specialization
    ctx.close()
    # The keyboard: Tab reaches a move on the board, Enter makes it.
    g2 = _new_game(url, 30)
    s2 = _play_until(url, g2, _option_mid_game, 30)
    ctx, page = _open(browser, url, g2)
    take = sorted(x for x in _notations(s2) if x.startswith("take:"))[0]
    page.focus(f"#mn-tiles [data-action='{take}']")
    assert page.evaluate("() => document.activeElement.dataset.action") == take
    page.keyboard.press("Enter")
    after = _made(url, g2, s2)
    lines = after["log"][len(s2["log"]) :]
    assert any(str(x["a"].get("slot")) == take.split(":")[1] for x in _said(lines, "men-nefer.move.take")), lines
    ctx.close()


def test_a_track_space_is_the_move_of_a_track_decision(site, browser):
    url, _, _ = site
    g = _new_game(url, 31)
    s = _play_until(url, g, _track, 31)
    house = s["view"]["decision"]["house"]
    steps = sorted(x for x in _notations(s) if x.startswith("track:"))
    ctx, page = _open(browser, url, g)
    drawn = page.eval_on_selector_all("#mn-houses [data-action^='track:']", "els => els.map(e => e.dataset.action)")
    assert sorted(drawn) == steps
    assert house in page.locator(f"#mn-houses [data-action='{steps[0]}']").get_attribute("aria-label").lower()
    page.locator(f"#mn-houses [data-action='{steps[-1]}']").click()
    _made(url, g, s)
    ctx.close()


def test_the_list_of_all_moves_is_a_collapsed_fallback_reachable_by_keyboard(site, browser):
    url, g, s = site
    ctx, page = _open(browser, url, g)
    check_all_moves_fallback(page, s)
    ctx.close()


def test_a_placed_piece_arrives_animated_and_reduced_motion_stops_it(site, browser):
    url, _, _ = site
    g = _new_game(url, 32)
    s = _play_until(url, g, _option_mid_game, 32)
    ctx, page = _open(browser, url, g)
    # Every drawing of the board after the click: the pieces marked new, with their animation.
    page.evaluate("""() => { window.__fresh = []; new MutationObserver(() => { for (const e of document.querySelectorAll('#mn-main .mn-pc.mn-new')) {
        const cs = getComputedStyle(e); window.__fresh.push([e.dataset.key, cs.animationName, parseFloat(cs.animationDuration)]); } })
        .observe(document.querySelector('#board'), { childList: true }); }""")
    before = set(page.eval_on_selector_all("#mn-main [data-key]", "els => els.map(e => e.dataset.key)"))
    target = sorted(x for x in _notations(s) if x.startswith("raise:"))[0]
    house = target.split(":")[1]
    page.locator(f"#mn-houses [data-action='{target}']").click()
    _made(url, g, s)
    # The apprentice lands on the moon space: a piece that was not there, drawn arriving (<= 300 ms).
    page.wait_for_function("(h) => window.__fresh.some(([k]) => k.startsWith(`h:${h}:moon:`))", arg=house)
    new = page.evaluate("window.__fresh")
    assert all(k not in before and name == "mn-arrive" and 0 < dur <= 0.3 for k, name, dur in new), new
    pulse = page.eval_on_selector_all(
        "#mn-main .mn-svg-act > .mn-sp-bg", "els => els.map(e => getComputedStyle(e).animationName)"
    )
    assert pulse and all(n != "none" for n in pulse)  # the moves on the board pulse
    ctx.close()
    ctx, page = _open(browser, url, g, reduced_motion="reduce")
    page.evaluate("() => document.querySelectorAll('#mn-main .mn-pc').forEach((e) => e.classList.add('mn-new'))")
    names = page.eval_on_selector_all(
        "#mn-main .mn-pc.mn-new, #mn-main .mn-svg-act > .mn-sp-bg",
        "els => els.map(e => getComputedStyle(e).animationName)",
    )
    assert names and all(n == "none" for n in names), names
    ctx.close()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_accessibility_violation_with_the_legend_open(site, browser, lang):
    url, g, _ = site
    problems = legend_violations(lambda view: _open(browser, url, g, lang, view), lang, "#mn-legend")
    assert problems == [], "\n".join(problems)


FIRST_SCREEN = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [e.id || e.dataset.action, Math.round(r.top), Math.round(r.bottom)]; };
  return {
    status: box(document.querySelector('#status')),
    prompt: box(document.querySelector('#mn-prompt')),
    choices: [...document.querySelectorAll('#mn-choices [data-action]')].map(box),
    moves: [...document.querySelectorAll('#mn-main [data-action]')].map(box),
    page: document.documentElement.scrollHeight,
  };
}"""


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_first_screen_holds_whose_turn_the_prompt_and_the_moves(site, browser, lang):
    """1280 × 800: the status, the prompt, the choice bar and every move on the drawn board;
    390 × 844: the status, the prompt and the first move on the board (the areas holding moves come
    first). The page heights are printed (before the drawn board: 2,909 px at 1280 × 860, 7,221 on a
    phone)."""
    url, g, _ = site
    for view, name in ((DESK, "desk"), (PHONE, "phone")):
        ctx, page = _open(browser, url, g, lang, view)
        height = view["viewport"]["height"]
        m = page.evaluate(FIRST_SCREEN)
        print(f"men-nefer {lang} {name}: page {m['page']} px")
        assert m["moves"], m
        seen = [m["status"], m["prompt"], *m["choices"]] + (m["moves"] if name == "desk" else m["moves"][:1])
        assert all(top >= 0 and bottom <= height for _, top, bottom in seen), (name, seen)
        ctx.close()

"""Ra: The Dice Game's drawn board in Chromium (issue 28): SVG dice faces and seat pieces on the
tracks, any set of dice picked then rolled (the engine takes the choice one die at a time, left to
right: the page sends that sequence), the sentence list of moves as a closed, keyboard-reachable
fallback, axe-core clean in English and German, and the first-screen budget (1280 × 800: the whole
shared board, whose turn it is and the options; 390 × 844: the dice tray and the roll control).
One server and one browser for the module; positions are reached through the HTTP API, the same on
every run (each table's seed and seat 0's moves are fixed; the random bots are functions of the seed).
"""

from __future__ import annotations

import random
import time

import httpx
import pytest

from tests.chromium import require_chromium
from tests.e2e.boards import DESK, LOCALES, PHONE, open_board, play_until
from tests.e2e.boards import state as _state
from tests.server.conftest import next_table_seed

require_chromium()


def _new_game(url: str, seed: int, players: int = 3) -> dict:
    """A table whose private seed is ``seed``: with the same moves of seat 0 it is the same game."""
    next_table_seed(url, seed)
    seats = [{"kind": "human", "name": "Khufu"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    r = httpx.post(f"{url}/api/games", json={"game": "ra-dice", "players": players, "join": 0, "options": {}, "seats": seats},
                   timeout=20)  # fmt: skip
    assert r.status_code == 201, r.text
    return r.json()


def _play_until(url: str, g: dict, stop, seed: int) -> dict:  # noqa: ANN001
    """Random legal moves for seat 0 (the bots answer) until ``stop(state)`` holds on its turn."""
    rng = random.Random(seed)
    return play_until(url, g, stop, lambda s: rng.choice(s["legal"])["id"])


def _free_dice(s: dict) -> list[str]:
    return [a["notation"].split(":")[1] for a in s["legal"] if a["notation"].startswith("reroll:")]


def _reroll_with_three_free(s: dict) -> bool:
    return (
        s["view"]["phase"] == "reroll"
        and len(_free_dice(s)) >= 3
        and not any(d["state"] == "chosen" for d in s["view"]["turn"]["dice"])
    )


def _apply_phase(s: dict) -> bool:
    """Dice to use on the tracks (not a disaster to declare: its four choices add a row of their own)."""
    legal = [a["notation"] for a in s["legal"]]
    return (
        s["view"]["phase"] == "apply"
        and any(n != "finish" for n in legal)
        and not any(n.startswith("disaster") for n in legal)
    )


@pytest.fixture(scope="module")
def site(serve):  # noqa: ANN001, ANN201
    server = serve("rd-board", seeded=True)  # the tables' seeds are the tests' (_new_game)
    games = {}
    for i, (name, stop, players) in enumerate([("reroll", _reroll_with_three_free, 3), ("apply", _apply_phase, 3),
                                               ("apply-4p", _apply_phase, 4)]):  # fmt: skip
        g = _new_game(server.url, 40 + i, players)
        _play_until(server.url, g, stop, 40 + i)
        games[name] = g
    return server.url, games


def _open(browser, url: str, g: dict, lang: str = "en", ready: str = "#board #rd-table #sun-art", **kw):  # noqa: ANN001, ANN003, ANN202
    return open_board(browser, url, g, ready, lang, view={}, css="ra-dice", **kw)


def test_dice_faces_tracks_and_pieces_are_drawn_in_svg(site, browser):
    url, games = site
    ctx, page = _open(browser, url, games["reroll"])
    s = _state(url, games["reroll"])
    # The symbols are defined once; every die and piece uses them.
    assert page.locator("#rd-sprite").count() == 1
    ids = page.eval_on_selector_all("symbol", "els => els.map(e => e.id)")
    assert len(ids) == len(set(ids)) == 15  # 6 faces, 4 state marks, the Ra figure, 4 seat shapes
    faces = page.eval_on_selector_all("#dice .rd-die-art use.rd-die-sym", "els => els.map(e => e.getAttribute('href'))")
    assert faces == [f"#rd-s-{d['face']}" for d in s["view"]["turn"]["dice"]]
    # Every die says its colour, face and state in words; its state also shows as a shape.
    labels = page.eval_on_selector_all("#dice .rd-die", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(lbl and lbl.count(":") == 1 for lbl in labels), labels
    for d in s["view"]["turn"]["dice"]:
        mark = page.locator(f"#dice [data-colour='{d['colour']}'] .rd-die-mark")
        assert mark.count() == (1 if d["state"] in ("sun", "used") else 0), d
    # The Sun track: one space per index, the Ra figure and the epochs.
    st = s["view"]["sun_track"]
    assert page.locator("#sun-art .rd-sun-cell").count() == st["last"] + 1
    assert page.locator(f"#sun-art .rd-sun-cell.ra[data-index='{st['ra']}']").count() == 1
    assert page.locator("#sun-art .rd-epoch").count() == s["view"]["epochs"]
    assert page.get_attribute("#sun-art", "role") == "img" and page.get_attribute("#sun-art", "aria-label")
    # Each seat's piece on the Pharaoh and Nile tracks: its own shape and colour, and a name.
    for track in ("pharaoh-track", "nile-track"):
        pieces = page.eval_on_selector_all(
            f"#{track} .rd-lane-cell svg.rd-token",
            "els => els.map(e => [e.dataset.seat, e.querySelector('use').getAttribute('href'), getComputedStyle(e.querySelector('.rd-piece-shape')).fill, e.getAttribute('aria-label')])",  # noqa: E501
        )
        assert len(pieces) == 3
        assert len({p[1] for p in pieces}) == 3 and len({p[2] for p in pieces}) == 3, pieces  # shape AND colour
        assert all(p[3] for p in pieces)
    assert page.locator("#score-art svg.rd-piece").count() == 3  # the score track (scores are open here)
    assert page.locator("#monuments .rd-mon-cell").count() == 40
    assert page.locator("#rd-roll").is_disabled()  # nothing picked yet: "Roll" waits for a pick
    # The legend: closed, floating (it takes no room), and it names every face and piece.
    height = page.evaluate("() => document.querySelector('#rd-table').offsetHeight")
    assert not page.locator(".rd-legend-panel").is_visible()
    page.click("#rd-legend > summary")
    assert page.locator(".rd-legend-panel").is_visible()
    assert page.locator(".rd-legend-panel li").count() >= 3 + 6 + 4
    assert page.evaluate("() => document.querySelector('#rd-table').offsetHeight") == height
    ctx.close()


def _die_order(page) -> list[str]:  # noqa: ANN001
    return page.eval_on_selector_all("#dice .rd-die", "els => els.map(e => e.dataset.colour)")


def test_any_set_of_dice_is_picked_then_rolled(site, browser):
    """The rightmost free die first, then the leftmost, a kept die between them: then Roll. On main
    a click on a die chose it at once and the dice to its left could no longer be chosen."""
    url, games = site
    g = games["reroll"]
    before = _state(url, g)
    free = _free_dice(before)
    picks = [free[-1], free[0]]
    ctx, page = _open(browser, url, g, ready="#board #dice")  # (the dice tray as drawn before, too)
    for c in picks:  # on main the second click finds no button: only dice right of a chosen one were
        page.click(f"#dice button[data-colour='{c}']", timeout=5000)
        page.wait_for_selector(f"#dice button[data-colour='{c}'][aria-pressed='true']", timeout=5000)
    assert not page.locator("#rd-roll").is_disabled()
    # Unpick and pick again: a pick is a toggle, nothing is sent before the roll.
    page.click(f"#dice button[data-colour='{picks[0]}']")
    page.wait_for_selector(f"#dice button[data-colour='{picks[0]}'][aria-pressed='false']")
    page.click(f"#dice button[data-colour='{picks[0]}']")
    assert _state(url, g)["version"] == before["version"]
    assert page.locator(f"#dice button[data-colour='{free[1]}'][aria-pressed='false']").count() == 1  # kept
    page.click("#rd-roll")
    page.wait_for_function(
        "(n) => { const t = document.querySelector('#rd-controls'); return !t || Number(t.dataset.rolls) > n || t.dataset.seat !== '0' }",
        arg=before["view"]["turn"]["rolls"])  # fmt: skip
    # The server rerolled exactly the picked dice: its log says which, and the others kept their faces.
    colours = [d["colour"] for d in before["view"]["turn"]["dice"]]
    after = _state(url, g)
    line = next(x for x in reversed(after["log"]) if isinstance(x, dict) and x.get("k") == "ra-dice.log.rerolls")
    words = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    rerolled = next(w for w in reversed(words) if "rerolls (roll 2)" in w and w.startswith("Khufu"))
    named = [c for c in colours if f"{c} " in rerolled.split(":", 1)[1]]
    assert sorted(named) == sorted(picks), (rerolled, picks, line)
    if after["view"]["turn"] and after["view"]["turn"]["seat"] == 0:
        for d0, d1 in zip(before["view"]["turn"]["dice"], after["view"]["turn"]["dice"]):
            if d0["colour"] not in picks:
                assert d1["face"] == d0["face"], (d0, d1)
    ctx.close()


# The page's next "act" made stale (the version before the one it holds): the server refuses it,
# as it refuses a roll on a state that has moved on, and answers with an error, no new state.
STALE_NEXT_ACT = """() => { const send = WebSocket.prototype.send; window.__stale = true;
  WebSocket.prototype.send = function (data) {
    const m = JSON.parse(data);
    if (window.__stale && m.type === 'act') { window.__stale = false; m.version -= 1; data = JSON.stringify(m); }
    return send.call(this, data); }; }"""


def test_a_refused_roll_gives_the_roll_button_back_at_once(site, browser):
    """Issue 29: after a refused roll, Roll held about 6 s (the rest of the picked set stayed queued
    until a stall timer), and a Roll on the same state then waited for an answer that never came."""
    url, _ = site
    g = _new_game(url, 11)
    before = _play_until(url, g, _reroll_with_three_free, 11)
    ctx, page = _open(browser, url, g)
    page.evaluate(STALE_NEXT_ACT)
    c = _free_dice(before)[0]  # the leftmost: free dice stay above it, so the set is sent as reroll:c, roll
    page.click(f"#dice button[data-colour='{c}']")
    page.click("#rd-roll")
    page.wait_for_selector(".toast-error")  # the refusal has come
    page.wait_for_selector("#rd-roll:enabled", timeout=1000)
    assert page.get_attribute(f"#dice button[data-colour='{c}']", "aria-pressed") == "true"  # the pick is kept
    assert _state(url, g)["version"] == before["version"]  # nothing was played
    page.click("#rd-roll")  # again, on the same state: now it is played
    page.wait_for_function(
        "(n) => { const t = document.querySelector('#rd-controls'); return !t || Number(t.dataset.rolls) > n || t.dataset.seat !== '0' }",
        arg=before["view"]["turn"]["rolls"])  # fmt: skip
    ctx.close()


# The animation of the first element matching a selector, caught while it is on the page (the
# bots answer at once and the board is drawn anew).
ANIMATION = """(sel) => { const e = document.querySelector(sel); if (!e) return null; const s = getComputedStyle(e);
    return [s.animationName, parseFloat(s.animationDuration) * 1000]; }"""


def test_a_roll_and_a_placement_animate_briefly_and_not_under_reduced_motion(site, browser):
    url, _ = site
    for motion, expect in (("no-preference", True), ("reduce", False)):
        g = _new_game(url, 7)
        _play_until(url, g, _reroll_with_three_free, 7)
        ctx, page = _open(browser, url, g, reduced_motion=motion)
        c = _free_dice(_state(url, g))[0]
        page.click(f"#dice button[data-colour='{c}']")
        page.click("#rd-roll")
        name, ms = page.wait_for_function(ANIMATION, arg=".rd-die.rd-rolled .rd-die-art").json_value()
        if expect:
            assert name == "rd-tumble" and 0 < ms <= 300
        else:
            assert name == "none"
        ctx.close()
    # A placement: a piece that arrives on a space drops in (the same rule, at most 300 ms).
    g = _new_game(url, 41)
    _play_until(url, g, _apply_phase, 41)
    ctx, page = _open(browser, url, g)
    page.locator(
        "#pharaoh-track [data-action], #nile-track [data-action], #civilization [data-action], #monuments [data-action]"
    ).first.click()
    name, ms = page.wait_for_function(ANIMATION, arg=".rd-placed").json_value()
    assert name == "rd-place" and 0 < ms <= 300
    ctx.close()


def test_the_move_list_is_a_closed_fallback_reachable_by_keyboard(site, browser):
    url, games = site
    g = _new_game(url, 9)
    _play_until(url, g, _reroll_with_three_free, 9)
    ctx, page = _open(browser, url, g)
    before = _state(url, g)
    n = len(before["legal"])
    # The dice are buttons: the keyboard picks one, and stays on it when the tray is drawn anew.
    c = _free_dice(before)[0]
    page.focus(f"#dice button[data-colour='{c}']")
    for pressed in ("true", "false"):
        page.keyboard.press("Enter")
        assert page.get_attribute(f"#dice button[data-colour='{c}']", "aria-pressed") == pressed
        assert page.evaluate("() => document.activeElement.dataset.colour") == c
    assert not page.locator("#legal").is_visible()  # closed: the moves are made on the board
    assert page.get_attribute("#rd-moves-toggle", "aria-expanded") == "false"
    page.locator("body").focus()
    for _ in range(120):  # Tab through the page until the fallback's toggle has the focus
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == "rd-moves-toggle":
            break
    else:
        pytest.fail("the move list's toggle is not reachable with Tab")
    page.keyboard.press("Enter")
    assert page.locator("#legal").is_visible()
    assert page.get_attribute("#rd-moves-toggle", "aria-expanded") == "true"
    assert page.locator("#legal .legal-btn").count() == n
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('legal-btn')")
    page.keyboard.press("Enter")  # a move from the list, by keyboard: the server takes it
    for _ in range(100):
        if _state(url, g)["version"] != before["version"]:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the move chosen with the keyboard was not sent")
    ctx.close()


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_no_serious_accessibility_violation_with_dice_picked_and_legend_open(site, browser, lang):
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="needs the [dev] extra")
    url, games = site
    for name, viewport in (("reroll", DESK), ("apply", PHONE)):
        ctx, page = _open(browser, url, games[name], lang, **viewport)
        if name == "reroll":
            page.click(f"#dice button[data-colour='{_free_dice(_state(url, games[name]))[0]}']")
        page.click("#rd-legend > summary")
        page.click("#rd-moves-toggle")
        res = axe_sync.Axe().run(page)
        bad = [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in res.response["violations"]
               if v.get("impact") in ("serious", "critical")]  # fmt: skip
        assert bad == [], (lang, name, bad)
        ctx.close()


BOX = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
    .map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })"""


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("name", ["reroll", "apply", "apply-4p"])
def test_first_screen_desktop_shows_the_whole_board_the_turn_and_the_options(site, browser, name, lang):
    url, games = site
    ctx, page = _open(browser, url, games[name], lang, **DESK)
    # The page's one-time "since your last move" box (help.js, shown when returning to a game) is
    # not part of the board: dismissed as a returning player does (it adds about 100 px above).
    if page.locator("#since-close").is_visible():
        page.click("#since-close")
    ((top, bottom, left, right),) = page.evaluate(BOX, "#rd-table")
    why = page.evaluate(
        "() => [document.querySelector('#rd-controls').dataset.phase, !!document.querySelector('#disasters'), !!document.querySelector('#removal'), document.querySelector('.rd-col-act').offsetHeight, document.querySelector('.rd-col-tracks').offsetHeight]"
    )  # noqa: E501
    assert top >= 0 and bottom <= 800 and right <= 1280, (top, bottom, why)
    assert page.evaluate(BOX, "#turn-of")[0][1] <= 800
    actions = page.evaluate(BOX, "#board [data-action], #rd-roll")
    assert actions and all(b[1] <= 800 and b[0] >= 0 for b in actions), actions
    assert page.evaluate("() => document.documentElement.scrollTop") == 0
    ctx.close()


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("name", ["reroll", "apply"])
def test_first_screen_phone_shows_the_dice_tray_and_the_roll_control(site, browser, name, lang):
    url, games = site
    ctx, page = _open(browser, url, games[name], lang, **PHONE)
    ((_, dice_bottom, _, dice_right),) = page.evaluate(BOX, "#dice")
    assert dice_bottom <= 844 and dice_right <= 390
    controls = page.evaluate(BOX, "#rd-controls .rd-buttons .btn")
    why = page.evaluate(
        "() => [document.querySelector('#rd-controls').dataset.phase, !!document.querySelector('#disasters'), !!document.querySelector('#removal'), document.querySelector('#rd-table').getBoundingClientRect().top]"
    )  # noqa: E501
    assert controls and all(b[1] <= 844 and b[3] <= 390 for b in controls), (controls, why)
    assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    ctx.close()

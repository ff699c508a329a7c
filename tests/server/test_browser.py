"""End-to-end: Playwright drives Debian's Chromium against a real ``heliopolis serve`` (the ``server``
and ``browser`` fixtures: tests/conftest.py, tests/chromium.py)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import httpx
import pytest

from tests.chromium import require_chromium

require_chromium()

TIMEOUT = 15_000  # ms
SEEN: dict[str, list[str]] = {"csp": [], "ws": []}


@pytest.fixture(autouse=True)
def _no_csp_violation_and_no_token_in_socket_urls():  # noqa: ANN202
    """Every page runs under the server's Content-Security-Policy and opens its WebSocket without
    the seat token in the URL (it travels in the subprotocol header)."""
    SEEN["csp"].clear()
    SEEN["ws"].clear()
    yield
    assert SEEN["csp"] == []
    assert not any("token" in u for u in SEEN["ws"]), SEEN["ws"]


def _page(browser, **kw):  # noqa: ANN001, ANN003, ANN202
    ctx = browser.new_context(**kw)  # a context is a separate browser profile: its own localStorage
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT)
    page.on("console", lambda m: SEEN["csp"].append(m.text) if "Content Security Policy" in m.text else None)
    page.on("websocket", lambda ws: SEEN["ws"].append(ws.url))
    return page


def _create_from_lobby(page, url: str, players: int, seats: dict[int, str]) -> str:  # noqa: ANN001
    """Creates a game with the lobby form (the creator takes seat 0); ``seats`` maps a seat to
    ``"human"`` or a bot spec (the form's default for other seats is a bot)."""
    page.goto(url + "/")
    page.wait_for_selector("#game-select option[value='ra']", state="attached")
    page.select_option("#game-select", "ra")
    page.select_option("#players-select", str(players))
    for seat, spec in seats.items():
        page.select_option(f"#seat-kind-{seat}", "human" if spec == "human" else f"bot:{spec}")
    page.click("#create-btn")
    page.wait_for_url("**/g/**")
    return page.url.rsplit("/", 1)[1]


def _wait_turn_or_end(page) -> str:  # noqa: ANN001
    page.wait_for_function(
        "() => { const s = document.querySelector('#status');"
        " return s && (s.dataset.kind === 'mine' || s.dataset.kind === 'over') }"
    )
    return page.get_attribute("#status", "data-kind")


def _click_a_legal_move(page, rng: random.Random) -> None:  # noqa: ANN001
    page.wait_for_function(  # Ra: the list is a collapsed fallback, opened here once drawn
        "() => { if (!document.querySelector('#board').children.length) return false; const d = document.querySelector('details#all-moves'); if (d) d.open = true; const b = document.querySelector('#legal [data-action]'); return !!b && b.offsetParent !== null; }"
    )
    buttons = page.locator("#legal [data-action]")
    n = buttons.count()
    assert n > 0
    version_before = page.evaluate("() => document.querySelector('#log').children.length")
    buttons.nth(rng.randrange(n)).click()
    # The click was accepted when the status leaves "mine" or the log grows.
    page.wait_for_function(
        "(n) => document.querySelector('#status').dataset.kind !== 'mine'"
        " || document.querySelector('#log').children.length > n", arg=version_before)  # fmt: skip


def _no_horizontal_scroll(page) -> None:  # noqa: ANN001
    assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def test_create_against_a_bot_play_to_the_end_by_clicking_with_a_reload_midgame(server, browser):
    page = _page(browser)
    gid = _create_from_lobby(page, server.url, 2, {1: "random"})
    rng = random.Random(1)
    moves = 0
    reloaded = False
    while _wait_turn_or_end(page) == "mine":
        _click_a_legal_move(page, rng)
        moves += 1
        if moves == 8 and not reloaded:
            log_before = page.locator("#log li").count()
            page.reload()
            page.wait_for_selector("#conn[data-state='live']")
            assert page.locator("#log li").count() >= log_before  # the game is all there
            reloaded = True
        assert moves < 400
    assert reloaded
    assert "winners" in page.inner_text("#status").lower()
    assert page.locator("#final-results").count() == 1
    state = httpx.get(f"{server.url}/api/games/{gid}", timeout=10).json()
    assert state["status"] == "finished" and state["winners"]
    page.screenshot(path=str(Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp")) / "e2e-finished.png"))
    page.context.close()


def test_spectator_page_and_its_messages_hold_no_hidden_information(server, browser):
    g = httpx.post(f"{server.url}/api/games", json={
        "game": "ra", "players": 3, "join": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    }, timeout=10).json()  # fmt: skip
    gid, token = g["id"], g["token"]
    # Play a while so that points exist.
    rng = random.Random(2)
    for _ in range(400):
        s = httpx.get(f"{server.url}/api/games/{gid}/state", headers={"Authorization": f"Bearer {token}"}).json()
        if s["view"]["epoch"] >= 2 or s["status"] == "finished":
            break
        if s["legal"]:
            httpx.post(f"{server.url}/api/games/{gid}/actions", json={"action": rng.choice(s["legal"])["id"],
                       "version": s["version"]}, headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert s["status"] == "running"
    frames: list[dict] = []
    page = _page(browser)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    page.goto(f"{server.url}/g/{gid}")
    page.wait_for_selector("#seats .seat-panel")
    assert frames, "the page should receive the game over its WebSocket"
    for m in frames:
        if m.get("type") == "state":
            assert m["seat"] is None and m["legal"] == []
            assert all(seat["points"] is None for seat in m["view"]["seats"])  # RA-SCORE-10 hidden scores
            assert "seed" not in json.dumps(m)
    shown = page.locator("#seats .points").all_inner_texts()
    assert shown and all("hidden" in t.lower() for t in shown)
    assert page.locator("#legal [data-action]").count() == 0
    page.context.close()


def test_a_second_tab_cannot_act_for_a_seat_it_holds_no_token_for(server, browser):
    owner = _page(browser)
    gid = _create_from_lobby(owner, server.url, 2, {1: "human"})  # the creator takes seat 0
    other = _page(browser)
    other.goto(f"{server.url}/g/{gid}")
    other.click("#join-seat-1")
    other.wait_for_selector("#conn[data-state='live']")
    intruder = _page(browser)  # a third profile: no token for this game
    intruder.goto(f"{server.url}/g/{gid}")
    intruder.wait_for_selector("#seats .seat-panel")
    assert intruder.locator("[data-join-seat]").count() == 0  # every seat is taken
    assert intruder.locator("#legal [data-action]").count() == 0
    # Even a hand-made message over its own socket is refused, and nothing changes.
    before = httpx.get(f"{server.url}/api/games/{gid}/state", timeout=10).json()["version"]
    reply = intruder.evaluate(
        """([gid, version]) => new Promise((resolve) => {
             const ws = new WebSocket(`ws://${location.host}/ws/games/${gid}`);
             ws.onmessage = (e) => { const m = JSON.parse(e.data);
               if (m.type === 'state') ws.send(JSON.stringify({type: 'act', action: 0, version}));
               else resolve(m); };
           })""",
        [gid, before],
    )
    assert reply["type"] == "error" and reply["code"] == "forbidden"
    assert httpx.get(f"{server.url}/api/games/{gid}/state", timeout=10).json()["version"] == before
    for p in (owner, other, intruder):
        p.context.close()


def test_phone_sized_game_page_has_no_horizontal_scroll(server, browser):
    page = _page(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-kind-1 option[value='bot:expert']", state="attached")
    labels = page.eval_on_selector_all("#seat-kind-1 optgroup option", "os => os.map(o => o.textContent)")
    # A person picks a level by name (with its measured rating once a ladder has rated it).
    assert [label.split(" — ")[0] for label in labels] == ["Random", "Easy", "Medium", "Hard", "Expert"]
    _create_from_lobby(page, server.url, 3, {1: "random", 2: "medium"})
    _wait_turn_or_end(page)
    _no_horizontal_scroll(page)
    page.wait_for_function(  # Ra: the list is a collapsed fallback, opened here once drawn
        "() => { if (!document.querySelector('#board').children.length) return false; const d = document.querySelector('details#all-moves'); if (d) d.open = true; const b = document.querySelector('#legal [data-action]'); return !!b && b.offsetParent !== null; }"
    )
    smallest = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('#legal [data-action]')]"
        ".map(b => b.getBoundingClientRect().height))"
    )
    assert smallest >= 36  # tap targets
    page.context.close()


# -- Ra: The Dice Game ------------------------------------------------------------------------------
def _create_game_from_lobby(page, url: str, game: str, players: int, seats: dict[int, str], ready: str) -> str:  # noqa: ANN001
    """Like ``_create_from_lobby``, with ``game`` chosen in the lobby's game select; waits for the
    game view's ``ready`` selector."""
    page.goto(url + "/")
    page.wait_for_selector(f"#game-select option[value='{game}']", state="attached")
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(players))
    for seat, spec in seats.items():
        page.select_option(f"#seat-kind-{seat}", "human" if spec == "human" else f"bot:{spec}")
    page.click("#create-btn")
    page.wait_for_url("**/g/**")
    page.wait_for_selector(ready)
    return page.url.rsplit("/", 1)[1]


def _create_ra_dice_from_lobby(page, url: str, players: int, seats: dict[int, str]) -> str:  # noqa: ANN001
    return _create_game_from_lobby(page, url, "ra-dice", players, seats, "#board #rd-table")


def _open_move_list(page) -> None:  # noqa: ANN001
    """Ra: The Dice Game's sentence list of moves is a closed fallback (the moves are made on the board)."""
    toggle = page.locator("#rd-moves-toggle")
    if toggle.count() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def _click_and_wait_for_the_answer(page, selector: str, index: int = 0) -> None:  # noqa: ANN001
    """Clicks a move and waits until the page re-rendered the move list: in Ra: The Dice Game many
    moves (choosing a die for the reroll) add no log line and leave the status at "your turn"."""
    if selector.startswith("#legal"):
        _open_move_list(page)
    first = page.locator("#legal [data-action]").first.element_handle()
    page.locator(selector).nth(index).click()
    page.wait_for_function("(el) => !el.isConnected", arg=first)


def test_ra_dice_game_played_to_the_end_by_clicking(server, browser):
    page = _page(browser)
    gid = _create_ra_dice_from_lobby(page, server.url, 2, {1: "random"})
    rng = random.Random(5)
    moves = 0
    while _wait_turn_or_end(page) == "mine":
        _open_move_list(page)
        # Every legal move is also on the board, exactly once: both lists read in one snapshot of the page
        # (read one by one, a re-render between the reads could pair the list of one state with the board of another).
        notations, on_board = page.evaluate(
            "() => ['#legal', '#board'].map((s) => [...document.querySelectorAll(s + ' [data-action]')]"
            ".map((e) => e.dataset.action).sort())"
        )
        n = len(notations)
        assert n > 0
        assert on_board == notations
        _click_and_wait_for_the_answer(page, "#legal [data-action]", rng.randrange(n))
        moves += 1
        assert moves < 1500
    assert "winners" in page.inner_text("#status").lower()
    final = page.locator("#final-results")
    assert final.count() == 1
    assert final.locator(".ranking li").count() == 2
    for category in ("pharaoh", "nile", "civilization", "monument"):
        assert final.locator(f"tr[data-category='{category}']").count() == 1
    assert page.locator("#epoch-scores table.score-table").count() == 3  # one per epoch
    assert page.locator("#board [data-action]").count() == 0
    state = httpx.get(f"{server.url}/api/games/{gid}", timeout=10).json()
    assert state["status"] == "finished" and state["winners"]
    page.context.close()


def _play_until_the_board_offers(page, selector: str, seed: int, what: str) -> None:  # noqa: ANN001
    """Plays random legal moves until an action matching ``selector`` is on the board."""
    rng = random.Random(seed)
    for _ in range(300):
        assert _wait_turn_or_end(page) == "mine", f"the game ended before {what} was offered"
        if page.locator(selector).count():
            return
        page.evaluate("() => { const d = document.querySelector('details#all-moves'); if (d) d.open = true; }")
        n = page.locator("#legal [data-action]").count()
        _click_and_wait_for_the_answer(page, "#legal [data-action]", rng.randrange(n))
    pytest.fail(f"{what} was never offered")


def test_ra_dice_clicking_dice_picks_them_and_roll_rerolls_them_on_a_phone(server, browser):
    page = _page(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    _create_ra_dice_from_lobby(page, server.url, 2, {1: "random"})
    _play_until_the_board_offers(page, "#board [data-action^='reroll:']", 3, "a die to reroll")
    _no_horizontal_scroll(page)
    sizes = page.eval_on_selector_all(
        "#board [data-action], #rd-roll",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height] })",
    )
    assert sizes and min(min(w, h) for w, h in sizes) >= 36  # tap targets
    die = page.locator("#board [data-action^='reroll:']").first
    colour = die.get_attribute("data-colour")
    assert die.get_attribute("data-action") == f"reroll:{colour}"
    assert die.get_attribute("data-state") == "free" and die.get_attribute("aria-pressed") == "false"
    rolls = int(page.get_attribute("#rd-controls", "data-rolls"))
    # A tap picks the die (nothing is sent yet); "Roll" rerolls the picked dice.
    die.click()
    page.wait_for_selector(f"#dice [data-colour='{colour}'][aria-pressed='true']")
    assert int(page.get_attribute("#rd-controls", "data-rolls")) == rolls
    page.click("#rd-roll")
    page.wait_for_function(
        "(n) => { const t = document.querySelector('#rd-controls');"
        " return !t || Number(t.dataset.rolls) > n || t.dataset.seat !== '0' }",
        arg=rolls)  # fmt: skip
    page.context.close()


def test_helios_game_played_to_the_end_by_clicking_the_board(server, browser):
    """Every legal move has exactly one place on the Helios board (hexes, resource discs, tiles,
    cards), the sun's legal destinations are highlighted hexes, and a whole game can be played by
    clicking the board itself."""
    page = _page(browser)
    gid = _create_game_from_lobby(page, server.url, "helios", 2, {1: "random"}, "#board #he-table")
    rng = random.Random(11)
    moves = sun_moves = 0
    while _wait_turn_or_end(page) == "mine":
        legal = page.locator("#legal [data-action]")
        n = legal.count()
        assert n > 0
        notations = sorted(legal.nth(i).get_attribute("data-action") for i in range(n))
        on_board = sorted(page.eval_on_selector_all("#board [data-action]", "els => els.map(e => e.dataset.action)"))
        assert on_board == notations
        steps = [a for a in notations if a.startswith("step:")]
        if steps:  # the sun's destinations: highlighted hexes on the mover's own board
            sun_moves += 1
            hexes = page.eval_on_selector_all(
                "#board svg [data-action^='step:']", "els => els.map(e => e.classList.contains('he-act'))"
            )
            assert len(hexes) == len(steps) and all(hexes)
        _click_and_wait_for_the_answer(page, "#board [data-action]", rng.randrange(len(on_board)))
        moves += 1
        assert moves < 1500
    assert sun_moves > 0
    assert "winners" in page.inner_text("#status").lower()
    final = page.locator("#final-results")
    assert final.locator(".ranking li").count() == 2
    for category in ("bag", "corners", "specials", "buildings", "persons", "mana"):
        assert final.locator(f"#he-breakdown tr[data-category='{category}']").count() == 1
    assert page.locator("#board [data-action]").count() == 0
    state = httpx.get(f"{server.url}/api/games/{gid}", timeout=10).json()
    assert state["status"] == "finished" and state["winners"]
    assert final.locator(".ranking li.winner").count() == len(state["winners"])
    page.context.close()


def test_helios_on_a_phone_has_no_horizontal_scroll_and_tappable_hexes(server, browser):
    page = _page(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    _create_game_from_lobby(page, server.url, "helios", 3, {1: "random", 2: "random"}, "#board #he-table")
    _play_until_the_board_offers(page, "#board svg [data-action]", 4, "a hex (placement or sun step)")
    _no_horizontal_scroll(page)
    sizes = page.eval_on_selector_all(
        "#board svg [data-action]",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height) })",
    )
    assert sizes and min(sizes) >= 30  # hexes on the player's own board
    page.context.close()


# -- Men-Nefer --------------------------------------------------------------------------------------
MEN_NEFER_CATEGORIES = ("start", "turns", "duat", "agreements", "sarcophagi", "sun_disc", "great_pyramid", "queens")


def _board_and_legal(page) -> tuple[list[str], list[str]]:  # noqa: ANN001
    legal = sorted(page.eval_on_selector_all("#legal [data-action]", "els => els.map(e => e.dataset.action)"))
    on_board = sorted(page.eval_on_selector_all("#board [data-action]", "els => els.map(e => e.dataset.action)"))
    return legal, on_board


def test_men_nefer_game_played_to_the_end_by_clicking_the_board(server, browser):
    """Every legal Men-Nefer move has exactly one place on the page (a house space, a track space, a
    display tile, a market slot, a ware space, a boat or sail arrow, a necropolis space, a temple
    space, ... or a button in the choice bar), the prompt says what is being decided, and a whole
    2-player game against a random bot can be played by clicking the board."""
    page = _page(browser)
    gid = _create_game_from_lobby(page, server.url, "men-nefer", 2, {1: "random"}, "#board #mn-table")
    rng = random.Random(13)
    moves = on_the_board = 0
    while _wait_turn_or_end(page) == "mine":
        legal, on_board = _board_and_legal(page)
        assert legal and on_board == legal
        assert page.inner_text("#mn-prompt").startswith("Your move — ")
        in_bar = set(page.eval_on_selector_all("#mn-choices [data-action]", "els => els.map(e => e.dataset.action)"))
        k = rng.randrange(len(on_board))
        on_the_board += page.locator("#board [data-action]").nth(k).get_attribute("data-action") not in in_bar
        _click_and_wait_for_the_answer(page, "#board [data-action]", k)
        moves += 1
        assert moves < 1500
    assert on_the_board > moves // 2  # most decisions are made on the board itself, not in the choice bar
    assert "winners" in page.inner_text("#status").lower()
    final = page.locator("#final-results")
    assert final.locator(".ranking li").count() == 2
    for category in MEN_NEFER_CATEGORIES:
        assert final.locator(f"#mn-breakdown tr[data-category='{category}']").count() == 1
    assert page.locator("#board [data-action]").count() == 0
    state = httpx.get(f"{server.url}/api/games/{gid}", timeout=10).json()
    assert state["status"] == "finished" and state["winners"]
    assert final.locator(".ranking li.winner").count() == len(state["winners"])
    winners = sorted(
        int(x) for x in final.locator(".ranking li.winner").evaluate_all("els => els.map(e => e.dataset.seat)")
    )
    assert winners == sorted(state["winners"])
    page.context.close()


def test_men_nefer_on_a_phone_has_no_horizontal_scroll_and_big_tap_targets(server, browser):
    page = _page(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    _create_game_from_lobby(page, server.url, "men-nefer", 2, {1: "random"}, "#board #mn-table")
    rng = random.Random(8)
    for _ in range(30):  # the first decisions of the game: turn options, houses, tracks, markets, ...
        if _wait_turn_or_end(page) != "mine":
            break
        _no_horizontal_scroll(page)
        sizes = page.eval_on_selector_all(
            "#board [data-action]",
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [e.dataset.action, r.width, r.height] })",
        )
        assert sizes
        small = [(a, round(w), round(h)) for a, w, h in sizes if min(w, h) < 36]
        assert not small  # tap targets
        n = page.locator("#board [data-action]").count()
        _click_and_wait_for_the_answer(page, "#board [data-action]", rng.randrange(n))
    page.context.close()


# -- issue 16: readable logs and board coordinates ---------------------------------------------------
P_SEAT = r"\bP\d\b"


def test_helios_board_shows_its_coordinates_and_logs_and_buttons_use_them_and_seat_names(server, browser):
    page = _page(browser)
    _create_game_from_lobby(page, server.url, "helios", 2, {1: "random"}, "#board #he-table")
    boards = page.locator("#board svg.he-hexboard")
    assert boards.count() == 2
    coords = page.eval_on_selector_all(
        "#board svg.he-hexboard >> nth=0 >> .he-coord", "els => els.map(e => e.textContent)"
    )
    assert len(coords) == 61 and len(set(coords)) == 61 and "e5" in coords and "a1" in coords and "i5" in coords
    rng = random.Random(3)
    texts: list[str] = []
    for _ in range(14):
        if _wait_turn_or_end(page) != "mine":
            break
        texts += page.eval_on_selector_all("#legal [data-action]", "els => els.map(e => e.textContent)")
        _click_and_wait_for_the_answer(
            page, "#board [data-action]", rng.randrange(page.locator("#board [data-action]").count())
        )
    log = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    import re

    assert log and not any(re.search(P_SEAT, line) for line in log), log
    assert any("Seat 1 (Random)" in line for line in log), log  # the level as a person reads it
    assert not any(re.search(P_SEAT, t) for t in texts), texts
    assert not any(re.search(r"-?\d+,-?\d+", t) for t in texts + log), "axial notation shown to a player"
    assert any(re.search(r"\bon [a-i]\d\b", t) for t in texts + log), (texts, log)
    assert page.locator("#log-legend").is_hidden()
    page.context.close()


def test_men_nefer_log_tells_eras_and_uses_seat_names(server, browser):
    page = _page(browser)
    _create_game_from_lobby(page, server.url, "men-nefer", 2, {1: "random"}, "#board")
    _wait_turn_or_end(page)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 10")
    log = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    import re

    assert any(line.startswith("— Era I: Sowing") for line in log), log
    assert not any(re.search(P_SEAT, line) for line in log), log
    assert any("is the start player" in line for line in log)
    page.context.close()

"""End-to-end in Chromium: sign up, create a private Ra game with a clock, join it from a second
browser by the invitation link, chat (pushed, shown as text), watch the clock count down and run
out (a bot takes the seat), resign, finish, see the rating changes, accept the rematch, and the
leaderboard and "My games" pages; on desktops and on phones without horizontal scrolling."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.server.test_browser import TIMEOUT, _no_horizontal_scroll, _page

pytestmark = pytest.mark.usefixtures("server")


def _signup(page, url: str, name: str) -> None:  # noqa: ANN001
    page.goto(url + "/")
    page.click("#account-open")
    page.fill("#login-user", name)
    page.fill("#login-pass", "a long password")
    page.click("#signup-btn")
    page.wait_for_selector("#account-name")
    assert page.text_content("#account-name") == name


def test_private_game_with_clock_chat_and_resign_between_two_browsers(server, browser):  # noqa: F811
    ann = _page(browser)
    _signup(ann, server.url, "Ann")
    ann.wait_for_selector("#game-select option[value='ra']", state="attached")
    ann.select_option("#game-select", "ra")
    ann.select_option("#players-select", "2")
    ann.select_option("#seat-kind-1", "human")
    ann.check("#table-private")
    ann.select_option("#table-clock", "rt-3")
    ann.select_option("#table-takeover", "random")
    ann.click("#create-btn")
    ann.wait_for_url("**/g/**")
    link = ann.url
    assert "invite=" in link
    gid = link.split("/g/", 1)[1].split("?", 1)[0]
    # Not listed in the lobby for anyone.
    listed = ann.request.get(server.url + "/api/games").json()["games"]
    assert gid not in [g["id"] for g in listed]

    bob = _page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    bob.goto(link)
    bob.click("#join-seat-1")
    ann.wait_for_selector("#clocks .clock-running")
    # The running clock counts down.
    first = ann.text_content("#clocks .clock-running .clock-time")
    ann.wait_for_function("(t) => document.querySelector('#clocks .clock-running .clock-time').textContent !== t",
                          arg=first, timeout=5000)  # fmt: skip
    assert first.startswith("3:00") or first.startswith("2:5")

    bob.fill("#chat-input", "hi <b>Ann</b>")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat-log .chat-text", timeout=TIMEOUT)
    assert ann.text_content("#chat-log .chat-text") == "hi <b>Ann</b>"  # text, never markup
    assert ann.locator("#chat-log b").count() == 0

    bob.wait_for_selector("#resign-btn")
    bob.once("dialog", lambda d: d.accept())
    bob.click("#resign-btn")
    ann.wait_for_function("() => [...document.querySelectorAll('#clocks .clock-time')].some("
                          "(e) => e.textContent === 'resigned')")  # fmt: skip
    bob.wait_for_selector("#retake-btn")
    _no_horizontal_scroll(bob)
    shots = Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp"))
    ann.screenshot(path=str(shots / "table-clock-chat.png"))
    bob.screenshot(path=str(shots / "table-phone-resigned.png"))
    # Ann's seat opens from another browser once she logs in there (no token in that browser).
    laptop = _page(browser)
    laptop.goto(link)
    laptop.click("#account-open")
    laptop.fill("#login-user", "Ann")
    laptop.fill("#login-pass", "a long password")
    laptop.click("#login-btn")
    laptop.wait_for_selector("#account-name")
    laptop.wait_for_selector("#resign-btn")
    for p in (ann, bob, laptop):
        p.context.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
TURN_SECONDS = 15  # the custom turn clock of the story: long enough to chat, short enough to wait out


def _frames(page) -> list[dict]:  # noqa: ANN001
    """Every JSON message the page's WebSockets receive (to tell a pushed chat from a fetched one)."""
    got: list[dict] = []

    def on_ws(ws) -> None:  # noqa: ANN001
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)) if isinstance(payload, str) else None)

    page.on("websocket", on_ws)
    return got


def _chat_frames(page, frames: list[dict], n: int) -> list[str]:  # noqa: ANN001
    """The texts of the chat frames the page received, once there are ``n`` (events arrive while waiting)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while sum(m.get("type") == "chat" for m in frames) < n and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    return [m["message"]["text"] for m in frames if m.get("type") == "chat"]


def _state(page, url: str, gid: str) -> dict:  # noqa: ANN001
    return page.request.get(f"{url}/api/games/{gid}/state").json()  # the page's cookies: its account's seat


def _each_moves(pages, url: str, gid: str) -> None:  # noqa: ANN001
    """Each page's account plays one move, in the order the game gives them turns (an abort, a seat
    left before its player's first move, would void the rating)."""
    pending = list(pages)
    deadline = time.monotonic() + TIMEOUT / 1000
    while pending and time.monotonic() < deadline:
        for page in list(pending):
            s = _state(page, url, gid)
            if s["to_move"] is None or s["to_move"] != s["seat"]:
                continue
            token = next(c["value"] for c in page.context.cookies() if c["name"] == "heliopolis_csrf")
            r = page.request.post(f"{url}/api/games/{gid}/actions", headers={"X-CSRF-Token": token},
                                  data={"action": s["legal"][0]["id"], "version": s["version"]})  # fmt: skip
            if r.ok:
                pending.remove(page)
        pages[0].wait_for_timeout(100)
    assert not pending, "no turn to move"


def _resign(page) -> None:  # noqa: ANN001
    page.wait_for_selector("#resign-btn")
    # The page asks with window.confirm: answered "yes" in the page itself (a native dialog answered
    # from Python, page.once("dialog"), sometimes left the click waiting for 15 s under load).
    page.evaluate("() => { window.confirm = () => true; }")
    page.click("#resign-btn")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_whole_table_story_between_two_browsers(server, browser, device):  # noqa: F811
    """Issue 15's "Done means": sign up, create a private rated 3-player Ra game with a (short,
    custom) turn clock, join from a second browser by the invitation link, chat (pushed), let one
    clock run out (a bot takes the seat), resign the other, the bots finish, the end screen shows
    each rating change, every human accepts the rematch, and the leaderboard and "My games" pages
    show the new ratings and games. Once on desktops, once on phones."""
    vp = PHONE if device == "phone" else DESKTOP
    tag = device[0].upper()
    shots = Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp"))
    ann, bob = _page(browser, **vp), _page(browser, **vp)
    ann_frames, bob_frames = _frames(ann), _frames(bob)
    _signup(ann, server.url, f"Ann{tag}")
    _signup(bob, server.url, f"Bob{tag}")

    ann.goto(server.url + "/")
    ann.wait_for_selector("#game-select option[value='ra']", state="attached")
    ann.select_option("#game-select", "ra")
    ann.select_option("#players-select", "3")
    ann.select_option("#seat-kind-1", "human")
    ann.select_option("#seat-kind-2", "bot:random")
    ann.check("#table-private")
    ann.select_option("#table-clock", "custom-turn")
    ann.fill("#clock-a", str(TURN_SECONDS))
    ann.fill("#clock-b", "0")
    ann.select_option("#clock-unit", "1")
    ann.select_option("#table-takeover", "random")
    ann.check("#table-rated")
    ann.click("#create-btn")
    ann.wait_for_url("**/g/**")
    link = ann.url
    gid = link.split("/g/", 1)[1].split("?", 1)[0]
    assert "invite=" in link
    assert gid not in [g["id"] for g in ann.request.get(server.url + "/api/games").json()["games"]]

    bob.goto(link)
    bob.click("#join-seat-1")
    for p in (ann, bob):
        p.wait_for_selector("#clocks .clock-running")
    s = _state(ann, server.url, gid)
    assert s["table"]["clock"]["kind"] == "turn" and s["table"]["clock"]["per_move"] == TURN_SECONDS
    assert s["table"]["private"] and s["table"]["rated"]

    # Chat: pushed over the game's socket to the other seat at once, shown as text.
    bob.fill("#chat-input", "hi <b>Ann</b>")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat-log .chat-text")
    assert ann.text_content("#chat-log .chat-text") == "hi <b>Ann</b>" and ann.locator("#chat-log b").count() == 0
    ann.fill("#chat-input", "good luck")
    ann.click("#chat-send")
    bob.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 2")
    for p, frames in ((ann, ann_frames), (bob, bob_frames)):  # both arrived as "chat" frames on the socket
        assert _chat_frames(p, frames, 2) == ["hi <b>Ann</b>", "good luck"]

    # Each plays a move (else the rating is void); then the first human to move lets the clock run out.
    _each_moves([ann, bob], server.url, gid)
    s = _state(ann, server.url, gid)
    deadline = time.monotonic() + 10
    while s["to_move"] not in (0, 1) and time.monotonic() < deadline:  # the bot seat may move first
        time.sleep(0.1)
        s = _state(ann, server.url, gid)
    slow, other = (ann, bob) if s["to_move"] == 0 else (bob, ann)
    seat = s["to_move"]
    other.wait_for_function(
        "(seat) => { const c = document.querySelector(`#clocks .clock[data-seat='${seat}'] .clock-time`);"
        " return c && c.textContent === 'out of time' }", arg=seat, timeout=(TURN_SECONDS + 10) * 1000)  # fmt: skip
    slow.wait_for_selector(f"#seatbar .seat-chip.bot[data-seat='{seat}']")
    assert (
        "bot · random" in slow.text_content(f"#seatbar .seat-chip[data-seat='{seat}']").lower()
    )  # the level, worded: "Random"
    slow.wait_for_selector("#retake-btn")  # the game's settings let the player come back
    # The other resigns; the bots finish the game.
    _resign(other)
    other.wait_for_function("() => [...document.querySelectorAll('#clocks .clock-time')].some("
                            "(e) => e.textContent === 'resigned')", polling=200)  # fmt: skip
    for p in (ann, bob):
        p.wait_for_selector("#rematch-btn", timeout=60_000)

    # The end screen shows each player's rating change: both humans left, so they share the last place.
    ann.wait_for_function("() => document.querySelectorAll('#rating-changes li').length === 3")
    lines = ann.eval_on_selector_all("#rating-changes li", "els => els.map(e => e.textContent)")
    by_name = {line.split(":", 1)[0]: line for line in lines}
    assert set(by_name) == {f"Ann{tag}", f"Bob{tag}", "bot random"}, lines
    assert (
        "place 2" in by_name[f"Ann{tag}"] and "place 2" in by_name[f"Bob{tag}"] and "place 1" in by_name["bot random"]
    )
    assert "(-" in by_name[f"Ann{tag}"] and "(+" in by_name["bot random"]
    ann.screenshot(path=str(shots / f"table-end-ratings-{device}.png"), full_page=device == "desktop")
    if device == "phone":
        _no_horizontal_scroll(ann)

    # Rematch: Ann offers it; Bob sees the offer (on the game page and under "My games") and accepts.
    ann.click("#rematch-btn")
    ann.wait_for_url(lambda u: "/g/" in u and gid not in u)
    new = ann.url.split("/g/", 1)[1].split("?", 1)[0]
    bob.wait_for_function("() => { const b = document.querySelector('#rematch-btn');"
                          " return b && b.textContent === 'Accept the rematch' }")  # fmt: skip
    bob.goto(server.url + "/my")
    bob.wait_for_selector(f"#my-invites-list li[data-offer='rematch'][data-game-id='{gid}']")
    if device == "phone":  # accepted from "My games"
        bob.click(f"#my-invites-list .my-accept[data-game-id='{gid}']")
    else:  # accepted on the finished game's page
        bob.goto(link)
        bob.wait_for_function("() => { const b = document.querySelector('#rematch-btn');"
                              " return b && b.textContent === 'Accept the rematch' }")  # fmt: skip
        bob.click("#rematch-btn")
    bob.wait_for_url(f"**/g/{new}")
    for p in (ann, bob):
        p.wait_for_selector("#clocks .clock-running")  # the rematch runs: every human accepted
    assert _state(bob, server.url, new)["status"] == "running"

    # The leaderboard (its own page, linked from the lobby) and "My games" show it all.
    ann.goto(server.url + "/")
    ann.click("#leaderboards a[data-pool='ra:2009']")
    ann.wait_for_url("**/leaderboard?game=ra&edition=2009")
    ann.wait_for_selector("#leaderboard-rows tr.leader-me")
    me = ann.eval_on_selector("#leaderboard-rows tr.leader-me", "r => [...r.cells].map(c => c.textContent)")
    assert me[1] == f"Ann{tag} (you)" and me[4] == "1"
    names = ann.eval_on_selector_all("#leaderboard-rows .leader-name", "els => els.map(e => e.textContent)")
    assert f"Bob{tag}" in names and "Bot: Random" in names
    ann.screenshot(path=str(shots / f"leaderboard-{device}.png"), full_page=device == "desktop")
    if device == "phone":
        _no_horizontal_scroll(ann)
    ann.click("#nav-my") if ann.locator("#nav-my").count() else ann.goto(server.url + "/my")
    ann.wait_for_url("**/my")
    ann.wait_for_selector(f"#my-finished-list li[data-game-id='{gid}']")
    result = ann.text_content(f"#my-finished-list li[data-game-id='{gid}'] .my-result")
    assert "ran out of time" in result or "resigned" in result
    assert "2nd place" in result and "rating" in result
    running = ann.eval_on_selector_all(
        "#my-turn-list li.my-game, #my-running-list li.my-game", "els => els.map(e => e.dataset.gameId)"
    )
    assert new in running
    ann.screenshot(path=str(shots / f"my-games-{device}.png"), full_page=device == "desktop")
    if device == "phone":
        _no_horizontal_scroll(ann)
    for p in (ann, bob):
        p.context.close()


def test_an_imported_game_keeps_its_chat_and_the_replay_shows_it_move_by_move(server, browser, tmp_path):  # noqa: F811
    """Export a finished game with chat, import the file from the lobby: the imported game shows the
    chat, and its replay dims what was said after the move on screen."""
    import httpx

    url = server.url
    body = {"game": "ra", "players": 2, "join": 0, "table": {"takeover": "random"},
            "seats": [{"kind": "human", "name": "Amy"}, {"kind": "human", "name": "Ben"}]}  # fmt: skip
    # (guests: "Ann" and "Bob" are accounts on this server by now, and a guest may not pass for one)
    g = httpx.post(f"{url}/api/games", json=body).json()
    bob = httpx.post(f"{url}/api/games/{g['id']}/join", json={}).json()
    tokens = {0: g["token"], 1: bob["token"]}
    for seat, text in ((0, "good luck"), (1, "you too")):
        r = httpx.post(f"{url}/api/games/{g['id']}/chat", json={"text": text},
                       headers={"Authorization": f"Bearer {tokens[seat]}"})  # fmt: skip
        assert r.status_code == 201
    for seat in (0, 1):
        httpx.post(f"{url}/api/games/{g['id']}/resign", headers={"Authorization": f"Bearer {tokens[seat]}"})
    deadline = time.monotonic() + 60
    while httpx.get(f"{url}/api/games/{g['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    httpx.post(f"{url}/api/games/{g['id']}/chat", json={"text": "gg"},
               headers={"Authorization": f"Bearer {tokens[0]}"})  # fmt: skip
    saved = tmp_path / "saved.json"
    saved.write_text(httpx.get(f"{url}/api/games/{g['id']}/export").text)

    page = _page(browser)
    page.goto(url + "/")
    page.set_input_files("#import-file", str(saved))
    page.wait_for_url(lambda u: "/g/" in u and g["id"] not in u)
    page.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 3")
    assert page.locator("#chat-form").is_hidden()  # an imported game is read-only for chat too
    assert page.eval_on_selector_all("#chat-log .chat-text", "els => els.map(e => e.textContent)") == \
        ["good luck", "you too", "gg"]  # fmt: skip
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelectorAll('#chat-log .chat-later').length === 3")
    page.click("#replay-last")
    page.wait_for_function("() => document.querySelectorAll('#chat-log .chat-later').length === 0")
    page.context.close()


@pytest.mark.parametrize("locale, says", [("en-US", "Not rated: a player left"), ("de-DE", "Nicht gewertet: jemand")])
def test_the_end_screen_says_why_a_rated_game_was_not_rated(server, browser, locale, says):  # noqa: F811
    """Issue 27: a rated game left before anyone's first move is not rated, and the page says so."""
    page = _page(browser, locale=locale)
    name = f"Abo{locale[:2]}"
    _signup(page, server.url, name)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "heliopolis_csrf")
    body = {"game": "ra", "players": 2, "join": 0, "table": {"rated": True, "takeover": "random"},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}  # fmt: skip
    g = page.request.post(f"{server.url}/api/games", headers={"X-CSRF-Token": token}, data=body).json()
    r = page.request.post(f"{server.url}/api/games/{g['id']}/resign", headers={"X-CSRF-Token": token}, data={})
    assert r.ok, r.text()
    page.goto(f"{server.url}/g/{g['id']}")
    page.wait_for_selector("#rating-note:not([hidden])", timeout=60_000)
    assert page.text_content("#rating-note").startswith(says)
    assert page.locator("#rating-changes li").count() == 0
    page.context.close()

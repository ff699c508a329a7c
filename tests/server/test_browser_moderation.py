"""End-to-end in Chromium, in English and German: a logged-in spectator reports a chat line from
the game page (the "Report" control, a dialog), an admin (granted with ``heliopolis admin grant``)
opens the admin page from the top bar, sees the report with its context, bans the player with two
clicks, and the player's running seat goes to the takeover bot; the admin page and the report
dialog have no serious axe violation. One server per database: both languages on SQLite, German
(the translated path) on PostgreSQL, to keep the suite's time down."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.server.test_browser import TIMEOUT, _page

pytestmark = pytest.mark.usefixtures("server")
PW = "quiet amber lantern 93"
TEXTS = {"en": ("Thank you", "Moderation", "Report"), "de": ("Danke", "Moderation", "Melden")}


@pytest.fixture(scope="module")
def server(request, serve):  # noqa: ANN001, ANN201
    """``heliopolis serve`` on the database the test is parametrized with (sqlite or postgresql)."""
    return serve("moderation", db=request.param)


def _violations(page) -> list[str]:  # noqa: ANN001
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="needs the [dev] extra")
    res = axe.Axe().run(page)
    return [f"{v['id']}: {v['help']}" for v in res.response["violations"] if v.get("impact") in ("serious", "critical")]


def _account(url: str, name: str) -> tuple[httpx.Client, dict[str, str]]:
    c = httpx.Client(base_url=url, timeout=10)
    r = c.post("/api/account/signup", json={"username": name, "password": PW})
    assert r.status_code == 201, r.text
    return c, {"X-CSRF-Token": r.json()["csrf"]}


def _login(page, url: str, name: str, signup: bool) -> None:  # noqa: ANN001
    page.goto(url + "/")
    page.click("#account-open")
    page.fill("#login-user", name)
    page.fill("#login-pass", PW)
    page.click("#signup-btn" if signup else "#login-btn")
    page.wait_for_selector("#account-name")


@pytest.mark.parametrize(("server", "lang"), [("sqlite", "en"), ("sqlite", "de"), ("postgresql", "de")],
                         indirect=["server"], scope="module")  # fmt: skip
def test_report_then_an_admin_bans_and_the_seat_goes_to_a_bot(server, browser, lang):  # noqa: ANN001
    thanks, title, report = TEXTS[lang]
    locale = {"locale": "de-DE" if lang == "de" else "en-US"}
    eve, eh = _account(server.url, f"Eve{lang}")
    g = eve.post("/api/games", headers=eh, json={"game": "ra", "players": 2, "join": 0, "table": {"takeover": "random"},
                                                  "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})  # fmt: skip
    assert g.status_code == 201, g.text
    gid = g.json()["id"]
    assert eve.post(f"/api/games/{gid}/chat", json={"text": "something vile"}, headers=eh).status_code == 201
    _account(server.url, f"Root{lang}")
    done = subprocess.run([str(Path(sys.executable).with_name("heliopolis")), "admin", "grant", f"Root{lang}", "--db",
                           server.db], capture_output=True, text=True, timeout=60)  # the server's own URL  # fmt: skip
    assert done.returncode == 0, done.stderr

    ann = _page(browser, **locale)
    _login(ann, server.url, f"Ann{lang}", signup=True)
    ann.goto(f"{server.url}/g/{gid}")
    line = ann.locator("#chat-log .chat-line").first
    line.wait_for()
    button = line.locator(".report-btn")
    assert button.text_content() == report
    assert ann.locator(".seat-chip[data-seat='0'] .report-btn").count() == 1  # the player, on the seat chip
    button.focus()
    ann.keyboard.press("Enter")  # keyboard reachable
    ann.wait_for_selector("#report-dialog[open]")
    ann.fill("#report-reason", "insults")
    assert _violations(ann) == []
    ann.screenshot(path=str(Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp")) / f"report-dialog-{lang}.png"))
    ann.click("#report-send")
    ann.wait_for_function("(t) => document.querySelector('#report-status').textContent.startsWith(t)", arg=thanks)

    root = _page(browser, **locale)
    _login(root, server.url, f"Root{lang}", signup=False)
    root.click("#nav-admin")
    root.wait_for_url("**/admin")
    assert root.text_content("h1") == title
    item = root.locator(".report-item").first
    item.wait_for()
    assert "something vile" in item.locator(".report-context li.reported").text_content()
    assert f"Ann{lang}" in item.text_content() and item.locator(f"a[href='/g/{gid}']").count() == 1
    for viewport in ({"width": 1280, "height": 860}, {"width": 390, "height": 844}):
        root.set_viewport_size(viewport)
        assert _violations(root) == [], viewport
    shots = Path(os.environ.get("HELIOPOLIS_SHOTS", "/tmp"))
    root.screenshot(path=str(shots / f"admin-{lang}-phone.png"), full_page=True)
    ban = item.locator("button[id^='ban-']")
    ban.click()
    ban.click()  # the second click bans
    root.wait_for_selector(".report-item", state="detached", timeout=TIMEOUT)
    seat = httpx.get(f"{server.url}/api/games/{gid}", timeout=10).json()["seats"][0]
    assert seat["kind"] == "bot" and seat["left"]["reason"] == "banned"
    assert eve.get("/api/account/me").json()["account"] is None  # the session ended
    root.wait_for_selector("#audit-rows tr")
    rows = root.locator("#audit-rows tr").all_text_contents()[:2]  # newest first: the ban, the grant (command line)
    assert (
        f"Eve{lang}" in rows[0]
        and f"Root{lang}" in rows[1]
        and ("(Kommandozeile)" if lang == "de" else "(command line)") in rows[1]
    )
    ann.context.close()
    root.context.close()

"""In Chromium, on a German page: the account policies' refusals read in German (a common password,
a lookalike name), the e-mail confirmation link from the mail confirms the address, a forgotten
password is reset by the mailed link, and the account exports its data and deletes itself; on a
server on SQLite and one on PostgreSQL."""

from __future__ import annotations

import email
import json
import re
import time
from pathlib import Path

import pytest

from heliopolis import locale
from tests.server.conftest import free_port
from tests.server.test_browser import _page

aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="needs aiosmtpd ([dev] extra)")


@pytest.fixture(scope="module")
def mailbox():  # noqa: ANN201
    from tests.server.test_alerts import Inbox

    inbox, port = Inbox(), free_port()
    ctl = aiosmtpd.Controller(inbox, hostname="127.0.0.1", port=port)
    ctl.start()
    yield inbox, f"smtp://127.0.0.1:{port}"
    ctl.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def site(request, serve, mailbox):  # noqa: ANN001, ANN201
    return serve("accounts", db=request.param, args=("--smtp", mailbox[1]))


def _fill(page, name: str, password: str) -> None:  # noqa: ANN001
    page.click("#account-open")
    page.fill("#login-user", name)
    page.fill("#login-pass", password)
    page.click("#signup-btn")


def test_sign_up_confirm_reset_export_delete_in_german(site, browser, mailbox):  # noqa: ANN001
    inbox, _ = mailbox
    inbox.messages.clear()  # one mailbox for the module: the other database's run left its mails
    de = lambda key, **a: locale.text(key, "de", a)  # noqa: E731
    page = _page(browser, locale="de-DE")
    page.goto(site.url + "/")
    _fill(page, "Zoe", "password123")
    page.wait_for_function("(t) => document.querySelector('#login-error').textContent === t",
                           arg=de("ui.error.password_common"))  # fmt: skip
    page.fill("#login-pass", "violet kettle on the stairs")
    page.click("#signup-btn")
    page.wait_for_selector("#account-name")
    other = _page(browser, locale="de-DE")
    other.goto(site.url + "/")
    _fill(other, "Z0e", "another kettle of tea")
    other.wait_for_function("(t) => document.querySelector('#login-error').textContent === t",
                            arg=de("ui.error.username_taken", name="Z0e"))  # fmt: skip
    # The address: set it in the alerts form, follow the mailed link.
    page.click("#alerts-btn")
    page.fill("#alerts-email", "zoe@example.org")
    page.click("#alerts-form button[type=submit]")
    page.wait_for_function("(t) => document.querySelector('#alerts-note').textContent.includes(t)",
                           arg=de("ui.account.unconfirmed"))  # fmt: skip
    deadline = time.monotonic() + 10
    while not inbox.messages:
        assert time.monotonic() < deadline, "no confirmation e-mail"
        time.sleep(0.05)
    body = email.message_from_string(inbox.messages[-1][1]).get_payload(decode=True).decode()
    link = re.search(r"(http\S+/#confirm=[A-Za-z0-9_-]+)", body).group(1)
    page.goto("about:blank")  # opened from the mail: a fresh page load, not a fragment change
    page.goto(link.replace("http://127.0.0.1:8000", site.url))
    page.wait_for_function("(t) => (document.querySelector('#confirm-note') || {}).textContent === t",
                           arg=de("ui.account.confirmed"))  # fmt: skip
    assert "#confirm" not in page.url  # the token does not stay in the address bar or history
    assert page.request.get(site.url + "/api/account/alerts").json()["confirmed"] is True
    page.goto("about:blank")
    page.goto(link.replace("http://127.0.0.1:8000", site.url))  # single use
    page.wait_for_function("(t) => (document.querySelector('#confirm-note') || {}).textContent === t",
                           arg=de("ui.error.confirm_invalid"))  # fmt: skip
    # Forgot the password: ask from the log-in box, follow the mailed link, set a new one, log in.
    fresh = _page(browser, locale="de-DE")
    fresh.goto(site.url + "/")
    fresh.click("#account-open")
    fresh.fill("#login-user", "Zoe")
    before = len(inbox.messages)
    fresh.click("#forgot-btn")
    fresh.wait_for_function("(t) => document.querySelector('#login-error').textContent === t",
                            arg=de("ui.account.reset_sent"))  # fmt: skip
    deadline = time.monotonic() + 10
    while len(inbox.messages) == before:
        assert time.monotonic() < deadline, "no reset e-mail"
        time.sleep(0.05)
    body = email.message_from_string(inbox.messages[-1][1]).get_payload(decode=True).decode()
    link = re.search(r"(http\S+/#reset=[A-Za-z0-9_-]+)", body).group(1)
    fresh.goto("about:blank")
    fresh.goto(link.replace("http://127.0.0.1:8000", site.url))
    fresh.fill("#reset-pass", "qwertyuiop")
    fresh.click("#reset-btn")
    fresh.wait_for_function("(t) => document.querySelector('#reset-note').textContent === t",
                            arg=de("ui.error.password_simple"))  # fmt: skip
    fresh.fill("#reset-pass", "a brand new kettle")
    fresh.click("#reset-btn")
    fresh.wait_for_function("(t) => (document.querySelector('#reset-note') || {}).textContent === t",
                            arg=de("ui.account.reset_done"))  # fmt: skip
    fresh.fill("#login-user", "Zoe")
    fresh.fill("#login-pass", "a brand new kettle")
    fresh.click("#login-btn")
    fresh.wait_for_selector("#account-name")
    # My account: export my data (a download), then delete the account.
    fresh.click("#account-manage")
    with fresh.expect_download() as dl:
        fresh.click("#export-link")
    assert json.loads(Path(dl.value.path()).read_text())["account"]["username"] == "Zoe"
    fresh.fill("#delete-pass", "not the password")
    fresh.click("#delete-btn")
    fresh.wait_for_function("(t) => document.querySelector('#manage-note').textContent === t",
                            arg=de("ui.error.login_failed"))  # fmt: skip
    fresh.fill("#delete-pass", "a brand new kettle")
    fresh.click("#delete-btn")
    fresh.wait_for_function("(t) => (document.querySelector('#manage-note') || {}).textContent === t",
                            arg=de("ui.account.deleted"))  # fmt: skip
    fresh.wait_for_selector("#account-open")
    assert fresh.request.get(site.url + "/api/account/me").json()["account"] is None

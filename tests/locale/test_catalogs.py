"""The message catalogs: complete in every language, same placeholders, plural forms that fit the
language, and every key the code uses present (issue 16)."""

from __future__ import annotations

import importlib.util
import os

import pytest

from heliopolis import locale as L
from heliopolis.core.text import Msg, to_json

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def test_catalogs_have_no_faults() -> None:
    problems = L.check_catalogs()
    assert problems == [], "\n".join(problems)


def test_every_key_used_in_code_is_in_the_catalogs() -> None:
    spec = importlib.util.spec_from_file_location("i18n_tool", os.path.join(ROOT, "tools", "i18n.py"))
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    for lang in L.LANGS:
        missing = sorted(k for k in tool.used_keys() if k not in L.messages(lang))
        assert missing == [], f"{lang}: keys used in the code with no message: {missing}"


def test_the_checker_finds_a_missing_key_and_differing_placeholders(tmp_path, monkeypatch) -> None:
    # A checker that cannot fail would prove nothing: feed it a broken pair of catalogs.
    for lang, body in (("en", 'msgid "x.a"\nmsgstr "A {seat}"\n\nmsgid "x.b"\nmsgstr "B"\n'),
                       ("de", 'msgid "x.a"\nmsgstr "A {spieler}"\n')):  # fmt: skip
        d = tmp_path / lang / "LC_MESSAGES"
        d.mkdir(parents=True)
        (d / "t.po").write_text(body, encoding="utf-8")
    monkeypatch.setattr(L, "HERE", str(tmp_path))
    problems = L.check_catalogs()
    assert any("'x.b' is missing" in p and p.startswith("de/") for p in problems)
    assert any("'x.a' has placeholders" in p for p in problems)


def test_plural_forms_follow_the_language() -> None:
    assert L.text("ui.moves_left", "en", {"n": 1}) == "one move left"
    assert L.text("ui.moves_left", "en", {"n": 4}) == "4 moves left"
    assert L.text("ui.moves_left", "de", {"n": 4}) == "noch 4 Züge"
    assert L.plural_tags("de") == ("one", "other")


def test_msg_is_english_text_with_key_and_args_and_renders_in_german() -> None:
    m = L.msg("ui.moves_left", n=2)
    assert isinstance(m, Msg) and m == "2 moves left" and m.key == "ui.moves_left"
    assert L.render(m, "de") == "noch 2 Züge"
    assert L.render(to_json(m), "de") == "noch 2 Züge"  # the wire form renders the same
    assert L.render("plain text from an old save", "de") == "plain text from an old save"
    # A key a newer server sent that this catalog lacks: its English text, not an error.
    assert L.render({"k": "x.unknown", "t": "Something new"}, "de") == "Something new"


def test_seat_arguments_become_seat_names() -> None:
    m = Msg("x", "P1", {"seat": 1})
    assert m.to_json() == {"k": "x", "t": "P1", "a": {"seat": 1}}
    assert L._arg("seat", 1, "en", lambda i: ["Ann", "Bo"][i]) == "Bo"


def test_unknown_key_and_language_raise_clear_errors() -> None:
    with pytest.raises(L.UnknownMessage, match="no message 'nope.x' in the de catalogs"):
        L.text("nope.x", "de")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        L.messages("fr")


@pytest.mark.parametrize(("header", "lang"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-FR, en;q=0.5", "en"), ("fr", "en"), (None, "en"),
    ("en;q=0.4, de;q=0.9", "de"), ("de_AT.UTF-8", "de"), ("garbage;;q=x", "en"),
])  # fmt: skip
def test_negotiate_language(header: str | None, lang: str) -> None:
    assert L.negotiate(header) == lang


def test_the_server_serves_each_catalog_and_refuses_an_unknown_language(tmp_path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from heliopolis.server.app import Settings, create_app

    with TestClient(create_app(Settings(db=f"sqlite:///{tmp_path / 'h.db'}"))) as client:
        de = client.get("/api/i18n/de")
        assert de.status_code == 200
        body = de.json()
        assert body["lang"] == "de" and body["plural"] == ["one", "other"]
        assert body["messages"]["ui.language"] == "Sprache"
        assert set(body["messages"]) == set(client.get("/api/i18n/en").json()["messages"])
        bad = client.get("/api/i18n/xx")
        assert bad.status_code == 404 and "no messages in 'xx'" in bad.json()["error"]["message"]

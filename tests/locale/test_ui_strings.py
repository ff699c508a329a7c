"""Every word the page chrome shows comes from the ``ui`` catalog (issue 16): the static pages mark
their texts with ``data-i18n`` attributes, and the page scripts hold no English sentence of their
own. A scan of the sources, so a new hard-coded label fails here before a German reader sees it."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from heliopolis import locale as L

WEB = Path(__file__).resolve().parents[2] / "src" / "heliopolis" / "server" / "web"
PAGES = ["index.html", "game.html", "leaderboard.html", "my.html", "admin.html", "tutorial.html"]
# The page chrome (the game views under js/views/ word game terms from the games' catalogs).
SCRIPTS = [
    "lobby.js",
    "game.js",
    "dom.js",
    "api.js",
    "account.js",
    "table.js",
    "table-options.js",
    "social.js",
    "leaderboard.js",
    "my.js",
    "topbar.js",
    "replay.js",
    "moderation.js",
    "admin.js",
    "tutorial.js",
]
ALLOWED_TEXT = {"Heliopolis"}  # the brand
ATTRS = ("title", "placeholder", "aria-label")
WORDS = re.compile(r"[A-Za-z]{2,}")


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.faults: list[str] = []
        self.keys: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in ATTRS:
            if a.get(name) and WORDS.search(a[name] or "") and not a.get(f"data-i18n-{name}"):
                self.faults.append(f"<{tag}> {name}={a[name]!r} has no data-i18n-{name}")
        self.keys |= {v for k, v in a.items() if k.startswith("data-i18n") and v}
        if tag not in ("meta", "link", "input", "br", "hr", "img"):
            self.stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if not text or not WORDS.search(text) or text in ALLOWED_TEXT:
            return
        if not self.stack or self.stack[-1][0] in ("script", "style"):
            return
        tag, a = self.stack[-1]
        if "data-i18n" not in a:
            self.faults.append(f"<{tag}> text {text!r} has no data-i18n")


@pytest.mark.parametrize("page", PAGES)
def test_static_pages_mark_every_text_for_translation(page: str) -> None:
    scan = _Scan()
    scan.feed((WEB / page).read_text(encoding="utf-8"))
    assert scan.faults == []
    missing = sorted(k for k in scan.keys if k not in L.messages("de"))
    assert missing == []


def _code(path: Path) -> str:
    """The script without comments (they quote examples in English)."""
    src = path.read_text(encoding="utf-8")
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in src.splitlines())


# An English phrase in a string literal: a capitalised word followed by more words ("Take my seat back").
PHRASE = re.compile(r"""(['"`])\s*[A-Z][a-z]+(?: [a-z]+)+[^'"`]*\1""")
LABEL = re.compile(r"""\b(?:text|placeholder|title|label|'aria-label')\s*:\s*(['"`])[^'"`$]*[A-Za-z]{3}""")
CALLS = re.compile(r"""\b(?:toast|confirm|Error)\(\s*(['"`])[A-Za-z]""")
# Literals that are not prose: the English fallback the server would have sent (api.js words it by code).
KNOWN = {"'Cannot reach the server'"}


@pytest.mark.parametrize("script", SCRIPTS)
def test_page_scripts_hold_no_english_sentence(script: str) -> None:
    faults = []
    for n, line in enumerate(_code(WEB / "js" / script).splitlines(), 1):
        for rx in (PHRASE, LABEL, CALLS):
            m = rx.search(line)
            if m and not any(k in line for k in KNOWN):
                faults.append(f"{script}:{n}: {line.strip()}")
    assert faults == []


@pytest.mark.parametrize("page", PAGES)
def test_each_page_loads_the_catalog_once_and_offers_the_language_switch(page: str) -> None:
    # The page's script mounts the top bar once (js/topbar.js), which loads the catalogs, then adds the switch.
    html = (WEB / page).read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module" src="/static/js/([a-z-]+\.js)"', html)
    assert len(scripts) == 1, scripts
    code = _code(WEB / "js" / scripts[0])
    assert "initI18n" not in code, scripts[0]
    assert len(re.findall(r"\bawait mountTopbar\('[a-z]+'\)", code)) == 1, scripts[0]
    bar = _code(WEB / "js" / "topbar.js")
    assert len(re.findall(r"\bawait initI18n\(\)", bar)) == 1
    assert "languageSwitch()" in bar and bar.index("await initI18n()") < bar.index("languageSwitch()")


def test_the_scan_finds_a_hard_coded_label(tmp_path: Path) -> None:
    bad = tmp_path / "x.js"
    bad.write_text("h('button', { text: 'Take my seat back' });\n// A comment: Take my seat back\n", encoding="utf-8")
    code = _code(bad)
    assert LABEL.search(code) and PHRASE.search(code)
    assert "comment" not in code
    scan = _Scan()
    scan.feed('<p title="Hello there">Plain words</p><p data-i18n="ui.x">Words</p>')
    assert len(scan.faults) == 2


def test_the_lobby_gets_measured_ratings_as_numbers_to_word_them_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    from heliopolis.bots import levels

    row = {"rating": 31.234, "low": 29.8, "high": 32.6, "games": 90}
    monkeypatch.setattr(levels, "ratings", lambda game_id, players: {"expert": row})
    assert levels.lobby_ratings(("random", "expert"), "ra", 3) == {"expert": [31.23, 1.4]}
    assert levels.lobby_labels(("expert",), "ra", 3) == {"expert": "Expert — rating 31.2 ± 1.4"}
    # What lobby.js botLabel() builds from them for a German reader.
    args = {"level": L.text("ui.bot.expert", "de"), "rating": "31.2", "margin": "1.4"}
    assert L.text("ui.bot.rated", "de", args) == "Experte — Wertung 31.2 ± 1.4"


def test_keys_the_pages_build_at_run_time_exist_for_every_game_option_level_and_error() -> None:
    # lobby.js / game.js / api.js build these keys from server data: t(`ui.option.${name}`) and so on.
    from heliopolis.bots.base import LOBBY_BOTS
    from heliopolis.server.play.authority import available_meta, game_class

    keys = set(L.messages("de"))
    meta = available_meta()
    need = {f"ui.bot.{b}" for b in LOBBY_BOTS} | {f"ui.lobby.no_{s}" for s in ("open", "running", "finished")}
    for g in meta["games"]:
        if not game_class(g["id"]).__module__.startswith("heliopolis.games."):
            continue  # a game a test registered (tests/bots/secret_game.py)
        need.add(f"ui.gamename.{g['id']}")
        for o in g["options"]:
            need.add(f"ui.option.{o['name']}")
            need |= {f"ui.choice.{c.lower()}" for c in o["choices"] if isinstance(c, str) and not c.isdigit()}
    need |= {f"ui.status.{s}" for s in ("open", "running", "finished", "imported")}
    need |= {f"ui.error.{c}" for c in ("network", "stale", "rate_limited", "not_your_turn", "finished", "read_only",
                                         "unauthorized", "too_large", "time_out", "undo_cooldown", "illegal")}  # fmt: skip
    assert sorted(need - keys) == []

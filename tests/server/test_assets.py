"""Compression, cache headers and versioned names (issue 28, page weight): static files and pages
gzipped, API JSON gzipped (WebSockets untouched), versioned URLs immutable, HTML and unversioned URLs
revalidated by ETag, catalogs immutable under their content hash, in parts: a shared one and one per
game (server/transport/catalogs.py), each within budget, and every key a page or a game's board names in the
parts that page loads."""

from __future__ import annotations

import gzip
import re

import pytest
from fastapi.testclient import TestClient

from heliopolis import locale as L
from heliopolis.server.app import WEB, Settings, catalog_versions, create_app
from heliopolis.server.transport import catalogs
from heliopolis.server.transport.assets import IMMUTABLE
from tests.server.conftest import UNLIMITED, create

GZ = {"accept-encoding": "gzip"}


@pytest.fixture(scope="module")
def app(tmp_path_factory):  # noqa: ANN001, ANN201
    db = tmp_path_factory.mktemp("assets") / "a.db"
    with TestClient(create_app(Settings(db=f"sqlite:///{db}", bot_delay=0.0, **UNLIMITED))) as c:
        yield c


def _raw(client: TestClient, path: str, headers: dict | None = None):  # noqa: ANN202
    # httpx decodes gzip itself: stream the raw bytes to see what went over the wire.
    with client.stream("GET", path, headers=headers or GZ) as r:
        return r, b"".join(r.iter_raw())


def test_pages_are_gzipped_no_cache_and_name_versioned_assets(app) -> None:  # noqa: ANN001
    version = app.app.state.assets.version
    for path in ("/", "/g/abc", "/my", "/leaderboard", "/admin", "/rules/ra"):
        r, body = _raw(app, path)
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip", path
        assert r.headers["cache-control"] == "no-cache" and r.headers["etag"], path
        html = gzip.decompress(body).decode()
        refs = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
        assert refs and all(ref.endswith(f"?v={version}") for ref in refs), refs
        assert f'content="{",".join(f"{k}:{v}" for k, v in sorted(catalog_versions().items()))}"' in html
        again = app.get(path, headers={"if-none-match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b""


def test_static_files_gzipped_and_immutable_only_when_versioned(app) -> None:  # noqa: ANN001
    version = app.app.state.assets.version
    r, body = _raw(app, f"/static/js/game.js?v={version}")
    assert r.headers["content-encoding"] == "gzip" and r.headers["cache-control"] == IMMUTABLE
    code = gzip.decompress(body).decode()
    assert len(body) < len(code) / 2
    # Imports inside modules carry the version too, so one module instance per build.
    specs = re.findall(r"from '(\.[^']+)'", code)
    assert specs and all(s.endswith(f"?v={version}") for s in specs), specs
    assert f".js?v={version}`" in code  # the game view's dynamic import
    r, _ = _raw(app, "/static/css/style.css?v=old")
    assert r.headers["cache-control"] == "no-cache" and r.headers["content-encoding"] == "gzip"
    plain = app.get("/static/css/style.css", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text.startswith(("/*", ":root", "@"))
    assert app.get("/static/nope.js").json()["error"]["code"] == "not_found"


def test_catalogs_cacheable_by_content_hash(app) -> None:  # noqa: ANN001
    v = catalog_versions()["de"]
    r, body = _raw(app, f"/api/i18n/de?v={v}")
    assert r.headers["content-encoding"] == "gzip" and r.headers["cache-control"] == IMMUTABLE
    assert len(body) < 40_000 and gzip.decompress(body).startswith(b'{"lang":"de"')
    r, _ = _raw(app, "/api/i18n/en")
    assert r.headers["cache-control"] == "no-cache"
    assert app.get("/api/i18n/en", headers={"if-none-match": r.headers["etag"]}).status_code == 304


@pytest.mark.parametrize("lang", L.LANGS)
def test_each_catalog_part_is_small_and_immutable_under_its_own_hash(app, lang: str) -> None:  # noqa: ANN001
    versions = catalog_versions()
    games = catalogs.game_domains()
    assert set(versions) == {lang_ for lang_ in L.LANGS} | {f"{lang_}/{g}" for lang_ in L.LANGS for g in games}
    assert len(set(versions.values())) == len(versions)  # every part its own hash
    for part in [lang, *(f"{lang}/{g}" for g in games)]:
        r, body = _raw(app, f"/api/i18n/{part}?v={versions[part]}")
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip", part
        assert r.headers["cache-control"] == IMMUTABLE and len(body) < 40_000, (part, len(body))
        stale = app.get(f"/api/i18n/{part}?v=0000", headers={"if-none-match": r.headers["etag"]})
        assert stale.status_code == 304 and stale.headers["cache-control"] == "no-cache", part  # revalidated, not kept
    bad = app.get(f"/api/i18n/{lang}/nosuch")
    assert bad.status_code == 404 and "nosuch" in bad.json()["error"]["message"]


def test_the_parts_split_the_browser_messages_by_domain(app) -> None:  # noqa: ANN001
    games = catalogs.game_domains()
    shared = app.get("/api/i18n/de").json()
    parts = {g: app.get(f"/api/i18n/de/{g}").json() for g in games}
    assert shared["plural"] == ["one", "other"] and "ui.language" in shared["messages"]
    for g, doc in parts.items():
        own = {k for d in games[g] for k in L.domain_messages("de", d)}
        assert doc["lang"] == "de" and doc["game"] == g and set(doc["messages"]) == own - _server_worded(own)
        assert not set(doc["messages"]) & set(shared["messages"]), g
    # Together: every message the browser had before the split, but the terminal's own (cli).
    union = set(shared["messages"]).union(*(d["messages"] for d in parts.values()))
    assert union == {k for k in L.export("de")["messages"] if not k.startswith("cli.")}
    assert not any(k.startswith(tuple(f"{g}." for g in games)) and ".ui." not in k for k in shared["messages"])


def _server_worded(keys: set[str]) -> set[str]:
    return {k for k in keys if L.SERVER_WORDED.match(k)}


VIEWS = WEB / "js" / "views"
KEY = re.compile(r"""['"`]([a-z][a-z0-9-]*\.[a-z0-9_.-]*[a-z0-9_])['"`]""")


def _views_of(game: str, games: list[str]) -> list:  # noqa: ANN001
    """js/views/<game>.js and <game>-*.js (not those of a longer id: ra-dice's are not Ra's)."""
    longer = [o for o in games if o != game and o.startswith(game + "-")]
    return [p for p in VIEWS.glob("*.js") if (p.stem == game or p.stem.startswith(game + "-"))
            and not any(p.stem == o or p.stem.startswith(o + "-") for o in longer)]  # fmt: skip


def test_every_key_a_page_names_is_in_the_parts_it_loads() -> None:
    known = L.messages("en")
    shared = set(L.export("en", catalogs.shared_domains("en"))["messages"])
    games = catalogs.game_domains()
    for game, domains in games.items():
        files = _views_of(game, list(games))
        assert files, game
        used = {k for p in files for k in KEY.findall(p.read_text(encoding="utf-8")) if k in known}
        own = shared | {k for d in domains for k in L.domain_messages("en", d)}
        assert used and not used - own, (game, sorted(used - own))  # a word of another game's part
    pages = [*(WEB / "js").glob("*.js"), *WEB.glob("*.html")]
    used = {k for p in pages for k in KEY.findall(p.read_text(encoding="utf-8")) if k in known}
    assert used and not used - shared, sorted(used - shared)  # the lobby, account and table words


def test_api_json_is_gzipped_and_websockets_still_work(app) -> None:  # noqa: ANN001
    g = create(app, ["human", "random"])
    r, body = _raw(app, "/api/meta")
    assert r.headers["content-encoding"] == "gzip" and gzip.decompress(body).startswith(b"{")
    r, body = _raw(app, f"/api/games/{g['id']}/state", {**GZ, "authorization": f"Bearer {g['token']}"})
    assert r.headers["content-encoding"] == "gzip"
    small = app.get("/api/games/nosuch", headers=GZ)  # under GZIP_MIN: sent as it is
    assert small.status_code == 404 and "content-encoding" not in small.headers
    with app.websocket_connect(f"/ws/games/{g['id']}", headers=GZ) as ws:
        assert ws.receive_json()["type"] == "state"

"""Compression, cache headers and versioned names (issue 28, page weight): static files and pages
gzipped, API JSON gzipped (WebSockets untouched), versioned URLs immutable, HTML and unversioned URLs
revalidated by ETag, catalogs immutable under their content hash."""

from __future__ import annotations

import gzip
import re

import pytest
from fastapi.testclient import TestClient

from heliopolis.server.app import Settings, catalog_versions, create_app
from heliopolis.server.assets import IMMUTABLE
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

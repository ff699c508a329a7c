"""The browser UI's files, served compressed and cacheable (``/static/...`` and the HTML pages).

At startup every file under ``web/`` is read once; one content hash of the whole tree names this
build. Every reference to a static file — ``href``/``src`` in the HTML, ``import`` specifiers and
``/static/`` string literals in the ES modules — gets ``?v=<hash>`` appended, so the browser may keep
a versioned URL for a year (``immutable``): a new build has new URLs. One hash for the tree, not one
per file, because modules import each other: a changed module changes its importers' URLs too.

HTML pages and unversioned URLs are ``no-cache`` with an ETag (a 304 on revalidation). Text files
are gzipped once here (level 9, at startup: no CPU per request); JSON from the API is compressed by
Starlette's ``GZipMiddleware`` (``app.py``).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
TEXT_TYPES = (".html", ".js", ".css", ".json", ".svg", ".txt")
MIN_GZIP = 256  # bytes: below this a gzip frame is no smaller
# Relative module specifiers and /static/ literals in JS: './dom.js', `./views/${safe}.js`, '/static/css/help.css'.
_JS_REF = re.compile(r"""(['"`])((?:\./|\.\./|/static/)[^'"`\s?]*\.(?:js|json|css|svg))\1""")
_HTML_REF = re.compile(r"""((?:href|src)=")(/static/[^"?]+)(")""")


@dataclass(frozen=True)
class Asset:
    body: bytes
    gz: bytes | None
    media_type: str
    etag: str


def _media_type(path: Path) -> str:
    if path.suffix == ".js":
        return "text/javascript; charset=utf-8"
    guess = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"{guess}; charset=utf-8" if guess.startswith("text/") or guess == "application/json" else guess


def make_asset(body: bytes, media_type: str) -> Asset:
    gz = gzip.compress(body, 9, mtime=0) if len(body) >= MIN_GZIP else None
    if gz is not None and len(gz) >= len(body):
        gz = None
    return Asset(body, gz, media_type, '"' + hashlib.sha256(body).hexdigest()[:20] + '"')


def tree_hash(root: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:12]


class Assets:
    """The files of ``root`` as served: versioned references, precompressed, with ETags."""

    def __init__(self, root: Path, catalog_versions: Any = None) -> None:
        self.root = root
        self.version = tree_hash(root) if root.is_dir() else "0"
        self.catalog_versions = catalog_versions  # () -> {lang: hash}; read when a page is first built
        self.files: dict[str, Asset] = {}
        self.pages: dict[str, Asset] = {}
        if root.is_dir():
            for p in sorted(root.rglob("*")):
                if p.is_file() and p.suffix != ".html":
                    self.files[p.relative_to(root).as_posix()] = make_asset(self._rewrite(p), _media_type(p))

    def _rewrite(self, path: Path) -> bytes:
        raw = path.read_bytes()
        if path.suffix == ".js":
            text = raw.decode("utf-8")
            return _JS_REF.sub(lambda m: f"{m[1]}{m[2]}?v={self.version}{m[1]}", text).encode()
        return raw

    def page(self, name: str) -> Asset:
        """An HTML page with versioned links and the catalogs' versions in a meta tag."""
        hit = self.pages.get(name)
        if hit is None:
            text = (self.root / name).read_text(encoding="utf-8")
            text = _HTML_REF.sub(lambda m: f"{m[1]}{m[2]}?v={self.version}{m[3]}", text)
            versions = self.catalog_versions() if self.catalog_versions else {}
            content = ",".join(f"{k}:{v}" for k, v in sorted(versions.items()))
            meta = f'<meta name="heliopolis-i18n" content="{content}">'
            text = text.replace("<head>", "<head>\n  " + meta, 1)
            hit = self.pages[name] = make_asset(text.encode(), "text/html; charset=utf-8")
        return hit

    def respond(self, request: Request, asset: Asset, immutable: bool) -> Response:
        return respond(request, asset, IMMUTABLE if immutable else REVALIDATE)

    def static(self, request: Request, path: str) -> Response | None:
        asset = self.files.get(path)
        if asset is None:
            return None
        return self.respond(request, asset, request.query_params.get("v") == self.version)


def respond(request: Request, asset: Asset, cache_control: str) -> Response:
    """``asset`` gzipped when the client accepts it, 304 when its ETag matches."""
    headers = {"Cache-Control": cache_control, "ETag": asset.etag, "Vary": "Accept-Encoding"}
    if asset.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    if asset.gz is not None and "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(asset.gz, media_type=asset.media_type, headers=headers)
    return Response(asset.body, media_type=asset.media_type, headers=headers)

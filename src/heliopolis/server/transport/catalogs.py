"""The browser's catalogs in parts, so a page fetches only what it shows (issue 28, page weight).

* the shared part, ``GET /api/i18n/<lang>``: every domain no game claims (``ui``, ``errors``,
  ``help``, ``tutorial``: the top bar, lobby, account, tables, rules and errors), but the terminal's;
* one part per game, ``GET /api/i18n/<lang>/<game>``: the domains its ``GameSpec.catalogs`` names
  (its logs, board, moves), fetched by the pages that draw its board (game, replay, tutorial).

Each part is one asset, encoded and gzipped once per process; pages name every part's content
hash (``versions``) so that ``?v=<hash>`` is immutable and a warm load fetches nothing.
"""

from __future__ import annotations

import json

from heliopolis import locale
from heliopolis.core.errors import error_msg
from heliopolis.core.registry import available_games, spec
from heliopolis.server.transport import assets as assets_api
from heliopolis.server.transport.protocol import ServerError

# The terminal's own words (boards, arena, options): no page shows them. (A key a page lacks still
# reads as the server's English text, i18n.js render.)
TERMINAL = frozenset({"cli"})
SHARED = ""  # the part name of the shared part
_PARTS: dict[tuple[str, str], assets_api.Asset] = {}


def game_domains() -> dict[str, tuple[str, ...]]:
    """game id -> its catalog domains, for every registered game that has any."""
    return {gid: spec(gid).catalogs for gid in available_games() if spec(gid).catalogs}


def shared_domains(lang: str) -> list[str]:
    claimed = {d for ds in game_domains().values() for d in ds}
    return [d for d in locale.domains(lang) if d not in claimed and d not in TERMINAL]


def part(lang: str, game: str = SHARED) -> assets_api.Asset:
    """The shared part of ``lang`` or ``game``'s; a ServerError (not_found) for another language or game."""
    if lang not in locale.LANGS:
        raise ServerError("not_found", f"no messages in {lang!r}; languages: {', '.join(locale.LANGS)}")
    if game and game not in game_domains():
        raise ServerError("not_found", error_msg("errors.config.unknown_game", game=repr(game),
                                                 games=", ".join(game_domains())))  # fmt: skip
    hit = _PARTS.get((lang, game))
    if hit is None:
        doc = locale.export(lang, game_domains()[game] if game else shared_domains(lang))
        if game:
            doc = {
                "lang": lang,
                "game": game,
                "messages": doc["messages"],
            }  # the plural rules come with the shared part
        body = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
        hit = _PARTS[(lang, game)] = assets_api.make_asset(body, "application/json")
    return hit


def version(lang: str, game: str = SHARED) -> str:
    return part(lang, game).etag.strip('"')[:12]


def versions() -> dict[str, str]:
    """Part name -> its content hash: ``de`` the shared German part, ``de/ra`` Ra's German part."""
    out: dict[str, str] = {}
    for lang in locale.LANGS:
        out[lang] = version(lang)
        out.update((f"{lang}/{gid}", version(lang, gid)) for gid in game_domains())
    return out

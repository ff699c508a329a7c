"""Named bot levels (``easy``, ``medium``, ``hard``, ``expert``), resolved per game and player count.

What a level plays is data, not code: ``bots/data/levels.json`` maps game -> players -> level -> raw
bot spec (``*`` is the fallback for any game or player count) and holds each level's measured
ladder rating. A level may carry a search budget, ``expert:iters=5000`` or ``hard:time=0.5``,
which replaces the budget of a searching spec (``random`` and ``heuristic`` specs do not search and
ignore it).

``make_bot("expert", seed=...)`` does not know the game yet, so it returns a :class:`LevelBot`
that resolves ``(game id, player count)`` on its first decision and delegates to the raw bot built
from the resolved spec with the same seed: same seed and budget, same decisions. It sees only the
state it is handed, like any bot.
"""

from __future__ import annotations

import json
import time
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from heliopolis.core.errors import ConfigError, error_msg
from heliopolis.core.game import State

ANY = "*"
BUDGET_KEYS = ("iters", "time")
NON_SEARCH = ("random", "heuristic")


def data_path() -> Path:
    """The package's levels file (``--update-levels`` writes here)."""
    return Path(str(resources.files("heliopolis.bots") / "data" / "levels.json"))


@cache
def table() -> dict[str, Any]:
    return json.loads(data_path().read_text(encoding="utf-8"))


def levels() -> tuple[str, ...]:
    return tuple(table()["levels"])


def display_name(level: str) -> str:
    return table().get("names", {}).get(level, level.capitalize())


def _valid() -> str:
    from heliopolis.bots.base import valid_specs

    return error_msg("errors.bot.valid", levels=", ".join(levels()), specs=valid_specs())


def parse_level(spec: str) -> tuple[str, dict[str, str]] | None:
    """``(level, budget)`` when ``spec`` names a level, else None (a raw spec)."""
    from heliopolis.bots.base import _parse_params

    name = spec.strip().lower().partition(":")[0]
    if name not in levels():
        return None
    name, params = _parse_params(spec)
    bad = set(params) - set(BUDGET_KEYS)
    if bad:
        raise ConfigError(error_msg("errors.bot.level_budget", name=repr(name), bad=", ".join(sorted(bad)),
                                    valid=_valid()))  # fmt: skip
    for key, value in params.items():
        kind = int if key == "iters" else float
        try:
            ok = kind(value) > 0
        except ValueError:
            ok = False
        if not ok:
            raise ConfigError(error_msg("errors.bot.level_number", param=key, value=repr(value), spec=repr(spec),
                                        valid=_valid()))  # fmt: skip
    return name, params


def level_spec(level: str, game_id: str, players: int) -> str:
    """The raw spec ``level`` plays in ``game_id`` at ``players`` (no budget override)."""
    specs = table()["specs"]
    for g, p in ((game_id, str(players)), (game_id, ANY), (ANY, str(players)), (ANY, ANY)):
        spec = specs.get(g, {}).get(p, {}).get(level)
        if spec is not None:
            return spec
    raise ConfigError(error_msg("errors.bot.level_missing", level=repr(level), game=game_id, players=players,
                                valid=_valid()))  # fmt: skip


def with_budget(spec: str, budget: dict[str, str]) -> str:
    """``spec`` with its search budget replaced by ``budget`` (non-searching specs are unchanged)."""
    from heliopolis.bots.base import _parse_params

    name, params = _parse_params(spec)
    if not budget or name in NON_SEARCH:
        return spec
    params = {k: v for k, v in params.items() if k not in BUDGET_KEYS} | budget
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def resolve(spec: str, game_id: str, players: int) -> str:
    """The raw spec behind ``spec`` for this game and player count (a raw spec resolves to itself)."""
    parsed = parse_level(spec)
    if parsed is None:
        return spec
    return with_budget(level_spec(parsed[0], game_id, players), parsed[1])


def all_specs(level: str) -> list[str]:
    """Every raw spec ``level`` may resolve to (for validation)."""
    return [by_level[level] for by_players in table()["specs"].values() for by_level in by_players.values()
            if level in by_level]  # fmt: skip


class LevelBot:
    """A level: resolves its raw spec from the state's game and player count, then delegates."""

    def __init__(self, level: str, budget: dict[str, str] | None = None, seed: int | None = None) -> None:
        from heliopolis.bots.base import make_bot

        self.level = level
        self.budget = dict(budget or {})
        self.seed = seed
        for spec in all_specs(level):  # a bad budget fails now, not on the first move
            make_bot(with_budget(spec, self.budget), seed=0)
        self._bots: dict[tuple[str, int], Any] = {}
        self.spec: str | None = None  # the raw spec of the last game seen

    def _bot(self, state: State) -> Any:
        from heliopolis.bots.base import make_bot

        game = state.game
        key = (game.info.game_id, game.players)
        bot = self._bots.get(key)
        if bot is None:
            self.spec = with_budget(level_spec(self.level, *key), self.budget)
            bot = self._bots[key] = make_bot(self.spec, seed=self.seed)
        return bot

    def step(self, state: State) -> int:
        return self._bot(state).step(state)

    def restart(self) -> None:
        for bot in self._bots.values():
            bot.restart()

    def inform_action(self, state: State, player: int, action: int) -> None:
        self._bot(state).inform_action(state, player, action)

    def __repr__(self) -> str:
        budget = ",".join(f"{k}={v}" for k, v in self.budget.items())
        return f"<LevelBot {self.level}{':' + budget if budget else ''} -> {self.spec or 'unresolved'}>"


# -- measured ratings ------------------------------------------------------------------------------
def ratings(game_id: str, players: int) -> dict[str, dict[str, Any]]:
    """level -> its measured rating for this game and player count, only while the rating was
    measured with the spec the level plays now."""
    stored = table().get("ratings", {}).get(game_id, {}).get(str(players), {})
    return {
        lv: row for lv, row in stored.items() if lv in levels() and row.get("spec") == level_spec(lv, game_id, players)
    }


def rating_label(level: str, game_id: str, players: int) -> str:
    """``"Expert — rating 31.2 ± 1.4"`` (95 % interval half-width), or the bare name when unrated."""
    row = ratings(game_id, players).get(level)
    name = display_name(level)
    if row is None:
        return name
    return f"{name} — rating {row['rating']:.1f} ± {(row['high'] - row['low']) / 2:.1f}"


def update_ratings(game_id: str, players: int, rows: dict[str, dict[str, Any]], source: str,
                   path: Path | None = None) -> Path:  # fmt: skip
    """Writes measured ``rows`` (level -> rating, low, high, games, spec) into the levels file."""
    path = path or data_path()
    doc = json.loads(path.read_text(encoding="utf-8"))
    slot = doc.setdefault("ratings", {}).setdefault(game_id, {}).setdefault(str(players), {})
    stamp = time.strftime("%Y-%m-%d", time.gmtime())
    for level, row in rows.items():
        if level not in doc["levels"]:
            raise ConfigError(f"{level!r} is not a level; valid: {', '.join(doc['levels'])}")
        slot[level] = {k: row[k] for k in ("spec", "rating", "low", "high", "games")} | {
            "ladder": source,
            "date": stamp,
        }
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    table.cache_clear()
    return path


def lobby_ratings(bots: tuple[str, ...] | list[str], game_id: str, players: int) -> dict[str, list[float]]:
    """The measured ``[rating, 95 % half-width]`` of each lobby level that has one (the browser words
    the label in the reader's language)."""
    rows = ratings(game_id, players)
    return {b: [round(r["rating"], 2), round((r["high"] - r["low"]) / 2, 2)] for b in bots if (r := rows.get(b))}


def lobby_labels(bots: tuple[str, ...] | list[str], game_id: str, players: int) -> dict[str, str]:
    """What a person sees for each lobby bot: ``"Expert — rating 31.2 ± 1.4"``, ``"Random"``."""
    return {b: rating_label(b, game_id, players) if b in levels() else b.capitalize() for b in bots}

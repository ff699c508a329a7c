"""Ratings (openskill, Plackett-Luce) per game — Ra per edition — over accounts and bot specs,
from finished rated games; the leaderboard; an account's games.

Whether a game with ``table.rated`` counts is decided once, as it ends (``decide``), and committed
with its last move (``games.rating_plan``): never later from who holds its seats then (a guest who
signs up and claims a seat after the end changes nothing). It counts when every human seat is held
by an account, at least two distinct accounts each made a move of their own, no account holds two
seats, no seat was left (resigned, timed out) before its player's first move (the abort rule), and
not every seat was left (the bots' result would be a tie of everyone: no result, only certainty).
A bot that sat in a seat from the start is a player too; two copies of one bot get the mean of their
seats' updates and one game counted. Places: seats still in the game by the game's result (winners
first, then points); every seat whose player resigned or ran out of time shares the last place,
whatever its bot did after. Each rated game is applied exactly once: its ``rating_changes`` rows
(primary key game + seat) are written in the same transaction as the new ratings, so a second attempt
(another instance, a retry after a restart, which reads the stored decision) fails on the key and
changes nothing; the rows also give the end screen each player's change. On PostgreSQL the players'
rating rows are locked for the update.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from openskill.models import PlackettLuce

from heliopolis.core.errors import ConfigError
from heliopolis.core.registry import spec
from heliopolis.server.play.table_db import accounts, game_settings, rating_changes, ratings
from heliopolis.server.store.storage import games, seats

if TYPE_CHECKING:
    from heliopolis.server.play.authority import Authority
    from heliopolis.server.play.cache import Live
    from heliopolis.server.play.table import TableService

log = logging.getLogger("heliopolis.server")
MODEL = PlackettLuce()


def pool_of(game: str, options: dict[str, Any]) -> str:
    """The rating pool a game counts in: its spec's (Ra: one per edition), else the game id."""
    try:
        return spec(game).pool(options)
    except ConfigError:  # a game no longer registered keeps its old pool: its id
        return game


def first_rating(key: str, pool: str, players: int) -> Any:
    """Where a player enters a pool: a bot level at its rating measured in the bot ladder
    (bots/data/levels.json, the figure the lobby shows), so that the lobby and the leaderboard use
    one scale; anyone else at the model's start (mu 25, sigma 25/3)."""
    if key.startswith("bot:"):
        from heliopolis.bots.levels import ratings as ladder

        row = ladder(pool.split(":", 1)[0], players).get(key[4:])
        if row is not None:  # sigma from the 95 % interval; never so sure that games stop moving it
            return MODEL.rating(mu=row["rating"], sigma=max((row["high"] - row["low"]) / (2 * 1.96), 1.0))
    return MODEL.rating()


def player_key(seat: Any) -> str | None:
    """Who a seat's result belongs to: its account, or the bot that sat there from the start."""
    if seat.account_id is not None:
        return f"account:{seat.account_id}"
    if seat.kind == "bot" and seat.left_reason is None:
        return f"bot:{seat.bot}"
    return None  # a guest: the game is unrated


def places(state: Any, rec_seats: list[Any]) -> list[int]:
    """1-based places as in a sports table ("1, 1, 3": ties share a place, and the next place counts
    everyone ahead); players who left share the place after everyone who stayed."""
    winners = set(state.winners())
    scores = state.scores()
    stayed = [s.seat for s in rec_seats if s.left_reason is None]
    keys = {i: (i not in winners, -scores[i]) for i in stayed}
    out = [0] * len(rec_seats)
    for i in stayed:
        out[i] = 1 + sum(1 for j in stayed if keys[j] < keys[i])
    last = len(stayed) + 1
    for s in rec_seats:
        if s.left_reason is not None:
            out[s.seat] = last
    return out


def _played(s: Any, moved: set[int]) -> bool:
    """Whether the seat's own player (not its takeover bot) made a move."""
    if s.left_reason is None:  # never left: every move of the seat was the player's
        return s.seat in moved
    return s.left_unmoved is False  # ``None``: left before this was recorded, unknown


def decide(rec_seats: list[Any], state: Any, movers: list[int], pool: str) -> dict[str, Any]:
    """The rating decision of a game that just ended: ``{"rated": true, "pool", "players", "places"}``
    or ``{"rated": false, "reason"}`` (``guest``, ``abort``, ``shared``, ``accounts``, ``abandoned``)."""
    keys = [player_key(s) for s in rec_seats]
    if any(k is None for k in keys):
        return {"rated": False, "reason": "guest"}
    if any(s.left_unmoved for s in rec_seats):
        return {"rated": False, "reason": "abort"}
    held = [s.account_id for s in rec_seats if s.account_id is not None]
    if len(held) != len(set(held)):
        return {"rated": False, "reason": "shared"}
    moved = set(movers)
    if len({s.account_id for s in rec_seats if s.account_id is not None and _played(s, moved)}) < 2:
        return {"rated": False, "reason": "accounts"}
    if all(s.left_reason is not None for s in rec_seats):  # bots decided it: everyone would share a place
        return {"rated": False, "reason": "abandoned"}
    return {"rated": True, "pool": pool, "players": keys, "places": places(state, rec_seats)}


class Ratings:
    def __init__(self, auth: Authority, table: TableService) -> None:
        self.auth, self.table = auth, table  # the table: the rating decision made as the game ended
        self.storage = auth.storage

    def finished(self, live: Live) -> None:
        """A game just ended on this instance (``GameListener``); rate it in the background if it was
        decided rated."""
        plan = self.table.state(live).plan
        if plan is None or not plan["rated"]:
            return
        self._start(live.rec.id, plan)

    def turned(self, live: Live, seat: int) -> None:
        """``GameListener``: a move changes no rating."""

    def _start(self, game_id: str, plan: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._apply(game_id, plan["pool"], plan["players"],
                                                                  plan["places"]))  # fmt: skip

        def report(t: asyncio.Task) -> None:
            if not t.cancelled() and t.exception() is not None:
                log.error("rating game %s: %s", game_id, t.exception())

        task.add_done_callback(report)

    async def resume(self) -> int:
        """After a restart: rates finished games decided rated whose rating was not written (the
        decision stored with the last move, not the seats' holders now)."""
        todo = await asyncio.to_thread(self._unrated)
        for gid, plan in todo:
            self._start(gid, json.loads(plan))
        return len(todo)

    def _unrated(self) -> list[tuple[str, str]]:
        rated = sa.select(rating_changes.c.game_id).distinct()
        q = (sa.select(games.c.id, games.c.rating_plan)
             .where(games.c.status == "finished", games.c.rating_plan.like('{"rated": true%'),
                    games.c.id.not_in(rated))
             .order_by(games.c.updated_at).limit(1000))  # fmt: skip
        with self.storage.engine.connect() as c:
            return [(g, p) for g, p in c.execute(q)]

    def decision(self, game_id: str) -> dict[str, Any] | None:
        """The stored decision without its player list: ``{"rated", "reason"?}``; ``None``: not decided."""
        with self.storage.engine.connect() as c:
            raw = c.execute(sa.select(games.c.rating_plan).where(games.c.id == game_id)).scalar()
        if raw is None:
            return None
        plan = json.loads(raw)
        return {"rated": plan["rated"], "reason": plan.get("reason")}

    async def _apply(self, game_id: str, pool: str, keys: list[str], places_: list[int]) -> bool:
        return await self.auth._db(self.apply, game_id, pool, keys, places_)

    def apply(self, game_id: str, pool: str, keys: list[str], places_: list[int]) -> bool:
        """Rates one game (blocking); ``False`` if it was rated before."""
        try:
            with self.storage.engine.begin() as c:
                q = sa.select(ratings).where(ratings.c.pool == pool, ratings.c.player.in_(set(keys)))
                if self.storage.is_postgres:
                    q = q.with_for_update()
                cur = {r["player"]: r for r in c.execute(q).mappings()}
                before = [MODEL.rating(mu=cur[k]["mu"], sigma=cur[k]["sigma"]) if k in cur
                          else first_rating(k, pool, len(keys)) for k in keys]  # fmt: skip
                after = [t[0] for t in MODEL.rate([[r] for r in before], ranks=[float(p) for p in places_])]
                c.execute(rating_changes.insert(), [
                    {"game_id": game_id, "seat": i, "pool": pool, "player": k, "place": places_[i],
                     "mu_before": before[i].mu, "sigma_before": before[i].sigma, "mu_after": after[i].mu,
                     "sigma_after": after[i].sigma} for i, k in enumerate(keys)
                ])  # fmt: skip
                now = time.time()
                for k in dict.fromkeys(keys):
                    # One player in several seats (two copies of a bot, a hot seat): the mean update.
                    mine = [after[i] for i, x in enumerate(keys) if x == k]
                    mu, sigma = sum(r.mu for r in mine) / len(mine), sum(r.sigma for r in mine) / len(mine)
                    if k in cur:
                        c.execute(ratings.update().where(ratings.c.pool == pool, ratings.c.player == k)
                                  .values(mu=mu, sigma=sigma, games=ratings.c.games + 1, updated_at=now))  # fmt: skip
                    else:
                        c.execute(ratings.insert().values(pool=pool, player=k, mu=mu, sigma=sigma, games=1,
                                                          updated_at=now))  # fmt: skip
            return True
        except sa.exc.IntegrityError:
            return False

    # -- reads ---------------------------------------------------------------------------------
    def _names(self, c: sa.Connection, players: list[str]) -> dict[str, str]:
        ids = [int(p.split(":", 1)[1]) for p in players if p.startswith("account:")]
        names = {f"bot:{p[4:]}": f"bot {p[4:]}" for p in players if p.startswith("bot:")}
        if ids:
            for i, u in c.execute(sa.select(accounts.c.id, accounts.c.username).where(accounts.c.id.in_(ids))):
                names[f"account:{i}"] = u
        return names

    def leaderboard(self, pool: str, limit: int) -> list[dict[str, Any]]:
        ordinal = ratings.c.mu - 3 * ratings.c.sigma
        with self.storage.engine.connect() as c:
            rows = list(c.execute(sa.select(ratings).where(ratings.c.pool == pool).order_by(ordinal.desc())
                                  .limit(limit)).mappings())  # fmt: skip
            names = self._names(c, [r["player"] for r in rows])
        return [{"rank": i + 1, "player": r["player"], "name": names.get(r["player"], "?"), "mu": round(r["mu"], 3),
                 "sigma": round(r["sigma"], 3), "rating": round(r["mu"] - 3 * r["sigma"], 3), "games": r["games"]}
                for i, r in enumerate(rows)]  # fmt: skip

    def changes(self, game_id: str) -> list[dict[str, Any]]:
        with self.storage.engine.connect() as c:
            rows = list(c.execute(sa.select(rating_changes).where(rating_changes.c.game_id == game_id)
                                  .order_by(rating_changes.c.seat)).mappings())  # fmt: skip
            names = self._names(c, [r["player"] for r in rows])
        return [{"seat": r["seat"], "player": r["player"], "name": names.get(r["player"], "?"), "place": r["place"],
                 "before": round(r["mu_before"] - 3 * r["sigma_before"], 3),
                 "after": round(r["mu_after"] - 3 * r["sigma_after"], 3)} for r in rows]  # fmt: skip

    def my_games(self, account_id: int, limit: int = 100) -> list[dict[str, Any]]:
        """The account's seats, newest first, with what the "My games" page shows: the seats' names,
        the result and rating change of finished games, and rematches offered but not yet accepted."""
        q = (sa.select(games.c.id, games.c.game, games.c.options, games.c.status, games.c.updated_at, games.c.winners,
                       seats.c.seat, game_settings.c.private, game_settings.c.rated, game_settings.c.rematch)
             .join(seats, seats.c.game_id == games.c.id)
             .join(game_settings, game_settings.c.game_id == games.c.id, isouter=True)
             .where(seats.c.account_id == account_id).order_by(games.c.updated_at.desc()).limit(limit))  # fmt: skip
        with self.storage.engine.connect() as c:
            rows = [dict(r) for r in c.execute(q).mappings()]
            ids = [r["id"] for r in rows]
            names: dict[str, list[dict[str, Any]]] = {}
            changes: dict[tuple[str, int], Any] = {}
            accepted: set[str] = set()
            if ids:
                for r in c.execute(sa.select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.bot, seats.c.name,
                                             seats.c.left_reason).where(seats.c.game_id.in_(ids))
                                   .order_by(seats.c.game_id, seats.c.seat)).mappings():  # fmt: skip
                    names.setdefault(r["game_id"], []).append(
                        {"seat": r["seat"], "name": r["name"], "kind": r["kind"], "bot": r["bot"],
                         "left": r["left_reason"]})  # fmt: skip
                for r in c.execute(sa.select(rating_changes).where(rating_changes.c.game_id.in_(ids))).mappings():
                    changes[(r["game_id"], r["seat"])] = r
                later = [r["rematch"] for r in rows if r["rematch"]]
                if later:
                    accepted = set(c.execute(sa.select(seats.c.game_id).where(
                        seats.c.game_id.in_(later), seats.c.account_id == account_id)).scalars())  # fmt: skip
        for row in rows:
            row["seats"] = names.get(row["id"], [])
            ch = changes.get((row["id"], row["seat"]))
            row["rating"] = None if ch is None else {
                "place": ch["place"], "before": round(ch["mu_before"] - 3 * ch["sigma_before"], 3),
                "after": round(ch["mu_after"] - 3 * ch["sigma_after"], 3)}  # fmt: skip
            row["rematch_accepted"] = row["rematch"] in accepted
        return rows


async def account_games(service: Ratings, account_id: int) -> list[dict[str, Any]]:
    """An account's games (``GET /api/account/games``): running ones with "your turn" first, then open
    ones (and rematches offered to it), then finished ones with results."""
    rows = await asyncio.to_thread(service.my_games, account_id)
    out = []
    for row in rows:
        options = json.loads(row["options"]) if row["options"] else {}
        item = {"id": row["id"], "game": row["game"], "pool": pool_of(row["game"], options),
                "players": options.get("players"), "status": row["status"], "seat": row["seat"],
                "updated": row["updated_at"], "private": bool(row["private"]), "rated": bool(row["rated"]),
                "seats": row["seats"], "your_turn": False}  # fmt: skip
        if row["status"] == "running":
            await _running(service, item, row["id"], account_id)
        elif row["status"] == "finished":
            winners = json.loads(row["winners"]) if row["winners"] else []
            left = next((x["left"] for x in row["seats"] if x["seat"] == row["seat"]), None)
            item["winners"] = winners
            item["left"] = left  # "resigned" | "timeout": the seat's bot played on, its result is not mine
            item["won"] = row["seat"] in winners and left is None
            item["rating"] = row["rating"]
            if row["rematch"]:
                item["rematch"] = {"id": row["rematch"], "accepted": row["rematch_accepted"]}
        out.append(item)
    order = {"running": 0, "open": 1, "finished": 2}
    out.sort(key=lambda x: (order.get(x["status"], 3), not x["your_turn"], -x["updated"]))
    return out


async def _running(service: Ratings, item: dict[str, Any], game_id: str, account_id: int) -> None:
    """A running game's entry: whose turn, and the account's deadline."""
    live = await service.auth.get(game_id)
    st = live.state
    mine = service.auth.seat_of(live, None, account_id)
    left = next((x.left_reason for x in live.rec.seats if x.seat == mine), None)
    item["left"] = left  # "resigned" | "timeout": a bot plays the seat, its turns are not mine
    item["your_turn"] = (left is None and not st.is_terminal() and not st.is_chance_node()
                         and mine == st.current_player())  # fmt: skip
    item["to_move"] = None if st.is_terminal() or st.is_chance_node() else st.current_player()
    running, deadline = service.table.running(live)
    item["deadline"] = deadline if running is not None and running == mine and left is None else None

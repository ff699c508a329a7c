"""The games: list, create, join, read the state, act, undo, replay, export and import.

A move over HTTP is ``act`` (``POST /api/games/{id}/actions``); over the WebSocket it is ``ws.py``.
Both go to ``Authority.act`` (CONTRIBUTING.md, "The move path").
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from heliopolis.server.social.chat import saved_chat, write_saved_chat
from heliopolis.server.store.storage import GameRecord
from heliopolis.server.transport import messages
from heliopolis.server.transport.deps import Reader, Svc, Writer
from heliopolis.server.transport.protocol import ActBody, CreateGame, JoinGame, UndoBody, parse_json_document

router = APIRouter()


def summary(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "game": rec.game, "players": rec.options.get("players"),
        "options": {k: v for k, v in rec.options.items() if k != "players"}, "status": rec.status,
        "seats": [s.public() for s in rec.seats], "moves": rec.plies, "created": rec.created_at,
        "updated": rec.updated_at, "winners": rec.winners,
    }  # fmt: skip


@router.get("/api/games")
async def list_games(svc: Svc, status: str | None = Query(None, pattern="^(open|running|finished|imported)$"),
                     limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:  # fmt: skip
    recs = await asyncio.to_thread(svc.storage.list_games, status, limit)
    return {"games": [summary(r) for r in recs]}


@router.post("/api/games", status_code=201)
async def create_game(body: CreateGame, svc: Svc, p: Writer) -> dict[str, Any]:
    accounts = svc.accounts
    await accounts.check_names([s.name for s in body.seats], p.account)  # no seat passes for an account
    if body.join is not None and body.join < len(body.seats):
        body.seats[body.join].name = await accounts.seat_name(p.account, body.seats[body.join].name)
    return await svc.table.create(body, p.account, client=p.client)


@router.get("/api/games/{game_id}")
async def get_game(game_id: str, svc: Svc) -> dict[str, Any]:
    return summary((await svc.auth.get(game_id)).rec)


@router.post("/api/games/{game_id}/join")
async def join(game_id: str, body: JoinGame, svc: Svc, p: Writer) -> dict[str, Any]:
    auth = svc.auth
    svc.table.check_invite(await auth.get(game_id), body.invite)
    name = await svc.accounts.seat_name(p.account, body.name)
    seat, token = await auth.join(game_id, body.seat, name, p.account, client=p.client)
    return {"seat": seat, "token": token}


@router.get("/api/games/{game_id}/state")
async def get_state(game_id: str, svc: Svc, p: Reader) -> dict[str, Any]:
    auth = svc.auth
    live = await auth.get(game_id)
    return messages.state_dict(auth, live, auth.seat_of(live, p.token, p.account))


@router.post("/api/games/{game_id}/actions")
async def act(game_id: str, body: ActBody, svc: Svc, p: Writer) -> dict[str, Any]:
    auth = svc.auth
    live = await auth.act(game_id, p.token, body, p.account)
    return messages.state_dict(auth, live, auth.seat_of(live, p.token, p.account))


@router.post("/api/games/{game_id}/undo")
async def undo(game_id: str, body: UndoBody, svc: Svc, p: Writer) -> dict[str, Any]:
    auth = svc.auth
    live = await auth.undo(game_id, p.token, body.accept, p.account)
    return messages.state_dict(auth, live, auth.seat_of(live, p.token, p.account))


@router.get("/api/games/{game_id}/replay")
async def replay(game_id: str, svc: Svc, ply: int | None = Query(None, ge=0, le=100_000)) -> Response:
    text = await svc.archive.replay_frame(game_id, ply)  # cached encoded frame (a JSON object)
    upto = (await svc.auth.get(game_id)).rec.plies if ply is None else ply
    said = await asyncio.to_thread(svc.chat.messages, game_id, -1, upto)
    return Response(text[:-1] + ',"chat":' + json.dumps(said) + "}", media_type="application/json")


@router.get("/api/games/{game_id}/export")
async def export(game_id: str, svc: Svc) -> JSONResponse:
    doc = await svc.archive.export(game_id)
    doc["chat"] = [{k: m[k] for k in ("seat", "name", "text", "ply", "at")}
                   for m in await asyncio.to_thread(svc.chat.messages, game_id)]  # fmt: skip
    headers = {"Content-Disposition": f'attachment; filename="heliopolis-{game_id}.json"'}
    return JSONResponse(doc, headers=headers)


@router.post("/api/import", status_code=201)
async def import_game(request: Request, svc: Svc) -> dict[str, Any]:
    doc = parse_json_document(await request.body())
    said = saved_chat(doc)  # checked before anything is written
    rec = await svc.archive.import_game(doc, write_saved_chat(said))
    return {"id": rec.id, "url": f"/g/{rec.id}"}

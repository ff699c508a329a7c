"""``/healthz``, ``/readyz`` and ``/metrics`` (docs/operations.md), on SQLite and PostgreSQL: ready only
with the database reachable, the schema current and the bot workers running (503 and the failed
check otherwise); the metrics count what happened — moves by who made them, latencies, bot
decisions, refusals, database errors — and read the gauges when scraped; off unless asked for."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from alembic import command
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from heliopolis.server.app import Settings, create_app
from heliopolis.server.ops.health import Health, head_revision
from heliopolis.server.store.migrate import alembic_config
from heliopolis.server.store.storage import Storage
from tests.server.conftest import UNLIMITED, auth, create, play_out, seat_protocols, wait_for


def _samples(client: TestClient) -> dict[tuple[str, tuple], float]:
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain; version=0.0.4")
    out = {}
    for fam in text_string_to_metric_families(r.text):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _get(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_healthz_and_readyz_when_all_is_well_and_metrics_off_by_default(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        r = client.get("/readyz")
        assert r.status_code == 200 and r.json() == {"status": "ready"}
        r = client.get("/metrics")
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


def test_readyz_is_503_with_the_failed_check(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, **UNLIMITED))) as client:
        storage = client.app.state.auth.storage
        cfg = alembic_config(storage.engine)
        command.stamp(cfg, "0006_mod")  # as an older version left it: this one must not take traffic
        try:
            r = client.get("/readyz")
            body = r.json()
            assert r.status_code == 503 and body["check"] == "migrations" and body["status"] == "not ready"
            assert (
                body["reason"] == f"the database schema is at revision 0006_mod, this version needs {head_revision()}"
            )
            assert body["msg"]["k"] == "errors.ready.migrations"
        finally:
            command.stamp(cfg, "head")
        assert client.get("/readyz").status_code == 200
        # A newer release migrated first (rolling upgrade, docs/deploy.md): a revision this code does
        # not know is ahead of it, and the old instance keeps serving until its restart.
        with storage.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999_newer'"))
        try:
            assert client.get("/readyz").status_code == 200
        finally:
            command.stamp(cfg, "head", purge=True)
        assert client.get("/readyz").status_code == 200
        # A bot worker that died is started again by the check (as by the next bot move): still ready.
        pool = client.app.state.auth.bots
        worker = pool.lanes["light"].idle[0]
        old = worker.proc.pid
        os.kill(old, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while worker.proc.returncode is None and time.monotonic() < deadline:
            time.sleep(0.02)
            client.get("/healthz")  # lets the loop reap the child
        assert client.get("/readyz").status_code == 200 and worker.proc.pid != old
        assert client.get("/healthz").status_code == 200
    # Stopped workers (the server shutting down), and a database that does not answer.
    assert asyncio.run(Health(storage, pool).ready())[0] == "bot_workers"
    gone = Storage("postgresql://nobody@127.0.0.1:1/none")
    check, why = asyncio.run(Health(gone, pool)._database())
    assert check == "database" and str(why).startswith("the database cannot be reached: ")
    gone.dispose()


def test_metrics_count_moves_latency_bots_refusals_and_errors(db_url: str) -> None:
    limits = {**UNLIMITED, "read_rate": 0.001, "read_burst": 30}
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, metrics=True, **limits))) as client:
        base = _samples(client)
        assert _get(base, "heliopolis_games", status="open") == 0 and _get(base, "heliopolis_websockets_open") == 0
        g = create(client, ["human", "random"], join=0)
        with client.websocket_connect(f"/ws/games/{g['id']}", subprotocols=seat_protocols(g["token"])) as ws:
            ws.receive_json()
            assert _get(_samples(client), "heliopolis_websockets_open") == 1
        moves = 0
        for _ in range(3):  # three moves of the person, answered by the bot
            s = wait_for(client, g["id"], g["token"], lambda s: s["to_move"] == 0 or s["status"] == "finished")
            r = client.post(f"/api/games/{g['id']}/actions", json={"action": s["legal"][0]["id"],
                            "version": s["version"]}, headers=auth(g["token"]))  # fmt: skip
            assert r.status_code == 200, r.text
            moves += 1
        wait_for(client, g["id"], g["token"], lambda s: s["to_move"] == 0)
        got = _samples(client)
        assert _get(got, "heliopolis_moves_committed_total", by="player") == moves
        assert _get(got, "heliopolis_moves_committed_total", by="bot") >= moves - 1
        assert _get(got, "heliopolis_moves_committed_total", by="chance") > 0  # Ra draws tiles
        assert _get(got, "heliopolis_move_latency_seconds_count") == moves
        assert _get(got, "heliopolis_bot_decision_seconds_count", lane="light") >= moves - 1
        assert _get(got, "heliopolis_games", status="running") == 1
        assert _get(got, "heliopolis_bot_queue_length", lane="search") == 0
        # Reads over the limit are refused and counted; a failed statement counts as a database error.
        refused = sum(client.get(f"/api/games/{g['id']}").status_code == 429 for _ in range(40))
        assert refused > 0
        storage = client.app.state.auth.storage
        with pytest.raises(Exception), storage.engine.connect() as c:  # noqa: B017, PT011
            c.exec_driver_sql("SELECT * FROM no_such_table")
        got = _samples(client)
        assert _get(got, "heliopolis_rate_limit_refusals_total", limit="read") == refused
        assert _get(got, "heliopolis_database_errors_total") == 1


def test_every_app_has_its_own_registry(tmp_path) -> None:  # noqa: ANN001
    apps = [create_app(Settings(db=f"sqlite:///{tmp_path / f'{i}.db'}", bot_delay=0.0, metrics=True, **UNLIMITED))
            for i in range(3)]  # fmt: skip
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        g = create(one, ["human", "human"], join=0)
        joined = one.post(f"/api/games/{g['id']}/join", json={}).json()
        play_out(one, g["id"], {0: g["token"], joined["seat"]: joined["token"]}, max_moves=3000)
        assert _get(_samples(one), "heliopolis_moves_committed_total", by="player") > 0
        assert _get(_samples(two), "heliopolis_moves_committed_total", by="player") == 0
        assert _get(_samples(one), "heliopolis_games", status="finished") == 1


def test_websocket_refusals_are_counted_by_limit(tmp_path) -> None:  # noqa: ANN001
    limits = {**UNLIMITED, "ws_rate": 0.001, "ws_burst": 2, "ws_per_client": 1}
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, metrics=True, **limits))
    with TestClient(app) as client:
        g = create(client, ["human", "human"], join=0)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.receive_json()
            for _ in range(5):  # two within the burst, three refused
                ws.send_json({"type": "ping"})
            answers = [ws.receive_json()["type"] for _ in range(5)]
            assert answers.count("pong") == 2 and answers.count("error") == 3
            with client.websocket_connect(f"/ws/games/{g['id']}") as second:  # over the per-address limit
                assert second.receive_json()["code"] == "rate_limited"
        got = _samples(client)
        assert _get(got, "heliopolis_rate_limit_refusals_total", limit="websocket_message") == 3
        assert _get(got, "heliopolis_rate_limit_refusals_total", limit="websocket_connections") == 1
        assert _get(got, "heliopolis_rate_limit_refusals_total", limit="write") == 0

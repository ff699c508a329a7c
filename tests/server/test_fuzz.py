"""Bad input never gets a 500: random JSON bodies and WebSocket messages at every endpoint."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import create, seat_protocols

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
keys = st.sampled_from(
    [
        "game",
        "players",
        "options",
        "seats",
        "join",
        "seat",
        "name",
        "action",
        "notation",
        "version",
        "accept",
        "kind",
        "bot",
        "type",
        "edition",
        "history",
        "format",
        "encoding",
    ]
)
bodies = json_values | st.dictionaries(keys, json_values, max_size=6)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@FUZZ
@given(body=bodies, which=st.integers(0, 4))
def test_random_http_bodies_get_4xx_not_500(client, body, which):
    g = getattr(test_random_http_bodies_get_4xx_not_500, "game", None)
    if g is None:
        g = test_random_http_bodies_get_4xx_not_500.game = create(client, ["human", "random"])
    path = [
        "/api/games",
        f"/api/games/{g['id']}/join",
        f"/api/games/{g['id']}/actions",
        f"/api/games/{g['id']}/undo",
        "/api/import",
    ][which]
    r = client.post(path, content=json.dumps(body), headers={"Authorization": f"Bearer {g['token']}",
                                                             "content-type": "application/json"})  # fmt: skip
    assert r.status_code < 500, (path, body, r.text)
    assert "error" in r.json() or r.status_code in (200, 201)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@FUZZ
@given(messages=st.lists(bodies, min_size=1, max_size=5))
def test_random_websocket_messages_get_errors_and_keep_the_connection(client, messages):
    g = getattr(test_random_websocket_messages_get_errors_and_keep_the_connection, "game", None)
    if g is None:
        g = test_random_websocket_messages_get_errors_and_keep_the_connection.game = create(client, ["human", "human"])
    with client.websocket_connect(f"/ws/games/{g['id']}", subprotocols=seat_protocols(g["token"])) as ws:
        assert ws.receive_json()["type"] == "state"
        for m in messages:
            ws.send_text(json.dumps(m))
        ws.send_json({"type": "ping"})
        while True:  # every message is answered (an error, a state or the pong) and the socket lives
            reply = ws.receive_json()
            assert reply["type"] in ("error", "state", "pong")
            if reply["type"] == "pong":
                break

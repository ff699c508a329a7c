"""Engine errors reach the browser as catalog messages (issue 26): next to the English ``message``,
an error body carries ``msg`` (``{"k", "a", "t"}``), which ``js/api.js`` renders in the page's
language; errors of the server's own (stale, not your turn) have none."""

from __future__ import annotations

from heliopolis import locale as L
from tests.server.conftest import auth, create, wait_for


def test_engine_errors_carry_their_catalog_message(client):  # noqa: ANN001
    g = create(client, ["human", "random"])
    gid, tok = g["id"], g["token"]
    s = wait_for(client, gid, tok, lambda s: s["to_move"] == 0)
    cases = [
        ({"notation": "xyz", "version": s["version"]}, "ra.error.unreadable", "ist kein Ra-Zug"),
        ({"action": 999, "version": s["version"]}, "errors.illegal.player", "keine Zug-ID von Ra"),
        ({"action": 53, "version": s["version"]}, "errors.illegal.player", "jetzt nicht erlaubt"),
    ]
    for body, key, german in cases:
        err = client.post(f"/api/games/{gid}/actions", json=body, headers=auth(tok)).json()["error"]
        assert err["msg"]["k"] == key and err["msg"]["t"] == err["message"], err
        assert german in L.render(err["msg"], "de"), err
    err = client.post(f"/api/games/{gid}/actions", json={"action": 0, "version": s["version"] + 5},
                      headers=auth(tok)).json()["error"]  # fmt: skip
    assert err["code"] == "stale" and "msg" not in err
    bad = {"game": "ra", "players": 2, "seats": [{"kind": "bot", "bot": "alphago"}] * 2}
    err = client.post("/api/games", json=bad).json()["error"]
    assert err["msg"]["k"] == "errors.server.seat" and "unbekannte Bot-Angabe" in L.render(err["msg"], "de")

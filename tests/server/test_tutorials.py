"""The tutorials (docs/tutorials.md): every script replays on the engine as it stands (a rules
change that makes a step's move illegal breaks this test), a wrong move is refused with the step's
reason and changes nothing, the closing step explains the engine's own scoring, and a tutorial
writes nothing (no game, no rating, nothing in the lobby) while the per-client limits bound a flood."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from heliopolis import locale
from heliopolis.server.app import Settings, create_app
from heliopolis.server.learn import tutorials as T
from heliopolis.server.learn.tutorials.explain import explain
from tests.server.conftest import UNLIMITED


@pytest.fixture(scope="module")
def app(tmp_path_factory):  # noqa: ANN001, ANN201
    db = tmp_path_factory.mktemp("tutorials") / "t.db"
    with TestClient(create_app(Settings(db=f"sqlite:///{db}", bot_delay=0.0, **UNLIMITED))) as c:
        yield c


def test_ra_has_a_tutorial_and_the_lobby_meta_says_so(app):  # noqa: ANN001
    assert "ra" in T.available()
    assert app.get("/api/tutorials").json()["tutorials"] == T.available()
    meta = {g["id"]: g for g in app.get("/api/meta").json()["games"]}
    assert meta["ra"]["tutorial"] is True
    assert all(meta[g]["tutorial"] is (g in T.available()) for g in meta)


@pytest.mark.parametrize("game", T.available())
def test_every_step_of_the_script_is_legal_when_replayed_on_the_engine(game: str) -> None:
    s = T.script(game)
    T.check(s)  # raises on the first step whose move (or a scripted move after it) is illegal
    for i, st in enumerate(s.steps):
        f = T.frame(game, i)
        if st.do is not None:  # the expected move is offered to the player, so the board marks it
            assert st.do in [x["notation"] for x in f["state"]["legal"]], i
        else:
            assert f["state"]["legal"] == [], i
    assert s.steps[-1].score and T.frame(game, len(s.steps) - 1)["score"], "it ends with the first scoring"


@pytest.mark.parametrize("game", T.available())
def test_every_text_of_the_script_is_in_english_and_german(game: str) -> None:
    for st in T.script(game).steps:
        for key in filter(None, (st.say, st.why)):
            assert locale.text(key, "en") and locale.text(key, "de") != locale.text(key, "en"), key


def test_the_check_finds_a_broken_script() -> None:
    s = T.script("ra")
    bad = T.Step("tutorial.ra.first_bid", "bid:5", None, (), None, None, False)  # 5 does not beat the 6 bid
    broken = T.Script(s.game, s.players, s.options, s.seat, s.names, s.start, (*s.steps[:4], bad))
    with pytest.raises(ValueError, match="step 4"):
        T.check(broken)
    wrong_outcome = T.Step("tutorial.ra.draw_first", "draw", None, ("tile:banana",), None, None, False)
    with pytest.raises(Exception, match="banana"):
        T.check(T.Script(s.game, s.players, s.options, s.seat, s.names, s.start, (wrong_outcome, wrong_outcome)))


def test_a_wrong_move_is_refused_with_its_reason_and_nothing_changes(app):  # noqa: ANN001
    at = next(i for i, st in enumerate(T.script("ra").steps) if st.do == "bid:8")
    before = app.get(f"/api/tutorials/ra/{at}").json()
    ids = {x["notation"]: x["id"] for x in before["state"]["legal"]}
    for wrong in ("bid:13", "pass"):
        r = app.post(f"/api/tutorials/ra/{at}", json={"action": ids[wrong]})
        assert r.status_code == 200 and r.json() == {"ok": False, "step": at,
                                                     "why": locale.text("tutorial.ra.why_first_bid", "en")}  # fmt: skip
    r = app.post(f"/api/tutorials/ra/{at}?lang=de", json={"action": ids["pass"]})
    assert r.json()["why"] == locale.text("tutorial.ra.why_first_bid", "de")
    assert app.get(f"/api/tutorials/ra/{at}").json() == before
    ok = app.post(f"/api/tutorials/ra/{at}", json={"action": ids["bid:8"]}).json()
    assert ok["ok"] and ok["next"]["step"] == at + 1
    won = ok["next"]["state"]["view"]["seats"][0]
    assert won["display"] == {"pharaoh": 1, "nile": 1, "agriculture": 1} and won["suns_down"] == [1]


def test_moves_that_are_not_legal_and_steps_that_do_not_exist_get_one_clear_error(app):  # noqa: ANN001
    r = app.post("/api/tutorials/ra/2", json={"action": "bid:3"})
    assert r.status_code == 400 and "not a legal move" in r.json()["error"]["message"]
    assert app.post("/api/tutorials/ra/0", json={"action": "draw"}).status_code == 400  # a step to read: Next
    assert app.post("/api/tutorials/ra/0", json={"action": "next"}).json()["next"]["step"] == 1
    r = app.get("/api/tutorials/ra/99")
    assert r.status_code == 404 and r.json()["error"]["msg"]["k"] == "tutorial.error.step"
    assert app.get("/api/tutorials/chess/0").status_code == 404
    assert app.post("/api/tutorials/ra/2", json={"action": [1]}).status_code == 422


def test_the_closing_step_explains_the_engines_own_scoring_line_by_line() -> None:
    s = T.script("ra")
    last = len(s.steps) - 1
    pos = T.replay(s, last)
    row = T.frame("ra", last)["state"]["view"]["epoch_scores"][0]["seats"][s.seat]
    said = explain("ra", pos, s.seat)
    lines = {m.key.rsplit(".", 1)[1]: m.args for m in said}
    cats = row["categories"]
    assert lines["pharaoh_most"]["pts"] == f"{cats['pharaoh']:+d}" == "+5"
    assert lines["nile"] == {"nile": 2, "flood": 1, "pts": f"{cats['nile']:+d}"}
    assert lines["civilization"] == {"kinds": 4, "pts": f"{cats['civilization']:+d}"}
    assert lines["gold"]["pts"] == f"{cats['gold']:+d}" and lines["god"]["pts"] == f"{cats['god']:+d}"
    assert lines["total"] == {"epoch": 1, "before": row["before"], "after": row["after"],
                              "delta": f"{row['after'] - row['before']:+d}"}  # fmt: skip
    for lang in ("en", "de"):  # sent worded in the reader's language
        assert T.frame("ra", last, lang)["score"] == [locale.render(m, lang) for m in said]
    assert T.frame("ra", last, "de")["score"] != T.frame("ra", last, "en")["score"]


def test_the_step_texts_are_worded_by_the_server_and_left_out_of_the_browser_catalog(app) -> None:  # noqa: ANN001
    cat = app.get("/api/i18n/de").json()["messages"]
    assert "tutorial.ui.link" in cat and "tutorial.error.step" in cat
    assert not [k for k in cat if k.startswith(("tutorial.ra.", "tutorial.why."))]
    assert app.get("/api/tutorials/ra/0?lang=de").json()["say"] == locale.text("tutorial.ra.welcome", "de")
    r = app.get("/api/tutorials/ra/0?lang=xx")
    assert r.status_code == 400 and "languages: en, de" in r.json()["error"]["message"]


def test_a_tutorial_writes_nothing_and_a_flood_meets_the_clients_read_limit(tmp_path) -> None:  # noqa: ANN001
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'f.db'}", bot_delay=0.0, read_rate=1.0, read_burst=30.0))
    with TestClient(app) as c:
        codes = [c.get(f"/api/tutorials/ra/{i % 16}").status_code for i in range(60)]
        assert codes[:30] == [200] * 30 and codes.count(429) >= 25
        limited = c.get("/api/tutorials/ra/0")
        assert limited.status_code == 429 and limited.json()["error"]["code"] == "rate_limited"
    writes = create_app(Settings(db=f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0.0, http_rate=1.0, http_burst=20.0))
    with TestClient(writes) as c:
        codes = [c.post("/api/tutorials/ra/0", json={"action": "next"}).status_code for _ in range(40)]
        assert codes[:20] == [200] * 20 and codes.count(429) >= 15
    with TestClient(create_app(Settings(db=f"sqlite:///{tmp_path / 'f.db'}", bot_delay=0.0, **UNLIMITED))) as c:
        for i in range(16):
            c.post(f"/api/tutorials/ra/{i}", json={"action": "next"})
        assert c.get("/api/games").json()["games"] == []  # no table, nothing rated, nothing in the lobby


def test_the_ra_tutorial_reads_in_under_ten_minutes() -> None:
    # words / 200 wpm + 5 s per click (docs/tutorials.md quotes the figure)
    for lang in ("en", "de"):
        assert T.reading_seconds("ra", lang) < 600


@pytest.mark.parametrize("game", T.available())
def test_at_every_step_every_other_legal_move_is_refused_and_nothing_changes(game: str) -> None:
    s = T.script(game)
    for n, st in enumerate(s.steps):
        if st.do is None:
            continue
        before = T.frame(game, n)
        snapshot = repr(before)
        for entry in before["state"]["legal"]:
            if entry["notation"] != st.do:
                out = T.attempt(game, n, entry["id"])
                assert out == {"ok": False, "step": n, "why": locale.text(st.why or "tutorial.why.default", "en")}
        assert repr(T.frame(game, n)) == snapshot, f"step {n} changed"
        assert T.attempt(game, n, st.do)["next"]["step"] == n + 1

"""The serving collector settings (server/ops/gc_tuning.py): applied by `heliopolis serve` only."""

from __future__ import annotations

import gc

import pytest

pytest.importorskip("fastapi", reason="the server needs the [web] extra")

from click.testing import CliRunner  # noqa: E402

from heliopolis.server.ops import gc_tuning  # noqa: E402


@pytest.fixture
def restore_gc():
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_tuning_freezes_startup_objects_and_makes_full_collections_rare(restore_gc):
    gc.unfreeze()
    gc_tuning.tune_for_serving()
    assert gc.get_freeze_count() > 0  # startup objects are out of every later scan
    young, middle, full = gc.get_threshold()
    assert young >= 10 * 700 and full >= 100 * 10  # both far above CPython's 700 / 10


def test_serve_asks_for_the_tuning_and_embedded_apps_do_not(monkeypatch, tmp_path):
    from heliopolis import cli, cli_serve
    from heliopolis.server import app as app_mod

    seen = {}
    real = app_mod.create_app

    def spy(settings):  # noqa: ANN001, ANN202
        seen["settings"] = settings
        return real(settings)

    monkeypatch.setattr(app_mod, "create_app", spy)
    monkeypatch.setattr(cli_serve, "run", lambda *a, **k: None)
    r = CliRunner().invoke(cli.main, ["serve", "--db", f"sqlite:///{tmp_path}/g.db", "--port", "0"])
    assert r.exit_code == 0, r.output
    assert seen["settings"].tune_gc is True
    assert app_mod.Settings().tune_gc is False  # tests and embedded apps keep CPython's defaults

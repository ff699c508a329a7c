"""Chromium for the browser tests: Playwright drives Debian's ``/usr/bin/chromium`` against a real
``heliopolis serve`` (Playwright's own browser download is unreachable on these machines; ``make test``
installs Chromium via tools/ci_services.sh). The ``browser`` and ``server`` fixtures are in tests/conftest.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("HELIOPOLIS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def require_chromium() -> None:
    """Skips the calling test module (call it at module level) without Chromium or Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's chromium)", allow_module_level=True)
    pytest.importorskip("playwright.sync_api", reason="the browser tests need the [dev] extra (playwright)")

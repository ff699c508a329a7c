"""``heliopolis`` whose new tables take their private seed from a file the test writes (test-only).

The browser tests that reach a position by playing against random bots need the same position on
every run: chance (``authority.chance_rng``) and the bots (``authority.bot_seed``) are functions of
a table's seed and its history, so a fixed seed and fixed choices of the test's own seat give a
fixed game. The server draws each seed with ``secrets.randbits(63)``; here that reads the integer in
``$HELIOPOLIS_TEST_SEED_FILE`` instead (written by ``tests.server.conftest.next_table_seed``), and
falls back to the real draw while the file is empty. Nothing else of the server changes.

    python -m tests.server.seeded_serve serve --db ... --port ...
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

_draw = secrets.randbits


def _seed(k: int) -> int:
    text = Path(os.environ["HELIOPOLIS_TEST_SEED_FILE"]).read_text(encoding="utf-8").strip()
    return int(text) % (1 << k) if text else _draw(k)


if __name__ == "__main__":
    secrets.randbits = _seed
    from heliopolis.cli import main

    main(prog_name="heliopolis")

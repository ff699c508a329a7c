"""Seeds: one run seed gives every game its own seed, whatever the order, backend or worker count."""

from __future__ import annotations

import random


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run (string seeding of ``random.Random`` is SHA-512 based,
    identical on every platform)."""
    return random.Random(f"heliopolis:{run_seed}:{index}").getrandbits(63)


def sub_seed(seed: int, stream: str) -> int:
    """An independent seed for one consumer of a game (the chance driver, a seat's bot)."""
    return random.Random(f"{seed}:{stream}").getrandbits(63)

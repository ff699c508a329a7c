"""``randbelow(rng, n)``: exactly ``rng.randrange(n)``, without its interpreted frames.

``random.Random.randrange`` is Python code (argument checks, then ``_randbelow``) that costs about as
much as a compiled engine's whole action. For a plain ``random.Random`` this module does what
``_randbelow_with_getrandbits`` does (draw ``n.bit_length()`` bits until the value is below ``n``),
so the draws, and every game and search decision that depends on them, are the same as with
``randrange``; any other RNG object (a subclass, a test double) gets its own ``randrange``.
"""

from __future__ import annotations

import random
from typing import Any, Final

# The equivalence holds while ``Random`` draws through getrandbits (CPython's choice for the base class).
_SAME: Final = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def randbelow(rng: Any, n: int) -> int:
    """A uniform int in ``[0, n)``, ``n > 0``: the same value ``rng.randrange(n)`` returns."""
    if _SAME and n > 0 and type(rng) is random.Random:
        getrandbits = rng.getrandbits
        k = n.bit_length()
        r: int = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    out: int = rng.randrange(n)
    return out

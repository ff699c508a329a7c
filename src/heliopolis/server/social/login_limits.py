"""Login limits that stop guessing without letting anyone lock an account's owner out.

Three checks, in order (docs/server-api.md "Accounts" has the numbers):

1. per client address, every attempt (any username): burst 30, then one per 2 s — a spray of
   many usernames from one address;
2. per (username, address), every attempt: burst 10, then one per 5 s — the strict one;
3. per username, *failures only*: each wrong password adds one, forgotten at one per minute. Past
   5, an address that has itself failed for that username waits ``2 ** (failures - 5)`` seconds
   (at most 15 minutes) after its own last failure before it may try that username again.

An address that has not failed for the username is not delayed by (3), so 14 wrong guesses from 14
addresses never keep the owner out of a fresh device; and a browser holding the account's
known-device cookie (set at every successful login) skips (1) and (3) and has a bucket like (2) of
its own (per username and device instead of address), so the owner is not kept out of a device that
logged in before even if it shares its address with the guesser. On PostgreSQL the buckets of (1)
and (2) are the database's, shared by every server process (``Accounts._bucket``); the failures of
(3), and every bucket on SQLite, are in memory, per process, each map bounded (``limits.Lru``: a key is dropped only once it no longer
counts), so many new keys never reset a busy one.
"""

from __future__ import annotations

import time

from heliopolis.server.transport.limits import KeyedLimiter, Lru

ADDRESS_BURST, ADDRESS_RATE = 30.0, 0.5
PAIR_BURST, PAIR_RATE = 10.0, 0.2
FREE_FAILURES = 5
FORGET_SECONDS = 60.0  # one failure of a username is forgotten per minute
MAX_BACKOFF = 900.0
MAX_KEYS = 100_000


class LoginLimits:
    def __init__(self, max_keys: int = MAX_KEYS) -> None:
        self.by_address = KeyedLimiter(ADDRESS_RATE, ADDRESS_BURST, max_keys)
        self.by_pair = KeyedLimiter(PAIR_RATE, PAIR_BURST, max_keys)
        # username -> [failures, when counted]; username + address -> its last failure. Forgotten only
        # once they no longer count (limits.Lru): a failure not stored then is not counted.
        self.failures: Lru[list[float]] = Lru(
            max_keys, lambda f: f[0] - (time.monotonic() - f[1]) / FORGET_SECONDS <= 0
        )
        self.last_failure: Lru[float] = Lru(max_keys, lambda t: time.monotonic() - t >= MAX_BACKOFF)

    @staticmethod
    def pair(user: str, address: str) -> str:
        return f"{user}\0{address}"

    def _count(self, user: str, now: float) -> float:
        f = self.failures.get(user)
        if f is None:
            return 0.0
        return max(0.0, f[0] - (now - f[1]) / FORGET_SECONDS)

    def backoff(self, user: str, address: str, now: float | None = None) -> float:
        """Check (3): seconds this address must still wait before trying ``user`` (0: go)."""
        now = time.monotonic() if now is None else now
        last = self.last_failure.get(self.pair(user, address))
        n = self._count(user, now)
        if last is None or n < FREE_FAILURES:
            return 0.0
        return max(0.0, last + min(2.0 ** (n - FREE_FAILURES), MAX_BACKOFF) - now)

    def failed(self, user: str, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.failures.put(user, [self._count(user, now) + 1.0, now])
        self.last_failure.put(self.pair(user, address), now)

    def succeeded(self, user: str, address: str) -> None:
        self.last_failure.pop(self.pair(user, address))

"""Token-bucket rate limits: per WebSocket connection and per client address for HTTP writes."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Lru(Generic[V]):
    """A dict of at most ``max_keys`` keys that never resets a key that still matters: beyond that,
    a new key replaces the least recently used one only if ``stale(value)`` says forgetting it
    changes nothing (a bucket full again, a failure long past); otherwise the new key is not
    stored (``put`` answers False) and the caller falls back on something shared."""

    def __init__(self, max_keys: int, stale: Callable[[V], bool]) -> None:
        self.max_keys, self.stale = max_keys, stale
        self.items: OrderedDict[str, V] = OrderedDict()

    def get(self, key: str) -> V | None:
        v = self.items.get(key)
        if v is not None:
            self.items.move_to_end(key)
        return v

    def put(self, key: str, value: V) -> bool:
        if key not in self.items and len(self.items) >= self.max_keys:
            oldest = next(iter(self.items.values()))
            if not self.stale(oldest):
                return False
            self.items.popitem(last=False)
        self.items[key] = value
        self.items.move_to_end(key)
        return True

    def pop(self, key: str) -> None:
        self.items.pop(key, None)

    def __len__(self) -> int:
        return len(self.items)


class KeyedLimiter:
    """One bucket per key (a client address), memory bounded by ``max_keys``. A new key beyond that
    takes the place of the least recently used bucket if that one is full again (forgetting it
    changes nothing); if even that one is still spent, the new key draws on one ``overflow`` bucket
    shared by every key not stored — a flood of new keys is limited as one, and never resets the
    buckets of the keys it is flooding past (the earlier limiter cleared them all at 10,000)."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: Lru[TokenBucket] = Lru(max_keys, self._full)
        self.overflow = TokenBucket(rate, burst)

    def _full(self, b: TokenBucket) -> bool:
        return b.tokens + (time.monotonic() - b.stamp) * b.rate >= b.burst

    def take(self, key: str) -> bool:
        b = self.buckets.get(key)
        if b is None:
            b = TokenBucket(self.rate, self.burst)
            if not self.buckets.put(key, b):
                return self.overflow.take()
        return b.take()

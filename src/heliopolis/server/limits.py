"""Token-bucket rate limits: per WebSocket connection and per client address for HTTP writes."""

from __future__ import annotations

import time
from collections import OrderedDict
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
    """A dict that keeps its ``max_keys`` most recently used keys: a new key beyond that drops the
    least recently used one only (never every key: many new keys must not reset a busy one)."""

    def __init__(self, max_keys: int) -> None:
        self.max_keys = max_keys
        self.items: OrderedDict[str, V] = OrderedDict()

    def get(self, key: str) -> V | None:
        v = self.items.get(key)
        if v is not None:
            self.items.move_to_end(key)
        return v

    def put(self, key: str, value: V) -> V:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.max_keys:
            self.items.popitem(last=False)
        return value

    def pop(self, key: str) -> None:
        self.items.pop(key, None)

    def __len__(self) -> int:
        return len(self.items)


class KeyedLimiter:
    """One bucket per key (a client address). Memory stays bounded: beyond ``max_keys`` the least
    recently used bucket is forgotten — the one most likely full again, which is what a new bucket
    is, so forgetting it changes nothing — and every other bucket is kept."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: Lru[TokenBucket] = Lru(max_keys)

    def take(self, key: str) -> bool:
        b = self.buckets.get(key)
        if b is None:
            b = self.buckets.put(key, TokenBucket(self.rate, self.burst))
        return b.take()

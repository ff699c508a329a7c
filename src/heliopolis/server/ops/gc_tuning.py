"""The cyclic garbage collector, tuned for a long-running server (``heliopolis serve``).

A server holding a few hundred games keeps a large heap of long-lived objects (states, cached
messages, log lines). CPython's full (generation 2) collection scans all of them: in
``bench/bench_server.py --games 200`` each took about 230 ms of the event loop, three times in
20 s, and those pauses were the whole of the p99 move latency (102 ms; 8 ms with the collector
off). Nearly everything a server allocates is freed by reference counting; the cyclic collector
only has rare cycles to find. So:

* what exists once the server has started (modules, code, the games it resumed) is frozen: kept
  out of every later scan (``gc.freeze``; frozen objects are still freed by reference counting);
* the youngest generation is collected after 10,000 net allocations instead of 700 (fewer, still
  short, pauses);
* a full collection runs only after 1,000 collections of the middle generation (tens of minutes
  under load) instead of 10, so the pause comes rarely, not several times a minute.

Measured in docs/history/server-performance.md ("Fifth pass: the garbage collector was the p99"). Tests and embedded apps keep CPython's
defaults: only ``heliopolis serve`` calls this.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 50, 1_000)


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)

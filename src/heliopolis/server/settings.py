"""The server's settings: one dataclass, filled by ``heliopolis serve`` (cli.py) or a test."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass
class Settings:
    db: str = "sqlite:///heliopolis.db"
    bot_delay: float = 0.4  # seconds a bot waits before moving, so people can follow the game
    bot_workers: int = 1  # search processes (cheap bots have one more of their own)
    bot_move_cap: float = 5.0  # seconds of wall time a bot may think per move, enforced
    bot_slice: float = 1.0  # the cap instead while a client over its share meets others (0: never cut)
    bot_games_per_client: int = 4  # games whose bots are playing, per creating address
    bot_games: int = 200  # games whose bots are playing, per server process
    http_rate: float = 20.0  # writes per second per client address
    http_burst: float = 100.0
    ws_rate: float = 20.0  # messages per second per connection
    ws_burst: float = 40.0
    ws_per_client: int = 64  # open WebSockets per client address (0: no limit)
    read_rate: float = 20.0  # API reads per second per client address (a lobby tab polls ~1/s)
    read_burst: float = 100.0
    create_rate: float = 0.5  # new games (created or imported) per second per client address
    create_burst: float = 10.0
    undo_cooldown: float = 30.0  # seconds before a seat whose undo request was declined may ask again
    # Origins (scheme://host[:port]) whose pages may open WebSockets besides the server's own; "*": any.
    allowed_origins: tuple[str, ...] = ()
    smtp: str | None = None  # smtp://host:port for turn e-mails (alerts.py); None: no e-mail
    smtp_from: str = "heliopolis@localhost"
    public_url: str = "http://127.0.0.1:8000"  # the links in e-mails
    alert_interval: float = 300.0  # seconds between two turn e-mails per account and game
    tune_gc: bool = False  # the serving collector settings (gc_tuning.py); `heliopolis serve` sets it
    drain_seconds: float = 10.0  # SIGTERM: how long requests in flight, then bots, may take to finish
    metrics: bool = False  # GET /metrics (metrics.py): `heliopolis serve --metrics`
    log_context: bool = False  # request and game ids in the logs (logsetup.py): `serve --log-format json`
    # Analysis and hints (analysis_jobs.py): samples per action (a whole game in about a minute of one
    # worker; hints within 2 s), analyses a client may start a day, hints per second per client.
    # HELIOPOLIS_ANALYSIS_BUDGET / HELIOPOLIS_HINT_BUDGET / HELIOPOLIS_HINT_RATE: for tests of a served site
    # (smaller budgets; browser tests that ask one hint each from one address, faster than one in 5 s).
    analysis_budget: int = field(default_factory=lambda: int(os.environ.get("HELIOPOLIS_ANALYSIS_BUDGET", "48")))
    analysis_daily: int = 20
    hint_budget: int = field(default_factory=lambda: int(os.environ.get("HELIOPOLIS_HINT_BUDGET", "100")))
    hint_rate: float = field(default_factory=lambda: float(os.environ.get("HELIOPOLIS_HINT_RATE", "0.2")))
    analysis_timeout: float = 30.0  # seconds one decision or hint may take in a worker

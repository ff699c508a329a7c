"""Running it: health, metrics, logs, the collector."""

"""Analysis, hints and tutorials."""

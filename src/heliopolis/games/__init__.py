"""One package per game; each registers its ``Game`` class in ``heliopolis.core.registry``."""

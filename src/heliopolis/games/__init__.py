"""One package per game. The games do not register themselves: ``heliopolis.core.registry`` lists the
built-in ones by module path (``_GAMES``, imported only when a game is used), and a game from outside
the tree is added with ``heliopolis.core.registry.register``. Such a game finds its views, rendering,
invariants and observer next to its state module, but the heuristic bot and the learned evaluator still
look for ``heliopolis.games.<id>.heuristics`` and ``.features`` (bots/heuristic.py, bots/learned.py)."""

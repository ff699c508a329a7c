"""One package per game. The games do not register themselves: ``heliopolis.core.registry`` lists the
built-in ones by module path (``_GAMES``, imported only when a game is used), and a game from outside
the tree is added with ``heliopolis.core.registry.register`` (docs/adding-a-game.md)."""

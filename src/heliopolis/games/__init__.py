"""One package per game, each declaring its parts once in ``<package>/spec.py`` (a ``GameSpec``,
``heliopolis.core.spec``). The games do not register themselves: ``heliopolis.core.registry`` lists the
built-in ones by the module path of their spec (``BUILTIN``, imported only when a game is used), and a
game from outside the tree is added with ``heliopolis.core.registry.register``. ``_template`` is the
package a new game copies (docs/adding-a-game.md); it is not registered."""

"""Coins: a game that lives outside ``heliopolis.games`` (the out-of-tree test, tests/test_plugin_game.py).

Six coins in a row, each worth 1 to 3 (dealt by chance, ``value:<v>``, one coin at a time); two
players in turn take the coin at the ``left`` or the ``right`` end. The larger sum wins; ties share.
Every part of the game is in ``game.py``; ``spec.py`` names them.
"""

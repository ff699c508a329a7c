"""Pebbles: the template game. Copy this package to start a new game (docs/adding-a-game.md).

=====================  =====================================================================
Game id                ``pebbles`` (encoding ``pebbles-v1``), class ``PebblesGame``
Players                2-4
Chance                 explicit: the start player (``start:<seat>``, uniform)
Hidden information     none
Actions                ``take:1``, ``take:2``, ``take:3`` (ids 0-2); chance ``start:0``-``start:3`` (ids 3-6)
=====================  =====================================================================

Rules. PB-1: a pile of ``pile`` pebbles (option, 5 to 30, default 15) lies on the table. PB-2: chance
picks the start player; then the seats take turns clockwise. PB-3: on a turn a player takes 1, 2 or 3
pebbles, never more than the pile holds. PB-4: the game ends when the pile is empty. PB-5: a player
scores a point per pebble taken and 3 more for taking the last one; the most points win (ties share).

It is not one of the shipped games: the registry does not list it, so no lobby shows it. Its spec
(``spec.py``) is what a game provides; a test registers it (``tests/games/test_template.py``).
"""

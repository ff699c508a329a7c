"""Ra: The Dice Game (Reiner Knizia, Rio Grande Games 2009): dice, tracks and areas in ancient Egypt.

=====================  =====================================================================
Game id                ``ra-dice`` (encoding ``ra-dice-v1``)
Players                2-4
Chance                 explicit: the start player (``start:<seat>``, unless ``start_player`` is
                       given) and every die rolled (``die:<colour>:<face>``, 1/6 each; a roll of k
                       dice is k chance nodes in colour order)
Hidden information     none (dice, tracks, areas and scores are public)
Actions                109 player action ids + 34 chance outcome ids (see ``actions.py``)
Options                ``start_player`` (seat or null), ``score_floor_zero`` (default false)
Spec                   ``docs/rules/ra-dice.md`` (rule IDs ``RD-...``); notation
                       ``docs/ra-dice-notation.md``
=====================  =====================================================================

Version history: ``ra-dice-v1`` — first encoding.
"""

from heliopolis.games.ra_dice.game import RaDiceGame
from heliopolis.games.ra_dice.state import RaDiceState

__all__ = ["RaDiceGame", "RaDiceState"]

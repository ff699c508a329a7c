"""Ra (Reiner Knizia): auctions for tiles in ancient Egypt. Both editions.

=====================  =====================================================================
Game id                ``ra`` (encoding ``ra-v1``)
Players                2-5 (``edition="2009"``, default), 3-5 (``edition="1999"``)
Chance                 explicit: the initial sun-stack deal (``stack:<k>``) and each bag draw
                       (``tile:<tile>``, weighted by the tiles left)
Hidden information     the bag's contents order (never stored: counts only); other players'
                       points with ``hidden_scores`` (default on)
Actions                54 player action ids + 28 chance outcome ids (see ``actions.py``)
Spec                   ``docs/rules/ra.md`` (rule IDs ``RA-...``)
=====================  =====================================================================

Version history: ``ra-v1`` — first encoding.
"""

from heliopolis.games.ra.game import RaGame
from heliopolis.games.ra.state import RaState

__all__ = ["RaGame", "RaState"]

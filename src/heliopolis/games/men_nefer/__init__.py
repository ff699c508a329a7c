"""Men-Nefer (Germán P. Millán; Ludonova 2024, German edition Pegasus Spiele).

=======================  ================================================================
Game id                  ``men-nefer`` (encoding ``men-nefer-v2``), class ``MenNeferGame``
Players                  2-4 (the solo game is out of scope, MN-AMB-48)
Chance                   explicit chance nodes, no setup seed: start player (unless the
                         ``start_player`` option), player boards, queens' tiles, mastaba
                         tiles, deity, city advantages, neutral placement tile, every Great
                         Pyramid stack top, every bag draw (wares, papyri), every trade
                         agreement drawn, every action tile dealt, drawn to the display or
                         revealed on the supply
Hidden information       none in the state: bags, face-down stacks and the unseen supply
                         are sets of what is inside; a draw names the drawn component; views
                         show their sizes only
Actions                  263 player ids + 190 chance ids (``actions.py``; pinned by
                         tests/games/men_nefer/action_table.txt)
Options                  ``start_player`` (seat or null), and the spec's open interpretations:
                         ``question_mark_without_numeral``, ``two_scarabs_condition``,
                         ``temple_basket_spaces``, ``mastaba_ware_icon``,
                         ``supply_recycle_timing``, ``boat_activations_split``
Data                     ``data/men-nefer-components.json`` (every value; see
                         docs/men-nefer-values.md for sourced versus reconstructed)
Spec                     docs/rules/men-nefer.md (rule IDs ``MN-...``); notation
                         docs/men-nefer-notation.md
=======================  ================================================================

Modules: ``components`` (data, via ``schema`` and ``loader``), ``actions`` (ids and notation),
``state`` (fields, protocol, clone), ``tasks`` (the task stack and its loop), ``flow`` (eras,
Flood, turns, display, markets), ``effects`` (groups, choices, gains, favours, sun disc, scarab),
``pyramids``, ``necropolis``, ``sphinx``, ``temple``, ``nile``, ``harvest`` (scoring, conditions, end),
``draws`` (setup and the chance nodes that draw components), ``views``, ``texts`` (printed actions in
words, the browser view's tables), ``render``, ``heuristics``, ``observation``, ``invariants``.

Version history: ``men-nefer-v1`` — first engine; ``men-nefer-v2`` — ``sail-activated`` (which of two
boats sharing a location sails).
"""

from heliopolis.games.men_nefer.game import MenNeferGame
from heliopolis.games.men_nefer.state import MenNeferState

__all__ = ["MenNeferGame", "MenNeferState"]

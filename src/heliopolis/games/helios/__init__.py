"""Helios (Kallenborn & Prinz, Hans im Glück 2014).

=======================  ================================================================
players                  2-4
chance                   explicit: start player, action tiles dealt (by colour), extra-stack
                         land tiles (by colour)
hidden information       none in the state (stacks are counts of tile types; VP open,
                         HE-AMB-33)
num_distinct_actions     see ``actions.NUM_DISTINCT_ACTIONS`` (table pinned in
                         tests/games/helios/action_table.txt)
spec                     docs/rules/helios.md; notation docs/helios-notation.md
version history          helios-v1: first engine
=======================  ================================================================
"""

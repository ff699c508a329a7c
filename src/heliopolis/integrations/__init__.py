"""Research adapters: every registered game as an OpenSpiel game, a PettingZoo AEC environment and
a Gymnasium single-agent environment.

=====================  ==============================================================================
module                 what it gives
=====================  ==============================================================================
``openspiel``          ``python_heliopolis_<id>`` pyspiel games (parameters = the game's options),
                       observation / information-state strings and tensors through a Python observer
``pettingzoo``         ``env(game_id, players=..., **options)``: AEC env with ``{"observation",
                       "action_mask"}`` observations
``gymnasium``          ``heliopolis/<Name>-v0`` envs: one learning seat, the other seats are bot specs
``encoding``           what the three share: configurations to test, options as parameters, arrays
=====================  ==============================================================================

The only per-game code is the game's observation encoder (``games/<id>/observation.py``, found through
``Game.make_observer``); a game without one is skipped by the registrations and refused with
``NoObserverError`` when asked for by name. The optional libraries (the ``[rl]`` extra: open_spiel,
pettingzoo, gymnasium, numpy) are imported by these modules only; importing one of them without the
extra works, and using it raises an ``ImportError`` that names the extra.
"""

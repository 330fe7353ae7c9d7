"""Adapters to game-AI frameworks: OpenSpiel (:mod:`.openspiel`) and PettingZoo
(:mod:`.pettingzoo`), both over :mod:`.world`, and the search agent (:mod:`.search`).

The frameworks are optional extras (``pip install -e '.[openspiel]'``,
``'.[pettingzoo]'``); importing this package imports neither.
"""

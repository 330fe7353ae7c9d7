"""The thrones referee's rules, one module per part of the game.

:mod:`.round` the round of seven phases, zones, power and victory;
:mod:`.challenges` challenges; :mod:`.abilities` running card abilities;
:mod:`.setup` the setup phase; :mod:`.base` the game's state and the methods
one part calls on another, which each part derives from.
:class:`~pnp.rulesets.thrones.game.ThronesGame` combines them.
"""

"""The fief referee's rules, one module per phase.

:mod:`.round` is the whole game as one flow (the round of eight phases and
victory); :mod:`.setup` the set-up phase; :mod:`.politics` phase 1 (Hear Ye:
marriages, outlaws, elections), :mod:`.cards` phase 2, :mod:`.economy` phases
3 and 4 (income, taxes, purchases), :mod:`.movement` phase 5,
:mod:`.battle` phase 6 and :mod:`.watch` the Night's Watch expansion's Wall
phase; :mod:`.fate` what happens to Nobles (Titles, deaths, captures,
marriages), :mod:`.decide` how a rule asks a player, :mod:`.phases` the
phases' names.
"""

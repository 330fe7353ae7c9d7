"""The Iron Throne print kit: everything that only prints.

:mod:`.components` declares what the kit prints and in which file,
:mod:`.faces` how House and event cards are drawn, :mod:`.sheets` the leader
sheets and influence boards, :mod:`.tokens` the round tokens, :mod:`.style`
and :mod:`.icons` the palettes, frames and sigils they share, and
:mod:`.reference` the reference sheet's extra context. The referee never
imports this package (a test checks that starting a game loads no reportlab).
"""

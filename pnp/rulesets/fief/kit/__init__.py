"""The fief print kit: everything that only prints.

:mod:`.components` declares every card, token and board in the counts the
content declares; :mod:`.faces` draws cards and tokens, :mod:`.board` the
main board (its shapes from :mod:`.mapshape`, its labels placed by
:mod:`.placement`), :mod:`.courtboard`, :mod:`.houseboards` and
:mod:`.wallboard` the side boards, :mod:`.dienets` the foldable dice;
:mod:`.style` and :mod:`.icons` hold the palette and pictures they share and
:mod:`.reference` the reference sheet's extra context. The referee never
imports this package (a test checks that starting a game loads no reportlab).
"""

"""The thrones print kit: everything that only prints.

:mod:`.components` declares what the kit prints (cards, plots, House cards,
titles, tokens, the council board), :mod:`.faces` how each face is drawn,
:mod:`.board` the multiplayer board, :mod:`.drawing` and :mod:`.icons` the
shapes, colours and sigils they share, :mod:`.markup` the printed words and
rules markup, :mod:`.supply` how many of each piece, and :mod:`.reference` the
reference sheet's extra context. The referee never imports this package (a
test checks that starting a game loads no reportlab).
"""

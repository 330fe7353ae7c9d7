"""Play at the table: a human seat in the terminal against the bots, and a replay viewer.

Each ruleset's ``view.py`` gives the text form of a seat's view (a
:class:`~pnp.play.form.TextForm`); this package holds what the three share
once: the screen's building blocks (:mod:`.screen`), drawing them with rich
(:mod:`.draw`), the session that keeps the game's record as it goes
(:mod:`.session`), the prompt and its keys (:mod:`.prompt`), the ``pnp play``
command (:mod:`.command`) and the replay viewer (:mod:`.watch`).
"""

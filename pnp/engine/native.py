"""A game compiled with the engine: the core loop calls it directly.

:func:`pnp.engine.runner.play` sees a game through :class:`~pnp.engine.game.Game`,
whose methods it must call through Python: a call boxes its arguments and
looks its method up, and reading :attr:`Game.round` calls a property, several
hundred instructions a step. A ruleset whose game is compiled with mypyc
(``pnp/compiled.py``) subclasses :class:`NativeGame` instead: compiled,
:func:`play` then calls its :meth:`decision`, :meth:`apply` and
:attr:`round` as native methods. Uncompiled it is a plain ``Game``; either way
the games are the same.

A game that is not compiled may subclass it too (mypyc lets interpreted
classes subclass this one): the core loop then calls its methods through
Python, as it calls any game's.
"""

from __future__ import annotations

from abc import abstractmethod

from pnp.compiled import mypyc_attr
from pnp.engine.decision import Decision
from pnp.engine.event import Event
from pnp.engine.game import Game


@mypyc_attr(allow_interpreted_subclasses=True)
class NativeGame(Game):
    """A :class:`Game` that :func:`~pnp.engine.runner.play` calls directly when compiled.

    Its subclass implements the same methods as any game; only these three are
    re-declared here, the ones the core loop calls on every step.
    """

    @abstractmethod
    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` once the game is over."""

    @abstractmethod
    def apply(self, index: int) -> list[Event]:
        """Choose option ``index`` of the pending decision; return the new events."""

    @property
    @abstractmethod
    def round(self) -> int:
        """The current round (1-based); the engine's round cap reads it."""


__all__ = ["NativeGame"]

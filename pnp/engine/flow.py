"""One flow for every ruleset: rules ask, the engine answers.

A ruleset writes its rules as generators. A rule that needs a player's
choice yields a :class:`~pnp.engine.decision.Decision` and is resumed with
the **index** of the chosen option, the same index a game record stores;
:func:`ask` wraps that and hands back the chosen :class:`Option`, taking a
lone option at once (no player is asked a question with one answer). A rule
that ends the game at once, from however deep in the round, raises a
:class:`FlowEnd`; the game says what follows (:meth:`FlowGame.ended`).

:class:`FlowGame` drives such a flow behind the engine's
:class:`~pnp.engine.game.Game` surface, so every ruleset answers a move the
same way: events gathered per move, the set-up's events kept apart, and one
error, :class:`IllegalMoveError`, for an option that does not exist or a move
after the game is over::

    class Game(FlowGame):
        def __init__(self, state):
            super().__init__(state.players)
            self.s = state
            self.begin(self.round_flow())

        def round_flow(self) -> Flow:
            while not self.s.over:
                choice = yield from ask(self.s.turn, "play", self.options())
                self.emit("played", self.s.turn, card=choice.data)
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.engine.decision import Decision, Option
from pnp.engine.errors import FlowEnd, IllegalMoveError
from pnp.engine.flowgame import Flow, FlowGame


def ask(seat: int, kind: str, options: Sequence[Option]) -> Flow:
    """Ask ``seat`` to pick one of ``options``; return the chosen option. A lone
    option is taken without asking."""
    if len(options) == 1:
        return options[0]
    if not options:
        raise AssertionError(f"a {kind} decision without options")
    index = yield Decision(seat, kind, tuple(options))
    return options[index]


def offer(seat: int, kind: str, options: Sequence[Option]) -> Flow:
    """Ask ``seat`` even when only one option is open (a scenario's ``begin``, a
    confirmation the rules require); return the chosen option."""
    index = yield Decision(seat, kind, tuple(options))
    return options[index]


__all__ = ["Flow", "FlowEnd", "FlowGame", "IllegalMoveError", "ask", "offer"]

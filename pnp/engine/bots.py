"""A bot as one rule per decision kind: the ``on_<kind>`` dispatch every ruleset's bot shares.

A ruleset's ``bots.HeuristicBot`` subclasses :class:`KindBot` and writes one
method per decision kind its rules ask, ``on_<kind>(view, decision, rng)``
returning the chosen option's index. A kind the bot has no method for is an
:class:`~pnp.engine.errors.UnknownDecisionError`: a decision the rules gained
and the bot was not taught is a bug to fix, never an option picked blind.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from pnp.engine.decision import Decision
from pnp.engine.errors import UnknownDecisionError

#: an ``on_<kind>`` method: (the seat's view, the decision, the bot's stream) to an index
Handler = Callable[[Any, Decision, random.Random], int]


class KindBot:
    """A bot whose rule for each decision kind is its ``on_<kind>`` method."""

    #: the agent's name, as errors give it
    agent_name: ClassVar[str] = "heuristic"

    def handler(self, kind: str) -> Handler:
        """The ``on_<kind>`` method for ``kind``; :class:`UnknownDecisionError` if none."""
        handler: Handler | None = getattr(self, "on_" + kind, None)
        if handler is None:
            raise UnknownDecisionError(self.agent_name, kind)
        return handler

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> int:
        """The index of the option the bot's rule for ``decision.kind`` picks."""
        return self.handler(decision.kind)(view, decision, rng)

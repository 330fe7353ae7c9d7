"""The adapters' observation tensor: a ruleset's encoding of a seat's view, then the
pending decision.

A ruleset's ``encoding.py`` encodes what a seat sees (its view); the view does
not say what is being decided, so two positions a seat sees alike but where it
decides different things (a challenge to declare, or attackers to choose) gave
one tensor. Who decides and on what is public (``pnp play`` tells every seat
"waiting for …"), so two fields follow the ruleset's own, for every seat:

- ``decision_seat`` (P): one-hot, the seat whose decision is pending (zeros:
  none, the game is over);
- ``decision_kind`` (K): one-hot, the pending decision's kind, among the
  ruleset's ``decision_help`` kinds in their order.

A kind the ruleset does not list is an
:class:`~pnp.engine.encoding.EncodingError`, never silently dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.engine.encoding import Layout, indexer, put, slot
from pnp.engine.game import Decision


class Observation:
    """A ruleset's encoding (``inner``) followed by the pending decision's fields."""

    def __init__(self, inner: Any, players: int, kinds: Sequence[str]) -> None:
        """``inner``: the ruleset's ``Encoding``; ``kinds``: its decision kinds, in order."""
        self.inner = inner
        self.kinds = indexer(tuple(kinds))
        # the ruleset's fields at their own offsets, then the decision's
        lay = self.layout = Layout()
        for f in inner.layout.fields.values():
            lay.add(f.name, f.width, f.rows)
        self.f_seat = lay.add("decision_seat", players)
        self.f_kind = lay.add("decision_kind", len(kinds))

    @property
    def size(self) -> int:
        """The tensor's length."""
        return self.layout.size

    def encode(self, view: Any, decision: Decision | None) -> list[float]:
        """``view`` in the ruleset's encoding, then who decides what (``None``: nobody)."""
        out: list[float] = self.inner.encode(view)
        out += [0.0] * (self.layout.size - len(out))
        if decision is not None:
            put(out, self.f_seat, decision.seat, 1.0)
            put(out, self.f_kind, slot(self.kinds, decision.kind, "decision kind"), 1.0)
        return out

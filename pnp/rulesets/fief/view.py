"""What one seat may know: :class:`FiefView`.

The map, the board, the Nobles, titles, gold, disasters and taxes are public;
hands are not (a player sees his own and those he looked at this round), nor
the order of any deck, nor face-down vote markers and bids before they flip,
nor how a robbed player split his gold. A view holds a redacted copy of the
state taken when it was made (:meth:`FiefState.public_copy`), so a bot can
use the state's helpers on it without any way to read a secret, and a view
never changes after the fact.

A view is read-only: consecutive views of one game share the copies of the
Nobles and Villages that did not change in between (public parts only), so
writing to one would show in the next.
"""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision
from pnp.rulesets.fief.catalog import Catalog
from pnp.rulesets.fief.state import FiefState


class FiefView:
    """The game as ``seat`` sees it."""

    __slots__ = ("decision", "seat", "state")

    def __init__(self, state: FiefState, seat: int, decision: Decision | None) -> None:
        #: the redacted copy of the game state
        self.state = state.public_copy(seat)
        self.seat = seat
        self.decision = decision

    @property
    def cat(self) -> Catalog:
        """The content (map, cards, rules): public."""
        return self.state.cat

    @property
    def hand(self) -> list[str]:
        """This seat's own hand."""
        return list(self.state.seats[self.seat].hand)

    def seen_hand(self, seat: int) -> list[str] | None:
        """Another player's hand as this seat saw it this round (``None`` if it did not look)."""
        if seat == self.seat:
            return self.hand
        seen = self.state.seats[self.seat].seen.get(seat)
        return list(seen) if seen is not None else None

    def fortune_top_is_disaster(self) -> bool | None:
        """Whether the Fortune deck's top card has a black back (``None``: deck empty)."""
        top = self.state.fortune_top
        return None if top is None else top == "disaster"

    def data(self) -> dict[str, Any]:
        """Everything this seat may know, as plain data."""
        s = self.state
        snap = s.snapshot()
        snap["fortune"]["top"] = s.fortune_top
        snap["my_vote"] = list(s.hidden_votes[self.seat]) if self.seat in s.hidden_votes else None
        snap["votes_placed"] = list(s.votes_placed)
        snap["my_bid"] = s.hidden_bids.get(self.seat)
        snap["my_split"] = s.hidden_split[1] if s.hidden_split is not None else None
        snap["seat"] = self.seat
        snap["decision"] = (
            None
            if self.decision is None
            else [self.decision.seat, self.decision.kind, self.decision.labels()]
        )
        return snap

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FiefView):
            return NotImplemented
        return self.data() == other.data()

    def __hash__(self) -> int:
        return hash((self.seat, self.state.round, self.state.phase))

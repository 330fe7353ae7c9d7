"""The Iron Throne rules that hold at any time, checked after every change (state-based checks).

Each entry names its rule, the events after which it may no longer hold, and
how it is made to hold again (:mod:`pnp.engine.standing`). The referee checks
them whenever play stops for a decision, before anyone may act. The routes
that usually break a rule (a draw that empties a deck) also make it hold on
the spot, so that the log shows the rebuild right after the card that caused it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.standing import Standing

if TYPE_CHECKING:
    from pnp.rulesets.ironthrone.game import IronThroneGame


def rebuild_exhausted_decks(g: IronThroneGame) -> None:
    """IT-END-03: a House deck is never empty while its discard pile holds cards. A deck
    that ran out while its discard pile was empty is rebuilt as soon as a card reaches
    that pile, whatever route the card took (a withdrawal, a discard, a replaced card, a
    tormented hostage)."""
    ref = g.ref
    for seat in range(ref.n):
        ref.refill(seat)  # a no-op unless the deck is empty and the discard pile is not


STANDING: tuple[Standing, ...] = (
    # the routes by which a card reaches a discard pile mid-turn, outside a draw
    Standing(
        "IT-END-03",
        frozenset({"withdrew", "card_discarded", "card_replaced", "hostage_tormented"}),
        rebuild_exhausted_decks,
    ),
)

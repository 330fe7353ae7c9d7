"""The thrones rules that hold at any time, checked after every change (state-based checks).

Each entry names its rule, the events after which it may no longer hold, and
how it is made to hold again (:mod:`pnp.engine.standing`). The referee checks
them whenever play stops for a decision, before anyone may act; the rule code
that usually breaks a rule (a power gain) may also check it on the spot, so
that the game ends in the very step that reaches 15 power.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.standing import Standing
from pnp.rulesets.thrones.catalog import K_NOATT
from pnp.rulesets.thrones.zones import DISCARD

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame


def win_at_fifteen(g: ThronesGame) -> None:
    """TH-WIN-01: whoever's House and characters in play hold the victory total wins
    at once, whatever route the power came by (a character taken over with its power)."""
    g.check_win()


def passives_by_icon_or_keyword(g: ThronesGame) -> None:
    """TH-ACT-07: a constant ability applies to whatever meets its condition at the moment,
    so a passive reaching "each character with icon or keyword X" reaches a card that
    gains X from a lasting effect mid-phase, and lets go of one whose X ran out."""
    if g.wide and g.chainable:  # otherwise no passive in play picks cards by icon or keyword
        g.refresh()


def no_attachments(g: ThronesGame) -> None:
    """TH-KW-NOATT-01: a card with No attachments never carries one; a card that gains
    the keyword loses its attachments to their owners' discard piles (TH-ZONE-06)."""
    for seat in g.seats:
        for host in seat.chars:
            if host.attachments and host.kw & K_NOATT:
                for att in list(host.attachments):
                    dest = g.leave_play(att, DISCARD)
                    g.emit(
                        "card_discarded", att.owner, card=att.d.id, reason="no attachments", to=dest
                    )


STANDING: tuple[Standing, ...] = (
    # icons and keywords from lasting effects (refresh covers those from passives); first,
    # for a keyword a refresh grants is checked below
    Standing(
        "TH-ACT-07",
        frozenset({"keyword_gained", "icon_gained", "lasting_ended"}),
        passives_by_icon_or_keyword,
    ),
    # power on the House and on characters in play: a power change is checked where it
    # happens; a change of control moves a character's power from one total to another
    Standing("TH-WIN-01", frozenset({"control_taken"}), win_at_fifteen),
    # keywords come from the card, its passives and lasting effects
    Standing(
        "TH-KW-NOATT-01",
        frozenset(
            {
                "keyword_gained",
                "lasting_ended",
                "card_played",
                "card_put_into_play",
                "control_taken",
            }
        ),
        no_attachments,
    ),
)

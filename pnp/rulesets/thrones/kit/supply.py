"""How many of each piece the thrones kit prints.

The kit is a *box*: one print run must let people play any game the content
supports without printing again. So each card is printed as many times as
the most demanding game needs it at once:

* a two-player game puts two ready-to-play decks on the table, so a card
  needs the sum of its counts in the two two-player decks that use it most;
* a multiplayer game puts up to four constructed decks on the table, so a
  card needs the sum of its counts in the four constructed decks that use it
  most;

and a card gets the larger of the two (at least one copy, so cards in no
deck, and the plots of the draft pool, are printed too). Plots and agendas
follow the same rule. Tokens cover the two-player box supply or the
multiplayer stock for the largest table, whichever is more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.rulesets.thrones.model import ThronesContent

#: decks on the table at once, by deck format
TABLE = {"two_player": 2, "constructed": 4}


def _need(counts: Iterable[tuple[str, int]]) -> int:
    """The copies a game of each format needs at once, from each deck's format and
    count; the largest, at least 1."""
    best = 1
    count_list = list(counts)
    for fmt, seats in TABLE.items():
        in_format = sorted((n for f, n in count_list if f == fmt), reverse=True)
        best = max(best, sum(in_format[:seats]))
    return best


def card_copies(model: ThronesContent) -> dict[str, int]:
    """Copies to print of each draw-deck card, by card id."""
    return {c.id: _need((d.format, d.cards.get(c.id, 0)) for d in model.decks) for c in model.cards}


def plot_copies(model: ThronesContent) -> dict[str, int]:
    """Copies to print of each plot, by plot id."""
    return {p.id: _need((d.format, d.plots.count(p.id)) for d in model.decks) for p in model.plots}


def agenda_copies(model: ThronesContent) -> dict[str, int]:
    """Copies to print of each agenda, by agenda id."""
    return {
        a.id: _need((d.format, int(d.agenda == a.id)) for d in model.decks) for a in model.agendas
    }


@dataclass(frozen=True)
class TokenCounts:
    """Tokens to print."""

    gold: int
    power: int
    first_player: int


def token_counts(model: ThronesContent, max_players: int) -> TokenCounts:
    """The box supply, or the multiplayer stock for ``max_players``, whichever is larger."""
    t = model.tokens
    return TokenCounts(
        gold=max(t.gold, t.gold_per_player * max_players),
        power=max(t.power, t.power_per_player * max_players),
        first_player=t.first_player,
    )

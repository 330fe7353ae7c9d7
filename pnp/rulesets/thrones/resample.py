"""Resampling: a whole thrones game consistent with what one seat has seen.

A search bot that plays from a seat's information (information-set MCTS)
needs full game states it could be in: :func:`resample` takes a game (a
replica of the real one, which it changes in place) and redraws, from a
given RNG, everything that seat cannot see:

- the other seats' hands and draw decks: for each other seat, the cards in
  its hand and deck that were never public are pooled, shuffled, and dealt
  back into the same places (so every hand and deck keeps its size, and
  every seat keeps its own cards: the deck lists are public content);
- the order of the seat's own draw deck (its contents it can work out, its
  order it cannot);
- the plots the other seats chose face down in this plot phase and have not
  revealed yet: each is drawn again, uniformly, from the plots that seat
  could choose (one per distinct plot of its plot deck, as the decision
  offered them);
- the game's chance from here on: a fresh RNG for shuffles and random picks.

The cards are pooled in a fixed order before the shuffle, and a plot is drawn
from its choices in a fixed order, so a sample depends on what the seat knows
and on the RNG alone: two games the seat cannot tell apart (an opponent's
face-down plot included) give the same samples.

Resampling is for the seat whose decision is pending (the adapters refuse
another seat): that seat's options were worked out from its own hand, which
stays, while another seat's pending options may hold the very cards redrawn.

What stays as it is: everything public, the seat's own hand, the plot decks
(their contents follow from the public deck lists and the plots used), the
face-down setup cards of the setup step (not redrawn: a setup is a set of
choices bound by cost and limits, which a sample does not rebuild), the plot
draft's picks and the draft deck's order (the variant's secrets, not redrawn
yet: a search seat reads them; the README says so), and
every card that was ever public (in play, a discard pile, dead, removed, a
duplicate): a card that went back to a hand or onto a deck from there is
known to be there, so it is never moved. :class:`Witness` keeps that record;
the adapters feed it the game after every move of the replay
(:meth:`Witness.see`).
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING

from pnp.rulesets.thrones.zones import DECK, HAND

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame
    from pnp.rulesets.thrones.state import Card


#: a card's uid (the witness reads thousands a game)
_uid = attrgetter("uid")


class Witness:
    """The cards (by uid) that have been in a public zone at some point of a game."""

    def __init__(self) -> None:
        self.public: set[int] = set()

    def see(self, game: ThronesGame) -> None:
        """Note every card public now (called after the set-up and after every move)."""
        add = self.public.update
        for s in game.seats:
            add(map(_uid, s.play))
            add(map(_uid, s.discard))
            add(map(_uid, s.dead))
            add(map(_uid, s.removed))
            for c in s.play:
                if c.dupes:
                    add(map(_uid, c.dupes))
        add(map(_uid, game.limbo))


def resample(game: ThronesGame, seat: int, rng: random.Random, witness: Witness) -> None:
    """Redraw in ``game`` (in place) what ``seat`` cannot see, from ``rng`` (see the module)."""
    known = witness.public
    for s in game.seats:
        slots: list[tuple[list[Card], int, str]] = []
        if s.idx != seat:
            slots += [(s.hand, i, HAND) for i, c in enumerate(s.hand) if c.uid not in known]
        slots += [(s.deck, i, DECK) for i, c in enumerate(s.deck) if c.uid not in known]
        # in a fixed order first, so the sample depends on what the seat knows and the
        # RNG only, never on where the hidden cards really are
        pool = sorted((zone[i] for zone, i, _ in slots), key=_uid)
        rng.shuffle(pool)
        for (zone, i, name), c in zip(slots, pool, strict=True):
            zone[i] = c
            c.zone = name
        s.reindex()  # the hand's action and response indexes follow the new hand
    redraw_plots(game, seat, rng)
    # chance from here on is fresh: the real game's RNG would tell the future
    game.rng = random.Random(rng.getrandbits(64))


def redraw_plots(game: ThronesGame, seat: int, rng: random.Random) -> None:
    """Draw again, uniformly from ``rng``, the face-down plot of every other seat that
    chose one this plot phase (the choices in a fixed order: by plot id)."""
    chosen = game.plots_chosen
    for other in sorted(chosen):
        if other == seat:
            continue
        plots = sorted(game.distinct(game.seats[other].plot_deck), key=lambda c: c.d.id)
        chosen[other] = plots[rng.randrange(len(plots))]


__all__ = ["Witness", "redraw_plots", "resample"]

"""Resampling: a whole fief game consistent with what one seat has seen.

:func:`resample` takes a game (a replica of the real one, which it changes
in place) and redraws, from a given RNG, what the seat cannot see:

- the cards in other seats' hands: the deck a card was drawn from is public
  (the backs differ), so a hand's Court cards are pooled with the Court deck
  and its Fortune cards with the Fortune deck, shuffled, and dealt back into
  the same places (a disaster is revealed when drawn, so none is dealt into
  a hand);
- the order of the Court and Fortune decks, keeping the Fortune deck's top
  card of the same kind as before (its back shows whether it is a disaster);
- the order of every Character deck (their contents are public);
- the game's chance from here on: a fresh RNG for shuffles and dice.

What stays: everything public, the seat's own hand, a hand it looked at
this round (as it saw it: the cards still there), a card it gave another
seat in an exchange while that seat may still hold it (:class:`Witness`),
every hand while an exchange is half made (the first card chosen lives in
the rules' flow), and the face-down votes, bids and gold splits of the step
being played.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


class Witness:
    """The cards each seat knows another holds: the card it gave in an exchange."""

    def __init__(self) -> None:
        #: (knower, holder) -> the cards ``knower`` knows ``holder`` was given
        self.given: dict[tuple[int, int], Counter[str]] = {}
        self._hands: list[Counter[str]] | None = None

    def see(self, game: FiefGame) -> None:
        """Note the exchanges of the move just played (called after every move)."""
        hands = [Counter(seat.hand) for seat in game.s.seats]
        before = self._hands
        if before is not None:
            for e in game.events:
                if e.kind == "cards_exchanged" and e.seat is not None:
                    a, b = e.seat, e.data["other"]
                    for giver, taker in ((a, b), (b, a)):
                        gave = before[giver] - hands[giver]
                        self.given.setdefault((giver, taker), Counter()).update(gave)
        self._hands = hands


def _pinned(game: FiefGame, seat: int, other: int, witness: Witness) -> Counter[str]:
    """The cards of ``other``'s hand that ``seat`` knows are there."""
    hand = Counter(game.s.seats[other].hand)
    seen = game.s.seats[seat].seen.get(other)
    known = Counter(seen) if seen is not None else Counter()
    known |= witness.given.get((seat, other), Counter())
    return known & hand


def resample(game: FiefGame, seat: int, rng: random.Random, witness: Witness) -> None:
    """Redraw in ``game`` (in place) what ``seat`` cannot see, from ``rng`` (see the module)."""
    s = game.s
    kinds = s.cat.cards
    court_slots: list[tuple[list[str], int]] = []
    fortune_slots: list[tuple[list[str], int]] = []
    pending = game.decision()
    # in an exchange the first side's card is chosen but still in his hand (the
    # rules' flow holds it): while the second side chooses, no hand is redrawn
    in_exchange = pending is not None and pending.kind == "give_card"
    for other in range(s.players):
        if other == seat or in_exchange:
            continue
        hand = s.seats[other].hand
        keep = _pinned(game, seat, other, witness)
        for i, card in enumerate(hand):
            if keep[card] > 0:
                keep[card] -= 1
                continue
            (court_slots if kinds[card][0] == "court" else fortune_slots).append((hand, i))
    # Court: the hands' hidden Court cards and the deck, one pool
    court = [hand[i] for hand, i in court_slots] + s.court
    rng.shuffle(court)
    for hand, i in court_slots:
        hand[i] = court.pop()
    s.court = court
    # Fortune: no disaster goes to a hand, and the deck's top keeps its back
    fortune = [hand[i] for hand, i in fortune_slots] + s.fortune
    top_kind = kinds[s.fortune[-1]][0] if s.fortune else None
    rng.shuffle(fortune)
    dealable = [c for c in fortune if kinds[c][0] != "disaster"]
    for (hand, i), card in zip(fortune_slots, dealable, strict=False):
        hand[i] = card
    used = Counter(hand[i] for hand, i in fortune_slots)
    deck = []
    for card in fortune:
        if used[card] > 0:
            used[card] -= 1
        else:
            deck.append(card)
    if top_kind is not None:
        tops = [i for i, c in enumerate(deck) if kinds[c][0] == top_kind]
        j = tops[rng.randrange(len(tops))]
        deck[j], deck[-1] = deck[-1], deck[j]
    s.fortune = deck
    for other_seat in s.seats:
        rng.shuffle(other_seat.deck)  # no seat knows a Character deck's order
    # chance from here on is fresh: the real game's RNG would tell the future
    game.rng = random.Random(rng.getrandbits(64))


__all__ = ["Witness", "resample"]

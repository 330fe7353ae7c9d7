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

Every pool is put in a fixed order before its shuffle, so a sample depends
on what the seat knows and on the RNG alone: two games the seat cannot tell
apart give the same samples.

What stays: everything public, the seat's own hand, the cards it knows
another holds (:class:`Witness`: a hand it looked at, a card it gave in an
exchange, until the holder plays or discards a card of that name),
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
    """The cards each seat knows another holds, from what it has seen happen.

    A seat knows a card is in another's hand when it looked at that hand
    (``hand_seen``) or gave him the card in an exchange; it stops knowing so
    once the holder plays or discards a card of that name (a public move).
    """

    def __init__(self) -> None:
        #: (knower, holder) -> the cards ``knower`` knows ``holder`` has
        self.known: dict[tuple[int, int], Counter[str]] = {}
        self._hands: list[Counter[str]] | None = None

    def see(self, game: FiefGame) -> None:
        """Note what the move just played showed (called after every move)."""
        seats = game.s.seats
        hands = [Counter(seat.hand) for seat in seats]
        before = self._hands
        known = self.known
        for e in game.events:
            if e.seat is None:
                continue
            if e.kind == "hand_seen":
                holder = e.data["seat_seen"]
                known[(e.seat, holder)] = Counter(seats[e.seat].seen.get(holder, ()))
            elif e.kind == "cards_exchanged" and before is not None:
                a, b = e.seat, e.data["other"]
                for giver, taker in ((a, b), (b, a)):
                    gave = before[giver] - hands[giver]
                    known.setdefault((giver, taker), Counter()).update(gave)
            elif e.kind in ("card_played", "card_discarded"):
                card = str(e.data["card"])
                for (_knower, holder), cards in known.items():
                    if holder == e.seat and cards[card] > 0:
                        cards[card] -= 1
        self._hands = hands


def _pinned(game: FiefGame, seat: int, other: int, witness: Witness) -> Counter[str]:
    """The cards of ``other``'s hand that ``seat`` knows are there."""
    hand = Counter(game.s.seats[other].hand)
    # the intersection only matters when a known card left the hand unseen (given to
    # a third seat in an exchange), which the seat cannot follow
    return witness.known.get((seat, other), Counter()) & hand


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
    # each pool in a fixed order first: the sample depends on what the seat knows and
    # the RNG only, never on where the hidden cards really are
    court = sorted([hand[i] for hand, i in court_slots] + s.court)
    rng.shuffle(court)
    for hand, i in court_slots:
        hand[i] = court.pop()
    s.court = court
    # Fortune: no disaster goes to a hand, and the deck's top keeps its back
    fortune = sorted([hand[i] for hand, i in fortune_slots] + s.fortune)
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
    for other in range(s.players):
        if other != seat and not in_exchange:
            s.seats[other].hand.sort()  # a hidden hand's order is no one's knowledge
    for other_seat in s.seats:
        other_seat.deck.sort()
        rng.shuffle(other_seat.deck)  # no seat knows a Character deck's order
    # chance from here on is fresh: the real game's RNG would tell the future
    game.rng = random.Random(rng.getrandbits(64))


__all__ = ["Witness", "resample"]

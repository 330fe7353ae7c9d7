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
- the other seats' face-down choices of the step being played, each drawn
  again uniformly from what that seat could have chosen: the votes of an
  election (For and decoy markers, as :func:`~pnp.rulesets.fief.rules.politics.vote_options`
  offers them, a bribed voter's For marker being public), the sealed Council
  or Wall bids ("no bid" included, up to the bidder's public gold), a robbed
  seat's split of its gold between its hands, and the card the first side of
  a deal chose to give (from its redrawn hand);
- the game's chance from here on: a fresh RNG for shuffles and dice.

Every pool is put in a fixed order before its shuffle, and every choice is
drawn from its options in a fixed order, so a sample depends on what the seat
knows and on the RNG alone: two games the seat cannot tell apart (another
seat's face-down choice included) give the same samples.

Resampling is for the seat whose decision is pending (the adapters refuse
another seat): that seat's options were worked out from its own hand and
choices, which stay.

What stays: everything public (a marriage proposal's terms are announced,
and every view shows them while the proposal is answered), the seat's own
hand and face-down choices, and the cards it knows another holds
(:class:`Witness`: a hand it looked at, a card it gave in an exchange, until
the holder plays or discards a card of that name).
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
    for other in range(s.players):
        if other == seat:
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
        if other != seat:
            s.seats[other].hand.sort()  # a hidden hand's order is no one's knowledge
    for other_seat in s.seats:
        other_seat.deck.sort()
        rng.shuffle(other_seat.deck)  # no seat knows a Character deck's order
    redraw_choices(game, seat, rng, pending.kind if pending is not None else None)
    # chance from here on is fresh: the real game's RNG would tell the future
    game.rng = random.Random(rng.getrandbits(64))


def redraw_choices(game: FiefGame, seat: int, rng: random.Random, kind: str | None) -> None:
    """Draw again, uniformly from ``rng``, every other seat's face-down choice of the
    step being played (``kind``: the pending decision's, which says whose bids these
    are; see the module)."""
    from pnp.rulesets.fief.rules.politics import vote_options

    s = game.s
    if s.hidden_votes:
        nominees = list(s.focus.get("nominees", ()))
        bound = s.focus.get("bound", {})
        for other in sorted(s.hidden_votes):
            if other != seat:
                options = vote_options(nominees, bound.get(other))
                s.hidden_votes[other] = options[rng.randrange(len(options))].data
    if s.hidden_bids:
        rules = s.cat.rules
        wall = kind == "wall_bid"
        steps = rules.nights_watch.bid_steps if wall else rules.prices.council_bid_steps
        for other in sorted(s.hidden_bids):
            if other != seat:
                bids = [0, *(b for b in steps if b <= s.seats[other].gold)]
                s.hidden_bids[other] = bids[rng.randrange(len(bids))]
    split = s.hidden_split
    if split is not None and split[0] != seat:
        victim = split[0]
        s.hidden_split = (victim, rng.randrange(s.seats[victim].gold + 1))
    gift = s.hidden_gift
    if gift is not None and gift[0] != seat:
        # from the giver's hand as redrawn above: the card he gives is in it
        cards = sorted(set(s.seats[gift[0]].hand))
        s.hidden_gift = (gift[0], cards[rng.randrange(len(cards))])


__all__ = ["Witness", "redraw_choices", "resample"]

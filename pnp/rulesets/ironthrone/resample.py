"""Resampling: a whole Iron Throne game consistent with what one seat has seen.

:func:`resample` takes a game (a replica of the real one, which it changes
in place) and redraws, from a given RNG, what the seat cannot see:

- each other seat's house cards that it has never seen: the ones in that
  seat's hand, in its deck and (before the reveal) the card it placed
  facedown are pooled, shuffled, and dealt back into the same places, so
  every hand and deck keeps its size and holds its own House's cards only
  (the decks' contents are public content);
- the order of every deck, the seat's own included, and of the event deck;
- while the leaders are chosen (before they are revealed): the leader sheets
  each other seat drew (a fresh draw of as many of its House's characters as
  it holds sheets) and, for a seat that has chosen already, its face-down
  choice, drawn uniformly from its new sheets;
- the game's chance from here on: a fresh RNG.

The decision pending when the sample is drawn is something the seat sees
too: its options were worked out from the real hands. A sample that
contradicts them is drawn again (from the same RNG): when the seat picks
whose revealed hostility card to upgrade, every player offered holds a
higher hostility card and every one not offered none, as in the real game.

Every pool is put in a fixed order before its shuffle or draw, so a sample
depends on what the seat knows and on the RNG alone: two games the seat
cannot tell apart (an opponent's face-down leader included) give the same
samples.

Resampling is for the seat whose decision is pending (the adapters refuse
another seat): that seat's options were worked out from what it holds, which
stays.

What stays: everything public, the seat's own hand, facedown card and leader
sheets, the hostages (their Houses are public; the fronts of those held by
others stay as they are), and the cards public now (a discard pile, a
revealed card). A card public once and hidden since (a discard pile shuffled
back into a deck, then drawn) is pooled with the other hidden cards: kept
where it really was, a card placed face down that had once been seen was
never redrawn, and the search read it. :class:`Witness` keeps that record;
the adapters feed it the game after every move of the replay.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.rulesets.ironthrone.state import NO_OUTCOME, P_LEADERS

if TYPE_CHECKING:
    from pnp.engine.decision import Decision
    from pnp.rulesets.ironthrone.game import IronThroneGame


class Witness:
    """The house cards (by number) public in the game as last seen."""

    def __init__(self) -> None:
        self.public: set[int] = set()

    def see(self, game: IronThroneGame) -> None:
        """Note the cards public now (called after the set-up and after every move); a card
        no longer public (shuffled back, then drawn) is hidden again."""
        ref = game.ref
        public = self.public = set()
        for pile in ref.discard:
            public.update(pile)
        for s, c in enumerate(ref.placed):
            if c >= 0 and (ref.outcome != NO_OUTCOME or ref.faceup[s]):
                public.add(c)


#: the most samples drawn for one resample before giving up: a sample that keeps the
#: pending decision's options is found in a few draws (the real hands are one)
MAX_DRAWS = 10_000


class ResampleError(RuntimeError):
    """No sample kept the pending decision's options within :data:`MAX_DRAWS` draws."""


def resample(game: IronThroneGame, seat: int, rng: random.Random, witness: Witness) -> None:
    """Redraw in ``game`` (in place) what ``seat`` cannot see, from ``rng``, until the
    pending decision's options hold in the sample (see the module)."""
    pending = game.decision()
    for _ in range(MAX_DRAWS):
        redraw(game, seat, rng, witness)
        if keeps_options(game, pending):
            return
    raise ResampleError(f"no sample in {MAX_DRAWS} draws keeps the options of {pending}")


def keeps_options(game: IronThroneGame, pending: Decision | None) -> bool:
    """Whether the sample in ``game`` would offer the pending decision's options."""
    if pending is None or pending.kind != "upgrade_target":
        return True  # other options depend only on what every seat sees
    # the upgrade_hostility effect offered the players holding a higher hostility card
    return {o.data for o in pending.options} == set(game.ref.upgrade_targets())


def redraw(game: IronThroneGame, seat: int, rng: random.Random, witness: Witness) -> None:
    """One sample: redraw in ``game`` (in place) what ``seat`` cannot see, from ``rng``.

    It depends only on what the seat knows and ``rng`` (each pool is sorted before its
    shuffle), never on the arrangement it starts from, so a sample is drawn again by
    calling this again."""
    ref = game.ref
    known = witness.public
    for o in range(ref.n):
        deck = ref.deck[o]
        if o != seat:
            hand = ref.hand[o]
            hand_slots = [i for i, c in enumerate(hand) if c not in known]
            deck_slots = [i for i, c in enumerate(deck) if c not in known]
            placed = ref.placed[o]
            hidden_placed = (
                placed >= 0
                and ref.outcome == NO_OUTCOME
                and not ref.faceup[o]
                and placed not in known
            )
            pool = [hand[i] for i in hand_slots] + [deck[i] for i in deck_slots]
            if hidden_placed:
                pool.append(placed)
            # in a fixed order first: the sample depends on what the seat knows and the
            # RNG only, never on where the hidden cards really are
            pool.sort()
            rng.shuffle(pool)
            for i in hand_slots:
                hand[i] = pool.pop()
            for i in deck_slots:
                deck[i] = pool.pop()
            if hidden_placed:
                # the facedown card lies on the table too: the same card in both places
                table = ref.table[o]
                new = ref.placed[o] = pool.pop()
                table[table.index(placed)] = new
        deck.sort()
        rng.shuffle(deck)  # no seat knows a deck's order
    ref.event_deck.sort()
    rng.shuffle(ref.event_deck)
    ref.index_hands()  # the hands' bit sets follow the new hands
    if ref.phase == P_LEADERS:
        redraw_leaders(game, seat, rng)
    # chance from here on is fresh: the real game's RNG would tell the future
    ref.rng = random.Random(rng.getrandbits(64))


def redraw_leaders(game: IronThroneGame, seat: int, rng: random.Random) -> None:
    """Draw again, from ``rng``, the leader sheets of every other seat and the face-down
    leader of each that has chosen (IT-SETUP-01/02: drawn and chosen in secret)."""
    ref = game.ref
    offers = ref.leader_offers
    picks = ref.leader_picks
    for o in range(ref.n):
        if o == seat:
            continue
        # the House's characters are public content; which of them it drew is not
        drawn = rng.sample(sorted(ref.t.seat_chars[o]), len(offers[o]))
        offers[o][:] = drawn  # in place: the leader step reads this very list
        if o < len(picks):
            picks[o] = drawn[rng.randrange(len(drawn))]


__all__ = [
    "MAX_DRAWS",
    "ResampleError",
    "Witness",
    "keeps_options",
    "redraw",
    "redraw_leaders",
    "resample",
]

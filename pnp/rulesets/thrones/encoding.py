"""The observation encoding of a thrones seat's view, and the bound on a decision's options.

:class:`Encoding` turns a :class:`~pnp.rulesets.thrones.view.ThronesView`
into a list of floats whose size depends only on the content and the player
count (the tensor of the OpenSpiel and PettingZoo adapters). ``C`` is the
number of card definitions in the content, ``L`` of plots, ``H`` of Houses
with a deck, ``T`` of titles, ``P`` the player count; seats are absolute
(row ``s`` is seat ``s``). The fields, in order:

- ``seat`` (P): one-hot, the seat whose view this is;
- ``phase`` (8): one-hot, ``setup`` then the seven phases of the round;
- ``round`` (1): the round number;
- ``first_player`` (P): one-hot;
- ``house`` (P×H): one-hot, each seat's House;
- ``power``, ``house_power``, ``gold``, ``hand_size``, ``deck_size``,
  ``plot_deck_size`` (P each): each seat's total power, power on its House
  card, gold, and the sizes of its hand, draw deck and plot deck;
- ``title`` (P×T): one-hot, each seat's title (a row of zeros: none);
- ``in_play``, ``kneeling``, ``card_power`` (P×C): per seat and card
  definition, the copies in play, the kneeling ones, the power on them;
- ``attached`` (P×C): per seat and card definition, the attachments on that
  seat's cards;
- ``discard``, ``dead`` (P×C): copies in each seat's discard and dead piles;
- ``plot`` (P×L): one-hot, each seat's revealed plot;
- ``used_plots`` (P×L): each seat's used plots;
- ``hand`` (C): this seat's hand, copies per card definition;
- ``plot_deck`` (L): this seat's plot deck.

:data:`MAX_OPTIONS` bounds a decision's options (the adapters' action
space).
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.encoding import Layout, bump, indexer, put, slot
from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.model import ThronesContent
from pnp.rulesets.thrones.setup import db_for
from pnp.rulesets.thrones.view import ThronesView

#: The most options one decision may offer, the adapters' action space. Options
#: name distinct cards (one per card definition, not per copy) plus a pass or
#: two, so no fixed number follows from the rules alone; measured over 200
#: random and 40 heuristic games at each player count the most is 29 (a
#: ``target`` choice at 4 players), 13 at 2. The bound leaves twice that room;
#: the adapters refuse a decision with more options (``ActionBoundError``).
MAX_OPTIONS = 64

#: the phases a view can show, in the order of the ``phase`` field
PHASE_NAMES = ("setup", *PHASES)


class Encoding:
    """The fixed-size encoding of a seat's view for ``content`` at ``players`` seats."""

    def __init__(self, content: LoadedContent[Any], players: int) -> None:
        model = content.model
        assert isinstance(model, ThronesContent)
        db = db_for(content)
        self.players = players
        self.cards = indexer(sorted(db.cards))
        self.plots = indexer(sorted(db.plots))
        self.houses = indexer(sorted({d.house for d in model.decks}))
        self.titles = indexer(sorted(db.titles))
        self.phases = indexer(PHASE_NAMES)
        p, c, n_plots = players, len(self.cards), len(self.plots)
        lay = self.layout = Layout()
        self.f_seat = lay.add("seat", p)
        self.f_phase = lay.add("phase", len(PHASE_NAMES))
        self.f_round = lay.add("round", 1)
        self.f_first = lay.add("first_player", p)
        self.f_house = lay.add("house", len(self.houses), p)
        self.f_scalars = [
            (key, lay.add(key, p))
            for key in ("power", "house_power", "gold", "hand_size", "deck_size", "plot_deck_size")
        ]
        self.f_title = lay.add("title", len(self.titles), p)
        self.f_in_play = lay.add("in_play", c, p)
        self.f_kneeling = lay.add("kneeling", c, p)
        self.f_card_power = lay.add("card_power", c, p)
        self.f_attached = lay.add("attached", c, p)
        self.f_discard = lay.add("discard", c, p)
        self.f_dead = lay.add("dead", c, p)
        self.f_plot = lay.add("plot", n_plots, p)
        self.f_used = lay.add("used_plots", n_plots, p)
        self.f_hand = lay.add("hand", c)
        self.f_plot_deck = lay.add("plot_deck", n_plots)

    @property
    def size(self) -> int:
        """The length of every encoded view."""
        return self.layout.size

    def encode(self, view: ThronesView) -> list[float]:
        """``view`` as a list of :attr:`size` floats (see the module for the fields)."""
        data = view.data()
        out = self.layout.zeros()
        cards, plots = self.cards, self.plots
        put(out, self.f_seat, data["seat"], 1.0)
        put(out, self.f_phase, slot(self.phases, data["phase"], "phase"), 1.0)
        put(out, self.f_round, 0, float(data["round"]))
        put(out, self.f_first, data["first_player"], 1.0)
        for s, seat in enumerate(data["seats"]):
            put(out, self.f_house, slot(self.houses, seat["house"], "House"), 1.0, s)
            for key, field in self.f_scalars:
                put(out, field, s, float(seat[key]))
            if seat["title"] is not None:
                put(out, self.f_title, slot(self.titles, seat["title"], "title"), 1.0, s)
            for card in seat["in_play"]:
                i = slot(cards, card["card"], "card")
                bump(out, self.f_in_play, i, row=s)
                if card.get("kneeling"):
                    bump(out, self.f_kneeling, i, row=s)
                bump(out, self.f_card_power, i, float(card.get("power", 0)), row=s)
                for a in card.get("attachments", ()):
                    bump(out, self.f_attached, slot(cards, a, "card"), row=s)
            for cid in seat["discard"]:
                bump(out, self.f_discard, slot(cards, cid, "card"), row=s)
            for cid in seat["dead"]:
                bump(out, self.f_dead, slot(cards, cid, "card"), row=s)
            if seat["plot"] is not None:
                put(out, self.f_plot, slot(plots, seat["plot"], "plot"), 1.0, s)
            for pid in seat["used_plots"]:
                bump(out, self.f_used, slot(plots, pid, "plot"), row=s)
        for cid in data["hand"]:
            bump(out, self.f_hand, slot(cards, cid, "card"))
        for pid in data["plot_deck"]:
            bump(out, self.f_plot_deck, slot(plots, pid, "plot"))
        return out


__all__ = ["MAX_OPTIONS", "PHASE_NAMES", "Encoding"]

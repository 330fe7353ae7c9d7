"""The observation encoding of an Iron Throne seat's view, and the bound on a decision's options.

:class:`Encoding` turns a :class:`~pnp.rulesets.ironthrone.view.SeatView`
into a list of floats whose size depends only on the content and the player
count. ``K`` is the number of distinct house-card ids of the content (every
House's), ``X`` of characters, ``H`` of Houses, ``P`` the player count;
seats are absolute (row ``s`` is seat ``s``). The fields, in order:

- ``seat`` (P): one-hot, the seat whose view this is;
- ``phase`` (8): one-hot, the phase of the turn (``leaders`` … ``game_over``);
- ``turn`` (1): the turn number;
- ``challenger`` (P), ``defender`` (P): one-hot (zeros: none yet);
- ``outcome`` (3): one-hot, hostility, truce or betrayal once revealed;
- ``winner`` (4): one-hot, challenger, defender, both lost, nobody once decided;
- ``totals`` (2), ``bonus`` (2): the challenger's and defender's public
  hostility totals and bonuses;
- ``hand`` (K): this seat's hand, copies per card id;
- ``hostages`` (K): the hostages this seat holds, per card id;
- ``leader_offers`` (X): the leader sheets this seat was dealt;
- ``house`` (P×H): one-hot, each seat's House;
- ``leader`` (P×X): one-hot, each seat's leader as far as it is known;
- ``sheet``, ``hand_size``, ``deck_size``, ``tokens_left`` (P each): power on
  each leader sheet, hand and deck sizes, influence tokens still at home;
- ``character_power`` (X), ``character_alive`` (X): power on each character
  token in play and whether it lives;
- ``committed`` (P×X): one-hot, each seat's participating character;
- ``side`` (P×3): one-hot, each seat's side (none, challenger, defender);
- ``discard`` (P×K): each seat's discard pile, per card id;
- ``hostage_houses`` (P×H): the Houses of the hostages each seat holds;
- ``placed`` (P×K): one-hot, each seat's card on the table if its front is
  visible to this seat; ``placed_facedown`` (P): a card there, front unseen;
- ``faceup``, ``withdrawn``, ``shielded`` (P each): flags;
- ``board`` (P×P): row ``s``, column ``o``: ``o``'s tokens on ``s``'s board.

:data:`MAX_OPTIONS` bounds a decision's options (the adapters' action space).
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.encoding import Layout, bump, indexer, put, slot
from pnp.rulesets.ironthrone.model import IronThroneContent
from pnp.rulesets.ironthrone.setup import catalog
from pnp.rulesets.ironthrone.state import OUTCOME_NAMES, PHASES, WINNER_NAMES
from pnp.rulesets.ironthrone.view import SeatView

#: The most options one decision may offer, the adapters' action space. The
#: largest decision is the truce offer: "no deal" plus one option per pair of
#: feasible packages (challenger's, defender's) but the empty pair; the
#: shipped content has 8 packages, so 64 options, which 200 random and 40
#: heuristic games at each player count reach and never pass. The others
#: list one option per distinct card (17 at most measured). The bound leaves
#: twice the room; the adapters refuse a decision with more options
#: (``ActionBoundError``).
MAX_OPTIONS = 128


class Encoding:
    """The fixed-size encoding of a seat's view for ``content`` at ``players`` seats."""

    def __init__(self, content: LoadedContent[Any], players: int) -> None:
        model = content.model
        assert isinstance(model, IronThroneContent)
        t = catalog(model)
        self.players = players
        self.cards = indexer(sorted(set(t.card_id)))
        self.chars = indexer(list(t.char_id))
        self.houses = indexer(sorted(t.houses))
        self.phases = indexer(PHASES)
        p, k, x, h = players, len(self.cards), len(self.chars), len(self.houses)
        lay = self.layout = Layout()
        self.f_seat = lay.add("seat", p)
        self.f_phase = lay.add("phase", len(PHASES))
        self.f_turn = lay.add("turn", 1)
        self.f_challenger = lay.add("challenger", p)
        self.f_defender = lay.add("defender", p)
        self.f_outcome = lay.add("outcome", len(OUTCOME_NAMES) - 1)
        self.f_winner = lay.add("winner", len(WINNER_NAMES) - 1)
        self.f_totals = lay.add("totals", 2)
        self.f_bonus = lay.add("bonus", 2)
        self.f_hand = lay.add("hand", k)
        self.f_hostages = lay.add("hostages", k)
        self.f_offers = lay.add("leader_offers", x)
        self.f_house = lay.add("house", h, p)
        self.f_leader = lay.add("leader", x, p)
        self.f_scalars = [
            (key, lay.add(key, p)) for key in ("sheet", "hand_size", "deck_size", "tokens_left")
        ]
        self.f_char_power = lay.add("character_power", x)
        self.f_char_alive = lay.add("character_alive", x)
        self.f_committed = lay.add("committed", x, p)
        self.f_side = lay.add("side", 3, p)
        self.f_discard = lay.add("discard", k, p)
        self.f_hostage_houses = lay.add("hostage_houses", h, p)
        self.f_placed = lay.add("placed", k, p)
        self.f_facedown = lay.add("placed_facedown", p)
        self.f_flags = [(key, lay.add(key, p)) for key in ("faceup", "withdrawn", "shielded")]
        self.f_board = lay.add("board", p, p)

    @property
    def size(self) -> int:
        """The length of every encoded view."""
        return self.layout.size

    def encode(self, view: SeatView) -> list[float]:
        """``view`` as a list of :attr:`size` floats (see the module for the fields)."""
        data = view.to_dict()
        out = self.layout.zeros()
        cards, chars, houses = self.cards, self.chars, self.houses
        put(out, self.f_seat, data["seat"], 1.0)
        put(out, self.f_phase, slot(self.phases, data["phase"], "phase"), 1.0)
        put(out, self.f_turn, 0, float(data["turn"]))
        if data["challenger"] >= 0:
            put(out, self.f_challenger, data["challenger"], 1.0)
        if data["defender"] >= 0:
            put(out, self.f_defender, data["defender"], 1.0)
        if data["outcome"] is not None:
            put(out, self.f_outcome, OUTCOME_NAMES.index(data["outcome"]) - 1, 1.0)
        if data["winner"] is not None:
            put(out, self.f_winner, WINNER_NAMES.index(data["winner"]) - 1, 1.0)
        for i in range(2):
            put(out, self.f_totals, i, float(data["totals"][i]))
            put(out, self.f_bonus, i, float(data["bonus"][i]))
        for cid in data["hand"]:
            bump(out, self.f_hand, slot(cards, cid, "card"))
        for cid in data["hostages"]:
            bump(out, self.f_hostages, slot(cards, cid, "card"))
        for name in data["leader_offers"]:
            put(out, self.f_offers, slot(chars, name, "character"), 1.0)
        for s, seat in enumerate(data["seats"]):
            put(out, self.f_house, slot(houses, seat["house"], "House"), 1.0, s)
            if seat["leader"] is not None:
                put(out, self.f_leader, slot(chars, seat["leader"], "character"), 1.0, s)
            for key, field in self.f_scalars:
                put(out, field, s, float(seat[key]))
            for name, power, alive in seat["characters"]:
                i = slot(chars, name, "character")
                put(out, self.f_char_power, i, float(power))
                put(out, self.f_char_alive, i, 1.0 if alive else 0.0)
            if seat["committed"] is not None:
                put(out, self.f_committed, slot(chars, seat["committed"], "character"), 1.0, s)
            put(out, self.f_side, seat["side"], 1.0, s)
            for cid in seat["discard"]:
                bump(out, self.f_discard, slot(cards, cid, "card"), row=s)
            for house in seat["hostage_houses"]:
                bump(out, self.f_hostage_houses, slot(houses, house, "House"), row=s)
            placed = seat["placed"]
            if isinstance(placed, str):
                put(out, self.f_placed, slot(cards, placed, "card"), 1.0, s)
            elif placed:
                put(out, self.f_facedown, s, 1.0)
            for key, field in self.f_flags:
                put(out, field, s, 1.0 if seat[key] else 0.0)
            for o, tokens in enumerate(seat["board"]):
                put(out, self.f_board, o, float(tokens), s)
        return out


__all__ = ["MAX_OPTIONS", "Encoding"]

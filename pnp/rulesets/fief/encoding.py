"""The observation encoding of a fief seat's view, and the bound on a decision's options.

:class:`Encoding` turns a :class:`~pnp.rulesets.fief.view.FiefView` into a
list of floats whose size depends only on the content and the player count.
``C`` is the number of card ids (Fortune, disaster and Court cards), ``N``
of Nobles, ``V`` of Villages, ``T`` of titles, ``U`` of unit kinds, ``R`` of
regions, ``H`` of Houses, ``Z`` of Noble zones, ``P`` the player count; seats
are absolute (row ``s`` is seat ``s``). The fields, in order:

- ``seat`` (P): one-hot, the seat whose view this is;
- ``phase`` (9): one-hot, ``setup`` then the phases of the round;
- ``round`` (1), ``season`` (1): the round number and the season's index;
- ``first_player`` (P): one-hot;
- ``house`` (P×H): one-hot, each seat's House;
- ``gold``, ``hand_size``, ``deck_size``, ``vp``, ``tax_markers``,
  ``diplomacy`` (P each): each seat's gold, cards in hand, Character deck
  size, victory points, tax markers and diplomacy markers;
- ``partner`` (P×P): one-hot, each seat's alliance partner;
- ``stock`` (P×U): each seat's units in its supply, per kind;
- ``hand`` (C): this seat's hand, copies per card id;
- ``fortune_size``, ``court_size`` (1 each): cards in the two draw decks;
- ``fortune_top_disaster`` (1): 1 when the Fortune deck's top card shows a
  disaster's back;
- ``fortune_discard``, ``court_discard`` (C each): the discard piles;
- ``controller`` (V×P): one-hot, each Village's controller;
- ``troops`` (V×P): units of each seat at each Village;
- ``stronghold``, ``mill``, ``sept``, ``maester`` (V each): buildings;
- ``noble_seat`` (N×P): one-hot, each Noble's player;
- ``noble_zone`` (N×Z): one-hot, where each Noble is (deck, board, captive …);
- ``noble_at`` (N×V): one-hot, each Noble's Village on the board;
- ``noble_titles``, ``noble_captive``, ``noble_outlaw``, ``noble_married``,
  ``noble_cursed`` (N each): titles held, and flags;
- ``title_holder`` (T×P): one-hot, the seat of each title's holder;
- ``disasters`` (R): disasters lying on each region.

:data:`MAX_OPTIONS` bounds a decision's options (the adapters' action space).
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.encoding import Layout, bump, indexer, put, slot
from pnp.rulesets.fief.catalog import catalog_for
from pnp.rulesets.fief.model import FiefContent
from pnp.rulesets.fief.state import PHASES
from pnp.rulesets.fief.view import FiefView

#: The most options one decision may offer, the adapters' action space. Most
#: decisions list Villages, Nobles or cards (39 Villages, tens of Nobles); the
#: robbed player's ``hide_gold`` lists every split of his gold, which no fixed
#: number bounds. Measured over 200 random and 40 heuristic games at each
#: player count the most is 41 (an ``outlaw`` choice at 6 players). The bound
#: leaves three times that room; the adapters refuse a decision with more
#: options (``ActionBoundError``).
MAX_OPTIONS = 128

#: where a Noble can be, in the order of the ``noble_zone`` field
ZONES = ("deck", "board", "captive", "dead", "out", "aside", "wall", "brothers", "seat")

SEASONS = ("summer", "autumn", "winter")


class Encoding:
    """The fixed-size encoding of a seat's view for ``content`` at ``players`` seats."""

    def __init__(self, content: LoadedContent[Any], players: int) -> None:
        model = content.model
        assert isinstance(model, FiefContent)
        cat = catalog_for(model)
        self.players = players
        self.cards = indexer(sorted(cat.cards))
        self.nobles = indexer(sorted(cat.nobles))
        self.villages = indexer(list(cat.map.ids))
        self.titles = indexer(sorted(cat.titles))
        self.units = indexer(list(cat.units))
        self.regions = indexer(list(cat.map.region_villages))
        self.houses = indexer(sorted(cat.houses))
        self.zones = indexer(ZONES)
        self.phases = indexer(PHASES)
        p, c, n, v = players, len(self.cards), len(self.nobles), len(self.villages)
        lay = self.layout = Layout()
        self.f_seat = lay.add("seat", p)
        self.f_phase = lay.add("phase", len(PHASES))
        self.f_round = lay.add("round", 1)
        self.f_season = lay.add("season", 1)
        self.f_first = lay.add("first_player", p)
        self.f_house = lay.add("house", len(self.houses), p)
        self.f_scalars = [
            (key, lay.add(key, p))
            for key in ("gold", "hand_size", "deck_size", "vp", "tax_markers", "diplomacy")
        ]
        self.f_partner = lay.add("partner", p, p)
        self.f_stock = lay.add("stock", len(self.units), p)
        self.f_hand = lay.add("hand", c)
        self.f_fortune_size = lay.add("fortune_size", 1)
        self.f_court_size = lay.add("court_size", 1)
        self.f_top = lay.add("fortune_top_disaster", 1)
        self.f_fortune_discard = lay.add("fortune_discard", c)
        self.f_court_discard = lay.add("court_discard", c)
        self.f_controller = lay.add("controller", p, v)
        self.f_troops = lay.add("troops", p, v)
        self.f_buildings = [
            (key, lay.add(key, v)) for key in ("stronghold", "mill", "sept", "maester")
        ]
        self.f_noble_seat = lay.add("noble_seat", p, n)
        self.f_noble_zone = lay.add("noble_zone", len(ZONES), n)
        self.f_noble_at = lay.add("noble_at", v, n)
        self.f_noble_flags = [
            (key, lay.add(key, n))
            for key in (
                "noble_titles",
                "noble_captive",
                "noble_outlaw",
                "noble_married",
                "noble_cursed",
            )
        ]
        self.f_title_holder = lay.add("title_holder", p, len(self.titles))
        self.f_disasters = lay.add("disasters", len(self.regions))

    @property
    def size(self) -> int:
        """The length of every encoded view."""
        return self.layout.size

    def encode(self, view: FiefView) -> list[float]:
        """``view`` as a list of :attr:`size` floats (see the module for the fields)."""
        data = view.data()
        out = self.layout.zeros()
        cards, villages = self.cards, self.villages
        put(out, self.f_seat, data["seat"], 1.0)
        put(out, self.f_phase, slot(self.phases, data["phase"], "phase"), 1.0)
        put(out, self.f_round, 0, float(data["round"]))
        put(out, self.f_season, 0, float(SEASONS.index(data["season"])))
        put(out, self.f_first, data["first_player"], 1.0)
        for s, seat in enumerate(data["seats"]):
            put(out, self.f_house, slot(self.houses, seat["house"], "House"), 1.0, s)
            put(out, self.f_scalars[0][1], s, float(seat["gold"]))
            put(out, self.f_scalars[1][1], s, float(len(seat["hand"])))
            put(out, self.f_scalars[2][1], s, float(len(seat["deck"])))
            for key, field in self.f_scalars[3:]:
                put(out, field, s, float(seat[key]))
            if seat["partner"] is not None:
                put(out, self.f_partner, seat["partner"], 1.0, s)
            for unit, count in seat["stock"].items():
                put(out, self.f_stock, slot(self.units, unit, "unit"), float(count), s)
        for cid in data["seats"][data["seat"]]["hand"]:
            bump(out, self.f_hand, slot(cards, cid, "card"))
        fortune, court = data["fortune"], data["court"]
        put(out, self.f_fortune_size, 0, float(len(fortune["deck"])))
        put(out, self.f_court_size, 0, float(len(court["deck"])))
        put(out, self.f_top, 0, 1.0 if fortune["top"] == "disaster" else 0.0)
        for cid in fortune["discard"]:
            bump(out, self.f_fortune_discard, slot(cards, cid, "card"))
        for cid in court["discard"]:
            bump(out, self.f_court_discard, slot(cards, cid, "card"))
        for vid, village in data["villages"].items():
            i = slot(villages, vid, "Village")
            if village["controller"] is not None:
                put(out, self.f_controller, village["controller"], 1.0, i)
            for s, units in village["units"].items():
                put(out, self.f_troops, int(s), float(sum(units.values())), i)
            for key, field in self.f_buildings:
                put(out, field, i, float(village[key]))
        for nid, noble in data["nobles"].items():
            j = slot(self.nobles, nid, "Noble")
            if noble["seat"] is not None and noble["seat"] >= 0:
                put(out, self.f_noble_seat, noble["seat"], 1.0, j)
            put(out, self.f_noble_zone, slot(self.zones, noble["zone"], "Noble zone"), 1.0, j)
            if noble["at"] is not None:
                put(out, self.f_noble_at, slot(villages, noble["at"], "Village"), 1.0, j)
            flags = (
                len(noble["titles"]),
                noble["captor"] is not None,
                noble["outlaw"],
                noble["spouse"] is not None,
                noble["cursed"],
            )
            for (_key, field), value in zip(self.f_noble_flags, flags, strict=True):
                put(out, field, j, float(value))
        holders = {nid: n["seat"] for nid, n in data["nobles"].items()}
        for tid, holder in data["titles"].items():
            seat_of = holders.get(holder) if holder is not None else None
            if seat_of is not None and seat_of >= 0:
                put(out, self.f_title_holder, seat_of, 1.0, slot(self.titles, tid, "title"))
        for region, lying in data["disasters"].items():
            put(out, self.f_disasters, slot(self.regions, region, "region"), float(len(lying)))
        return out


__all__ = ["MAX_OPTIONS", "ZONES", "Encoding"]

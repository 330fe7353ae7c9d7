"""The set-up phase: initial Nobles, then starting Villages in turn order.

Each House draws Court Event cards until a Lord or Lady card shows and starts
with the matching Noble; then, in turn order and Targaryen last, each player
picks his starting Village and places a Knight, three Men-at-Arms
(Targaryen: Unsullied), a Stronghold and his Noble, and takes 5 Gold Dragons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.flow import Flow
from pnp.engine.game import Option
from pnp.rulesets.fief.rules import fate
from pnp.rulesets.fief.rules.decide import ask
from pnp.rulesets.fief.state import Noble, Seat

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


def _initial_noble(g: FiefGame, seat: Seat) -> Noble:
    """Draw Court Events until a Lord or Lady card shows; take the matching Noble."""
    s = g.s
    cat = s.cat
    house = cat.houses[seat.house]
    want = None if house.initial.lord_card is not None else "lady"
    drawn: list[str] = []
    card = None
    while s.court:
        top = s.court.pop()
        word, sex = cat.cards[top][1], cat.cards[top][2]
        if word == "new_noble" and (want is None or sex == want):
            card = top
            break
        drawn.append(top)
    if drawn:  # the cards passed over go back and the deck is shuffled
        s.court += drawn
        g.rng.shuffle(s.court)
    if card is None:
        nid = house.initial.lady_card
    else:
        s.court_discard.append(card)
        sex = cat.cards[card][2]
        nid = (
            house.initial.lord_card
            if sex == "lord" and house.initial.lord_card
            else house.initial.lady_card
        )
        g.emit("initial_card", seat.index, card=card)
    return s.nobles[nid]


def setup_flow(g: FiefGame) -> Flow:
    """Initial Nobles, then starting Villages in turn order (Targaryen last)."""
    s = g.s
    cat = s.cat
    ids = cat.map.ids
    if s.nights_watch:
        # FF-SETUP-04: the castles stand (castle side up) and the Wall marker is on 0
        g.emit("wall_raised", None, castles=list(s.castles), marker=s.wall_marker)
    firsts: dict[int, Noble] = {}
    for i in s.order():
        seat = s.seats[i]
        noble = _initial_noble(g, seat)
        noble.zone = "aside"  # set aside until placed
        firsts[i] = noble
        deck = [n for n in seat.deck if n != noble.id]
        g.rng.shuffle(deck)
        seat.deck = deck
    order = s.order()
    late = [i for i in order if cat.ability(s.seats[i].house, "start_anywhere_coastal") is not None]
    order = [i for i in order if i not in late] + late
    for i in order:
        seat = s.seats[i]
        if seat.home is not None:
            spots = [v for v in cat.map.fief_villages[seat.home] if not s.present(v)]
        else:
            # a House with no home Fief picks one nobody holds yet (FF-SETUP-12); only
            # start_anywhere_coastal keeps it to the coast
            taken = {cat.map.fief_of[v] for v in range(len(ids)) if s.present(v)}
            coastal = i in late
            places = cat.map.coastal_villages() if coastal else range(len(ids))
            spots = [v for v in places if cat.map.fief_of[v] not in taken]
        v = yield from ask(i, "start_village", [Option(f"start at {ids[w]}", w) for w in spots])
        if seat.home is None:
            seat.home = cat.map.fief_of[v]
        place_start(g, seat, firsts[i], v)


def place_start(g: FiefGame, seat: Seat, noble: Noble, v: int) -> None:
    """Starting units, Stronghold, Noble and gold at ``v``."""
    s = g.s
    cat = s.cat
    for unit, count in cat.start_units(seat.house).items():
        u = cat.unit_index[unit]
        count = min(count, seat.stock[u])
        seat.stock[u] -= count
        s.add_units(v, seat.index, u, count)
    vil = s.villages[v]
    vil.stronghold = max(vil.stronghold, cat.rules.start.stronghold)
    if cat.ability(seat.house, "starting_maester") is not None:
        vil.maester = True
    s.place_noble(noble, v)
    title = cat.ability(seat.house, "starting_title")
    if title is not None:
        card = next((c for c in s.court if cat.cards[c][1] == "mother_of_dragons"), None)
        if card is not None:
            s.court.remove(card)
        if card is None:
            card = next(
                (c for c in s.court_discard if cat.cards[c][1] == "mother_of_dragons"), None
            )
            if card is not None:
                s.court_discard.remove(card)
        fate.assign(g, noble, title)
        if card is not None:
            s.title_cards[title] = card
    g.mint(seat.index, cat.rules.start.gold)
    g.emit("started", seat.index, house=seat.house, at=cat.map.ids[v], noble=noble.id)

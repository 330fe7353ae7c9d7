"""Starting a game: Houses, decks, the initial Noble, the First Player and starting Villages.

Set-up follows the rulebook: the Fortune deck (bounties and disasters) and
the Court Event deck are shuffled apart (Winter is Coming takes one Plague
out and sets the disaster copies by the season tracker); a random player is
First Player unless Targaryen plays; each House draws Court Event cards until
a Lord or Lady card shows and starts with the matching Noble; then, in turn
order and Targaryen last, each player picks his starting Village and places
a Knight, three Men-at-Arms (Targaryen: Unsullied), a Stronghold and his
Noble, and takes 5 Gold Dragons.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig, Option
from pnp.engine.rng import stream
from pnp.errors import UsageError, did_you_mean
from pnp.rulesets.fief import fate
from pnp.rulesets.fief.compiled import Catalog, catalog_for
from pnp.rulesets.fief.decide import Flow, ask
from pnp.rulesets.fief.state import FiefState, Noble, Seat

if TYPE_CHECKING:
    from pnp.rulesets.fief.rules import FiefGame

KNOWN_OPTIONS = ("tactics", "winter", "concession", "nights_watch")


def check_options(options: Mapping[str, Any]) -> dict[str, bool]:
    """The variant switches of a configuration (``tactics``, ``winter``, ``concession``,
    ``nights_watch``)."""
    out = {}
    for key, value in options.items():
        if key not in KNOWN_OPTIONS:
            raise UsageError(f"fief has no option {key!r} (known: {', '.join(KNOWN_OPTIONS)})")
        if not isinstance(value, bool):
            raise UsageError(f"fief option {key!r} must be true or false, got {value!r}")
        out[key] = value
    return out


def pick_houses(cat: Catalog, config: GameConfig, rng: random.Random) -> list[str]:
    """Each seat's House: the configured ones, the rest drawn from the seed."""
    players = config.players
    rules = cat.rules
    if not rules.min_players <= players <= rules.max_players:
        raise UsageError(
            f"fief is played by {rules.min_players}–{rules.max_players} players, not {players}"
        )
    watch_from = rules.nights_watch.min_players
    if config.options.get("nights_watch") and players < watch_from:
        # FF-NW-01: the expansion is played with five players or more
        raise UsageError(
            f"fief's nights_watch option needs at least {watch_from} players, not {players}"
        )
    wanted = list(config.factions or ())
    if len(wanted) > players:
        raise UsageError(f"{len(wanted)} Houses given for {players} players")
    wanted += [None] * (players - len(wanted))
    for house in wanted:
        if house is not None and house not in cat.houses:
            raise UsageError(
                f"unknown House {house!r} (known: {', '.join(cat.houses)})"
                + did_you_mean(house, cat.houses)
            )
    chosen = [h for h in wanted if h is not None]
    if len(set(chosen)) != len(chosen):
        raise UsageError("each House may be played by one player only")
    pool = [h for h in cat.houses if h not in chosen]
    rng.shuffle(pool)
    return [h if h is not None else pool.pop() for h in wanted]


def build_state(
    cat: Catalog, players: int, options: Mapping[str, Any], houses: list[str]
) -> FiefState:
    """An empty board with seats, Nobles (in their decks) and the printed buildings."""
    s = FiefState(cat, players, dict(options))
    for i, house in enumerate(houses):
        seat = Seat(i, house, cat.houses[house].home, cat.house_stock(house, s.tactics))
        seat.powers = cat.abilities.get(house, {})
        seat.tax_markers = cat.rules.start.tax_markers
        seat.diplomacy = cat.rules.start.diplomacy_markers
        s.seats.append(seat)
        for nid in cat.house_nobles[house]:
            s.nobles[nid] = Noble(cat.nobles[nid], i, "deck")
            s.enlist(s.nobles[nid], i)
        seat.deck = list(cat.house_nobles[house])
    for nid in cat.bannermen + cat.heirs:
        s.nobles[nid] = Noble(cat.nobles[nid], -1, "out")
    for v, village in enumerate(cat.content.villages):
        s.villages[v].stronghold = village.stronghold
        s.villages[v].sept = village.sept
    return s


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> FiefGame:
    """A fresh game set up from ``seed``."""
    from pnp.rulesets.fief.rules import FiefGame

    cat = catalog_for(content.model)
    rng = stream(seed, "game")
    return FiefGame(fresh_state(cat, config, rng), rng, "setup")


def fresh_state(
    cat: Catalog,
    config: GameConfig,
    rng: random.Random,
    *,
    first: int | None = None,
    court_top: Sequence[str] = (),
    fortune_top: Sequence[str] = (),
) -> FiefState:
    """The state before the first decision: Houses, shuffled decks, the First Player.

    ``first`` and the deck tops let a scenario fix what the seed would draw.
    """
    options = check_options(config.options)
    houses = pick_houses(cat, config, rng)
    s = build_state(cat, config.players, options, houses)
    s.fortune = list(cat.fortune_deck)
    if s.winter:
        plague = next(c for c in s.fortune if cat.cards[c][1] == "plague")
        s.fortune.remove(plague)
        s.removed.append(plague)
        s.copies_waiting = {k: list(v) for k, v in cat.season_copies.items()}
    rng.shuffle(s.fortune)
    s.court = list(cat.court_deck)
    rng.shuffle(s.court)
    for pile, top in ((s.fortune, fortune_top), (s.court, court_top)):
        for card in reversed(list(top)):
            pile.remove(card)
            pile.append(card)
    s.first = rng.randrange(config.players) if first is None else first
    for seat in s.seats:
        if cat.ability(seat.house, "starts_first") is not None:
            s.first = seat.index
    s.starting_player = s.first
    return s


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

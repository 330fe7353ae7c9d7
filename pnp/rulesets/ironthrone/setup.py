"""Starting games: a fresh seeded game, or a scenario's scripted position.

:func:`new_game` follows the rulebook's setup (IT-SETUP-01..07): Houses for
each seat, two leader sheets offered to each player, 4 power on every token
and sheet, shuffled decks and hands of five, the event deck of the Houses in
play plus the specials, a random first player. The compiled lookup tables
for a seating are cached, so thousands of games share them.

:func:`scenario_game` builds any position from a scenario's ``setup:``
mapping (see ``tests/scenarios/ironthrone/README.md``), with fixture cards
and characters that exist only in that scenario.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from pnp.content import ContentModel, LoadedContent
from pnp.content.model import Loc
from pnp.engine.errors import SetupError, validate_fixture_cards
from pnp.engine.game import Event, GameConfig
from pnp.engine.rng import shuffle, stream
from pnp.errors import did_you_mean
from pnp.rulesets.ironthrone.effects import WINDOWS, Ability, compile_ability
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.model import (
    Character,
    CharacterCard,
    Hostility,
    HouseEvent,
    IronThroneContent,
    SpecialEvent,
    Truce,
)
from pnp.rulesets.ironthrone.rules import Referee
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    CHALLENGER,
    CHARACTER,
    DEAD,
    DEFENDER,
    HOSTILITY,
    SIDE_NAMES,
    TRUCE,
    Tables,
)

# ---------------------------------------------------------------- tables


def _card_entries(card: Any) -> tuple[str, int, int, str | None, Ability | None]:
    if isinstance(card, Hostility):
        return card.id, HOSTILITY, card.value, None, None
    if isinstance(card, Truce):
        return card.id, TRUCE, 0, None, None
    return card.id, CHARACTER, 0, card.character, card.ability


def build_tables(
    model: IronThroneContent,
    houses: Sequence[str],
    characters: Sequence[Sequence[Character]],
    cards: Sequence[Sequence[Any]],
    events: Sequence[HouseEvent | SpecialEvent],
) -> Tables:
    """Lookup tables for one seating: characters, cards (one per physical copy), events.

    ``cards[seat]`` lists card models, one item per physical card.
    """
    char_id: list[str] = []
    char_name: list[str] = []
    char_seat: list[int] = []
    char_leader = []
    seat_chars: list[list[int]] = []
    number: dict[str, int] = {}
    for seat, chars in enumerate(characters):
        mine = []
        for ch in chars:
            number[ch.id] = len(char_id)
            mine.append(len(char_id))
            char_id.append(ch.id)
            char_name.append(ch.name)
            char_seat.append(seat)
            char_leader.append(
                compile_ability(ch.leader, ch.id, card=False) if ch.leader is not None else None
            )
        seat_chars.append(mine)
    compiled: dict[str, Any] = {}
    t = Tables(
        houses=tuple(houses),
        house_names=tuple(_house_name(model, h) for h in houses),
        card_id=[],
        card_kind=[],
        card_value=[],
        card_char=[],
        card_owner=[],
        card_ability=[],
        card_window=[],
        char_id=char_id,
        char_name=char_name,
        char_seat=char_seat,
        char_leader=char_leader,
        seat_chars=seat_chars,
        event_id=[],
        event_house=[],
        event_rule=[],
        rules=model.rules,
    )
    for seat, seat_cards in enumerate(cards):
        mine = []
        for card in seat_cards:
            cid, kind, value, char, ability = _card_entries(card)
            ab = None
            if ability is not None:
                ab = compiled.get(cid)
                if ab is None:
                    ab = compiled[cid] = compile_ability(ability, cid, card=True)
            mine.append(len(t.card_id))
            t.card_id.append(cid)
            t.card_kind.append(kind)
            t.card_value.append(value)
            c = number.get(char, -1) if char else -1
            t.card_char.append(c if c >= 0 and char_seat[c] == seat else -1)
            t.card_owner.append(seat)
            t.card_house.append(houses[seat])
            t.card_ability.append(ab)
            t.card_window.append(ab.window if ab is not None else -1)
        t.seat_cards.append(mine)
    chars = len(char_id)
    slots: list[list[int]] = [[] for _ in range(len(WINDOWS) * chars)]
    for c, w in enumerate(t.card_window):
        if w >= 0 and t.card_char[c] >= 0:
            slots[w * chars + t.card_char[c]].append(c)
    t.slot_cards = [tuple(cards) for cards in slots]
    t.slot_sets = [frozenset(cards) for cards in slots]
    copies: dict[str, list[int]] = {}
    for c, cid in enumerate(t.card_id):
        copies.setdefault(cid, []).append(c)
    t.id_cards = {cid: tuple(cs) for cid, cs in copies.items()}
    seat_of = {h: s for s, h in enumerate(houses)}
    for ev in events:
        t.event_id.append(ev.id)
        if isinstance(ev, HouseEvent):
            t.event_house.append(seat_of.get(ev.house, -1))
            t.event_rule.append("house")
        else:
            t.event_house.append(-1)
            t.event_rule.append(ev.defender)
    t.event_pool = list(range(len(t.event_id)))
    _seat_events_and_ranks(t)
    return t


def _seat_events_and_ranks(t: Tables) -> None:
    """Fill the tables that follow from the seating: the commonest events
    (they name seats), and the rank of each card id.

    Events come from ``t.seat_events``, keyed by everything they say (kind,
    seat, card …): the seatings of one content share that pool (see
    :func:`tables_for`), so a House's events exist once per seat it can take,
    not once per seating; thousands of games then keep far fewer objects for
    the garbage collector to walk.
    """
    known = t.seat_events

    def event(key: tuple[Any, ...], kind: str, seat: int, data: dict[str, Any]) -> Event:
        e = known.get(key)
        if e is None:
            e = known[key] = Event(kind, seat, data)
        return e

    t.committed_events = [None] * len(t.char_id)
    t.stayed_out_events = [
        event(("stayed_out", seat), "stayed_out", seat, {}) for seat in range(len(t.houses))
    ]
    t.support_events = tuple([[None] * len(t.char_id) for _ in SIDE_NAMES] for _ in range(3))
    for seat, chars in enumerate(t.seat_chars):
        for c in chars:
            cid = t.char_id[c]
            t.committed_events[c] = event(
                ("character_committed", seat, c), "character_committed", seat, {"character": cid}
            )
            for verb, events in zip(
                ("offered", "accepted", "declined"), t.support_events, strict=True
            ):
                for sd in (CHALLENGER, DEFENDER):
                    data = {"side": SIDE_NAMES[sd], "character": cid}
                    kind = f"support_{verb}"
                    events[sd][c] = event((kind, seat, sd, c), kind, seat, data)
    t.drawn_events = [None] * len(t.card_id)
    t.placed_events = ([None] * len(t.card_id), [None] * len(t.card_id))
    ranks: dict[str, int] = {}
    t.rank_id = []
    t.card_rank = [0] * len(t.card_id)
    for seat, cards in enumerate(t.seat_cards):
        for c in cards:
            cid = t.card_id[c]
            t.drawn_events[c] = event(("card_drawn", seat, c), "card_drawn", seat, {"card": cid})
            for faceup in (False, True):
                data = {"card": cid, "use": "placed", "faceup": faceup}
                t.placed_events[faceup][c] = event(
                    ("card_placed", seat, c, faceup), "card_played", seat, data
                )
            if cid not in ranks:
                ranks[cid] = len(t.rank_id)
                t.rank_id.append(cid)
            t.card_rank[c] = ranks[cid]


def _house_name(model: IronThroneContent, house_id: str) -> str:
    try:
        return model.house(house_id).name
    except KeyError:
        return house_id


def _expand(deck: Sequence[Any]) -> list[Any]:
    return [card for card in deck for _ in range(card.copies)]


#: content model -> (the model, its catalog); the model is kept to make the key's id safe
_CATALOGS: dict[int, tuple[IronThroneContent, Tables]] = {}
#: (content model, seating) -> tables
_TABLES: dict[tuple[int, tuple[str, ...]], tuple[IronThroneContent, Tables]] = {}


def catalog(model: IronThroneContent) -> Tables:
    """The tables of every House of the content, seated in content order (cached).

    Every new game numbers its cards, characters and events as here, so the
    caches keyed by those numbers serve every seating (see :class:`Tables`).
    """
    hit = _CATALOGS.get(id(model))
    if hit is not None and hit[0] is model:
        return hit[1]
    houses = [h.id for h in model.houses]
    t = build_tables(
        model,
        houses,
        [model.characters_of(h) for h in houses],
        [_expand(model.house(h).deck) for h in houses],
        [ev for ev in model.events for _ in range(ev.copies)],
    )
    if len(_CATALOGS) > 16:
        _CATALOGS.clear()
    _CATALOGS[id(model)] = (model, t)
    return t


def tables_for(model: IronThroneContent, houses: tuple[str, ...]) -> Tables:
    """The (cached) tables of the shipped components for a seating.

    They share the catalog's numbering, per-number tables and seat-free
    caches; owners, seats and what names them are the seating's own.
    """
    key = (id(model), houses)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is model:
        return hit[1]
    cat = catalog(model)
    home = [cat.houses.index(h) for h in houses]  # each seat's House in the catalog
    seat_at = [-1] * len(cat.houses)
    for seat, h in enumerate(home):
        seat_at[h] = seat
    t = replace(
        cat,
        houses=tuple(houses),
        house_names=tuple(cat.house_names[h] for h in home),
        card_owner=[seat_at[h] for h in cat.card_owner],
        char_seat=[seat_at[h] for h in cat.char_seat],
        seat_chars=[cat.seat_chars[h] for h in home],
        seat_cards=[cat.seat_cards[h] for h in home],
        event_house=[seat_at[h] if h >= 0 else -1 for h in cat.event_house],
        event_pool=[
            e
            for e in cat.event_pool
            if cat.event_rule[e] != "house"
            or (cat.event_house[e] >= 0 and seat_at[cat.event_house[e]] >= 0)
        ],
        seat_options={},
        seat_choices={},
    )
    _seat_events_and_ranks(t)
    if len(_TABLES) > 512:
        _TABLES.clear()
    _TABLES[key] = (model, t)
    return t


# ---------------------------------------------------------------- new games


def choose_houses(model: IronThroneContent, config: GameConfig, rng: random.Random) -> list[str]:
    """Each seat's House: as configured, the rest drawn at random (never shared, IT-COMP-01)."""
    known = [h.id for h in model.houses]
    wanted = list(config.factions or ()) + [None] * config.players
    wanted = wanted[: config.players]
    if config.factions is not None and len(config.factions) > config.players:
        raise SetupError(f"{len(config.factions)} Houses given for {config.players} players")
    problems: list[tuple[Loc, str]] = []
    # located as 'houses[i]': the key a game record (and --houses) gives them under
    for i, h in enumerate(wanted):
        if h is not None and h not in known:
            known_text = ", ".join(known)
            problems.append(
                (
                    ("houses", i),
                    f"unknown House {h!r} (known: {known_text})" + did_you_mean(h, known),
                )
            )
        elif h is not None and wanted.index(h) != i:
            problems.append((("houses", i), f"House {h!r} is taken twice (one House each)"))
    if problems:
        raise SetupError(problems=problems)
    free = [h for h in known if h not in wanted]
    shuffle(rng, free)
    return [h if h is not None else free.pop() for h in wanted]


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> IronThroneGame:
    """A fresh game set up by the rulebook from ``seed`` (IT-SETUP-01..07)."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    if config.players not in (3, 4, 5):
        raise SetupError(f"The Iron Throne is played by 3 to 5 players, not {config.players}")
    if config.options:
        unknown = ", ".join(sorted(map(str, config.options)))
        raise SetupError(f"The Iron Throne has no options or variants (got: {unknown})")
    rng = stream(seed, "game")
    houses = tuple(choose_houses(model, config, rng))
    t = tables_for(model, houses)
    n = len(houses)
    ref = Referee(t, n, rng)
    r = model.rules
    ref.power_total = r.power_markers
    ref.supply = r.power_markers
    offers = []
    for seat in range(n):
        count = len(ref.t.seat_chars[seat])
        ref.deck[seat] = list(t.seat_cards[seat])
        ref.card_total[seat] = len(ref.deck[seat])
        ref.sheet[seat] = r.leader_power
        ref.supply -= r.leader_power
        ref.left[seat] = r.influence_tokens
        offers.append(rng.sample(t.seat_chars[seat], min(r.leader_choices, count)))
    ref.leader_offers = offers
    ref.event_deck = list(t.event_pool)
    shuffle(rng, ref.event_deck)
    ref.first = ref.challenger = rng.randrange(n)
    return IronThroneGame(ref, "leaders")


# ---------------------------------------------------------------- scenarios


class FixtureHostility(Hostility):
    """A scenario-only hostility card."""

    house: str
    name: str = "Fixture hostility"


class FixtureTruce(Truce):
    """A scenario-only truce card."""

    house: str
    name: str = "Fixture truce"


class FixtureCharacterCard(CharacterCard):
    """A scenario-only character card."""

    house: str


class FixtureLeader(Character):
    """A scenario-only character with its leader sheet (``type: leader``)."""

    type: Literal["leader"]
    epithet: str = "Fixture"
    leader: Ability | None = None  # type: ignore[assignment]  # a plain leader has none


FixtureCard = Annotated[
    FixtureHostility
    | FixtureTruce
    | FixtureCharacterCard
    | FixtureLeader
    | HouseEvent
    | SpecialEvent,
    Field(discriminator="type"),
]

Side = Literal["challenger", "defender"]


class SeatSetup(ContentModel):
    """One seat of a scenario position."""

    house: str
    leader: str | None = None
    leader_offers: list[str] | None = None
    characters: dict[str, int] | None = None
    sheet: int | None = Field(default=None, ge=0)
    hand: list[str] | None = None
    deck: list[str] | None = None
    discard: list[str] | None = None
    hostages: list[str] = []
    influence: dict[str, int] = {}
    character: str | None = None
    supports: Side | None = None


class ScenarioSetup(ContentModel):
    """A scenario's ``setup:`` mapping."""

    players: int | None = None
    start: Literal["leaders", "turn", "support", "encounter"] = "turn"
    first_player: int | Literal["random"] = 0
    challenger: int | None = Field(default=None, ge=0)
    defender: int | None = Field(default=None, ge=0)
    turn: int = Field(default=1, ge=1)
    turns: int | None = Field(default=None, ge=1)
    box: int = Field(default=0, ge=0)
    event_deck: list[str] | None = None
    event_discard: list[str] = []
    seats: list[SeatSetup] = Field(min_length=3, max_length=5)


def _validate(model: Any, raw: Any, where: Loc) -> Any:
    from pydantic import TypeAdapter

    try:
        return TypeAdapter(model).validate_python(raw)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            path = [p for p in err["loc"] if not (isinstance(p, str) and "[" in p)]
            if path and isinstance(raw, Mapping) and path[0] not in raw and len(path) > 1:
                path = path[1:]  # a union tag
            message = err["msg"]
            if err["type"] == "extra_forbidden":
                message = "unknown field"
            elif err["type"] == "missing":
                message = "required field is missing"
            problems.append(((*where, *path), message))
        raise SetupError(problems=problems) from None


def scenario_game(
    content: LoadedContent,
    setup: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    seed: int,
) -> IronThroneGame:
    """A game at the position a scenario describes."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    spec: ScenarioSetup = _validate(ScenarioSetup, setup, ("setup",))
    fixtures = validate_fixture_cards(FixtureCard, cards)
    return _Builder(model, spec, fixtures, seed).build()


class _Builder:
    """Turns a validated scenario setup into a referee at that position."""

    def __init__(
        self, model: IronThroneContent, spec: ScenarioSetup, fixtures: list[Any], seed: int
    ) -> None:
        self.model = model
        self.spec = spec
        self.rng = stream(seed, "game")
        self.problems: list[tuple[Loc, str]] = []
        self.card_models: dict[str, tuple[str, Any]] = {}  # id -> (house, model)
        for house in model.houses:
            for card in house.deck:
                self.card_models[card.id] = (house.id, card)
        self.char_models: dict[str, Character] = {c.id: c for c in model.characters}
        self.events: dict[str, HouseEvent | SpecialEvent] = {e.id: e for e in model.events}
        for f in fixtures:
            if isinstance(f, FixtureLeader):
                self.char_models[f.id] = f
            elif isinstance(f, HouseEvent | SpecialEvent):
                self.events[f.id] = f
            else:
                self.card_models[f.id] = (f.house, f)

    def fail(self, loc: Loc, message: str) -> None:
        self.problems.append((("setup", *loc), message))

    def build(self) -> IronThroneGame:
        spec = self.spec
        model = self.model
        rules = model.rules
        n = spec.players or len(spec.seats)
        if n != len(spec.seats):
            self.fail(("players",), f"{n} players but {len(spec.seats)} seats are described")
        houses = [s.house for s in spec.seats]
        known = {h.id for h in model.houses} | {h for h, _ in self.card_models.values()}
        for i, h in enumerate(houses):
            if h not in known:
                self.fail(("seats", i, "house"), f"unknown House {h!r}")
            elif houses.index(h) != i:
                self.fail(("seats", i, "house"), f"House {h!r} is taken twice")
        self.check()
        # characters of each seat: the leader plus the listed tokens
        chars: list[list[Character]] = []
        for i, seat in enumerate(spec.seats):
            ids: list[str] = []
            if seat.leader is not None:
                ids.append(seat.leader)
            if seat.characters is not None:
                ids += [c for c in seat.characters if c not in ids]
            else:
                others = [
                    c.id for c in model.characters if c.house == seat.house and c.id not in ids
                ]
                if seat.leader is not None:  # four tokens beside the leader, as in a real game
                    others = others[: model.rules.characters_per_house - 1]
                ids += others
            if seat.leader_offers:
                ids += [c for c in seat.leader_offers if c not in ids]
            found = []
            for cid in ids:
                ch = self.char_models.get(cid)
                if ch is None:
                    self.fail(("seats", i, "characters"), f"unknown character {cid!r}")
                elif ch.house != seat.house:
                    self.fail(("seats", i, "characters"), f"{cid!r} belongs to House {ch.house!r}")
                else:
                    found.append(ch)
            chars.append(found)
        # cards of each seat's House, wherever they are
        zones: list[dict[str, list[str]]] = [{} for _ in spec.seats]
        cards: list[list[Any]] = [[] for _ in spec.seats]
        seat_of = {h: s for s, h in enumerate(houses)}
        explicit = [any(z is not None for z in (s.hand, s.deck, s.discard)) for s in spec.seats]
        for i, seat in enumerate(spec.seats):
            for zone in ("hand", "deck", "discard", "hostages"):
                listed = getattr(seat, zone)
                if listed is None:
                    continue
                for j, cid in enumerate(listed):
                    found = self.card_models.get(cid)
                    if found is None:
                        self.fail(("seats", i, zone, j), f"unknown card {cid!r}")
                        continue
                    owner_house, card = found
                    owner = seat_of.get(owner_house)
                    if zone == "hostages":
                        if owner is None or owner == i:
                            self.fail(
                                ("seats", i, zone, j),
                                f"a hostage must belong to another House in play, not "
                                f"{owner_house!r}",
                            )
                            continue
                    elif owner != i:
                        self.fail(("seats", i, zone, j), f"{cid!r} is a card of {owner_house!r}")
                        continue
                    zones[i].setdefault(zone, []).append(cid)
                    if explicit[owner]:
                        cards[owner].append(card)
        for i, seat in enumerate(spec.seats):
            if not explicit[i]:
                deck = [c for h in model.houses if h.id == seat.house for c in _expand(h.deck)]
                cards[i].extend(deck)
        self.check()
        event_ids = spec.event_deck
        if event_ids is None:
            event_ids = [
                e.id
                for e in model.events
                if not isinstance(e, HouseEvent) or e.house in houses
                for _ in range(e.copies)
            ]
        all_events = []
        for where, ids in (("event_deck", event_ids), ("event_discard", spec.event_discard)):
            for j, eid in enumerate(ids):
                ev = self.events.get(eid)
                if ev is None:
                    self.fail((where, j), f"unknown event {eid!r}")
                else:
                    all_events.append(ev)
        self.check()
        t = build_tables(model, houses, chars, cards, all_events)
        ref = Referee(t, n, self.rng)
        self.place_cards(ref, spec, zones, explicit, cards)
        self.place_power(ref, spec, rules)
        ndeck = len(event_ids)
        ref.event_deck = list(reversed(range(ndeck)))  # top first in the file
        if spec.event_deck is None:
            self.rng.shuffle(ref.event_deck)
        ref.event_discard = list(range(ndeck, len(all_events)))
        first = spec.first_player
        ref.first = self.rng.randrange(n) if first == "random" else first
        ref.challenger = spec.challenger if spec.challenger is not None else ref.first
        ref.turn = spec.turn - 1 if spec.start in ("leaders", "turn") else spec.turn
        if spec.turns is not None:
            ref.turn_limit = ref.turn + spec.turns - (0 if spec.start in ("leaders", "turn") else 1)
        for key in ("first_player", "challenger", "defender"):
            v = getattr(spec, key)
            if isinstance(v, int) and not 0 <= v < n:
                self.fail((key,), f"seat {v} does not exist (seats 0–{n - 1})")
        self.check()
        start = spec.start
        if start == "leaders":
            ref.leader_offers = self.leader_offers(ref, spec)
        else:
            for i, seat in enumerate(spec.seats):
                if seat.leader is None:
                    self.fail(("seats", i, "leader"), "required unless starting at leaders")
            self.check()
            for i, seat in enumerate(spec.seats):
                self.set_leader(ref, i, seat)
        if start in ("support", "encounter"):
            self.set_encounter(ref, spec, start)
        self.check()
        if ref.supply < 0:
            self.fail(
                ("seats",),
                f"the position uses {rules.power_markers - ref.supply} power markers; "
                f"the game has {rules.power_markers}",
            )
        self.check()
        return IronThroneGame(ref, start)

    def check(self) -> None:
        if self.problems:
            raise SetupError(problems=self.problems)

    def place_cards(
        self,
        ref: Referee,
        spec: ScenarioSetup,
        zones: list[dict[str, list[str]]],
        explicit: list[bool],
        cards: list[list[Any]],
    ) -> None:
        t = ref.t
        free: dict[tuple[int, str], list[int]] = {}
        for c, cid in enumerate(t.card_id):
            free.setdefault((t.card_owner[c], cid), []).append(c)

        def take(owner: int, cid: str) -> int:
            pool = free.get((owner, cid))
            if not pool:
                self.fail(("seats",), f"more copies of {cid!r} are placed than the deck holds")
                self.check()
            return pool.pop(0)

        seat_of = {h: s for s, h in enumerate(t.houses)}
        for i in range(ref.n):
            ref.card_total[i] = len(cards[i])
            for zone in ("hand", "deck", "discard", "hostages"):
                for cid in zones[i].get(zone, []):
                    owner = seat_of[self.card_models[cid][0]]
                    c = take(owner, cid)
                    if zone == "hand":
                        ref.hand[i].append(c)
                    elif zone == "deck":
                        ref.deck[i].insert(0, c)  # top first in the file
                    elif zone == "discard":
                        ref.discard[i].append(c)
                    else:
                        ref.held[i].append(c)
        # seats with no zones given get the shipped deck, shuffled; they are dealt
        # a hand now, or by the leader step when the scenario starts there
        ref.deal_after_leaders = spec.start == "leaders" and not any(explicit)
        for i in range(ref.n):
            if not explicit[i]:
                held = {c for zone in ref.held for c in zone}
                rest = [c for c in range(len(t.card_id)) if t.card_owner[c] == i and c not in held]
                self.rng.shuffle(rest)
                ref.deck[i] = rest
                if not ref.deal_after_leaders:
                    for _ in range(min(t.rules.hand_size, len(rest))):
                        ref.hand[i].append(ref.deck[i].pop())

    def place_power(self, ref: Referee, spec: ScenarioSetup, rules: Any) -> None:
        ref.power_total = rules.power_markers
        ref.supply = rules.power_markers - spec.box
        ref.box = spec.box
        houses = list(ref.t.houses)
        for i, seat in enumerate(spec.seats):
            ref.sheet[i] = rules.leader_power if seat.sheet is None else seat.sheet
            ref.supply -= ref.sheet[i]
            given = sum(seat.influence.values())
            ref.left[i] = rules.influence_tokens - given
            if ref.left[i] < 0:
                self.fail(
                    ("seats", i, "influence"),
                    f"{given} tokens spread, but a House has {rules.influence_tokens}",
                )
            for h, k in seat.influence.items():
                if h not in houses or houses.index(h) == i:
                    self.fail(("seats", i, "influence", h), f"no other House {h!r} in play")
                else:
                    ref.on_board[houses.index(h)][i] += k

    def set_leader(self, ref: Referee, i: int, seat: SeatSetup) -> None:
        t = ref.t
        number = {t.char_id[c]: c for c in t.seat_chars[i]}
        leader = number.get(seat.leader or "", -1)
        if leader < 0:
            return
        rules = self.model.rules
        ref.leader[i] = leader
        ab = t.char_leader[leader]
        ref.leader_ab[i] = ab
        ref.leader_window[i] = ab.window if ab is not None else -1
        for c in t.seat_chars[i]:
            if c == leader:
                continue
            cid = t.char_id[c]
            p = rules.character_power if seat.characters is None else seat.characters.get(cid, 0)
            if p < 0:
                self.fail(("seats", i, "characters", cid), "power cannot be negative")
                continue
            ref.power[c] = p
            ref.status[c] = ALIVE if p > 0 else DEAD
            ref.supply -= p

    def leader_offers(self, ref: Referee, spec: ScenarioSetup) -> list[list[int]]:
        t = ref.t
        out = []
        for i, seat in enumerate(spec.seats):
            number = {t.char_id[c]: c for c in t.seat_chars[i]}
            if seat.leader_offers:
                out.append([number[c] for c in seat.leader_offers if c in number])
            else:
                k = min(t.rules.leader_choices, len(t.seat_chars[i]))
                out.append(self.rng.sample(t.seat_chars[i], k))
        return out

    def set_encounter(self, ref: Referee, spec: ScenarioSetup, start: str) -> None:
        ch = ref.challenger
        de = spec.defender
        if de is None or de == ch or de >= ref.n:
            self.fail(("defender",), "a scenario starting at support or encounter needs a defender")
            return
        ref.defender = de
        ref.side[ch] = CHALLENGER
        ref.side[de] = DEFENDER
        t = ref.t
        for i, seat in enumerate(spec.seats):
            active = i in (ch, de)
            if seat.supports is not None:
                if active:
                    self.fail(("seats", i, "supports"), "an active player does not support")
                    continue
                if start != "encounter":
                    self.fail(("seats", i, "supports"), "supporters are set only at encounter")
                    continue
                ref.side[i] = CHALLENGER if seat.supports == "challenger" else DEFENDER
                ref.offered[i] = True
            if seat.character is None:
                if active or seat.supports is not None:
                    self.fail(("seats", i, "character"), "name the participating character")
                continue
            number = {t.char_id[c]: c for c in t.seat_chars[i]}
            c = number.get(seat.character, -1)
            if c < 0 or ref.status[c] != ALIVE:
                self.fail(("seats", i, "character"), f"{seat.character!r} is no living token here")
                continue
            ref.committed[i] = c


__all__ = ["build_tables", "new_game", "scenario_game", "tables_for"]

"""Scenario positions: a game set up from a scenario's ``setup:`` mapping.

:func:`scenario_game` builds any position from a scenario's ``setup:``
mapping (see ``tests/scenarios/ironthrone/README.md``), with fixture cards
and characters that exist only in that scenario. The game opens with a
``scenario_start`` decision (one option, ``begin``, for the first player), so
every event of the position — the turn start, the event card, the preparation
draws — happens inside the script and can be expected. Fresh seeded games
come from :mod:`pnp.rulesets.ironthrone.setup`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field

from pnp.content import LoadedContent
from pnp.content.model import Loc
from pnp.engine.rng import stream
from pnp.engine.scenario_setup import (
    Problems,
    ScenarioSetup,
    SeatSetup,
    check_fixture_ids,
    validate_fixture_cards,
    validate_setup,
)
from pnp.rulesets.ironthrone.effects import Ability
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
from pnp.rulesets.ironthrone.setup import build_tables, draw_first_player, physical_cards
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    CHALLENGER,
    DEAD,
    DEFENDER,
)


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


class IronThroneSeat(SeatSetup):
    """One seat of a scenario position."""

    leader: str | None = None
    leader_offers: list[str] | None = None
    characters: dict[str, int] | None = None
    sheet: int | None = Field(default=None, ge=0)
    hand: list[str] | None = None
    discard: list[str] | None = None
    hostages: list[str] = []
    influence: dict[str, int] = {}
    character: str | None = None
    supports: Side | None = None


class IronThroneSetup(ScenarioSetup[IronThroneSeat]):
    """A scenario's ``setup:`` mapping."""

    start: Literal["leaders", "turn", "support", "encounter"] = "turn"
    first_player: int | Literal["random"] = 0
    challenger: int | None = Field(default=None, ge=0)
    defender: int | None = Field(default=None, ge=0)
    turn: int = Field(default=1, ge=1)
    turns: int | None = Field(default=None, ge=1)
    box: int = Field(default=0, ge=0)
    event_deck: list[str] | None = None
    event_discard: list[str] = []
    seats: list[IronThroneSeat] = Field(min_length=3, max_length=5)


def scenario_game(
    content: LoadedContent,
    setup: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    seed: int,
) -> IronThroneGame:
    """A game at the position a scenario describes."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    spec: IronThroneSetup = validate_setup(IronThroneSetup, setup)
    fixtures = validate_fixture_cards(FixtureCard, cards)
    content_ids = {c.id for h in model.houses for c in h.deck}
    content_ids |= {c.id for c in model.characters} | {e.id for e in model.events}
    check_fixture_ids([f.id for f in fixtures], content_ids)
    return _Builder(model, spec, fixtures, seed).build()


class _Builder:
    """Turns a validated scenario setup into a referee at that position."""

    def __init__(
        self, model: IronThroneContent, spec: IronThroneSetup, fixtures: list[Any], seed: int
    ) -> None:
        self.model = model
        self.spec = spec
        self.rng = stream(seed, "game")
        self.problems = Problems()
        self.card_models: dict[str, tuple[str, Any]] = {}  # id -> (house, model)
        for house in model.houses:
            for card in house.deck:
                self.card_models[card.id] = (house.id, card)
        self.char_models: dict[str, Character] = {c.id: c for c in model.characters}
        self.events: dict[str, HouseEvent | SpecialEvent] = {e.id: e for e in model.events}
        #: the scenario's own cards: they have no printed deck, so any number may be listed
        self.fixture_ids = {f.id for f in fixtures}
        for f in fixtures:
            if isinstance(f, FixtureLeader):
                self.char_models[f.id] = f
            elif isinstance(f, HouseEvent | SpecialEvent):
                self.events[f.id] = f
            else:
                self.card_models[f.id] = (f.house, f)

    def fail(self, loc: Loc, message: str) -> None:
        self.problems.add(loc, message)

    def build(self) -> IronThroneGame:
        spec = self.spec
        model = self.model
        rules = model.rules
        n = spec.player_count
        if n != len(spec.seats):
            self.fail(("players",), f"{n} players but {len(spec.seats)} seats are described")
        houses = [s.house for s in spec.seats]
        known = {h.id for h in model.houses} | {h for h, _ in self.card_models.values()}
        for i, h in enumerate(houses):
            if h not in known:
                self.fail(("seats", i, "house"), f"unknown House {h!r}")
            elif houses.index(h) != i:
                self.fail(("seats", i, "house"), f"House {h!r} is taken twice")
        # what needs nothing built is checked with the first problems, not in a later run
        for key in ("first_player", "challenger", "defender"):
            v = getattr(spec, key)
            if isinstance(v, int) and not 0 <= v < n:
                self.fail((key,), f"seat {v} does not exist (seats 0–{n - 1})")
        if spec.start != "leaders":
            for i, seat in enumerate(spec.seats):
                if seat.leader is None:
                    self.fail(("seats", i, "leader"), "required unless starting at leaders")
        self.check()
        # characters of each seat: the leader plus the listed tokens
        chars: list[list[Character]] = []
        for i, seat in enumerate(spec.seats):
            ids: list[str] = []
            # where each id was written, so a wrong one is reported at its own field
            fields: dict[str, tuple[str | int, ...]] = {}
            if seat.leader is not None:
                ids.append(seat.leader)
                fields[seat.leader] = ("seats", i, "leader")
            if seat.characters is not None:
                for c in seat.characters:
                    if c == seat.leader:
                        # the leader's power lies on his sheet, not on a token
                        self.fail(
                            ("seats", i, "characters", c),
                            f"{c!r} is this seat's leader, not a token: leave it out of "
                            "characters (the leader's power is its sheet:)",
                        )
                    fields.setdefault(c, ("seats", i, "characters", c))
                ids += [c for c in seat.characters if c not in ids]
            else:
                others = [
                    c.id for c in model.characters if c.house == seat.house and c.id not in ids
                ]
                if seat.leader is not None:  # four tokens beside the leader, as in a real game
                    others = others[: model.rules.characters_per_house - 1]
                ids += others
            if seat.leader_offers:
                for j, c in enumerate(seat.leader_offers):
                    fields.setdefault(c, ("seats", i, "leader_offers", j))
                ids += [c for c in seat.leader_offers if c not in ids]
            found = []
            for cid in ids:
                ch = self.char_models.get(cid)
                at = fields.get(cid, ("seats", i, "characters"))
                if ch is None:
                    self.fail(at, f"unknown character {cid!r}")
                elif ch.house != seat.house:
                    self.fail(at, f"{cid!r} belongs to House {ch.house!r}")
                else:
                    found.append(ch)
            chars.append(found)
        # cards of each seat's House, wherever they are
        zones: list[dict[str, list[str]]] = [{} for _ in spec.seats]
        cards: list[list[Any]] = [[] for _ in spec.seats]
        seat_of = {h: s for s, h in enumerate(houses)}
        explicit = [any(z is not None for z in (s.hand, s.deck, s.discard)) for s in spec.seats]
        # a content card is placed at most as often as its House's deck holds it (its
        # copies); a fixture card is in the game as often as the scenario lists it
        placed: dict[str, int] = {}
        for i, seat in enumerate(spec.seats):
            for zone in ("hand", "deck", "discard", "hostages"):
                listed = getattr(seat, zone)
                if listed is None:
                    continue
                for j, cid in enumerate(listed):
                    entry = self.card_models.get(cid)
                    if entry is None:
                        self.fail(("seats", i, zone, j), f"unknown card {cid!r}")
                        continue
                    owner_house, card = entry
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
                    placed[cid] = placed.get(cid, 0) + 1
                    if placed[cid] > card.copies and cid not in self.fixture_ids:
                        self.fail(
                            ("seats", i, zone, j),
                            f"{cid!r} is placed {placed[cid]} times, but the deck of House "
                            f"{owner_house!r} holds {card.copies} "
                            f"cop{'y' if card.copies == 1 else 'ies'}",
                        )
                        continue
                    zones[i].setdefault(zone, []).append(cid)
                    if explicit[owner]:
                        cards[owner].append(card)
        for i, seat in enumerate(spec.seats):
            if not explicit[i]:
                deck = [
                    c for h in model.houses if h.id == seat.house for c in physical_cards(h.deck)
                ]
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
        events_listed: dict[str, int] = {}  # as with House cards: no more copies than printed
        for where, ids in (("event_deck", event_ids), ("event_discard", spec.event_discard)):
            for j, eid in enumerate(ids):
                ev = self.events.get(eid)
                if ev is None:
                    self.fail((where, j), f"unknown event {eid!r}")
                    continue
                events_listed[eid] = events_listed.get(eid, 0) + 1
                if events_listed[eid] > ev.copies and eid not in self.fixture_ids:
                    self.fail(
                        (where, j),
                        f"{eid!r} is listed {events_listed[eid]} times, but the game has "
                        f"{ev.copies} cop{'y' if ev.copies == 1 else 'ies'}",
                    )
                    continue
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
        ref.first = draw_first_player(self.rng, n) if first == "random" else first
        ref.challenger = spec.challenger if spec.challenger is not None else ref.first
        ref.turn = spec.turn - 1 if spec.start in ("leaders", "turn") else spec.turn
        if spec.turns is not None:
            ref.turn_limit = ref.turn + spec.turns - (0 if spec.start in ("leaders", "turn") else 1)
        start = spec.start
        if start == "leaders":
            ref.leader_offers = self.leader_offers(ref, spec)
        else:
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
        return IronThroneGame(ref, start, pause=True)

    def check(self) -> None:
        self.problems.check()

    def place_cards(
        self,
        ref: Referee,
        spec: IronThroneSetup,
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
                raise AssertionError("unreachable: check() raises the problem just added")
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

    def place_power(self, ref: Referee, spec: IronThroneSetup, rules: Any) -> None:
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

    def set_leader(self, ref: Referee, i: int, seat: IronThroneSeat) -> None:
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

    def leader_offers(self, ref: Referee, spec: IronThroneSetup) -> list[list[int]]:
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

    def set_encounter(self, ref: Referee, spec: IronThroneSetup, start: str) -> None:
        ch = ref.challenger
        de = spec.defender
        if de is None:
            self.fail(("defender",), "a scenario starting at support or encounter needs a defender")
            return
        if de == ch or de >= ref.n:
            self.fail(
                ("defender",),
                f"seat {de} cannot defend: the defender is a seat of 0–{ref.n - 1} other than "
                f"the challenger (seat {ch})",
            )
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


__all__ = ["scenario_game"]

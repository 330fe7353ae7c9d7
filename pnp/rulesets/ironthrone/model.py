"""The Iron Throne content schema and its format checks.

A content folder holds (any file split works, see ``content/README.md``):

- ``rules:`` the numbers of the game (hand size, starting power, the house
  deck breakdown …), rulebook values by default, so a designer can tune them;
- ``houses:`` each House with its colours, influence board and 25-card deck;
- ``characters:`` five per House, each with a leader sheet ability;
- ``events:`` the event deck (three per House plus the specials);
- ``decisions:`` how this kit settles what the rulebook leaves open, printed
  on the reference sheet.

:meth:`IronThroneContent.cross_check` enforces the deck breakdown (4 truce,
2 cards per character, hostility values 1–8, 10, 12, 20), the counts of
characters and events per House, and the fit of every ability's words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from pnp.content import ArtFit, ArtPath, ContentModel, Id, LoadedContent, Ref, Slug
from pnp.content.model import Loc
from pnp.content.placeholders import placeholder_problems
from pnp.rulesets.ironthrone.effects import Ability, check_ability
from pnp.rulesets.ironthrone.sigils import SIGILS

HexColor = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
Text = Annotated[str, StringConstraints(min_length=1)]

#: Player counts the referee supports.
PLAYER_COUNTS = (3, 4, 5)


class DeckRules(ContentModel):
    """What every house deck holds."""

    truce: int = Field(ge=0)
    character_copies: int = Field(ge=0)
    hostility_values: list[int] = Field(min_length=1)


class DefenderReward(ContentModel):
    """What each player on a winning defender's side receives."""

    draw: int = Field(ge=0)
    distribute: int = Field(ge=0)


class TruceTerms(ContentModel):
    """The most each active player may bargain for in a truce."""

    influence: int = Field(ge=0, le=1)
    hostages: int = Field(ge=0)
    power: int = Field(ge=0)

    @model_validator(mode="after")
    def _something_to_bargain_for(self) -> TruceTerms:
        # a truce whose terms are all 0 leaves nothing to bargain for, so every both-truce
        # encounter would end with both sides losing (and the cards could print no terms)
        if not (self.influence or self.hostages or self.power):
            raise ValueError(
                "a truce bargains for something: give influence, hostages or power above 0"
            )
        return self


class Torment(ContentModel):
    """Power moved when a hostage is tormented, by the kind of card."""

    leader: int = Field(ge=0)
    character: int = Field(ge=0)
    other: int = Field(ge=0)


class Rules(ContentModel):
    """The numbers of the game; the shipped values are the rulebook's."""

    hand_size: int = Field(ge=1)
    leader_choices: int = Field(ge=1)
    characters_per_house: int = Field(ge=2)
    character_power: int = Field(ge=1)
    leader_power: int = Field(ge=0)
    power_markers: int = Field(ge=1)
    influence_tokens: int = Field(ge=1)
    events_per_house: int = Field(ge=1)
    special_events: int = Field(ge=0)
    preparation_draw: int = Field(ge=0)
    preparation_distribute: int = Field(ge=0)
    defender_reward: DefenderReward
    truce: TruceTerms
    torment: Torment
    release_draw: int = Field(ge=0)
    deck: DeckRules
    #: how many of each encounter marker the kit prints (a reminder of an effect that
    #: lasts the encounter and leaves no card behind); the kinds come from the abilities
    encounter_markers: int = Field(default=3, ge=0)

    @property
    def house_deck_size(self) -> int:
        """The cards of one house deck: its truces, one hostility card a value, and each
        character's copies."""
        d = self.deck
        return d.truce + len(d.hostility_values) + d.character_copies * self.characters_per_house


class InfluenceBoard(ContentModel):
    """A House's influence board: one labelled space per influence token."""

    title: Text
    spaces: list[Text] = Field(min_length=1)


class Hostility(ContentModel):
    """A hostility card: troops, spies and servants, worth ``value``."""

    id: Annotated[Slug, Id("cards")]
    type: Literal["hostility"]
    name: Text
    value: int = Field(ge=0)
    copies: int = Field(default=1, ge=1)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the art window
    art_fit: ArtFit = "cover"


class Truce(ContentModel):
    """A truce card: the House's envoys."""

    id: Annotated[Slug, Id("cards")]
    type: Literal["truce"]
    name: Text
    copies: int = Field(default=1, ge=1)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the art window
    art_fit: ArtFit = "cover"


class CharacterCard(ContentModel):
    """A character card: usable for its ability while its character participates."""

    id: Annotated[Slug, Id("cards")]
    type: Literal["character"]
    character: Annotated[str, Ref("characters")]
    copies: int = Field(default=1, ge=1)
    ability: Ability
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, beside the character's name
    art_fit: ArtFit = "cover"

    @property
    def name(self) -> str:
        """The card's printed title."""
        return self.ability.title


HouseCard = Annotated[Hostility | Truce | CharacterCard, Field(discriminator="type")]


class House(ContentModel):
    """A Great House: its look, its influence board and its house deck."""

    id: Annotated[Slug, Id("houses")]
    name: Text
    seat: Text
    sigil: Slug
    color: HexColor
    accent: HexColor
    motto: Text
    flavor: str = ""
    board: InfluenceBoard
    deck: list[HouseCard]


class Character(ContentModel):
    """A character: token (alive and dead sides) and leader sheet."""

    id: Annotated[Slug, Id("characters")]
    house: Annotated[str, Ref("houses")]
    name: Text
    epithet: Text
    leader: Ability
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, on the leader sheet, in the power reserve
    art_fit: ArtFit = "cover"


class HouseEvent(ContentModel):
    """An event naming a House as defender (its challenger names another player)."""

    id: Annotated[Slug, Id("events")]
    type: Literal["house"]
    name: Text
    house: Annotated[str, Ref("houses")]
    copies: int = Field(default=1, ge=1)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the art window
    art_fit: ArtFit = "cover"


#: How a special event names the defender, among the players other than the challenger.
SpecialRule = Literal["most_influence_spread", "most_cards_in_hand", "most_leader_power"]

SPECIAL_TEXT: dict[str, str] = {
    "most_influence_spread": "has spread the most influence",
    "most_cards_in_hand": "has the most house cards in hand",
    "most_leader_power": "has the most power on their leader sheet",
}


class SpecialEvent(ContentModel):
    """An event naming the defender by a rule; the challenger breaks ties."""

    id: Annotated[Slug, Id("events")]
    type: Literal["special"]
    name: Text
    defender: SpecialRule
    copies: int = Field(default=1, ge=1)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the art window
    art_fit: ArtFit = "cover"


Event = Annotated[HouseEvent | SpecialEvent, Field(discriminator="type")]


class RuleDecision(ContentModel):
    """How this kit settles a point the rulebook leaves open (printed on the reference)."""

    id: Annotated[str, StringConstraints(pattern=r"^IT-[A-Z]+-\d\d$"), Id("decisions")]
    text: Text
    #: a point only the bundled referee meets (a playtest's round cap), which a table
    #: never does: the reference prints it apart, marked as the referee's
    referee_only: bool = False


def truce_terms(rules: Rules) -> str:
    """What each side of a double truce bargains for, from the content's truce terms:
    ``1 influence, up to 1 hostage and up to 2 power``."""
    t = rules.truce
    terms = []
    if t.influence:
        terms.append(f"{t.influence} influence")
    if t.hostages:
        terms.append(f"up to {t.hostages} hostage{'s' if t.hostages != 1 else ''}")
    if t.power:
        terms.append(f"up to {t.power} power")
    return ", ".join(terms[:-1]) + (" and " if len(terms) > 1 else "") + terms[-1]


def truce_reminder_parts(rules: Rules) -> tuple[tuple[str, str], tuple[str, str]]:
    """What a truce card reminds, as (heading, text) twice: when both sides play a truce,
    and when a truce meets a hostility card (the kit prints them, ``c`` reads them)."""
    return (
        (
            "Both truce",
            f"the active players bargain for {truce_terms(rules)} each. If nothing changes "
            "hands, both sides lose.",
        ),
        (
            "Truce against hostility",
            "betrayal. The truce side loses but takes a hostage from each winner.",
        ),
    )


def event_text(event: HouseEvent | SpecialEvent, houses: dict[str, House]) -> str:
    """The printed rules text of an event card, generated from its data."""
    if isinstance(event, HouseEvent):
        name = houses[event.house].name if event.house in houses else event.house
        return (
            f"{name} defends. If {name} is your own House, name any other player as the defender."
        )
    return (
        f"Of the players other than you, the one who {SPECIAL_TEXT[event.defender]} "
        "is the defender. You break any tie among them."
    )


class IronThroneContent(ContentModel):
    """Root of ``content/ironthrone/``."""

    rules: Rules
    houses: list[House]
    characters: list[Character]
    events: list[Event]
    decisions: list[RuleDecision] = []

    def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
        """Deck breakdowns, per-House counts and ability wording, by what each reads."""
        return (
            self._check_table,
            self._check_rules,
            self._check_leaders,
            self._check_houses,
            self._check_boards,
            self._check_events,
            self._check_sigils,
            self._check_placeholders,
        )

    def _check_placeholders(self) -> Iterator[tuple[Loc, str]]:
        """A decision's ``{rules.…}`` numbers name numbers of the rules (printed filled in)."""
        for i, decision in enumerate(self.decisions):
            yield from placeholder_problems(self, decision.text, ("decisions", i, "text"))

    def _check_table(self) -> Iterator[tuple[Loc, str]]:
        if len(self.houses) < max(PLAYER_COUNTS):
            yield (
                ("houses",),
                f"{len(self.houses)} Houses, but {max(PLAYER_COUNTS)}-player games need "
                f"{max(PLAYER_COUNTS)}",
            )

    def _check_rules(self) -> Iterator[tuple[Loc, str]]:
        rules = self.rules
        need = max(PLAYER_COUNTS) * (
            (rules.characters_per_house - 1) * rules.character_power + rules.leader_power
        )
        if rules.power_markers < need:
            yield (
                ("rules", "power_markers"),
                f"{rules.power_markers} power markers, but a {max(PLAYER_COUNTS)}-player "
                f"setup places {need}",
            )
        if rules.leader_choices > rules.characters_per_house:
            yield (
                ("rules", "leader_choices"),
                f"players choose from {rules.leader_choices} leaders but a House has only "
                f"{rules.characters_per_house}",
            )
        if rules.hand_size > rules.house_deck_size:
            yield (
                ("rules", "hand_size"),
                f"a hand of {rules.hand_size} cards from a house deck of {rules.house_deck_size}",
            )

    def _check_leaders(self) -> Iterator[tuple[Loc, str]]:
        for i, char in enumerate(self.characters):
            for loc, message in check_ability(char.leader, card=False):
                yield ("characters", i, "leader", *loc), message

    def _check_houses(self) -> Iterator[tuple[Loc, str]]:
        rules = self.rules
        house_of = {c.id: c.house for c in self.characters}
        per_house: dict[str, list[int]] = {}
        for i, char in enumerate(self.characters):
            per_house.setdefault(char.house, []).append(i)
        for h, house in enumerate(self.houses):
            chars = per_house.get(house.id, [])
            if len(chars) != rules.characters_per_house:
                yield (
                    ("houses", h),
                    f"{house.name} has {len(chars)} characters; every House needs "
                    f"{rules.characters_per_house}",
                )
            yield from self._check_deck(h, house, house_of, rules)

    def _check_boards(self) -> Iterator[tuple[Loc, str]]:
        rules = self.rules
        counts = {len(house.board.spaces) for house in self.houses}
        if len(self.houses) > 1 and len(counts) == 1 and rules.influence_tokens not in counts:
            # every board agrees and the rules differ: the number in rules is the edit
            yield (
                ("rules", "influence_tokens"),
                f"{rules.influence_tokens} influence tokens a House, but every House's "
                f"board has {counts.pop()} spaces (one a token)",
            )
            return
        for h, house in enumerate(self.houses):
            if len(house.board.spaces) != rules.influence_tokens:
                yield (
                    ("houses", h, "board", "spaces"),
                    f"{len(house.board.spaces)} spaces, but a House has "
                    f"{rules.influence_tokens} influence tokens",
                )

    def _check_deck(
        self, h: int, house: House, house_of: dict[str, str], rules: Rules
    ) -> Iterator[tuple[Loc, str]]:
        deck = house.deck
        where: Loc = ("houses", h, "deck")
        truce = sum(c.copies for c in deck if isinstance(c, Truce))
        values = Counter(v for c in deck if isinstance(c, Hostility) for v in [c.value] * c.copies)
        want = Counter(rules.deck.hostility_values)
        problems: list[str] = []
        if truce != rules.deck.truce:
            problems.append(f"{truce} truce cards (needs {rules.deck.truce})")
        if values != want:
            missing = sorted((want - values).elements())
            extra = sorted((values - want).elements())
            parts = []
            if missing:
                parts.append("missing " + ", ".join(map(str, missing)))
            if extra:
                parts.append("unexpected " + ", ".join(map(str, extra)))
            problems.append(
                "hostility values " + "; ".join(parts) + f" (needs exactly "
                f"{', '.join(map(str, sorted(want.elements())))})"
            )
        copies: Counter[str] = Counter()
        for j, card in enumerate(deck):
            if not isinstance(card, CharacterCard):
                continue
            copies[card.character] += card.copies
            owner = house_of.get(card.character)
            if owner is not None and owner != house.id:
                yield (
                    (*where, j, "character"),
                    f"{card.character!r} belongs to House {owner!r}, not to {house.id!r}",
                )
            for loc, message in check_ability(card.ability, card=True):
                yield (*where, j, "ability", *loc), message
        for char in self.characters:
            if char.house == house.id and copies[char.id] != rules.deck.character_copies:
                problems.append(
                    f"{copies[char.id]} cards for {char.id} (needs {rules.deck.character_copies})"
                )
        size = rules.house_deck_size
        total = sum(c.copies for c in deck)
        if total != size and not problems:
            problems.append(f"{total} cards in all")
        if problems:
            yield (
                where,
                f"{house.name}'s deck has the wrong breakdown: "
                + "; ".join(problems)
                + f" — a house deck is {rules.deck.truce} truce, "
                f"{rules.deck.character_copies} per character and hostility "
                f"{', '.join(map(str, sorted(want.elements())))} ({size} cards, this has {total})",
            )

    def _check_events(self) -> Iterator[tuple[Loc, str]]:
        rules = self.rules
        per_house: Counter[str] = Counter()
        last: dict[str, int] = {}  # each House's last event: where an extra one was written
        special = 0
        for e, ev in enumerate(self.events):
            if isinstance(ev, HouseEvent):
                per_house[ev.house] += ev.copies
                last[ev.house] = e
            else:
                special += ev.copies
        for h, house in enumerate(self.houses):
            if per_house[house.id] != rules.events_per_house:
                # the events are counted, so point at them (a House with none: at the House)
                where: Loc = ("events", last[house.id]) if house.id in last else ("houses", h)
                yield (
                    where,
                    f"{house.name} has {per_house[house.id]} event cards; every House needs "
                    f"{rules.events_per_house}",
                )
        if special != rules.special_events:
            yield (
                ("events",),
                f"{special} special event cards; the event deck needs {rules.special_events}",
            )

    def _check_sigils(self) -> Iterator[tuple[Loc, str]]:
        # the print kit draws each sigil; an unknown name would fail only at print time
        for h, house in enumerate(self.houses):
            if house.sigil not in SIGILS:
                yield (
                    ("houses", h, "sigil"),
                    f"no sigil named {house.sigil!r}; the kit draws: {', '.join(SIGILS)}",
                )

    # -- lookups used by the referee and the kit

    def house(self, house_id: str) -> House:
        """The House with ``house_id`` (``KeyError`` if none)."""
        for house in self.houses:
            if house.id == house_id:
                return house
        raise KeyError(house_id)

    def characters_of(self, house_id: str) -> list[Character]:
        """The characters of a House, in content order."""
        return [c for c in self.characters if c.house == house_id]


def card_ids(content: LoadedContent[Any]) -> list[str]:
    """Every id the playtest counts plays of: house cards, events and leader sheets."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    return (
        [card.id for house in model.houses for card in house.deck]
        + [event.id for event in model.events]
        + [char.id for char in model.characters]
    )


def card_houses(content: LoadedContent[Any]) -> dict[str, tuple[str]]:
    """The House whose seat alone deals each card: its House deck, its characters' leader
    sheets and its events (the event deck holds the events of the Houses in play,
    IT-SETUP-06); the special events are any game's."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    houses = {card.id: (house.id,) for house in model.houses for card in house.deck}
    houses |= {char.id: (char.house,) for char in model.characters}
    houses |= {e.id: (e.house,) for e in model.events if isinstance(e, HouseEvent)}
    return houses


def summarize(model: ContentModel) -> dict[str, str]:
    """Component counts for ``pnp validate``."""
    assert isinstance(model, IronThroneContent)
    cards = sum(c.copies for h in model.houses for c in h.deck)
    events = sum(e.copies for e in model.events)
    houses = len(model.houses)
    return {
        "houses": str(houses),
        "house cards": f"{cards} ({houses} decks)",
        "leader sheets": str(len(model.characters)),
        "character tokens": str(len(model.characters)),
        "influence boards": str(houses),
        "influence tokens": str(houses * model.rules.influence_tokens),
        "event cards": str(events),
        "power markers": str(model.rules.power_markers),
    }

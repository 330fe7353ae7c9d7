"""The thrones content schema and the deck-construction checks of ``pnp validate``.

A content folder holds these top-level sections (any file may hold any part):

``houses``   the Great Houses: House cards and banners
``cards``    characters, locations, attachments and events (``type:`` picks one)
``plots``    plot cards with income, initiative and claim
``titles``   the six multiplayer titles with their supports/opposes relations
``agendas``  agenda cards
``decks``    ready-to-play decks: ``two_player`` (50 cards) or ``constructed`` (60+)
``rules``    the numbers of the game (victory total, setup gold …)
``tokens``   the token supply the kit prints
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from pnp.content import ArtFit, ArtPath, ContentModel, Id, LoadedContent, Ref, Slug
from pnp.content.model import Loc
from pnp.content.placeholders import placeholder_problems
from pnp.rulesets.thrones.effects import (
    Ability,
    Crest,
    HouseRef,
    Icon,
    Keyword,
    SourceType,
)
from pnp.rulesets.thrones.sigils import SIGILS

HouseField = HouseRef | list[HouseRef] | None


class House(ContentModel):
    """A Great House: its House card, banner and colours."""

    id: Annotated[Slug, Id("houses")]
    name: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    accent: str = Field(default="#000000", pattern=r"^#[0-9a-fA-F]{6}$")
    sigil: str  # the kit's sigil drawing for this House
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture on the House card, for the shield
    art_fit: ArtFit = "cover"


class CardBase(ContentModel):
    """Fields every draw-deck card shares."""

    id: Annotated[Slug, Id("cards")]
    name: str
    house: HouseField = None  # absent: neutral; a list: a multi-House card
    unique: bool = False
    traits: list[str] = []
    crests: list[Crest] = []
    keywords: list[Keyword] = []
    immune_to: list[SourceType] = []  # the Immunity keyword: card types it ignores
    house_only: HouseRef | None = None  # "House X only": deck-building restriction
    income: int = 0  # income bonus (negative: a penalty)
    initiative: int = 0  # initiative bonus
    influence: int = Field(default=0, ge=0)
    abilities: list[Ability] = []
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the art area
    art_fit: ArtFit = "cover"

    @model_validator(mode="after")
    def _abilities_fit_the_card(self) -> CardBase:
        # each was accepted, printed and never played (found by a designer's edits)
        # each message names its field first: the loader places it there
        for i, a in enumerate(self.abilities):
            if a.when_revealed:
                raise ValueError(
                    f"abilities[{i}].when_revealed: a plot's timing; a card is never revealed"
                )
            if getattr(self, "type", None) != "attachment" and _names_host(a):
                raise ValueError(
                    f"abilities[{i}]: 'host' is the card an attachment is on: this card has none"
                )
        _once("keywords", self.keywords)
        _once("traits", self.traits)
        _once("crests", self.crests)
        _once("immune_to", self.immune_to)
        return self

    @property
    def houses(self) -> tuple[str, ...]:
        """The Houses this card belongs to; empty for a neutral card."""
        if self.house is None:
            return ()
        return (self.house,) if isinstance(self.house, str) else tuple(self.house)

    @property
    def all_keywords(self) -> tuple[str, ...]:
        """Printed keywords, with ``immunity`` when the card is immune to something."""
        return (*self.keywords, "immunity") if self.immune_to else tuple(self.keywords)


def _names_host(ability: Ability) -> bool:
    """Whether ``ability`` targets or affects ``host`` anywhere in its effects."""

    def walk(value: object) -> bool:
        if isinstance(value, dict):
            return any(walk(v) for v in value.values())
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return value == "host"

    dumped = ability.model_dump(exclude_none=True, by_alias=True)
    return walk(dumped.get("effect")) or walk(dumped.get("passive"))


def _once(field: str, values: Sequence[str]) -> None:
    """A :class:`ValueError` placed on ``field`` when a value comes twice in it (letter case
    aside: 'Lord' and 'lord' printed 'Lord. lord.')."""
    seen: set[str] = set()
    for v in values:
        if v.casefold() in seen:
            raise ValueError(f"{field}: lists {v!r} twice")
        seen.add(v.casefold())


class Character(CardBase):
    """A character: the only card with strength and challenge icons."""

    type: Literal["character"]
    cost: int = Field(ge=0)
    strength: int = Field(ge=0)
    icons: list[Icon] = []

    @model_validator(mode="after")
    def _icons_once(self) -> Character:
        _once("icons", self.icons)
        return self


class Location(CardBase):
    """A location."""

    type: Literal["location"]
    cost: int = Field(ge=0)


class Attachment(CardBase):
    """An attachment, played under a character already in play."""

    type: Literal["attachment"]
    cost: int = Field(ge=0)
    #: whose characters it may go on ("you": only your own)
    attach_to: Literal["any", "you", "opponent"] = "any"
    attach_trait: str | None = None  # the host must have this trait


class EventCard(CardBase):
    """An event: played from hand for its effect, then discarded."""

    type: Literal["event"]

    @model_validator(mode="after")
    def _playable(self) -> EventCard:
        if not any(a.action or a.response for a in self.abilities):
            raise ValueError("an event needs an action or a response ability")
        return self


DeckCard = Annotated[Character | Location | Attachment | EventCard, Field(discriminator="type")]


class Plot(ContentModel):
    """A plot card: income, initiative, claim and (usually) an ability."""

    id: Annotated[Slug, Id("plots")]
    name: str
    house: HouseRef | None = None  # the House it was designed for (its deck)
    house_only: HouseRef | None = None
    income: int = Field(ge=0)
    initiative: int = Field(ge=0)
    claim: int = Field(ge=0)
    traits: list[str] = []
    abilities: list[Ability] = []
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, a band above the text
    art_fit: ArtFit = "cover"

    @model_validator(mode="after")
    def _plot_timings(self) -> Plot:
        for i, a in enumerate(self.abilities):
            if a.action is not None:
                raise ValueError(
                    f"abilities[{i}].action: a plot's abilities are when_revealed, passive, "
                    "forced or response"
                )
        _once("traits", self.traits)
        return self


#: the most players a thrones table seats (the ruleset's player counts end here)
MAX_PLAYERS = 4


class TitleStrength(ContentModel):
    """A title's strength bonus in challenges where its holder takes part."""

    amount: int = Field(ge=1)
    challenge: Icon | Literal["any"] = "any"


class Title(ContentModel):
    """A multiplayer title with its relations and its power."""

    id: Annotated[Slug, Id("titles")]
    name: str
    supports: list[Annotated[str, Ref("titles")]] = []
    opposes: list[Annotated[str, Ref("titles")]] = []
    strength: TitleStrength | None = None
    income: int = Field(default=0, ge=0)
    draw: int = Field(default=0, ge=0)  # extra draw-phase cards, outside the draw cap
    influence: int = Field(default=0, ge=0)  # once per round
    special: Literal["redirect", "intercept"] | None = None
    intercept_challenge: Icon = "military"
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in place of the emblem
    art_fit: ArtFit = "cover"


class Agenda(ContentModel):
    """An agenda: a permanent modifier chosen in setup (never in play)."""

    id: Annotated[Slug, Id("agendas")]
    name: str
    house_only: HouseRef | None = None
    #: deck-building demand: at least ``count`` cards with ``trait``
    requires_trait: str | None = None
    requires_count: int = Field(default=0, ge=0)
    abilities: list[Ability] = []
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in place of the emblem
    art_fit: ArtFit = "cover"

    @model_validator(mode="after")
    def _agenda_timings(self) -> Agenda:
        # an agenda is never in play nor revealed: the referee offers no action of it
        for i, a in enumerate(self.abilities):
            if a.action is not None or a.when_revealed:
                timing = "action" if a.action is not None else "when_revealed"
                raise ValueError(
                    f"abilities[{i}].{timing}: an agenda's abilities are passive, forced or "
                    "response (it is never in play nor revealed)"
                )
            if _names_host(a):
                raise ValueError(
                    f"abilities[{i}]: 'host' is the card an attachment is on: an agenda has none"
                )
        return self

    @model_validator(mode="after")
    def _demand_is_whole(self) -> Agenda:
        # half a demand is silently none: the deck check reads the two together
        if (self.requires_trait is None) != (self.requires_count == 0):
            raise ValueError(
                "requires_trait and requires_count go together: at least count cards "
                "with the trait (give both, or neither)"
            )
        return self


class Deck(ContentModel):
    """A ready-to-play deck: House, plot deck, optional agenda, card counts."""

    id: Annotated[Slug, Id("decks")]
    name: str
    house: HouseRef
    format: Literal["two_player", "constructed"]
    agenda: Annotated[str, Ref("agendas")] | None = None
    plots: list[Annotated[str, Ref("plots")]]
    cards: dict[str, int]


class Rules(ContentModel):
    """The numbers of the game, tunable by designers."""

    victory_power: int = Field(default=15, ge=1)
    team_victory_power: int = Field(default=30, ge=1)
    setup_gold: int = Field(default=5, ge=0)
    hand_size: int = Field(default=7, ge=1)
    draw_phase_cards: int = Field(default=2, ge=0)
    draw_cap: int = Field(default=3, ge=0)
    house_penalty: int = Field(default=2, ge=0)
    two_player_deck: int = Field(default=50, ge=1)
    constructed_min: int = Field(default=60, ge=1)
    max_copies: int = Field(default=3, ge=1)
    plot_deck: int = Field(default=7, ge=1)
    #: our stalemate rule (TH-GAP-06): after this many rounds most power wins
    round_limit: int = Field(default=30, ge=1)


class Ruling(ContentModel):
    """A rule the rulebooks leave open, as this content decides it (printed on the
    reference sheet so players at the table play by the referee's rules)."""

    id: Annotated[str, Field(pattern=r"^TH-[A-Z0-9-]+$"), Id("rulings")]
    text: str


class Tokens(ContentModel):
    """What the kit prints besides cards (the 2-player box supply)."""

    gold: int = Field(default=26, ge=0)
    power: int = Field(default=30, ge=0)
    first_player: int = Field(default=1, ge=0)
    #: the multiplayer stock per player (the kit prints enough for the largest table)
    gold_per_player: int = Field(default=10, ge=0)
    power_per_player: int = Field(default=15, ge=0)


class ThronesContent(ContentModel):
    """Root of ``content/thrones/``."""

    houses: list[House]
    cards: list[DeckCard]
    plots: list[Plot]
    titles: list[Title] = []
    agendas: list[Agenda] = []
    decks: list[Deck] = []
    rules: Rules = Rules()
    tokens: Tokens = Tokens()
    rulings: list[Ruling] = []

    def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
        """Deck construction, title relations and sigils: independent checks."""
        return (
            lambda: check_decks(self),
            lambda: _check_titles(self),
            lambda: _check_sigils(self),
            lambda: _check_traits(self),
            lambda: _check_placeholders(self),
        )


def _check_placeholders(content: ThronesContent) -> Iterator[tuple[Loc, str]]:
    """A ruling's ``{rules.…}`` numbers name numbers of the rules (printed filled in)."""
    for i, ruling in enumerate(content.rulings):
        yield from placeholder_problems(content, ruling.text, ("rulings", i, "text"))


def _card_houses(card: DeckCard) -> tuple[str, ...]:
    return card.houses


def check_deck(content: ThronesContent, deck: Deck, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """Yield every construction rule ``deck`` breaks (TH-DECK-01…03)."""
    rules = content.rules
    cards = {c.id: c for c in content.cards}
    plots = {p.id: p for p in content.plots}
    agendas = {a.id: a for a in content.agendas}
    # plot deck: exactly N different plots (TH-DECK-01)
    if len(deck.plots) != rules.plot_deck:
        yield (
            (*loc, "plots"),
            f"a plot deck holds exactly {rules.plot_deck} plots, this one {len(deck.plots)}",
        )
    seen: Counter[str] = Counter(deck.plots)
    for i, pid in enumerate(deck.plots):
        if seen[pid] > 1 and deck.plots.index(pid) != i:
            yield ((*loc, "plots", i), f"plot {pid!r} appears twice; plots must all differ")
        plot = plots.get(pid)
        if plot is not None and plot.house_only and plot.house_only != deck.house:
            yield (
                (*loc, "plots", i),
                f"plot {pid!r} is House {plot.house_only} only, this deck plays {deck.house}",
            )
    # draw deck
    total = 0
    for cid, count in deck.cards.items():
        where = (*loc, "cards", cid)
        card = cards.get(cid)
        if card is None:
            hint = _close(cid, cards)
            extra = f" (did you mean {hint!r}?)" if hint else ""
            if cid in plots:
                extra = " (that is a plot: list it under plots)"
            yield (where, f"unknown card id {cid!r}{extra}")
            if isinstance(count, int) and count >= 1:
                total += count  # written in the deck: its size is not a second problem
            continue
        if count < 1:
            yield (where, f"a count must be at least 1, got {count}")
            continue
        total += count
        if count > rules.max_copies:
            yield (where, f"{count} copies of {cid!r}; at most {rules.max_copies} are allowed")
        if card.house_only and card.house_only != deck.house:
            yield (where, f"{cid!r} is House {card.house_only} only, this deck plays {deck.house}")
        if deck.format == "two_player":
            houses = _card_houses(card)
            if houses and deck.house not in houses:
                yield (
                    where,
                    f"{cid!r} belongs to {'/'.join(houses)}; a two-player deck holds only "
                    f"{deck.house} and neutral cards",
                )
    if deck.format == "two_player" and total != rules.two_player_deck:
        yield (
            (*loc, "cards"),
            f"a two-player deck holds exactly {rules.two_player_deck} cards, this one {total}",
        )
    if deck.format == "constructed" and total < rules.constructed_min:
        yield (
            (*loc, "cards"),
            f"a constructed deck holds at least {rules.constructed_min} cards, this one {total}",
        )
    if deck.agenda is not None:
        agenda = agendas.get(deck.agenda)
        if agenda is not None:
            if agenda.house_only and agenda.house_only != deck.house:
                yield (
                    (*loc, "agenda"),
                    f"agenda {agenda.id!r} is House {agenda.house_only} only, "
                    f"this deck plays {deck.house}",
                )
            if agenda.requires_trait:
                have = sum(
                    n
                    for cid, n in deck.cards.items()
                    if cid in cards and agenda.requires_trait in cards[cid].traits
                )
                if have < agenda.requires_count:
                    yield (
                        (*loc, "agenda"),
                        f"agenda {agenda.id!r} needs {agenda.requires_count} "
                        f"{agenda.requires_trait} cards, the deck has {have}",
                    )


def check_decks(content: ThronesContent) -> Iterator[tuple[Loc, str]]:
    """Deck construction for every deck in the content."""
    for i, deck in enumerate(content.decks):
        yield from check_deck(content, deck, ("decks", i))


def _check_titles(content: ThronesContent) -> Iterator[tuple[Loc, str]]:
    for i, title in enumerate(content.titles):
        for key in ("supports", "opposes"):
            if title.id in getattr(title, key):
                yield (("titles", i, key), f"a title cannot {key[:-1]} itself")
    titles = content.titles
    if titles and len(titles) < MAX_PLAYERS:
        # every player takes a title each round: with fewer, a seat would go without
        yield (
            ("titles",),
            f"{len(titles)} titles for tables of up to {MAX_PLAYERS} players: each player "
            f"takes one a round, so the kit needs at least {MAX_PLAYERS}",
        )
    for special in ("redirect", "intercept"):
        holders = [i for i, t in enumerate(titles) if t.special == special]
        for i in holders[1:]:
            # the referee plays one title's power of each kind; a second would print the
            # power and never have it
            yield (
                ("titles", i, "special"),
                f"{titles[holders[0]].id!r} already has special: {special} (one title each)",
            )


def _check_sigils(content: ThronesContent) -> Iterator[tuple[Loc, str]]:
    """Each House names a sigil the print kit can draw."""
    for i, house in enumerate(content.houses):
        if house.sigil not in SIGILS:
            hint = _close(house.sigil, dict.fromkeys(SIGILS))
            yield (
                ("houses", i, "sigil"),
                f"unknown sigil {house.sigil!r}"
                + (f" (did you mean {hint!r}?)" if hint else "")
                + f"; the kit draws {', '.join(SIGILS)}",
            )


#: the fields that name a trait a card must have (ability filters, attachments, agendas)
_TRAIT_KEYS = ("trait", "attach_trait", "requires_trait")


def _check_traits(content: ThronesContent) -> Iterator[tuple[Loc, str]]:
    """Every trait an ability, attachment or agenda looks for is on some card: traits are
    free words, so a misspelt one would silently match nothing."""
    have = {t for c in (*content.cards, *content.plots) for t in getattr(c, "traits", ())}
    for section in ("cards", "plots", "agendas"):
        for i, item in enumerate(getattr(content, section)):
            found: list[tuple[Loc, str]] = [
                ((section, i, key), getattr(item, key))
                for key in _TRAIT_KEYS[1:]
                if isinstance(getattr(item, key, None), str)
            ]
            for j, ability in enumerate(item.abilities):  # only abilities nest deeper
                found += _trait_refs(
                    ability.model_dump(by_alias=True), (section, i, "abilities", j)
                )
            for loc, trait in found:
                if trait not in have:
                    hint = _close(trait, dict.fromkeys(sorted(have)))
                    yield (
                        loc,
                        f"no card has the trait {trait!r}"
                        + (f" (did you mean {hint!r}?)" if hint else "")
                        + ", so this finds nothing",
                    )


def _trait_refs(data: object, loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _TRAIT_KEYS and isinstance(value, str):
                yield (*loc, key), value
            else:
                yield from _trait_refs(value, (*loc, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _trait_refs(value, (*loc, i))


def _close(word: str, known: Iterable[str]) -> str | None:
    hint = difflib.get_close_matches(word, list(known), n=1)
    return hint[0] if hint else None


def card_houses(content: LoadedContent[Any]) -> dict[str, set[str]]:
    """The Houses whose seats can deal each card: those whose decks, of any format, list it
    (a game deals each seat its House's deck, TH-SETUP-03). A card in no deck is absent,
    so every run counts it: a playtest finds it never played."""
    model = content.model
    assert isinstance(model, ThronesContent)
    houses: dict[str, set[str]] = {}
    for deck in model.decks:
        for card in deck.cards:
            houses.setdefault(card, set()).add(deck.house)
    return houses


def plot_ids(content: LoadedContent[Any]) -> list[str]:
    """The plots, which a game reports as played (and drawn) when a seat reveals one."""
    model = content.model
    assert isinstance(model, ThronesContent)
    return [plot.id for plot in model.plots]


def summarize_content(model: ContentModel) -> dict[str, str]:
    """Counts shown by ``pnp validate thrones`` (the ``Ruleset.summarize`` hook)."""
    assert isinstance(model, ThronesContent), type(model).__name__
    kinds = Counter(c.type for c in model.cards)
    out = {
        "houses": str(len(model.houses)),
        "cards": f"{len(model.cards)} ("
        + ", ".join(f"{kinds[k]} {k}s" for k in ("character", "location", "attachment", "event"))
        + ")",
        "plots": str(len(model.plots)),
        "titles": str(len(model.titles)),
        "agendas": str(len(model.agendas)),
    }
    formats = Counter(d.format for d in model.decks)
    out["decks"] = (
        f"{len(model.decks)} ({formats['two_player']} two-player, "
        f"{formats['constructed']} constructed; all legal)"
    )
    # playtests deal the decks: a new card left out of every deck is never played, so say so
    # (plots are left out: the plot-draft variant deals the plots no deck holds)
    used = {cid for d in model.decks for cid in d.cards}
    unused = [c.id for c in model.cards if c.id not in used]
    if unused:
        shown = ", ".join(unused[:5]) + (f" and {len(unused) - 5} more" if len(unused) > 5 else "")
        out["cards in no deck"] = f"{len(unused)} ({shown}): printed, but never playtested"
    return out


def print_counts(content: ThronesContent) -> dict[str, int]:
    """How many copies of each card and plot a complete printed kit holds.

    Enough to sleeve all six two-player decks at once, and never fewer than
    the most any single deck (a constructed one) asks for.
    """
    out: dict[str, int] = {}
    two_player: Counter[str] = Counter()
    single: Counter[str] = Counter()
    for deck in content.decks:
        for cid, n in deck.cards.items():
            if deck.format == "two_player":
                two_player[cid] += n
            single[cid] = max(single[cid], n)
        for pid in deck.plots:
            if deck.format == "two_player":
                two_player[pid] += 1
            single[pid] = max(single[pid], 1)
    for c in [*content.cards, *content.plots]:
        out[c.id] = max(two_player[c.id], single[c.id], 1)
    return out

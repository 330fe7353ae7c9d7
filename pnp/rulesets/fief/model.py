"""The fief content schema: map, Houses, Nobles, cards, titles, units and rules.

``content/fief/`` is read into :class:`FiefContent`. The map is data
(villages with board coordinates, Fiefs, Warden Regions, roads), so the board
drawing and the referee read the same places; every number the rulebook
leaves open (prices, strengths, limits) lives in the ``rules`` section.
:meth:`FiefContent.cross_check` enforces what the schema cannot see: a road
between existing, distinct villages, five Regions each with its Principal
Village inside it, eight Nobles of the right sexes per House, the card counts
of the decks.
"""

from __future__ import annotations

import difflib
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator

from pnp.content import ArtFit, ArtPath, ContentModel, Id, Ref, Slug
from pnp.content.model import Loc
from pnp.content.placeholders import placeholder_problems
from pnp.content.problems import cite
from pnp.rulesets.fief.effects import (
    AttributeEffect,
    CourtEffect,
    FortuneEffect,
    HouseAbility,
)

Color = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
Mm = Annotated[float, Field(ge=0)]

#: the least distance between two Villages' centres on the board, mm (the shipped map's
#: closest pair is 56 mm apart)
VILLAGE_SPACING = 25.0
#: building counters whose other side shows another building
COUNTER_BACKS = {"stronghold-counter": "fortified-city"}
#: the wildling chits that show the wildlings' strength at the Battle at the Wall, and
#: what each stands for: a giant for each 5, a knight for each 1 more (decisions.yaml,
#: ``wall-battle``); the chits print these numbers and the kit check counts by them
WILDLING_CHITS = {"giant-champion": 5, "wildling-knight": 1}
#: ``tokens.yaml`` entries that declare how many Title tokens there are, and which Titles
#: they cover (an entry ``title-<id>`` declares that one Title); the kit prints one each
TITLE_TOKENS: dict[str, Callable[[Title], bool]] = {
    "title-master": lambda t: t.council and t.id != "hand",
    "lordship": lambda t: t.kind == "fief",
}
#: the player counts the referee supports (``pnp rulesets`` and the command line show
#: them); ``rules.min_players``–``rules.max_players`` must lie within them
PLAYER_COUNTS = (3, 4, 5, 6)
#: the buildings the referee plays, by the id it builds them by, and why it needs them
REFEREE_BUILDINGS = {
    "mill": "it builds Mills by this id and pays them in the Income phase",
    "stronghold": "it builds Strongholds by this id (a Fief Title needs one)",
    "fortified-city": "it upgrades a Stronghold to a Fortified City by this id",
    "sept": "it builds Septs by this id and pays them in the Income phase",
}
#: buildings that are only printed: the Maester comes by a Court card, never bought
PRINTED_BUILDINGS = ("maester",)
#: the Titles the referee plays by their id, and why it needs each
REFEREE_TITLES = {
    "king": "the King is elected, and succeeded, by this id",
    "queen": "a wed King's wife becomes Queen by this id",
    "hand": "the Hand is elected, and taxes, by this id",
    "protector": "the Protector goes with the crown by this id",
    "mother-of-dragons": "the Mother of Dragons Court card grants this id",
    "master-of-coin": "the Master of Coin's shield from taxes is played by this id",
    "master-of-ships": "the Master of Ships' sea voyages are played by this id",
    "master-of-laws": "the Master of Laws' pardons and divorces are played by this id",
    "master-of-whisperers": "the Master of Whisperers' look at a hand is played by this id",
    "brother-of-the-watch": "a Lord who takes the black gets this id (Night's Watch)",
    "lord-commander": "the Brothers elect the Lord Commander by this id (Night's Watch)",
}
#: the one Title a House may start with (``starting_title``): the Title the
#: mother_of_dragons Court card grants, which set-up takes out of the deck
STARTING_TITLE = "mother-of-dragons"
#: the Title kinds printed as mini cards (the others are tokens)
CARD_TITLE_KINDS = ("military", "special")
#: a Title's ``holders`` word that admits each sex
_HOLDERS = {"lord": "lords", "lady": "ladies"}
#: the Master seats among them: Small Council seats besides the Hand
MASTER_TITLES = ("master-of-coin", "master-of-ships", "master-of-laws", "master-of-whisperers")


class Board(ContentModel):
    """The main board's printed size; village coordinates are in mm from its top left."""

    name: str
    width_mm: float = Field(gt=0)
    height_mm: float = Field(gt=0)
    sea_color: Color = "#9cc3d5"
    land_color: Color = "#e9dfc4"


#: the textures a Fief's land can carry on the map: line directions (``rising`` runs up
#: to the right, ``falling`` down), a ``grid`` of both straight ones, a ``crosshatch`` of
#: both diagonals, ``dots``, or none
FiefPattern = Literal[
    "plain", "horizontal", "vertical", "rising", "falling", "grid", "crosshatch", "dots"
]


class Fief(ContentModel):
    """One of the eight coloured Fiefdoms."""

    id: Annotated[Slug, Id("fiefs")]
    name: str
    color: Color
    #: a light texture over the Fief's land, so neighbouring Fiefs stay apart where
    #: their colours do not (a greyscale printer, colour-blind eyes)
    pattern: FiefPattern = "plain"


class Region(ContentModel):
    """A Warden Region (numbered 1–5) with its Principal Village."""

    id: Annotated[Slug, Id("regions")]
    number: int = Field(ge=1, le=5)
    name: str
    principal: Annotated[Slug, Ref("villages")]


class Village(ContentModel):
    """A place on the board (cities are Villages too)."""

    id: Annotated[Slug, Id("villages")]
    name: str
    fief: Annotated[Slug, Ref("fiefs")]
    region: Annotated[Slug, Ref("regions")]
    x: Mm
    y: Mm
    #: buildings printed on the board at the start of every game
    stronghold: Literal[0, 1, 2] = 0
    sept: bool = False


class Road(ContentModel):
    """A land or sea road between two Villages; both kinds move the same way."""

    a: Annotated[Slug, Ref("villages")]
    b: Annotated[Slug, Ref("villages")]
    kind: Literal["land", "sea"] = "land"
    #: bend points for drawing, in mm
    via: list[tuple[Mm, Mm]] = []


class Wall(ContentModel):
    """The Wall section at the top of the board (Night's Watch expansion)."""

    name: str
    y: Mm
    x1: Mm
    x2: Mm
    #: Villages from which a Noble may go to the Wall
    gates: list[Annotated[Slug, Ref("villages")]]


class Attribute(ContentModel):
    """A Noble attribute: a name printed on the card and the rules it carries."""

    id: Annotated[Slug, Id("attributes")]
    name: str
    effects: list[AttributeEffect] = Field(min_length=1)


class NobleCounts(ContentModel):
    """How many Lords and Ladies a House's deck holds."""

    lords: int = Field(ge=0)
    ladies: int = Field(ge=0)


class InitialNobles(ContentModel):
    """The Noble a House starts with, by the Court Event card drawn at setup."""

    #: taken when a Lord card is drawn; ``None``: the House always takes its Lady card Noble
    lord_card: Annotated[Slug, Ref("nobles")] | None = None
    lady_card: Annotated[Slug, Ref("nobles")]


class House(ContentModel):
    """One of the nine Houses: home Fief, colour, starting Nobles, abilities."""

    id: Annotated[Slug, Id("houses")]
    name: str
    seat: str
    #: home Fief; ``None`` for a House that chooses an unoccupied Fief (Targaryen)
    home: Annotated[Slug, Ref("fiefs")] | None
    color: Color
    words: str
    nobles: NobleCounts
    initial: InitialNobles
    abilities: list[HouseAbility] = []
    #: changes to the per-player stock (unit id -> count), e.g. Unsullied for Men-at-Arms
    stock: dict[Annotated[Slug, Ref("units")], Annotated[int, Field(ge=0)]] = {}
    #: replaces the rules' starting units (unit id -> count)
    start_units: dict[Annotated[Slug, Ref("units")], Annotated[int, Field(ge=0)]] | None = None


class Noble(ContentModel):
    """A Noble card: a Lord or Lady of a House, a Bannerman or an Heir."""

    id: Annotated[Slug, Id("nobles")]
    name: str
    kind: Literal["noble", "bannerman", "heir"] = "noble"
    house: Annotated[Slug, Ref("houses")] | None = None
    sex: Literal["lord", "lady"]
    attributes: list[Annotated[Slug, Ref("attributes")]] = Field(min_length=1)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in the portrait medallion
    art_fit: ArtFit = "cover"


class FortuneCard(ContentModel):
    """A Fortune card: bounty (grey back) or disaster (black back)."""

    id: Annotated[Slug, Id("cards")]
    name: str
    back: Literal["bounty", "disaster"]
    copies: int = Field(ge=1)
    effect: FortuneEffect
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in place of the icon disc
    art_fit: ArtFit = "cover"


class DisasterCopy(ContentModel):
    """Winter is Coming: disaster copies shuffled in as the seasons turn."""

    id: Annotated[Slug, Id("cards")]
    name: str
    copies: int = Field(ge=1)
    effect: FortuneEffect
    #: how many copies join the Fortune deck on entering each season
    autumn: int = Field(ge=0)
    winter: int = Field(ge=0)
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in place of the icon disc
    art_fit: ArtFit = "cover"


class CourtCard(ContentModel):
    """A Court Event card (brown back)."""

    id: Annotated[Slug, Id("cards")]
    name: str
    copies: int = Field(ge=1)
    effect: CourtEffect
    flavor: str = ""
    art: ArtPath | None = None  # the designer's picture, in place of the icon disc
    art_fit: ArtFit = "cover"


class WallCastle(ContentModel):
    """A Wall castle card (Night's Watch expansion)."""

    id: Annotated[Slug, Id("cards")]
    name: str
    text: str
    copies: int = Field(default=1, ge=1)
    art: ArtPath | None = None  # the designer's picture, in place of the icon disc
    art_fit: ArtFit = "cover"


class Title(ContentModel):
    """A Title card or token."""

    id: Annotated[Slug, Id("titles")]
    name: str
    #: the slot it takes (FF-TITLE-01): a ``special`` Title (Mother of Dragons) takes none
    kind: Literal["fief", "military", "high", "special"]
    vp: int = Field(default=0, ge=0)
    fief: Annotated[Slug, Ref("fiefs")] | None = None
    region: Annotated[Slug, Ref("regions")] | None = None
    #: a Small Council seat (the Hand included)
    council: bool = False
    #: royal titles are never transferred (King, Queen, Protector)
    royal: bool = False
    #: only Lords (or only Ladies) may hold it
    holders: Literal["any", "lords", "ladies"] = "any"
    #: Night's Watch expansion only
    expansion: Literal["base", "nights_watch"] = "base"
    #: cards the kit prints; only a Title many Nobles hold at once (the Brothers') has more
    #: than one, and the referee then keeps no single holder for it
    copies: int = Field(default=1, ge=1)
    text: str
    art: ArtPath | None = None  # the designer's picture, on a Military Title card
    art_fit: ArtFit = "cover"

    @property
    def is_card(self) -> bool:
        """Printed as a mini card (Military and special Titles), not as a token."""
        return self.kind in CARD_TITLE_KINDS

    @field_validator("art")
    @classmethod
    def _art_on_cards_only(cls, art: str | None, info: ValidationInfo) -> str | None:
        # a Fief or High Title is a token, too small for a picture: say so, never drop it
        if art is not None and info.data.get("kind", "military") not in CARD_TITLE_KINDS:
            raise ValueError("only a Military or special Title is a card with room for a picture")
        return art


class Unit(ContentModel):
    """A troop type."""

    id: Annotated[Slug, Id("units")]
    name: str
    strength: int = Field(ge=0)
    #: hits from a single roll that kill one
    hits: int = Field(ge=1)
    cost: int = Field(ge=0)
    #: per-player stock (Houses may change it)
    stock: int = Field(ge=0)
    #: a shared supply instead of a per-player stock
    shared: int | None = None
    tactics: bool = False
    #: who may buy it: every player, or only the player holding the King or Queen
    buyer: Literal["any", "royal"] = "any"
    #: what it does in battle besides adding strength: ``archer`` shoots in the
    #: Tactics volley, ``siege`` cancels dice of a building's penalty
    role: Literal["archer", "siege"] | None = None


class Building(ContentModel):
    """A building type."""

    id: Annotated[Slug, Id("buildings")]
    name: str
    cost: int = Field(ge=0)
    #: how many exist in the game (``None``: as many as needed)
    limit: int | None = Field(default=None, ge=1)
    text: str


class Token(ContentModel):
    """A marker, chit or board piece the kit prints (the referee ignores these)."""

    id: Annotated[Slug, Id("tokens")]
    name: str
    shape: Literal["round", "square", "hex", "card", "board", "die"] = "round"
    #: pieces per House in play (per_house) or in all (count)
    per_house: int = Field(default=0, ge=0)
    count: int = Field(default=0, ge=0)
    text: str = ""


def rising_bids(steps: list[int]) -> list[int]:
    """``steps`` if they go up from the least, each higher than the last (a sealed bid's
    options, one label each); else a :class:`ValueError` saying so."""
    if any(b <= a for a, b in itertools.pairwise(steps)) or steps[0] < 0:
        raise ValueError(f"{steps}: the bids go up from the least, each higher than the last")
    return steps


class Dice(ContentModel):
    """Dice by total strength: ``[low, high, dice]`` bands, high ``None`` = no limit."""

    bands: list[tuple[int, int | None, int]]
    faces: list[int] = Field(min_length=6, max_length=6)
    stronghold_penalty: int = Field(ge=0)
    fortified_penalty: int = Field(ge=0)
    idle_rolls_end: int = Field(ge=1)

    @field_validator("bands")
    @classmethod
    def _bands_in_order(
        cls, bands: list[tuple[int, int | None, int]]
    ) -> list[tuple[int, int | None, int]]:
        # battle.dice_for takes the first band that holds a strength, so overlapping
        # bands printed rules the referee does not play ("1 to 6: 1 die; 3 to 12: 2 dice")
        previous: int | None = -1
        for low, high, dice in bands:
            if dice < 0 or (high is not None and high < low):
                raise ValueError(f"[{low}, {high}, {dice}]: a band runs from low to high, dice ≥ 0")
            if previous is None or low <= previous:
                after = "a band with no upper limit" if previous is None else f"{previous}"
                raise ValueError(
                    f"[{low}, {high}, {dice}] starts at or below {after}: bands go up "
                    "in order without overlapping"
                )
            previous = high
        return bands


class BattleRules(ContentModel):
    """Battle numbers the rulebook leaves open (gaps.md)."""

    dice: Dice
    lord_strength: int = Field(ge=0)
    titled_lady_strength: int = Field(ge=0)
    lady_strength: int = Field(ge=0)
    #: leftover hits on a side without troops: up to this many capture every Noble
    capture_up_to: int = Field(ge=0)
    archers_needed: int = Field(ge=1)
    archers_vs_stronghold: int = Field(ge=1)
    archers_vs_fortified: int = Field(ge=1)
    #: dice a Siege Engine cancels of a building's penalty
    siege_cancels: int = Field(ge=0)
    mother_of_dragons_strength: int = Field(ge=0)


class IncomeRules(ContentModel):
    """Gold from the board in the Income phase."""

    village: int = Field(ge=0)
    mill: int = Field(ge=0)
    sept: int = Field(ge=0)
    queen: int = Field(ge=0)
    tax_per_village: int = Field(ge=0)


class Prices(ContentModel):
    """Prices of titles and deals (units and buildings carry their own)."""

    fief_title: int = Field(ge=0)
    ransom_base: int = Field(ge=0)
    ransom_per_title: int = Field(ge=0)
    council_bid_steps: list[int] = Field(min_length=1)

    @field_validator("council_bid_steps")
    @classmethod
    def _bids_rise(cls, steps: list[int]) -> list[int]:
        # the first is the least bid (FF-SC-02): the sheet prints them in this order
        return rising_bids(steps)

    protector_favour: int = Field(ge=0)
    bribes: list[int] = Field(min_length=1)
    dowry: int = Field(ge=0)


class ChanceRules(ContentModel):
    """Dice thresholds of cards and powers."""

    warden_stops_uprising_on: int = Field(ge=1, le=6)
    council_stops_uprising_on: int = Field(ge=1, le=6)
    council_uprising_cost: int = Field(ge=0)
    gods_cursed_dies_on: int = Field(ge=0, le=6)
    idol_gold_per_sept: int = Field(ge=0)


class StartRules(ContentModel):
    """What each player starts with."""

    gold: int = Field(ge=0)
    units: dict[Annotated[Slug, Ref("units")], int]
    stronghold: Literal[0, 1, 2] = 1
    tax_markers: int = Field(ge=0)
    diplomacy_markers: int = Field(ge=0)


class Recruit(ContentModel):
    """A kind of Night's Watch recruit: the chit the kit prints, its price, its strength."""

    token: Annotated[Slug, Ref("tokens")]
    cost: int = Field(ge=0)
    #: strength added to the Watch at the Battle at the Wall
    strength: int = Field(ge=0)


class NightsWatchRules(ContentModel):
    """The Night's Watch expansion (option ``nights_watch``): its numbers."""

    #: the fewest players it may be played with (FF-NW-01)
    min_players: int = Field(ge=2)
    #: Brothers a House may have at once (FF-OUT-04 speaks of a House's Brother)
    brothers_per_house: int = Field(ge=1)
    #: the Wall track's last space; the marker starts on 0 (FF-SETUP-04)
    track: int = Field(ge=1)
    #: the Watch's strength from each standing castle and each Brother on the Wall
    castle_strength: int = Field(ge=0)
    brother_strength: int = Field(ge=0)
    #: gold the Lord Commander adds to his own Wall bid (FF-NW-06)
    lc_bid_bonus: int = Field(ge=0)
    #: the sealed Wall bids a player may make
    bid_steps: list[int] = Field(min_length=1)

    @field_validator("bid_steps")
    @classmethod
    def _bids_rise(cls, steps: list[int]) -> list[int]:
        # [1, 1, 2] validated, then every Wall bid repeated an option label (an invariant)
        return rising_bids(steps)

    #: gold a Defender of the Wall token pays its House each Income phase
    defender_income: int = Field(ge=0)
    #: the chit that marks a Defender of the Wall (the kit prints the supply)
    defender_token: Annotated[Slug, Ref("tokens")]
    recruits: list[Recruit] = Field(min_length=1)


class Rules(ContentModel):
    """Every number the referee plays by that the rulebook leaves open."""

    min_players: int = Field(ge=2)
    max_players: int = Field(ge=2)
    alliances_from: int = Field(ge=2)
    round_limit: int = Field(ge=1)
    solo_vp: int = Field(ge=1)
    alliance_vp: int = Field(ge=1)
    alliance_vp_with_wall: int = Field(ge=1)
    hand_limit: int = Field(ge=1)
    draws: int = Field(ge=1)
    move_steps: int = Field(ge=1)
    max_disasters: int = Field(ge=0)
    fief_titles_per_noble: int = Field(ge=1)
    court_deck_size: int = Field(ge=1)
    start: StartRules
    battle: BattleRules
    income: IncomeRules
    prices: Prices
    chance: ChanceRules
    nights_watch: NightsWatchRules


class Decision(ContentModel):
    """A rule the referee plays by where the rulebook is silent (printed on the reference sheet)."""

    id: Annotated[Slug, Id("decisions")]
    topic: str
    text: str
    #: checklist IDs this decision settles
    covers: list[Annotated[str, Field(pattern=r"^FF-[A-Z]+-\d{2}$")]] = []


class FiefContent(ContentModel):
    """Root of ``content/fief``."""

    board: Board
    fiefs: list[Fief]
    regions: list[Region]
    villages: list[Village]
    roads: list[Road]
    wall: Wall
    attributes: list[Attribute]
    houses: list[House]
    nobles: list[Noble]
    fortune: list[FortuneCard]
    disaster_copies: list[DisasterCopy]
    court: list[CourtCard]
    wall_castles: list[WallCastle]
    titles: list[Title]
    units: list[Unit]
    buildings: list[Building]
    tokens: list[Token] = []
    decisions: list[Decision] = []
    rules: Rules

    def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
        """The checks, one part for each group of sections they read."""
        return (
            self._check_players,
            self._check_map,
            self._check_buildings,
            self._check_houses,
            self._check_cards,
            self._check_titles,
            self._check_kit,
        )

    def _check_players(self) -> Iterator[tuple[Loc, str]]:
        low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
        rules = self.rules
        if rules.min_players < low:
            yield (
                ("rules", "min_players"),
                f"the referee plays {low}–{high} players, not fewer than {low}",
            )
        if rules.max_players > high:
            yield (
                ("rules", "max_players"),
                f"the referee plays {low}–{high} players, not more than {high}",
            )
        if rules.min_players > rules.max_players:
            # no player count would be playable: every game would stop at setup
            yield (
                ("rules", "min_players"),
                f"min_players {rules.min_players} is more than max_players {rules.max_players}",
            )

    def _check_map(self) -> Iterator[tuple[Loc, str]]:
        if len(self.fiefs) != 8:
            yield ("fiefs",), f"the map needs 8 Fiefs, got {len(self.fiefs)}"
        numbers = sorted(r.number for r in self.regions)
        if numbers != [1, 2, 3, 4, 5]:
            yield ("regions",), f"the map needs Regions numbered 1 to 5, got {numbers}"
        village = {v.id: v for v in self.villages}
        placed: list[Village] = []
        for i, v in enumerate(self.villages):
            # a Village's disc, name and buildings take about this much of the board: two
            # closer print one over the other, and players cannot tell them apart
            near = next(
                (p for p in placed if math.dist((p.x, p.y), (v.x, v.y)) < VILLAGE_SPACING), None
            )
            if near is not None:
                yield (
                    ("villages", i),
                    f"{v.id!r} is {math.dist((near.x, near.y), (v.x, v.y)):.0f} mm from "
                    f"{near.id!r}: Villages stand at least {VILLAGE_SPACING:g} mm apart",
                )
            placed.append(v)
        for i, region in enumerate(self.regions):
            principal = village.get(region.principal)
            if principal is not None and principal.region != region.id:
                yield (
                    ("regions", i, "principal"),
                    f"Principal Village {region.principal!r} lies in Region "
                    f"{principal.region!r}, not {region.id!r}",
                )
        for i, v in enumerate(self.villages):
            if v.x > self.board.width_mm or v.y > self.board.height_mm:
                yield (
                    ("villages", i),
                    f"({v.x}, {v.y}) lies off the "
                    f"{self.board.width_mm}×{self.board.height_mm} mm board",
                )
        seen: dict[frozenset[str], int] = {}
        for i, road in enumerate(self.roads):
            if road.a == road.b:
                yield ("roads", i, "b"), f"a road from {road.a!r} to itself"
                continue
            key = frozenset((road.a, road.b))
            if key in seen:
                yield (
                    ("roads", i),
                    f"duplicate road {road.a!r}–{road.b!r} (first at {cite('roads', seen[key])})",
                )
            seen[key] = i
        for fief in self.fiefs:
            if not any(v.fief == fief.id for v in self.villages):
                yield ("fiefs",), f"Fief {fief.id!r} has no Village"
        for region in self.regions:
            if not any(v.region == region.id for v in self.villages):
                yield ("regions",), f"Region {region.id!r} has no Village"
        # every Village reachable from every other
        if self.villages and not any(r.a == r.b for r in self.roads):
            links: dict[str, set[str]] = {v.id: set() for v in self.villages}
            for road in self.roads:
                if road.a in links and road.b in links:
                    links[road.a].add(road.b)
                    links[road.b].add(road.a)
            start = self.villages[0].id
            reached = {start}
            todo = [start]
            while todo:
                for nxt in links[todo.pop()]:
                    if nxt not in reached:
                        reached.add(nxt)
                        todo.append(nxt)
            for i, v in enumerate(self.villages):
                if v.id not in reached:
                    yield ("villages", i), f"{v.id!r} cannot be reached by road from {start!r}"
        mills = next((b for b in self.buildings if b.id == "mill"), None)
        if mills is not None and mills.limit is not None and mills.limit > len(self.villages):
            yield ("buildings",), f"{mills.limit} Mills but only {len(self.villages)} Villages"

    def _check_buildings(self) -> Iterator[tuple[Loc, str]]:
        ids = {b.id for b in self.buildings}
        for needed, why in REFEREE_BUILDINGS.items():
            if needed not in ids:
                yield ("buildings",), f"the referee needs the building {needed!r}: {why}"
        known = ", ".join([*REFEREE_BUILDINGS, *PRINTED_BUILDINGS])
        for i, b in enumerate(self.buildings):
            if b.id not in REFEREE_BUILDINGS and b.id not in PRINTED_BUILDINGS:
                yield (
                    ("buildings", i, "id"),
                    f"the referee knows only the buildings {known}: {b.id!r} would be "
                    "printed but never built",
                )

    def _check_houses(self) -> Iterator[tuple[Loc, str]]:
        nobles = {n.id: n for n in self.nobles}
        by_house: dict[str, Counter[str]] = {}
        for n in self.nobles:
            if n.kind == "noble":
                if n.house is None:
                    yield ("nobles", self.nobles.index(n), "house"), "a House Noble needs a house"
                    continue
                by_house.setdefault(n.house, Counter())[n.sex] += 1
            elif n.house is not None:
                yield ("nobles", self.nobles.index(n), "house"), f"a {n.kind} belongs to no House"
        if len(self.houses) != 9:
            yield ("houses",), f"the game has 9 Houses, got {len(self.houses)}"
        first: str | None = None
        for i, house in enumerate(self.houses):
            for j, ability in enumerate(house.abilities):
                if ability.given("starts_first"):
                    if first == house.id:
                        yield (("houses", i, "abilities", j), "starts_first is given twice")
                    elif first is not None:
                        # setup.py would let the later seat win, silently
                        yield (
                            ("houses", i, "abilities", j),
                            f"House {first!r} already starts first: only one House may",
                        )
                    first = first or house.id
        homes: dict[str, str] = {}
        for i, house in enumerate(self.houses):
            got = by_house.get(house.id, Counter())
            want = house.nobles
            if got["lord"] != want.lords or got["lady"] != want.ladies:
                yield (
                    ("houses", i, "nobles"),
                    f"House {house.id!r} has {got['lord']} Lords and {got['lady']} Ladies; "
                    f"it must have {want.lords} Lords and {want.ladies} Ladies",
                )
            if house.home is not None:
                if house.home in homes:
                    yield (
                        ("houses", i, "home"),
                        f"Fief {house.home!r} is already the home of {homes[house.home]!r}",
                    )
                homes[house.home] = house.id
                for j, ability in enumerate(house.abilities):
                    if ability.given("start_anywhere_coastal"):
                        yield (
                            ("houses", i, "abilities", j, "start_anywhere_coastal"),
                            f"House {house.id!r} has a home Fief ({house.home!r}): "
                            "start_anywhere_coastal is for a House with home: null, which "
                            "picks a coastal Village of a Fief nobody holds",
                        )
            for key in ("lord_card", "lady_card"):
                ref = getattr(house.initial, key)
                noble = nobles.get(ref) if ref else None
                if noble is not None and noble.house != house.id:
                    yield (
                        ("houses", i, "initial", key),
                        f"{ref!r} is not a Noble of House {house.id!r}",
                    )
            lord_card = nobles.get(house.initial.lord_card or "")
            if lord_card is not None and lord_card.sex != "lord":
                yield ("houses", i, "initial", "lord_card"), f"{lord_card.id!r} is not a Lord"
        yield from self._coastal_start_problems()
        kinds = Counter(n.kind for n in self.nobles)
        if kinds["noble"] != 72:
            yield self._noble_count_problem(kinds["noble"])
        if kinds["bannerman"] != 3:
            yield ("nobles",), f"the game has 3 Bannermen, got {kinds['bannerman']}"
        if kinds["heir"] != 2:
            yield ("nobles",), f"the game has 2 Heirs, got {kinds['heir']}"
        for i, n in enumerate(self.nobles):
            if n.kind in ("bannerman", "heir") and n.sex != "lord":
                yield ("nobles", i, "sex"), f"a {n.kind} is a Lord"

    def _coastal_start_problems(self) -> Iterator[tuple[Loc, str]]:
        """A House that starts on any coast picks a coastal Village of a Fief nobody holds
        (FF-SETUP-12), after the others: with ``rules.max_players`` seated, each other
        House may hold one such Fief (a home on the coast, or any Fief a House without a
        home picks), so the map needs more coastal Fiefs than that, or set-up is stuck."""
        fief_of = {v.id: v.fief for v in self.villages}
        coastal = {
            fief_of[end]
            for r in self.roads
            if r.kind == "sea"
            for end in (r.a, r.b)
            if end in fief_of
        }
        for i, house in enumerate(self.houses):
            starts = [j for j, a in enumerate(house.abilities) if a.given("start_anywhere_coastal")]
            if house.home is not None or not starts:
                continue
            others = [h for h in self.houses if h.id != house.id]
            can_hold = sum(1 for h in others if h.home is None or h.home in coastal)
            held = min(self.rules.max_players - 1, can_hold)
            if len(coastal) <= held:
                found = (
                    f"the map has {len(coastal)} Fiefs with a coastal Village and at "
                    f"{self.rules.max_players} players the other Houses may hold {held} of them"
                    if coastal
                    else "the map has no coastal Village (no sea road)"
                )
                yield (
                    ("houses", i, "abilities", starts[0], "start_anywhere_coastal"),
                    f"House {house.id!r} starts on a coastal Village of a Fief nobody holds, but "
                    f"{found}: give more Fiefs a sea road",
                )

    def _noble_count_problem(self, got: int) -> tuple[Loc, str]:
        """72 House Nobles: name the Houses whose Nobles differ from what the House
        declares, at their last Noble; when none does, the number of Houses is off
        (which its own problem names), and the message says so rather than asking
        every House for more Nobles."""
        message = f"the game has 72 House Nobles, got {got}"
        per_house: Counter[str] = Counter()
        last: dict[str, int] = {}
        for i, n in enumerate(self.nobles):
            if n.kind == "noble" and n.house is not None:  # no house: told by _check_nobles
                per_house[n.house] += 1
                last[n.house] = i
        want = {h.id: h.nobles.lords + h.nobles.ladies for h in self.houses}
        odd = [h for h in want if per_house[h] != want[h]]
        if not odd:
            if len(self.houses) != 9:
                return ("nobles",), f"{message}: {len(self.houses)} Houses of Nobles, not 9"
            return ("nobles",), message
        told = ", ".join(f"House {h!r} has {per_house[h]} (it declares {want[h]})" for h in odd)
        where: Loc = ("nobles", last[odd[0]]) if odd[0] in last else ("nobles",)
        return where, f"{message} ({told})"

    def _check_cards(self) -> Iterator[tuple[Loc, str]]:
        total = sum(c.copies for c in self.court)
        if total != self.rules.court_deck_size:
            yield (
                ("court",),
                f"the Court Event deck holds {total} cards, "
                f"rules.court_deck_size says {self.rules.court_deck_size}",
            )
        kinds = Counter(c.effect.word()[0] for c in self.court for _ in range(c.copies))
        for word in ("new_noble", "join_small_council", "mother_of_dragons"):
            if not kinds[word]:
                yield ("court",), f"the Court Event deck needs a {word} card"
        if kinds["join_small_council"] != 3:
            yield (
                ("court",),
                "the Court Event deck holds 3 Join the Small Council cards, "
                f"got {kinds['join_small_council']}",
            )
        for i, card in enumerate(self.fortune):
            word = card.effect.word()[0]
            disaster = word in ("famine", "heavy_rain", "plague")
            if disaster != (card.back == "disaster"):
                yield (
                    ("fortune", i, "back"),
                    f"a {word} card has a {'disaster' if disaster else 'bounty'} back",
                )
        for i, extra in enumerate(self.disaster_copies):
            if extra.autumn + extra.winter != extra.copies:
                yield (
                    ("disaster_copies", i),
                    f"autumn {extra.autumn} + winter {extra.winter} "
                    f"must equal copies {extra.copies}",
                )
            if extra.effect.word()[0] not in ("famine", "heavy_rain", "plague"):
                yield ("disaster_copies", i, "effect"), "a disaster copy must be a disaster"
        units = [u.id for u in self.units]
        for i, court_card in enumerate(self.court):
            free = court_card.effect.given("free_troops")
            if free is not None and free.unit not in units:
                hint = difflib.get_close_matches(free.unit, units, n=1)
                yield (
                    ("court", i, "effect", "free_troops", "unit"),
                    f"unknown units id {free.unit!r} "
                    + (f"(did you mean {hint[0]!r}?)" if hint else f"(known: {', '.join(units)})"),
                )
        plague = [c for c in self.fortune if c.effect.given("plague") is not None]
        if not plague:
            yield ("fortune",), "the Fortune deck needs a Plague (Winter is Coming removes one)"

    def _check_titles(self) -> Iterator[tuple[Loc, str]]:
        fief_titles = Counter(t.fief for t in self.titles if t.kind == "fief")
        for fief in self.fiefs:
            if fief_titles[fief.id] != 1:
                yield (
                    ("titles",),
                    f"Fief {fief.id!r} needs exactly one Fief Title, got {fief_titles[fief.id]}",
                )
        wardens = Counter(t.region for t in self.titles if t.region is not None)
        for region in self.regions:
            if wardens[region.id] != 1:
                yield (
                    ("titles",),
                    f"Region {region.id!r} needs exactly one Warden title, "
                    f"got {wardens[region.id]}",
                )
        ids = {t.id for t in self.titles}
        for needed, why in REFEREE_TITLES.items():
            if needed not in ids:
                yield ("titles",), f"the referee needs the title {needed!r}: {why}"
        for i, t in enumerate(self.titles):
            if t.id in (*MASTER_TITLES, "hand") and not t.council:
                yield (
                    ("titles", i, "council"),
                    f"{t.id!r} must be a Small Council seat (council: true): "
                    "the referee seats its holder on the Council",
                )
        nobles = {n.id: n for n in self.nobles}
        titles = {t.id: t for t in self.titles}
        for i, house in enumerate(self.houses):
            for j, ability in enumerate(house.abilities):
                title = ability.given("starting_title")
                where: Loc = ("houses", i, "abilities", j, "starting_title")
                if title is None:
                    continue
                if title not in ids:
                    yield where, f"unknown titles id {title!r}"
                elif title != STARTING_TITLE:
                    yield (
                        where,
                        f"only {STARTING_TITLE!r} may be a starting Title: the referee takes "
                        "its Court card out of the deck at set-up, and starts no game with "
                        f"{title!r} already held",
                    )
                else:
                    holders = titles[title].holders
                    for key in ("lord_card", "lady_card"):
                        noble = nobles.get(getattr(house.initial, key) or "")
                        if noble is not None and holders not in ("any", _HOLDERS[noble.sex]):
                            yield (
                                where,
                                f"{title!r} is for {holders} but the initial Noble "
                                f"{noble.id!r} ({key}) is a {noble.sex}",
                            )
        masters = [t for t in self.titles if t.council and t.id != "hand"]
        if len(masters) != 4:
            yield (
                ("titles",),
                f"the Small Council has 4 Master seats besides the Hand, got {len(masters)}",
            )

    def _check_kit(self) -> Iterator[tuple[Loc, str]]:
        """What printing needs: token counts that match, counters for every building,
        decision placeholders that name a number of the rules."""
        titles = {t.id: t for t in self.titles}
        units = {u.id: u for u in self.units if u.shared}
        for i, tok in enumerate(self.tokens):
            if tok.id in TITLE_TOKENS:
                covered = [t for t in self.titles if TITLE_TOKENS[tok.id](t)]
            elif tok.id.startswith("title-") and tok.id[6:] in titles:
                covered = [titles[tok.id[6:]]]
            elif tok.id.startswith("title-"):
                # a title-<id> token stands for that Title: one naming none would print a
                # token no rule uses (content/fief/README.md)
                close = difflib.get_close_matches(tok.id[6:], list(titles), n=1)
                suggestion = f" (did you mean 'title-{close[0]}'?)" if close else ""
                yield (
                    ("tokens", i, "id"),
                    f"{tok.id!r} names no Title: a title-<id> token stands for the Title "
                    f"with that id{suggestion}",
                )
                covered = None
            else:
                covered = None
            if covered is not None and tok.count != len(covered):
                yield (
                    ("tokens", i, "count"),
                    f"{tok.count} {tok.id!r} token(s) but the content has {len(covered)} such "
                    "Title(s); the kit prints one token per Title",
                )
            unit = units.get(tok.id)
            if unit is not None and tok.count != unit.shared:
                yield (
                    ("tokens", i, "count"),
                    f"{tok.count} {tok.id!r} tokens but units.yaml shares {unit.shared}",
                )
        counters = [t.id for t in self.tokens if t.id.endswith("-counter") and t.count]
        countered = {c.removesuffix("-counter") for c in counters}
        countered |= {COUNTER_BACKS[c] for c in counters if c in COUNTER_BACKS}
        for i, b in enumerate(self.buildings):
            if b.id not in countered and b.limit is None:
                yield (
                    ("buildings", i),
                    f"building {b.id!r} has no counters to print: give it a limit, or "
                    f"declare a '{b.id}-counter' token with its count in tokens.yaml",
                )
        for i, d in enumerate(self.decisions):
            yield from placeholder_problems(self, d.text, ("decisions", i, "text"))


def stock(model: FiefContent, house: House) -> dict[str, int]:
    """A House's stock of each unit: the rules' stock changed by the House."""
    counts = {u.id: u.stock for u in model.units if u.shared is None}
    counts.update(house.stock)
    return counts

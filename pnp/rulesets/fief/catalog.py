"""Content compiled for the referee: flat tables read on every step.

A :class:`Catalog` is built once per content model (and cached): unit
numbers in arrays indexed by unit, each Noble's attribute words folded into
one :class:`NobleCard`, each House's ability words into a mapping, and the
decks expanded card by card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pnp.engine.memo import IdentityMemo
from pnp.rulesets.fief.effects import CardWord, card_word
from pnp.rulesets.fief.map import FiefMap
from pnp.rulesets.fief.model import FiefContent, Rules

FORTUNE_DISASTERS = ("famine", "heavy_rain", "plague")


@dataclass(frozen=True, slots=True)
class NobleCard:
    """A Noble card with its attribute words folded into fields."""

    id: str
    name: str
    house: str | None
    kind: str
    lady: bool
    cannot_marry: bool = False
    marriage_fee: int = 0
    ends_marriage_on_capture: bool = False
    uprising_target: bool = False
    uprising_shield: bool = False
    strength_bonus: int = 0
    extra_die: int = 0
    income_bonus: int = 0
    plague_dies_on: int = 0
    sea_move: bool = False
    justice_immune: bool = False
    heir_to_throne: bool = False


@dataclass(frozen=True, slots=True)
class TitleInfo:
    """What the referee needs of a Title."""

    id: str
    name: str
    kind: str
    vp: int
    fief: str | None
    region: str | None
    council: bool
    royal: bool
    holders: str
    expansion: str
    #: cards printed: more than one for a Title many Nobles hold at once (a Brother's)
    copies: int = 1


@dataclass
class Catalog:
    """Everything the referee reads from content, in fast tables."""

    content: FiefContent
    map: FiefMap
    rules: Rules
    units: list[str]
    unit_index: dict[str, int]
    strength: list[int]
    hits: list[int]
    cost: list[int]
    stock: list[int]
    shared: list[int | None]
    tactics_unit: list[bool]
    royal_unit: list[bool]
    #: the units of each battle ``role`` (``archer``, ``siege``), by index
    role_units: dict[str, tuple[int, ...]]
    nobles: dict[str, NobleCard]
    house_nobles: dict[str, list[str]]
    bannermen: list[str]
    heirs: list[str]
    houses: dict[str, Any]
    abilities: dict[str, dict[str, Any]]
    #: card id -> (back or "court", effect word, parameter)
    cards: dict[str, tuple[str, str, Any]]
    #: card id -> the entry of its effect word (what the card round plays through)
    card_words: dict[str, CardWord]
    card_names: dict[str, str]
    fortune_deck: list[str]
    court_deck: list[str]
    #: Winter is Coming copies joining the deck per season: season -> card ids
    season_copies: dict[str, list[str]]
    titles: dict[str, TitleInfo]
    fief_title: dict[str, str]
    warden_title: dict[str, str]
    masters: list[str]
    building_cost: dict[str, int]
    mill_limit: int
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def recruit_chits(self) -> dict[str, int]:
        """Night's Watch recruits the kit prints, by chit id: the supply to buy from."""
        cached = self.extra.get("recruit_chits")
        if cached is None:
            count = {t.id: t.count for t in self.content.tokens}
            cached = {r.token: count[r.token] for r in self.rules.nights_watch.recruits}
            self.extra["recruit_chits"] = cached
        return cached

    @property
    def defender_tokens(self) -> int:
        """Defender of the Wall tokens the kit prints (Night's Watch)."""
        token = self.rules.nights_watch.defender_token
        return next(t.count for t in self.content.tokens if t.id == token)

    @property
    def fief_titles_sorted(self) -> list[tuple[str, str]]:
        """``(fief, title)`` pairs in Fief id order."""
        cached = self.extra.get("fief_titles_sorted")
        if cached is None:
            cached = self.extra["fief_titles_sorted"] = sorted(self.fief_title.items())
        return cached

    def house_stock(self, house: str, tactics: bool = True) -> list[int]:
        """A House's per-player stock, unit by unit (no Tactics units without Tactics)."""
        stock = list(self.stock)
        for unit, count in self.houses[house].stock.items():
            stock[self.unit_index[unit]] = count
        if not tactics:
            stock = [0 if self.tactics_unit[u] else n for u, n in enumerate(stock)]
        return stock

    def stock_totals(self, house: str, tactics: bool) -> tuple[int, ...]:
        """:meth:`house_stock` as a cached tuple: what a House owns of each unit in all."""
        key = f"stock_totals:{house}:{tactics}"
        cached = self.extra.get(key)
        if cached is None:
            cached = self.extra[key] = tuple(self.house_stock(house, tactics))
        return cached

    def card_totals(self, winter: bool) -> dict[str, int]:
        """Every Fortune and Court card in the game, by id (the Winter copies with ``winter``).

        Cached: callers compare with it and must not change it. A plain dict, not
        a Counter: the invariant check compares it after most card moves, and two
        plain dicts compare in C where a Counter's ``==`` runs interpreted code.
        """
        key = f"card_totals:{winter}"
        cached = self.extra.get(key)
        if cached is None:
            counts = Counter(self.fortune_deck) + Counter(self.court_deck)
            if winter:
                for cards in self.season_copies.values():
                    counts.update(cards)
            cached = self.extra[key] = dict(counts)
        return cached

    def start_units(self, house: str) -> dict[str, int]:
        """The units a House places in its starting Village."""
        own = self.houses[house].start_units
        return dict(own) if own is not None else dict(self.rules.start.units)

    def box(self) -> dict[str, Any]:
        """What the printed kit holds, counted from the content (for ``snapshot()["box"]``)."""
        if "box" in self.extra:
            return self.extra["box"]
        c = self.content
        kinds = Counter(n.kind for n in c.nobles)
        per_house: dict[str, dict[str, int]] = {}
        for n in c.nobles:
            if n.kind == "noble" and n.house is not None:
                entry = per_house.setdefault(n.house, {"lords": 0, "ladies": 0})
                entry["lords" if n.sex == "lord" else "ladies"] += 1
        titles = Counter(t.kind for t in c.titles)
        box = {
            "noble_cards": kinds["noble"],
            "bannermen": kinds["bannerman"],
            "heirs": kinds["heir"],
            "house_nobles": per_house,
            "court_cards": len(self.court_deck),
            "court": dict(Counter(self.court_deck)),
            "fortune": dict(Counter(self.fortune_deck)),
            "disaster_copies": sum(len(v) for v in self.season_copies.values()),
            "wall_castles": sum(w.copies for w in c.wall_castles),
            "titles": dict(titles),
            "fief_titles": sorted(self.fief_title.values()),
            "warden_titles": sorted(self.warden_title.values()),
            "council_seats": sorted(t.id for t in c.titles if t.council),
            "units": {u.id: u.stock for u in c.units},
            "shared_units": {u.id: u.shared for u in c.units if u.shared is not None},
            "buildings": {b.id: b.limit for b in c.buildings},
            "tokens": {t.id: t.count or f"{t.per_house} per House" for t in c.tokens},
            "villages": len(c.villages),
            "fiefs": len(c.fiefs),
            "regions": {r.number: r.principal for r in c.regions},
            "coastal": sum(self.map.coastal),
            "houses": len(c.houses),
            "poker_cards": len(c.nobles),
            "mini_cards": len(self.court_deck)
            + sum(len(v) for v in self.season_copies.values())
            + sum(w.copies for w in c.wall_castles),
        }
        self.extra["box"] = box
        return box

    def ability(self, house: str, word: str) -> Any:
        """The parameter of a House ability word, or ``None`` if the House lacks it."""
        return self.abilities.get(house, {}).get(word)


def _noble_card(content: FiefContent, noble: Any) -> NobleCard:
    attrs = {a.id: a for a in content.attributes}
    flags: dict[str, Any] = {}
    for attr_id in noble.attributes:
        for effect in attrs[attr_id].effects:
            word, value = effect.word()
            if isinstance(value, bool):
                flags[word] = True
            else:
                flags[word] = max(int(flags.get(word, 0)), int(value))
    return NobleCard(
        id=noble.id,
        name=noble.name,
        house=noble.house,
        kind=noble.kind,
        lady=noble.sex == "lady",
        **flags,
    )


def build_catalog(content: FiefContent) -> Catalog:
    """Compile ``content`` (assumed valid) for the referee."""
    units = [u.id for u in content.units]
    nobles = {n.id: _noble_card(content, n) for n in content.nobles}
    house_nobles: dict[str, list[str]] = {h.id: [] for h in content.houses}
    for n in content.nobles:
        if n.kind == "noble" and n.house in house_nobles:
            house_nobles[n.house].append(n.id)
    cards: dict[str, tuple[str, str, Any]] = {}
    names: dict[str, str] = {}
    fortune: list[str] = []
    for c in content.fortune:
        word, value = c.effect.word()
        cards[c.id] = (c.back, word, value)
        names[c.id] = c.name
        fortune += [c.id] * c.copies
    seasons: dict[str, list[str]] = {"autumn": [], "winter": []}
    for d in content.disaster_copies:
        word, value = d.effect.word()
        cards[d.id] = ("disaster", word, value)
        names[d.id] = d.name
        seasons["autumn"] += [d.id] * d.autumn
        seasons["winter"] += [d.id] * d.winter
    court: list[str] = []
    for e in content.court:
        word, value = e.effect.word()
        cards[e.id] = ("court", word, value)
        names[e.id] = e.name
        court += [e.id] * e.copies
    titles = {
        t.id: TitleInfo(
            t.id,
            t.name,
            t.kind,
            t.vp,
            t.fief,
            t.region,
            t.council,
            t.royal,
            t.holders,
            t.expansion,
            t.copies,
        )
        for t in content.titles
    }
    buildings = {b.id: b for b in content.buildings}
    mill = buildings.get("mill")
    return Catalog(
        content=content,
        map=FiefMap.build(content),
        rules=content.rules,
        units=units,
        unit_index={u: i for i, u in enumerate(units)},
        strength=[u.strength for u in content.units],
        hits=[u.hits for u in content.units],
        cost=[u.cost for u in content.units],
        stock=[u.stock for u in content.units],
        shared=[u.shared for u in content.units],
        tactics_unit=[u.tactics for u in content.units],
        royal_unit=[u.buyer == "royal" for u in content.units],
        role_units={
            role: tuple(i for i, u in enumerate(content.units) if u.role == role)
            for role in ("archer", "siege")
        },
        nobles=nobles,
        house_nobles=house_nobles,
        bannermen=[n.id for n in content.nobles if n.kind == "bannerman"],
        heirs=[n.id for n in content.nobles if n.kind == "heir"],
        houses={h.id: h for h in content.houses},
        abilities={h.id: dict(a.word() for a in h.abilities) for h in content.houses},
        cards=cards,
        card_words={c: card_word(word) for c, (_back, word, _value) in cards.items()},
        card_names=names,
        fortune_deck=fortune,
        court_deck=court,
        season_copies=seasons,
        titles=titles,
        fief_title={t.fief: t.id for t in content.titles if t.kind == "fief" and t.fief},
        warden_title={t.region: t.id for t in content.titles if t.region},
        masters=[t.id for t in content.titles if t.council and t.id != "hand"],
        building_cost={b.id: b.cost for b in content.buildings},
        mill_limit=mill.limit
        if mill is not None and mill.limit is not None
        else len(content.villages),
    )


_CATALOGS: IdentityMemo[FiefContent, Catalog] = IdentityMemo()


def catalog_for(content: FiefContent) -> Catalog:
    """The catalog of a content model, built once for every game played on it."""
    return _CATALOGS.get(content, build_catalog)

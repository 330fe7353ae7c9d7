"""Card definitions in the referee's fast form, compiled once from the content models.

The referee never reads pydantic models in its inner loops: icons and
keywords become bit masks, abilities are grouped by timing and trigger, and
every number sits in a slot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pnp.rulesets.thrones.effects import (
    ICON_BIT,
    ICONS,
    KEYWORDS,
    KW_BIT,
    PHASES,
    Ability,
    Passive,
)
from pnp.rulesets.thrones.model import Agenda, Plot, ThronesContent, Title
from pnp.rulesets.thrones.plain import CHOOSE, plain

BIT_ICON: dict[int, str] = {b: n for n, b in ICON_BIT.items()}

K_AMBUSH = KW_BIT["ambush"]
K_DEADLY = KW_BIT["deadly"]
K_DEATHBOUND = KW_BIT["deathbound"]
K_INFAMY = KW_BIT["infamy"]
K_INTIMIDATE = KW_BIT["intimidate"]
K_LIMITED = KW_BIT["limited"]
K_NOATT = KW_BIT["no_attachments"]
K_RENOWN = KW_BIT["renown"]
K_SETUP = KW_BIT["setup"]
K_STALWART = KW_BIT["stalwart"]
K_STEALTH = KW_BIT["stealth"]
K_VENGEFUL = KW_BIT["vengeful"]
K_VIGILANT = KW_BIT["vigilant"]


def icon_mask(names: Iterable[str]) -> int:
    """Bit mask of challenge icons."""
    m = 0
    for n in names:
        m |= ICON_BIT[n]
    return m


def kw_mask(names: Iterable[str]) -> int:
    """Bit mask of keywords."""
    m = 0
    for n in names:
        m |= KW_BIT[n]
    return m


def icons_of(mask: int) -> list[str]:
    """Icon names in a mask, in printed order."""
    return [n for n in ICONS if mask & ICON_BIT[n]]


def keywords_of(mask: int) -> list[str]:
    """Keyword names in a mask, in vocabulary order."""
    return [n for n in KEYWORDS if mask & KW_BIT[n]]


def target_checks(a: Ability) -> tuple[tuple[str, Any], ...]:
    """What must exist for ability ``a`` to be offered, one entry per effect that needs it.

    ``("choose", target)``: a card the target may pick; ``("self", None)``:
    this card in play; ``("host", None)``: this attachment's host;
    ``("on_win", None)``: a challenge under way. Compiled once per card
    definition, read by every action and response window.
    """
    out: list[tuple[str, Any]] = []
    for e in a.effects:
        k = e.kind
        v = e.value
        t = getattr(v, "target", v) if k in ("strength", "gain_icon", "gain_keyword") else v
        if k == "gain_power":
            t = v.target
        if k == "on_win":
            out.append(("on_win", None))
        elif isinstance(t, CHOOSE):
            out.append(("choose", t))
        elif isinstance(t, str) and t == "self" and k not in ("draw", "gain_gold"):
            out.append(("self", None))
        elif isinstance(t, str) and t == "host":
            out.append(("host", None))
    return tuple(out)


class CardDef:
    """One card's printed facts, compiled for the referee."""

    __slots__ = (
        "abilities",
        "actions",
        "acts_in",
        "attach_to",
        "attach_trait",
        "checks",
        "claim",
        "cond_passives",
        "cost",
        "crests",
        "each_by_icon_or_keyword",
        "forced",
        "hand_acts",
        "hand_responds",
        "has_passives",
        "has_triggers",
        "house_only",
        "houses",
        "icons",
        "id",
        "immune",
        "income",
        "influence",
        "initiative",
        "kw",
        "model",
        "name",
        "passives",
        "play_acts",
        "responses",
        "strength",
        "traits",
        "type",
        "unique",
        "when_revealed",
    )

    def __init__(self, model: Any, kind: str) -> None:
        self.model = model
        self.id: str = model.id
        self.name: str = model.name
        self.type: str = kind
        houses = getattr(model, "houses", None)
        if houses is None:  # plots: the House field is not an affiliation for rules
            houses = ()
        self.houses: tuple[str, ...] = tuple(houses) if kind != "plot" else ()
        self.unique: bool = bool(getattr(model, "unique", False))
        self.cost: int = int(getattr(model, "cost", 0) or 0)
        self.strength: int = int(getattr(model, "strength", 0) or 0)
        self.icons: int = icon_mask(getattr(model, "icons", ()))
        self.kw: int = kw_mask(getattr(model, "keywords", ()))
        self.traits: frozenset[str] = frozenset(getattr(model, "traits", ()))
        self.crests: frozenset[str] = frozenset(getattr(model, "crests", ()))
        self.immune: frozenset[str] = frozenset(getattr(model, "immune_to", ()))
        self.house_only: str | None = getattr(model, "house_only", None)
        self.income: int = int(getattr(model, "income", 0) or 0)
        self.initiative: int = int(getattr(model, "initiative", 0) or 0)
        self.influence: int = int(getattr(model, "influence", 0) or 0)
        self.claim: int = int(getattr(model, "claim", 0) or 0)
        self.attach_to: str = getattr(model, "attach_to", "any")
        self.attach_trait: str | None = getattr(model, "attach_trait", None)
        # plain copies: the referee reads these in its inner loops (see .plain)
        abilities: list[Ability] = plain(list(getattr(model, "abilities", ())))
        self.abilities: tuple[Ability, ...] = tuple(abilities)
        #: target_checks() of each ability, by index
        self.checks: tuple[tuple[tuple[str, Any], ...], ...] = tuple(
            target_checks(a) for a in abilities
        )
        self.actions: tuple[tuple[int, Ability], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a.action is not None
        )
        responses: dict[str, list[tuple[int, Ability]]] = {}
        forced: dict[str, list[tuple[int, Ability]]] = {}
        for i, a in enumerate(abilities):
            if a.response is not None:
                responses.setdefault(a.response, []).append((i, a))
            if a.forced is not None:
                forced.setdefault(a.forced, []).append((i, a))
        self.responses: dict[str, tuple[tuple[int, Ability], ...]] = {
            k: tuple(v) for k, v in responses.items()
        }
        self.forced: dict[str, tuple[tuple[int, Ability], ...]] = {
            k: tuple(v) for k, v in forced.items()
        }
        self.passives: tuple[tuple[Passive, Any], ...] = tuple(
            (a.passive, a.if_) for a in abilities if a.passive is not None and a.if_ is None
        )
        self.cond_passives: tuple[tuple[Passive, Any], ...] = tuple(
            (a.passive, a.if_) for a in abilities if a.passive is not None and a.if_ is not None
        )
        phases: set[str] = set()
        for _i, a in self.actions:
            if a.action == "any":
                phases.update(PHASES)
            elif a.action is not None:  # (always: these are the actions)
                phases.add(a.action)
        ambush = bool(self.kw & KW_BIT["ambush"])
        # An event's actions are played from hand, any other card's are used in
        # play; Ambush works from hand in every phase. Action windows look only
        # at the side that can act, so an Ambush character already in play, or a
        # character with an action still in hand, never keeps a window open.
        #: phases in which this card may offer an action from its owner's hand
        self.hand_acts: frozenset[str] = frozenset(
            (phases if kind == "event" else set()) | (set(PHASES) if ambush else set())
        )
        #: phases in which this card may offer an action while in play
        self.play_acts: frozenset[str] = frozenset(phases if kind != "event" else ())
        #: phases in which this card may offer an action (from hand or in play)
        self.acts_in: frozenset[str] = self.hand_acts | self.play_acts
        self.has_passives: bool = bool(self.passives or self.cond_passives)
        #: a passive reaching "each" card that qualifies by icon or keyword
        self.each_by_icon_or_keyword: bool = any(
            p.affects is not None
            and not isinstance(p.affects, str)
            and (p.affects.icon is not None or p.affects.keyword is not None)
            for p, _ in self.passives + self.cond_passives
        )
        #: an event whose responses can be played from hand
        self.hand_responds: bool = kind == "event" and bool(self.responses)
        #: responses or forced abilities that work while the card is in play (or revealed)
        self.has_triggers: bool = bool(self.responses or self.forced)
        self.when_revealed: tuple[tuple[int, Ability], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a.when_revealed
        )

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


@dataclass
class CardDB:
    """Every definition a game may use, by id."""

    cards: dict[str, CardDef] = field(default_factory=dict)
    plots: dict[str, CardDef] = field(default_factory=dict)
    titles: dict[str, Title] = field(default_factory=dict)
    agendas: dict[str, CardDef] = field(default_factory=dict)
    agenda_models: dict[str, Agenda] = field(default_factory=dict)
    #: (deck, the definition of each copy in the deck list's order) by id(deck): the
    #: deck is kept beside its definitions so that a reused id is never mistaken for it
    deck_defs: dict[int, tuple[Any, tuple[CardDef, ...]]] = field(default_factory=dict)

    @classmethod
    def from_content(cls, content: ThronesContent) -> CardDB:
        """Compile every card, plot, title and agenda of ``content``."""
        db = cls()
        for c in content.cards:
            db.cards[c.id] = CardDef(c, c.type)
        for p in content.plots:
            db.plots[p.id] = CardDef(p, "plot")
        for t in content.titles:
            db.titles[t.id] = t
        for a in content.agendas:
            db.agendas[a.id] = CardDef(a, "agenda")
            db.agenda_models[a.id] = a
        return db

    def with_fixtures(self, cards: Iterable[Any], plots: Iterable[Plot]) -> CardDB:
        """A copy of this db extended with a scenario's fixture cards and plots."""
        db = CardDB(
            dict(self.cards),
            dict(self.plots),
            dict(self.titles),
            dict(self.agendas),
            dict(self.agenda_models),
        )
        for c in cards:
            db.cards[c.id] = CardDef(c, c.type)
        for p in plots:
            db.plots[p.id] = CardDef(p, "plot")
        return db

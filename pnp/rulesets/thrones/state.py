"""The mutable game state: card instances, seats, the current challenge, lasting effects.

Kept compact and mutable for speed: card instances hold direct references to
each other, icons and keywords are bit masks, and derived values (strength
bonuses from passive abilities) are cached on the cards and refreshed when
something enters or leaves play.
"""

from __future__ import annotations

from typing import Any

from pnp.rulesets.thrones.catalog import CardDef, icons_of, keywords_of


class Card:
    """One physical card in a game."""

    __slots__ = (
        "attachments",
        "controller",
        "d",
        "dupes",
        "entered",
        "host",
        "kneeling",
        "no_stand",
        "owner",
        "power",
        "static_icons",
        "static_kw",
        "static_str",
        "temp_icons",
        "temp_kw",
        "temp_str",
        "uid",
        "zone",
    )

    def __init__(self, uid: int, d: CardDef, owner: int, zone: str) -> None:
        self.uid = uid
        self.d = d
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.kneeling = False
        self.power = 0
        self.attachments: list[Card] = []
        self.dupes: list[Card] = []
        self.host: Card | None = None
        self.entered = 0  # play-instance number: changes each time it enters play
        self.static_str = 0
        self.static_icons = 0
        self.static_kw = 0
        self.no_stand = False
        self.temp_str = 0
        self.temp_icons = 0
        self.temp_kw = 0

    def __repr__(self) -> str:
        return f"<{self.d.id}#{self.uid}>"

    @property
    def icons(self) -> int:
        """Current challenge icons (printed, from passives and lasting effects)."""
        return self.d.icons | self.static_icons | self.temp_icons

    @property
    def kw(self) -> int:
        """Current keywords as a bit mask."""
        return self.d.kw | self.static_kw | self.temp_kw

    def reset(self) -> None:
        """Forget everything the card had while in play."""
        self.kneeling = False
        self.power = 0
        self.host = None
        self.static_str = self.static_icons = self.static_kw = 0
        self.temp_str = self.temp_icons = self.temp_kw = 0
        self.no_stand = False
        self.controller = self.owner


class Seat:
    """One player's side of the table."""

    __slots__ = (
        "agenda",
        "base_costs",
        "chars",
        "cost_mods",
        "dead",
        "deals",
        "deck",
        "discard",
        "draws",
        "gold",
        "hand",
        "hand_actors",
        "hand_resp",
        "house",
        "idx",
        "influence_used",
        "limited",
        "limited_responses",
        "mods",
        "mulliganed",
        "opposed_bonus",
        "play",
        "play_actors",
        "play_sources",
        "plot",
        "plot_deck",
        "power",
        "removed",
        "setup",
        "sources",
        "team",
        "title",
        "used_plots",
        "uses",
    )

    def __init__(self, idx: int, house: str) -> None:
        self.idx = idx
        self.house = house
        self.team = idx
        self.deck: list[Card] = []  # top of the deck is the END of the list
        self.hand: list[Card] = []
        self.play: list[Card] = []  # characters, locations and attachments controlled
        self.chars: list[Card] = []  # characters controlled (a subset of play)
        self.discard: list[Card] = []
        self.dead: list[Card] = []
        self.removed: list[Card] = []
        self.setup: list[Card] = []
        self.plot_deck: list[Card] = []
        self.used_plots: list[Card] = []
        self.plot: Card | None = None
        self.agenda: Card | None = None
        self.title: str | None = None
        self.gold = 0
        self.power = 0  # House power (on the House card)
        self.limited = 0  # Limited cards played this round
        self.limited_responses = 0
        self.draws = 0  # effect draws this round (the draw cap)
        self.opposed_bonus = False  # opposes power claimed this round
        self.influence_used = False  # the Hand of the King's influence this round
        self.mulliganed = False
        self.uses: dict[tuple[int, int], int] = {}  # (card uid, ability index) -> round used
        self.deals: list[tuple[int, int]] = []
        # Indexes of the few cards that can act or respond, kept in step with
        # the hand and play area by the methods below (in the same order), so
        # action and response windows never scan whole zones.
        self.hand_actors: list[Card] = []  # in hand with an action (events) or Ambush
        self.hand_resp: list[Card] = []  # events in hand with responses
        self.play_actors: list[Card] = []  # in play with an action
        self.play_sources: list[Card] = []  # in play with responses or forced abilities
        self.sources: list[Card] = []  # play_sources, then the plot and agenda if they trigger
        # cached player-level modifiers (refreshed with the statics)
        #: player-level passive modifiers: key -> [(condition, amount, source)];
        #: keys: claim, dominance, dominance_power, unopposed_power, draw
        self.mods: dict[str, list[tuple[Any, int, Card]]] = {}
        self.cost_mods: list[tuple[Any, int, Card]] = []
        #: printed cost plus the House surcharge, by card definition (never changes)
        self.base_costs: dict[Any, int] = {}

    # -- zone changes: the only ways cards enter or leave the hand and play area

    def add_to_hand(self, c: Card) -> None:
        """Append ``c`` to the hand (the caller sets its zone)."""
        self.hand.append(c)
        d = c.d
        if d.hand_acts:
            self.hand_actors.append(c)
        if d.hand_responds:
            self.hand_resp.append(c)

    def remove_from_hand(self, c: Card) -> None:
        """Take ``c`` out of the hand."""
        self.hand.remove(c)
        d = c.d
        if d.hand_acts:
            self.hand_actors.remove(c)
        if d.hand_responds:
            self.hand_resp.remove(c)

    def add_to_play(self, c: Card) -> None:
        """Append ``c`` to the play area (the caller sets its zone and controller)."""
        self.play.append(c)
        d = c.d
        if d.type == "character":
            self.chars.append(c)
        if d.play_acts:
            self.play_actors.append(c)
        if d.has_triggers:
            self.play_sources.append(c)
            self.index_sources()

    def remove_from_play(self, c: Card) -> None:
        """Take ``c`` out of the play area."""
        self.play.remove(c)
        d = c.d
        if d.type == "character":
            self.chars.remove(c)
        if d.play_acts:
            self.play_actors.remove(c)
        if d.has_triggers:
            self.play_sources.remove(c)
            self.index_sources()

    def index_sources(self) -> None:
        """Rebuild :attr:`sources` (a new list: a loop over the old one is unaffected)."""
        out = list(self.play_sources)
        for extra in (self.plot, self.agenda):
            if extra is not None and extra.d.has_triggers:
                out.append(extra)
        self.sources = out

    def reindex(self) -> None:
        """Rebuild every index from the zones (after a scenario filled them directly)."""
        self.chars = [c for c in self.play if c.d.type == "character"]
        self.hand_actors = [c for c in self.hand if c.d.hand_acts]
        self.hand_resp = [c for c in self.hand if c.d.hand_responds]
        self.play_actors = [c for c in self.play if c.d.play_acts]
        self.play_sources = [c for c in self.play if c.d.has_triggers]
        self.index_sources()

    def index_problems(self) -> list[str]:
        """Indexes out of step with the zones (an invariant)."""
        want = (
            ("characters", self.chars, [c for c in self.play if c.d.type == "character"]),
            ("hand actors", self.hand_actors, [c for c in self.hand if c.d.hand_acts]),
            ("hand responders", self.hand_resp, [c for c in self.hand if c.d.hand_responds]),
            ("play actors", self.play_actors, [c for c in self.play if c.d.play_acts]),
            ("trigger sources", self.play_sources, [c for c in self.play if c.d.has_triggers]),
            (
                "trigger sources (with plot and agenda)",
                self.sources,
                [
                    c
                    for c in (*self.play, self.plot, self.agenda)
                    if c is not None and c.d.has_triggers
                ],
            ),
        )
        return [
            f"seat {self.idx}'s {name} list is out of step with its zones"
            for name, have, need in want
            if have != need
        ]


class Challenge:
    """The challenge being resolved."""

    __slots__ = (
        "attacker",
        "attackers",
        "ctype",
        "defender",
        "defenders",
        "delayed",
        "intercepted",
        "loser",
        "number",
        "stealthed",
        "supporter",
        "target",
        "unopposed",
        "winner",
    )

    def __init__(self, ctype: str, attacker: int, target: int, number: int) -> None:
        self.ctype = ctype
        self.attacker = attacker
        self.target = target  # who pays the claim
        self.defender = target  # the defending player (a supporter or the LCK may step in)
        self.attackers: list[Card] = []
        self.defenders: list[Card] = []
        self.stealthed: set[int] = set()  # uids barred from defending
        self.winner: int | None = None
        self.loser: int | None = None
        self.unopposed = False
        self.intercepted = False
        self.supporter: int | None = None
        self.number = number
        self.delayed: list[tuple[int, Any, Card | None]] = []  # (seat, effects, source)


class Lasting:
    """A lasting modifier from an effect, undone when its duration ends."""

    __slots__ = ("card", "entered", "kind", "until", "value")

    def __init__(self, card: Card, kind: str, value: int, until: str) -> None:
        self.card = card
        self.entered = card.entered
        self.kind = kind  # "str", "icon", "kw"
        self.value = value
        self.until = until


#: the fields :func:`card_snapshot` leaves out while they hold these values (a standing
#: card shows no ``kneeling``): a scenario may still expect them (``kneeling: false``).
#: The snapshot keeps leaving them out: every state hash (replays, bench/record.py) is
#: taken from it.
CARD_DEFAULTS: dict[str, Any] = {
    "kneeling": False,
    "power": 0,
    "attachments": [],
    "duplicates": 0,
    "strength_mod": 0,
    "icons_gained": [],
    "keywords_gained": [],
}


def card_snapshot(c: Card) -> dict[str, Any]:
    """A card in play as plain data (the fields of :data:`CARD_DEFAULTS` only when set)."""
    out: dict[str, Any] = {"card": c.d.id, "uid": c.uid}
    if c.kneeling:
        out["kneeling"] = True
    if c.power:
        out["power"] = c.power
    if c.controller != c.owner:
        out["owner"] = c.owner
    if c.attachments:
        out["attachments"] = [a.d.id for a in c.attachments]
    if c.dupes:
        out["duplicates"] = len(c.dupes)
    if c.static_str or c.temp_str:
        out["strength_mod"] = c.static_str + c.temp_str
    extra = c.static_icons | c.temp_icons
    if extra:
        out["icons_gained"] = icons_of(extra)
    kws = c.static_kw | c.temp_kw
    if kws:
        out["keywords_gained"] = keywords_of(kws)
    return out

"""The thrones ability vocabulary: abilities, effects, targets and conditions as data.

Every ability printed on a card is one :class:`Ability`. Exactly one timing key
says when it works:

``action: <phase>``
    an action the controller may take in that phase (``any`` for every phase);
``response: <trigger>``
    an optional reaction right after the trigger (``challenge_won`` …); the
    triggers ``would_be_killed`` / ``would_be_discarded`` make it a *save*,
    ``event_played`` / ``action_taken`` make it a *cancel*;
``forced: <trigger>``
    a passive triggered ability: it must resolve when the trigger happens;
``when_revealed: true``
    a plot's ability that resolves when the plot is revealed;
``passive: {…}``
    a lasting effect that holds while the card is in play (or while the plot
    is revealed, or always for an agenda).

``if:`` narrows the moment (a challenge type, the card's role …), ``cost:``
names what is paid first (kneeling, gold, influence), ``limit:`` allows one
use per round/phase/challenge, ``limited: true`` makes it a Limited response,
and ``effect:`` is one effect or a list of effects resolved in order.

Content that uses a word outside this vocabulary fails validation with the
file, line and field, never silently. The referee runs these models
(:mod:`pnp.rulesets.thrones.rules.abilities`) and the printed text is generated
from them (:mod:`pnp.rulesets.thrones.text`), so a card and its rules can
never disagree.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import Discriminator, Field, Tag, model_validator

from pnp.content import ContentModel, Ref
from pnp.content.onekey import OneKeyModel

Phase = Literal[
    "plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation", "any"
]
PHASES: tuple[str, ...] = (
    "plot",
    "draw",
    "marshalling",
    "challenges",
    "dominance",
    "standing",
    "taxation",
)
Icon = Literal["military", "intrigue", "power"]
ICONS: tuple[str, ...] = get_args(Icon)
Keyword = Literal[
    "ambush",
    "deadly",
    "deathbound",
    "infamy",
    "intimidate",
    "limited",
    "no_attachments",
    "renown",
    "setup",
    "stalwart",
    "stealth",
    "vengeful",
    "vigilant",
]
KEYWORDS: tuple[str, ...] = get_args(Keyword)
Crest = Literal["holy", "learned", "noble", "war"]
#: card types an effect can come from (for Immunity)
SourceType = Literal["character", "location", "attachment", "event", "plot", "agenda"]
#: what a target may be
TargetKind = Literal["character", "location", "attachment", "card"]
Duration = Literal["challenge", "phase", "round"]

Trigger = Literal[
    "played",  # this card was just played (marshalled) from hand
    "enters_play",  # this card just entered play (played or put into play)
    "challenge_won",  # you just won a challenge
    "challenge_lost",  # you just lost a challenge
    "attackers_declared",  # attackers were just declared (if.as: your side)
    "defenders_declared",  # defenders were just declared (if.as: your side)
    "character_killed",  # a character was just killed (if.card: which)
    "dominance_won",  # you just won dominance
    "phase_begins",  # a phase begins (if.phase)
    "phase_ends",  # a phase ends (if.phase)
    "would_be_killed",  # save: a card is about to be killed (if.card)
    "would_be_discarded",  # save: a card in play is about to be discarded
    "event_played",  # cancel: an event is being played (if.card)
    "action_taken",  # cancel: a card ability action is being used (if.card)
]
SAVE_TRIGGERS = frozenset({"would_be_killed", "would_be_discarded"})
CANCEL_TRIGGERS = frozenset({"event_played", "action_taken"})
#: triggers whose moment is tied to this very card
SELF_TRIGGERS = frozenset({"played", "enters_play"})

PlayerRef = Literal["you", "opponent", "each_opponent", "each_player"]

HouseRef = Annotated[str, Ref("houses")]


class CardFilter(ContentModel):
    """Which cards qualify: every given field must hold."""

    controller: Literal["you", "opponent", "any"] = "any"
    house: HouseRef | None = None
    trait: str | None = None
    crest: Crest | None = None
    unique: bool | None = None
    kneeling: bool | None = None
    participating: bool | None = None
    attacking: bool | None = None
    defending: bool | None = None
    icon: Icon | None = None
    keyword: Keyword | None = None
    max_strength: int | None = Field(default=None, ge=0)
    max_cost: int | None = Field(default=None, ge=0)
    has_power: bool | None = None
    not_self: bool = False

    @cached_property
    def groups(self) -> int:
        """Which groups of fields are set: 1 printed facts, 2 the card's state, 4 its
        part in the challenge (the referee tests only those; filters are read often)."""
        out = 0
        if any(
            v is not None for v in (self.house, self.trait, self.crest, self.unique, self.max_cost)
        ):
            out |= 1
        if any(
            v is not None
            for v in (self.kneeling, self.icon, self.keyword, self.max_strength, self.has_power)
        ):
            out |= 2
        if any(v is not None for v in (self.participating, self.attacking, self.defending)):
            out |= 4
        return out


class ChooseTarget(CardFilter):
    """The player resolving the effect chooses one qualifying card."""

    choose: TargetKind


class EachTarget(CardFilter):
    """Every qualifying card at once."""

    each: TargetKind


def _target_tag(value: Any) -> str:
    if isinstance(value, str):
        return "name"
    if isinstance(value, dict):
        return "each" if "each" in value else "choose"
    return "choose" if isinstance(value, ChooseTarget) else "each"


#: ``self`` (this card), ``host`` (the card this attachment is on),
#: ``{choose: character, …filters}`` or ``{each: character, …filters}``
Target = Annotated[
    Annotated[Literal["self", "host"], Tag("name")]
    | Annotated[ChooseTarget, Tag("choose")]
    | Annotated[EachTarget, Tag("each")],
    Discriminator(_target_tag),
]


class Condition(ContentModel):
    """When an ability may (or must) be used; every given field must hold."""

    challenge: Icon | None = None
    as_: Literal["attacker", "defender"] | None = Field(default=None, alias="as")
    participating: bool | None = None  # this card (an attachment: its host) participates
    unopposed: bool | None = None
    phase: (
        Literal["plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation"]
        | None
    ) = None
    card: CardFilter | None = None  # the card the trigger is about
    attacking: bool | None = None  # this card (or host) is attacking
    defending: bool | None = None
    kneeling: bool | None = None  # this card is kneeling
    behind: bool | None = None  # you have less power than some opponent
    hand_empty: bool | None = None  # you have no cards in hand


class Cost(ContentModel):
    """What is paid before the effect; a cost that cannot be paid bars the ability."""

    kneel_self: bool = False
    sacrifice_self: bool = False
    gold: int = Field(default=0, ge=0)
    kneel_influence: int = Field(default=0, ge=0)
    kneel: CardFilter | None = None  # kneel one standing card you control that qualifies


class PowerGain(ContentModel):
    """Power from the bank onto a card or onto a House (yours, or every player's at once)."""

    target: Literal["house"] | Target = "house"
    amount: int = Field(default=1, ge=1)
    player: Literal["you", "each_player"] = "you"  # whose House, for target: house


class StrengthChange(ContentModel):
    """A strength modifier that lasts until the end of the challenge, phase or round."""

    target: Target
    amount: int
    until: Duration = "phase"


class IconGain(ContentModel):
    """A challenge icon gained for a while."""

    target: Target
    icon: Icon
    until: Duration = "phase"


class KeywordGain(ContentModel):
    """A keyword gained for a while."""

    target: Target
    keyword: Keyword
    until: Duration = "phase"


class HandDiscard(ContentModel):
    """A player discards cards from hand (at random, or of his choice)."""

    player: PlayerRef = "opponent"
    amount: int = Field(default=1, ge=1)
    random: bool = True


class PowerMove(ContentModel):
    """Power moved from an opponent's House card to yours."""

    player: Literal["opponent"] = "opponent"
    amount: int = Field(default=1, ge=1)


class Search(ContentModel):
    """Look through your draw deck for a card that qualifies, take it into hand, shuffle."""

    type: TargetKind | Literal["event"] = "card"
    house: HouseRef | None = None
    trait: str | None = None
    max_cost: int | None = Field(default=None, ge=0)
    depth: int | None = Field(default=None, ge=1)  # only the top N cards


class PutIntoPlay(ContentModel):
    """Put a card into play from a zone, free of every cost and restriction."""

    source: Literal["hand", "discard"] = Field(default="hand", alias="from")
    type: Literal["character", "location"] = "character"
    house: HouseRef | None = None
    trait: str | None = None
    max_cost: int | None = Field(default=None, ge=0)


class Recover(ContentModel):
    """Return a card from your discard pile to your hand."""

    type: TargetKind | Literal["event"] = "card"
    trait: str | None = None
    house: HouseRef | None = None


def _many_tag(value: Any) -> str:
    return "many" if isinstance(value, list) else "one"


#: one effect, or a list of effects resolved in order
Effects = Annotated[
    Annotated["Effect", Tag("one")] | Annotated[list["Effect"], Tag("many")],
    Discriminator(_many_tag),
]

EFFECT_KEYS: tuple[str, ...] = (
    "gain_power",
    "draw",
    "gain_gold",
    "kill",
    "kneel",
    "stand",
    "discard",
    "return_to_hand",
    "remove_from_game",
    "take_control",
    "strength",
    "gain_icon",
    "gain_keyword",
    "discard_from_hand",
    "move_power",
    "search",
    "put_into_play",
    "recover",
    "on_win",
    "save",
    "cancel",
)


class Effect(OneKeyModel):
    """One thing that happens: exactly one of its effect words is given."""

    one_of: ClassVar[tuple[str, ...]] = EFFECT_KEYS
    one_key_noun: ClassVar[str] = "effect word"

    gain_power: PowerGain | None = None
    draw: int | None = Field(default=None, ge=1)
    gain_gold: int | None = Field(default=None, ge=1)
    kill: Target | None = None
    kneel: Target | None = None
    stand: Target | None = None
    discard: Target | None = None  # from play to its owner's discard pile
    return_to_hand: Target | None = None
    remove_from_game: Target | None = None
    take_control: Target | None = None
    strength: StrengthChange | None = None
    gain_icon: IconGain | None = None
    gain_keyword: KeywordGain | None = None
    discard_from_hand: HandDiscard | None = None
    move_power: PowerMove | None = None
    search: Search | None = None
    put_into_play: PutIntoPlay | None = None
    recover: Recover | None = None
    #: "if you win this challenge, …": resolves when the challenge is won (before the claim)
    on_win: Effects | None = None
    save: Literal[True] | None = None  # only on a save response: the card is not killed
    cancel: Literal[True] | None = None  # only on a cancel response: the action fizzles

    @cached_property
    def kind(self) -> str:
        """The effect's word (``kill``, ``draw`` …), read once: the referee asks often."""
        return self.key

    @cached_property
    def value(self) -> Any:
        """The effect's parameters (the value under its word)."""
        return getattr(self, self.kind)


class Passive(ContentModel):
    """A lasting effect: modifiers for the cards it affects, or for its controller."""

    #: which cards the card modifiers reach (default: this card; an attachment: its host)
    affects: Literal["self", "host"] | EachTarget | None = None
    strength: int | None = None
    icon: Icon | None = None
    keyword: Keyword | None = None
    no_stand: bool | None = None  # affected cards do not stand in the standing phase
    cost: int | None = None  # marshalling cost change for your cards in hand that qualify
    # modifiers for the controller
    claim: int | None = None  # claim value change (if.challenge narrows it)
    dominance: int | None = None  # added to your dominance total
    dominance_power: int | None = Field(default=None, ge=1)  # more power when you win dominance
    unopposed_power: int | None = Field(default=None, ge=1)  # more power for unopposed wins
    draw: int | None = Field(default=None, ge=1)  # more cards in the draw phase

    @model_validator(mode="after")
    def _something(self) -> Passive:
        fields = (
            "strength",
            "icon",
            "keyword",
            "no_stand",
            "cost",
            "claim",
            "dominance",
            "dominance_power",
            "unopposed_power",
            "draw",
        )
        if all(getattr(self, f) is None for f in fields):
            raise ValueError("a passive needs at least one of: " + ", ".join(fields))
        if isinstance(self.affects, EachTarget) and (
            self.affects.max_strength is not None or self.affects.has_power is not None
        ):
            raise ValueError("a passive's 'affects' cannot filter on strength or power")
        if self.affects is not None and not (
            self.strength is not None
            or self.icon
            or self.keyword
            or self.no_stand
            or self.cost is not None
        ):
            raise ValueError("'affects' needs a card modifier (strength, icon, keyword …)")
        return self

    @cached_property
    def player_mods(self) -> tuple[tuple[str, int], ...]:
        """(key, amount) of the player-level modifiers."""
        return tuple(
            (k, getattr(self, k))
            for k in ("claim", "dominance", "dominance_power", "unopposed_power", "draw")
            if getattr(self, k)
        )

    @cached_property
    def card_mods(self) -> bool:
        """Whether it changes cards (strength, icons, keywords, standing)."""
        return bool(self.strength or self.icon or self.keyword or self.no_stand)


TIMINGS = ("action", "response", "forced", "when_revealed", "passive")


class Ability(ContentModel):
    """One ability on a card: a timing, optional condition/cost/limit, and effects."""

    action: Phase | None = None
    response: Trigger | None = None
    forced: Trigger | None = None
    when_revealed: Literal[True] | None = None
    passive: Passive | None = None
    if_: Condition | None = Field(default=None, alias="if")
    cost: Cost | None = None
    limit: Duration | None = None
    limited: bool = False
    effect: Effects | None = None

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        timings = [t for t in TIMINGS if getattr(self, t) is not None]
        if len(timings) != 1:
            raise ValueError(
                "an ability has exactly one timing: " + ", ".join(TIMINGS)
                if not timings
                else "an ability has exactly one timing, got " + ", ".join(timings)
            )
        if self.passive is not None:
            if self.effect is not None or self.cost is not None:
                raise ValueError("a passive ability has no 'effect' or 'cost'")
            p = self.passive
            if self.if_ is not None and (p.icon or p.keyword or p.no_stand or p.cost is not None):
                raise ValueError(
                    "a passive with 'if' may change only strength, claim, dominance, "
                    "dominance_power, unopposed_power or draw"
                )
        elif self.effect is None:
            raise ValueError("this ability needs an 'effect'")
        effects = self.effects
        trigger = self.response or self.forced
        for e in effects:
            if e.save is not None and trigger not in SAVE_TRIGGERS:
                raise ValueError("'save' works only on a would_be_killed/discarded response")
            if e.cancel is not None and trigger not in CANCEL_TRIGGERS:
                raise ValueError("'cancel' works only on an event_played/action_taken response")
        if self.forced in SAVE_TRIGGERS or self.forced in CANCEL_TRIGGERS:
            raise ValueError("saves and cancels are responses, never forced")
        if self.limited and self.response is None:
            raise ValueError("only a response can be Limited (limited: true)")
        return self

    @cached_property
    def effects(self) -> list[Effect]:
        """The effects as a list (empty for a passive)."""
        if self.effect is None:
            return []
        return self.effect if isinstance(self.effect, list) else [self.effect]

    @property
    def timing(self) -> str:
        """Which timing key is set."""
        for t in TIMINGS:
            if getattr(self, t) is not None:
                return t
        raise AssertionError("validated ability without a timing")


Effect.model_rebuild()

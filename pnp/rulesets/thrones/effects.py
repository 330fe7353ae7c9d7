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
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import Discriminator, Field, PositiveInt, Tag, model_validator

from pnp.content import ContentModel, Ref
from pnp.content.onekey import OneKeyModel
from pnp.content.vocabulary import Vocabulary, Word
from pnp.content.words import plural
from pnp.engine.flow import Flow
from pnp.rulesets.thrones.zones import DISCARD, HAND, PLAY, REMOVED

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame
    from pnp.rulesets.thrones.state import Card
    from pnp.rulesets.thrones.text import Phrasing

#: what an effect's resolution may read and write besides the game (``challenge``,
#: ``saved``, ``cancelled``)
Ctx = dict[str, Any]

#: the phases of a round
RoundPhase = Literal[
    "plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation"
]
#: a phase an action may be taken in (``any``: every phase)
Phase = Literal[RoundPhase, "any"]
PHASES: tuple[str, ...] = get_args(RoundPhase)
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
#: icons and keywords as bits of a card's masks
ICON_BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(ICONS)}
KW_BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(KEYWORDS)}
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
    phase: RoundPhase | None = None
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
    Annotated["Effect", Tag("one")] | Annotated[list["Effect"], Field(min_length=1), Tag("many")],
    Discriminator(_many_tag),
]


# ---------------------------------------------------------------- the words
#
# Each effect word is one entry: its schema, its printed text (``text``, given
# a Phrasing that knows the card's name and the House names) and how the
# referee resolves it (``resolve``, on the game; a generator when it asks a
# player, None when it asks nothing). Effects resolve in order (TH-ACT-03).


class ThronesWord(Word):
    """An effect word of the thrones vocabulary."""

    def text(self, value: Any, say: Phrasing) -> str:
        """The printed words for ``value`` (lower case, no full stop)."""
        raise NotImplementedError

    def resolve(
        self, g: ThronesGame, seat: int, src: Card | None, value: Any, ctx: Ctx
    ) -> Flow | None:
        """Resolve the effect for ``seat`` from ``src`` (``None``: a plot's or a rule's)."""
        raise NotImplementedError


WORDS: Vocabulary[ThronesWord] = Vocabulary("effect word")


def _source(src: Card | None) -> str:
    """The id an event names as the effect's source."""
    return src.d.id if src is not None else ""


@WORDS.add
class GainPower(ThronesWord):
    """Power from the bank onto a card or onto a House (yours, or every player's at once)."""

    name = "gain_power"
    schema = PowerGain

    def text(self, v: PowerGain, say: Phrasing) -> str:
        if v.target == "house":
            if v.player == "each_player":
                return f"each player gains {v.amount} power for his House"
            return f"gain {v.amount} power for your House"
        return f"{say.target(v.target)} gains {v.amount} power"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: PowerGain, ctx: Ctx) -> Flow:
        name = _source(src)
        if v.target == "house":
            if v.player == "each_player":
                # TH-WIN-02: timed trigger: only a gain for several players reaches it
                # (one check after all of them gained)
                for o in g.order_from(seat):
                    yield from g.place_power(o, v.amount, name, None)
                g.check_win()
            else:
                yield from g.gain_house_power(seat, v.amount, name)
        else:
            for t in (yield from g.pick_target(seat, src, v.target, ctx, "power")):
                g.card_power(t, v.amount, name)


@WORDS.add
class Draw(ThronesWord):
    """Draw cards from your deck."""

    name = "draw"
    schema = PositiveInt

    def text(self, v: int, say: Phrasing) -> str:
        return f"draw {plural(v, 'card')}"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: int, ctx: Ctx) -> None:
        n = g.draw(seat, v, effect=True)
        g.emit("cards_drawn", seat, amount=n, card=_source(src))


@WORDS.add
class GainGold(ThronesWord):
    """Gold from the treasury."""

    name = "gain_gold"
    schema = PositiveInt

    def text(self, v: int, say: Phrasing) -> str:
        return f"gain {v} [gold]"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: int, ctx: Ctx) -> None:
        g.seats[seat].gold += v
        g.emit("gold_gained", seat, amount=v, card=_source(src))


@WORDS.add
class Kill(ThronesWord):
    """Kill the target: it goes to the dead pile, unless saved."""

    name = "kill"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"kill {say.target(v)}"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        victims = yield from g.pick_target(seat, src, v, ctx, "kill")
        yield from g.kill(victims, seat, _source(src))


@WORDS.add
class Kneel(ThronesWord):
    """Kneel the target."""

    name = "kneel"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"kneel {say.target(v)}"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "kneel")):
            if g.kneel(t):
                g.emit("card_knelt", t.controller, card=t.d.id, by=_source(src))


@WORDS.add
class Stand(ThronesWord):
    """Stand the target."""

    name = "stand"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"stand {say.target(v)}"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "stand")):
            if t.kneeling:
                t.kneeling = False
                g.emit("card_stood", t.controller, card=t.d.id, reason=_source(src))


@WORDS.add
class Discard(ThronesWord):
    """Discard the target from play to its owner's discard pile, unless saved."""

    name = "discard"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"discard {say.target(v)} from play"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "discard")):
            if t.zone != PLAY:
                continue
            if (yield from g.offer_saves(t, "would_be_discarded", seat)):
                continue
            owner = t.owner
            dest = g.leave_play(t, DISCARD)
            g.emit("card_discarded", owner, card=t.d.id, reason=_source(src), to=dest)


@WORDS.add
class ReturnToHand(ThronesWord):
    """Return the target from play to its owner's hand."""

    name = "return_to_hand"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"return {say.target(v)} to its owner's hand"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "return")):
            if t.zone != PLAY:
                continue
            if t.dupes and (yield from g.offer_saves(t, "would_be_returned", seat)):
                continue
            g.leave_play(t, HAND)
            g.emit("card_returned", t.owner, card=t.d.id)


@WORDS.add
class RemoveFromGame(ThronesWord):
    """Remove the target from the game."""

    name = "remove_from_game"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"remove {say.target(v)} from the game"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "remove")):
            if t.zone == PLAY:
                g.leave_play(t, REMOVED)
                g.emit("card_removed", t.owner, card=t.d.id)


@WORDS.add
class TakeControl(ThronesWord):
    """Take control of the target (TH-ZONE-07)."""

    name = "take_control"
    schema = Target

    def text(self, v: Any, say: Phrasing) -> str:
        return f"take control of {say.target(v)}"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v, ctx, "control")):
            g.take_control(seat, t)


@WORDS.add
class Strength(ThronesWord):
    """A strength modifier until the end of the challenge, phase or round."""

    name = "strength"
    schema = StrengthChange

    def text(self, v: StrengthChange, say: Phrasing) -> str:
        sign = "+" if v.amount >= 0 else "-"
        amount = f"{sign}{abs(v.amount)} STR until the end of the {v.until}"
        if isinstance(v.target, ChooseTarget):
            return f"give {say.target(v.target)} {amount}"
        return f"{say.target(v.target)} gets {amount}"

    def resolve(
        self, g: ThronesGame, seat: int, src: Card | None, v: StrengthChange, ctx: Ctx
    ) -> Flow:
        for t in (yield from g.pick_target(seat, src, v.target, ctx, "strength")):
            g.add_lasting(t, "str", v.amount, v.until)
            g.emit("strength_changed", t.controller, card=t.d.id, amount=v.amount)


@WORDS.add
class GainIcon(ThronesWord):
    """A challenge icon gained for a while."""

    name = "gain_icon"
    schema = IconGain

    def text(self, v: IconGain, say: Phrasing) -> str:
        return (
            f"{say.target(v.target)} gains {say.article(v.icon)} [{v.icon}] icon "
            f"until the end of the {v.until}"
        )

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: IconGain, ctx: Ctx) -> Flow:
        for t in (yield from g.pick_target(seat, src, v.target, ctx, "icon")):
            g.add_lasting(t, "icon", ICON_BIT[v.icon], v.until)
            g.emit("icon_gained", t.controller, card=t.d.id, icon=v.icon)


@WORDS.add
class GainKeyword(ThronesWord):
    """A keyword gained for a while."""

    name = "gain_keyword"
    schema = KeywordGain

    def text(self, v: KeywordGain, say: Phrasing) -> str:
        gained = say.keyword(v.keyword)
        return f"{say.target(v.target)} gains {gained} until the end of the {v.until}"

    def resolve(
        self, g: ThronesGame, seat: int, src: Card | None, v: KeywordGain, ctx: Ctx
    ) -> Flow:
        for t in (yield from g.pick_target(seat, src, v.target, ctx, "keyword")):
            g.add_lasting(t, "kw", KW_BIT[v.keyword], v.until)
            g.emit("keyword_gained", t.controller, card=t.d.id, keyword=v.keyword)


_DISCARDERS = {
    "you": "you discard",
    "opponent": "an opponent discards",
    "each_opponent": "each opponent discards",
    "each_player": "each player discards",
}


@WORDS.add
class DiscardFromHand(ThronesWord):
    """A player discards cards from hand, at random or of his choice."""

    name = "discard_from_hand"
    schema = HandDiscard

    def text(self, v: HandDiscard, say: Phrasing) -> str:
        how = "at random" if v.random else "of his choice"
        return f"{_DISCARDERS[v.player]} {plural(v.amount, 'card')} {how} from hand"

    def resolve(
        self, g: ThronesGame, seat: int, src: Card | None, v: HandDiscard, ctx: Ctx
    ) -> Flow:
        for p in (yield from g.players_for(seat, v.player, ctx)):
            hand = g.seats[p].hand
            for _ in range(min(v.amount, len(hand))):
                if v.random:
                    c = hand[g.rng.randrange(len(hand))]
                else:
                    opts = g.label_cards("discard", g.distinct(hand))
                    c = (yield from g.ask(p, "discard", opts)).data
                g.discard_from_hand(p, c, _source(src))


@WORDS.add
class MovePower(ThronesWord):
    """Power moved from an opponent's House card to yours."""

    name = "move_power"
    schema = PowerMove

    def text(self, v: PowerMove, say: Phrasing) -> str:
        return f"move {v.amount} power from an opponent's House to yours"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: PowerMove, ctx: Ctx) -> Flow:
        o = yield from g.opponent_for(seat, ctx)
        yield from g.move_house_power(o, seat, v.amount, _source(src))


@WORDS.add
class SearchDeck(ThronesWord):
    """Search your deck for a card that qualifies, take it into hand, shuffle (TH-ZONE-08)."""

    name = "search"
    schema = Search

    def text(self, v: Search, say: Phrasing) -> str:
        kind = "card" if v.type == "card" else v.type
        what = say.cards(CardFilter(house=v.house, trait=v.trait), kind)
        if v.max_cost is not None:
            what += f" costing {v.max_cost} or less"
        where = f"the top {v.depth} cards of your deck" if v.depth else "your deck"
        return f"search {where} for {what}, add it to your hand, and shuffle your deck"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Search, ctx: Ctx) -> Flow:
        s = g.seats[seat]
        pool = s.deck if v.depth is None else s.deck[-v.depth :]
        cands = [c for c in pool if g.zone_card_ok(c, v.type, v.trait, v.house, v.max_cost)]
        if cands:
            opts = g.label_cards("search", g.distinct(reversed(cands)))
            c = (yield from g.ask(seat, "search", opts)).data
            s.deck.remove(c)
            g.put_zone(c, HAND)
            g.emit("card_searched", seat, card=c.d.id, revealed=True)
        g.shuffle(seat)


@WORDS.add
class PutIntoPlayWord(ThronesWord):
    """Put a card into play from hand or discard pile, free of every cost (TH-MARSH-09)."""

    name = "put_into_play"
    schema = PutIntoPlay

    def text(self, v: PutIntoPlay, say: Phrasing) -> str:
        what = say.cards(CardFilter(house=v.house, trait=v.trait, max_cost=v.max_cost), v.type)
        where = "your hand" if v.source == "hand" else "your discard pile"
        return f"put {what} into play from {where}"

    def resolve(
        self, g: ThronesGame, seat: int, src: Card | None, v: PutIntoPlay, ctx: Ctx
    ) -> Flow:
        s = g.seats[seat]
        zone = s.hand if v.source == "hand" else s.discard
        cands = [
            c
            for c in zone
            if g.zone_card_ok(c, v.type, v.trait, v.house, v.max_cost)
            and not (c.d.unique and g.unique_copy(seat, c.d)[0])
        ]
        if not cands:
            return
        opts = g.label_cards("put", g.distinct(cands))
        c = (yield from g.ask(seat, "put_into_play", opts)).data
        g.enter_play(c, seat)
        g.emit("card_put_into_play", seat, card=c.d.id, by=_source(src))
        yield from g.trigger_self(c, "enters_play", {})


@WORDS.add
class RecoverWord(ThronesWord):
    """Return a card from your discard pile to your hand."""

    name = "recover"
    schema = Recover

    def text(self, v: Recover, say: Phrasing) -> str:
        kind = "card" if v.type == "card" else v.type
        what = say.cards(CardFilter(house=v.house, trait=v.trait), kind)
        return f"return {what} from your discard pile to your hand"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Recover, ctx: Ctx) -> Flow:
        s = g.seats[seat]
        cands = [c for c in s.discard if g.zone_card_ok(c, v.type, v.trait, v.house, None)]
        if cands:
            opts = g.label_cards("recover", g.distinct(cands))
            c = (yield from g.ask(seat, "recover", opts)).data
            s.discard.remove(c)
            g.put_zone(c, HAND)
            g.emit("card_recovered", seat, card=c.d.id)


@WORDS.add
class OnWin(ThronesWord):
    """ "If you win this challenge, …": effects that resolve when the challenge is won,
    before the claim."""

    name = "on_win"
    schema = Effects

    def text(self, v: Any, say: Phrasing) -> str:
        return "if you win this challenge, " + say.effects(v if isinstance(v, list) else [v])

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: Any, ctx: Ctx) -> None:
        ch = ctx.get("challenge") or g.ch
        if ch is not None:
            ch.delayed.append((seat, v, src))


@WORDS.add
class Save(ThronesWord):
    """On a save response: the card about to be killed or discarded is not (TH-ACT-11)."""

    name = "save"
    schema = Literal[True]
    when = ("would_be_killed", "would_be_discarded")

    def text(self, v: bool, say: Phrasing) -> str:
        return "save it"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: bool, ctx: Ctx) -> None:
        ctx["saved"] = True


@WORDS.add
class Cancel(ThronesWord):
    """On a cancel response: the event or action being used fizzles (TH-ACT-12)."""

    name = "cancel"
    schema = Literal[True]
    when = ("event_played", "action_taken")

    def text(self, v: bool, say: Phrasing) -> str:
        return "cancel it"

    def resolve(self, g: ThronesGame, seat: int, src: Card | None, v: bool, ctx: Ctx) -> None:
        ctx["cancelled"] = True


@WORDS.model
class Effect(OneKeyModel):
    """One thing that happens: exactly one of its effect words (:data:`WORDS`) is given."""

    @cached_property
    def kind(self) -> str:
        """The effect's word (``kill``, ``draw`` …), read once: the referee asks often."""
        return self.key

    @cached_property
    def value(self) -> Any:
        """The effect's parameters (the value under its word)."""
        return getattr(self, self.kind)

    @cached_property
    def word(self) -> ThronesWord:
        """The word's entry in :data:`WORDS`: its text and its resolution."""
        return WORDS[self.kind]


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
        aff = self.affects
        if (
            isinstance(aff, EachTarget)
            and (self.icon or self.keyword or self.no_stand)
            and any(
                v is not None
                for v in (aff.kneeling, aff.attacking, aff.defending, aff.participating)
            )
        ):
            # TH-ACT-07: such a passive would have to be re-read at every kneel and every
            # declaration; the referee reads only strength that way (at each strength read)
            raise ValueError(
                "a passive whose 'affects' picks cards by kneeling, attacking, defending or "
                "participating may change only strength"
            )
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
        for e in effects:
            if e.word.when and not (self.response and e.word.fits(self.response)):
                raise ValueError(
                    f"'{e.kind}' works only on a response to " + " or ".join(e.word.when)
                )
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

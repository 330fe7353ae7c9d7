"""The Iron Throne ability vocabulary: timing windows, conditions, costs, effects.

Every leader sheet and character card carries one ability written as data::

    title: Iron Resolve
    when: after_cards_revealed          # a timing window
    if: {active: true, outcome: hostility}   # all must hold
    cost: {sheet_to_box: 1}             # optional, paid when the ability is used
    do:                                 # effects, resolved in order
      - bonus: 3

This module is the single definition of that vocabulary. Each effect word is
one entry of :data:`WORDS`: its schema (pydantic, so an unknown word is a
located validation error), its printed text, the windows it fits, whether it
needs a side, when it would do something and how it resolves.
:func:`check_ability` checks which words fit together and :func:`describe`
writes an ability's printed text; :mod:`pnp.rulesets.ironthrone.abilities`
compiles an ability's conditions and runs its words for the referee. Using an
ability is always optional.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, PositiveInt

from pnp.content import ContentModel
from pnp.content.model import Loc
from pnp.content.onekey import OneKeyModel
from pnp.content.vocabulary import Vocabulary, Word
from pnp.content.words import plural
from pnp.engine.flow import Flow
from pnp.rulesets.ironthrone.state import BETRAYAL, other_side

if TYPE_CHECKING:
    from pnp.rulesets.ironthrone.rules.moves import Moves

# ---------------------------------------------------------------- windows

#: Timing windows in the order they occur in a turn: name -> printed phrase.
WINDOWS: dict[str, str] = {
    "before_your_turn": "Before your turn",
    "after_defender_chosen": "Once the defender is named",
    "before_support_offer": "Before another player offers support",
    "after_support": "Once every support offer is settled",
    "before_cards_placed": "Before house cards go facedown",
    "after_cards_revealed": "Once house cards are revealed",
    "after_resolution": "When the resolution phase ends",
}
#: Window index by name, for quick comparisons at run time.
WINDOW_INDEX: dict[str, int] = {name: i for i, name in enumerate(WINDOWS)}
#: Windows a character card may use: its character must participate, and
#: participation starts with the encounter phase.
CARD_WINDOWS = ("before_cards_placed", "after_cards_revealed", "after_resolution")

Window = Literal[
    "before_your_turn",
    "after_defender_chosen",
    "before_support_offer",
    "after_support",
    "before_cards_placed",
    "after_cards_revealed",
    "after_resolution",
]
Outcome = Literal["hostility", "truce", "betrayal"]
#: Who an effect strikes, always seen from the user's side of the encounter.
Who = Literal["opposing_active", "opposing_supporters", "opposing_side"]

WHO_TEXT: dict[str, tuple[str, str]] = {
    # (subject, possessive) phrases
    "opposing_active": ("the opposing active player", "their"),
    "opposing_supporters": ("each supporting player on the opposing side", "their"),
    "opposing_side": ("each player on the opposing side", "their"),
}

# ---------------------------------------------------------------- models


class Conditions(ContentModel):
    """What must hold for an ability to be usable (``if:``); every given one must.

    Flags given as ``false`` require the opposite (``active: false``: you are
    not an active player).
    """

    active: bool | None = None
    challenger: bool | None = None
    defender: bool | None = None
    supporting: bool | None = None
    participating: bool | None = None
    outcome: Outcome | None = None
    side: Literal["won", "lost"] | None = None
    revealed: Literal["hostility", "truce"] | None = None
    behind: bool | None = None
    influence_over_them: bool | None = None
    sheet_at_least: int | None = Field(default=None, ge=1)
    hand_at_least: int | None = Field(default=None, ge=1)


class Cost(ContentModel):
    """What using the ability costs; an ability you cannot pay for is not usable."""

    sheet_to_box: int | None = Field(default=None, ge=1)
    discard: int | None = Field(default=None, ge=1)


class PowerLoss(ContentModel):
    """``remove_power``: each struck player moves power off their participating character."""

    who: Who
    amount: int = Field(ge=1)


class PowerCut(ContentModel):
    """``cut_power``: each struck player keeps only ``keep`` power on their character."""

    who: Who
    keep: int = Field(ge=1)


class PlaceFirst(ContentModel):
    """``place_first``: the opposing active player places their house card first."""

    faceup: bool = True


# ---------------------------------------------------------------- the words
#
# Each effect word is one entry: its schema, its printed text, the windows it
# fits (``when``), whether it needs its user on a side of the encounter, when
# it would do something (``feasible``: an ability none of whose effects would
# is not offered) and how the referee resolves it (``resolve``: None when it
# asks nothing, else the flow that asks).


class ThroneWord(Word):
    """An effect word of the Iron Throne vocabulary."""

    #: it acts on the opposing side: its user must be on a side of the encounter
    sided: ClassVar[bool] = False
    #: it is for an active player (the challenger or the defender) only
    active_only: ClassVar[bool] = False
    #: it always does something, so it needs no feasibility test
    always: ClassVar[bool] = False

    def text(self, value: Any) -> str:
        """The printed words for ``value`` (lower case, no full stop)."""
        raise NotImplementedError

    def feasible(self, r: Moves, s: int, value: Any, c: Any) -> bool:
        """Whether the effect would do anything for seat ``s`` now (``c``: the
        window's context, the seat about to offer support, or ``None``)."""
        return True

    def resolve(self, r: Moves, s: int, value: Any, c: Any) -> Flow | None:
        """Resolve the effect for seat ``s``."""
        raise NotImplementedError


WORDS: Vocabulary[ThroneWord] = Vocabulary("effect word")

#: the windows of an encounter in which both sides are known
ENCOUNTER: tuple[str, ...] = ("before_cards_placed", "after_cards_revealed")


def _who(who: str) -> str:
    return WHO_TEXT[who][0]


@WORDS.add
class Draw(ThroneWord):
    """Draw cards from your house deck."""

    name = "draw"
    schema = PositiveInt
    always = True

    def text(self, n: int) -> str:
        return f"draw {plural(n, 'card')}"

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.draw(s, n)


@WORDS.add
class Discard(ThroneWord):
    """Discard cards of your choice from your hand."""

    name = "discard"
    schema = PositiveInt

    def text(self, n: int) -> str:
        return f"discard {plural(n, 'card')} of your choice"

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return bool(r.hand[s])

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> Flow:
        return r.discard_chosen(s, n)


@WORDS.add
class Distribute(ThroneWord):
    """Move this much power from your leader sheet onto your characters, or all it holds
    if less (IT-GAP-06); no player may keep it back, as in the preparation phase."""

    name = "distribute"
    schema = PositiveInt

    def text(self, n: int) -> str:
        return (
            f"distribute {n} power from your leader sheet (all it holds, if less) among "
            "your characters"
        )

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return r.sheet[s] > 0 and r.has_living(s)

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> Flow:
        # exactly min(n, sheet): the printed text leaves no power to keep back
        return r.distribute(s, n)


@WORDS.add
class DistributeUpTo(ThroneWord):
    """Move as much power as you choose, at least 1 and at most this much (or all the
    sheet holds, if less), from your leader sheet onto your characters: the rulebook's
    sample leader Maternal (IT-TEXT-06) lets its player keep power back, unlike
    ``distribute``. The ability being optional, passing it places nothing."""

    name = "distribute_up_to"
    schema = PositiveInt

    def text(self, n: int) -> str:
        if n == 1:  # nothing to choose but where: ``distribute: 1``
            return "distribute 1 power from your leader sheet onto one of your characters"
        return (
            f"distribute as much power from your leader sheet as you like, from 1 up to {n}, "
            "among your characters"
        )

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return r.sheet[s] > 0 and r.has_living(s)

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> Flow:
        return r.distribute(s, n, up_to=True)


@WORDS.add
class Reshuffle(ThroneWord):
    """Shuffle your discard pile back into your house deck."""

    name = "reshuffle"
    schema = Literal[True]

    def text(self, v: bool) -> str:
        return "shuffle your discard pile into your house deck"

    def feasible(self, r: Moves, s: int, v: bool, c: Any) -> bool:
        return bool(r.discard[s])

    def resolve(self, r: Moves, s: int, v: bool, c: Any) -> None:
        r.reshuffle(s)


@WORDS.add
class ResolveAs(ThroneWord):
    """A betrayal outcome resolves as a truce instead."""

    name = "resolve_as"
    schema = Literal["truce"]
    when = ("after_cards_revealed",)
    sided = True
    active_only = True

    def text(self, v: str) -> str:
        return f"the encounter resolves as a {v} outcome instead"

    def feasible(self, r: Moves, s: int, v: str, c: Any) -> bool:
        return r.outcome == BETRAYAL

    def resolve(self, r: Moves, s: int, v: str, c: Any) -> None:
        r.resolve_as_truce(s)


@WORDS.add
class ForceSupport(ThroneWord):
    """The player about to offer support joins your side with a character you pick."""

    name = "force_support"
    schema = Literal[True]
    when = ("before_support_offer",)
    sided = True
    active_only = True

    def text(self, v: bool) -> str:
        return (
            "pick one of that player's living characters: it joins your side as their "
            "support, and they make no offer of their own"
        )

    def feasible(self, r: Moves, s: int, v: bool, c: Any) -> bool:
        return c is not None and r.can_force_support(c)

    def resolve(self, r: Moves, s: int, v: bool, c: Any) -> Flow:
        return r.force_support(s, c)


@WORDS.add
class UpgradeHostility(ThroneWord):
    """A revealed hostility card is swapped for a higher one from the same hand."""

    name = "upgrade_hostility"
    schema = Literal[True]
    when = ("after_cards_revealed",)

    def text(self, v: bool) -> str:
        return (
            "pick an active player who revealed a hostility card; if they hold a hostility "
            "card of higher value, it takes the revealed card's place (they pick which) and "
            "the revealed card is discarded"
        )

    def feasible(self, r: Moves, s: int, v: bool, c: Any) -> bool:
        return bool(r.upgrade_targets())

    def resolve(self, r: Moves, s: int, v: bool, c: Any) -> Flow:
        return r.upgrade_hostility(s)


@WORDS.add
class RemovePower(ThroneWord):
    """Each struck player moves power off their participating character."""

    name = "remove_power"
    schema = PowerLoss
    when = (*ENCOUNTER, "after_resolution")
    sided = True

    def text(self, p: PowerLoss) -> str:
        return (
            f"{_who(p.who)} moves {p.amount} power from their participating character "
            "to their leader sheet"
        )

    def feasible(self, r: Moves, s: int, p: PowerLoss, c: Any) -> bool:
        return any(r.char_power_of(t) > 0 for t in r.targets(s, p.who))

    def resolve(self, r: Moves, s: int, p: PowerLoss, c: Any) -> None:
        r.strike(s, p.who, p.amount, None)


@WORDS.add
class CutPower(ThroneWord):
    """Each struck player keeps only so much power on their participating character."""

    name = "cut_power"
    schema = PowerCut
    when = (*ENCOUNTER, "after_resolution")
    sided = True

    def text(self, p: PowerCut) -> str:
        return (
            f"{_who(p.who)} moves all but {p.keep} power from their participating character "
            "to their leader sheet"
        )

    def feasible(self, r: Moves, s: int, p: PowerCut, c: Any) -> bool:
        return any(r.char_power_of(t) > p.keep for t in r.targets(s, p.who))

    def resolve(self, r: Moves, s: int, p: PowerCut, c: Any) -> None:
        r.strike(s, p.who, None, p.keep)


@WORDS.add
class PlaceFirstWord(ThroneWord):
    """The opposing active player places their house card first, face up or down."""

    name = "place_first"
    schema = PlaceFirst
    when = ("before_cards_placed",)
    sided = True

    def text(self, p: PlaceFirst) -> str:
        faceup = ", face up" if p.faceup else ""
        return f"the opposing active player places their house card first{faceup}"

    def feasible(self, r: Moves, s: int, p: PlaceFirst, c: Any) -> bool:
        return r.can_place_first(s)

    def resolve(self, r: Moves, s: int, p: PlaceFirst, c: Any) -> None:
        r.set_place_first(s, p.faceup)


@WORDS.add
class Bonus(ThroneWord):
    """Add to your side's total."""

    name = "bonus"
    schema = PositiveInt
    when = ENCOUNTER
    sided = True
    always = True

    def text(self, n: int) -> str:
        return f"add {n} to your side's total"

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.add_bonus(r.side[s], n)


@WORDS.add
class Weaken(ThroneWord):
    """Take from the opposing side's total."""

    name = "weaken"
    schema = PositiveInt
    when = ENCOUNTER
    sided = True
    always = True

    def text(self, n: int) -> str:
        return f"take {n} off the opposing side's total"

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.add_bonus(other_side(r.side[s]), -n)


@WORDS.add
class TakeHostage(ThroneWord):
    """Take a hostage from the opposing active player, or from each opposing player."""

    name = "take_hostage"
    schema = Literal["opposing_active", "opposing_side"]
    sided = True

    def text(self, who: str) -> str:
        if who == "opposing_active":
            return "take 1 hostage from the opposing active player"
        return "take 1 hostage from each player on the opposing side"

    def feasible(self, r: Moves, s: int, who: str, c: Any) -> bool:
        # a victim spared penalties (shielded) gives no hostage: no such victim, no offer
        return r.can_receive(s) and bool(r.victims(r.targets(s, who)))

    def resolve(self, r: Moves, s: int, who: str, c: Any) -> Flow:
        return r.hostages_from(s, r.targets(s, who))


@WORDS.add
class StealPower(ThroneWord):
    """Move power from the opposing active player's leader sheet to yours."""

    name = "steal_power"
    schema = PositiveInt
    sided = True

    def text(self, n: int) -> str:
        return f"move {n} power from the opposing active player's leader sheet to yours"

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return any(r.sheet[t] > 0 for t in r.targets(s, "opposing_active"))

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.steal_power(s, n)


@WORDS.add
class Withdraw(ThroneWord):
    """A supporting player on the opposing side, of your choice, withdraws."""

    name = "withdraw"
    schema = Literal["opposing_supporter"]
    when = ENCOUNTER
    sided = True

    def text(self, v: str) -> str:
        # the ability is offered with no such supporter when another of its effects
        # still works (Gold Cloaks' weaken): the words say the withdrawal may find nobody
        return "pick a supporting player on the opposing side, if there is one: they withdraw"

    def feasible(self, r: Moves, s: int, v: str, c: Any) -> bool:
        return bool(r.targets(s, "opposing_supporters"))

    def resolve(self, r: Moves, s: int, v: str, c: Any) -> Flow:
        return r.withdraw_one(s)


@WORDS.add
class Shield(ThroneWord):
    """You, or your whole side, suffer no penalties this encounter."""

    name = "shield"
    schema = Literal["you", "your_side"]
    when = ENCOUNTER
    sided = True
    always = True

    def text(self, v: str) -> str:
        if v == "you":
            return "you suffer no penalties this encounter"
        return "the players on your side suffer no penalties this encounter"

    def resolve(self, r: Moves, s: int, v: str, c: Any) -> None:
        r.shield(s, v)


@WORDS.add
class Spread(ThroneWord):
    """Spread your influence onto the opposing active player's board."""

    name = "spread"
    schema = PositiveInt
    sided = True

    def text(self, n: int) -> str:
        return f"spread {n} influence onto the opposing active player's board"

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return r.left[s] > 0 and bool(r.targets(s, "opposing_active"))

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.spread_to_opponent(s, n)


@WORDS.add
class OpponentDiscards(ThroneWord):
    """The opposing active player discards cards at random."""

    name = "opponent_discards"
    schema = PositiveInt
    sided = True

    def text(self, n: int) -> str:
        return f"the opposing active player discards {plural(n, 'card')} at random"

    def feasible(self, r: Moves, s: int, n: int, c: Any) -> bool:
        return any(r.hand[t] for t in r.targets(s, "opposing_active"))

    def resolve(self, r: Moves, s: int, n: int, c: Any) -> None:
        r.random_discard(s, n)


@WORDS.add
class DenyRewards(ThroneWord):
    """The opposing active player gets no rewards this encounter."""

    name = "deny_rewards"
    schema = Literal["opposing_active"]
    when = ENCOUNTER
    sided = True

    def text(self, v: str) -> str:
        return "the opposing active player gets no rewards this encounter"

    def feasible(self, r: Moves, s: int, v: str, c: Any) -> bool:
        return bool(r.targets(s, "opposing_active"))

    def resolve(self, r: Moves, s: int, v: str, c: Any) -> None:
        r.deny_rewards(s)


@WORDS.model
class Effect(OneKeyModel):
    """One effect: exactly one of its effect words (:data:`WORDS`) is given."""

    @property
    def kind(self) -> str:
        """The effect's word (its one given field)."""
        return self.key

    @property
    def param(self) -> Any:
        """The effect's parameter (the value of its one given field)."""
        return self.value

    @property
    def word(self) -> ThroneWord:
        """The word's entry in :data:`WORDS`."""
        return WORDS[self.key]


class Ability(ContentModel):
    """A leader ability or a character card's text, as data."""

    title: str = Field(min_length=1)
    when: Window
    if_: Conditions = Field(default_factory=Conditions, alias="if")
    cost: Cost | None = None
    do: list[Effect] = Field(min_length=1)


# ---------------------------------------------------------------- checks

#: Windows each condition may be tested in (absent: every window).
CONDITION_WINDOWS: dict[str, tuple[str, ...]] = {
    "outcome": ("after_cards_revealed", "after_resolution"),
    "side": ("after_resolution",),
    "revealed": ("after_cards_revealed", "after_resolution"),
    "behind": ("before_cards_placed", "after_cards_revealed"),
    "influence_over_them": ("before_support_offer",),
}
#: Conditions that put the user on a side when they hold (value True or any value).
SIDE_CONDITIONS = ("active", "challenger", "defender", "supporting", "participating", "side")


def check_ability(ability: Ability, *, card: bool) -> Iterator[tuple[Loc, str]]:
    """Yield ``(loc, message)`` for words that do not fit together.

    ``loc`` is relative to the ability. ``card`` is true for character cards,
    which can only be used while their character participates.
    """
    when = ability.when
    if card and when not in CARD_WINDOWS:
        yield (
            ("when",),
            f"a character card is used while its character participates, from the encounter "
            f"phase on; use one of {', '.join(CARD_WINDOWS)}",
        )
    conds = ability.if_
    for name in type(conds).model_fields:
        value = getattr(conds, name)
        if value is None:
            continue
        fits = CONDITION_WINDOWS.get(name)
        if fits and when not in fits:
            yield (
                ("if", name),
                f"{name!r} cannot be tested {WINDOWS[when].lower()} (when: {when}; "
                f"it can be tested in: {', '.join(fits)})",
            )
    # before your turn there is no encounter yet, so no opposing side to act on: a
    # sided effect there could never be used
    on_side = when != "before_your_turn" and (
        card or any(getattr(conds, name) not in (None, False) for name in SIDE_CONDITIONS)
    )
    for i, effect in enumerate(ability.do):
        kind, word = effect.kind, effect.word
        if not word.fits(when):
            yield (
                ("do", i, kind),
                f"{kind!r} cannot be used {WINDOWS[when].lower()} (when: {when}; "
                f"it fits: {', '.join(word.when)})",
            )
        if word.sided and when == "before_your_turn":
            yield (
                ("do", i, kind),
                f"{kind!r} acts on the opposing side, and before your turn there is none "
                "yet: use it in a window of the encounter",
            )
        elif word.sided and not on_side:
            yield (
                ("do", i, kind),
                f"{kind!r} acts on the opposing side: put you on a side under 'if:' "
                "(active: true, challenger: true, defender: true, supporting: true, "
                "participating: true, or side: won or lost)",
            )
        active = True in (conds.active, conds.challenger, conds.defender)
        if word.active_only and not active:
            yield (
                ("do", i, kind),
                f"'{kind}' is for active players: add 'active: true', 'challenger: true' or "
                "'defender: true' under 'if:'",
            )


# ---------------------------------------------------------------- text


_COND_TEXT: dict[str, Callable[[Any], str]] = {
    "active": lambda v: "you are an active player" if v else "you are not an active player",
    "challenger": lambda v: "you are the challenger" if v else "you are not the challenger",
    "defender": lambda v: "you are the defender" if v else "you are not the defender",
    "supporting": lambda v: "you are supporting" if v else "you are not supporting",
    "participating": lambda v: "you are participating" if v else "you are not participating",
    "outcome": lambda v: f"it is a {v} outcome",
    "side": lambda v: f"your side {v}",
    "revealed": lambda v: f"you revealed a {v} card",
    "behind": lambda v: (
        "your side's total is not higher than the other side's"
        if v
        else "your side's total is higher than the other side's"
    ),
    "influence_over_them": lambda v: (
        "one of your influence tokens sits on that player's board"
        if v
        else "none of your influence tokens sits on that player's board"
    ),
    "sheet_at_least": lambda v: f"your leader sheet holds at least {v} power",
    "hand_at_least": lambda v: f"you hold at least {plural(v, 'card')}",
}


_COST_TEXT: dict[str, Callable[[int], str]] = {
    "sheet_to_box": lambda n: f"return {n} power from your leader sheet to the box",
    "discard": lambda n: f"discard {plural(n, 'card')}",
}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def condition_text(conds: Conditions) -> list[str]:
    """The printed phrases of the given conditions, in field order."""
    return [
        _COND_TEXT[name](getattr(conds, name))
        for name in type(conds).model_fields
        if getattr(conds, name) is not None
    ]


def describe(ability: Ability) -> str:
    """The printed rules text of ``ability``, generated from its data.

    >>> a = Ability.model_validate({"title": "T", "when": "after_resolution",
    ...     "if": {"side": "won"}, "do": [{"draw": 2}]})
    >>> describe(a)
    'When the resolution phase ends, if your side won: Draw 2 cards.'
    """
    head = WINDOWS[ability.when]
    conds = condition_text(ability.if_)
    if conds:
        head += ", if " + _join(conds)
    effects = " ".join(_sentence(e.word.text(e.param)) for e in ability.do)
    if ability.cost is not None:
        costs = [
            _COST_TEXT[name](getattr(ability.cost, name))
            for name in type(ability.cost).model_fields
            if getattr(ability.cost, name) is not None
        ]
        return f"{head}, you may {_join(costs)}. If you do: {effects}"
    return f"{head}: {effects}"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


#: Every effect name of the vocabulary.
EFFECT_NAMES: tuple[str, ...] = WORDS.names
#: Effects that need the user on a side of the encounter ("opposing …").
SIDED_EFFECTS = frozenset(word.name for word in WORDS if word.sided)
#: Every condition name of the vocabulary.
CONDITION_NAMES: tuple[str, ...] = tuple(Conditions.model_fields)

assert set(CONDITION_NAMES) == set(_COND_TEXT)

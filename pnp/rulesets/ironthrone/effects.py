"""The Iron Throne ability vocabulary: timing windows, conditions, costs, effects.

Every leader sheet and character card carries one ability written as data::

    title: Iron Resolve
    when: after_cards_revealed          # a timing window
    if: {active: true, outcome: hostility}   # all must hold
    cost: {sheet_to_box: 1}             # optional, paid when the ability is used
    do:                                 # effects, resolved in order
      - bonus: 3

This module is the single definition of that vocabulary. It parses it
(pydantic models, so an unknown word is a located validation error), checks
which words fit which window and writes the printed text (:func:`describe`);
:mod:`pnp.rulesets.ironthrone.abilities` executes it for the referee. Using an
ability is always optional.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from pnp.content import ContentModel
from pnp.content.model import Loc
from pnp.content.onekey import OneKeyModel
from pnp.content.words import plural

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


class Effect(OneKeyModel):
    """One effect: exactly one of the fields below (its effect words) is given."""

    one_key_noun: ClassVar[str] = "effect word"

    draw: int | None = Field(default=None, ge=1)
    discard: int | None = Field(default=None, ge=1)
    distribute: int | None = Field(default=None, ge=1)
    reshuffle: Literal[True] | None = None
    resolve_as: Literal["truce"] | None = None
    force_support: Literal[True] | None = None
    upgrade_hostility: Literal[True] | None = None
    remove_power: PowerLoss | None = None
    cut_power: PowerCut | None = None
    place_first: PlaceFirst | None = None
    bonus: int | None = Field(default=None, ge=1)
    weaken: int | None = Field(default=None, ge=1)
    take_hostage: Literal["opposing_active", "opposing_side"] | None = None
    steal_power: int | None = Field(default=None, ge=1)
    withdraw: Literal["opposing_supporter"] | None = None
    shield: Literal["you", "your_side"] | None = None
    spread: int | None = Field(default=None, ge=1)
    opponent_discards: int | None = Field(default=None, ge=1)
    deny_rewards: Literal["opposing_active"] | None = None

    @property
    def kind(self) -> str:
        """The effect's word (its one given field)."""
        return self.key

    @property
    def param(self) -> Any:
        """The effect's parameter (the value of its one given field)."""
        return self.value


class Ability(ContentModel):
    """A leader ability or a character card's text, as data."""

    title: str = Field(min_length=1)
    when: Window
    if_: Conditions = Field(default_factory=Conditions, alias="if")
    cost: Cost | None = None
    do: list[Effect] = Field(min_length=1)


# ---------------------------------------------------------------- checks

#: Windows each effect may be used in (an effect absent here fits every window).
EFFECT_WINDOWS: dict[str, tuple[str, ...]] = {
    "resolve_as": ("after_cards_revealed",),
    "force_support": ("before_support_offer",),
    "upgrade_hostility": ("after_cards_revealed",),
    "place_first": ("before_cards_placed",),
    "bonus": ("before_cards_placed", "after_cards_revealed"),
    "weaken": ("before_cards_placed", "after_cards_revealed"),
    "withdraw": ("before_cards_placed", "after_cards_revealed"),
    "shield": ("before_cards_placed", "after_cards_revealed"),
    "deny_rewards": ("before_cards_placed", "after_cards_revealed"),
    "remove_power": ("before_cards_placed", "after_cards_revealed", "after_resolution"),
    "cut_power": ("before_cards_placed", "after_cards_revealed", "after_resolution"),
}
#: Effects that need the user on a side of the encounter ("opposing …").
SIDED_EFFECTS = frozenset(
    {
        "resolve_as",
        "force_support",
        "place_first",
        "bonus",
        "weaken",
        "withdraw",
        "shield",
        "deny_rewards",
        "remove_power",
        "cut_power",
        "take_hostage",
        "steal_power",
        "spread",
        "opponent_discards",
    }
)
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
    on_side = (
        card
        or when == "before_your_turn"
        or any(getattr(conds, name) not in (None, False) for name in SIDE_CONDITIONS)
    )
    for i, effect in enumerate(ability.do):
        kind = effect.kind
        fits = EFFECT_WINDOWS.get(kind)
        if fits and when not in fits:
            yield (
                ("do", i, kind),
                f"{kind!r} cannot be used {WINDOWS[when].lower()} (when: {when}; "
                f"it fits: {', '.join(fits)})",
            )
        if kind in SIDED_EFFECTS and not on_side:
            yield (
                ("do", i, kind),
                f"{kind!r} acts on the opposing side: put you on a side under 'if:' "
                "(active: true, challenger: true, defender: true, supporting: true, "
                "participating: true, or side: won or lost)",
            )
        active = True in (conds.active, conds.challenger, conds.defender)
        if kind in ("force_support", "resolve_as") and not active:
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


def _who(who: str) -> str:
    return WHO_TEXT[who][0]


_EFFECT_TEXT: dict[str, Callable[[Any], str]] = {
    "draw": lambda n: f"draw {plural(n, 'card')}",
    "discard": lambda n: f"discard {plural(n, 'card')} of your choice",
    "distribute": lambda n: (
        f"distribute up to {n} power from your leader sheet among your characters"
    ),
    "reshuffle": lambda _: "shuffle your discard pile into your house deck",
    "resolve_as": lambda v: f"the encounter resolves as a {v} outcome instead",
    "force_support": lambda _: (
        "pick one of that player's living characters: it joins your side as their support, "
        "and they make no offer of their own"
    ),
    "upgrade_hostility": lambda _: (
        "pick an active player who revealed a hostility card; if they hold a hostility card "
        "of higher value, it takes the revealed card's place (they pick which) and the "
        "revealed card is discarded"
    ),
    "remove_power": lambda p: (
        f"{_who(p.who)} moves {p.amount} power from their participating character "
        "to their leader sheet"
    ),
    "cut_power": lambda p: (
        f"{_who(p.who)} moves all but {p.keep} power from their participating character "
        "to their leader sheet"
    ),
    "place_first": lambda p: (
        "the opposing active player places their house card first"
        + (", face up" if p.faceup else "")
    ),
    "bonus": lambda n: f"add {n} to your side's hostility total",
    "weaken": lambda n: f"take {n} off the opposing side's hostility total",
    "take_hostage": lambda v: (
        "take 1 hostage from the opposing active player"
        if v == "opposing_active"
        else "take 1 hostage from each player on the opposing side"
    ),
    "steal_power": lambda n: (
        f"move {n} power from the opposing active player's leader sheet to yours"
    ),
    "withdraw": lambda _: "pick a supporting player on the opposing side: they withdraw",
    "shield": lambda v: (
        "you suffer no penalties this encounter"
        if v == "you"
        else "the players on your side suffer no penalties this encounter"
    ),
    "spread": lambda n: f"spread {n} influence onto the opposing active player's board",
    "opponent_discards": lambda n: (
        f"the opposing active player discards {plural(n, 'card')} at random"
    ),
    "deny_rewards": lambda _: "the opposing active player gets no rewards this encounter",
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
    effects = " ".join(_sentence(_EFFECT_TEXT[e.kind](e.param)) for e in ability.do)
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
EFFECT_NAMES: tuple[str, ...] = tuple(Effect.model_fields)
#: Every condition name of the vocabulary.
CONDITION_NAMES: tuple[str, ...] = tuple(Conditions.model_fields)

assert set(EFFECT_NAMES) == set(_EFFECT_TEXT)
assert set(CONDITION_NAMES) == set(_COND_TEXT)

"""The fief ability vocabulary: Noble attributes, House abilities and card effects.

Every ability in ``content/fief`` is written as a small mapping with exactly
one word of this vocabulary (``{strength_bonus: 1}``, ``{execute_captive:
{per: round}}``); a word the vocabulary lacks is a validation error with file,
line and a spelling hint. The referee reads the same words (see
:mod:`pnp.rulesets.fief.catalog`), and :func:`describe` turns each one into
the rules text printed on the card or House board, so the two cannot disagree.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Literal

from pydantic import Field

from pnp.content import ContentModel
from pnp.content.onekey import OneKeyModel
from pnp.content.words import plural


class _OneWord(OneKeyModel):
    """A mapping holding exactly one word of the vocabulary."""

    one_key_noun: ClassVar[str] = "effect word"

    def word(self) -> tuple[str, Any]:
        """The effect word and its parameter."""
        return self.key, self.value


class Once(ContentModel):
    """How often a power may be used."""

    per: Literal["round", "game"]


class LookAtHand(ContentModel):
    """Lannister: look at another player's hand; sometimes swap a card."""

    per: Literal["round", "game"] = "round"
    swaps_per_game: int = Field(default=1, ge=0)


class Ambush(ContentModel):
    """Extra dice for the side that plays an Ambush."""

    extra_dice: int = Field(ge=1)


class Assassination(ContentModel):
    """An assassination succeeds when the d6 shows at least ``succeeds_on``."""

    succeeds_on: int = Field(ge=1, le=6)


class Plague(ContentModel):
    """Plague kills each unit whose d6 shows ``dies_on`` or less."""

    dies_on: int = Field(ge=1, le=6)


class FreeTroops(ContentModel):
    """Units taken from the player's own stock at no cost."""

    unit: str
    count: int = Field(ge=1)


class AttributeEffect(_OneWord):
    """One rule carried by a Noble attribute."""

    cannot_marry: Literal[True] | None = None
    marriage_fee: int | None = Field(default=None, ge=1)
    ends_marriage_on_capture: Literal[True] | None = None
    uprising_target: Literal[True] | None = None
    uprising_shield: Literal[True] | None = None
    strength_bonus: int | None = Field(default=None, ge=1)
    extra_die: int | None = Field(default=None, ge=1)
    income_bonus: int | None = Field(default=None, ge=1)
    plague_dies_on: int | None = Field(default=None, ge=1, le=6)
    sea_move: Literal[True] | None = None
    justice_immune: Literal[True] | None = None
    heir_to_throne: Literal[True] | None = None


class HouseAbility(_OneWord):
    """One House ability (printed on the House board)."""

    king_vote_bonus: int | None = Field(default=None, ge=1)
    execute_captive: Once | None = None
    cancel_death: Once | None = None
    steal_gold: Once | None = None
    pillage_gold: int | None = Field(default=None, ge=1)
    look_at_hand: LookAtHand | None = None
    choose_movement_order: Literal[True] | None = None
    discard_drawn: Once | None = None
    income_bonus: int | None = Field(default=None, ge=1)
    starting_maester: Literal[True] | None = None
    remove_famine: Once | None = None
    starts_first: Literal[True] | None = None
    start_anywhere_coastal: Literal[True] | None = None
    starting_title: str | None = None


class FortuneEffect(_OneWord):
    """What a Fortune card (bounty or disaster) does."""

    cancel_disaster: Literal["famine", "heavy_rain"] | None = None
    tax: Literal[True] | None = None
    secret_passage: Literal[True] | None = None
    uprising: Literal[True] | None = None
    ambush: Ambush | None = None
    justice: Literal[True] | None = None
    assassination: Assassination | None = None
    famine: Literal[True] | None = None
    heavy_rain: Literal[True] | None = None
    plague: Plague | None = None


class CourtEffect(_OneWord):
    """What a Court Event card does."""

    new_noble: Literal["lord", "lady"] | None = None
    join_small_council: Literal[True] | None = None
    mother_of_dragons: Literal[True] | None = None
    royal_heir: Literal[True] | None = None
    maester: Literal[True] | None = None
    free_troops: FreeTroops | None = None


# --- rules text ------------------------------------------------------------

_ONCE = {"round": "Once per round", "game": "Once per game"}


#: unit ids whose printed name is not the id capitalised, as (one, several)
_UNIT_WORDS = {"man-at-arms": ("Man-at-Arms", "Men-at-Arms"), "unsullied": ("Unsullied",) * 2}


def _units(n: int, unit: str) -> str:
    """``n`` troops of ``unit`` (an id from units.yaml) as printed: "2 Knights"."""
    one = unit.replace("-", " ").title()
    one, several = _UNIT_WORDS.get(unit, (one, one + "s"))
    return plural(n, one, several)


def _attribute_text(word: str, value: Any) -> str:
    texts = {
        "cannot_marry": "Cannot marry.",
        "ends_marriage_on_capture": (
            "When a battle this Noble fights in captures a married Noble, that marriage ends."
        ),
        "uprising_target": (
            "An Uprising may be aimed at this Noble alone: it kills only him and spares "
            "his Village."
        ),
        "uprising_shield": "No Uprising may be aimed at the Village this Noble stands in.",
        "sea_move": (
            "Once per Movement phase may sail, with his troops, from a coastal Village to "
            "any other coastal Village instead of moving."
        ),
        "justice_immune": "Cannot be the target of a Justice card.",
        "heir_to_throne": (
            "Heir to the Iron Throne: takes the King and Protector titles when the King dies. "
            "Holds no Title of his own."
        ),
    }
    if word in texts:
        return texts[word]
    if word == "marriage_fee":
        return (
            f"Marrying him off costs his House {plural(value, 'Gold Dragon')}, "
            "paid to the spouse's House."
        )
    if word == "strength_bonus":
        return f"Adds {value} to his side's strength in battle."
    if word == "extra_die":
        return f"His side rolls {plural(value, 'extra die')} in battle (one commander per side)."
    if word == "income_bonus":
        return f"Brings {plural(value, 'Gold Dragon')} more in each Income phase."
    if word == "plague_dies_on":
        return f"Dies to Plague on a roll of 1 to {value}."
    raise KeyError(word)


def _house_text(word: str, value: Any) -> str:
    if word == "king_vote_bonus":
        return f"Has {plural(value, 'extra vote')} in every King election."
    if word == "execute_captive":
        return (
            f"{_ONCE[value.per]}, in the Hear Ye phase, may put to death one Noble held "
            "captive by this House (no murder marker)."
        )
    if word == "cancel_death":
        return (
            f"{_ONCE[value.per]}, may save any Noble from dying: he keeps his Titles and "
            "comes back to the board as if freed from captivity."
        )
    if word == "steal_gold":
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, picks a victim who hides all "
            "his gold in two hands; this House takes the hand it points at."
        )
    if word == "pillage_gold":
        return f"Takes {plural(value, 'Gold Dragon')} for each Mill it pillages."
    if word == "look_at_hand":
        swap = ""
        if value.swaps_per_game:
            times = "once" if value.swaps_per_game == 1 else f"{value.swaps_per_game} times"
            swap = f" {times.capitalize()} per game, may swap a card seen there for a card of his."
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, looks at a player's hand.{swap}"
        )
    if word == "choose_movement_order":
        return "When the Movement phase begins, chooses to move first, last or in turn."
    if word == "discard_drawn":
        return (
            f"{_ONCE[value.per]}, may discard a card just drawn: a Court Event or bounty after "
            "looking at it, a disaster (black back) only before seeing it."
        )
    if word == "income_bonus":
        return f"Collects {plural(value, 'extra Gold Dragon')} in each Income phase."
    if word == "starting_maester":
        return "The starting Stronghold houses a Maester."
    if word == "remove_famine":
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, lifts one Famine from a Region."
        )
    if word == "starts_first":
        return "Holds the First Player card at the start of the game."
    if word == "start_anywhere_coastal":
        return "Places last, on any coastal Village of a Fief that no other House occupies."
    if word == "starting_title":
        return "Starts with its Lady holding the Mother of Dragons title."
    raise KeyError(word)


def _fortune_text(word: str, value: Any) -> str:
    if word == "cancel_disaster":
        name = {"famine": "Famine", "heavy_rain": "Heavy Rain"}[value]
        return f"Play in the card phase on a Region with a {name}: discard both cards."
    texts = {
        "tax": (
            "Play in the card phase with a Tax marker, for a Noble who may tax: his Region, "
            "any governed Region, every governed Region (Hand), his own Fief, or an unclaimed "
            "Fief (Protector). Paid in the Income phase."
        ),
        "secret_passage": (
            "Play in the Movement phase: land from the sea though the army holding the coast "
            "refuses, or cancel the dice a Stronghold or Fortified City costs you in one battle."
        ),
        "uprising": (
            "Play in the card phase on a Village holding another player's troops: they are all "
            "killed and any Mill there burns. Its Warden and the Small Council may try to stop it."
        ),
        "justice": "Play in the card phase: kill one Outlaw Noble.",
        "famine": "Disaster. Villages and Mills of the Region yield nothing this round.",
        "heavy_rain": (
            "Disaster. No movement into, out of or within the Region, and no battle there, "
            "this round."
        ),
    }
    if word in texts:
        return texts[word]
    if word == "ambush":
        dice = plural(value.extra_dice, "extra die")
        return f"Play when a battle starts: your side rolls {dice} in each roll of it."
    if word == "assassination":
        return (
            f"Play in the card phase on another player's Noble and roll a die: on "
            f"{value.succeeds_on} or more he dies."
        )
    if word == "plague":
        dies = "1" if value.dies_on == 1 else f"1 to {value.dies_on}"
        return f"Disaster. Every Noble and troop in the Region rolls a die and dies on {dies}."
    raise KeyError(word)


def _court_text(word: str, value: Any) -> str:
    if word == "new_noble":
        if value == "lord":
            return (
                "Play in the card phase: the first Lord of your Character deck enters play "
                "(a Bannerman if no Lord is left)."
            )
        return "Play in the card phase: the first Lady of your Character deck enters play."
    texts = {
        "join_small_council": (
            "Play in the card phase: seat any Warden on a free Master seat of the Small "
            "Council. The Hand must consent, unless the seat is Master of Laws."
        ),
        "mother_of_dragons": (
            "Play in the card phase on one of your Ladies: she becomes Mother of Dragons."
        ),
        "royal_heir": (
            "Play in the card phase if you hold the King or the Queen and they are wed: an Heir "
            "to the Iron Throne joins the King's House beside him."
        ),
        "maester": "Play in the card phase: a Maester settles in one of your Strongholds.",
    }
    if word in texts:
        return texts[word]
    if word == "free_troops":
        return (
            f"Play in the card phase: place {_units(value.count, value.unit)} "
            "from your stock with one of your Nobles."
        )
    raise KeyError(word)


def describe(effect: _OneWord) -> str:
    """The printed rules text of one effect, in our own words."""
    word, value = effect.word()
    if isinstance(effect, AttributeEffect):
        return _attribute_text(word, value)
    if isinstance(effect, HouseAbility):
        return _house_text(word, value)
    if isinstance(effect, FortuneEffect):
        return _fortune_text(word, value)
    if isinstance(effect, CourtEffect):
        return _court_text(word, value)
    raise TypeError(type(effect).__name__)


_FEMININE = {"he": "she", "him": "her", "his": "her", "himself": "herself"}
_PRONOUN = re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE)


def for_sex(text: str, sex: str) -> str:
    """``text`` (written of a Lord, as :func:`describe` writes) with a Lady's pronouns.

    Attribute texts are shared by Lords and Ladies; a Lady's card should not
    call her "him".
    """
    if sex != "lady":
        return text

    def swap(m: re.Match[str]) -> str:
        word = _FEMININE[m.group(0).lower()]
        return word.capitalize() if m.group(0)[0].isupper() else word

    return _PRONOUN.sub(swap, text)


def describe_all(effects: list[Any]) -> str:
    """The texts of several effects joined into one paragraph."""
    return " ".join(describe(e) for e in effects)

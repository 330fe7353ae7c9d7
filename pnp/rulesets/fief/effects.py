"""The fief ability vocabularies: Noble attributes, House abilities and card effects.

Every ability in ``content/fief`` is written as a small mapping with exactly
one word of a vocabulary (``{strength_bonus: 1}``, ``{execute_captive:
{per: round}}``); a word the vocabulary lacks is a validation error with file,
line and a spelling hint. Each word is one entry of a
:class:`~pnp.content.vocabulary.Vocabulary` (:data:`ATTRIBUTES`,
:data:`HOUSE_ABILITIES`, :data:`FORTUNES`, :data:`COURT_EVENTS`) holding its
schema, its printed text, the phases it applies in (``when``, the names of
:data:`pnp.rulesets.fief.rules.round.ROUND`, or ``setup``) and how it works:

* a Noble attribute or House ability is a modifier: the rule where it applies
  reads it (a :class:`~pnp.rulesets.fief.catalog.NobleCard` field, or
  ``ability(seat, word)``), and the entry's description names that rule;
* a Fortune or Court Event word is played: its entry says what it may be
  played on (``targets``) and resolves it (``resolve``), so the card round
  (:mod:`pnp.rulesets.fief.rules.cards`) dispatches through the entry.

:func:`describe` prints an effect from its entry, so the card and the rules
cannot disagree.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from pnp.content import ContentModel
from pnp.content.onekey import OneKeyModel
from pnp.content.vocabulary import Vocabulary, Word
from pnp.content.words import plural
from pnp.engine.flow import Flow
from pnp.engine.game import Option
from pnp.rulesets.lazy import OnFirstCall

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame

# The rule modules import the content model, which imports this module: the
# words that resolve a card import them where they run, never at import time.

#: a count of at least one
AtLeastOne = Annotated[int, Field(ge=1)]
#: a d6 face
DieFace = Annotated[int, Field(ge=1, le=6)]


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


_ONCE = {"round": "Once per round", "game": "Once per game"}

#: unit ids whose printed name is not the id capitalised, as (one, several)
_UNIT_WORDS = {"man-at-arms": ("Man-at-Arms", "Men-at-Arms"), "unsullied": ("Unsullied",) * 2}


def troops_text(n: int, unit: str) -> str:
    """``n`` troops of ``unit`` (an id from units.yaml) as printed: "2 Knights"."""
    one = unit.replace("-", " ").title()
    one, several = _UNIT_WORDS.get(unit, (one, one + "s"))
    return plural(n, one, several)


class FiefWord(Word):
    """A word of one of the fief vocabularies."""

    def text(self, value: Any) -> str:
        """The printed rules text for ``value``: sentences written of a Lord (:func:`for_sex`)."""
        raise NotImplementedError


class _OneWord(OneKeyModel):
    """A mapping holding exactly one word of its vocabulary (:attr:`words`)."""

    #: the vocabulary the model is built from
    words: ClassVar[Vocabulary[Any]]

    def word(self) -> tuple[str, Any]:
        """The effect word and its parameter."""
        return self.key, self.value

    def entry(self) -> FiefWord:
        """The word's entry in its vocabulary: its text, timing and resolution."""
        entry: FiefWord = self.words[self.key]
        return entry

    def given(self, name: str) -> Any:
        """The parameter of the word ``name`` if it is the word given, else None.

        The words' fields are made from the vocabulary at import (see
        :meth:`.Vocabulary.model`), so a type checker cannot see them as
        attributes; an unknown ``name`` still raises :class:`AttributeError`.
        """
        return getattr(self, name)


# --- Noble attributes --------------------------------------------------------
#
# A Noble's attribute words are folded into his NobleCard (catalog.py: a flag,
# or the largest value among his attributes), and the rule where a word
# applies reads that field. Attributes are the fief's own (FF-GAP-18).


class AttributeWord(FiefWord):
    """A Noble attribute word: a field of his NobleCard that a rule reads."""


ATTRIBUTES: Vocabulary[AttributeWord] = Vocabulary("effect word")


@ATTRIBUTES.add
class CannotMarry(AttributeWord):
    """The Noble may never marry: a bastard, or one sworn to the Watch (FF-MARR-08, FF-NW-07).

    Read by the marriage rule (rules/politics.py)."""

    name = "cannot_marry"
    schema = Literal[True]
    when = ("hear_ye",)

    def text(self, value: Any) -> str:
        return "Cannot marry."


@ATTRIBUTES.add
class MarriageFee(AttributeWord):
    """Marrying the Noble off costs his House gold, paid to the other House (FF-MARR-08).

    Read by the marriage rule (rules/politics.py)."""

    name = "marriage_fee"
    schema = AtLeastOne
    when = ("hear_ye",)

    def text(self, value: int) -> str:
        return (
            f"Marrying him off costs his House {plural(value, 'Gold Dragon')}, "
            "paid to the spouse's House."
        )


@ATTRIBUTES.add
class EndsMarriageOnCapture(AttributeWord):
    """A capture in a battle this Noble fights ends the captive's marriage (FF-MARR-09).

    Read by the capture rule (rules/fate.py)."""

    name = "ends_marriage_on_capture"
    schema = Literal[True]
    when = ("battles",)

    def text(self, value: Any) -> str:
        return "When a battle this Noble fights in captures a married Noble, that marriage ends."


@ATTRIBUTES.add
class UprisingTarget(AttributeWord):
    """An Uprising may strike this Noble alone, sparing his Village (FF-GAP-18).

    Read by the Uprising card's targets (rules/cards.py)."""

    name = "uprising_target"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return (
            "An Uprising may be aimed at this Noble alone: it kills only him and spares "
            "his Village."
        )


@ATTRIBUTES.add
class UprisingShield(AttributeWord):
    """No Uprising may be aimed at the Village this Noble stands in (FF-GAP-18).

    Read by the Uprising card's targets (rules/cards.py)."""

    name = "uprising_shield"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return "No Uprising may be aimed at the Village this Noble stands in."


@ATTRIBUTES.add
class StrengthBonus(AttributeWord):
    """Strength the Noble adds to his side in battle (FF-PH-16).

    Read by the battle strength rule (rules/battle.py)."""

    name = "strength_bonus"
    schema = AtLeastOne
    when = ("battles",)

    def text(self, value: int) -> str:
        return f"Adds {value} to his side's strength in battle."


@ATTRIBUTES.add
class ExtraDie(AttributeWord):
    """Dice the Noble adds to his side's rolls; one commander counts per side (FF-PH-17).

    Read by the battle dice rule (rules/battle.py)."""

    name = "extra_die"
    schema = AtLeastOne
    when = ("battles",)

    def text(self, value: int) -> str:
        return f"His side rolls {plural(value, 'extra die')} in battle (one commander per side)."


@ATTRIBUTES.add
class NobleIncomeBonus(AttributeWord):
    """Gold the Noble brings his House in each Income phase while on the board (FF-PH-08).

    Read by the income rule (rules/economy.py)."""

    name = "income_bonus"
    schema = AtLeastOne
    when = ("income",)

    def text(self, value: int) -> str:
        return f"Brings {plural(value, 'Gold Dragon')} more in each Income phase."


@ATTRIBUTES.add
class PlagueDiesOn(AttributeWord):
    """The Noble dies to Plague on this roll or less, whatever the card says (FF-PH-06).

    Read by the Plague rule (rules/cards.py)."""

    name = "plague_dies_on"
    schema = DieFace
    when = ("cards",)

    def text(self, value: int) -> str:
        return f"Dies to Plague on a roll of 1 to {value}."


@ATTRIBUTES.add
class SeaMove(AttributeWord):
    """Once per Movement phase the Noble may sail with his troops between coastal
    Villages, as the Master of Ships lets one Noble do (FF-SC-06, FF-SC-07).

    Read by the movement rule (rules/movement.py)."""

    name = "sea_move"
    schema = Literal[True]
    when = ("movement",)

    def text(self, value: Any) -> str:
        return (
            "Once per Movement phase may sail, with his troops, from a coastal Village to "
            "any other coastal Village instead of moving."
        )


@ATTRIBUTES.add
class JusticeImmune(AttributeWord):
    """A Justice card may not target the Noble (FF-OUT-07).

    Read by the Justice card's targets (this module's :class:`Justice`)."""

    name = "justice_immune"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return "Cannot be the target of a Justice card."


@ATTRIBUTES.add
class HeirToThrone(AttributeWord):
    """The Heir: he takes the King and Protector titles when the King dies, whenever
    that is, and holds no Title of his own (FF-KING-05, FF-TITLE-08).

    Read by the succession rule (rules/fate.py) and the state's royal family."""

    name = "heir_to_throne"
    schema = Literal[True]

    def text(self, value: Any) -> str:
        return (
            "Heir to the Iron Throne: takes the King and Protector titles when the King dies. "
            "Holds no Title of his own."
        )


@ATTRIBUTES.model
class AttributeEffect(_OneWord):
    """One rule carried by a Noble attribute."""

    words: ClassVar[Vocabulary[Any]] = ATTRIBUTES


# --- House abilities ---------------------------------------------------------
#
# A House's ability words are the catalog's ``abilities[house]``; the rule
# where a word applies reads it with ``ability(seat, word)`` (state.py) or
# ``ability(house, word)`` (catalog.py, at set-up).


class HouseWord(FiefWord):
    """A House ability word: a power a rule reads with ``ability(seat, word)``."""


HOUSE_ABILITIES: Vocabulary[HouseWord] = Vocabulary("effect word")


@HOUSE_ABILITIES.add
class KingVoteBonus(HouseWord):
    """Extra votes in every King election (FF-HOUSE-01, FF-KING-02).

    Read by the King election (rules/politics.py)."""

    name = "king_vote_bonus"
    schema = AtLeastOne
    when = ("hear_ye",)

    def text(self, value: int) -> str:
        return f"Has {plural(value, 'extra vote')} in every King election."


@HOUSE_ABILITIES.add
class ExecuteCaptive(HouseWord):
    """In Hear Ye, put to death a Noble this House holds captive, with no Assassination
    marker (FF-HOUSE-02).

    Read by the Hear Ye phase (rules/politics.py)."""

    name = "execute_captive"
    schema = Once
    when = ("hear_ye",)

    def text(self, value: Once) -> str:
        return (
            f"{_ONCE[value.per]}, in the Hear Ye phase (our reading), may put to death one "
            "Noble held captive by this House (no Assassination marker)."
        )


@HOUSE_ABILITIES.add
class CancelDeath(HouseWord):
    """Save any Noble from dying, whenever he would; he keeps his Titles and
    returns as if freed (FF-HOUSE-03), out of harm's way (decision saved-noble).

    Read by the death rule (rules/fate.py)."""

    name = "cancel_death"
    schema = Once

    def text(self, value: Once) -> str:
        return (
            f"{_ONCE[value.per]}, may save any Noble from dying: he keeps his Titles and "
            "comes back to the board as if freed from captivity, where no enemy stands."
        )


@HOUSE_ABILITIES.add
class StealGold(HouseWord):
    """Take the gold in one of two hands a victim hides his gold in (FF-HOUSE-04,
    FF-GAP-21); offered as an action of the card round.

    Read by the card round (rules/cards.py)."""

    name = "steal_gold"
    schema = Once
    when = ("cards",)

    def text(self, value: Once) -> str:
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, picks a victim who hides all "
            "his gold in two hands; this House takes the hand it points at."
        )


@HOUSE_ABILITIES.add
class PillageGold(HouseWord):
    """Gold taken for each Mill this House pillages, in place of one (FF-HOUSE-05, FF-PH-15).

    Read by the pillage rule (rules/movement.py)."""

    name = "pillage_gold"
    schema = AtLeastOne
    when = ("movement",)

    def text(self, value: int) -> str:
        return f"Takes {plural(value, 'Gold Dragon')} for each Mill it pillages."


@HOUSE_ABILITIES.add
class LookAtHandWord(HouseWord):
    """Look at a player's hand, and sometimes swap a card seen there (FF-HOUSE-06,
    FF-SC-08); offered as an action of the card round.

    Read by the card round (rules/cards.py)."""

    name = "look_at_hand"
    schema = LookAtHand
    when = ("cards",)

    def text(self, value: LookAtHand) -> str:
        swap = ""
        if value.swaps_per_game:
            times = "once" if value.swaps_per_game == 1 else f"{value.swaps_per_game} times"
            swap = f" {times.capitalize()} per game, may swap a card seen there for a card of his."
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, looks at a player's hand.{swap}"
        )


@HOUSE_ABILITIES.add
class ChooseMovementOrder(HouseWord):
    """This House moves first, last or in turn, as it chooses (FF-HOUSE-07).

    Read by the Movement phase (rules/movement.py)."""

    name = "choose_movement_order"
    schema = Literal[True]
    when = ("movement",)

    def text(self, value: Any) -> str:
        return "When the Movement phase begins, chooses to move first, last or in turn."


@HOUSE_ABILITIES.add
class DiscardDrawn(HouseWord):
    """Discard a card just drawn: seen, or a disaster unseen (FF-HOUSE-08, FF-GAP-21).

    Read by the draws (rules/cards.py)."""

    name = "discard_drawn"
    schema = Once
    when = ("cards",)

    def text(self, value: Once) -> str:
        return (
            f"{_ONCE[value.per]}, may discard a card just drawn: a Court Event or bounty after "
            "looking at it, a disaster (black back, or blue for a Winter is Coming copy) only "
            "before seeing it."
        )


@HOUSE_ABILITIES.add
class HouseIncomeBonus(HouseWord):
    """Extra gold in each Income phase (FF-HOUSE-09).

    Read by the income rule (rules/economy.py)."""

    name = "income_bonus"
    schema = AtLeastOne
    when = ("income",)

    def text(self, value: int) -> str:
        return f"Collects {plural(value, 'extra Gold Dragon')} in each Income phase."


@HOUSE_ABILITIES.add
class StartingMaester(HouseWord):
    """The starting Stronghold houses a Maester (FF-SETUP-15).

    Read by the set-up (rules/setup.py)."""

    name = "starting_maester"
    schema = Literal[True]
    when = ("setup",)

    def text(self, value: Any) -> str:
        return "The starting Stronghold houses a Maester."


@HOUSE_ABILITIES.add
class RemoveFamine(HouseWord):
    """Lift one Famine from a Region (FF-HOUSE-10, FF-GAP-26); offered as an action
    of the card round.

    Read by the card round (rules/cards.py)."""

    name = "remove_famine"
    schema = Once
    when = ("cards",)

    def text(self, value: Once) -> str:
        return (
            f"{_ONCE[value.per]}, on one of this House's actions, lifts one Famine from a Region."
        )


@HOUSE_ABILITIES.add
class StartsFirst(HouseWord):
    """This House holds the First Player card at the start (FF-SETUP-06).

    Read by the deal (setup.py)."""

    name = "starts_first"
    schema = Literal[True]
    when = ("setup",)

    def text(self, value: Any) -> str:
        return "Holds the First Player card at the start of the game."


@HOUSE_ABILITIES.add
class StartAnywhereCoastal(HouseWord):
    """This House places last, on a coastal Village of an unoccupied Fief (FF-SETUP-12).

    Read by the set-up (rules/setup.py); only for a House with no home Fief."""

    name = "start_anywhere_coastal"
    schema = Literal[True]
    when = ("setup",)

    def text(self, value: Any) -> str:
        return "Places last, on any coastal Village of a Fief that no other House occupies."


@HOUSE_ABILITIES.add
class StartingTitle(HouseWord):
    """The Title this House's Lady starts with (FF-SETUP-14).

    Read by the set-up (rules/setup.py); the content allows only Mother of Dragons."""

    name = "starting_title"
    schema = str
    when = ("setup",)

    def text(self, value: str) -> str:
        return (
            "Starts with its Lady holding the Mother of Dragons title: take its Court Event "
            "card out of the Court deck and lay it by her."
        )


@HOUSE_ABILITIES.model
class HouseAbility(_OneWord):
    """One House ability (printed on the House board)."""

    words: ClassVar[Vocabulary[Any]] = HOUSE_ABILITIES


# --- Fortune and Court Event cards -------------------------------------------
#
# A card word played in the card round says what it may be played on
# (``targets``, the options the player picks from) and resolves the chosen
# one (``resolve``: a generator when a player is asked, None when nobody is).
# The card words resolve through rules of the card round (rules/cards.py) and of
# fate (rules/fate.py), named by path and imported on their first call: those
# rule modules import the content model, which imports this module.
_coming_noble = OnFirstCall("pnp.rulesets.fief.rules.cards:coming_noble")
_free_heir = OnFirstCall("pnp.rulesets.fief.rules.cards:free_heir")
_join_council = OnFirstCall("pnp.rulesets.fief.rules.cards:join_council")
_keep_by_title = OnFirstCall("pnp.rulesets.fief.rules.cards:keep_by_title")
_levy = OnFirstCall("pnp.rulesets.fief.rules.cards:levy")
_new_noble = OnFirstCall("pnp.rulesets.fief.rules.cards:new_noble")
_royal_heir = OnFirstCall("pnp.rulesets.fief.rules.cards:royal_heir")
_tax_uses = OnFirstCall("pnp.rulesets.fief.rules.cards:tax_uses")
_uprising = OnFirstCall("pnp.rulesets.fief.rules.cards:uprising")
_uprising_targets = OnFirstCall("pnp.rulesets.fief.rules.cards:uprising_targets")
_grant = OnFirstCall("pnp.rulesets.fief.rules.fate:grant")
_kill = OnFirstCall("pnp.rulesets.fief.rules.fate:kill")
_may_hold = OnFirstCall("pnp.rulesets.fief.rules.fate:may_hold")


# The card round (rules/cards.py) dispatches through the entry. A card played
# at another moment (Ambush, Secret Passage) or not played at all (a
# disaster, placed when drawn) has no targets in the card round; the rule of
# its moment reads it, as its description says.


class CardWord(FiefWord):
    """A Fortune or Court Event word: what its card does."""

    def playable(self, g: FiefGame, seat: int, value: Any) -> bool:
        """Whether ``seat`` may play the card now (cheap checks first)."""
        return bool(self.targets(g, seat, value))

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:
        """What ``seat`` may play the card on now (empty: not in the card round)."""
        return []

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: Any) -> Flow | None:
        """Carry out ``card`` (already played and discarded) on the chosen ``target``."""
        raise NotImplementedError(f"{self.name!r} is not played in the card round")


class FortuneWord(CardWord):
    """A Fortune word: a bounty, held and played, or a disaster, placed when drawn."""


class CourtWord(CardWord):
    """A Court Event word: held and played in the card round."""


FORTUNES: Vocabulary[FortuneWord] = Vocabulary("effect word")
COURT_EVENTS: Vocabulary[CourtWord] = Vocabulary("effect word")


@FORTUNES.add
class CancelDisaster(FortuneWord):
    """Good Harvest or Good Weather: discards itself and the Famine or Heavy Rain on a
    Region (FF-PH-03)."""

    name = "cancel_disaster"
    schema = Literal["famine", "heavy_rain"]
    when = ("cards",)

    def text(self, value: str) -> str:
        name = {"famine": "Famine", "heavy_rain": "Heavy Rain"}[value]
        return f"Play in the card phase on a Region with a {name}: discard both cards."

    def targets(self, g: FiefGame, seat: int, value: str) -> list[Option]:
        s = g.s
        return [
            Option(f"end {value} in {r}", r)
            for r in sorted(s.disasters)
            if any(s.cat.cards[c][1] == value for c in s.disasters[r])
        ]

    def resolve(self, g: FiefGame, seat: int, card: str, value: str, target: str) -> None:
        s = g.s
        disaster = next(c for c in s.disasters[target] if s.cat.cards[c][1] == value)
        s.disasters[target].remove(disaster)
        s.refresh_weather()
        s.fortune_discard.append(disaster)
        g.emit("disaster_cancelled", seat, region=target, card=disaster, by=card)


@FORTUNES.add
class Tax(FortuneWord):
    """A Tax marker levied by a Noble who may tax, collected in the Income phase; a
    Warden may void a Council tax on his Region and turns Outlaw (FF-WARDEN-11,
    FF-WARDEN-12, FF-SC-11, FF-SC-12, FF-HAND-06, FF-KING-09)."""

    name = "tax"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return (
            "Play in the card phase with a Tax marker, for a Noble who may tax: his Region, "
            "any governed Region, every governed Region (Hand), his own Fief, or an unclaimed "
            "Fief (Protector). Paid in the Income phase."
        )

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:

        return _tax_uses(g.s, seat) if g.s.seats[seat].tax_markers > 0 else []

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: Any) -> Flow:

        return _levy(g, seat, card, *target)


@FORTUNES.add
class SecretPassage(FortuneWord):
    """Played when a landing is refused or against a Stronghold's dice (FF-SC-07).

    Read by the landing rule (rules/movement.py) and the battle (rules/battle.py)."""

    name = "secret_passage"
    schema = Literal[True]
    when = ("movement", "battles")

    def text(self, value: Any) -> str:
        return (
            "Play when your landing from the sea is refused: land all the same; or as a battle "
            "starts: cancel the dice a Stronghold or Fortified City costs you in it."
        )


@FORTUNES.add
class Uprising(FortuneWord):
    """Kills every troop of other players in a Village (or one Noble who invites it)
    and burns its Mill, unless its Warden or a Council member stops it
    (FF-WARDEN-13, FF-SC-13, FF-IDOL-03)."""

    name = "uprising"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return (
            "Play in the card phase on a Village holding another player's troops: they are all "
            "killed and any Mill there burns. Its Warden and the Small Council may try to stop it."
        )

    def playable(self, g: FiefGame, seat: int, value: Any) -> bool:
        s = g.s
        for vil in s.villages:
            if any(o != seat for o in vil.units) and not any(
                s.nobles[n].card.uprising_shield for n in vil.nobles
            ):
                return True
        return any(
            n.seat != seat and n.zone == "board" and (n.card.uprising_target or n.cursed)
            for n in s.nobles.values()
        )

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:

        return _uprising_targets(g.s, seat)

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: Any) -> Flow:

        return _uprising(g, seat, *target)


@FORTUNES.add
class AmbushWord(FortuneWord):
    """Extra dice for the side that plays it when a battle starts (FF-PH-01).

    Read by the battle (rules/battle.py)."""

    name = "ambush"
    schema = Ambush
    when = ("battles",)

    def text(self, value: Ambush) -> str:
        dice = plural(value.extra_dice, "extra die")
        return f"Play when a battle starts: your side rolls {dice} in each roll of it."


@FORTUNES.add
class Justice(FortuneWord):
    """Kills one Outlaw Noble; the King and immune Nobles are spared (FF-OUT-07, FF-KING-07)."""

    name = "justice"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return "Play in the card phase: kill one Outlaw Noble."

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:
        return [
            Option(f"judge {n.id}", n.id)
            for n in sorted(g.s.nobles.values(), key=lambda n: n.id)
            if n.outlaw and n.in_play and not n.card.justice_immune and "king" not in n.titles
        ]

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: str) -> Flow:

        return _kill(g, g.s.nobles[target], "justice")


@FORTUNES.add
class AssassinationWord(FortuneWord):
    """A die roll against another player's Noble on the board: he dies on a high enough
    roll (FF-PH-01)."""

    name = "assassination"
    schema = Assassination
    when = ("cards",)

    def text(self, value: Assassination) -> str:
        return (
            f"Play in the card phase on another player's Noble and roll a die: on "
            f"{value.succeeds_on} or more he dies."
        )

    def playable(self, g: FiefGame, seat: int, value: Any) -> bool:
        return any(n.seat != seat and n.zone == "board" for n in g.s.nobles.values())

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:
        return [
            Option(f"assassinate {n.id}", n.id)
            for n in sorted(g.s.nobles.values(), key=lambda n: n.id)
            if n.seat != seat and n.zone == "board"
        ]

    def resolve(
        self, g: FiefGame, seat: int, card: str, value: Assassination, target: str
    ) -> Flow | None:

        s = g.s
        roll = g.d6()
        hit = roll >= value.succeeds_on
        g.emit("assassination", seat, target=target, roll=roll, success=hit)
        if not hit:
            return None
        s.seats[seat].assassinations += 1
        return _kill(g, s.nobles[target], "assassination")


class Disaster(FortuneWord):
    """A disaster: revealed when drawn and aimed at a Region by a d6 (FF-PH-02), it
    lies there until the end of the round (FF-GAP-26); never held or played."""


@FORTUNES.add
class Famine(Disaster):
    """The Region's Villages and Mills yield nothing this round (FF-PH-04, FF-PH-08).

    Read by the income rule (rules/economy.py, through the state's weather)."""

    name = "famine"
    schema = Literal[True]
    when = ("income",)

    def text(self, value: Any) -> str:
        return "Disaster. Villages and Mills of the Region yield nothing this round."


@FORTUNES.add
class HeavyRain(Disaster):
    """No movement into, out of or within the Region and no battle there this round (FF-PH-05).

    Read by movement and battles (rules/movement.py, rules/battle.py, through the
    state's weather)."""

    name = "heavy_rain"
    schema = Literal[True]
    when = ("movement", "battles")

    def text(self, value: Any) -> str:
        return (
            "Disaster. No movement into, out of or within the Region, and no battle there, "
            "this round."
        )


@FORTUNES.add
class PlagueWord(Disaster):
    """Every Noble and troop in the Region rolls a die and dies on a low roll (FF-PH-06).

    Read by the plague step of the card phase (rules/cards.py)."""

    name = "plague"
    schema = Plague
    when = ("cards",)

    def text(self, value: Plague) -> str:
        dies = "1" if value.dies_on == 1 else f"1 to {value.dies_on}"
        return f"Disaster. Every Noble and troop in the Region rolls a die and dies on {dies}."


@FORTUNES.model
class FortuneEffect(_OneWord):
    """What a Fortune card (bounty or disaster) does."""

    words: ClassVar[Vocabulary[Any]] = FORTUNES


@COURT_EVENTS.add
class NewNoble(CourtWord):
    """The first Lord or Lady of the player's Character deck enters play; a House
    whose Lords have all died takes a Bannerman instead (FF-ROUND-04, FF-COMP-01,
    FF-GAP-19); at set-up the first one drawn picks the initial Noble (FF-SETUP-08).
    With nobody to bring, the card cannot be played (decision court-cards)."""

    name = "new_noble"
    schema = Literal["lord", "lady"]
    when = ("cards",)

    def text(self, value: str) -> str:
        if value == "lord":
            return (
                "Play in the card phase: the first Lord of your Character deck enters play "
                "(a Bannerman once all your Lords have died)."
            )
        return "Play in the card phase: the first Lady of your Character deck enters play."

    def targets(self, g: FiefGame, seat: int, value: str) -> list[Option]:

        ok = _coming_noble(g.s, seat, value) is not None
        return [Option("bring a noble", None)] if ok else []

    def resolve(self, g: FiefGame, seat: int, card: str, value: str, target: Any) -> Flow:

        return _new_noble(g, seat, value)


@COURT_EVENTS.add
class JoinSmallCouncil(CourtWord):
    """Seats a Warden on a free Master seat; the Hand consents unless it is the Master
    of Laws; the card waits beside the seat (FF-SC-01, FF-SC-04, FF-HAND-05)."""

    name = "join_small_council"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return (
            "Play in the card phase: seat any Warden on a free Master seat of the Small "
            "Council. The Hand must consent, unless the seat is Master of Laws."
        )

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:
        s = g.s
        seats_free = [t for t in s.cat.masters if s.holder[t] is None]
        if not seats_free:
            return []
        out = []
        for n in sorted(s.nobles.values(), key=lambda n: n.id):
            if n.free and s.is_warden(n) and not s.is_council(n) and s.slots_free(n, "high") > 0:
                for t in seats_free:
                    out.append(Option(f"seat {n.id} as {t}", (n.id, t)))
        return out

    def resolve(
        self, g: FiefGame, seat: int, card: str, value: Any, target: tuple[str, str]
    ) -> Flow:

        return _join_council(g, seat, card, *target)


@COURT_EVENTS.add
class MotherOfDragons(CourtWord):
    """One of the player's Ladies becomes Mother of Dragons; the card waits beside the
    Title (FF-TITLE-01, FF-TITLE-05)."""

    name = "mother_of_dragons"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return "Play in the card phase on one of your Ladies: she becomes Mother of Dragons."

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:

        s = g.s
        if s.holder["mother-of-dragons"] is not None:
            return []
        return [
            Option(f"crown {n.id}", n.id)
            for n in s.seat_nobles(seat)
            if n.lady and _may_hold(s, n, "mother-of-dragons")
        ]

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: str) -> Flow:

        if (yield from _grant(g, g.s.nobles[target], "mother-of-dragons")):
            _keep_by_title(g.s, "mother-of-dragons", card)


@COURT_EVENTS.add
class RoyalHeir(CourtWord):
    """When the King and Queen are wed, an Heir joins the King's House beside him
    (FF-KING-05, FF-GAP-19)."""

    name = "royal_heir"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return (
            "Play in the card phase if you hold the King or the Queen and they are wed: an Heir "
            "to the Iron Throne joins the King's House beside him."
        )

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:

        s = g.s
        king, queen = s.holder_of("king"), s.holder_of("queen")
        if king is None or queen is None or king.spouse != queen.id:
            return []
        if seat not in (king.seat, queen.seat) or _free_heir(s) is None:
            return []
        return [Option("announce the heir", None)]

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: Any) -> Flow:

        return _royal_heir(g, seat)


@COURT_EVENTS.add
class Maester(CourtWord):
    """A Maester settles in one of the player's Strongholds; a Village with a Maester is
    spared by Plague (FF-GAP-02: section 4.3.4 is missing)."""

    name = "maester"
    schema = Literal[True]
    when = ("cards",)

    def text(self, value: Any) -> str:
        return "Play in the card phase: a Maester settles in one of your Strongholds."

    def targets(self, g: FiefGame, seat: int, value: Any) -> list[Option]:
        s = g.s
        ids = s.cat.map.ids
        return [
            Option(f"maester at {ids[v]}", v)
            for v in s.controlled(seat)
            if s.villages[v].stronghold and not s.villages[v].maester
        ]

    def resolve(self, g: FiefGame, seat: int, card: str, value: Any, target: int) -> None:
        g.s.villages[target].maester = True
        g.emit("maester_placed", seat, at=g.s.cat.map.ids[target])


@COURT_EVENTS.add
class FreeTroopsWord(CourtWord):
    """Troops from the player's own stock, free, placed with one of his Nobles."""

    name = "free_troops"
    schema = FreeTroops
    when = ("cards",)

    def text(self, value: FreeTroops) -> str:
        return (
            f"Play in the card phase: place {troops_text(value.count, value.unit)} "
            "from your stock with one of your Nobles."
        )

    def targets(self, g: FiefGame, seat: int, value: FreeTroops) -> list[Option]:
        s = g.s
        unit = s.cat.unit_index[value.unit]
        if s.seats[seat].stock[unit] <= 0:
            return []
        ids = s.cat.map.ids
        spots = sorted({n.at for n in s.seat_nobles(seat)})
        return [Option(f"troops at {ids[v]}", v) for v in spots]

    def resolve(self, g: FiefGame, seat: int, card: str, value: FreeTroops, target: int) -> None:
        s = g.s
        unit = s.cat.unit_index[value.unit]
        count = min(value.count, s.seats[seat].stock[unit])
        s.seats[seat].stock[unit] -= count
        s.add_units(target, seat, unit, count)
        g.emit("units_placed", seat, at=s.cat.map.ids[target], unit=value.unit, count=count)


@COURT_EVENTS.model
class CourtEffect(_OneWord):
    """What a Court Event card does."""

    words: ClassVar[Vocabulary[Any]] = COURT_EVENTS


def card_word(name: str) -> CardWord:
    """The entry of a Fortune or Court Event word (the two vocabularies share no word)."""
    if name in FORTUNES:
        return FORTUNES[name]
    return COURT_EVENTS[name]


# --- printed text --------------------------------------------------------------


def describe(effect: _OneWord) -> str:
    """The printed rules text of one effect, in our own words (its word's entry)."""
    return effect.entry().text(effect.value)


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

"""A ruleset's text form: a seat's view, its events and its options in words.

Each ruleset's ``view.py`` subclasses :class:`TextForm` and names it on its
``Ruleset`` (``text_form``); a ruleset without one gets this generic form,
which shows the option labels and the events as data, so ``pnp play`` works
for a fourth ruleset from its first day.

Everything a text form shows a seat comes from that seat's view
(``game.view(seat)``, the view the bots decide from) and from the events the
seat may see: an event the table marks private (a card drawn) is told in
full to its own seat only and to the others without the card.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.decision import Decision, Option
from pnp.engine.event import Event
from pnp.engine.game import Game, Result
from pnp.play.screen import Block, Screen, esc, humanize, tint
from pnp.rulesets.ruleset import Ruleset

#: ``seat N`` in an option label
_SEAT = re.compile(r"\bseat (\d+)\b")


@dataclass(frozen=True)
class Words:
    """How one event kind is told: ``text`` to those who may see it all, ``hidden`` to
    the others (``None``: the event is public).

    The texts are :meth:`str.format` templates over the event's data; ``{seat}`` is
    the acting player, ``!p`` names a seat number as its player (``{target!p}``) and
    ``!t`` a list of one number per seat with their Houses (``{totals!t}``), ``!h`` a
    phase by its name in the form's :attr:`TextForm.phases` (``{phase!h}``), ``!n`` a
    count with 0 read as "no" (``{troops!n} troops``), ``!w`` a code in words from the
    form's :attr:`TextForm.words` (``{why!w}``). A count with a noun as its format
    counts that noun: ``{troops:troop}`` reads "1 troop", "3 troops", "no troops".
    ``private(event)`` says whether this event is private (default: whenever
    ``hidden`` is given); a facedown card is private only while it is facedown.
    ``also(event)`` names one more seat that reads ``text`` of a private event, by its
    number or its House (an Iron Throne hostage taken from a hand: the player it was
    taken from knows the card), or ``None``.
    """

    text: str
    hidden: str | None = None
    private: Callable[[Event], bool] | None = None
    #: the text for the kind's other shape of data, when ``text`` names a field the event
    #: has not (fief's uprising is aimed at a Village or at one Noble)
    other: str | None = None
    also: Callable[[Event], int | str | None] | None = None

    def is_private(self, event: Event) -> bool:
        """Whether only the event's own seat (and :attr:`also`'s) may read ``text``."""
        if self.hidden is None:
            return False
        return True if self.private is None else self.private(event)

    def reads(self, event: Event, seat: int | None, factions: Sequence[str] = ()) -> bool:
        """Whether ``seat`` (``None``: an onlooker who sees everything) reads ``text`` of
        ``event``: a public event, its own, or one :attr:`also` names ``seat`` for (by
        number, or by its House in ``factions``)."""
        if seat is None or seat == event.seat or not self.is_private(event):
            return True
        other = self.also(event) if self.also is not None else None
        if other is None:
            return False
        return other == seat or (0 <= seat < len(factions) and other == factions[seat])

    def told(self, event: Event, seat: int, factions: Sequence[str] = ()) -> tuple[Any, ...]:
        """What ``seat`` reads of ``event`` as plain data: its kind and the fields the
        words ``seat`` reads name (``text`` and ``other``, or ``hidden`` when the event
        is another seat's private one), so nothing the words keep from ``seat`` is in it
        (``factions``: the seats' Houses, for :attr:`also`).
        """
        if not self.reads(event, seat, factions):
            assert self.hidden is not None
            names = template_fields(self.hidden)
        else:
            names = template_fields(self.text) | template_fields(self.other or "")
        data = event.data
        return (
            event.kind,
            event.seat if "seat" in names else None,
            {k: data[k] for k in sorted(names) if k in data},
        )


def told(
    words: Mapping[str, Words | None], event: Event, seat: int, factions: Sequence[str] = ()
) -> tuple[Any, ...] | None:
    """What ``seat`` is told of ``event`` as plain data, by a ruleset's table of
    :class:`Words` (its ``view.py`` ``EVENTS``), as :meth:`TextForm.event` tells it in
    words: ``None`` for a kind not worth telling, everything for a kind the table lacks
    (``factions``: the seats' Houses, which :attr:`Words.also` may name a seat by)."""
    if event.kind not in words:
        return (event.kind, event.seat, dict(event.data))
    said = words[event.kind]
    return None if said is None else said.told(event, seat, factions)


@functools.cache
def template_fields(template: str) -> frozenset[str]:
    """The data fields a :class:`Words` template names (``{target!p}``, ``{cards[0]}``: target,
    cards)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            names.add(re.split(r"[.\[]", field, maxsplit=1)[0])
    return frozenset(names)


@dataclass(frozen=True)
class Help:
    """What ``?`` says about a decision: a few words and the rules reference section
    (``pnp rules RULESET --format md --out -`` shows the reference as text)."""

    text: str
    section: str


class _Formatter(string.Formatter):
    """Fills an event template: ids become names, ``!p`` makes a seat a player's name."""

    def __init__(self, form: TextForm) -> None:
        self.form = form

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        """``!p``, ``!t``, ``!h``, ``!n`` and ``!w`` (see :class:`Words`); the rest as usual."""
        if conversion == "t" and isinstance(value, (list, tuple)):  # a number per seat
            return "[p]" + ", ".join(f"{self.form.house(s)} {n}" for s, n in enumerate(value))
        if conversion == "n" and isinstance(value, int):  # a count: 0 reads "no"
            return "[p]" + (str(value) if value else "no")
        if conversion == "h" and isinstance(value, str):  # a phase, by the form's names
            return "[p]" + self.form.phases.get(value, value.replace("_", " "))
        if conversion == "w" and isinstance(value, str):  # a code, by the form's words
            return "[p]" + self.form.words.get(value, value.replace("_", " "))
        if conversion == "p":
            if isinstance(value, (list, tuple)):
                return "[p]" + " and ".join(self.form.player(v) for v in value)
            if value is None:
                return "[p]nobody"
            return "[p]" + (self.form.player(value) if isinstance(value, int) else str(value))
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        """A value in words: ids as names, lists joined, mappings as counts by name, a
        count with a noun (``{troops:troop}``) as so many of it, no value as "nothing"
        (an Iron Throne side that had no card to reveal)."""
        if value is None:
            return "nothing"
        if len(format_spec) > 1 and format_spec.isalpha() and type(value) is int:
            return f"{value or 'no'} {format_spec}{'' if value == 1 else 's'}"
        if isinstance(value, str):
            # a player's name is markup already ("[p]" marks it), anything else an id
            return value[3:] if value.startswith("[p]") else self.form.name(value)
        if isinstance(value, dict):  # a count by id, or by seat ("0": a seat's bid)
            return (
                ", ".join(
                    f"{self.form.house(int(k)) if str(k).isdigit() else self.form.name(str(k))} "
                    f"{self.format_field(v, '')}"
                    for k, v in value.items()
                )
                or "none"
            )
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, (list, tuple)):
            if not value:
                return "none"
            return ", ".join(self.form.name(v) if isinstance(v, str) else str(v) for v in value)
        return super().format_field(value, format_spec)


class TextForm:
    """The generic text form; a ruleset's ``view.py`` subclass fills in its own parts."""

    #: how each event kind is told; a kind missing here is told as data, one mapped to
    #: ``None`` is not told (bookkeeping nobody needs to read)
    EVENTS: Mapping[str, Words | None] = {}
    #: what ``?`` says per decision kind
    HELP: Mapping[str, Help] = {}
    #: option labels that are plain words, shown as written (a word in them that is also
    #: a content id, as fief's ``hand`` Title, would read as that id's name)
    PLAIN_LABELS: frozenset[str] = frozenset()
    #: the rules reference section for a decision kind ``HELP`` does not name
    DEFAULT_SECTION = "the whole reference"
    #: what the ruleset calls one of its rounds (The Iron Throne plays turns)
    ROUND = "round"

    def __init__(self, content: LoadedContent[Any], factions: Sequence[str]) -> None:
        self.content = content
        self.factions = tuple(factions)
        #: display names by content id (cards, Houses, places): a subclass fills them
        self.names: dict[str, str] = {}
        #: each House's colour (``#rrggbb``) by House id
        self.colours: dict[str, str] = {}
        #: phase names by the ids events give (``{phase!h}``)
        self.phases: dict[str, str] = {}
        #: codes events give (a reason) in words (``{why!w}``)
        self.words: dict[str, str] = {}
        self._formatter = _Formatter(self)

    # ------------------------------------------------------------------ names

    def name(self, ident: str) -> str:
        """The display name of a content id (the id itself, in words, when it has none:
        ``hear_ye`` reads ``hear ye``)."""
        return esc(humanize(ident, self.names).replace("_", " "))

    def house(self, seat: int) -> str:
        """Seat ``seat``'s House name, in its colour."""
        if not 0 <= seat < len(self.factions):
            return f"seat {seat}"
        house = self.factions[seat]
        name = self.names.get(house, house.title()).removeprefix("House ")
        return tint(name, self.colours.get(house, ""))

    def game_over(self, result: Result) -> str:
        """What follows "Game over", as markup (the winners in their colours):
        ``(solo victory, round 8): won by Stark (seat 0).``"""
        winners = ", ".join(self.player(w) for w in result.winners) or "nobody"
        ending = result.ending.replace("_", " ")
        return f"({ending}, {self.ROUND} {result.rounds}): won by {winners}."

    def player(self, seat: int | None) -> str:
        """``Stark (seat 0)``: how a player is named everywhere on screen."""
        if seat is None:
            return "everyone"
        return f"{self.house(seat)} (seat {seat})"

    # ------------------------------------------------------------------ the screen

    def screen(self, game: Game, seat: int | None) -> Screen:
        """What ``seat`` sees now (``None``: everything, as a replay shows it)."""
        views = {s: game.view(s) for s in range(game.players)}
        shown = views[0 if seat is None else seat]
        blocks = list(self.board(shown))
        for s in range(game.players) if seat is None else (seat,):
            blocks += self.own(views[s])
        return Screen(self.heading(shown), tuple(blocks))

    def heading(self, view: Any) -> str:
        """One line over the screen: round, phase, scores."""
        return ""

    def board(self, view: Any) -> list[Block]:
        """What every seat sees (the table, the map, the scores), from ``view``."""
        return []

    def own(self, view: Any) -> list[Block]:
        """What only ``view``'s seat sees (its hand)."""
        return []

    # ------------------------------------------------------------------ events

    def event(self, event: Event, seat: int | None) -> str | None:
        """``event`` in words as ``seat`` may read it (``None``: all of it), or ``None``
        when it is not worth telling."""
        if event.kind not in self.EVENTS:
            return self._as_data(event)
        words = self.EVENTS[event.kind]
        if words is None:
            return None
        text = words.text
        if not words.reads(event, seat, self.factions):
            assert words.hidden is not None
            text = words.hidden
        data = dict(event.data)
        data["seat"] = "[p]" + self.player(event.seat)
        for template in (text, words.other):
            if template is None:
                continue
            try:
                return self._formatter.format(template, **data)
            except (KeyError, IndexError, ValueError):  # data without a field it names
                continue
        return self._as_data(event)

    def _as_data(self, event: Event) -> str:
        who = f"{self.player(event.seat)}: " if event.seat is not None else ""
        what = event.kind.replace("_", " ")
        facts = ", ".join(
            f"{k.replace('_', ' ')} {self.name(v) if isinstance(v, str) else esc(v)}"
            for k, v in event.data.items()
        )
        return f"{who}{what}" + (f" ({facts})" if facts else "")

    # ------------------------------------------------------------------ the decision

    def option(self, decision: Decision, option: Option) -> str:
        """An option of ``decision`` in words (a subclass may add what the label lacks,
        from the label and the decision's kind: see :meth:`chosen`)."""
        return self.option_label(option.label)

    def chosen(self, seat: int, kind: str, label: str) -> str:
        """A choice made, in the words its option was shown in (``you chose take 2 of 3
        Men-at-Arms``, as the option read): :meth:`option` of a decision of ``kind``
        holding that option alone (an ``option`` reads the label and the decision's kind,
        never the data, which a record does not keep)."""
        option = Option(label)
        return self.option(Decision(seat, kind, (option,)), option)

    def option_label(self, label: str) -> str:
        """An option's label in words: ids become names, ``seat N`` a player."""
        if label in self.PLAIN_LABELS:
            return esc(label)
        text = esc(humanize(label, self.names))
        return _SEAT.sub(lambda m: self.player(int(m.group(1))), text)

    def ask(self, decision: Decision, view: Any) -> str:
        """The question a decision asks, in a few words (``view``: the deciding seat's)."""
        found = self.HELP.get(decision.kind)
        return found.text.split(".")[0] if found else decision.kind.replace("_", " ")

    def card_texts(self, view: Any, named: Sequence[str] = ()) -> list[tuple[str, str]]:
        """(name, rules text) of the cards ``view``'s seat can read now (its hand, the
        cards in play) and of the cards ``named`` (content ids the events on its screen
        name: :meth:`named_in`): what the ``c`` key prints. The generic form knows none."""
        return []

    def named_in(self, events: Iterable[Event], seat: int | None) -> list[str]:
        """The content ids (cards, places …) that ``events`` name as ``seat`` reads them
        (:func:`told`: a card another seat drew stays unnamed), once each, in order."""
        found: dict[str, None] = {}
        for event in events:
            item = (
                told(self.EVENTS, event, seat, self.factions)
                if seat is not None
                else (event.kind, event.seat, event.data)
            )
            if item is None:
                continue
            for value in item[2].values():
                for one in value if isinstance(value, (list, tuple)) else (value,):
                    if isinstance(one, str) and one in self.names:
                        found[one] = None
        return list(found)

    def explain(self, decision: Decision, view: Any = None) -> Help:
        """What ``?`` says about ``decision`` (``view``: the deciding seat's, for what the
        words depend on in this game, as its options)."""
        return self.HELP.get(
            decision.kind,
            Help(f"Choose one of the options ({decision.kind.replace('_', ' ')}).", "—"),
        )


def text_form_for(
    ruleset: Ruleset, content: LoadedContent[Any], factions: Sequence[str]
) -> TextForm:
    """``ruleset``'s own text form for a game of ``factions``, else the generic one."""
    factory = ruleset.text_form
    if factory is None:
        return TextForm(content, factions)
    form: TextForm = factory(content, factions)
    return form

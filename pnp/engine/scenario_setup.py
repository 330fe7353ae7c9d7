"""A scenario's ``setup:``: the shared pydantic base and its located errors.

Every ruleset's ``scenario.py`` describes the ``setup:`` mapping of its
scenario files as a pydantic model extending :class:`ScenarioSetup` (and
:class:`SeatSetup` for one entry of ``seats``), validates it with
:func:`validate_setup`, and reports what the model cannot see (an unknown
card id, a seat that does not exist) through :class:`Problems`. Every
problem is a :class:`~pnp.engine.errors.SetupError` located by its path in
the file (``("setup", "seats", 0, "hand", 1)``), all of them at once, so the
scenario runner can point at the file and line.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Generic, TypeVar

from pydantic import Field, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from pnp.content import explain_error
from pnp.content.model import ContentModel, Loc
from pnp.engine.errors import SetupError

T = TypeVar("T")


class SeatSetup(ContentModel):
    """One entry of ``seats``: a player's House and the card ids in the seat's zones.

    A ruleset extends it with its own zones and counters (gold, power, influence …).
    """

    #: the House (faction) the seat plays
    house: str
    #: the seat's draw deck, top card first (absent: the seat's ordinary deck)
    deck: list[str] | None = None


S = TypeVar("S", bound=SeatSetup)


class ScenarioSetup(ContentModel, Generic[S]):
    """The ``setup:`` mapping: how many players, and each seat (one entry per player).

    A ruleset extends it with where the game opens (a phase, a turn), forced
    dice or deck tops, and its options.
    """

    #: the number of players (absent: one per entry of ``seats``)
    players: int | None = Field(default=None, ge=1)
    seats: list[S] = Field(min_length=1)

    @property
    def player_count(self) -> int:
        """``players``, or the number of seats when it is absent."""
        return self.players if self.players is not None else len(self.seats)


class Problems:
    """Located problems of a setup, gathered so that all of them are reported at once."""

    def __init__(self, where: Loc = ("setup",)) -> None:
        self.where = where
        self.items: list[tuple[Loc, str]] = []

    def add(self, loc: Loc, message: str) -> None:
        """One problem at ``loc`` (relative to ``where``)."""
        self.items.append(((*self.where, *loc), message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def check(self) -> None:
        """Raise :class:`SetupError` with every problem found, if any."""
        if self.items:
            raise SetupError(problems=self.items)


def validate_setup(model: type[T] | Any, raw: Any, where: Loc = ("setup",)) -> T:
    """``raw`` validated as ``model`` (a pydantic model or an annotated union);
    a :class:`SetupError` with every problem located under ``where`` if it is not."""
    try:
        return TypeAdapter(model).validate_python(raw)
    except ValidationError as exc:
        raise SetupError(problems=located(exc, raw, where, model)) from None


def validate_fixture_cards(card_type: Any, cards: Sequence[Mapping[str, Any]]) -> list[Any]:
    """Validate a scenario's fixture ``cards`` with a ruleset's card type.

    ``card_type`` is a pydantic model or an annotated union (a discriminated
    union of card kinds). Returns the validated cards; raises
    :class:`SetupError` with every problem located as ``("cards", i, field…)``.
    """
    adapter = TypeAdapter(card_type)
    out: list[Any] = []
    problems: list[tuple[Loc, str]] = []
    for i, raw in enumerate(cards):
        try:
            out.append(adapter.validate_python(raw))
        except ValidationError as exc:
            problems.extend(located(exc, raw, ("cards", i), card_type))
    if problems:
        raise SetupError(problems=problems)
    return out


#: pydantic error types whose message a scenario author reads better in our words
_WHOLE = {"int_type", "int_parsing", "int_from_float"}


def check_fixture_ids(ids: Sequence[str], content_ids: Collection[str]) -> None:
    """Refuse fixture cards whose ``ids`` (by position in ``cards:``) repeat one another or
    an id of the content: the later card would silently stand in for the earlier one,
    and a setup naming it would get the other card. Raises :class:`SetupError`."""
    problems: list[tuple[Loc, str]] = []
    first: dict[str, int] = {}
    for i, cid in enumerate(ids):
        if cid in first:
            problems.append((("cards", i, "id"), f"{cid!r} is cards[{first[cid]}]'s id too"))
        elif cid in content_ids:
            problems.append(
                (
                    ("cards", i, "id"),
                    f"{cid!r} is already a content card: give the fixture an id of its own",
                )
            )
        first.setdefault(cid, i)
    if problems:
        raise SetupError(problems=problems)


def located(exc: ValidationError, raw: Any, where: Loc, model: Any = None) -> list[tuple[Loc, str]]:
    """Each error of ``exc`` as ``(loc, message)``, ``loc`` under ``where``.

    Given the ``model`` ``raw`` was validated as, the path and words are
    ``pnp validate``'s (:func:`pnp.content.explain_error`: "did you mean" for an
    unknown field, the known kinds for a bad tag). Either way the union members'
    tags pydantic adds to a path are dropped where they are not keys of the raw
    mapping, so the path is the one in the file.
    """
    out: list[tuple[Loc, str]] = []
    for err in exc.errors():
        kind = err["type"]
        if model is not None:
            path, message = explain_error(model, raw, err)
        else:
            path = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p))
            # pydantic puts the union member's tag first ('unit'); drop it when it is
            # not a key of the raw mapping
            if path and isinstance(raw, Mapping) and path[0] not in raw and len(path) > 1:
                path = path[1:]
            message = "unknown field" if kind == "extra_forbidden" else str(err["msg"])
            if kind == "missing":
                message = "required field is missing"
        # a few of pydantic's phrasings, in a scenario writer's words
        if kind in _WHOLE:
            message = f"expected a whole number, got {err['input']!r}"
        elif kind == "list_type":
            message = f"expected a list, got {err['input']!r}"
        elif kind == "greater_than_equal":
            message = f"must be at least {err.get('ctx', {}).get('ge')}, got {err['input']!r}"
        elif kind == "value_error" and model is None:  # a validator's words, unprefixed
            message = str(err.get("ctx", {}).get("error", err["msg"]))
        out.append(((*where, *path), message))
    return _one_per_field(out, exc)


def _one_per_field(found: list[tuple[Loc, str]], exc: ValidationError) -> list[tuple[Loc, str]]:
    """One problem per field: a value fitting no member of a union (``phase: challenge``
    against ``'setup' | RoundPhase``, ``duplicates: -1`` against a list or a number)
    gave one line per member, each only half the story. ``found`` holds one entry per
    error of ``exc``, in order."""
    groups: dict[Loc, list[tuple[str, ErrorDetails]]] = {}
    for (loc, message), err in zip(found, exc.errors(), strict=True):
        groups.setdefault(loc, []).append((message, err))
    out: list[tuple[Loc, str]] = []
    for loc, group in groups.items():
        messages = [message for message, _ in group]
        errors = [err for _, err in group]
        if len(group) == 1:
            out.append((loc, messages[0]))
        elif all(err["type"] == "literal_error" for err in errors):
            # several lists of choices: one list, one guess
            known = [
                choice
                for err in errors
                for choice in re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected")))
            ]
            got = str(errors[0]["input"])
            hint = difflib.get_close_matches(got, known, n=1)
            near = f" (did you mean {hint[0]!r}?)" if hint else ""
            out.append((loc, f"unknown value {got!r} (known: {', '.join(known)}){near}"))
        else:
            out.append((loc, "fits none of its forms: " + "; or ".join(dict.fromkeys(messages))))
    return out

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

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Generic, TypeVar

from pydantic import Field, TypeAdapter, ValidationError

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
        raise SetupError(problems=located(exc, raw, where)) from None


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
            problems.extend(located(exc, raw, ("cards", i)))
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


def located(exc: ValidationError, raw: Any, where: Loc) -> list[tuple[Loc, str]]:
    """Each error of ``exc`` as ``(loc, message)``, ``loc`` under ``where``.

    The union members' tags pydantic adds to a path are dropped where they
    are not keys of the raw mapping, so the path is the one in the file.
    """
    out: list[tuple[Loc, str]] = []
    for err in exc.errors():
        path = [p for p in err["loc"] if not (isinstance(p, str) and "[" in p)]
        # pydantic puts the union member's tag first ('unit'); drop it when it is
        # not a key of the raw mapping
        if path and isinstance(raw, Mapping) and path[0] not in raw and len(path) > 1:
            path = path[1:]
        kind = err["type"]
        if kind == "extra_forbidden":
            message = "unknown field"
        elif kind == "missing":
            message = "required field is missing"
        elif kind in _WHOLE:
            message = f"expected a whole number, got {err['input']!r}"
        elif kind == "list_type":
            message = f"expected a list, got {err['input']!r}"
        elif kind == "greater_than_equal":
            message = f"must be at least {err.get('ctx', {}).get('ge')}, got {err['input']!r}"
        elif kind == "value_error":  # a validator's own words, without pydantic's prefix
            message = str(err.get("ctx", {}).get("error", err["msg"]))
        else:
            message = err["msg"]
        out.append(((*where, *path), message))
    return out
